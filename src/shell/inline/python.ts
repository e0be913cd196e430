/**
 * Python inline code (`python3 -c`, `python3 - <<EOF`) → effects. The tree comes from
 * tree-sitter-python; a small abstract evaluation follows names from their imports and
 * assignments (`import os as o`, `from os import system as s`, `__import__('os')`,
 * `getattr(os, 'sys' + 'tem')`), folds constant strings and paths, and maps the calls guard has
 * tables for to effects. A capability (an effectful module, function or object) that flows
 * anywhere the evaluation does not follow is `inline.unresolved`, and so is a call into a module
 * guard has no table for. Pure.
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
  /** A module, function or object with effects: `q` is its dotted name (`os.system`, `pathlib.Path()`). */
  | {
    k: "cap";
    q: string;
    path?: string | null;
    url?: string | null;
    /** Reached from a module with no effects (json.dumps): looked at, never a capability. */
    pure?: boolean;
  }
  | { k: "plain" }
  | { k: "dyn"; why: string };

const PLAIN: V = { k: "plain" };
const str = (s: string): V => ({ k: "str", s });
/** Concatenation, folded while it stays small (doubling a string in a loop does not exhaust memory). */
const cat = (a: string, b: string): V =>
  a.length + b.length > MAX_INLINE_CODE ? PLAIN : { k: "str", s: a + b };

/** Modules with no effects on files, programs or the network (any attribute, any call). */
const PURE_MODULES = new Set([
  "abc",
  "argparse",
  "array",
  "ast",
  "base64",
  "binascii",
  "bisect",
  "calendar",
  "cmath",
  "collections",
  "colorsys",
  "contextlib",
  "copy",
  "csv",
  "dataclasses",
  "datetime",
  "decimal",
  "difflib",
  "enum",
  "errno",
  "fractions",
  "functools",
  "getpass",
  "graphlib",
  "hashlib",
  "heapq",
  "hmac",
  "html",
  "ipaddress",
  "itertools",
  "json",
  "keyword",
  "locale",
  "math",
  "numbers",
  "operator",
  "platform",
  "pprint",
  "queue",
  "random",
  "re",
  "reprlib",
  "secrets",
  "shlex",
  "stat",
  "statistics",
  "string",
  "struct",
  "textwrap",
  "threading",
  "time",
  "tomllib",
  "traceback",
  "types",
  "typing",
  "unicodedata",
  "uuid",
  "warnings",
  "weakref",
  "zlib",
  "urllib.parse",
  "concurrent",
  "concurrent.futures",
  "this",
  "__future__",
  "token",
  "dis",
  "numbers",
  "gettext",
  "zoneinfo",
  "quopri",
  "sre_constants",
  "typing_extensions",
]);

/** Modules guard has tables for: the attributes that have no effects. */
const EFFECT_MODULES: Record<string, Set<string>> = {
  os: new Set([
    "sep",
    "name",
    "linesep",
    "pathsep",
    "curdir",
    "pardir",
    "extsep",
    "altsep",
    "devnull",
    "cpu_count",
    "getpid",
    "getppid",
    "getuid",
    "geteuid",
    "getgid",
    "getegid",
    "getlogin",
    "uname",
    "get_terminal_size",
    "urandom",
    "fspath",
    "fsencode",
    "fsdecode",
    "strerror",
    "getpgrp",
    "getgroups",
    "umask",
    "isatty",
    "times",
    "getloadavg",
    "stat",
    "lstat",
    "access",
    "path",
    "getcwd",
    "getcwdb",
    "error",
    "O_RDONLY",
    "W_OK",
    "R_OK",
    "X_OK",
    "F_OK",
    "putenv",
    "unsetenv",
    "fork",
    "wait",
    "waitpid",
    "get_exec_path",
    "supports_follow_symlinks",
    "sched_getaffinity",
    "nice",
    "getenv",
    "environ",
  ]),
  "os.path": new Set([
    "exists",
    "lexists",
    "isfile",
    "isdir",
    "islink",
    "ismount",
    "isabs",
    "getsize",
    "getmtime",
    "getatime",
    "getctime",
    "splitext",
    "split",
    "splitdrive",
    "commonpath",
    "commonprefix",
    "relpath",
    "samefile",
    "sep",
    "normcase",
    "expandvars",
  ]),
  sys: new Set([
    "version",
    "version_info",
    "platform",
    "argv",
    "executable",
    "path",
    "exit",
    "maxsize",
    "byteorder",
    "getrecursionlimit",
    "setrecursionlimit",
    "getsizeof",
    "implementation",
    "prefix",
    "base_prefix",
    "exec_prefix",
    "flags",
    "stdout",
    "stderr",
    "stdin",
    "hexversion",
    "getdefaultencoding",
    "getfilesystemencoding",
    "maxunicode",
    "float_info",
    "int_info",
    "api_version",
    "copyright",
    "builtin_module_names",
    "stdlib_module_names",
    "orig_argv",
    "exc_info",
    "exception",
    "warnoptions",
    "dont_write_bytecode",
    "pycache_prefix",
    "abiflags",
    "getrefcount",
    "intern",
    "is_finalizing",
    "thread_info",
    "hash_info",
    "ps1",
    "ps2",
  ]),
  shutil: new Set(["which", "disk_usage", "get_terminal_size", "get_archive_formats"]),
  subprocess: new Set(["PIPE", "STDOUT", "DEVNULL", "CalledProcessError", "TimeoutExpired"]),
  pathlib: new Set([]),
  socket: new Set(["AF_INET", "AF_INET6", "SOCK_STREAM", "SOCK_DGRAM", "gethostname", "timeout"]),
  "urllib.request": new Set([]),
  urllib: new Set(["parse"]),
  "http.client": new Set(["responses", "HTTPException"]),
  http: new Set(["HTTPStatus", "client"]),
  requests: new Set(["exceptions", "codes", "RequestException", "HTTPError"]),
  httpx: new Set(["HTTPError", "Timeout"]),
  urllib3: new Set([]),
  ftplib: new Set([]),
  smtplib: new Set([]),
  telnetlib: new Set([]),
  tempfile: new Set(["gettempdir", "gettempprefix", "tempdir"]),
  glob: new Set(["escape", "has_magic"]),
  io: new Set([
    "StringIO",
    "BytesIO",
    "TextIOWrapper",
    "SEEK_SET",
    "SEEK_END",
    "DEFAULT_BUFFER_SIZE",
  ]),
  codecs: new Set(["encode", "decode", "lookup", "getencoder", "getdecoder", "utf_8_decode"]),
  gzip: new Set(["compress", "decompress"]),
  bz2: new Set(["compress", "decompress"]),
  lzma: new Set(["compress", "decompress"]),
  zipfile: new Set(["is_zipfile", "ZIP_DEFLATED", "ZIP_STORED"]),
  tarfile: new Set(["is_tarfile"]),
  sqlite3: new Set(["version", "sqlite_version", "Row"]),
  webbrowser: new Set([]),
  asyncio: new Set([
    "run",
    "sleep",
    "gather",
    "wait_for",
    "get_event_loop",
    "new_event_loop",
    "Queue",
    "Event",
    "Lock",
    "create_task",
    "TimeoutError",
    "wait",
    "iscoroutine",
  ]),
  importlib: new Set(["reload", "invalidate_caches"]),
  pty: new Set([]),
  multiprocessing: new Set(["cpu_count", "Process", "Pool", "Queue", "current_process"]),
  runpy: new Set([]),
  builtins: new Set([]),
  ctypes: new Set([]),
  pickle: new Set(["dumps", "HIGHEST_PROTOCOL"]),
  marshal: new Set(["dumps"]),
  signal: new Set(["signal", "SIGINT", "SIGTERM", "SIGALRM", "alarm", "SIG_DFL", "SIG_IGN"]),
  fileinput: new Set([]),
  shelve: new Set([]),
  logging: new Set([
    "getLogger",
    "info",
    "debug",
    "warning",
    "error",
    "critical",
    "exception",
    "INFO",
    "DEBUG",
    "WARNING",
    "ERROR",
    "CRITICAL",
    "StreamHandler",
    "Formatter",
    "log",
  ]),
  timeit: new Set(["default_timer"]),
  site: new Set(["getsitepackages", "getusersitepackages", "USER_SITE", "ENABLE_USER_SITE"]),
  sysconfig: new Set([
    "get_paths",
    "get_path",
    "get_config_var",
    "get_config_vars",
    "get_platform",
    "get_python_version",
  ]),
  inspect: new Set(["signature", "isfunction", "isclass", "getdoc", "iscoroutinefunction"]),
  gc: new Set(["collect", "enable", "disable", "isenabled"]),
  "importlib.metadata": new Set([
    "version",
    "metadata",
    "distribution",
    "packages_distributions",
    "PackageNotFoundError",
    "requires",
  ]),
};

