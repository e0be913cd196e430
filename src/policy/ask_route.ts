/**
 * Ask routing: where an ask is answered — in the agent's own prompt (native) or out of band
 * (`guard approve` with the second factor). Pure: the front end says which agent asked, in
 * which mode, and whether a human is known to sit at its prompt.
 *
 * A native ask is offered only where all of these hold: the agent has one (Claude Code,
 * Cursor, Copilot CLI, Gemini CLI — not Codex or Kimi Code, whose hooks are deny-only), the
 * risk is below high (auto) or below critical (`asks = "native"`), and the session is known to
 * have a human at the prompt. Everything else, and every case where the mode is unknown, goes
 * out of band: a native ask must never become a run in a session nobody answers.
 */
import type { AskChannelPolicy } from "./user_policy.ts";
import type { Risk } from "../core/types.ts";

export type AskChannel = "native" | "out-of-band";

/** What the front end knows about who answers the agent's prompt. */
export interface AskContext {
  /** The agent (`claude`, `codex`, …; `mcp-proxy` for the proxy). */
  agent: string;
  /** The agent's permission mode as its payload names it (Claude: `permission_mode`), or null. */
  mode: string | null;
  /**
   * Whether the session is interactive: true when the agent says a human runs it (Claude Code's
   * `CLAUDE_CODE_ENTRYPOINT=cli`), false when it says it is headless (`sdk-cli` for `claude -p`),
   * null when it says nothing.
   */
  interactive: boolean | null;
}

/** Agents whose hook protocol has an ask the agent shows its user. */
export const NATIVE_ASK_AGENTS: ReadonlySet<string> = new Set([
  "claude",
  "cursor",
  "copilot",
  "gemini",
]);

/**
 * Claude Code's permission modes in which a human answers prompts. `bypassPermissions` and
 * `dontAsk` answer nothing; `auto` lets a classifier decide; an unknown mode is treated as none.
 */
const CLAUDE_HUMAN_MODES: ReadonlySet<string> = new Set(["default", "acceptEdits", "plan"]);

/** Is a human known to answer this agent's prompt? Unknown is no. */
export function humanAtPrompt(c: AskContext): boolean {
  switch (c.agent) {
    case "claude":
      // Headless (`claude -p`, the SDKs, actions) says so in its entry point; a payload without
      // one (an older Claude Code) is judged by its mode alone — a headless Claude Code refuses
      // a native ask by itself, so even then it never becomes a run.
      return c.interactive !== false && c.mode !== null && CLAUDE_HUMAN_MODES.has(c.mode);
    default:
      // Cursor, Copilot CLI and Gemini CLI say nothing about their mode or whether a human is
      // there (their payloads and environments were checked): unknown.
      return c.interactive === true;
  }
}

export interface Route {
  channel: AskChannel;
  /** Why, in a few words (audit and explain). */
  reason: string;
}

const RANK: Record<Risk, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Where this ask is answered. */
export function routeAsk(c: AskContext, risk: Risk, policy: AskChannelPolicy): Route {
  const oob = (reason: string): Route => ({ channel: "out-of-band", reason });
  if (policy === "out-of-band") return oob("the policy sends every ask out of band");
  if (!NATIVE_ASK_AGENTS.has(c.agent)) return oob(`${c.agent} has no ask of its own`);
  if (risk === "critical") return oob("critical risk is always approved out of band");
  if (policy === "auto" && RANK[risk] >= RANK.high) {
    return oob(`${risk} risk is approved out of band`);
  }
  if (policy === "native") {
    // Forced native still never reaches a session known to have nobody at the prompt.
    if (c.interactive === false || (c.agent === "claude" && !humanAtPrompt(c))) {
      return oob("nobody answers the agent's prompt in this session");
    }
    return { channel: "native", reason: "the policy asks in the agent's prompt" };
  }
  if (!humanAtPrompt(c)) {
    return oob(
      c.interactive === false
        ? "the session is headless"
        : c.mode === null && c.interactive === null
        ? "the agent does not say whether a human is at its prompt"
        : `nobody answers the agent's prompt in mode ${c.mode ?? "unknown"}`,
    );
  }
  return { channel: "native", reason: `${risk} risk, asked in the agent's prompt` };
}
