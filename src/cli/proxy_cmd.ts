/**
 * `guard proxy [--name <server>] -- <command> [args…]`: the MCP stdio proxy
 * (`src/mcp/proxy.ts`). Wired into the agent's MCP configuration in place of
 * the server's command; see the README and `deno task hook-command --mcp`.
 *
 * `guard proxy --url <url> [--header 'Name: value']… [--name <server>]`: the same proxy in
 * front of a remote server over Streamable HTTP (`src/mcp/http_upstream.ts`), run with
 * `--allow-net` for that one origin (`remoteProxyFlags`); header values are never printed.
 */
import { PolicyError } from "../policy/user_policy.ts";
import { runProxy } from "../mcp/proxy.ts";
import { loadPolicy } from "../state/policy_file.ts";
import { ensureStateDir, stateDirFor, StateError } from "../state/state_dir.ts";
import { err } from "./io.ts";
import { findWorkspace, namedWorkspace } from "../state/workspace.ts";
import { baseContext } from "../gate/runtime.ts";
import {
  DEFAULT_IDLE_MS,
  HttpUpstream,
  parseHeaderArg,
  parseRemoteUrl,
  remoteServerName,
  type RemoteTarget,
} from "../mcp/http_upstream.ts";

const USAGE =
  "usage: guard proxy [--name <server>] [--workspace DIR|none] -- <server command> [args…]\n" +
  "       guard proxy --url <url> [--header 'Name: value']… [--name <server>] " +
  "[--workspace DIR|none] [--idle-timeout SECONDS]";

function revoke(d: Deno.PermissionDescriptor): void {
  try {
    Deno.permissions.revokeSync(d);
  } catch { /* not granted */ }
}

/**
 * Why the network permission does not fit `target`, or null when it is exactly its origin: it
 * must reach `host:port`, and none of the probes around it (the whole network, the host on any
 * port or the next one, loopback under another name, the cloud metadata address, a public host).
 */
export function netPermissionProblem(target: RemoteTarget): string | null {
  const granted = (host?: string) =>
    Deno.permissions.querySync(host === undefined ? { name: "net" } : { name: "net", host })
      .state === "granted";
  const flag = `--allow-net=${target.hostPort}`;
  if (!granted(target.hostPort)) {
    return `guard may not reach ${target.origin}: run it with ${flag} ` +
      "(guard mcp wrap writes that command line; deno task hook-command --mcp --url <url> prints it)";
  }
  const port = Number(target.hostPort.slice(target.hostPort.lastIndexOf(":") + 1));
  const probes = [
    undefined,
    target.hostname,
    `${target.hostname}:${port === 65535 ? 1 : port + 1}`,
    `${target.hostname === "localhost" ? "127.0.0.1" : "localhost"}:${port}`,
    "169.254.169.254:80",
    "example.com:443",
  ];
  for (const p of probes) {
    if (p === target.hostPort || p === `${target.hostname}:${port}`) continue;
    if (granted(p)) {
      return `the network permission is wider than ${target.origin}: run guard with exactly ${flag}`;
    }
  }
  return null;
}
const RUNNERS = new Set([
  "npx",
  "node",
  "deno",
  "bun",
  "bunx",
  "uvx",
  "uv",
  "python",
  "python3",
  "pipx",
  "docker",
]);

/** A policy-friendly server name: --name, else the package or program the command runs. */
export function serverName(command: string, args: string[]): string {
  const base = (s: string) => s.replace(/\/+$/, "").split("/").pop() ?? s;
  let pick = base(command);
  if (RUNNERS.has(pick)) {
    const arg = args.find((a) => !a.startsWith("-") && !["run", "exec", "x", "tool"].includes(a));
    if (arg) pick = base(arg.replace(/^npm:|^jsr:/, "").replace(/@[^/@]*$/, ""));
  }
  const clean = pick.replace(/\.(?:js|mjs|ts|py)$/, "").replace(/[^A-Za-z0-9_.-]/g, "-").replace(
    /^[-.]+/,
    "",
  );
  return (clean || "server").slice(0, 64);
}

