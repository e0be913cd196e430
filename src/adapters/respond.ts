/**
 * Each agent's output protocol: one `Outcome` (allow or not, said explicitly,
 * and guard's one line) → exit code, stderr and stdout as the agent needs them.
 *
 * - claude: allow → exit 0; otherwise exit 0 with stdout
 *   `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
 *   "permissionDecisionReason":line}}` — with exit 2 Claude Code would show the model the whole
 *   hook command line in front of the line. (PostToolUse injection note: exit 0, stdout
 *   `{"decision":"block","reason":note}`.)
 * - codex, kimi: allow → exit 0; otherwise exit 2 with the line on stderr.
 * - gemini: allow → exit 0, no stdout; otherwise exit 2, the line on stderr and stdout
 *   `{"decision":"deny","reason":line}`. (AfterTool injection note: exit 0, stdout
 *   `{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":note}}`.)
 * - cursor: always exit 0; allow → `{"continue":true,"permission":"allow"}`, otherwise
 *   `{"continue":true,"permission":"deny","user_message":line,"agent_message":line}`.
 * - copilot: always exit 0; allow → no output (a hook's "allow" would override the user's own
 *   rules), otherwise `{"permissionDecision":"deny","permissionDecisionReason":line}`
 *   (postToolUse injection note: `{"additionalContext":note}`).
 *
 * Cursor and Copilot always get exit 0 with JSON: Cursor runs the tool when a hook exits non-zero,
 * and Copilot CLI then denies without showing the model why. An out-of-band ask is a deny
 * carrying `AIGUARD_CHALLENGE:<token>`; a native ask ("ask-native", routed by
 * src/policy/ask_route.ts) is the agent's own: Claude Code and Copilot CLI
 * `permissionDecision: "ask"`, Cursor `permission: "ask"`, Gemini CLI `decision: "ask"` (which
 * forces its confirmation even in yolo mode; headless runs of all three refuse the call).
 * The line goes to stderr for every stop.
 */
import type { AgentName, HookEvent } from "./registry.ts";

export interface Outcome {
  /**
   * What guard decided; anything but "allow" stops the call — except "ask-native", which hands
   * the call to the agent's own prompt (only ever routed to agents that have one: Claude Code,
   * Cursor, Copilot CLI, Gemini CLI; any other agent gets a stop).
   */
  verdict: "allow" | "block" | "ask" | "ask-native" | "fail";
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

export function respond(
  agent: AgentName | null,
  o: Outcome,
  event: HookEvent = "PreToolUse",
): HookReply {
  const allow = o.verdict === "allow";
  const stderr = allow ? "" : o.line;
  if (o.verdict === "ask-native" && event === "PreToolUse") {
    const native = nativeAsk(agent, o.line);
    if (native) return native;
  }
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
      // An "allow" from a hook overrides the user's own permission rules in Copilot CLI, so guard
      // abstains (no output) instead; a postToolUse note is added to the result the model sees.
      if (!allow) {
        return {
          code: 0,
          stderr,
          stdout: json({ permissionDecision: "deny", permissionDecisionReason: o.line }),
        };
      }
      return o.note === undefined
        ? { code: 0, stderr }
        : { code: 0, stderr, stdout: json({ additionalContext: o.note }) };
    case "claude":
      // Claude Code: a JSON deny (exit 0) shows the model guard's line alone; an exit 2 would
      // show it behind "hook error: [<the whole hook command line>]". After the tool ran
      // (PostToolUse) a stop can only annotate the result.
      if (!allow && event === "PostToolUse") {
        return { code: 0, stderr, stdout: json({ decision: "block", reason: o.line }) };
      }
      if (!allow) {
        return {
          code: 0,
          stderr,
          stdout: json({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "deny",
              permissionDecisionReason: o.line,
            },
          }),
        };
      }
      return o.note === undefined
        ? { code: 0, stderr }
        : { code: 0, stderr, stdout: json({ decision: "block", reason: o.note }) };
    default:
      // Codex, Kimi Code (and an agent not known yet): exit 2 blocks.
      if (!allow) return { code: 2, stderr };
      // PostToolUse: a top-level block decision annotates the result (the tool already ran).
      return o.note === undefined
        ? { code: 0, stderr }
        : { code: 0, stderr, stdout: json({ decision: "block", reason: o.note }) };
  }
}

/** The agent's own ask, or null for an agent without one (it gets a stop instead). */
function nativeAsk(agent: AgentName | null, line: string): HookReply | null {
  switch (agent) {
    case "claude":
      return {
        code: 0,
        stderr: "",
        stdout: json({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "ask",
            permissionDecisionReason: line,
          },
        }),
      };
    case "copilot":
      return {
        code: 0,
        stderr: "",
        stdout: json({ permissionDecision: "ask", permissionDecisionReason: line }),
      };
    case "cursor":
      return {
        code: 0,
        stderr: "",
        stdout: json({
          continue: true,
          permission: "ask",
          user_message: line,
          agent_message: line,
        }),
      };
    case "gemini":
      return { code: 0, stderr: "", stdout: json({ decision: "ask", reason: line }) };
    default:
      return null;
  }
}

function json(v: unknown): string {
  return JSON.stringify(v);
}
