/**
 * Turns a shell command into the list of simple commands ("units") that would
 * run, each with resolved words, its working directory and where it came from.
 *
 * Sequencing is respected so `cd` changes what relative targets mean; nested
 * scripts are analysed recursively: command and process substitutions,
 * `bash|sh|zsh -c`, `eval`, heredocs and here-strings fed to shells, static
 * text piped into a shell, wrappers (sudo, env, nice, timeout, xargs,
 * find -exec, ssh host cmd, …). Findings that depend on structure (pipes into
 * shells, fork bombs, dynamic scripts) are raised here; per-command rules are
 * in `shell_checks.ts`.
 */
import type { Redir, Stmt, Word } from "./parse/ir.ts";
import type { ShellParser } from "./parse/parser.ts";
import { decodeAnsiC } from "./parse/quoting.ts";
import {
  DECODERS,
  INTERPRETERS,
  NETWORK_CLIENTS,
  SHELL_ARG_OPTS,
  SHELLS,
  STDIN_SCHEDULERS,
  TMUX_ARG_OPTS,
  TMUX_SHELL_SUBCOMMANDS,
  WRAPPERS,
  type WrapperSpec,
} from "./commands.ts";
import { expandParallel, MAX_COMBOS, PARALLEL_ARG_VAR } from "./parallel.ts";
import { basename, resolve, trimSlashes } from "../zones/paths.ts";
import { ruleFinding } from "../core/rules.ts";
import type { Finding, Limits } from "../core/types.ts";
import {
  type BraceExpand,
  cloneState,
  DOTGLOB_VAR,
  GLOB_VAR,
  literalWord,
  OLDPWD_VAR,
  resolveWord,
  type RWord,
  type ShellState,
  splitIfs,
  UNKNOWN,
  unknownWord,
} from "./words.ts";

export type { RRedir, Stdin, Unit } from "./unit.ts";
import type { RRedir, Stdin, Unit } from "./unit.ts";
import { inlineProgram, readsProgramFromStdin } from "./inline/inline.ts";

type UnitFields = Omit<Unit, "id" | "text" | "name" | "safe">;

/** A unit; its text is rendered on first use (most units never need it). */
class UnitRecord implements Unit {
  readonly name: string;
  argv: RWord[];
  assigns: { name: string; value: RWord | null }[];
  redirs: RRedir[];
  cwd: string | null;
  origin: string;
  parent: number | null;
  covered: boolean;
  transparent: boolean;
  rawText: string;
  stdin: Stdin | null;
  subst: boolean;
  depth: number;
  safe: string | null | undefined = undefined;
  runsFile: Unit["runsFile"] = null;
  effects: Unit["effects"] = undefined;
  private rendered: string | null = null;
  constructor(readonly id: number, u: UnitFields) {
    this.argv = u.argv;
    this.assigns = u.assigns;
    this.redirs = u.redirs;
    this.cwd = u.cwd;
    this.origin = u.origin;
    this.parent = u.parent;
    this.covered = u.covered;
    this.transparent = u.transparent;
    this.rawText = u.rawText;
    this.stdin = u.stdin;
    this.subst = u.subst;
    this.depth = u.depth;
    const a0 = u.argv[0];
    this.name = a0 && !a0.dynamic ? basename(a0.value) : "";
  }
  get text(): string {
    return (this.rendered ??= renderText(this.argv, this.redirs));
  }
}

export interface AnalysisEnv {
  home: string;
  parser: ShellParser;
  brace: BraceExpand | null;
  limits: Limits;
}

interface Ctx {
  origin: string;
  depth: number;
  parent: number | null;
  covered: boolean;
  stdin: Stdin | null;
}

/** Tokens echo/printf produce when their arguments are static. */
function staticEcho(words: RWord[]): string | null {
  const name = basename(words[0]?.value ?? "");
  if (name !== "echo" && name !== "printf") return null;
  if (words.some((w) => w.dynamic)) return null;
  let args = words.slice(1).map((w) => w.value);
  if (name === "printf") return staticPrintf(args);
  let escapes = false;
  while (args.length && /^-[neE]+$/.test(args[0])) {
    if (args[0].includes("e")) escapes = true;
    args = args.slice(1);
  }
  const text = args.join(" ");
  return escapes ? decodeAnsiC(text) : text;
}

/**
 * What `printf FORMAT ARGS…` prints, when it only uses %s, %b, %c and %%: the
 * format is reused while arguments remain, as printf does. Any other conversion
 * (or `-v`) makes the output unknown (null), never a guess.
 */
export function staticPrintf(args: string[]): string | null {
  if (args[0] === "--") args = args.slice(1);
  if (!args.length || args[0].startsWith("-")) return null;
  const fmt = args[0];
  const rest = args.slice(1);
  let out = "";
  let i = 0;
  let rounds = 0;
  do {
    let lit = "";
    for (let k = 0; k < fmt.length; k++) {
      const c = fmt[k];
      if (c !== "%") {
        lit += c;
        continue;
      }
      const n = fmt[k + 1];
      k++;
      if (n === "%") {
        lit += "%";
        continue;
      }
      out += decodeAnsiC(lit);
      lit = "";
      const a = rest[i++] ?? "";
      if (n === "s") out += a;
      else if (n === "b") out += decodeAnsiC(a);
      else if (n === "c") out += a.slice(0, 1);
      else return null;
    }
    out += decodeAnsiC(lit);
  } while (i < rest.length && fmt.includes("%") && ++rounds < 1000);
  return out;
}

function stmtCommandNames(s: Stmt, out: string[]): void {
  switch (s.k) {
    case "simple":
      if (s.words[0]) {
        out.push(basename(s.words[0].parts.map((p) => (p.t === "lit" ? p.v : "$")).join("")));
      }
      break;
    case "pipeline":
      s.stages.forEach((x) => stmtCommandNames(x, out));
      break;
    case "list":
      s.items.forEach((x) => stmtCommandNames(x, out));
      break;
    case "subshell":
    case "group":
    case "negate":
      stmtCommandNames(s.body, out);
      break;
    case "compound":
      s.bodies.forEach((x) => stmtCommandNames(x, out));
      break;
    default:
      break;
  }
}

export class ShellAnalyzer {
  readonly units: Unit[] = [];
  readonly findings: Finding[] = [];
  readonly parseErrors: string[] = [];
  parserUsed: "fast" | "tree-sitter" | "none" = "none";
  private readonly funcs = new Map<string, Stmt>();
  private readonly seen = new Set<string>();
  private stopped = false;
  /** Concrete GNU parallel lines left for this analysis (nested parallels share them). */
  private parallelLines = 4 * MAX_COMBOS;

  constructor(private readonly env: AnalysisEnv) {}

  private readonly ruleUnits = new Set<string>();

