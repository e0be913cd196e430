/**
 * The one source of guard's permission flags is the `guard` task in deno.json.
 * This module reads it (a JSON import: no file permission needed, and a
 * compiled binary embeds it) and derives everything else from it: the flags
 * with a real home directory, the proxy's flags, the command agents run, and
 * the agent configuration locations guard may touch (install, doctor).
 */
import config from "../../deno.json" with { type: "json" };
import { failClosedCommand } from "../adapters/fail_closed.ts";
import type { AgentName } from "../adapters/registry.ts";
import { MANAGED_DIR, MANAGED_DIRS } from "../state/managed_file.ts";
import { stateDirFor } from "../state/state_dir.ts";

/** The raw `guard` task string. */
export function guardTask(): string {
  const task = (config as { tasks?: Record<string, unknown> }).tasks?.guard;
  if (typeof task !== "string") throw new Error("deno.json has no string task 'guard'");
  return task;
}

/**
 * The flags between `deno run` and `main.ts`, with `$HOME` replaced by `home`.
 *
 * Entries under `$INIT_CWD` are the project's agent configuration files (`guard install
 * --project` under `deno task`, which sets INIT_CWD to the directory the user ran it from):
 * replaced by `project` when given, dropped otherwise — the hook and proxy command lines, and
 * a binary, never hold them.
 */
export function guardFlags(home: string, project: string | null = null): string[] {
  const words = taskWords(guardTask());
  if (words[0] !== "deno" || words[1] !== "run") {
    throw new Error("guard task must start with `deno run`");
  }
  const end = words.indexOf("main.ts");
  if (end < 0) throw new Error("guard task must run main.ts");
  const expand = (w: string) => w.replaceAll("${HOME}", home).replaceAll("$HOME", home);
  const own = ownSource();
  return words.slice(2, end).map((w) => {
    const eq = w.indexOf("=");
    if (!w.startsWith("--allow-") || eq < 0) return expand(w);
    const kept = w.slice(eq + 1).split(",").flatMap((p) => {
      // `./src` is guard's own code (the task runs in the checkout): absolute from source, so a
      // command run from the agent's directory never reads the project's `src`; none in a binary.
      if (p === SRC_ENTRY) return own;
      if (!PROJECT.test(p)) return [expand(p)];
      return project ? [p.replaceAll("${INIT_CWD}", project).replaceAll("$INIT_CWD", project)] : [];
    });
    return `${w.slice(0, eq)}=${kept.join(",")}`;
  });
}

const PROJECT = /\$\{?INIT_CWD\}?/;

/** The task's read entry for guard's own code (src/core/late.ts imports it by computed names). */
const SRC_ENTRY = "./src";

/**
 * guard's own `src/` — the checkout this module belongs to — as read grants; none in a compiled
 * binary, whose modules are embedded. The engine imports its late modules through computed
 * specifiers (src/core/late.ts), which Deno checks against the read grant; guard's code is no
 * secret, and nothing of the user's is added.
 */
export function ownSource(): string[] {
  const here = sourcePath(import.meta.url);
  return here === null ? [] : [here.replace(/\/cli\/flags\.ts$/, "")];
}

/** The file path of a module URL when guard runs from source; null in a compiled binary. */
function sourcePath(url: string): string | null {
  if (!url.startsWith("file://")) return null;
  const p = decodeURIComponent(url.slice(7));
  // deno compile serves the embedded modules from a virtual directory.
  return /\/deno-compile-[^/]+\//.test(p) ? null : p;
}

/**
 * The words of the task as `deno task` splits them: on blanks, except inside double quotes (a
 * macOS path such as `"/Library/Application Support/aiguard"`), the quotes removed.
 */
export function taskWords(task: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  let any = false;
  for (const c of task) {
    if (c === '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && /\s/.test(c)) {
      if (any) out.push(cur);
      cur = "";
      any = false;
    } else {
      cur += c;
      any = true;
    }
  }
  if (quoted) throw new Error("guard task has an unterminated quote");
  if (any) out.push(cur);
  return out;
}

