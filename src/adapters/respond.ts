/**
 * Each agent's output protocol: one `Outcome` (allow or not, said explicitly,
 * and guard's one line) → exit code, stderr and stdout as the agent needs them.
 *
 * - claude, codex, kimi: allow → exit 0; otherwise exit 2 with the line on stderr.
 *   (PostToolUse injection note: exit 0, stdout `{"decision":"block","reason":note}`.)
 * - gemini: allow → exit 0, no stdout; otherwise exit 2, the line on stderr and stdout
 *   `{"decision":"deny","reason":line}`. (AfterTool injection note: exit 0, stdout
 *   `{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":note}}`.)
 * - cursor: always exit 0; allow → `{"continue":true,"permission":"allow"}`, otherwise
 *   `{"continue":true,"permission":"deny","user_message":line,"agent_message":line}`.
 * - copilot: always exit 0; allow → `{"permissionDecision":"allow"}`, otherwise
 *   `{"permissionDecision":"deny","permissionDecisionReason":line}`.
 *
 * Cursor and Copilot always get exit 0 with JSON: a non-zero exit is a hook failure to them, and
 * they fail open on it. An ask is always a deny carrying `AIGUARD_CHALLENGE:<token>` (approval
 * happens out of band), never an agent's native "ask". The line goes to stderr for every agent.
 */
import type { AgentName } from "./registry.ts";

export interface Outcome {
  /** What guard decided; anything but "allow" stops the call. */
  verdict: "allow" | "block" | "ask" | "fail";
  /** guard's one line: why the call is stopped ("" for an allow). */
  line: string;
  /** An allowed PostToolUse whose result looks like a prompt injection: the note for the model. */
  note?: string;
}

/** What the hook process prints and exits with. */
export interface HookReply {
  code: number;
  stderr: string;
  /** JSON for the agent on stdout. */
  stdout?: string;
}

export function respond(agent: AgentName | null, o: Outcome): HookReply {
  const allow = o.verdict === "allow";
  const stderr = allow ? "" : o.line;
  switch (agent) {
    case "gemini":
      if (!allow) return { code: 2, stderr, stdout: json({ decision: "deny", reason: o.line }) };
      // AfterTool: additionalContext is appended to the tool result the model sees.
      return o.note === undefined ? { code: 0, stderr } : {
        code: 0,
        stderr,
        stdout: json({
          hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: o.note },
        }),
      };
    case "cursor":
      return {
        code: 0,
        stderr,
        stdout: json(
          allow ? { continue: true, permission: "allow" } : {
            continue: true,
            permission: "deny",
            user_message: o.line,
            agent_message: o.line,
          },
        ),
      };
    case "copilot":
      return {
        code: 0,
        stderr,
        stdout: json(
          allow
            ? { permissionDecision: "allow" }
            : { permissionDecision: "deny", permissionDecisionReason: o.line },
        ),
      };
    default:
      // Claude Code, Codex, Kimi Code (and an agent not known yet): exit 2 blocks.
      if (!allow) return { code: 2, stderr };
      // PostToolUse: a top-level block decision annotates the result (the tool already ran).
      return o.note === undefined
        ? { code: 0, stderr }
        : { code: 0, stderr, stdout: json({ decision: "block", reason: o.note }) };
  }
}

function json(v: unknown): string {
  return JSON.stringify(v);
}
