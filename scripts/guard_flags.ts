/**
 * The production permission flags have one source of truth: the `guard` task
 * in deno.json, read by `src/cli/flags.ts`. Tests, benchmarks and the demo run
 * `deno run <exactly those flags> main.ts …`, with `$HOME` expanded the way
 * `deno task` expands it.
 */

const ROOT = new URL("../", import.meta.url);

export const REPO_ROOT = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");
export const MAIN_TS = `${REPO_ROOT}/main.ts`;

import {
  clientFlags,
  guardFlags,
  hookFlags,
  hookLockFlags,
  OFFLINE_FLAGS,
  proxyFlags,
  serveFlags,
} from "../src/cli/flags.ts";
export { guardFlags, guardTask, proxyFlags } from "../src/cli/flags.ts";

/**
 * `deno run` and the flags before main.ts, as agents run guard: offline (`--cached-only`), quiet,
 * and the production permissions; with `server`, the proxy's (its MCP server may be started).
 */
export function runFlags(home: string, server?: string): string[] {
  return ["run", ...OFFLINE_FLAGS, ...(server ? proxyFlags(home, server) : guardFlags(home))];
}

/**
 * `run`, the proxy's production flags for `server` and `main.ts proxy --name NAME -- SERVER…`: a
 * stdio MCP server behind `guard proxy`, as the demo and the benchmarks start it.
 */
export function proxyRunArgs(home: string, name: string, server: string[]): string[] {
  return ["run", ...proxyFlags(home, server[0]), MAIN_TS, "proxy", "--name", name, "--", ...server];
}

/** `deno run` and the flags of the installed hook command (what agents run for every call). */
export function hookRunFlags(home: string): string[] {
  return ["run", ...OFFLINE_FLAGS, ...hookFlags(home)];
}

/**
 * Environment for a child guard process: HOME points at `home`, DENO_DIR stays shared. The native
 * client starts no evaluator (AIGUARD_NO_AUTOSTART): a test's hook call must not leave a process
 * behind that outlives its temporary home; the tests of that start pass `AIGUARD_NO_AUTOSTART: ""`.
 */
export function guardEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    AIGUARD_NO_AUTOSTART: "1",
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

/**
 * Runs a program with a clean environment (`env` only), `stdin` written then closed, and both
 * outputs collected; `ms` is spawn to exit.
 */
export async function runProcess(
  command: string,
  args: string[],
  opts: { cwd?: string; env: Record<string, string>; stdin?: string | Uint8Array },
): Promise<GuardRun> {
  const t0 = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd: opts.cwd ?? REPO_ROOT,
    env: opts.env,
    clearEnv: true,
    stdin: opts.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (opts.stdin !== undefined) {
    const w = child.stdin.getWriter();
    const input = opts.stdin;
    try {
      await w.write(typeof input === "string" ? new TextEncoder().encode(input) : input);
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

/** Runs `guard <args>` from source with exactly the production flags. */
export function runGuard(
  home: string,
  args: string[],
  stdin?: string | Uint8Array,
  opts: { cwd?: string; env?: Record<string, string>; project?: string } = {},
): Promise<GuardRun> {
  // `project`: run as `deno task guard …` from that directory (INIT_CWD and its grants).
  const flags = opts.project
    ? ["run", ...OFFLINE_FLAGS, ...guardFlags(home, opts.project)]
    : runFlags(home);
  return runProcess(Deno.execPath(), [...flags, MAIN_TS, ...args], {
    cwd: opts.cwd,
    env: guardEnv(home, { ...(opts.project ? { INIT_CWD: opts.project } : {}), ...opts.env }),
    stdin,
  });
}

/** A fresh temporary HOME for one test or benchmark. */
export async function tempHome(prefix = "guard-home-"): Promise<string> {
  return await Deno.makeTempDir({ prefix });
}

/**
 * The first line a child writes to its piped stdout (a server saying it listens, often with its
 * port); the rest of its stdout is discarded.
 */
export async function firstLine(child: Deno.ChildProcess, what: string): Promise<string> {
  const reader = child.stdout.getReader();
  const dec = new TextDecoder();
  let buf = "";
  while (!buf.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${what} ended before it was ready`);
    buf += dec.decode(value, { stream: true });
  }
  reader.releaseLock();
  void child.stdout.cancel();
  return buf.slice(0, buf.indexOf("\n"));
}

/** `deno run` and the flags of the resident evaluator (`guard serve`): the hook's plus its socket. */
export function serveRunFlags(home: string): string[] {
  return ["run", ...OFFLINE_FLAGS, ...serveFlags(home)];
}

/** `deno run` and the flags of the thin hook client: the hook's, the socket and read on guard's code. */
export function clientRunFlags(home: string): string[] {
  return ["run", ...OFFLINE_FLAGS, ...hookLockFlags(MAIN_TS), ...clientFlags(home, MAIN_TS)];
}

/** The thin hook client, the installed hook's entry point (src/cli/hook_client.ts). */
export const HOOK_TS = `${REPO_ROOT}/src/cli/hook_client.ts`;

/**
 * Starts `guard serve` for `home` in the foreground of a child process and waits until it
 * answers on its socket (src/cli/serve.ts); `stop()` ends it with SIGTERM.
 */
export async function startEvaluator(
  home: string,
): Promise<{ child: Deno.ChildProcess; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...serveRunFlags(home), MAIN_TS, "serve"],
    env: guardEnv(home),
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const sock = `${home}/.aiguard/guard.sock`;
  for (let i = 0; i < 600; i++) {
    try {
      const c = await Deno.connect({ transport: "unix", path: sock });
      c.close();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* gone */ }
    await child.stderr.cancel().catch(() => {});
    await child.status;
  };
  return { child, stop };
}
