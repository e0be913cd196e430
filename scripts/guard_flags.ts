/**
 * The production permission flags have one source of truth: the `guard` task
 * in deno.json. Tests, benchmarks and the demo read them from there and run
 * `deno run <exactly those flags> main.ts …`, with `$HOME` expanded the way
 * `deno task` expands it.
 */

const ROOT = new URL("../", import.meta.url);

export const REPO_ROOT = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");
export const MAIN_TS = `${REPO_ROOT}/main.ts`;

/** The raw `guard` task string from deno.json. */
export function guardTask(): string {
  const cfg = JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/deno.json`));
  const task = cfg.tasks?.guard;
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

/**
 * The proxy's flags: the guard task's, plus the MCP server's executable in
 * `--allow-run` and `PWD` in `--allow-env` (to judge relative paths against the
 * directory the client started the server in). Nothing else.
 */
export function proxyFlags(home: string, serverCommand: string): string[] {
  return guardFlags(home).map((f) => {
    if (f.startsWith("--allow-run=")) return `${f},${serverCommand}`;
    if (f.startsWith("--allow-env=")) return `${f},PWD`;
    return f;
  });
}

/** Environment for a child guard process: HOME points at `home`, DENO_DIR stays shared. */
export function guardEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    ...extra,
  };
  const dir = Deno.env.get("DENO_DIR") ?? denoDirFromHome();
  if (dir) env.DENO_DIR = dir;
  env.NO_COLOR = "1";
  return env;
}

let cachedDenoDir: string | null | undefined;

/** The Deno cache of the current user, so child processes with another HOME reuse it. */
function denoDirFromHome(): string | null {
  if (cachedDenoDir !== undefined) return cachedDenoDir;
  try {
    const out = new Deno.Command(Deno.execPath(), {
      args: ["info", "--json"],
      stdout: "piped",
      stderr: "null",
    })
      .outputSync();
    cachedDenoDir = JSON.parse(new TextDecoder().decode(out.stdout)).denoDir ?? null;
  } catch {
    const h = Deno.env.get("HOME");
    cachedDenoDir = h ? `${Deno.env.get("XDG_CACHE_HOME") ?? h + "/.cache"}/deno` : null;
  }
  return cachedDenoDir ?? null;
}

export interface GuardRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `guard <args>` from source with exactly the production flags. */
export async function runGuard(
  home: string,
  args: string[],
  stdin?: string | Uint8Array,
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<GuardRun> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", ...guardFlags(home), MAIN_TS, ...args],
    cwd: opts.cwd ?? REPO_ROOT,
    env: guardEnv(home, opts.env),
    clearEnv: true,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const t0 = performance.now();
  const child = cmd.spawn();
  if (stdin !== undefined) {
    const w = child.stdin.getWriter();
    try {
      await w.write(typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin);
      await w.close();
    } catch {
      // the child may exit before reading everything (size limit): that is its answer
    }
  }
  const out = await child.output();
  const ms = performance.now() - t0;
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    ms,
  };
}

/** A fresh temporary HOME for one test or benchmark. */
export async function tempHome(prefix = "guard-home-"): Promise<string> {
  return await Deno.makeTempDir({ prefix });
}
