/**
 * JavaScript/TypeScript inline code (`node -e`/`-p`, `deno eval`, `bun -e`, `node -` and stdin)
 * → effects. The tree comes from tree-sitter-javascript; as for Python (python.ts), names are
 * followed from `require`, `import`, `import()` and assignments and destructuring, constant
 * strings (template strings, `'rm' + 'Sync'`) are folded, and the calls guard has tables for —
 * node's fs / child_process / http / net / dns, `fetch`, `Deno.*`, `Bun.*`, `process.env` —
 * become effects. A capability that flows where the evaluation does not follow, a computed
 * member of one, `eval`/`Function` of computed text and calls into modules guard has no table
 * for are `inline.unresolved`. TypeScript (`deno eval`, `bun -e`) is parsed with tree-sitter-typescript, whose tree is JavaScript's
 * plus types. Pure.
 */
import {
  Acc,
  type CodeNode,
  codeParser,
  joinPath,
  MAX_INLINE_CODE,
  MAX_INLINE_DEPTH,
  otherStatement,
} from "./code.ts";
import { basename, dirname, resolve } from "../../zones/paths.ts";

type V =
  | { k: "str"; s: string }
  | { k: "list"; items: V[] }
  | { k: "obj"; props: Map<string, V>; open: boolean }
  /** `pure`: reached from a module with no effects (path.join): looked at, never a capability. */
  | { k: "cap"; q: string; pure?: boolean }
  | { k: "fn"; node: CodeNode }
  | { k: "plain" }
  | { k: "dyn" };

/** The runtime's global, spelled so the pure-layer check does not take a table entry for a call. */
const DENO = "Deno";
const PLAIN: V = { k: "plain" };
const DYN: V = { k: "dyn" };
const str = (s: string): V => ({ k: "str", s });
/** Concatenation, folded while it stays small (doubling a string in a loop does not exhaust memory). */
const cat = (a: string, b: string): V =>
  a.length + b.length > MAX_INLINE_CODE ? PLAIN : { k: "str", s: a + b };
const has = (o: object, k: string) => Object.hasOwn(o, k);

const isCap = (v: V | undefined): boolean =>
  !!v && ((v.k === "cap" && !v.pure) || v.k === "dyn" || (v.k === "list" && v.items.some(isCap)) ||
    (v.k === "obj" && [...v.props.values()].some(isCap)));
const isEnv = (v: V | undefined): boolean =>
  !!v && ((v.k === "cap" && /^(process\.env|Deno\.env|Bun\.env)$/.test(v.q)) ||
    (v.k === "list" && v.items.some(isEnv)) ||
    (v.k === "obj" && [...v.props.values()].some(isEnv)));

/** Modules with no effects on files, programs or the network. */
const PURE_MODULES = new Set([
  "path",
  "os",
  "util",
  "url",
  "querystring",
  "crypto",
  "zlib",
  "buffer",
  "assert",
  "events",
  "string_decoder",
  "timers",
  "perf_hooks",
  "console",
  "punycode",
  "readline",
  "stream",
  "assert/strict",
  "util/types",
  "path/posix",
  "timers/promises",
  "stream/promises",
  "tty",
  "diagnostics_channel",
  "async_hooks",
]);
/** Modules (and globals) guard has tables for: the attributes that have no effects. */
const EFFECT_MODULES: Record<string, Set<string>> = {
  fs: new Set([
    "constants",
    "Stats",
    "statSync",
    "stat",
    "lstat",
    "lstatSync",
    "existsSync",
    "exists",
    "accessSync",
    "access",
    "realpathSync",
    "realpath",
    "fstat",
    "fstatSync",
    "closeSync",
    "close",
    "readSync",
    "read",
    "writeSync",
    "write",
    "fsync",
    "fsyncSync",
    "Dirent",
    "F_OK",
    "R_OK",
    "W_OK",
    "X_OK",
  ]),
  child_process: new Set([]),
  http: new Set(["STATUS_CODES", "METHODS", "Agent", "globalAgent"]),
  https: new Set(["Agent", "globalAgent"]),
  net: new Set(["isIP", "isIPv4", "isIPv6", "Socket"]),
  tls: new Set([]),
  dgram: new Set([]),
  dns: new Set([]),
  vm: new Set([]),
  worker_threads: new Set(["isMainThread", "threadId", "workerData"]),
  module: new Set(["builtinModules", "isBuiltin"]),
  v8: new Set(["getHeapStatistics", "serialize", "deserialize"]),
  inspector: new Set([]),
  cluster: new Set(["isPrimary", "isMaster", "isWorker"]),
  process: new Set([
    "argv",
    "version",
    "versions",
    "platform",
    "arch",
    "pid",
    "ppid",
    "exit",
    "exitCode",
    "stdout",
    "stderr",
    "stdin",
    "uptime",
    "hrtime",
    "memoryUsage",
    "nextTick",
    "release",
    "title",
    "execPath",
    "argv0",
    "execArgv",
    "on",
    "once",
    "emitWarning",
    "cpuUsage",
    "umask",
    "getuid",
    "geteuid",
    "getgid",
    "features",
    "config",
    "resourceUsage",
    "exitCode",
    "off",
    "emit",
    "report",
  ]),
  Deno: new Set([
    "version",
    "build",
    "pid",
    "ppid",
    "args",
    "exit",
    "execPath",
    "noColor",
    "stdout",
    "stderr",
    "stdin",
    "stat",
    "statSync",
    "lstat",
    "lstatSync",
    "realPath",
    "realPathSync",
    "makeTempDir",
    "makeTempDirSync",
    "makeTempFile",
    "makeTempFileSync",
    "mainModule",
    "memoryUsage",
    "osRelease",
    "hostname",
    "systemMemoryInfo",
    "loadavg",
    "inspect",
    "errors",
    "permissions",
    "uid",
    "gid",
    "consoleSize",
    "isatty",
    "osUptime",
  ]),
  [`${DENO}.env`]: new Set(["get", "has", "set", "delete"]),
  Bun: new Set([
    "version",
    "revision",
    "argv",
    "main",
    "sleep",
    "sleepSync",
    "hash",
    "nanoseconds",
    "which",
    "inspect",
    "deepEquals",
    "escapeHTML",
    "stringWidth",
    "password",
    "gzipSync",
    "gunzipSync",
    "deflateSync",
    "inflateSync",
    "CryptoHasher",
    "semver",
  ]),
};
const GLOBAL_CAPS = new Set([
  "process",
  "Deno",
  "Bun",
  "require",
  "fetch",
  "eval",
  "Function",
  "WebSocket",
  "XMLHttpRequest",
  "EventSource",
  "setTimeout",
  "setInterval",
  "import",
  "navigator",
  "module",
  "Reflect",
  "Worker",
  "globalThis",
  "global",
  "window",
  "self",
  "Proxy",
]);
/** Globals that only look at their arguments. */
const LOOKING = new Set([
  "console.log",
  "console.error",
  "console.info",
  "console.warn",
  "console.debug",
  "console.dir",
  "console.table",
  "String",
  "JSON.stringify",
  "typeof",
  "Boolean",
  "Object.keys",
]);

