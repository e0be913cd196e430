/**
 * `guard proxy [--name <server>] -- <command> [args…]`: the MCP stdio proxy
 * (`src/mcp/proxy.ts`). Wired into the agent's MCP configuration in place of
 * the server's command; see the README and `deno task hook-command --mcp`.
 */
import { PolicyError } from "../policy/user_policy.ts";
import { runProxy } from "../mcp/proxy.ts";
import { loadPolicy } from "../state/policy_file.ts";
import { ensureStateDir, stateDirFor, StateError } from "../state/state_dir.ts";
import { err } from "./io.ts";
import { findWorkspace, namedWorkspace } from "../state/workspace.ts";
import { baseContext } from "../gate/runtime.ts";

const USAGE =
  "usage: guard proxy [--name <server>] [--workspace DIR|none] -- <server command> [args…]";
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
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      i++;
      break;
    }
    if (a === "--name") {
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
  const command = args[i];
  if (!command) {
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
  let cwd = "/";
  try {
    const pwd = Deno.env.get("PWD");
    if (pwd && pwd.startsWith("/")) cwd = pwd;
  } catch { /* no env permission for PWD: judge paths against / */ }
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
      name: name ?? serverName(command, rest),
      command,
      args: rest,
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