  hasFinding(ruleId: string, unit: number | undefined): boolean {
    return this.ruleUnits.has(`${ruleId}\u0001${unit ?? ""}`);
  }

  find(ruleId: string, unit: number | undefined, detail?: string): void {
    this.ruleUnits.add(`${ruleId}\u0001${unit ?? ""}`);
    const key = `${ruleId}\u0001${unit ?? ""}\u0001${detail ?? ""}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(ruleFinding(ruleId, unit, detail));
  }

  /** Parses and walks a script. Throws NeedFullParser / NeedCapability upward. */
  script(source: string, st: ShellState, c: Ctx): void {
    if (this.stopped) return;
    if (c.depth > this.env.limits.maxScriptDepth) {
      this.find("input.nesting-too-deep", c.parent ?? undefined, `depth ${c.depth}`);
      return;
    }
    if (source.length > this.env.limits.maxCommandLength) {
      this.find("input.command-too-long", c.parent ?? undefined, `${source.length} characters`);
      return;
    }
    // More separators than commands guard analyses: refused before either parser runs, so both
    // decide it the same way (and tree-sitter never sees tens of thousands of list items).
    if (separators(source) > MAX_SEPARATORS) {
      this.find(
        "input.too-many-commands",
        c.parent ?? undefined,
        `more than ${MAX_SEPARATORS} separators`,
      );
      return;
    }
    const parsed = this.env.parser.parse(source);
    if (this.parserUsed !== "tree-sitter") this.parserUsed = parsed.parser;
    if (parsed.limit) {
      this.parseErrors.push(...parsed.errors);
      this.find(
        parsed.limit === "nesting" ? "input.nesting-too-deep" : "input.too-complex",
        c.parent ?? undefined,
        parsed.errors[0],
      );
      return;
    }
    if (parsed.errors.length) {
      this.parseErrors.push(...parsed.errors);
      this.find("shell.parse-error", c.parent ?? undefined, parsed.errors[0]);
    }
    this.stmt(parsed.body, st, c);
  }

  private stmt(s: Stmt, st: ShellState, c: Ctx): void {
    if (this.stopped) return;
    switch (s.k) {
      case "simple":
        this.simple(s, st, c);
        break;
      case "list":
        for (const it of s.items) this.stmt(it, st, c);
        break;
      case "pipeline":
        s.stages.forEach((stage, i) => {
          // The stages before this one, computed only if someone looks (a shell or xargs at the
          // end of the pipe): copying them for every stage is quadratic in long pipelines.
          const stages = s.stages;
          const stdin: Stdin | null = i === 0 ? c.stdin : {
            kind: "pipe",
            get from() {
              return stages.slice(0, i);
            },
          };
          this.stmt(stage, cloneState(st), { ...c, stdin });
        });
        break;
      case "subshell": {
        const inner = cloneState(st);
        const stdin = this.redirStdin(s.redirs, inner, c) ?? c.stdin;
        this.redirUnit(s.redirs, inner, c, "( … )");
        this.stmt(s.body, inner, { ...c, stdin });
        break;
      }
      case "group": {
        const stdin = this.redirStdin(s.redirs, st, c) ?? c.stdin;
        this.redirUnit(s.redirs, st, c, "{ … }");
        this.stmt(s.body, st, { ...c, stdin });
        break;
      }
      case "compound": {
        const inner = cloneState(st);
        for (const [k] of inner.vars) if (k !== "HOME") inner.vars.set(k, null);
        const stdin = this.redirStdin(s.redirs, inner, c) ?? c.stdin;
        const values = s.words.map((w) => this.resolve(w, inner, c));
        this.redirUnit(s.redirs, inner, c, s.what);
        // `for x in a b c`: with few static values, analyse the body once per value.
        const iter = s.loopVar && values.length > 0 && !values.some((v) => v.dynamic || v.glob)
          ? values.flatMap((v) => v.values)
          : [];
        // `for f in DIR/*`: each value is one of the glob's matches (the pattern stands for it).
        const globIter = s.loopVar && iter.length === 0 && values.length > 0 &&
          values.length <= 8 &&
          !values.some((v) => v.dynamic);
        if (globIter) {
          for (const v of values.flatMap((x) => x.values)) {
            const it = cloneState(inner);
            it.vars.set(s.loopVar!, v);
            it.vars.set(GLOB_VAR + s.loopVar, "1");
            for (const b of s.bodies) this.stmt(b, it, { ...c, stdin });
            if (it.cwd !== inner.cwd) inner.cwd = null;
          }
        } else if (s.loopVar && iter.length > 0 && iter.length <= 8) {
          for (const v of iter) {
            const it = cloneState(inner);
            it.vars.set(s.loopVar, v);
            for (const b of s.bodies) this.stmt(b, it, { ...c, stdin });
            if (it.cwd !== inner.cwd) inner.cwd = null;
          }
        } else {
          if (s.loopVar) inner.vars.set(s.loopVar, null);
          for (const b of s.bodies) this.stmt(b, inner, { ...c, stdin });
        }
        if (inner.cwd !== st.cwd) st.cwd = null;
        for (const [k, v] of inner.vars) if (st.vars.get(k) !== v) st.vars.set(k, null);
        break;
      }
      case "func": {
        this.funcs.set(s.name, s.body);
        if (this.callsItselfConcurrently(s.name, s.body)) {
          this.find("proc.fork-bomb", c.parent ?? undefined, s.raw.slice(0, 60));
        }
        this.stmt(s.body, cloneState(st), { ...c, origin: `function ${s.name}` });
        break;
      }
      case "negate":
        this.stmt(s.body, st, c);
        break;
      case "error":
        if (!this.parseErrors.length) {
          this.parseErrors.push(s.reason);
          this.find("shell.parse-error", c.parent ?? undefined, s.reason);
        }
        break;
    }
  }

  /** Does a function body call itself in a pipeline or in the background? */
  private callsItselfConcurrently(name: string, body: Stmt): boolean {
    let hit = false;
    const visit = (s: Stmt, concurrent: boolean) => {
      if (hit) return;
      switch (s.k) {
        case "simple": {
          const w = s.words[0];
          const v = w?.parts.map((p) => (p.t === "lit" ? p.v : "")).join("");
          if (concurrent && v === name) hit = true;
          break;
        }
        case "pipeline":
          s.stages.forEach((x) => visit(x, true));
          break;
        case "list":
          s.items.forEach((x) => visit(x, concurrent));
          break;
        case "subshell":
          visit(s.body, concurrent || s.background);
          break;
        case "group":
        case "negate":
          visit(s.body, concurrent);
          break;
        case "compound":
          s.bodies.forEach((x) => visit(x, concurrent));
          break;
        default:
          break;
      }
    };
    visit(body, false);
    return hit;
  }

  /** Resolves a word and analyses every script nested in it. */
  private resolve(w: Word, st: ShellState, c: Ctx): RWord {
    for (const p of w.parts) {
      const sub = { ...c, origin: "", parent: c.parent, covered: false, stdin: null };
      if (p.t === "cmd") this.stmt(p.body, cloneState(st), { ...sub, origin: "$(…)" });
      else if (p.t === "proc") this.stmt(p.body, cloneState(st), { ...sub, origin: p.dir + "(…)" });
      else if (p.t === "param" || p.t === "arith") {
        for (const b of p.subs) this.stmt(b, cloneState(st), { ...sub, origin: "$(…)" });
      }
    }
    const r = resolveWord(w, st, this.env.home, this.env.brace, this.env.limits.maxBraceExpansions);
    // $(echo rm) / `printf rm`: a substitution of static echo text is that text.
    if (r.dynamic && w.parts.length === 1 && w.parts[0].t === "cmd") {
      const body = w.parts[0].body;
      if (body.k === "simple" && body.words.length && !body.redirs.length) {
        const words = body.words.map((x) =>
          resolveWord(x, st, this.env.home, this.env.brace, this.env.limits.maxBraceExpansions)
        );
        const t = staticEcho(words);
        if (t !== null && !w.parts[0].q) {
          const v = t.trim();
          return { ...r, value: v, values: [v], dynamic: false };
        }
      }
    }
    return r;
  }

  private resolveRedirs(redirs: Redir[], st: ShellState, c: Ctx): RRedir[] {
    return redirs.map((r) => ({
      op: r.op,
      fd: r.fd,
      target: r.target ? this.resolve(r.target, st, c) : null,
      heredoc: r.heredoc ? this.resolve(r.heredoc.body, st, c) : null,
    }));
  }

  /** Standard input provided by redirections, if any. */
  private redirStdin(redirs: Redir[], st: ShellState, c: Ctx): Stdin | null {
    let stdin: Stdin | null = null;
    for (const r of redirs) {
      if (r.fd !== null && r.fd !== "0") continue;
      if ((r.op === "<<" || r.op === "<<-") && r.heredoc) {
        const body = resolveWord(r.heredoc.body, st, this.env.home, this.env.brace, 64);
        stdin = body.dynamic
          ? { kind: "dynamic", via: "heredoc" }
          : { kind: "text", text: body.value, via: "heredoc" };
      } else if (r.op === "<<<" && r.target) {
        const w = resolveWord(r.target, st, this.env.home, this.env.brace, 64);
        stdin = w.dynamic
          ? { kind: "dynamic", via: "here-string" }
          : { kind: "text", text: w.value + "\n", via: "here-string" };
      } else if (r.op === "<" && r.target) {
        stdin = {
          kind: "file",
          target: resolveWord(r.target, st, this.env.home, this.env.brace, 64),
        };
      }
    }
    void c;
    return stdin;
  }

  /** Redirections on compound statements become a pseudo-unit so write rules see them. */
  private redirUnit(redirs: Redir[], st: ShellState, c: Ctx, label: string): void {
    if (!redirs.length) return;
    const rr = this.resolveRedirs(redirs, st, c);
    this.addUnit({
      argv: [],
      assigns: [],
      redirs: rr,
      cwd: st.cwd,
      origin: c.origin || label,
      parent: c.parent,
      covered: c.covered,
      transparent: true,
      rawText: "",
      stdin: null,
      subst: false,
      depth: c.depth,
    });
  }

  private addUnit(u: UnitFields): Unit {
    if (this.units.length >= this.env.limits.maxUnits) {
      if (!this.stopped) {
        this.stopped = true;
        this.find("input.too-many-commands", undefined, `more than ${this.env.limits.maxUnits}`);
      }
      // Keep analysing nothing further; return a detached unit.
      return new UnitRecord(-1, u);
    }
    const unit = new UnitRecord(this.units.length, u);
    this.units.push(unit);
    return unit;
  }

  private simple(s: Extract<Stmt, { k: "simple" }>, st: ShellState, c: Ctx): void {
    const assigns = s.assigns.map((a) => ({
      name: a.name,
      value: a.value ? this.resolve(a.value, st, c) : null,
    }));
    const argv = splitIfs(s.words.map((w) => this.resolve(w, st, c)));
    const redirs = this.resolveRedirs(s.redirs, st, c);
    const stdin = this.redirStdin(s.redirs, st, c) ?? c.stdin;
    const subst = [...argv, ...assigns.map((a) => a.value), ...redirs.map((r) => r.target)]
      .some((w) => w?.subst) || redirs.some((r) => r.heredoc?.subst);
    const u = this.addUnit({
      argv,
      assigns,
      redirs,
      cwd: st.cwd,
      origin: c.origin,
      parent: c.parent,
      covered: c.covered,
      transparent: argv.length === 0,
      rawText: s.raw,
      stdin,
      subst,
      depth: c.depth,
    });
    if (u.id < 0) return;
    if (argv.length === 0) {
      for (const a of assigns) {
        st.vars.set(a.name, a.value && !a.value.dynamic ? a.value.value : null);
      }
      return;
    }
    this.expand(u, st, c);
    this.trackShellState(u, st);
  }

  /**
   * Where `cd DIR` goes: a relative DIR that does not start with `.` is looked up in CDPATH
   * first (bash prefers it); an unknown CDPATH makes the directory unknown.
   */
  private cdTarget(u: Unit, dir: string, st: ShellState): string | null {
    if (
      dir.startsWith("/") || dir.startsWith("./") || dir.startsWith("../") || dir === "." ||
      dir === ".."
    ) {
      return resolve(dir, st.cwd);
    }
    const assigned = u.assigns.find((a) => a.name === "CDPATH");
    const cdpath = assigned
      ? (assigned.value && !assigned.value.dynamic ? assigned.value.value : null)
      : st.vars.has("CDPATH")
      ? st.vars.get("CDPATH")!
      : "";
    if (cdpath === null) return null;
    for (const entry of cdpath.split(":")) {
      if (entry === "" || entry === ".") continue;
      // The first CDPATH entry that could hold DIR: assume it does (the worst case).
      return resolve(dir, resolve(entry, st.cwd));
    }
    return resolve(dir, st.cwd);
  }

  /** `cd`, `export X=…`, `unset X` change the state seen by later commands. */
  private trackShellState(u: Unit, st: ShellState): void {
    const argv = sameShellArgv(u.argv);
    if (!argv.length) return;
    const name = basename(argv[0].value);
    if (name === "cd" || name === "pushd") {
      const before = st.cwd;
      const args = argv.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.value) && w.value !== "--");
      if (args.length === 0) st.cwd = st.vars.get("HOME") ?? null;
      else if (args[0].value === "-" && !args[0].dynamic) {
        st.cwd = st.vars.get(OLDPWD_VAR) ?? null;
      } else if (args[0].dynamic || args[0].glob) st.cwd = null;
      else st.cwd = this.cdTarget(u, args[0].value, st);
      st.vars.set(OLDPWD_VAR, before);
    } else if (name === "popd") st.cwd = null;
    else if (name === "shopt") {
      const words = argv.slice(1).map((w) => w.value);
      if (words.includes("dotglob") || argv.some((w) => w.dynamic)) {
        if (words.includes("-u")) st.vars.delete(DOTGLOB_VAR);
        else if (words.includes("-s") || argv.some((w) => w.dynamic)) {
          st.vars.set(DOTGLOB_VAR, "1");
        }
      }
    } else if (
      name === "export" || name === "declare" || name === "typeset" || name === "local" ||
      name === "readonly"
    ) {
      for (const w of argv.slice(1)) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.value);
        if (m) st.vars.set(m[1], w.dynamic ? null : w.value.slice(m[0].length));
      }
    } else if (name === "unset") {
      for (const w of argv.slice(1)) st.vars.set(w.value, null);
    }
  }

  /** Creates a unit derived from `u` (through a wrapper) and expands it in turn. */
  private derive(
    u: Unit,
    argv: RWord[],
    origin: string,
    st: ShellState,
    extra: Partial<Unit> = {},
  ): void {
    if (argv.length === 0) return;
    const d = this.addUnit({
      argv,
      assigns: extra.assigns ?? [],
      redirs: [],
      cwd: extra.cwd !== undefined ? extra.cwd : u.cwd,
      origin,
      parent: u.id,
      covered: true,
      transparent: false,
      rawText: "",
      stdin: u.stdin,
      subst: false,
      depth: u.depth,
    });
    if (d.id < 0) return;
    this.expand(d, st, {
      origin,
      depth: u.depth,
      parent: d.id,
      covered: true,
      stdin: u.stdin,
    });
  }

  /** Runs `source` as a script nested under unit `u`. */
  private nested(
    u: Unit,
    source: string,
    origin: string,
    st: ShellState,
    cwd?: string | null,
  ): void {
    const inner = cloneState(st);
    inner.cwd = cwd === undefined ? u.cwd : cwd;
    this.script(source, inner, {
      origin,
      depth: u.depth + 1,
      parent: u.id,
      covered: true,
      stdin: null,
    });
  }

  private expand(u: Unit, st: ShellState, c: Ctx): void {
    const a0 = u.argv[0];
    if (a0.dynamic) return; // shell.dynamic-command is raised by the checks
    const name = basename(a0.value);
    if (this.funcs.has(name)) {
      u.transparent = true; // its body was analysed where it was defined
      return;
    }
    const spec = WRAPPERS[name];
    if (spec) return this.wrapper(u, spec, name, st);
    if (SHELLS.has(name)) return this.shell(u, name, st);
    if (name === "eval") return this.evalCmd(u, st);
    if (name === "source" || name === ".") return this.source(u, st);
    if (name === "xargs") return this.xargs(u, st);
    if (name === "find") return this.findCmd(u, st);
    if (name === "parallel" || name === "sem") return this.parallel(u, st);
    if (name === "ssh") return this.ssh(u, st);
    if (name === "git") return this.git(u, st);
    if (name === "trap" || name === "alias") return this.stringArgs(u, name, st);
    if (name === "tmux") return this.tmux(u, st);
    if (STDIN_SCHEDULERS.has(name)) return this.stdinScript(u, name, st);
    if (name in INTERPRETERS) return this.interpreter(u, name);
    void c;
  }

  private wrapper(u: Unit, spec: WrapperSpec, name: string, st: ShellState): void {
    const argv = u.argv;
    let i = 1;
    let shellCmd: RWord | null = null;
    let joinShell = spec.joinsAsShell === true;
    let noExec = false;
    const envAssigns: { name: string; value: RWord | null }[] = [];
    const shellOpts = spec.shellOpts ?? [];
    while (i < argv.length) {
      const w = argv[i];
      const v = w.value;
      if (v === "--") {
        i++;
        break;
      }
      if (spec.flagWords?.includes(v)) {
        i++;
        continue;
      }
      // NAME=VALUE (and bash's exported functions, `BASH_FUNC_name%%=() { … }`, through env).
      if (spec.assigns && /^([A-Za-z_][A-Za-z0-9_]*|BASH_FUNC_[^=]*%%)=/.test(v)) {
        const eq = v.indexOf("=");
        envAssigns.push({ name: v.slice(0, eq), value: { ...w, value: v.slice(eq + 1) } });
        i++;
        continue;
      }
      if (v.startsWith("-") && v.length > 1 && !w.dynamic) {
        const eq = v.indexOf("=");
        const key = v.startsWith("--") && eq > 0 ? v.slice(0, eq) : v;
        // A file the wrapper writes (`time -o FILE`, `--output=FILE`, `-oFILE`): judged like `>FILE`.
        const wr = spec.writes?.find((o) => o === key || (!o.startsWith("--") && v.startsWith(o)));
        if (wr) {
          const target = key === v && v === wr
            ? argv[i + 1]
            : { ...w, value: v.slice(key !== v ? eq + 1 : wr.length) };
          if (target) {
            u.redirs.push({
              op: ">",
              fd: null,
              target: { ...target, values: [target.value] },
              heredoc: null,
            });
          }
        }
        if (spec.noExec?.includes(key)) noExec = true;
        if (Array.isArray(spec.joinsAsShell) && spec.joinsAsShell.includes(key)) joinShell = true;
        if (shellOpts.includes(key)) {
          if (eq > 0 && key !== v) shellCmd = { ...w, value: v.slice(eq + 1) };
          else {
            shellCmd = argv[i + 1] ?? null;
            i++;
          }
          i++;
          continue;
        }
        if (!v.startsWith("--") && v.length > 2 && !(spec.argOpts?.includes(v))) {
          // A cluster of short options (`env -iu PATH`, `su -lc cmd`, `env -iS'cmd'`): flags up
          // to the first option that takes a value, which is the rest of the word or the next.
          let taken = 0;
          for (let k = 1; k < v.length && !taken; k++) {
            const o = "-" + v[k];
            const glued = v.slice(k + 1);
            if (spec.noExec?.includes(o)) noExec = true;
            if (Array.isArray(spec.joinsAsShell) && spec.joinsAsShell.includes(o)) joinShell = true;
            if (shellOpts.includes(o)) {
              shellCmd = glued ? { ...w, value: glued, values: [glued] } : argv[i + 1] ?? null;
              taken = glued ? 1 : 2;
            } else if (spec.argOpts?.includes(o)) taken = glued ? 1 : 2;
          }
          if (taken) {
            i += taken;
            continue;
          }
        }
        if (spec.argOpts?.includes(key) && key === v) {
          i += 2;
          continue;
        }
        i++;
        continue;
      }
      break;
    }
    i += spec.skip ?? 0;
    let rest = argv.slice(i);
    // su/runuser accept options after the user name: `su root -c 'cmd'`.
    if (!shellCmd && shellOpts.length) {
      const k = rest.findIndex((w) =>
        shellOpts.includes(w.value) ||
        shellOpts.some((o) => o.startsWith("--") && w.value.startsWith(o + "="))
      );
      if (k >= 0) {
        const w = rest[k];
        shellCmd = w.value.includes("=")
          ? { ...w, value: w.value.slice(w.value.indexOf("=") + 1) }
          : rest[k + 1] ?? null;
        rest = [];
      }
    }
    if (spec.rule) this.find(spec.rule, u.id, name);
    u.transparent = !spec.rule;
    if (noExec) return;
    if (shellCmd) {
      if (shellCmd.dynamic) this.find("exec.dynamic-script", u.id, shellCmd.display);
      else this.nested(u, shellCmd.value, `${name} -c`, st);
      return;
    }
    if (joinShell && rest.length) {
      if (rest.some((w) => w.dynamic)) {
        this.find(
          "exec.dynamic-script",
          u.id,
          rest.map((w) => w.display).join(" "),
        );
      } else this.nested(u, rest.map((w) => w.value).join(" "), name, st);
      return;
    }
    if (rest.length === 0) {
      if (name === "env") this.find("secrets.env-dump", u.id, "env");
      u.transparent = false;
      return;
    }
    // `env -C DIR cmd` / `env --chdir=DIR cmd` runs cmd in DIR.
    let cwd: string | null | undefined = undefined;
    if (name === "env") {
      argv.slice(1, i).forEach((w, k, all) => {
        const v = w.value;
        if (v === "-C" || v === "--chdir") {
          cwd = all[k + 1] && !all[k + 1].dynamic ? resolve(all[k + 1].value, u.cwd) : null;
        } else if (v.startsWith("--chdir=")) cwd = w.dynamic ? null : resolve(v.slice(8), u.cwd);
        else if (/^-C./.test(v)) cwd = w.dynamic ? null : resolve(v.slice(2), u.cwd);
      });
    }
    this.derive(
      u,
      rest,
      name,
      st,
      cwd === undefined ? { assigns: envAssigns } : { assigns: envAssigns, cwd },
    );
  }

  private shell(u: Unit, name: string, st: ShellState): void {
    const argv = u.argv;
    let i = 1;
    let cFlag = false;
    let sFlag = false;
    while (i < argv.length) {
      const v = argv[i].value;
      if (argv[i].dynamic) break;
      if (v === "--" || v === "-") {
        i++;
        if (v === "-") sFlag = true;
        break;
      }
      if ((v.startsWith("-") || v.startsWith("+")) && v.length > 1) {
        if (SHELL_ARG_OPTS.has(v)) {
          i += 2;
          continue;
        }
        if (!v.startsWith("--")) {
          const letters = v.slice(1);
          if (letters.includes("c")) cFlag = true;
          if (letters.includes("s")) sFlag = true;
        }
        i++;
        continue;
      }
      break;
    }
    const rest = argv.slice(i);
    if (cFlag) {
      u.transparent = true;
      const script = rest[0];
      if (!script) return;
      if (script.dynamic) {
        this.find("exec.dynamic-script", u.id, script.display);
        u.transparent = false;
      } else {
        // Words after the script become $0, $1, … inside it.
        const inner = cloneState(st);
        rest.slice(1, 11).forEach((w, k) => inner.vars.set(String(k), w.dynamic ? null : w.value));
        this.nested(u, script.value, `${name} -c`, inner);
      }
      return;
    }
    if (
      rest.length && !sFlag &&
      !/^(\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0|-)$/.test(rest[0].value)
    ) {
      const f = rest[0];
      if (f.subst && f.raw.startsWith("<(")) this.find("exec.procsub-to-shell", u.id, f.display);
      else if (f.dynamic) this.find("exec.dynamic-script", u.id, f.display);
      else u.runsFile = { word: f, rule: "exec.script-file" };
      return;
    }
    this.stdinScript(u, name, st);
  }

  /** A shell or interpreter reading its program from standard input. */
  private stdinScript(u: Unit, name: string, st: ShellState, interpreter = false): void {
    const s = u.stdin;
    if (!s) return;
    if (s.kind === "text") {
      if (interpreter) {
        this.find("exec.inline-code", u.id, `${name} ${s.via}`);
        return;
      }
      u.transparent = true;
      this.nested(u, s.text, `${name} ${s.via}`, st);
    } else if (s.kind === "pipe") {
      const prev = s.from[s.from.length - 1];
      const reads = !interpreter || readsProgramFromStdin(name, u.argv);
      if (reads && s.from.length === 1 && prev.k === "simple") {
        const words = prev.words.map((w) => resolveWord(w, st, this.env.home, this.env.brace, 64));
        // echo/printf of static text, or cat of a heredoc/here-string: the script is known.
        let t = prev.redirs.length ? null : staticEcho(words);
        if (t === null && words.length === 1 && basename(words[0].value) === "cat") {
          const fed = this.redirStdin(prev.redirs, st, {
            origin: "",
            depth: u.depth,
            parent: null,
            covered: false,
            stdin: null,
          });
          if (fed?.kind === "text") t = fed.text;
        }
        if (t !== null && interpreter && this.inline(u, name, t)) return;
        if (t !== null && !interpreter) {
          u.transparent = true;
          this.nested(u, t, `${name} ← ${basename(words[0].value)}`, st);
          return;
        }
      }
      const names: string[] = [];
      s.from.forEach((x) => stmtCommandNames(x, names));
      const src = names.find((n) => NETWORK_CLIENTS.has(n)) ?? names.find((n) => DECODERS.has(n)) ??
        names[0] ?? "?";
      this.find("exec.pipe-to-shell", u.id, `${src} | ${name}`);
    } else if (s.kind === "file") {
      if (s.target.subst) this.find("exec.procsub-to-shell", u.id, s.target.display);
      else this.find("exec.script-file", u.id, `${name} < ${s.target.display}`);
    } else {
      this.find("exec.dynamic-script", u.id, `${name} ${s.via}`);
    }
  }

  private evalCmd(u: Unit, st: ShellState): void {
    const args = u.argv.slice(1);
    // eval takes no options but skips one leading `--` (`eval -- 'rm -rf ~'` runs rm).
    if (args[0] && !args[0].dynamic && args[0].value === "--") args.shift();
    if (!args.length) return;
    u.transparent = true;
    if (args.some((w) => w.dynamic)) {
      this.find("exec.dynamic-script", u.id, args.map((w) => w.display).join(" "));
      u.transparent = false;
      return;
    }
    this.nested(u, args.map((w) => w.value).join(" "), "eval", st);
  }

  private source(u: Unit, st: ShellState): void {
    const f = u.argv[1];
    if (!f) return;
    if (!f.dynamic && /^(\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(f.value)) {
      return this.stdinScript(u, "source", st);
    }
    if (f.subst && (f.raw.startsWith("<(") || f.display.startsWith("<("))) {
      this.find("exec.procsub-to-shell", u.id, f.display);
    } else if (f.dynamic) this.find("exec.source", u.id, f.display);
    else u.runsFile = { word: f, rule: "exec.source" };
  }

  private xargs(u: Unit, st: ShellState): void {
    const argOpts = new Set([
      "-I",
      "-L",
      "-l",
      "-n",
      "-P",
      "-s",
      "-E",
      "-e",
      "-d",
      "-a",
      "--arg-file",
      "--delimiter",
      "--max-args",
      "--max-procs",
      "--max-lines",
      "--eof",
      "--max-chars",
      "--process-slot-var",
    ]);
    let i = 1;
    let replace: string | null = null;
    // Input split other than by blanks and newlines (or read from a file): not known here.
    let opaque = false;
    while (i < u.argv.length) {
      const v = u.argv[i].value;
      if (v === "--") {
        i++;
        break;
      }
      if (!v.startsWith("-") || v.length === 1) break;
      if (/^(-[0adE]|--null|--delimiter|--arg-file|--eof|-e)/.test(v)) opaque = true;
      if (v === "-I") {
        replace = u.argv[i + 1]?.value ?? "{}";
        i += 2;
        continue;
      }
      // `-IR`, `--replace=R`, and `-i`, `-iR`, `--replace`, `--replace=` (an empty R is `{}`).
      if (/^(-I.|-i|--replace)/.test(v)) {
        const r = v.startsWith("--replace") ? v.slice(10) : v.slice(2);
        replace = r || "{}";
        i++;
        continue;
      }
      // `xargs -a FILE` reads FILE as its input: judged like `< FILE`.
      const argFile = v === "-a" || v === "--arg-file"
        ? u.argv[i + 1]
        : /^(-a|--arg-file=)./.test(v)
        ? {
          ...u.argv[i],
          value: v.replace(/^(-a|--arg-file=)/, ""),
          values: [v.replace(/^(-a|--arg-file=)/, "")],
        }
        : null;
      if (argFile) u.redirs.push({ op: "<", fd: null, target: argFile, heredoc: null });
      if (argOpts.has(v)) {
        i += 2;
        continue;
      }
      i++;
    }
    let cmd = u.argv.slice(i);
    if (cmd.length === 0) cmd = [literalWord("echo")];
    u.transparent = true;
    // Input that is known text (`echo a b | xargs rm`): the concrete commands it makes.
    const known = opaque ? null : this.xargsItems(u, st, replace !== null);
    if (known) {
      if (replace === null) this.derive(u, [...cmd, ...known.map(literalWord)], "xargs", st);
      else {
        for (const item of known) {
          const argv = cmd.map((w) =>
            w.dynamic || !w.value.includes(replace!)
              ? w
              : literalWord(w.value.split(replace!).join(item))
          );
          this.derive(u, argv, "xargs", st);
        }
      }
      return;
    }
    const input = this.listedPaths(u, st) ?? unknownWord("{xargs input}");
    // The input replaces R: a word that is R is the input; a longer word holding R is unknown.
    const argv = replace
      ? cmd.map((w) =>
        w.value === replace
          ? { ...input, display: w.display }
          : w.value.includes(replace!)
          ? unknownWord(w.display)
          : w
      )
      : [...cmd, input];
    const destructive = cmd.map((w) => basename(w.value));
    if (
      destructive.some((n) =>
        [
          "rm",
          "shred",
          "unlink",
          "rmdir",
          "mv",
          "dd",
          "truncate",
          "chmod",
          "chown",
          "chgrp",
          "kill",
          "srm",
        ].includes(n)
      )
    ) {
      this.find("exec.xargs-destructive", u.id, cmd.map((w) => w.display).join(" "));
    }
    this.derive(u, argv, "xargs", st);
  }

  /**
   * The items xargs reads when its input is known text (a here-string, or a pipe from `echo` or
   * `printf` of static words): split at blanks and newlines, or one a line with `-I`. Null when
   * unknown, quoted (xargs's own quote rules) or larger than a few commands' worth.
   */
  private xargsItems(u: Unit, st: ShellState, lines: boolean): string[] | null {
    const s = u.stdin;
    let text: string | null = null;
    if (s?.kind === "text") text = s.text;
    else if (s?.kind === "pipe" && s.from.length === 1) {
      const prev = s.from[0];
      if (prev.k !== "simple" || prev.redirs.length) return null;
      const words = prev.words.map((w) => resolveWord(w, st, this.env.home, this.env.brace, 64));
      text = staticEcho(words);
    }
    if (text === null || /['"\\\0]/.test(text)) return null;
    const items = lines
      ? text.split("\n").map((l) => l.replace(/^[ \t]+/, "")).filter((l) => l !== "")
      : text.split(/[ \t\n]+/).filter((t) => t !== "");
    return items.length <= (lines ? 16 : 64) ? items : null;
  }

  /**
   * What xargs reads when it is fed by a program that lists paths below some directories
   * (`find DIR …`, `git ls-files`, `grep -rl … DIR`, `rg -l`, `fd`): a glob over those
   * directories (every path below each DIR), judged like any glob. Anything else: unknown.
   */
  private listedPaths(u: Unit, st: ShellState): RWord | null {
    const s = u.stdin;
    if (!s || s.kind !== "pipe") return null;
    const prev = s.from[s.from.length - 1];
    if (prev.k !== "simple" || prev.redirs.length) return null;
    const words = prev.words.map((w) =>
      resolveWord(w, st, this.env.home, this.env.brace, this.env.limits.maxBraceExpansions)
    );
    if (words.some((w) => w.dynamic || w.subst)) return null;
    const name = basename(words[0]?.value ?? "");
    const args = words.slice(1).map((w) => w.value);
    let dirs: string[] | null = null;
    if (name === "find") {
      dirs = [];
      for (const a of args) {
        if (/^[-(!)]/.test(a)) break;
        dirs.push(a);
      }
      if (!dirs.length) dirs = ["."];
    } else if (name === "git" && args[0] === "ls-files") dirs = ["."];
    else if (name === "fd" || name === "fdfind") dirs = ["."];
    else if (
      (name === "grep" || name === "rg") &&
      args.some((a) => /^-[a-zA-Z]*l/.test(a) || a === "--files-with-matches" || a === "--files")
    ) {
      const ops = args.filter((a) => !a.startsWith("-"));
      dirs = name === "rg" && args.includes("--files") ? (ops.length ? ops : ["."]) : ops.slice(1);
      if (!dirs.length) dirs = ["."];
    }
    if (!dirs) return null;
    // `find … -name '*.ts'` and `git ls-files '*.py'` narrow the names.
    const n = args.indexOf("-name");
    const pattern = name === "find" && n >= 0 && args[n + 1] && !args[n + 1].includes("/")
      ? args[n + 1]
      : name === "git" && args.length === 2 && !args[1].startsWith("-") && !args[1].includes("/")
      ? args[1]
      : "*";
    const values = dirs.map((d) => trimSlashes(d) + "/**/" + pattern);
    return { ...literalWord("{xargs input}"), value: values[0], values, glob: true };
  }

  private findCmd(u: Unit, st: ShellState): void {
    const args = u.argv.slice(1);
    const starts: RWord[] = [];
    let i = 0;
    // Leading options -H -L -P -D … then start paths until the expression begins.
    while (i < args.length && /^-[HLP]$|^-D$|^-O\d$/.test(args[i].value)) {
      i += args[i].value === "-D" ? 2 : 1;
    }
    while (i < args.length && !/^[-(!)]/.test(args[i].value)) starts.push(args[i++]);
    if (starts.length === 0) starts.push(literalWord("."));
    const protectedStart = starts.some((w) => this.isProtectedStart(w, u.cwd));
    // `{}` is some path below a start: `START/**/NAME` when `-name NAME` narrows it.
    const nameAt = args.findIndex((w) => w.value === "-name" || w.value === "-iname");
    const name = nameAt >= 0 && args[nameAt + 1] && !args[nameAt + 1].dynamic
      ? args[nameAt + 1].value.replace(/\//g, "")
      : "*";
    const found: RWord = starts.some((w) => w.dynamic) ? unknownWord("{}") : {
      ...literalWord("{}"),
      value: trimSlashes(starts[0].value) + "/**/" + name,
      values: starts.flatMap((w) => w.values.map((v) => trimSlashes(v) + "/**/" + name)),
      glob: true,
    };
    for (; i < args.length; i++) {
      const v = args[i].value;
      if (v === "-delete") {
        if (protectedStart) {
          this.find("abs.find-delete-protected", u.id, starts.map((s) => s.display).join(" "));
        }
      } else if (v === "-exec" || v === "-execdir" || v === "-ok" || v === "-okdir") {
        const cmd: RWord[] = [];
        let j = i + 1;
        while (j < args.length && args[j].value !== ";" && args[j].value !== "+") {
          cmd.push(
            args[j].value === "{}"
              ? { ...found, display: args[j].display }
              : args[j].value.includes("{}")
              ? { ...unknownWord("{}"), display: args[j].display }
              : args[j],
          );
          j++;
        }
        i = j;
        if (!cmd.length) continue;
        const cname = basename(cmd[0].value);
        if (protectedStart && (cname === "rm" || cname === "shred" || cname === "unlink")) {
          this.find(
            "abs.find-delete-protected",
            u.id,
            `${starts.map((s) => s.display).join(" ")} -exec ${cname}`,
          );
        }
        // -execdir runs in the directory of each file: some directory below a start.
        this.derive(u, cmd, `find ${v}`, st);
      }
    }
  }

  private isProtectedStart(w: RWord, cwd: string | null): boolean {
    for (const v of w.values) {
      if (v.includes(UNKNOWN)) continue;
      const p = resolve(v, cwd);
      if (p === null) continue;
      if (p === "/" || p === this.env.home || (this.env.home.startsWith(p + "/"))) return true;
    }
    return w.otherHome;
  }

  /** GNU parallel: each command line it runs, as argv and as the text its shell parses. */
  private parallel(u: Unit, st: ShellState): void {
    if (this.parallelLines <= 0) {
      // Nested beyond the lines guard expands: what it runs is not known, so it asks.
      this.find("exec.dynamic-script", u.id, u.argv.map((w) => w.display).join(" "));
      return;
    }
    const plan = expandParallel(u.argv, Math.min(MAX_COMBOS, this.parallelLines));
    this.parallelLines -= Math.max(1, plan.lines.length);
    u.transparent = true;
    if (plan.perl) this.find("exec.inline-code", u.id, `parallel ${plan.perl}`);
    if (plan.commandsFromStdin) return this.stdinScript(u, "parallel", st);
    if (plan.commands) {
      for (const w of plan.commands) {
        if (w.dynamic) this.find("exec.dynamic-script", u.id, w.display);
        else this.nested(u, w.value, "parallel", st);
      }
      return;
    }
    for (const l of plan.lines) {
      if (l.opaque) this.find("exec.dynamic-script", u.id, u.argv.map((w) => w.display).join(" "));
      if (l.argv.length) this.derive(u, l.argv, "parallel", st);
      if (l.text === null) continue;
      const inner = cloneState(st);
      inner.vars.set(PARALLEL_ARG_VAR, null);
      this.nested(u, l.text, "parallel", inner);
    }
  }

  private ssh(u: Unit, _st: ShellState): void {
    const argOpts = new Set([
      "-b",
      "-c",
      "-D",
      "-E",
      "-e",
      "-F",
      "-I",
      "-i",
      "-J",
      "-L",
      "-l",
      "-m",
      "-O",
      "-o",
      "-p",
      "-Q",
      "-R",
      "-S",
      "-W",
      "-w",
      "-B",
    ]);
    const args = u.argv.slice(1);
    let i = 0;
    while (i < args.length && args[i].value.startsWith("-")) {
      const v = args[i].value;
      i += argOpts.has(v) ? 2 : 1;
    }
    const host = args[i];
    const remote = args.slice(i + 1);
    if (!host) return;
    const remoteState: ShellState = { cwd: null, vars: new Map([["HOME", this.env.home]]) };
    if (remote.length) {
      if (remote.some((w) => w.dynamic)) {
        this.find("exec.dynamic-script", u.id, remote.map((w) => w.display).join(" "));
      } else {
        this.nested(
          u,
          remote.map((w) => w.value).join(" "),
          `ssh ${host.display}`,
          remoteState,
          null,
        );
      }
    } else if (u.stdin?.kind === "text") {
      this.nested(u, u.stdin.text, `ssh ${host.display}`, remoteState, null);
    }
  }

  private git(u: Unit, st: ShellState): void {
    const args = u.argv.slice(1);
    let i = 0;
    while (i < args.length && args[i].value.startsWith("-")) {
      const v = args[i].value;
      i += ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"].includes(v)
        ? 2
        : 1;
    }
    const sub = args[i]?.value;
    const rest = args.slice(i + 1);
    const runs: RWord[] = [];
    if (sub === "rebase") {
      rest.forEach((w, k) => {
        if ((w.value === "-x" || w.value === "--exec") && rest[k + 1]) runs.push(rest[k + 1]);
        else if (w.value.startsWith("--exec=")) runs.push({ ...w, value: w.value.slice(7) });
      });
    } else if (sub === "submodule" && rest.some((w) => w.value === "foreach")) {
      const k = rest.findIndex((w) => w.value === "foreach");
      const cmd = rest.slice(k + 1).filter((w) =>
        w.value !== "--recursive" && w.value !== "-q" && w.value !== "--quiet"
      );
      if (cmd.length) {
        runs.push(
          cmd.length === 1 ? cmd[0] : {
            ...cmd[0],
            value: cmd.map((w) => w.value).join(" "),
            dynamic: cmd.some((w) => w.dynamic),
          },
        );
      }
    } else if (sub === "bisect" && rest[0]?.value === "run") {
      const cmd = rest.slice(1);
      if (cmd.length) {
        this.find("exec.git-shell", u.id, "bisect run");
        this.derive(u, cmd, "git bisect run", st);
      }
      return;
    }
    for (const r of runs) {
      this.find("exec.git-shell", u.id, `${sub}: ${r.display}`);
      if (r.dynamic) this.find("exec.dynamic-script", u.id, r.display);
      else this.nested(u, r.value, `git ${sub}`, st);
    }
  }

  /** tmux new/split-window/run-shell/send-keys …: the trailing words are shell code. */
  private tmux(u: Unit, st: ShellState): void {
    const args = u.argv.slice(1);
    let i = 0;
    while (i < args.length && args[i].value.startsWith("-")) {
      i += ["-L", "-S", "-f"].includes(args[i].value) ? 2 : 1;
    }
    const sub = args[i]?.value;
    if (!sub || !TMUX_SHELL_SUBCOMMANDS.has(sub)) return;
    let j = i + 1;
    while (j < args.length && args[j].value.startsWith("-") && args[j].value !== "--") {
      j += TMUX_ARG_OPTS.has(args[j].value) ? 2 : 1;
    }
    if (args[j]?.value === "--") j++;
    const keyNames = /^(Enter|C-m|C-j|KPEnter|Escape|C-c|C-d|Space|Tab)$/;
    const words = args.slice(j).filter((w) => !(sub.startsWith("send") && keyNames.test(w.value)));
    if (!words.length) return;
    u.transparent = true;
    if (words.some((w) => w.dynamic)) {
      this.find("exec.dynamic-script", u.id, words.map((w) => w.display).join(" "));
      u.transparent = false;
      return;
    }
    this.nested(u, words.map((w) => w.value).join(" "), `tmux ${sub}`, st);
  }

  /** trap 'cmd' SIG / alias x='cmd': the string is shell code that runs later. */
  private stringArgs(u: Unit, name: string, st: ShellState): void {
    u.transparent = true;
    if (name === "trap") {
      const code = u.argv[1];
      if (!code || code.value.startsWith("-")) return;
      if (code.dynamic) this.find("exec.dynamic-script", u.id, code.display);
      else this.nested(u, code.value, "trap", st);
    } else {
      for (const w of u.argv.slice(1)) {
        const eq = w.value.indexOf("=");
        if (eq <= 0) continue;
        if (w.dynamic) this.find("exec.dynamic-script", u.id, w.display);
        else this.nested(u, w.value.slice(eq + 1), "alias", st);
      }
    }
  }

  /** Inline code guard reads (src/shell/inline/): its effects join the unit's. */
  private inline(u: Unit, name: string, stdin: string | null): boolean {
    const r = inlineProgram(u, name, this.env.home, stdin);
    if (!r) return false;
    u.inline = r;
    // The commands run with the process's environment: HOME (and PWD) as the shell has them.
    const st: ShellState = { cwd: u.cwd, vars: new Map([["HOME", this.env.home]]) };
    if (u.cwd) st.vars.set("PWD", u.cwd);
    for (const s of r.shells) this.nested(u, s.text, s.via, st);
    return true;
  }

  private interpreter(u: Unit, name: string): void {
    if (this.inline(u, name, u.stdin?.kind === "text" ? u.stdin.text : null)) return;
    const codeOpts = INTERPRETERS[name];
    const args = u.argv.slice(1);
    if (name === "awk" || name === "gawk" || name === "mawk" || name === "nawk") return; // checked in shell_checks
    for (let i = 0; i < args.length; i++) {
      const v = args[i].value;
      const hit = codeOpts.some((o) =>
        v === o || (o.startsWith("--") && v.startsWith(o + "=")) ||
        (o.length === 2 && /^-[A-Za-z]+$/.test(v) && !v.startsWith("--") && v.endsWith(o[1]) &&
          v.length > 2)
      );
      if (hit) {
        const code = v.includes("=") ? v.slice(v.indexOf("=") + 1) : (args[i + 1]?.display ?? "");
        this.find("exec.inline-code", u.id, `${name} ${v} ${code.slice(0, 60)}`);
        return;
      }
      if (!v.startsWith("-")) {
        if (v === "-") break;
        return; // a script file: not inline code; default ask applies
      }
    }
    // No script argument: the program comes from stdin.
    this.stdinScript(u, name, cloneStateEmpty(u), true);
  }
}

/** `;`, `&`, `|` and newlines a script may hold before it is refused unparsed. */
const MAX_SEPARATORS = 4096;

/** How many command separators a text holds (an upper bound: quotes are not looked at). */
function separators(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 59 || c === 38 || c === 124 || c === 10) n++; // ; & | \n
  }
  return n;
}

/**
 * The builtin a same-shell wrapper runs (`builtin cd ..`, `command -p export X=1`): its words,
 * or none when the wrapper only describes it (`command -v cd`).
 */
function sameShellArgv(argv: RWord[]): RWord[] {
  let words = argv;
  for (let spec = WRAPPERS[basename(words[0]?.value ?? "")]; spec?.sameShell;) {
    let i = 1;
    while (i < words.length && /^-./.test(words[i].value) && !words[i].dynamic) {
      if (words[i].value === "--") {
        i++;
        break;
      }
      if (spec.noExec?.some((o) => words[i].value.includes(o.slice(1)))) return [];
      i++;
    }
    words = words.slice(i);
    spec = WRAPPERS[basename(words[0]?.value ?? "")];
  }
  return words;
}

function cloneStateEmpty(u: Unit): ShellState {
  return { cwd: u.cwd, vars: new Map() };
}

/** Text of a unit for user regexes: resolved words, then redirections. */
export function renderText(argv: RWord[], redirs: RRedir[]): string {
  const words = argv.map((w) => (w.dynamic ? w.display : w.value));
  for (const r of redirs) {
    if (r.op === "<<" || r.op === "<<-") words.push(`${r.op}${r.target?.value ?? ""}`);
    else {words.push(
        `${r.fd ?? ""}${r.op}${
          r.target ? (r.target.dynamic ? r.target.display : r.target.value) : ""
        }`,
      );}
  }
  return words.join(" ");
}