/** The variables the hook reads: the home, the working directory, Deno's cache, and whether Claude Code runs headless (ask routing). */
export const HOOK_ENV = ["HOME", "PWD", "DENO_DIR", "CLAUDE_CODE_ENTRYPOINT"];

/**
 * The flags of the hook (`guard evaluate`), derived from the same task: read and write only on
 * the state directory, no programs. What the hook may not do is not even granted (the start-up
 * privilege drop still runs), and the command line an agent runs stays short.
 */
export function hookFlags(home: string): string[] {
  const state = `${home}/.aiguard`;
  return guardFlags(home).flatMap((f) => {
    if (f.startsWith("--allow-run")) return [];
    // Read also on exactly this platform's managed policy directory (ADR 0027): root's files,
    // no secrets, and the hook reads them only when the directory exists.
    if (f.startsWith("--allow-read=")) {
      return [`--allow-read=${[state, MANAGED_DIR, ...ownSource()].join(",")}`];
    }
    if (f.startsWith("--allow-write=")) {
      return [`${f.slice(0, f.indexOf("="))}=${state}`];
    }
    if (f.startsWith("--allow-env=")) {
      const names = f.slice(12).split(",").filter((n) => HOOK_ENV.includes(n));
      return [`--allow-env=${names.join(",")}`];
    }
    return [f];
  });
}

/** The paths of one `--allow-<name>=a,b,c` flag. */
export function flagPaths(flags: string[], name: "read" | "write" | "run" | "env"): string[] {
  const f = flags.find((x) => x.startsWith(`--allow-${name}=`));
  return f ? f.slice(`--allow-${name}=`.length).split(",").filter((x) => x) : [];
}

/**
 * Agent configuration locations the flags grant (everything readable or writable except the
 * state directory): under the home directory, and the project's when `project` is given. Only
 * install, uninstall, mcp wrap, import and doctor keep them; every other subcommand revokes them.
 */
export function agentConfigPaths(home: string, project: string | null = null): string[] {
  const state = `${home}/.aiguard`;
  const flags = guardFlags(home, project);
  // The managed policy directories are not an agent's configuration: every subcommand that
  // decides reads them (the hook included).
  const own = ownSource();
  return [...new Set([...flagPaths(flags, "read"), ...flagPaths(flags, "write")])]
    .filter((p) => p !== state && !MANAGED_DIRS.includes(p) && !own.includes(p));
}

/**
 * The directory the user ran guard from. Under `deno task` the working directory is guard's
 * own checkout and `INIT_CWD` holds the user's; otherwise it is `PWD`.
 */
export function userDirectory(): string | null {
  for (const name of ["INIT_CWD", "PWD"]) {
    try {
      const v = Deno.env.get(name);
      if (v && v.startsWith("/")) return v.replace(/(.)\/+$/, "$1");
    } catch { /* no env permission for it */ }
  }
  return null;
}

/**
 * The proxy's flags: the guard task's, plus the MCP server's executable in
 * `--allow-run` (to judge relative paths, `PWD` is already in `--allow-env`).
 */
export function proxyFlags(home: string, serverCommand: string): string[] {
  return guardFlags(home).map((f) => (f.startsWith("--allow-run=") ? `${f},${serverCommand}` : f));
}

/**
 * The flags of `guard proxy --url <url>`: the guard task's without `--allow-run` (a remote server
 * is no child), plus the network for that one origin — `--allow-net=<host>:<port>`, the port
 * always explicit. Deno's permission check is what keeps every other origin out of reach; the
 * proxy refuses to start when its network permission is missing or wider than this.
 */
export function remoteProxyFlags(home: string, url: string): string[] {
  return [
    ...guardFlags(home).filter((f) => !f.startsWith("--allow-run")),
    `--allow-net=${netHost(url)}`,
  ];
}

