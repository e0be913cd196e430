/**
 * Adapter selection: `guard evaluate --agent <name>` names the agent; without
 * it the payload shape decides (Kimi sends `tool_call_id`, Codex `turn_id`).
 */
import type { ToolCall } from "../core/types.ts";
import { claudeAdapter } from "./claude.ts";
import { kimiAdapter } from "./kimi.ts";
import { asObject, InputError } from "./payload.ts";

export const AGENTS = ["claude", "codex", "kimi"] as const;
export type AgentName = typeof AGENTS[number];

export function isAgent(s: string): s is AgentName {
  return (AGENTS as readonly string[]).includes(s);
}

export function detectAgent(payload: unknown): AgentName {
  const p = asObject(payload, "payload");
  if ("tool_call_id" in p) return "kimi";
  if ("turn_id" in p) return "codex";
  return "claude";
}

export type HookEvent = "PreToolUse" | "PostToolUse";

export interface Adapted {
  agent: AgentName;
  event: HookEvent;
  call: ToolCall;
  /** PostToolUse: what the tool returned (`tool_response`; Kimi: `tool_output`). */
  response?: unknown;
}

export function adapt(payload: unknown, agent: AgentName | null): Adapted {
  const a = agent ?? detectAgent(payload);
  const p = asObject(payload, "payload");
  const event = p.hook_event_name;
  if (event !== "PreToolUse" && event !== "PostToolUse") {
    throw new InputError(
      `unsupported hook event ${
        JSON.stringify(event)
      } (guard evaluate handles PreToolUse and PostToolUse)`,
    );
  }
  const call = a === "kimi" ? kimiAdapter(payload) : claudeAdapter(payload, a);
  if (event === "PreToolUse") return { agent: a, event, call };
  const response = p.tool_response ?? p.tool_output ?? p.tool_result;
  if (response === undefined) {
    throw new InputError("PostToolUse payload has no tool_response");
  }
  return { agent: a, event, call, response };
}
