/**
 * One large server message through a stdio MCP server, directly or through `guard proxy`, timed
 * from the request to the last byte of the answer line, with the child's resident memory before
 * and its high-water mark after (bench section 7): a 10 MiB `tools/call` result and a 10 MiB
 * `resources/read` answer, both scanned as they arrive (src/mcp/result_stream.ts).
 *
 * Measured with a raw line client: the SDK client's own read buffer takes seconds to assemble a
 * 10 MiB line, which would hide the proxy's cost. Run alone:
 * `deno run --v8-flags=--enable-experimental-regexp-engine -A scripts/bench_proxy_big.ts`.
 */
import { ensureStateDir } from "../src/state/state_dir.ts";
import { guardEnv, proxyRunArgs, REPO_ROOT, tempHome } from "./guard_flags.ts";

export interface BigRun {
  ms: number;
  peakRssMiB: number | null;
  baseRssMiB: number | null;
  /** The answer was withheld (a short error or isError reply naming a guard rule). */
  withheld: boolean;
  bytes: number;
}

/** A process's resident memory (VmRSS) or its high-water mark (VmHWM), in MiB. */
export function rssOf(pid: number | null | undefined, field: "VmHWM" | "VmRSS"): number | null {
  if (!pid) return null;
  try {
    // Deno reads /proc/<pid> only with --allow-all; `cat` needs just --allow-run.
    const status = new TextDecoder().decode(
      new Deno.Command("cat", { args: [`/proc/${pid}/status`] }).outputSync().stdout,
    );
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The fixture server alone, and behind `guard proxy` (its state in `home`). */
export function bigCommands(home: string): { direct: string[]; proxy: string[] } {
  const fixture = [Deno.execPath(), "run", "-A", `${REPO_ROOT}/tests/fixtures/mcp_server.ts`];
  return {
    direct: fixture,
    proxy: [Deno.execPath(), ...proxyRunArgs(home, "bench", fixture)],
  };
}

/** One request (`method`, `params`) answered by one large line, through a fresh process. */
export async function bigOnce(
  cmd: string[],
  home: string,
  method: string,
  params: Record<string, unknown>,
): Promise<BigRun> {
  const child = new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    env: guardEnv(home),
    cwd: home,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  const reader = child.stdout.getReader();
  let pending: Uint8Array[] = [];
  const nextLine = async (): Promise<Uint8Array> => {
    while (true) {
      const last = pending[pending.length - 1];
      const nl = last ? last.indexOf(10) : -1;
      if (nl >= 0) {
        const total = pending.reduce((n, c) => n + c.length, 0) - last.length + nl;
        const line = new Uint8Array(total);
        let off = 0;
        for (const c of pending.slice(0, -1)) {
          line.set(c, off);
          off += c.length;
        }
        line.set(last.subarray(0, nl), off);
        pending = nl + 1 < last.length ? [last.subarray(nl + 1)] : [];
        return line;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("proxy bench: the server closed the connection");
      pending.push(value);
    }
  };
  const send = (m: unknown) => w.write(new TextEncoder().encode(JSON.stringify(m) + "\n"));
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench", version: "1" },
    },
  });
  await nextLine();
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  await nextLine();
  const base = rssOf(child.pid, "VmRSS");
  const t1 = performance.now();
  await send({ jsonrpc: "2.0", id: 3, method, params });
  const line = await nextLine();
  const ms = performance.now() - t1;
  const peak = rssOf(child.pid, "VmHWM");
  const head = new TextDecoder().decode(line.subarray(0, 65536));
  const withheld = line.length < 65536 && /guard: BLOCKED/.test(head) &&
    (/"isError":true/.test(head) || /"error":/.test(head));
  await w.close();
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
  await child.status;
  return { ms, peakRssMiB: peak, baseRssMiB: base, withheld, bytes: line.length };
}

/** The median of three runs, each through a fresh process (peak RSS is its high-water mark). */
export async function bigMedian(
  cmd: string[],
  home: string,
  method: string,
  params: Record<string, unknown>,
): Promise<BigRun> {
  const runs = [];
  for (let r = 0; r < 3; r++) runs.push(await bigOnce(cmd, home, method, params));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[1];
}

/** The 10 MiB call to the `big` tool and the 10 MiB resources/read, each as a request. */
export const BIG_TOOL = { method: "tools/call", params: { name: "big", arguments: { mib: 10 } } };
export const BIG_RESOURCE = { method: "resources/read", params: { uri: "big:///?mib=10" } };

if (import.meta.main) {
  const home = await tempHome("guard-bench-big-");
  ensureStateDir(`${home}/.aiguard`);
  Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, 'allow = ["^mcp__bench__big "]\n', {
    mode: 0o600,
  });
  const cmds = bigCommands(home);
  for (
    const [label, req] of [["10 MiB tools/call result", BIG_TOOL], [
      "10 MiB resources/read",
      BIG_RESOURCE,
    ]] as const
  ) {
    const d = await bigMedian(cmds.direct, home, req.method, req.params);
    const p = await bigMedian(cmds.proxy, home, req.method, req.params);
    console.log(
      `${label}: through guard proxy ${p.ms.toFixed(1)} ms (direct ${d.ms.toFixed(1)} ms), ` +
        `proxy RSS peak ${p.peakRssMiB?.toFixed(0)} MiB (idle ${p.baseRssMiB?.toFixed(0)} MiB)` +
        `${p.withheld ? ", withheld" : ""}, ${p.bytes} bytes`,
    );
  }
  await Deno.remove(home, { recursive: true }).catch(() => {});
}