/** Module names an `import a.b` may bind: normalised. */
const ALIASES: Record<string, string> = { posixpath: "os.path", ntpath: "os.path", posix: "os" };
const has = (o: object, k: string) => Object.hasOwn(o, k);
const alias = (q: string) => (has(ALIASES, q) ? ALIASES[q] : q);

/** Builtins whose arguments may be capabilities without harm (they only look at them). */
const LOOKING_BUILTINS = new Set([
  "print",
  "str",
  "repr",
  "len",
  "isinstance",
  "bool",
  "type",
  "format",
  "hasattr",
  "callable",
  "dir",
  "id",
  "hash",
  "issubclass",
  "help",
]);
/** Builtins that give code its environment: guard cannot follow what they return. */
const INTROSPECTION = new Set([
  "globals",
  "locals",
  "vars",
  "breakpoint",
  "__builtins__",
  "__loader__",
  "__spec__",
  "memoryview",
]);
/** Dunder attributes that are plain data. */
const PLAIN_DUNDERS = new Set([
  "__name__",
  "__doc__",
  "__version__",
  "__file__",
  "__qualname__",
  "__module__",
  "__path__",
  "__all__",
]);

interface Call {
  a: Acc;
  args: V[];
  kw: Map<string, V>;
  self: Extract<V, { k: "cap" }>;
  kwText?: Map<string, string>;
  argText?: string[];
}

const isEnviron = (v: V): boolean =>
  (v.k === "cap" && v.q === "os.environ") || (v.k === "list" && v.items.some(isEnviron));
const isCap = (v: V): boolean =>
  (v.k === "cap" && !v.pure) || v.k === "dyn" || (v.k === "list" && v.items.some(isCap));

function sval(v: V | undefined): string | null {
  return v?.k === "str" ? v.s : null;
}
/** A path-like value: a string or a Path object. */
function pval(v: V | undefined): string | null {
  if (!v) return null;
  if (v.k === "str") return v.s;
  if (v.k === "cap" && v.q.endsWith("Path()")) return v.path ?? null;
  return null;
}
const arg = (c: Call, i: number, name?: string): V | undefined =>
  (name !== undefined ? c.kw.get(name) : undefined) ?? c.args[i];

/** argv from a list value (null where unknown); null when it is not a list. */
function argvOf(v: V | undefined): (string | null)[] | null {
  if (!v) return null;
  if (v.k === "list") return v.items.map((x) => pval(x));
  return null;
}

function openMode(c: Call, modeAt: number, dflt = "r"): void {
  const p = pval(arg(c, 0, "file"));
  const m = arg(c, modeAt, "mode");
  const mode = m === undefined ? dflt : sval(m);
  if (mode === null) {
    c.a.write(p);
    return;
  }
  if (/[wax+]/.test(mode)) c.a.write(p);
  if (/[r+]/.test(mode) || !/[wax]/.test(mode)) c.a.read(p);
}

function subprocess(c: Call, via: string): V {
  const first = arg(c, 0, "args");
  const shell = c.kw.has("shell");
  const exe = c.kw.get("executable");
  if (exe) c.a.unresolved(`${via} with executable=`);
  const shellOn = shell && c.kwText?.get("shell") !== "False";
  if (first?.k === "str") {
    if (shellOn) c.a.shell(first.s, via);
    else c.a.argv([first.s], via);
  } else if (first?.k === "list") {
    const words = argvOf(first)!;
    if (shellOn) c.a.shell(words.every((w) => w !== null) ? words.join(" ") : null, via);
    else c.a.argv(words, via);
  } else c.a.shell(null, via);
  return { k: "cap", q: "subprocess.Popen()" };
}

type Handler = (c: Call) => V | void;

const shellArg = (via: string): Handler => (c) => c.a.shell(sval(arg(c, 0, "cmd")), via);
const netUrl = (at: number, upload = false): Handler => (c) => {
  c.a.net(sval(arg(c, at, "url")), upload);
  return PLAIN;
};
const HTTP_VERBS = ["get", "head", "options", "delete", "post", "put", "patch"];
const HTTP_LIBS = ["requests", "httpx"];