export async function runProxyCommand(args: string[]): Promise<number> {
  let name: string | null = null;
  let workspaceArg: string | null = null;
  let urlArg: string | null = null;
  const headers: [string, string][] = [];
  let idleMs = DEFAULT_IDLE_MS;
  let dashed = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      dashed = true;
      i++;
      break;
    }
    if (a === "--url") {
      urlArg = args[++i] ?? "";
    } else if (a === "--header") {
      const h = parseHeaderArg(args[++i] ?? "");
      if ("error" in h) {
        err(`guard proxy: ${h.error}\n${USAGE}`);
        return 2;
      }
      headers.push([h.name, h.value]);
    } else if (a === "--idle-timeout") {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 3600) {
        err(`guard proxy: --idle-timeout needs whole seconds from 1 to 3600\n${USAGE}`);
        return 2;
      }
      idleMs = n * 1000;
    } else if (a === "--name") {
      name = args[++i] ?? null;
      if (!name || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
        err(`guard proxy: --name needs letters, digits, '.', '_' or '-'\n${USAGE}`);
        return 2;
      }
    } else if (a === "--workspace") {
      workspaceArg = args[++i] ?? "";
    } else {
      err(
        `guard proxy: unexpected ${
          JSON.stringify(a)
        } (the server command comes after --)\n${USAGE}`,
      );
      return 2;
    }
  }
  let target: RemoteTarget | null = null;
  if (urlArg !== null) {
    if (dashed || i < args.length) {
      err(`guard proxy: --url and a server command exclude each other\n${USAGE}`);
      return 2;
    }
    const t = parseRemoteUrl(urlArg);
    if ("error" in t) {
      err(`guard proxy: ${t.error}\n${USAGE}`);
      return 2;
    }
    target = t;
    // Least privilege: a remote server is no child; guard starts nothing.
    revoke({ name: "run" });
    const problem = netPermissionProblem(target);
    if (problem) {
      err(`guard proxy: FAIL-CLOSED ${problem}`);
      return 2;
    }
  } else {
    // The stdio proxy never uses the network.
    revoke({ name: "net" });
    if (headers.length) {
      err(`guard proxy: --header needs --url\n${USAGE}`);
      return 2;
    }
  }
  const command = args[i];
  if (!command && !target) {
    err(`guard proxy: no server command\n${USAGE}`);
    return 2;
  }
  const rest = args.slice(i + 1);
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard proxy: FAIL-CLOSED [input.state-insecure] HOME is not set to an absolute path");
    return 2;
  }
  const stateDir = stateDirFor(home);
  let policy;
  try {
    ensureStateDir(stateDir);
    policy = await loadPolicy(stateDir);
  } catch (e) {
    if (e instanceof PolicyError) {
      err(`guard proxy: FAIL-CLOSED [input.policy-invalid] ${e.message}`);
      return 2;
    }
    if (e instanceof StateError) {
      err(`guard proxy: FAIL-CLOSED [input.state-insecure] ${e.message}`);
      return 2;
    }
    throw e;
  }
  // The proxy's real working directory (where the client started it), never $PWD: a client that
  // sets the child's cwd but not its environment leaves PWD naming its own directory.
  let cwd = "/";
  try {
    cwd = Deno.cwd();
  } catch { /* the directory is gone: judge paths against / */ }
  // The workspace: the git root of the proxy's working directory (where guard may read), else
  // that directory; fixed for the proxy's lifetime.
  const bounds = baseContext(home, policy);
  let workspace: string | null;
  if (workspaceArg !== null) {
    const named = namedWorkspace(workspaceArg, bounds);
    if ("error" in named) {
      err(`guard proxy: ${named.error}\n${USAGE}`);
      return 2;
    }
    workspace = named.workspace;
  } else workspace = findWorkspace(cwd, bounds).workspace;
  try {
    return await runProxy({
      name: name ?? (target ? remoteServerName(target.url) : serverName(command, rest)),
      ...(target
        ? {
          upstream: new HttpUpstream(target, {
            headers,
            maxBytes: policy.mcp.maxResultBytes,
            idleMs,
          }),
        }
        : { command, args: rest }),
      home,
      stateDir,
      cwd,
      workspace,
      policy,
    });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      err(`guard proxy: cannot start ${JSON.stringify(command)}: not found`);
      return 2;
    }
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      err(
        `guard proxy: not allowed to start ${
          JSON.stringify(command)
        }: run guard with --allow-run=${command} (deno task hook-command --mcp prints the exact line)`,
      );
      return 2;
    }
    if (e instanceof StateError) {
      err(`guard proxy: FAIL-CLOSED [input.state-insecure] ${e.message}`);
      return 2;
    }
    throw e;
  }
}