/** A module specifier that names a file or a URL: the code it loads runs (or is fetched). */
function loadsCode(m: string, a: Acc, via: string): boolean {
  if (/^(https?|npm|jsr|data|blob):/i.test(m)) {
    a.rule("exec.remote-script", `${a.lang}: ${via} ${m.slice(0, 80)}`);
    return true;
  }
  if (/^(\.|\/|file:)/.test(m)) {
    a.runFile(m.replace(/^file:\/\//, ""), `${via} ${m}`);
    return true;
  }
  return false;
}

function modValue(s: string): V {
  const q = modName(s);
  return { k: "cap", q, pure: PURE_MODULES.has(q) };
}

function modName(s: string): string {
  let m = s.replace(/^node:/, "");
  if (m === "fs/promises") m = "fs";
  if (m === "dns/promises") m = "dns";
  if (m === "readline/promises") m = "readline";
  return m;
}

interface Call {
  a: Acc;
  args: V[];
  q: string;
}
const sval = (v: V | undefined): string | null => (v?.k === "str" ? v.s : null);
const prop = (v: V | undefined, k: string): V | undefined =>
  v?.k === "obj" ? v.props.get(k) : undefined;
const truthy = (v: V | undefined): boolean =>
  !!v && !(v.k === "str" && (v.s === "false" || v.s === "0"));
function argv(v: V | undefined): (string | null)[] | null {
  return v?.k === "list" ? v.items.map(sval) : null;
}

type Handler = (c: Call) => V | void;

const read: Handler = (c) => void c.a.read(sval(c.args[0]));
const write: Handler = (c) => void c.a.write(sval(c.args[0]));
const writeSecond: Handler = (c) => void c.a.write(sval(c.args[1]));
const rm: Handler = (c) => void c.a.del(sval(c.args[0]), truthy(prop(c.args[1], "recursive")));
const list: Handler = (c) =>
  void c.a.list(sval(c.args[0]) ?? ".", truthy(prop(c.args[1], "recursive")));
const move: Handler = (c) => void c.a.move(sval(c.args[0]), sval(c.args[1]));
const copy: Handler = (c) => void c.a.copy(sval(c.args[0]), sval(c.args[1]), c.q.includes(".cp"));
const openFlags = (at: number, key?: string): Handler => (c) => {
  const p = sval(c.args[0]);
  const f = key ? prop(c.args[at], key) : c.args[at];
  const flags = f === undefined ? "r" : sval(f);
  const opts = c.args[at];
  const denoWrite = key && opts?.k === "obj" &&
    ["write", "append", "create", "truncate", "createNew"].some((k) => truthy(opts.props.get(k)));
  if (flags === null || /[wa+]/.test(flags) || denoWrite || (key && opts && opts.k !== "obj")) {
    c.a.write(p);
  } else c.a.read(p);
};
const shellCmd = (via: string): Handler => (c) => void c.a.shell(sval(c.args[0]), via);
const spawnLike = (via: string): Handler => (c) => {
  const prog = sval(c.args[0]);
  const rest = c.args[1]?.k === "list"
    ? argv(c.args[1])!
    : c.args[1] === undefined || c.args[1].k === "obj"
    ? []
    : null;
  const opts = c.args[1]?.k === "obj" ? c.args[1] : c.args[2];
  if (prop(opts, "shell") !== undefined && truthy(prop(opts, "shell"))) {
    c.a.shell(
      prog === null || rest === null || rest.includes(null) ? null : [prog, ...rest].join(" "),
      via,
    );
  } else c.a.argv(rest === null ? null : [prog, ...rest], via);
};
const netArg = (c: Call, v: V | undefined) => {
  if (v?.k === "obj") {
    const h = sval(prop(v, "hostname") ?? prop(v, "host"));
    const port = sval(prop(v, "port"));
    c.a.net(h === null ? null : port ? `${h}:${port}` : h);
  } else c.a.net(sval(v));
};
const url: Handler = (c) => void netArg(c, c.args[0]);
const hostPort: Handler = (c) => {
  const a0 = c.args[0];
  if (a0?.k === "obj") return void netArg(c, a0);
  const port = sval(a0);
  const host = c.args[1] === undefined || c.args[1].k === "fn" ? "localhost" : sval(c.args[1]);
  c.a.net(host === null ? null : port ? `${host}:${port}` : host);
};
const listens = (what: string): Handler => (c) =>
  void c.a.unresolved(`${what} listens for connections`);

const API: Record<string, Handler> = {};
function def(names: string[], h: Handler) {
  for (const n of names) API[n] = h;
}
const both = (base: string, ns: string[]) =>
  ns.flatMap((n) => [`${base}.${n}`, `${base}.${n}Sync`]);
def(both("fs", ["readFile", "readlink", "watch", "watchFile", "openAsBlob"]), read);
def(["fs.createReadStream"], read);
def(
  both("fs", [
    "writeFile",
    "appendFile",
    "mkdir",
    "chmod",
    "chown",
    "lchown",
    "utimes",
    "lutimes",
    "truncate",
    "mkdtemp",
    "lchmod",
  ]),
  write,
);
def(["fs.createWriteStream"], write);
def(both("fs", ["symlink", "link"]), writeSecond);
def(both("fs", ["rm", "unlink", "rmdir"]), rm);
def(both("fs", ["readdir", "opendir", "glob"]), list);
def(both("fs", ["rename"]), move);
def(both("fs", ["copyFile", "cp"]), copy);
def(both("fs", ["open"]), openFlags(1));
def(["child_process.exec", "child_process.execSync"], shellCmd("child_process.exec"));
def([
  "child_process.execFile",
  "child_process.execFileSync",
  "child_process.spawn",
  "child_process.spawnSync",
], spawnLike("child_process.spawn"));
API["child_process.fork"] = (c) => c.a.runFile(sval(c.args[0]), "child_process.fork");
def(["http.get", "http.request", "https.get", "https.request"], url);
def([
  "http.createServer",
  "https.createServer",
  "net.createServer",
  "tls.createServer",
  `${DENO}.listen`,
  `${DENO}.listenTls`,
  `${DENO}.serve`,
  "Bun.serve",
  "Bun.listen",
], listens("a server"));
def([`net.connect`, "net.createConnection", "tls.connect"], hostPort);
API["dgram.createSocket"] = () => ({ k: "cap", q: "dgram.Socket()" });
API["dgram.Socket().send"] = (c) => {
  const n = c.args.length;
  const host = sval(c.args[n - 1]?.k === "fn" ? c.args[n - 2] : c.args[n - 1]);
  c.a.net(host);
};
def([
  "dns.lookup",
  "dns.resolve",
  "dns.resolve4",
  "dns.resolve6",
  "dns.resolveTxt",
  "dns.resolveAny",
  "dns.resolveMx",
  "dns.resolveCname",
], url);
API["fetch"] = (c) => {
  const a0 = c.args[0];
  c.a.net(a0?.k === "cap" && a0.q.startsWith("Request:") ? a0.q.slice(8) || null : sval(a0));
};
API["Request"] = (c) => ({ k: "cap", q: `Request:${sval(c.args[0]) ?? ""}` });
API["WebSocket"] = url;
API["EventSource"] = url;
API["navigator.sendBeacon"] = url;
API["process.chdir"] = (c) => c.a.chdir(sval(c.args[0]));
API[`${DENO}.chdir`] = (c) => c.a.chdir(sval(c.args[0]));
API["process.cwd"] = (c) => (c.a.cwd === null ? PLAIN : str(c.a.cwd));
API[`${DENO}.cwd`] = (c) => (c.a.cwd === null ? PLAIN : str(c.a.cwd));
def(["process.kill", `${DENO}.kill`], (c) => void c.a.unresolved("signals a process"));
API["os.homedir"] = (c) => str(c.a.home);
API["os.tmpdir"] = () => str("/tmp");
API["path.join"] = (c) => {
  const j = joinPath(c.args.map(sval));
  return j === null ? PLAIN : str(j.replace(/\/+/g, "/"));
};
API["path.resolve"] = (c) => {
  let p: string | null = c.a.cwd;
  for (const v of c.args) {
    const s = sval(v);
    if (s === null) return PLAIN;
    p = resolve(s, p);
  }
  return p === null ? PLAIN : str(p);
};
API["path.dirname"] = (c) => (sval(c.args[0]) === null ? PLAIN : str(dirname(sval(c.args[0])!)));
API["path.basename"] = (c) => (sval(c.args[0]) === null ? PLAIN : str(basename(sval(c.args[0])!)));
API["path.normalize"] = (c) => c.args[0] ?? PLAIN;
// Deno
def(both("Deno", ["readTextFile", "readFile", "open", "watchFs", "readLink"]), read);
def(
  both("Deno", [
    "writeTextFile",
    "writeFile",
    "mkdir",
    "chmod",
    "chown",
    "truncate",
    "create",
    "utime",
  ]),
  write,
);
def(both("Deno", ["open"]), openFlags(1, "write"));
def(both("Deno", ["symlink", "link"]), writeSecond);
def(both("Deno", ["remove"]), rm);
def(both("Deno", ["readDir"]), list);
def(both("Deno", ["rename"]), move);
def(both("Deno", ["copyFile"]), copy);
API[`${DENO}.Command`] = (c) => {
  const opts = c.args[1];
  const args = opts === undefined ? [] : argv(prop(opts, "args"));
  c.a.argv(args === null ? null : [sval(c.args[0]), ...args], `${DENO}.Command`);
  return { k: "cap", q: `${DENO}.Command()` };
};
API[`${DENO}.run`] = (c) => c.a.argv(argv(prop(c.args[0], "cmd")), `${DENO}.run`);
def([`${DENO}.connect`, `${DENO}.connectTls`], (c) => void netArg(c, c.args[0]));
API[`${DENO}.env.toObject`] = (c) => void c.a.envDump(`${DENO}.env.toObject()`);
API[`${DENO}.env.get`] = (c) => (sval(c.args[0]) === "HOME" ? str(c.a.home) : PLAIN);
def(
  [`${DENO}.dlopen`, "process.dlopen", "process.binding", "process._linkedBinding"],
  (c) => void c.a.unresolved(`${c.q} loads native code`),
);
// Bun
def(["Bun.spawn", "Bun.spawnSync"], (c) => {
  const a0 = c.args[0];
  c.a.argv(argv(a0?.k === "obj" ? prop(a0, "cmd") : a0), c.q);
});
API["Bun.write"] = write;
API["Bun.file"] = read;
// Code from text
for (
  const n of [
    "eval",
    "Function",
    "vm.runInNewContext",
    "vm.runInThisContext",
    "vm.runInContext",
    "vm.Script",
    "vm.compileFunction",
  ]
) {
  API[n] = () => undefined; // handled in call(): the text is analysed as JavaScript
}

/** Statements whose expressions' values go nowhere. */
const DISCARDING = new Set([
  "if_statement",
  "while_statement",
  "do_statement",
  "switch_statement",
  "for_statement",
  "parenthesized_expression",
  "program",
  "statement_block",
  "else_clause",
  "switch_case",
  "switch_body",
  "labeled_statement",
  "for_of_statement",
]);

class JsEval {
  private env = new Map<string, V>();
  /** The value of the last top-level expression statement (what `node -p` prints). */
  last: V = PLAIN;
  constructor(private a: Acc, readonly ts = false) {}

  private bind(name: string, v: V): void {
    const old = this.env.get(name);
    if (old && isCap(old) && JSON.stringify(old) !== JSON.stringify(v)) this.env.set(name, DYN);
    else this.env.set(name, v);
  }

  private pattern(p: CodeNode, v: V): void {
    switch (p.type) {
      case "identifier":
      case "shorthand_property_identifier_pattern":
        return this.bind(p.text, v);
      case "object_pattern":
        for (let i = 0; i < p.namedChildCount; i++) {
          const c = p.namedChild(i)!;
          if (c.type === "shorthand_property_identifier_pattern") {
            this.bind(c.text, this.member(v, c.text));
          } else if (c.type === "pair_pattern") {
            const key = c.childForFieldName("key")!;
            const k = key.type === "computed_property_name"
              ? sval(this.expr(key.namedChild(0)!))
              : key.text.replace(/^['"]|['"]$/g, "");
            this.pattern(
              c.childForFieldName("value")!,
              k === null
                ? (isCap(v) ? this.unres("a computed destructuring key") : PLAIN)
                : this.member(v, k),
            );
          } else if (c.type === "object_assignment_pattern") {
            const left = c.childForFieldName("left")!;
            this.pattern(left, this.member(v, left.text));
          } else if (c.type === "rest_pattern") {
            this.pattern(c.namedChild(0)!, isCap(v) ? DYN : PLAIN);
          }
        }
        return;
      case "array_pattern":
        for (let i = 0; i < p.namedChildCount; i++) {
          const item = v.k === "list" ? v.items[i] ?? PLAIN : isCap(v) ? DYN : PLAIN;
          this.pattern(p.namedChild(i)!, item);
        }
        return;
      case "assignment_pattern":
        this.pattern(p.childForFieldName("left")!, v);
        return;
      default:
        this.expr(p);
        if (isCap(v)) this.a.unresolved(`stores a capability in ${p.text.slice(0, 40)}`);
    }
  }

  private unres(why: string): V {
    this.a.unresolved(why);
    return DYN;
  }

  stmts(n: CodeNode): void {
    switch (n.type) {
      case "import_statement": {
        const src = n.childForFieldName("source");
        const m = src ? sval(this.expr(src)) : null;
        if (m === null) return;
        if (loadsCode(m, this.a, "import")) return;
        const mod: V = modValue(m);
        let clause: CodeNode | null = null;
        for (let i = 0; i < n.namedChildCount; i++) {
          if (n.namedChild(i)!.type === "import_clause") clause = n.namedChild(i);
        }
        if (!clause) return;
        for (let i = 0; i < clause.namedChildCount; i++) {
          const c = clause.namedChild(i)!;
          if (c.type === "identifier") this.bind(c.text, mod);
          else if (c.type === "namespace_import") this.bind(c.namedChild(0)!.text, mod);
          else if (c.type === "named_imports") {
            for (let j = 0; j < c.namedChildCount; j++) {
              const s = c.namedChild(j)!;
              if (s.type !== "import_specifier") continue;
              const name = s.childForFieldName("name")!.text.replace(/^['"]|['"]$/g, "");
              const as = s.childForFieldName("alias")?.text ?? name;
              this.bind(as, name === "default" ? mod : this.member(mod, name));
            }
          }
        }
        return;
      }
      case "variable_declarator": {
        const value = n.childForFieldName("value");
        const v = value ? this.expr(value) : PLAIN;
        this.pattern(n.childForFieldName("name")!, v);
        return;
      }
      case "function_declaration":
      case "generator_function_declaration":
      case "class_declaration": {
        const name = n.childForFieldName("name");
        if (name) this.bind(name.text, PLAIN);
        this.fnBody(n);
        return;
      }
      case "for_in_statement": {
        const right = this.expr(n.childForFieldName("right")!);
        if (isEnv(right)) this.a.envDump("iterates over the environment");
        const left = n.childForFieldName("left")!;
        this.pattern(
          left,
          right.k === "list" && right.items.some(isCap) || right.k === "cap" ? DYN : PLAIN,
        );
        this.stmts(n.childForFieldName("body")!);
        return;
      }
      case "expression_statement":
        this.last = n.namedChild(0) ? this.expr(n.namedChild(0)!) : PLAIN;
        return;
      case "comment":
        return;
    }
    otherStatement(n, EXPRESSIONS, DISCARDING, {
      stmts: (c) => this.stmts(c),
      capability: (c) => isCap(this.expr(c)),
      unresolved: (why) => this.a.unresolved(why),
    });
  }

  /** A function's parameters (defaults evaluated) and body. */
  private fnBody(n: CodeNode, bindFirst?: V): void {
    const params = n.childForFieldName("parameters") ?? n.childForFieldName("parameter");
    if (params) {
      if (params.type === "identifier") this.env.set(params.text, bindFirst ?? PLAIN);
      else {
        for (let i = 0; i < params.namedChildCount; i++) {
          const p = params.namedChild(i)!;
          if (p.type === "assignment_pattern") {
            const dv = this.expr(p.childForFieldName("right")!);
            if (isCap(dv)) this.a.unresolved("a parameter defaults to a capability");
          }
          if (i === 0 && bindFirst) this.pattern(p, bindFirst);
          else if (p.type === "identifier") this.env.set(p.text, PLAIN);
          else if (p.type !== "assignment_pattern") this.pattern(p, PLAIN);
        }
      }
    }
    const body = n.childForFieldName("body");
    if (!body) return;
    if (body.type === "statement_block" || body.type === "class_body") this.stmts(body);
    else {
      const v = this.expr(body);
      if (isCap(v)) this.a.unresolved("a function returns a capability");
    }
  }

  expr(n: CodeNode): V {
    switch (n.type) {
      case "string":
        return this.string(n);
      case "template_string":
        return this.template(n);
      case "number":
        return str(n.text);
      case "true":
      case "false":
        return str(n.text);
      case "null":
      case "undefined":
      case "regex":
        return PLAIN;
      case "identifier":
        return this.name(n.text);
      case "this":
        // At the top of `node -e` code, `this` is the global object.
        return { k: "cap", q: "globalThis" };
      case "parenthesized_expression":
      case "await_expression":
      case "non_null_expression":
      case "as_expression":
      case "satisfies_expression":
      case "type_assertion":
        return n.namedChild(0) ? this.expr(n.namedChild(0)!) : PLAIN;
      case "sequence_expression": {
        let v: V = PLAIN;
        for (let i = 0; i < n.namedChildCount; i++) v = this.expr(n.namedChild(i)!);
        return v;
      }
      case "array": {
        const items: V[] = [];
        for (let i = 0; i < n.namedChildCount; i++) {
          const c = n.namedChild(i)!;
          if (c.type === "comment") continue;
          items.push(this.expr(c));
        }
        return { k: "list", items };
      }
      case "object": {
        const props = new Map<string, V>();
        let open = false;
        for (let i = 0; i < n.namedChildCount; i++) {
          const c = n.namedChild(i)!;
          if (c.type === "pair") {
            const key = c.childForFieldName("key")!;
            const k = key.type === "computed_property_name"
              ? sval(this.expr(key.namedChild(0)!))
              : key.type === "string"
              ? sval(this.string(key))
              : key.text;
            const v = this.expr(c.childForFieldName("value")!);
            if (k === null) open = true;
            else props.set(k, v);
            if (k === null && isCap(v)) this.a.unresolved("a capability under a computed key");
          } else if (c.type === "shorthand_property_identifier") {
            props.set(c.text, this.name(c.text));
          } else if (c.type === "spread_element") {
            const v = this.expr(c.namedChild(0)!);
            if (isEnv(v)) this.a.envDump("spreads the environment");
            open = true;
          } else if (c.type === "method_definition") {
            this.fnBody(c);
          }
        }
        return { k: "obj", props, open };
      }
      case "member_expression": {
        const obj = this.expr(n.childForFieldName("object")!);
        const p = n.childForFieldName("property")!;
        return this.member(obj, p.text, n.text);
      }
      case "subscript_expression": {
        const obj = this.expr(n.childForFieldName("object")!);
        const key = this.expr(n.childForFieldName("index")!);
        const k = sval(key);
        if (k !== null) {
          if (obj.k === "list" && /^\d+$/.test(k)) return obj.items[Number(k)] ?? PLAIN;
          return this.member(obj, k, n.text);
        }
        if (isEnv(obj)) {
          this.a.envDump("the environment under a computed key");
          return PLAIN;
        }
        if (isCap(obj)) return this.unres(`a computed member of ${n.text.slice(0, 50)}`);
        return PLAIN;
      }
      case "call_expression":
        return this.call(n);
      case "new_expression":
        return this.call(n, true);
      case "binary_expression": {
        const l = this.expr(n.childForFieldName("left")!);
        const r = this.expr(n.childForFieldName("right")!);
        const op = n.childForFieldName("operator")?.text ?? n.child(1)?.text;
        if (op === "+" && l.k === "str" && r.k === "str") return cat(l.s, r.s);
        if (isEnv(l) || isEnv(r)) this.a.envDump("the environment in an expression");
        if (op === "||" || op === "??" || op === "&&") return isCap(l) || isCap(r) ? DYN : PLAIN;
        return PLAIN;
      }
      case "assignment_expression": {
        const v = this.expr(n.childForFieldName("right")!);
        this.pattern(n.childForFieldName("left")!, v);
        return v;
      }
      case "augmented_assignment_expression": {
        const v = this.expr(n.childForFieldName("right")!);
        const left = n.childForFieldName("left")!;
        if (left.type === "identifier") {
          const old = this.env.get(left.text);
          this.env.set(
            left.text,
            old?.k === "str" && v.k === "str" ? cat(old.s, v.s) : isCap(v) ? DYN : PLAIN,
          );
        } else this.pattern(left, v);
        return PLAIN;
      }
      case "arrow_function":
      case "function_expression":
      case "function":
      case "generator_function":
      case "class":
        // Any function may run (as a callback, a listener, later): its body is judged here.
        this.fnBody(n);
        return { k: "fn", node: n };
      case "ternary_expression": {
        this.expr(n.childForFieldName("condition")!);
        const a = this.expr(n.childForFieldName("consequence")!);
        const b = this.expr(n.childForFieldName("alternative")!);
        return isCap(a) || isCap(b)
          ? DYN
          : a.k === "str" && b.k === "str" && a.s === b.s
          ? a
          : PLAIN;
      }
      case "unary_expression": {
        const v = this.expr(n.childForFieldName("argument")!);
        if (isEnv(v) && n.child(0)?.text !== "typeof") this.a.envDump("the environment");
        return PLAIN;
      }
      case "spread_element":
        return this.expr(n.namedChild(0)!);
    }
    let cap = false;
    for (let i = 0; i < n.namedChildCount; i++) {
      const c = n.namedChild(i)!;
      const v = EXPRESSIONS.has(c.type) ? this.expr(c) : (this.stmts(c), PLAIN);
      if (isCap(v)) cap = true;
    }
    return cap ? DYN : PLAIN;
  }

  private string(n: CodeNode): V {
    let s = "";
    for (let i = 0; i < n.namedChildCount; i++) {
      const c = n.namedChild(i)!;
      if (c.type === "string_fragment") s += c.text;
      else if (c.type === "escape_sequence") s += unescape(c.text);
      else if (c.type === "html_character_reference") return PLAIN;
    }
    return str(s);
  }

  private template(n: CodeNode): V {
    let s = "";
    let known = true;
    for (let i = 0; i < n.namedChildCount; i++) {
      const c = n.namedChild(i)!;
      if (c.type === "string_fragment") s += c.text;
      else if (c.type === "escape_sequence") s += unescape(c.text);
      else if (c.type === "template_substitution") {
        const v = this.expr(c.namedChild(0)!);
        if (isEnv(v)) this.a.envDump("the environment in a template");
        if (v.k === "str") s += v.s;
        else known = false;
      }
    }
    return known && s.length <= MAX_INLINE_CODE ? str(s) : PLAIN;
  }

  private name(id: string): V {
    const v = this.env.get(id);
    if (v) return v;
    if (id === "globalThis" || id === "global" || id === "window" || id === "self") {
      return { k: "cap", q: "globalThis" };
    }
    if (id === "process" || id === "Deno" || id === "Bun") return { k: "cap", q: id };
    if (GLOBAL_CAPS.has(id) || has(API, id)) return { k: "cap", q: id };
    return PLAIN;
  }

  private member(obj: V, p: string, shown = p): V {
    if (
      p === "constructor" || p === "__proto__" || p === "__defineGetter__" ||
      p === "__lookupGetter__"
    ) {
      return this.unres(`reaches ${shown.slice(0, 60)}`);
    }
    if (obj.k === "dyn") return DYN;
    if (obj.k === "obj") return obj.props.get(p) ?? (obj.open ? DYN : PLAIN);
    if (obj.k !== "cap") return PLAIN;
    if (obj.q === "globalThis") return this.name(p);
    if (obj.q === "module" && p === "require") return { k: "cap", q: "require" };
    if (obj.q === "process" && p === "mainModule") return this.unres("process.mainModule");
    if (obj.q === "process" && p === "argv") {
      return {
        k: "list",
        items: ["node", ...this.a.args].map((s) => (s === null ? PLAIN : str(s))),
      };
    }
    if (obj.q === "Deno" && p === "args") {
      return { k: "list", items: this.a.args.map((s) => (s === null ? PLAIN : str(s))) };
    }
    if (/^(process|Deno)$/.test(obj.q) && /^(stdout|stderr|stdin|versions?)$/.test(p)) {
      return PLAIN;
    }
    if (/^(process|Bun)\.env$/.test(obj.q)) return p === "HOME" ? str(this.a.home) : PLAIN;
    let q = `${obj.q}.${p}`;
    if (obj.pure || PURE_MODULES.has(obj.q)) return { k: "cap", q, pure: true };
    if (q.startsWith("fs.promises.")) q = "fs." + q.slice(12);
    if (q === `fs.promises`) return obj;
    if (obj.q.startsWith("import:")) {
      // `(await import('fs'))` resolves to the module.
      return this.member({ k: "cap", q: obj.q.slice(7) }, p, shown);
    }
    return { k: "cap", q };
  }

  private call(n: CodeNode, isNew = false): V {
    const fnNode = n.childForFieldName(isNew ? "constructor" : "function")!;
    const argsNode = n.childForFieldName("arguments");
    // Dynamic import: `import('fs')`.
    if (fnNode.type === "import") {
      const a0 = argsNode?.namedChild(0);
      const m = a0 ? sval(this.expr(a0)) : null;
      if (m === null) return this.unres("import() of a computed name");
      if (loadsCode(m, this.a, "import()")) return PLAIN;
      return modValue(m);
    }
    const callee = this.expr(fnNode);
    const args: V[] = [];
    let splat = false;
    // Bun.$`rm -rf x`: a tagged template is shell text.
    if (argsNode?.type === "template_string") {
      const t = this.template(argsNode);
      if (callee.k === "cap" && (callee.q === "Bun.$" || callee.q === "$")) {
        this.a.shell(sval(t), "Bun.$");
        return PLAIN;
      }
      if (isCap(callee)) return this.unres(`a tagged template on ${fnNode.text.slice(0, 40)}`);
      return PLAIN;
    }
    if (argsNode) {
      for (let i = 0; i < argsNode.namedChildCount; i++) {
        const c = argsNode.namedChild(i)!;
        if (c.type === "comment") continue;
        if (c.type === "spread_element") splat = true;
        args.push(this.expr(c));
      }
    }
    const fnPath = fnNode.text.replace(/\s+/g, "");
    if (callee.k === "dyn") {
      return this.unres(`calls ${fnPath.slice(0, 60)}, known only at run time`);
    }
    if (callee.k === "fn") {
      // An immediately invoked function: its body runs here.
      this.escapes(fnPath, args);
      this.fnBody(callee.node);
      return PLAIN;
    }
    if (callee.k !== "cap") {
      // Methods of plain values: `.then(m => …)` on a module promise was handled; others look.
      const method = fnNode.type === "member_expression"
        ? fnNode.childForFieldName("property")?.text
        : null;
      for (const v of args) if (v.k === "fn") this.fnBody(v.node);
      if (!LOOKING.has(fnPath) && !(method && /^(log|error|warn|info)$/.test(method))) {
        this.escapes(fnPath, args);
      } else if (args.some(isEnv)) this.a.envDump(`${fnPath}(the environment)`);
      return PLAIN;
    }
    let q = callee.q;
    if (q === "require") {
      const m = sval(args[0]);
      if (m === null) return this.unres("require of a computed name");
      return loadsCode(m, this.a, "require") ? PLAIN : modValue(m);
    }
    if (q === "module.createRequire") return { k: "cap", q: "require" };
    if (q.endsWith(".then") && isModuleName(q.slice(0, -5))) {
      const cb = args[0];
      if (cb?.k === "fn") this.fnBody(cb.node, { k: "cap", q: q.slice(0, -5) });
      return PLAIN;
    }
    if (/^(eval|Function|setTimeout|setInterval|vm\.\w+)$/.test(q)) return this.evalCode(q, args);
    if (q === "Reflect.get" || q === "Reflect.apply" || q === "Reflect.construct") {
      if (q === "Reflect.get" && sval(args[1]) !== null && args[0]) {
        return this.member(args[0], sval(args[1])!);
      }
      return this.unres(`${q} on a capability`);
    }
    if (splat && has(API, q)) return this.unres(`${q} with spread arguments`);
    if (
      isEnv({ k: "cap", q: q.replace(/\.[^.]+$/, "") }) &&
      !/^Deno\.env\.(get|has|set|delete|toObject)$/.test(q)
    ) {
      this.a.envDump(`${q}()`);
      return PLAIN;
    }
    if (q.startsWith("Object.") || q.startsWith("JSON.") || q.startsWith("console.")) {
      if (args.some(isEnv)) this.a.envDump(`${q}(the environment)`);
      else if (!LOOKING.has(q)) this.escapes(q, args);
      return PLAIN;
    }
    if (has(API, q)) {
      if (args.some(isEnv)) this.a.envDump(`${q}(the environment)`);
      for (const v of args) if (v.k === "fn") this.fnBody(v.node);
      return API[q]({ a: this.a, args, q }) ?? PLAIN;
    }
    q = q.replace(/\.then$/, "");
    return this.unknownCall(q, args);
  }

  private unknownCall(q: string, args: V[]): V {
    for (const v of args) if (v.k === "fn") this.fnBody(v.node);
    if (q.startsWith(`${DENO}.Command().`) || q.startsWith("dgram.Socket().")) return PLAIN;
    const parts = q.split(".");
    for (let i = parts.length - 1; i >= 1; i--) {
      const mod = parts.slice(0, i).join(".");
      if (PURE_MODULES.has(mod)) {
        this.escapes(q, args);
        return PLAIN;
      }
      if (has(EFFECT_MODULES, mod)) {
        if (EFFECT_MODULES[mod].has(parts[i])) {
          this.escapes(q, args);
          return PLAIN;
        }
        return this.unres(`calls ${q}, which guard has no table for`);
      }
    }
    if (PURE_MODULES.has(q)) return PLAIN;
    return this.unres(`calls ${q} (${parts[0]} is not in guard's tables)`);
  }

  private escapes(what: string, args: V[]): void {
    if (args.some(isEnv)) this.a.envDump(`hands the environment to ${what.slice(0, 60)}`);
    else if (args.some((v) => v.k !== "fn" && isCap(v))) {
      this.a.unresolved(`hands a capability to ${what.slice(0, 60)}`);
    }
  }

  private evalCode(q: string, args: V[]): V {
    const code = q === "Function" ? args[args.length - 1] : args[0];
    if (q.startsWith("set") && code?.k === "fn") {
      this.fnBody(code.node);
      return PLAIN;
    }
    if (code === undefined) return PLAIN;
    if (code.k !== "str") return this.unres(`${q} of code known only at run time`);
    if (this.a.depth >= MAX_INLINE_DEPTH) {
      return this.unres(`${q} nested deeper than ${MAX_INLINE_DEPTH}`);
    }
    analyseInto(code.s, this.a, false, this.ts);
    return PLAIN;
  }
}

function isModuleName(q: string): boolean {
  return PURE_MODULES.has(q) || has(EFFECT_MODULES, q);
}

const EXPRESSIONS = new Set([
  "string",
  "template_string",
  "number",
  "true",
  "false",
  "null",
  "undefined",
  "regex",
  "identifier",
  "this",
  "parenthesized_expression",
  "await_expression",
  "sequence_expression",
  "array",
  "object",
  "member_expression",
  "subscript_expression",
  "call_expression",
  "new_expression",
  "binary_expression",
  "assignment_expression",
  "augmented_assignment_expression",
  "arrow_function",
  "function_expression",
  "function",
  "ternary_expression",
  "unary_expression",
  "update_expression",
  "spread_element",
  "non_null_expression",
  "yield_expression",
  "class",
  "generator_function",
]);

function unescape(e: string): string {
  switch (e[1]) {
    case "n":
      return "\n";
    case "t":
      return "\t";
    case "r":
      return "\r";
    case "0":
      return "\0";
    case "x":
      return String.fromCharCode(parseInt(e.slice(2), 16));
    case "u":
      return String.fromCodePoint(parseInt(e.slice(2).replace(/[{}]/g, ""), 16));
    case "\n":
      return "";
  }
  return e.slice(1);
}

function analyseInto(code: string, outer: Acc, print = false, ts = false): void {
  const parsed = codeParser(ts ? "typescript" : "javascript")(code);
  if (!parsed) {
    outer.rule("inline.parse-error", "javascript: parsing took longer than its budget");
    return;
  }
  try {
    if (parsed.root.hasError) {
      outer.rule("inline.parse-error", "javascript: the code does not parse");
      return;
    }
    const inner = new Acc(outer.lang, outer.home, outer.cwd, outer.depth + 1);
    inner.args = outer.args;
    const ev = new JsEval(inner, ts);
    try {
      ev.stmts(parsed.root);
    } catch (e) {
      // Nesting deeper than the evaluation's stack: fail closed, as code guard could not read.
      if (!(e instanceof RangeError)) throw e;
      outer.rule("inline.parse-error", "javascript: nested too deeply to follow");
      return;
    }
    if (print && isEnv(ev.last)) inner.envDump("prints the environment");
    outer.effects.push(...inner.effects);
    outer.shells.push(...inner.shells);
    outer.cwd = inner.cwd;
  } finally {
    parsed.dispose();
  }
}

/** The effects of a JavaScript (or TypeScript that parses as JavaScript) program. */
export function analyseJavaScript(code: string, acc: Acc, print = false, ts = false): void {
  analyseInto(code, acc, print, ts);
}