/** `host:port` of an http(s) URL, as `--allow-net` names it (the default port made explicit). */
export function netHost(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol === "https:" ? "443" : "80")}`;
}

/** How this installation of guard is started: `deno run <flags> main.ts` or the compiled binary. */
export interface Launcher {
  compiled: boolean;
  /** The executable (deno, or the guard binary). */
  command: string;
  /** Arguments before guard's own subcommand. */
  prefix: string[];
}

/** The source checkout's main.ts, or null in a compiled binary. */
export function mainModulePath(): string | null {
  const p = sourcePath(Deno.mainModule);
  return p !== null && p.endsWith("/main.ts") ? p : null;
}

/**
 * How agents start guard. From source: the absolute path of deno (a bare `deno` from the agent's
 * PATH could be hijacked) with `--cached-only` and `--quiet` — a hook or proxy never reaches the
 * network for packages, and prints nothing of Deno's own; the packages were fetched into the
 * cache by the `deno task guard …` run that installed it.
 */
export function launcher(home: string, serverCommand?: string): Launcher {
  const main = mainModulePath();
  if (main === null) return { compiled: true, command: Deno.execPath(), prefix: [] };
  const flags = serverCommand ? proxyFlags(home, serverCommand) : guardFlags(home);
  return {
    compiled: false,
    command: Deno.execPath(),
    prefix: ["run", ...OFFLINE_FLAGS, ...flags, main],
  };
}

/**
 * How agents start `guard proxy --url <url>`: from source only (`deno run` with
 * `remoteProxyFlags`); null for a compiled binary, whose permissions were fixed when it was built
 * and hold no network.
 */
export function remoteLauncher(home: string, url: string): Launcher | null {
  const main = mainModulePath();
  if (main === null) return null;
  const flags = remoteProxyFlags(home, url);
  return {
    compiled: false,
    command: Deno.execPath(),
    prefix: ["run", ...OFFLINE_FLAGS, ...flags, main],
  };
}

/** Added in front of the task's flags in every command line an agent runs. */
export const OFFLINE_FLAGS = ["--cached-only", "--quiet"];

/** A shell-safe rendering of a command line (for hook configuration strings). */
export function shellJoin(words: string[]): string {
  return words.map((
    w,
  ) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`))
    .join(" ");
}

/**
 * The command an agent's hook runs: `… evaluate --agent <agent>` inside the wrapper that turns
 * any failure of guard into a stop (src/adapters/fail_closed.ts).
 */
export function hookCommand(
  home: string,
  agent: AgentName,
  main: string | null = mainModulePath(),
): string {
  // From source the hook runs the thin client (src/cli/hook_client.ts): it asks the resident
  // evaluator over its socket and evaluates in-process when that does not answer.
  const words = main === null ? [Deno.execPath(), "evaluate", "--agent", agent] : [
    Deno.execPath(),
    "run",
    ...OFFLINE_FLAGS,
    ...hookLockFlags(main),
    ...clientFlags(home, main),
    hookEntry(main),
    "evaluate",
    "--agent",
    agent,
  ];
  const env = main === null ? "" : denoDirPrefix();
  const line = shellJoin(words);
  // With the native client install compiled (src/cli/native/guard_hook.c) the line runs it in
  // front: it asks the evaluator and runs the thin client's line only when it has no answer.
  // Where the binary is gone, `$guard_hook` is empty and the thin client runs alone.
  const native = main !== null && hasNativeClient(home) ? nativeClientPath(home) : null;
  if (native === null || !/^[A-Za-z0-9_@%+=:,./-]+$/.test(native)) {
    return failClosedCommand(env + line, agent);
  }
  return failClosedCommand(
    `guard_hook=${native}; [ -x "$guard_hook" ] || guard_hook=; ${env}$guard_hook ${line}`,
    agent,
  );
}

/** Where `guard install` puts the native hook client (src/cli/native/native_client.ts). */
export function nativeClientPath(home: string): string {
  return `${stateDirFor(home)}/bin/guard-hook`;
}

