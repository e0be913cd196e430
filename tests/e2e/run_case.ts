/**
 * One agent run, inside its own network namespace (only loopback) and PID
 * namespace (`tests/e2e/sandbox.ts` starts it under `unshare`): brings the
 * loopback interface up, starts the mock model on 127.0.0.1, runs the agent
 * with `{URL}` in its arguments and environment replaced by the mock's
 * address, kills it at the bound, and writes one JSON result to the file named
 * in the spec. When this process ends, the kernel ends everything the agent
 * left behind in the PID namespace.
 */
import { type LoggedRequest, type ScriptedCall, startMockModel } from "./mock_model.ts";
import { firstLine } from "../../scripts/guard_flags.ts";

export interface CaseSpec {
  call: ScriptedCall | null;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
  resultFile: string;
  /** Text written to the agent's stdin (then closed); none: stdin is /dev/null. */
  stdin?: string;
  /**
   * JSON-RPC over stdio instead (`codex app-server`): each request is sent after the answer
   * to the one before has arrived (notifications, without an id, are sent at once); stdout
   * then holds the answers, one per line.
   */
  rpc?: Record<string, unknown>[];
  /**
   * Servers started inside the sandbox before the agent (each is ready once it has printed a
   * line on stdout), ended with it: e.g. a remote MCP server on loopback.
   */
  services?: { argv: string[]; env?: Record<string, string> }[];
}

export interface CaseResult {
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
  log: LoggedRequest[];
  problems: string[];
  toolResults: string[];
  /** Set when the case could not run at all (no loopback, agent missing). */
  error?: string;
}

/** The result of a case that could not run at all. */
export function noResult(error: string, timedOut: boolean): CaseResult {
  return {
    code: null,
    signal: null,
    timedOut,
    ms: 0,
    stdout: "",
    stderr: "",
    log: [],
    problems: [],
    toolResults: [],
    error,
  };
}

const fill = (s: string, url: string) => s.replaceAll("{URL}", url);

/** The mock model's port inside every sandbox (configuration files may name it). */
export const MOCK_PORT = 18080;
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;

async function main(spec: CaseSpec): Promise<CaseResult> {
  const lo = new Deno.Command("ip", { args: ["link", "set", "lo", "up"], stderr: "piped" })
    .outputSync();
  if (lo.code !== 0) {
    throw new Error(`cannot bring up loopback: ${new TextDecoder().decode(lo.stderr).trim()}`);
  }
  // Every case has a network namespace of its own, so the port is always free.
  const mock = startMockModel({ call: spec.call, port: MOCK_PORT });
  for (const svc of spec.services ?? []) await startService(svc);
  const env = Object.fromEntries(
    Object.entries(spec.env).map(([k, v]) => [k, fill(v, mock.url)]),
  );
  const argv = spec.argv.map((a) => fill(a, mock.url));
  const t0 = performance.now();
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    cwd: spec.cwd,
    env,
    clearEnv: true,
    stdin: spec.stdin === undefined && !spec.rpc ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (spec.rpc) {
    const timer = setTimeout(() => killAll(child), spec.timeoutMs);
    const stderr = new Response(child.stderr).text();
    const answers = await converse(child, spec.rpc);
    const status = await child.status;
    clearTimeout(timer);
    await mock.close();
    return {
      code: status.signal ? null : status.code,
      signal: status.signal,
      timedOut: false,
      ms: performance.now() - t0,
      stdout: answers.map((a) => JSON.stringify(a)).join("\n"),
      stderr: await stderr,
      log: mock.log,
      problems: mock.problems,
      toolResults: [],
    };
  }
  if (spec.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(spec.stdin)).catch(() => {});
    await w.close().catch(() => {});
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killAll(child);
  }, spec.timeoutMs);
  const out = await child.output();
  clearTimeout(timer);
  const ms = performance.now() - t0;
  await mock.close();
  return {
    code: out.signal ? null : out.code,
    signal: out.signal,
    timedOut,
    ms,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    log: mock.log,
    problems: mock.problems,
    toolResults: mock.toolResults(),
  };
}

/** Starts a service and waits for its first line on stdout (it is listening). */
async function startService(svc: { argv: string[]; env?: Record<string, string> }) {
  const child = new Deno.Command(svc.argv[0], {
    args: svc.argv.slice(1),
    env: svc.env ?? {},
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  await firstLine(child, `service ${svc.argv.join(" ")}`);
  child.unref();
}

/**
 * Ends the agent and everything it started. As the PID namespace's first process (pid 1), this
 * runner may signal every other process in the namespace at once: kill(-1) reaches exactly them.
 * Outside a PID namespace only the agent itself is killed (kill(-1) would reach far more).
 */
function killAll(child: Deno.ChildProcess): void {
  try {
    if (Deno.pid === 1) Deno.kill(-1, "SIGKILL");
    else child.kill("SIGKILL");
  } catch { /* already gone */ }
}

/** Sends the requests one by one, waiting for each answer; closes stdin at the end. */
async function converse(
  child: Deno.ChildProcess,
  requests: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const w = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const answers: Record<string, unknown>[] = [];
  const next = async (id: unknown) => {
    while (true) {
      const nl = buf.indexOf("\n");
      if (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        try {
          const m = JSON.parse(line);
          if (m.id === id) return m;
        } catch { /* a log line */ }
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buf += value;
    }
  };
  for (const r of requests) {
    await w.write(new TextEncoder().encode(JSON.stringify(r) + "\n"));
    if (r.id === undefined) continue;
    const a = await next(r.id);
    if (!a) break;
    answers.push(a);
  }
  await w.close();
  // Drain what is left so the process can exit.
  while (!(await reader.read()).done) { /* discard */ }
  return answers;
}

if (import.meta.main) {
  const spec: CaseSpec = JSON.parse(Deno.readTextFileSync(Deno.args[0]));
  let result: CaseResult;
  try {
    result = await main(spec);
  } catch (e) {
    result = noResult((e as Error).message, false);
  }
  Deno.writeTextFileSync(spec.resultFile, JSON.stringify(result));
  Deno.exit(0);
}
