/**
 * The one source of guard's permission flags is the `guard` task in deno.json.
 * This module reads it (a JSON import: no file permission needed, and a
 * compiled binary embeds it) and derives everything else from it: the flags
 * with a real home directory, the proxy's flags, the command agents run, and
 * the agent configuration locations guard may touch (install, doctor).
 */
import config from "../../deno.json" with { type: "json" };

/** The raw `guard` task string. */
export function guardTask(): string {
  const task = (config as { tasks?: Record<string, unknown> }).tasks?.guard;
  if (typeof task !== "string") throw new Error("deno.json has no string task 'guard'");
  return task;
}

/** The flags between `deno run` and `main.ts`, with `$HOME` replaced by `home`. */
export function guardFlags(home: string): string[] {
  const words = guardTask().trim().split(/\s+/);
  if (words[0] !== "deno" || words[1] !== "run") {
    throw new Error("guard task must start with `deno run`");
  }
  const end = words.indexOf("main.ts");
  if (end < 0) throw new Error("guard task must run main.ts");
  return words.slice(2, end).map((w) => w.replaceAll("${HOME}", home).replaceAll("$HOME", home));
}

/** The paths of one `--allow-<name>=a,b,c` flag. */
export function flagPaths(flags: string[], name: "read" | "write" | "run" | "env"): string[] {
  const f = flags.find((x) => x.startsWith(`--allow-${name}=`));
  return f ? f.slice(`--allow-${name}=`.length).split(",").filter((x) => x) : [];
}

/**
 * Agent configuration locations under the home directory that the flags grant
 * (everything read/write except the state directory). Only install, uninstall,
 * mcp wrap, import and doctor keep them; every other subcommand revokes them.
 */
export function agentConfigPaths(home: string): string[] {
  const state = `${home}/.aiguard`;
  return flagPaths(guardFlags(home), "write").filter((p) => p !== state);
}

/**
 * The proxy's flags: the guard task's, plus the MCP server's executable in
 * `--allow-run` (to judge relative paths, `PWD` is already in `--allow-env`).
 */
export function proxyFlags(home: string, serverCommand: string): string[] {
  return guardFlags(home).map((f) => (f.startsWith("--allow-run=") ? `${f},${serverCommand}` : f));
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
  const m = Deno.mainModule;
  if (!m.startsWith("file://")) return null;
  const p = decodeURIComponent(m.slice(7));
  // deno compile serves the embedded modules from a virtual directory.
  if (/\/deno-compile-[^/]+\//.test(p)) return null;
  return p.endsWith("/main.ts") ? p : null;
}

export function launcher(home: string, serverCommand?: string): Launcher {
  const main = mainModulePath();
  if (main === null) return { compiled: true, command: Deno.execPath(), prefix: [] };
  const flags = serverCommand ? proxyFlags(home, serverCommand) : guardFlags(home);
  // The absolute path of deno: a hook that runs `deno` from the agent's PATH could be hijacked.
  return { compiled: false, command: Deno.execPath(), prefix: ["run", ...flags, main] };
}

/** A shell-safe rendering of a command line (for hook configuration strings). */
export function shellJoin(words: string[]): string {
  return words.map((
    w,
  ) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`))
    .join(" ");
}

/** The command an agent's hook runs: `… evaluate --agent <agent>`. */
export function hookCommand(home: string, agent: string): string {
  const l = launcher(home);
  return shellJoin([l.command, ...l.prefix, "evaluate", "--agent", agent]);
}
