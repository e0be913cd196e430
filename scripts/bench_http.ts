/**
 * The cost of `guard proxy --url` in front of a remote MCP server: the official SDK client
 * calling the Streamable HTTP fixture server (tests/fixtures/mcp_http_server.ts, SSE mode)
 * directly over StreamableHTTPClientTransport, against the SDK's stdio client → guard proxy
 * --url (the production flags: remoteProxyFlags) → the same server. Sequential small
 * `tools/call`s after a warm-up, both sides in one run, one server.
 *
 * The direct client runs in a child process granted the network for the server's origin only
 * (the bench itself, like `deno task bench`, needs none); its timings are taken inside it.
 *
 * `deno run -A scripts/bench_http.ts [calls]` prints the figures; scripts/bench.ts imports
 * `benchHttpUpstream`.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { firstLine, guardEnv, MAIN_TS, REPO_ROOT, tempHome } from "./guard_flags.ts";
import { netHost, OFFLINE_FLAGS, remoteProxyFlags } from "../src/cli/flags.ts";

export interface CallFigures {
  callsPerSec: number;
  medianMs: number;
}

const WARMUP = 30;
const SERVER = `${REPO_ROOT}/tests/fixtures/mcp_http_server.ts`;

function figures(times: number[], totalMs: number): CallFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {
    callsPerSec: Math.round((times.length / totalMs) * 1000 * 10) / 10,
    medianMs: Math.round(median * 1000) / 1000,
  };
}

/** Sequential `notes` calls (a different text each time, as real calls are). */
async function timeCalls(client: Client, calls: number): Promise<CallFigures> {
  for (let i = 0; i < WARMUP; i++) {
    await client.callTool({ name: "notes", arguments: { text: `warm-up ${i}` } });
  }
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const s = performance.now();
    const r = await client.callTool({ name: "notes", arguments: { text: `call ${i}` } });
    times.push(performance.now() - s);
    if (r.isError) throw new Error(`call ${i} failed: ${JSON.stringify(r)}`);
  }
  return figures(times, performance.now() - t0);
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--cached-only", "--allow-net=127.0.0.1", "--allow-env", SERVER],
    env: { FIXTURE_MODE: "sse" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const port = JSON.parse(await firstLine(child, "the fixture server")).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
    },
  };
}

/** The direct side, in a child with the network for the server's origin only. */
async function direct(url: string, calls: number): Promise<CallFigures> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--cached-only",
      `--allow-net=${netHost(url)}`,
      "--allow-env",
      "--allow-read",
      import.meta.filename!,
      "--direct",
      url,
      String(calls),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").pop()!);
}

async function directChild(url: string, calls: number): Promise<void> {
  const { StreamableHTTPClientTransport } = await import(
    "@modelcontextprotocol/sdk/client/streamableHttp.js"
  );
  const client = new Client({ name: "bench-direct", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const r = await timeCalls(client, calls);
  await client.close();
  console.log(JSON.stringify(r));
  // The SDK's client leaves its event-stream reconnection timers behind: the figures are out.
  Deno.exit(0);
}

async function proxied(url: string, calls: number): Promise<CallFigures> {
  const home = await tempHome("guard-bench-http-");
  try {
    Deno.mkdirSync(`${home}/.aiguard`, { mode: 0o700 });
    Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, 'allow = ["^mcp__bench__notes "]\n', {
      mode: 0o600,
    });
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: [
        "run",
        ...OFFLINE_FLAGS,
        ...remoteProxyFlags(home, url),
        MAIN_TS,
        "proxy",
        "--name",
        "bench",
        "--url",
        url,
      ],
      env: guardEnv(home),
      stderr: "inherit",
    });
    const client = new Client({ name: "bench-proxy", version: "1.0.0" });
    await client.connect(transport);
    try {
      return await timeCalls(client, calls);
    } finally {
      await client.close();
    }
  } finally {
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
}

/** Direct and through guard proxy --url, one server, one run. */
export async function benchHttpUpstream(
  calls: number,
): Promise<{ direct: CallFigures; proxy: CallFigures }> {
  const server = await startServer();
  try {
    const d = await direct(server.url, calls);
    const p = await proxied(server.url, calls);
    return { direct: d, proxy: p };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  if (Deno.args[0] === "--direct") {
    await directChild(Deno.args[1], Number(Deno.args[2]));
  } else {
    const calls = Number(Deno.args[0] ?? 500);
    const r = await benchHttpUpstream(calls);
    console.log(JSON.stringify(r, null, 2));
    console.log(
      `proxy / direct: ${
        (r.proxy.callsPerSec / r.direct.callsPerSec).toFixed(2)
      }× calls per second`,
    );
  }
}