const API: Record<string, Handler> = {
  "os.system": shellArg("os.system"),
  "os.popen": shellArg("os.popen"),
  "subprocess.getoutput": shellArg("subprocess.getoutput"),
  "subprocess.getstatusoutput": shellArg("subprocess.getstatusoutput"),
  "asyncio.create_subprocess_shell": shellArg("asyncio.create_subprocess_shell"),
  "asyncio.create_subprocess_exec": (c) =>
    c.a.argv(c.args.map((v) => pval(v)), "asyncio.create_subprocess_exec"),
  "pty.spawn": (c) => {
    const v = arg(c, 0, "argv");
    if (v?.k === "str") c.a.argv([v.s], "pty.spawn");
    else c.a.argv(argvOf(v), "pty.spawn");
  },
  "open": (c) => openMode(c, 1),
  "io.open": (c) => openMode(c, 1),
  "codecs.open": (c) => openMode(c, 1),
  "gzip.open": (c) => openMode(c, 1, "rb"),
  "bz2.open": (c) => openMode(c, 1, "rb"),
  "lzma.open": (c) => openMode(c, 1, "rb"),
  "os.open": (c) => {
    const p = pval(arg(c, 0, "path"));
    const flags = c.argText?.[1] ?? "";
    if (/O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(flags) || !/^os\.O_RDONLY$/.test(flags)) {
      if (/O_RDONLY/.test(flags) && !/O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(flags)) c.a.read(p);
      else c.a.write(p);
    } else c.a.read(p);
  },
  "os.remove": (c) => c.a.del(pval(arg(c, 0, "path"))),
  "os.unlink": (c) => c.a.del(pval(arg(c, 0, "path"))),
  "os.rmdir": (c) => c.a.del(pval(arg(c, 0, "path"))),
  "os.removedirs": (c) => c.a.del(pval(arg(c, 0, "name"))),
  "shutil.rmtree": (c) => c.a.del(pval(arg(c, 0, "path")), true),
  "os.rename": (c) => c.a.move(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "os.replace": (c) => c.a.move(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "os.renames": (c) => c.a.move(pval(arg(c, 0, "old")), pval(arg(c, 1, "new"))),
  "shutil.move": (c) => c.a.move(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copy": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copy2": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copyfile": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copymode": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copystat": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst"))),
  "shutil.copytree": (c) => c.a.copy(pval(arg(c, 0, "src")), pval(arg(c, 1, "dst")), true),
  "shutil.chown": (c) => c.a.write(pval(arg(c, 0, "path"))),
  "shutil.make_archive": (c) => {
    const base = pval(arg(c, 0, "base_name"));
    c.a.write(base === null ? null : base + ".tar");
    c.a.read(pval(arg(c, 2, "root_dir")) ?? ".", true);
  },
  "shutil.unpack_archive": (c) => {
    c.a.read(pval(arg(c, 0, "filename")));
    c.a.write(pval(arg(c, 1, "extract_dir")) ?? ".", true);
  },
  "os.listdir": (c) => c.a.list(pval(arg(c, 0, "path")) ?? "."),
  "os.scandir": (c) => c.a.list(pval(arg(c, 0, "path")) ?? "."),
  "os.walk": (c) => c.a.list(pval(arg(c, 0, "top")), true),
  "os.fwalk": (c) => c.a.list(pval(arg(c, 0, "top")) ?? ".", true),
  "glob.glob": (c) => globList(c),
  "glob.iglob": (c) => globList(c),
  "os.chdir": (c) => c.a.chdir(pval(arg(c, 0, "path"))),
  "os.getcwd": (c) => (c.a.cwd === null ? PLAIN : str(c.a.cwd)),
  "os.kill": (c) => c.a.unresolved("os.kill signals a process"),
  "os.killpg": (c) => c.a.unresolved("os.killpg signals a process group"),
  "os.getenv": (c) => envVar(c, sval(arg(c, 0, "key"))),
  "os.environ.get": (c) => envVar(c, sval(arg(c, 0, "key"))),
  "os.environ.setdefault": () => PLAIN,
  "os.environ.update": () => PLAIN,
  "os.environ.pop": () => PLAIN,
  "os.path.expanduser": (c) => {
    const s = sval(c.args[0]);
    return s === null ? PLAIN : str(s === "~" || s.startsWith("~/") ? c.a.expandHome(s) : s);
  },
  "os.path.join": (c) => {
    const j = joinPath(c.args.map(pval));
    return j === null ? PLAIN : str(j);
  },
  "os.path.abspath": (c) => absOf(c),
  "os.path.realpath": (c) => absOf(c),
  "os.path.normpath": (c) => absOf(c),
  "os.path.dirname": (c) => {
    const s = pval(c.args[0]);
    return s === null ? PLAIN : str(s.includes("/") ? dirname(s) : "");
  },
  "os.path.basename": (c) => {
    const s = pval(c.args[0]);
    return s === null ? PLAIN : str(basename(s));
  },
  "os.path.expandvars": () => PLAIN,
  "runpy.run_path": (c) => c.a.runFile(pval(arg(c, 0, "path_name")), "runpy.run_path"),
  "tempfile.mkstemp": (c) => tempDir(c),
  "tempfile.mkdtemp": (c) => tempDir(c),
  "tempfile.NamedTemporaryFile": (c) => tempDir(c),
  "tempfile.TemporaryFile": (c) => tempDir(c),
  "tempfile.TemporaryDirectory": (c) => tempDir(c),
  "tempfile.SpooledTemporaryFile": (c) => tempDir(c),
  "sqlite3.connect": (c) => {
    const p = pval(arg(c, 0, "database"));
    if (p !== ":memory:") c.a.write(p);
    return PLAIN;
  },
  "shelve.open": (c) => c.a.write(pval(arg(c, 0, "filename"))),
  "zipfile.ZipFile": (c) => archive(c, "zipfile.ZipFile()"),
  "tarfile.open": (c) => archive(c, "tarfile.TarFile()"),
  "fileinput.input": (c) => {
    const files = c.args[0] ?? c.kw.get("files");
    const paths = files?.k === "list" ? files.items.map(pval) : [pval(files)];
    const inplace = c.kw.has("inplace") && c.kwText?.get("inplace") !== "False";
    for (const p of paths) {
      c.a.read(p);
      if (inplace) c.a.write(p);
    }
  },
  "webbrowser.open": netUrl(0),
  "webbrowser.open_new": netUrl(0),
  "webbrowser.open_new_tab": netUrl(0),
  "urllib.request.urlopen": (c) => {
    const u = arg(c, 0, "url");
    if (u?.k === "cap" && u.q === "urllib.request.Request()") c.a.net(u.url ?? null, false);
    else c.a.net(sval(u), false);
    return PLAIN;
  },
  "urllib.request.Request": (c) => ({
    k: "cap",
    q: "urllib.request.Request()",
    url: sval(arg(c, 0, "url")),
  }),
  "urllib.request.urlretrieve": (c) => {
    c.a.net(sval(arg(c, 0, "url")));
    c.a.write(pval(arg(c, 1, "filename")) ?? null);
  },
  "socket.socket": () => ({ k: "cap", q: "socket.socket()" }),
  "socket.create_connection": (c) => {
    c.a.net(hostPort(arg(c, 0, "address")));
    return { k: "cap", q: "socket.socket()" };
  },
  "socket.socket().connect": (c) => void c.a.net(hostPort(c.args[0])),
  "socket.socket().connect_ex": (c) => void c.a.net(hostPort(c.args[0])),
  "socket.socket().sendto": (c) => void c.a.net(hostPort(c.args[c.args.length - 1])),
  "socket.getaddrinfo": (c) => void c.a.net(sval(c.args[0])),
  "socket.gethostbyname": (c) => void c.a.net(sval(c.args[0])),
  "http.client.HTTPConnection": (c) => connection(c, "http.client.HTTPConnection()"),
  "http.client.HTTPSConnection": (c) => connection(c, "http.client.HTTPConnection()"),
  "ftplib.FTP": (c) => connection(c, "ftplib.FTP()"),
  "ftplib.FTP_TLS": (c) => connection(c, "ftplib.FTP()"),
  "smtplib.SMTP": (c) => connection(c, "smtplib.SMTP()"),
  "smtplib.SMTP_SSL": (c) => connection(c, "smtplib.SMTP()"),
  "telnetlib.Telnet": (c) => connection(c, "telnetlib.Telnet()"),
  "urllib3.PoolManager": () => ({ k: "cap", q: "urllib3.PoolManager()" }),
  "urllib3.PoolManager().request": netUrl(1),
  "urllib3.request": netUrl(1),
  "requests.request": netUrl(1),
  "httpx.request": netUrl(1),
  "requests.Session": () => ({ k: "cap", q: "requests.Session()" }),
  "httpx.Client": () => ({ k: "cap", q: "requests.Session()" }),
  "httpx.AsyncClient": () => ({ k: "cap", q: "requests.Session()" }),
  "requests.Session().request": netUrl(1),
  "importlib.import_module": (c) => {
    const n = sval(c.args[0]);
    if (n === null) {
      c.a.unresolved("importlib.import_module of a computed name");
      return { k: "dyn", why: "import_module" };
    }
    return moduleValue(n);
  },
  "__import__": (c) => {
    const n = sval(c.args[0]);
    if (n === null) {
      c.a.unresolved("__import__ of a computed name");
      return { k: "dyn", why: "__import__" };
    }
    // `__import__('os.path')` returns the top package, like `import os.path` binds `os`.
    return moduleValue(n.split(".")[0]);
  },
};
for (const lib of HTTP_LIBS) {
  for (const v of HTTP_VERBS) {
    API[`${lib}.${v}`] = netUrl(0);
    API[`requests.Session().${v}`] = netUrl(0);
  }
}
for (const n of ["run", "call", "check_call", "check_output", "Popen"]) {
  API[`subprocess.${n}`] = (c) => subprocess(c, `subprocess.${n}`);
}
for (const n of ["execv", "execve", "execvp", "execvpe"]) {
  API[`os.${n}`] = (c) => c.a.argv(argvOf(c.args[1]), `os.${n}`);
}
for (const n of ["execl", "execle", "execlp", "execlpe"]) {
  API[`os.${n}`] = (c) => c.a.argv(c.args.slice(1).map(pval), `os.${n}`);
}
for (const n of ["spawnv", "spawnve", "spawnvp", "spawnvpe"]) {
  API[`os.${n}`] = (c) => c.a.argv(argvOf(c.args[2]), `os.${n}`);
}
for (const n of ["spawnl", "spawnle", "spawnlp", "spawnlpe"]) {
  API[`os.${n}`] = (c) => c.a.argv(c.args.slice(2).map(pval), `os.${n}`);
}
for (const n of ["posix_spawn", "posix_spawnp"]) {
  API[`os.${n}`] = (c) => c.a.argv(argvOf(c.args[1]), `os.${n}`);
}
for (
  const n of [
    "chmod",
    "lchmod",
    "chown",
    "lchown",
    "utime",
    "truncate",
    "chflags",
    "mkdir",
    "makedirs",
    "mkfifo",
    "mknod",
    "setxattr",
    "removexattr",
  ]
) API[`os.${n}`] = (c) => c.a.write(pval(arg(c, 0, "path")));
for (const n of ["symlink", "link"]) {
  API[`os.${n}`] = (c) => c.a.write(pval(arg(c, 1, "dst")));
}