/** Is the native hook client installed for `home` (a file its owner may run)? */
export function hasNativeClient(home: string): boolean {
  try {
    const st = Deno.statSync(nativeClientPath(home));
    return st.isFile && ((st.mode ?? 0) & 0o100) !== 0;
  } catch {
    return false;
  }
}

/**
 * The hook's module resolution: no configuration file, and `hook.lock` (deno.lock cut down to the
 * packages the hook can load, scripts/hook_lock.ts) frozen. Deno's set-up of a configuration file
 * and the project's whole lockfile cost every hook start 2.7 MiB of fresh memory (1.3 MiB net of
 * reading hook.lock; ADR 0024, fourth pass); the hook's modules name their npm packages by full
 * specifier, and the frozen lock still pins every package they pull in (a package the lock lacks
 * stops the call: exit 1, which the fail-closed wrapper turns into a stop).
 */
export function hookLockFlags(main: string): string[] {
  return ["--no-config", `--lock=${main.replace(/\/main\.ts$/, "")}/hook.lock`, "--frozen"];
}

/** The resident evaluator's socket (src/cli/serve.ts) in the state directory of `home`. */
export function socketPath(home: string): string {
  return `${home.replace(/\/+$/, "")}/.aiguard/guard.sock`;
}

/**
 * The stamp of the evaluator's last start by anyone (its mtime): the start line touches it, and
 * the native client starts the evaluator only when it is older than its backoff
 * (src/cli/native/guard_hook.c, "starting the evaluator").
 */
export function startedStampPath(home: string): string {
  return `${home.replace(/\/+$/, "")}/.aiguard/serve.started`;
}

/**
 * Left by `guard serve --stop`, removed by the next evaluator that starts: while it is there the
 * native client starts no evaluator.
 */
export function stoppedMarkerPath(home: string): string {
  return `${home.replace(/\/+$/, "")}/.aiguard/serve.stopped`;
}

/** The one network grant of the thin client and the evaluator: their Unix socket. */
export function socketFlag(home: string): string {
  return `--allow-net=unix:${socketPath(home)}`;
}

/**
 * The thin hook client's flags: the hook's (for its in-process fallback, read on guard's own `src/`
 * included) plus the socket, and read on the `deno.json` of the checkout `main` belongs to: the
 * client imports the engine through a computed specifier (hook_client.ts `importLate`), so the
 * engine's static import of deno.json is checked against the read grant too. guard's code is no
 * secret, and nothing of the user's is added.
 */
export function clientFlags(home: string, main: string | null = mainModulePath()): string[] {
  const root = main === null ? null : main.replace(/\/main\.ts$/, "");
  return [
    ...hookFlags(home).map((f) =>
      f.startsWith("--allow-read=") && root !== null ? `${f},${root}/deno.json` : f
    ),
    socketFlag(home),
  ];
}

/**
 * The resident evaluator's flags (`guard serve`): exactly the hook's — read/write on the state
 * directory, the hook's variables, `sys=uid`, no programs — plus the socket, nothing wider.
 */
export function serveFlags(home: string): string[] {
  return [...hookFlags(home), socketFlag(home)];
}

/** The thin client entry point of a source checkout: `src/cli/hook_client.ts` under `main.ts`. */
export function hookEntry(main: string): string {
  return main.replace(/main\.ts$/, "src/cli/hook_client.ts");
}

/**
 * The command line of the resident evaluator (a service unit's, `guard serve --detach`'s), or
 * null for a compiled binary (whose permissions hold no socket). `DENO_DIR` is returned apart:
 * a unit sets it as its environment, a shell puts it in front.
 */
