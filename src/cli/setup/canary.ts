/**
 * The canary: one call guard must always stop (a recursive delete of `/`, an
 * Absolute Block), in an agent's own wire format, piped through the exact hook
 * command the agent will run, the way the agent runs it (`sh -c`, the
 * payload on stdin). It passes when the reply is the agent's stop and comes
 * from guard's own decision — not from the fail-closed wrapper, which would
 * mean guard itself could not start — with nothing but guard's line on stderr.
 * `guard install` runs it after writing a hook, `guard doctor` for each agent.
 */
import { SHELL } from "../privileges.ts";
import type { AgentName as InstallAgent } from "../../adapters/registry.ts";

export const CANARY_SESSION = "guard-canary";
const CANARY_COMMAND = "rm -rf / # guard canary: must be blocked";

/** The canary call in `agent`'s PreToolUse wire format. */
export function canaryPayload(agent: InstallAgent, cwd: string): Record<string, unknown> {
  const command = CANARY_COMMAND;
  const claudeLike = {
    session_id: CANARY_SESSION,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  };
  switch (agent) {
    case "claude":
      return claudeLike;
    case "codex":
      return { ...claudeLike, turn_id: "canary" };
    case "kimi":
      return { ...claudeLike, tool_name: "Shell", tool_call_id: "canary" };
    case "gemini":
      return {
        ...claudeLike,
        hook_event_name: "BeforeTool",
        tool_name: "run_shell_command",
        timestamp: new Date(0).toISOString(),
      };
    case "cursor":
      return {
        conversation_id: CANARY_SESSION,
        generation_id: "canary",
        hook_event_name: "beforeShellExecution",
        workspace_roots: [cwd],
        command,
        cwd,
      };
    case "copilot":
      return {
        sessionId: CANARY_SESSION,
        timestamp: 0,
        cwd,
        toolName: "bash",
        toolArgs: { command },
      };
  }
}

export interface Stop {
  /** The agent will not run the call. */
  stopped: boolean;
  /** guard's reason as the agent receives it. */
  reason: string;
}

function jsonOut(stdout: string): Record<string, unknown> | null {
  const t = stdout.trim();
  if (!t.startsWith("{")) return null;
  try {
    return JSON.parse(t);
  } catch {
    return null;
  }
}

/** How `agent` reads a hook's reply: is the call stopped, and why (per the agents' protocols). */
export function readReply(agent: InstallAgent, code: number, stdout: string, stderr: string): Stop {
  const j = jsonOut(stdout);
  switch (agent) {
    case "claude": {
      const h = j?.hookSpecificOutput as Record<string, unknown> | undefined;
      if (code === 0 && h?.permissionDecision === "deny") {
        return { stopped: true, reason: String(h.permissionDecisionReason ?? "") };
      }
      return { stopped: code === 2, reason: stderr.trim() };
    }
    case "gemini":
      if (j && (j.decision === "deny" || j.decision === "block")) {
        return { stopped: true, reason: String(j.reason ?? "") };
      }
      return { stopped: code !== 0 && code !== 1 && stderr.trim() !== "", reason: stderr.trim() };
    case "cursor":
      return { stopped: j?.permission === "deny", reason: String(j?.agent_message ?? "") };
    case "copilot":
      return {
        stopped: j?.permissionDecision === "deny" || (code !== 0),
        reason: String(j?.permissionDecisionReason ?? stderr.trim()),
      };
    default: // codex, kimi: exit 2 with a reason on stderr
      return { stopped: code === 2 && stderr.trim() !== "", reason: stderr.trim() };
  }
}

export interface CanaryResult {
  ok: boolean;
  detail: string;
  fix?: string;
}

/** Runs the canary through `command` (a hook command line) as `agent` would. */
export async function runCanary(
  agent: InstallAgent,
  command: string,
  cwd: string,
): Promise<CanaryResult> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(SHELL, {
      args: ["-c", command],
      cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (e) {
    return { ok: false, detail: `cannot run ${SHELL}: ${(e as Error).message}` };
  }
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, 20_000);
  try {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify(canaryPayload(agent, cwd))));
    await w.close();
  } catch { /* the hook exited without reading: its answer still counts */ }
  const o = await child.output();
  clearTimeout(timer);
  const stdout = new TextDecoder().decode(o.stdout);
  const stderr = new TextDecoder().decode(o.stderr);
  if (o.signal) {
    return { ok: false, detail: `the hook was killed (${o.signal}) after 20 s` };
  }
  const stop = readReply(agent, o.code, stdout, stderr);
  if (!stop.stopped) {
    return {
      ok: false,
      detail: `the canary was NOT stopped (exit ${o.code}): ${
        (stderr || stdout).trim().slice(0, 300)
      }`,
      fix: `guard install --agent ${agent}`,
    };
  }
  if (!/guard: BLOCKED \[abs\./.test(stop.reason)) {
    const why = stop.reason.slice(0, 400);
    return {
      ok: false,
      detail: `the call is stopped, but guard itself did not decide: ${why}`,
      fix: /cached-only|not found in cache|npm package/.test(why)
        ? "run `deno task guard doctor` once with network access so Deno fills its cache"
        : "run the hook command by hand to see why guard cannot start",
    };
  }
  const noise = stderr.split("\n").filter((l) => l.trim() && !l.startsWith("guard: "));
  if (noise.length) {
    return {
      ok: false,
      detail: `stopped, but the hook printed more than guard's line: ${noise[0].slice(0, 200)}`,
      fix: "reinstall so the hook runs with --cached-only --quiet",
    };
  }
  return { ok: true, detail: `offline, ${agent}'s stop` };
}