// pathlib: a Path object carries its path; its methods have the effects.
for (const n of ["Path", "PosixPath", "PurePath", "PurePosixPath", "WindowsPath"]) {
  API[`pathlib.${n}`] = (c) => pathObj(c.args.length ? joinPath(c.args.map(pval)) : ".");
  API[`pathlib.${n}.home`] = (c) => pathObj(c.a.home);
  API[`pathlib.${n}.cwd`] = (c) => pathObj(c.a.cwd);
}
const PATH_METHODS: Record<string, Handler> = {
  read_text: (c) => void c.a.read(c.self.path ?? null),
  read_bytes: (c) => void c.a.read(c.self.path ?? null),
  write_text: (c) => void c.a.write(c.self.path ?? null),
  write_bytes: (c) => void c.a.write(c.self.path ?? null),
  touch: (c) => void c.a.write(c.self.path ?? null),
  mkdir: (c) => void c.a.write(c.self.path ?? null),
  chmod: (c) => void c.a.write(c.self.path ?? null),
  lchmod: (c) => void c.a.write(c.self.path ?? null),
  symlink_to: (c) => void c.a.write(c.self.path ?? null),
  hardlink_to: (c) => void c.a.write(c.self.path ?? null),
  unlink: (c) => void c.a.del(c.self.path ?? null),
  rmdir: (c) => void c.a.del(c.self.path ?? null),
  rename: (c) => {
    c.a.move(c.self.path ?? null, pval(c.args[0]));
    return pathObj(pval(c.args[0]));
  },
  replace: (c) => {
    c.a.move(c.self.path ?? null, pval(c.args[0]));
    return pathObj(pval(c.args[0]));
  },
  iterdir: (c) => void c.a.list(c.self.path ?? null),
  glob: (c) => void c.a.list(c.self.path ?? null, /\*\*/.test(sval(c.args[0]) ?? "**")),
  rglob: (c) => void c.a.list(c.self.path ?? null, true),
  walk: (c) => void c.a.list(c.self.path ?? null, true),
  open: (c) => {
    const mode = arg(c, 0, "mode");
    const m = mode === undefined ? "r" : sval(mode);
    if (m === null || /[wax+]/.test(m)) c.a.write(c.self.path ?? null);
    if (m === null || /[r+]/.test(m) || !/[wax]/.test(m)) c.a.read(c.self.path ?? null);
  },
  expanduser: (c) => {
    const p = c.self.path ?? null;
    return pathObj(p !== null && (p === "~" || p.startsWith("~/")) ? c.a.expandHome(p) : p);
  },
  resolve: (c) => pathObj(c.self.path == null ? null : resolve(c.self.path, c.a.cwd)),
  absolute: (c) => pathObj(c.self.path == null ? null : resolve(c.self.path, c.a.cwd)),
  joinpath: (c) => pathObj(joinPath([c.self.path ?? null, ...c.args.map(pval)])),
  with_name: (c) => {
    const p = c.self.path ?? null, n = sval(c.args[0]);
    return pathObj(p === null || n === null ? null : joinPath([dirname(p), n]));
  },
  with_suffix: (c) => {
    const p = c.self.path ?? null, n = sval(c.args[0]);
    return pathObj(p === null || n === null ? null : p.replace(/(\.[^./]*)?$/, n));
  },
};
const PATH_PLAIN = new Set([
  "exists",
  "is_file",
  "is_dir",
  "is_symlink",
  "is_absolute",
  "stat",
  "lstat",
  "owner",
  "group",
  "samefile",
  "as_posix",
  "as_uri",
  "match",
  "relative_to",
  "is_relative_to",
  "name",
  "suffix",
  "suffixes",
  "stem",
  "parts",
  "anchor",
  "drive",
  "root",
  "is_mount",
  "full_match",
]);
/** Methods of objects whose effects were judged where they were made (files, responses). */
const OBJECT_PLAIN: Record<string, Set<string>> = {
  "subprocess.Popen()": new Set([
    "communicate",
    "wait",
    "poll",
    "returncode",
    "stdout",
    "stderr",
    "pid",
    "stdin",
  ]),
  "socket.socket()": new Set([
    "send",
    "sendall",
    "recv",
    "close",
    "settimeout",
    "setsockopt",
    "makefile",
    "shutdown",
    "fileno",
    "getpeername",
    "__enter__",
    "__exit__",
  ]),
  "http.client.HTTPConnection()": new Set([
    "request",
    "getresponse",
    "close",
    "putrequest",
    "putheader",
    "endheaders",
    "send",
  ]),
  "ftplib.FTP()": new Set([
    "login",
    "cwd",
    "nlst",
    "dir",
    "retrlines",
    "retrbinary",
    "storbinary",
    "storlines",
    "quit",
    "close",
  ]),
  "smtplib.SMTP()": new Set(["login", "sendmail", "send_message", "starttls", "quit", "ehlo"]),
  "telnetlib.Telnet()": new Set(["read_until", "write", "close", "read_all"]),
  "urllib.request.Request()": new Set(["add_header", "full_url"]),
  "urllib3.PoolManager()": new Set([]),
  "requests.Session()": new Set(["headers", "close", "auth", "cookies", "mount"]),
};

