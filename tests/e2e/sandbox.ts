/**
 * Runs one agent case in a sandbox of its own: `unshare` gives it a network
 * namespace with only loopback (nothing the agent or guard does can reach
 * another host) and a PID namespace (whatever the agent leaves running is
 * ended with it). Needs root (or unprivileged user namespaces); where it is
 * not available, `sandboxProblem()` says why and the suite skips.
 */
import { type CaseResult, type CaseSpec, noResult } from "./run_case.ts";

/** A network namespace with only loopback, and a PID namespace whose first process is ours. */
const UNSHARE = ["--net", "--pid", "--fork", "--mount-proc", "--kill-child", "--"];

const RUNNER = new URL("./run_case.ts", import.meta.url).pathname;

let checked: string | null | undefined;

/** Why cases cannot be sandboxed here, or null when they can. */
export function sandboxProblem(): string | null {
  if (checked !== undefined) return checked;
  try {
    const o = new Deno.Command("unshare", {
      args: [...UNSHARE, "ip", "link", "set", "lo", "up"],
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
    checked = o.code === 0
      ? null
      : `unshare --net --pid failed: ${
        new TextDecoder().decode(o.stderr).trim()
      } (the suite needs root or user namespaces, and iproute2's ip)`;
  } catch (e) {
    checked = `unshare cannot be run: ${(e as Error).message}`;
  }
  return checked;
}

/** Runs a case; the outer bound is the case's own plus a margin for start-up. */
export async function runCase(spec: Omit<CaseSpec, "resultFile">): Promise<CaseResult> {
  const dir = await Deno.makeTempDir({ prefix: "guard-e2e-case-" });
  const specFile = `${dir}/spec.json`;
  const resultFile = `${dir}/result.json`;
  await Deno.writeTextFile(specFile, JSON.stringify({ ...spec, resultFile }));
  const child = new Deno.Command("unshare", {
    args: [
      ...UNSHARE,
      Deno.execPath(),
      "run",
      "-A",
      "--cached-only",
      RUNNER,
      specFile,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_DIR: Deno.env.get("DENO_DIR") ?? "", NO_COLOR: "1" },
  }).spawn();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  }, spec.timeoutMs + 30_000);
  const out = await child.output();
  clearTimeout(timer);
  let result: CaseResult;
  try {
    result = JSON.parse(await Deno.readTextFile(resultFile));
  } catch {
    result = noResult(
      `the case runner wrote no result (exit ${out.code}${killed ? ", killed" : ""}): ${
        new TextDecoder().decode(out.stderr).slice(-2000)
      }`,
      killed,
    );
  }
  await Deno.remove(dir, { recursive: true });
  return result;
}