export function serveCommand(
  home: string,
  main: string | null = mainModulePath(),
): { words: string[]; denoDir: string | null } | null {
  if (main === null) return null;
  const words = [Deno.execPath(), "run", ...OFFLINE_FLAGS, ...serveFlags(home), main, "serve"];
  let dir: string | undefined;
  try {
    dir = Deno.env.get("DENO_DIR");
  } catch { /* no env permission for it */ }
  return { words, denoDir: dir && dir.startsWith("/") ? dir : null };
}

/** The evaluator command line as one shell line (`DENO_DIR=… ` in front when set). */
export function serveShellLine(
  cmd: { words: string[]; denoDir: string | null },
  extra: string[] = [],
  exec = false,
): string {
  // `DENO_DIR=… exec cmd`: the assignment in front of `exec`, which would take it for a program.
  return `${cmd.denoDir ? `DENO_DIR=${shellJoin([cmd.denoDir])} ` : ""}${exec ? "exec " : ""}${
    shellJoin([...cmd.words, ...extra])
  }`;
}

/**
 * The evaluator started in the background by `sh`, which returns at once: the state directory
 * made first (0700 under the umask) so its log can be opened, the start stamped (`serve.started`,
 * so a native client that finds nobody listening meanwhile does not start a second one), no
 * terminal, stderr appended to `serve.log`. An evaluator that finds another one answering exits at once (src/cli/serve.ts).
 */
export function backgroundServeLine(
  home: string,
  cmd: { words: string[]; denoDir: string | null },
): string {
  const state = stateDirFor(home);
  return `umask 077; mkdir -p ${shellJoin([state])}; : >${shellJoin([startedStampPath(home)])}; ` +
    `${serveShellLine(cmd)} </dev/null >/dev/null 2>>${shellJoin([`${state}/serve.log`])} &`;
}

/**
 * The agents' session-start hook (`guard install`, where no service manager runs the evaluator
 * and where one does): starts the resident evaluator in the background and returns at once, so a
 * session in a container is answered warm after its first calls. Null for a compiled binary
 * (its permissions hold no socket). It prints nothing: an agent adds a session-start hook's
 * output to the model's context.
 */
export function startCommand(home: string, main: string | null = mainModulePath()): string | null {
  const cmd = serveCommand(home, main);
  return cmd ? backgroundServeLine(home, cmd) : null;
}

/**
 * `DENO_DIR=<dir> ` when guard runs from source with an explicit Deno cache: the hook must find
 * the packages in the cache this install filled, whatever the agent's environment holds.
 */
function denoDirPrefix(): string {
  let dir: string | undefined;
  try {
    dir = Deno.env.get("DENO_DIR");
  } catch { /* no env permission for it */ }
  return dir && dir.startsWith("/") ? `DENO_DIR=${shellJoin([dir])} ` : "";
}

/**
 * The flags of a process re-launched for one task that needs one grant the guard task does not
 * hold (`guard audit ship`: the network for its one destination; `guard audit verify --stream`:
 * read on the files the user named): the guard task's, without programs, with read and write
 * cut to the state directory (plus `read`), the home, Deno's cache and the account's name in the
 * environment, the host name (`sys`), and `--allow-net=<net>` when `net` is given. ADR 0029.
 */
export function taskFlags(
  home: string,
  opts: { net?: string; read?: string[]; write?: boolean },
): string[] {
  const state = `${home}/.aiguard`;
  const flags = guardFlags(home).flatMap((f) => {
    if (f.startsWith("--allow-run") || f.startsWith("--allow-net")) return [];
    if (f.startsWith("--allow-read=")) return [`--allow-read=${[state, ...opts.read ?? []]}`];
    if (f.startsWith("--allow-write=")) {
      return opts.write === false ? [] : [`--allow-write=${state}`];
    }
    if (f.startsWith("--allow-env=")) return ["--allow-env=HOME,PWD,DENO_DIR,USER,LOGNAME"];
    if (f.startsWith("--allow-sys=")) return ["--allow-sys=uid,hostname"];
    return [f];
  });
  return opts.net ? [...flags, `--allow-net=${opts.net}`] : flags;
}