function pathObj(p: string | null): V {
  return { k: "cap", q: "pathlib.Path()", path: p };
}
function absOf(c: Call): V {
  const s = pval(c.args[0]);
  if (s === null) return PLAIN;
  const r = resolve(s, c.a.cwd);
  return r === null ? PLAIN : str(r);
}
function envVar(c: Call, key: string | null): V {
  if (key === "HOME") return str(c.a.home);
  if (key === "PWD" && c.a.cwd) return str(c.a.cwd);
  return PLAIN;
}
function globList(c: Call): V {
  const pat = pval(arg(c, 0, "pathname"));
  const root = pval(c.kw.get("root_dir"));
  const full = pat === null ? null : root !== null ? joinPath([root, pat]) : pat;
  if (full === null) {
    c.a.list(null);
    return PLAIN;
  }
  const recursive = /\*\*/.test(full);
  const dir = full.split("/").findIndex((p) => /[*?[]/.test(p));
  const parts = full.split("/");
  c.a.list(
    dir < 0 ? full : parts.slice(0, dir).join("/") || (full.startsWith("/") ? "/" : "."),
    recursive,
  );
  return PLAIN;
}
function tempDir(c: Call): V {
  const d = c.kw.get("dir");
  if (d) c.a.write(pval(d));
  return PLAIN;
}
function archive(c: Call, q: string): V {
  const p = pval(arg(c, 0, "file")) ?? pval(c.kw.get("name"));
  const m = arg(c, 1, "mode");
  const mode = m === undefined ? "r" : sval(m);
  if (mode === null || /[wax]/.test(mode)) c.a.write(p);
  else c.a.read(p);
  return { k: "cap", q };
}
function hostPort(v: V | undefined): string | null {
  if (v?.k !== "list" || v.items.length < 2) return null;
  const h = sval(v.items[0]);
  if (h === null) return null;
  const port = v.items[1].k === "str" ? (v.items[1] as { s: string }).s : "";
  return port ? `${h}:${port}` : h;
}
function connection(c: Call, q: string): V {
  const h = sval(arg(c, 0, "host"));
  if (h === null && !c.args.length && !c.kw.has("host")) {
    // Connects later (`.connect(host)`): methods guard does not follow ask.
    return { k: "cap", q: q.replace("()", "(unconnected)") };
  }
  c.a.net(h);
  return { k: "cap", q };
}
function moduleValue(name: string): V {
  const q = alias(name);
  return { k: "cap", q, pure: PURE_MODULES.has(q) && !has(EFFECT_MODULES, q) };
}

/** The module a pure module's attribute names, when it re-exports one (`shlex.os`, `random._os`). */
function reexported(attr: string): string | null {
  const m = attr.replace(/^_+/, "");
  return has(EFFECT_MODULES, m) || has(ALIASES, m) || m === "builtins" ? m : null;
}

/** Is `q` a module guard knows (pure or with a table)? */
function isModuleName(q: string): boolean {
  return PURE_MODULES.has(q) || has(EFFECT_MODULES, q);
}
function rootModule(q: string): string {
  return q.split(".")[0];
}

/** Statements whose expressions' values go nowhere (a capability there is only looked at). */
const DISCARDING = new Set([
  "expression_statement",
  "if_statement",
  "elif_clause",
  "while_statement",
  "assert_statement",
  "print_statement",
  "delete_statement",
  "match_statement",
  "case_clause",
  "module",
  "block",
]);
/** Attributes that reach frames, and through them any module's globals. */
const FRAME_ATTRS = new Set([
  "tb_frame",
  "f_globals",
  "f_locals",
  "f_builtins",
  "f_back",
  "gi_frame",
  "cr_frame",
  "ag_frame",
  "f_code",
  "tb_next",
]);

class PyEval {
  private env = new Map<string, V>();
  private inClass = 0;
  constructor(private a: Acc) {}

  run(root: CodeNode): void {
    this.stmts(root);
  }

  private bind(name: string, v: V): void {
    if (this.inClass && isCap(v)) this.a.unresolved(`a class attribute ${name} holds a capability`);
    const old = this.env.get(name);
    // A name bound twice to different capabilities is followed by neither.
    if (old && isCap(old) && JSON.stringify(old) !== JSON.stringify(v)) {
      this.env.set(name, { k: "dyn", why: `${name} is rebound` });
    } else this.env.set(name, v);
  }

  /** Binds a target pattern (a name, a tuple of names …) to a value. */
  private bindTarget(t: CodeNode, v: V): void {
    if (t.type === "identifier") return this.bind(t.text, v);
    if (t.type === "as_pattern_target" || t.type === "parenthesized_expression") {
      const n = t.namedChild(0);
      if (n) this.bindTarget(n, v);
      return;
    }
    if (/^(pattern_list|tuple_pattern|list_pattern|tuple|list|expression_list)$/.test(t.type)) {
      for (let i = 0; i < t.namedChildCount; i++) {
        const k = t.namedChild(i)!;
        const item = v.k === "list" ? v.items[i] ?? PLAIN : isCap(v) ? v : PLAIN;
        this.bindTarget(k.type === "list_splat_pattern" ? k.namedChild(0) ?? k : k, item);
      }
      return;
    }
    // An attribute or subscript target: a capability stored there is not followed.
    this.expr(t);
    if (isCap(v)) this.a.unresolved(`stores a capability in ${t.text.slice(0, 40)}`);
  }

  private stmts(n: CodeNode): void {
    switch (n.type) {
      case "import_statement":
        for (let i = 0; i < n.namedChildCount; i++) {
          const c = n.namedChild(i)!;
          if (c.type === "aliased_import") {
            const name = c.childForFieldName("name")!.text;
            this.bind(c.childForFieldName("alias")!.text, moduleValue(name));
          } else {
            const name = c.text;
            // `import os.path` binds `os`.
            this.bind(name.split(".")[0], moduleValue(name.split(".")[0]));
          }
        }
        return;
      case "import_from_statement": {
        const mod = n.childForFieldName("module_name")?.text ?? "";
        if (mod.startsWith(".")) return this.a.unresolved(`relative import ${mod}`);
        const m = alias(mod);
        for (let i = 0; i < n.namedChildCount; i++) {
          const c = n.namedChild(i)!;
          if (c === n.childForFieldName("module_name")) continue;
          if (c.type === "wildcard_import") {
            if (!PURE_MODULES.has(m)) this.a.unresolved(`from ${mod} import *`);
            continue;
          }
          const name = c.type === "aliased_import" ? c.childForFieldName("name")!.text : c.text;
          const as = c.type === "aliased_import" ? c.childForFieldName("alias")!.text : name;
          const q = `${m}.${name}`;
          const pure = PURE_MODULES.has(m) && !has(EFFECT_MODULES, m);
          const re = pure ? reexported(name) : null;
          if (pure && name.startsWith("_") && !re) this.a.unresolved(`imports ${q}`);
          this.bind(
            as,
            re
              ? moduleValue(re)
              : has(EFFECT_MODULES, alias(q)) || PURE_MODULES.has(alias(q))
              ? moduleValue(q)
              : { k: "cap", q: alias(q), pure },
          );
        }
        return;
      }
      case "future_import_statement":
        return;
      case "assignment": {
        const right = n.childForFieldName("right");
        const left = n.childForFieldName("left");
        const v = right ? this.expr(right) : PLAIN;
        if (left) this.bindTarget(left, v);
        return;
      }
      case "augmented_assignment": {
        const v = this.expr(n.childForFieldName("right")!);
        const left = n.childForFieldName("left")!;
        if (left.type === "identifier") {
          const old = this.env.get(left.text);
          this.env.set(
            left.text,
            old?.k === "str" && v.k === "str"
              ? cat(old.s, v.s)
              : isCap(v) || (old && isCap(old))
              ? { k: "dyn", why: "augmented" }
              : PLAIN,
          );
        } else this.bindTarget(left, v);
        return;
      }
      case "with_item": {
        const v = n.childForFieldName("value")!;
        if (v.type === "as_pattern") {
          const val = this.expr(v.namedChild(0)!);
          const alias = v.childForFieldName("alias");
          if (alias) this.bindTarget(alias, val);
        } else this.expr(v);
        return;
      }
      case "for_statement":
      case "for_in_clause": {
        const it = this.expr(n.childForFieldName("right")!);
        if (isEnviron(it)) this.a.envDump("iterates over os.environ");
        const join: V = it.k === "list"
          ? (it.items.some(isCap) ? { k: "dyn", why: "loop over capabilities" } : PLAIN)
          : isCap(it)
          ? { k: "dyn", why: "loop" }
          : PLAIN;
        this.bindTarget(n.childForFieldName("left")!, join);
        for (let i = 0; i < n.childCount; i++) {
          const c = n.child(i)!;
          if (c !== n.childForFieldName("left") && c !== n.childForFieldName("right")) {
            this.stmts(c);
          }
        }
        return;
      }
      case "function_definition":
      case "class_definition": {
        const name = n.childForFieldName("name");
        if (name) this.bind(name.text, PLAIN);
        const params = n.childForFieldName("parameters");
        if (params) this.params(params);
        const sup = n.childForFieldName("superclasses");
        if (sup) this.expr(sup);
        for (let i = 0; i < n.namedChildCount; i++) {
          const d = n.namedChild(i)!;
          if (d.type === "decorator" && isCap(this.expr(d.namedChild(0)!))) {
            this.a.unresolved(`a capability as a decorator: ${d.text.slice(0, 40)}`);
          }
        }
        const body = n.childForFieldName("body");
        if (n.type === "class_definition") this.inClass++;
        if (body) this.stmts(body);
        if (n.type === "class_definition") this.inClass--;
        return;
      }
      case "decorated_definition": {
        for (let i = 0; i < n.namedChildCount; i++) {
          const d = n.namedChild(i)!;
          if (d.type === "decorator") {
            if (isCap(this.expr(d.namedChild(0)!))) {
              this.a.unresolved(`a capability as a decorator: ${d.text.slice(0, 40)}`);
            }
          } else this.stmts(d);
        }
        return;
      }
      case "global_statement":
      case "nonlocal_statement":
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

  private params(p: CodeNode): void {
    for (let i = 0; i < p.namedChildCount; i++) {
      const c = p.namedChild(i)!;
      const name = c.type === "identifier" ? c : c.childForFieldName("name") ?? c.namedChild(0);
      const dv = c.childForFieldName("value");
      if (dv) {
        const v = this.expr(dv);
        if (isCap(v)) this.a.unresolved(`a parameter defaults to ${dv.text.slice(0, 40)}`);
      }
      if (name?.type === "identifier") this.env.set(name.text, PLAIN);
    }
  }

  /** Evaluates an expression: its value, and every effect on the way. */
  expr(n: CodeNode): V {
    switch (n.type) {
      case "string":
        return this.string(n);
      case "concatenated_string": {
        let s = "";
        for (let i = 0; i < n.namedChildCount; i++) {
          const v = this.string(n.namedChild(i)!);
          if (v.k !== "str") return PLAIN;
          s += v.s;
        }
        return str(s);
      }
      case "integer":
      case "float":
        return str(n.text);
      case "true":
      case "false":
      case "none":
      case "ellipsis":
        return PLAIN;
      case "identifier":
        return this.name(n.text);
      case "parenthesized_expression":
        return n.namedChild(0) ? this.expr(n.namedChild(0)!) : PLAIN;
      case "list":
      case "tuple":
      case "set":
      case "expression_list": {
        const items: V[] = [];
        for (let i = 0; i < n.namedChildCount; i++) {
          const c = n.namedChild(i)!;
          if (c.type === "comment") continue;
          const v = this.expr(c);
          items.push(c.type === "list_splat" ? (isCap(v) ? v : PLAIN) : v);
        }
        return { k: "list", items };
      }
      case "attribute":
        return this.attribute(n);
      case "subscript":
        return this.subscript(n);
      case "call":
        return this.call(n);
      case "binary_operator":
        return this.binary(n);
      case "named_expression": {
        const v = this.expr(n.childForFieldName("value")!);
        this.bind(n.childForFieldName("name")!.text, v);
        return v;
      }
      case "lambda": {
        const params = n.childForFieldName("parameters");
        if (params) this.params(params);
        const body = this.expr(n.childForFieldName("body")!);
        return isCap(body) ? { k: "dyn", why: "lambda" } : PLAIN;
      }
      case "keyword_argument":
        return this.expr(n.childForFieldName("value")!);
      case "await":
        return this.expr(n.namedChild(0)!);
      case "yield": {
        const c = n.namedChild(0);
        if (c && isCap(this.expr(c))) this.a.unresolved("yields a capability");
        return PLAIN;
      }
      case "list_comprehension":
      case "set_comprehension":
      case "generator_expression":
      case "dictionary_comprehension": {
        // Clauses first: they bind the names the body uses.
        for (let i = 1; i < n.namedChildCount; i++) this.stmts(n.namedChild(i)!);
        const body = this.expr(n.namedChild(0)!);
        return isCap(body) ? { k: "dyn", why: "comprehension" } : PLAIN;
      }
    }
    // Anything else: its parts are evaluated; it carries a capability if any part does.
    let cap = false;
    for (let i = 0; i < n.namedChildCount; i++) {
      const c = n.namedChild(i)!;
      if (c.type === "comment") continue;
      const v = EXPRESSIONS.has(c.type) ? this.expr(c) : (this.stmts(c), PLAIN);
      if (isCap(v)) cap = true;
    }
    return cap ? { k: "dyn", why: n.type } : PLAIN;
  }

  private string(n: CodeNode): V {
    if (n.type !== "string") return this.expr(n);
    const start = n.child(0)?.text ?? "";
    const raw = /r/i.test(start);
    let s = "";
    let known = true;
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      // (tree-sitter-python nests escape sequences inside string_content.)
      if (c.type === "string_content") s += raw ? c.text : c.text.replace(ESCAPE, unescape);
      else if (c.type === "escape_sequence") s += raw ? c.text : unescape(c.text);
      else if (c.type === "interpolation") {
        const e = c.childForFieldName("expression") ?? c.namedChild(0);
        const v = e ? this.expr(e) : PLAIN;
        if (
          v.k === "str" && !c.childForFieldName("format_specifier") &&
          !c.childForFieldName("type_conversion")
        ) s += v.s;
        else known = false;
      }
    }
    return known && s.length <= MAX_INLINE_CODE ? str(s) : PLAIN;
  }

  private name(id: string): V {
    const v = this.env.get(id);
    if (v) return v;
    if (/^__\w+__$/.test(id) && !PLAIN_DUNDERS.has(id) && id !== "__import__") {
      this.a.unresolved(`${id} reaches the interpreter's internals`);
      return { k: "dyn", why: id };
    }
    if (INTROSPECTION.has(id)) {
      this.a.unresolved(`${id} gives the code its own namespace`);
      return { k: "dyn", why: id };
    }
    if (
      has(API, id) || id === "exec" || id === "eval" || id === "compile" || id === "getattr" ||
      id === "__import__"
    ) {
      return { k: "cap", q: id };
    }
    if (id === "setattr" || id === "delattr" || id === "map" || id === "filter") {
      return { k: "cap", q: `builtins.${id}` };
    }
    return PLAIN;
  }

  private attribute(n: CodeNode): V {
    const obj = this.expr(n.childForFieldName("object")!);
    const attr = n.childForFieldName("attribute")!.text;
    return this.member(obj, attr, n.text);
  }

  private member(obj: V, attr: string, shown: string): V {
    if ((/^__.*__$/.test(attr) && !PLAIN_DUNDERS.has(attr)) || FRAME_ATTRS.has(attr)) {
      this.a.unresolved(`reaches ${shown.slice(0, 60)}`);
      return { k: "dyn", why: attr };
    }
    if (obj.k === "dyn") return obj;
    if (obj.k !== "cap") return PLAIN;
    if (obj.pure) {
      const m = reexported(attr);
      if (m) return moduleValue(m);
      if (attr.startsWith("_")) {
        this.a.unresolved(`reaches ${shown.slice(0, 60)}, a module's internals`);
        return { k: "dyn", why: attr };
      }
      return { k: "cap", q: `${obj.q}.${attr}`, pure: true };
    }
    if (obj.q === "os" && attr === "environ") return { k: "cap", q: "os.environ" };
    if (obj.q === "sys" && attr === "modules") return { k: "cap", q: `sys.modules` };
    if (obj.q === "sys" && attr === "argv") {
      return { k: "list", items: ["-c", ...this.a.args].map((s) => (s === null ? PLAIN : str(s))) };
    }
    if (obj.q === "pathlib.Path()") {
      if (attr === "parent") return pathObj(obj.path == null ? null : dirname(obj.path));
      if (PATH_PLAIN.has(attr)) return { k: "cap", q: `pathlib.Path().${attr}`, path: obj.path };
    }
    const q = `${obj.q}.${attr}`;
    return { ...obj, q: alias(q) };
  }

  private subscript(n: CodeNode): V {
    const obj = this.expr(n.childForFieldName("value")!);
    const sub = n.childForFieldName("subscript");
    const key = sub ? this.expr(sub) : PLAIN;
    if (obj.k === "cap" && obj.q === "os.environ") {
      if (key.k !== "str") this.a.envDump("os.environ of a computed key");
      return key.k === "str" ? envVar(this.callOf(obj, []), key.s) : PLAIN;
    }
    if (obj.k === "cap" && obj.q === `sys.modules`) {
      if (key.k === "str") return moduleValue(key.s);
      this.a.unresolved("sys.modules of a computed name");
      return { k: "dyn", why: `sys.modules` };
    }
    if (obj.k === "list" && key.k === "str" && /^-?\d+$/.test(key.s)) {
      const i = Number(key.s);
      return obj.items[i < 0 ? obj.items.length + i : i] ?? PLAIN;
    }
    if (obj.k === "str" && key.k === "str" && /^-?\d+$/.test(key.s)) {
      const i = Number(key.s);
      const ch = obj.s.at(i);
      return ch === undefined ? PLAIN : str(ch);
    }
    if (isCap(obj)) return { k: "dyn", why: "subscript" };
    return PLAIN;
  }

  private binary(n: CodeNode): V {
    const l = this.expr(n.childForFieldName("left")!);
    const r = this.expr(n.childForFieldName("right")!);
    const op = n.childForFieldName("operator")?.text ?? "";
    if (op === "+" && l.k === "str" && r.k === "str") return cat(l.s, r.s);
    if (op === "/" && l.k === "cap" && l.q === "pathlib.Path()") {
      return pathObj(joinPath([l.path ?? null, pval(r)]));
    }
    if (op === "%" && l.k === "str") {
      const items = r.k === "list" ? r.items : [r];
      let i = 0;
      let known = true;
      const s = l.s.replace(/%[sdr%]/g, (m) => {
        if (m === "%%") return "%";
        const v = items[i++];
        if (v?.k !== "str") known = false;
        return v?.k === "str" ? v.s : "";
      });
      return known && s.length <= MAX_INLINE_CODE ? str(s) : PLAIN;
    }
    if (op === "*" && l.k === "list") return l;
    if (isEnviron(l) || isEnviron(r)) this.a.envDump("os.environ in an expression");
    return isCap(l) || isCap(r) ? { k: "dyn", why: "operator" } : PLAIN;
  }

  private callOf(self: Extract<V, { k: "cap" }>, args: V[]): Call {
    return { a: this.a, args, kw: new Map(), self };
  }

  private call(n: CodeNode): V {
    const fnNode = n.childForFieldName("function")!;
    const argsNode = n.childForFieldName("arguments");
    const callee = this.expr(fnNode);
    const args: V[] = [];
    const argText: string[] = [];
    const kw = new Map<string, V>();
    const kwText = new Map<string, string>();
    let splat = false;
    if (argsNode) {
      for (let i = 0; i < argsNode.namedChildCount; i++) {
        const c = argsNode.namedChild(i)!;
        if (c.type === "comment") continue;
        if (c.type === "keyword_argument") {
          const k = c.childForFieldName("name")!.text;
          kw.set(k, this.expr(c.childForFieldName("value")!));
          kwText.set(k, c.childForFieldName("value")!.text);
        } else if (c.type === "list_splat" || c.type === "dictionary_splat") {
          const v = this.expr(c.namedChild(0)!);
          splat = true;
          if (isCap(v)) this.a.unresolved(`passes ${c.text.slice(0, 40)}`);
        } else {
          args.push(this.expr(c));
          argText.push(c.text);
        }
      }
    }
    if (callee.k === "dyn") {
      this.a.unresolved(`calls ${fnNode.text.slice(0, 60)}, known only at run time`);
      return { k: "dyn", why: "call" };
    }
    if (callee.k !== "cap") {
      // A plain function (the code's own, a builtin like len): capabilities passed to it escape.
      const looking = fnNode.type === "identifier" && LOOKING_BUILTINS.has(fnNode.text) &&
        !this.env.has(fnNode.text);
      if (!looking) this.escapes(fnNode.text, [...args, ...kw.values()]);
      else if (args.some(isEnviron)) this.a.envDump(`${fnNode.text}(os.environ)`);
      return PLAIN;
    }
    const q = callee.q;
    if (q === "exec" || q === "eval" || q === "compile") {
      return this.evalCode(q, args[0] ?? kw.get("source"));
    }
    if (q === "getattr") {
      const name = sval(args[1]);
      if (name !== null && args[0]) return this.member(args[0], name, `getattr(…, '${name}')`);
      if (args[0] && isCap(args[0])) {
        this.a.unresolved(`getattr of a computed name on ${argText[0] ?? "?"}`);
        return { k: "dyn", why: "getattr" };
      }
      return PLAIN;
    }
    if (q === "builtins.setattr" || q === "builtins.delattr") {
      if (args.some(isCap)) this.a.unresolved(`${q.slice(9)} on a capability`);
      return PLAIN;
    }
    if (q === "builtins.map" || q === "builtins.filter") {
      if (args.some(isCap)) this.a.unresolved(`${q.slice(9)} of a capability`);
      return PLAIN;
    }
    const h: Handler | undefined = has(API, q)
      ? API[q]
      : q.startsWith("pathlib.Path().") && has(PATH_METHODS, q.slice(15))
      ? PATH_METHODS[q.slice(15)]
      : undefined;
    const c = { a: this.a, args, kw, self: callee, kwText, argText };
    if (splat && h) {
      this.a.unresolved(`${q} with computed arguments`);
      return { k: "dyn", why: "splat" };
    }
    if (h) {
      if (args.some(isEnviron)) this.a.envDump(`${q}(os.environ)`);
      const r = h(c);
      return r ?? PLAIN;
    }
    return this.unknownCall(q, callee, [...args, ...kw.values()]);
  }

  /** A call guard has no handler for: plain when its module (or object) has no effects. */
  private unknownCall(q: string, callee: Extract<V, { k: "cap" }>, args: V[]): V {
    if (q === "os.environ" || q.startsWith("os.environ.")) {
      const m = q.slice(11);
      if (m !== "get" && m !== "setdefault" && m !== "pop" && m !== "update") {
        this.a.envDump(`os.environ${m ? "." + m : ""}`);
      }
      return PLAIN;
    }
    const inst = q.indexOf("()");
    if (inst >= 0) {
      const base = q.slice(0, inst + 2);
      const method = q.slice(inst + 3);
      if (base === "pathlib.Path()" && PATH_PLAIN.has(method)) return PLAIN;
      if (has(OBJECT_PLAIN, base) && OBJECT_PLAIN[base].has(method.split(".")[0])) return PLAIN;
      this.a.unresolved(`calls ${method} on a ${base.slice(0, -2)} object`);
      return { k: "dyn", why: q };
    }
    // The module part of q: the longest known prefix.
    const parts = q.split(".");
    for (let i = parts.length - 1; i >= 1; i--) {
      const mod = parts.slice(0, i).join(".");
      const attr = parts[i];
      if (
        PURE_MODULES.has(mod) || PURE_MODULES.has(rootModule(mod)) && !(has(EFFECT_MODULES, mod))
      ) {
        this.escapes(q, args);
        return PLAIN;
      }
      if (has(EFFECT_MODULES, mod)) {
        if (EFFECT_MODULES[mod].has(attr)) {
          this.escapes(q, args);
          return PLAIN;
        }
        this.a.unresolved(`calls ${q}, which guard has no table for`);
        return { k: "dyn", why: q };
      }
    }
    if (isModuleName(q)) return PLAIN;
    if (has(API, callee.q)) return PLAIN;
    this.a.unresolved(`calls ${q} (module ${rootModule(q)} is not in guard's tables)`);
    return { k: "dyn", why: q };
  }

  /** Capabilities handed to code guard does not follow. */
  private escapes(what: string, args: V[]): void {
    if (args.some(isEnviron)) this.a.envDump(`hands os.environ to ${what.slice(0, 60)}`);
    else if (args.some(isCap)) this.a.unresolved(`hands a capability to ${what.slice(0, 60)}`);
  }

  private evalCode(q: string, code: V | undefined): V {
    if (code?.k !== "str") {
      if (code?.k === "cap" && code.q === "code") return PLAIN;
      this.a.unresolved(`${q} of code known only at run time`);
      return { k: "dyn", why: q };
    }
    if (this.a.depth >= MAX_INLINE_DEPTH) {
      this.a.unresolved(`${q} nested deeper than ${MAX_INLINE_DEPTH}`);
      return { k: "dyn", why: q };
    }
    analysePythonInto(code.s, this.a, this.env);
    return q === "compile" ? { k: "cap", q: "code" } : PLAIN;
  }
}

/** Expression node types (evaluated for a value, not walked as statements). */
const EXPRESSIONS = new Set([
  "string",
  "concatenated_string",
  "integer",
  "float",
  "true",
  "false",
  "none",
  "identifier",
  "parenthesized_expression",
  "list",
  "tuple",
  "set",
  "dictionary",
  "attribute",
  "subscript",
  "call",
  "binary_operator",
  "unary_operator",
  "boolean_operator",
  "not_operator",
  "comparison_operator",
  "conditional_expression",
  "named_expression",
  "lambda",
  "await",
  "list_comprehension",
  "set_comprehension",
  "generator_expression",
  "dictionary_comprehension",
  "expression_list",
  "keyword_argument",
  "pair",
  "list_splat",
  "dictionary_splat",
  "slice",
  "ellipsis",
  "yield",
]);

const ESCAPE =
  /\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3}|[\s\S])/g;

