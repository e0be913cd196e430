/**
 * Adapter selection: `guard evaluate --agent <name>` names the agent; without
 * it the payload shape decides (Kimi sends `tool_call_id`, Codex `turn_id`,
 * Gemini CLI `BeforeTool`/`AfterTool`, Cursor its `before…` events and
 * `conversation_id`, Copilot CLI `toolName` + `toolArgs`).
 */
import { claudeAdapter } from "./claude.ts";
import { copilotAdapter } from "./copilot.ts";
import { CURSOR_EVENTS, cursorAdapter } from "./cursor.ts";
import { geminiAdapter } from "./gemini.ts";
import { kimiAdapter } from "./kimi.ts";
import { type AdaptedCall, asObject, type HookEvent, InputError } from "./payload.ts";

export type { HookEvent } from "./payload.ts";

export const AGENTS = ["claude", "codex", "kimi", "gemini", "cursor", "copilot"] as const;
export type AgentName = typeof AGENTS[number];

export function isAgent(s: string): s is AgentName {
  return (AGENTS as readonly string[]).includes(s);
}

export function detectAgent(payload: unknown): AgentName {
  const p = asObject(payload, "payload");
  if ("tool_call_id" in p) return "kimi";
  if ("turn_id" in p) return "codex";
  const event = p.hook_event_name;
  if (event === "BeforeTool" || event === "AfterTool") return "gemini";
  if ((typeof event === "string" && CURSOR_EVENTS.includes(event)) || "conversation_id" in p) {
    return "cursor";
  }
  if (event === undefined && "toolName" in p && "toolArgs" in p) return "copilot";
  return "claude";
}

export interface Adapted extends AdaptedCall {
  agent: AgentName;
}

/** Claude Code, Codex and Kimi Code: PreToolUse and PostToolUse in Claude's wire format. */
function claudeFamily(payload: unknown, agent: AgentName): AdaptedCall {
  const p = asObject(payload, "payload");
  let event: unknown = p.hook_event_name;
  // Claude Code reports a tool that ran and failed as PostToolUseFailure (with `error`): for
  // guard it is a PostToolUse all the same (the call ran; its error text is its result).
  const failure = event === "PostToolUseFailure";
  if (failure) event = "PostToolUse";
  if (event !== "PreToolUse" && event !== "PostToolUse") {
    throw new InputError(
      `unsupported hook event ${
        JSON.stringify(event)
      } (guard evaluate handles PreToolUse, PostToolUse and PostToolUseFailure)`,
    );
  }
  const call = agent === "kimi" ? kimiAdapter(payload) : claudeAdapter(payload, agent);
  const mode = typeof p.permission_mode === "string" ? p.permission_mode : null;
  if (event === "PreToolUse") return { event, call, mode };
  // PostToolUse: what the tool returned (`tool_response`; Kimi: `tool_output`).
  const response = p.tool_response ?? p.tool_output ?? p.tool_result ??
    (failure ? p.error ?? "" : undefined);
  if (response === undefined) {
    throw new InputError("PostToolUse payload has no tool_response");
  }
  return { event: event satisfies HookEvent, call, response, mode };
}

export function adapt(payload: unknown, agent: AgentName | null): Adapted {
  const a = agent ?? detectAgent(payload);
  switch (a) {
    case "gemini":
      return { agent: a, ...geminiAdapter(payload) };
    case "cursor":
      return { agent: a, ...cursorAdapter(payload) };
    case "copilot":
      return { agent: a, ...copilotAdapter(payload) };
    default:
      return { agent: a, ...claudeFamily(payload, a) };
  }
}