function unescape(e: string): string {
  if (/^\\[0-7]/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 8));
  switch (e[1]) {
    case "n":
      return "\n";
    case "t":
      return "\t";
    case "r":
      return "\r";
    case "0":
      return "\0";
    case "\\":
    case "'":
    case '"':
      return e[1];
    case "\n":
      return "";
    case "x":
    case "u":
    case "U":
      return String.fromCodePoint(parseInt(e.slice(2), 16));
  }
  return e;
}

function analysePythonInto(code: string, outer: Acc, env?: Map<string, V>): void {
  const parsed = codeParser("python")(code);
  if (!parsed) {
    outer.rule("inline.parse-error", "python: parsing took longer than its budget");
    return;
  }
  try {
    if (parsed.root.hasError) {
      outer.rule("inline.parse-error", "python: the code does not parse");
      return;
    }
    const inner = new Acc(outer.lang, outer.home, outer.cwd, outer.depth + 1);
    inner.args = outer.args;
    const ev = new PyEval(inner);
    if (env) { for (const [k, v] of env) (ev as unknown as { env: Map<string, V> }).env.set(k, v); }
    try {
      ev.run(parsed.root);
    } catch (e) {
      // Nesting deeper than the evaluation's stack: fail closed, as code guard could not read.
      if (!(e instanceof RangeError)) throw e;
      outer.rule("inline.parse-error", "python: nested too deeply to follow");
      return;
    }
    outer.effects.push(...inner.effects);
    outer.shells.push(...inner.shells);
    outer.cwd = inner.cwd;
  } finally {
    parsed.dispose();
  }
}

/** The effects of a Python program. */
export function analysePython(code: string, acc: Acc): void {
  analysePythonInto(code, acc);
}
