/**
 * Ask routing: agent × mode × risk × policy → native prompt or out of band. A native ask goes
 * only where a human is known to answer it; unknown is out of band.
 */
import assert from "node:assert/strict";
import { type AskChannel, routeAsk } from "../src/policy/ask_route.ts";
import type { AskChannelPolicy } from "../src/policy/user_policy.ts";
import type { Risk } from "../src/core/types.ts";

type Row = [string, string | null, boolean | null, Risk, AskChannelPolicy, AskChannel];

const N = "native";
const O = "out-of-band";
const ROWS: Row[] = [
  // Claude Code in a terminal: default, acceptEdits and plan have a human at the prompt.
  ["claude", "default", true, "low", "auto", N],
  ["claude", "default", true, "medium", "auto", N],
  ["claude", "acceptEdits", true, "medium", "auto", N],
  ["claude", "plan", true, "medium", "auto", N],
  ["claude", "default", true, "high", "auto", O],
  ["claude", "default", true, "critical", "auto", O],
  ["claude", "bypassPermissions", true, "medium", "auto", O],
  ["claude", "dontAsk", true, "medium", "auto", O],
  ["claude", "auto", true, "medium", "auto", O],
  ["claude", "something-new", true, "medium", "auto", O],
  ["claude", null, true, "medium", "auto", O],
  // Headless (`claude -p`, an SDK) says so: nobody answers. No entry point at all (an older
  // Claude Code): the mode decides (a headless one refuses a native ask itself).
  ["claude", "default", false, "medium", "auto", O],
  ["claude", "default", null, "medium", "auto", N],
  ["claude", "bypassPermissions", null, "medium", "auto", O],
  ["claude", null, null, "medium", "auto", O],
  // Forced native: below critical, still never headless or in a mode without a human.
  ["claude", "default", true, "high", "native", N],
  ["claude", "default", true, "critical", "native", O],
  ["claude", "bypassPermissions", true, "medium", "native", O],
  ["claude", "default", false, "medium", "native", O],
  ["claude", "default", true, "medium", "out-of-band", O],
  // Agents that do not say whether a human is there: out of band unless forced.
  ["copilot", null, null, "medium", "auto", O],
  ["gemini", null, null, "medium", "auto", O],
  ["cursor", null, null, "medium", "auto", O],
  ["copilot", null, null, "medium", "native", N],
  ["gemini", null, null, "low", "native", N],
  ["cursor", null, null, "high", "native", N],
  ["cursor", null, null, "critical", "native", O],
  ["copilot", null, true, "medium", "auto", N],
  ["gemini", null, false, "medium", "native", O],
  // Deny-only agents and the proxy never ask natively.
  ["codex", "default", true, "low", "native", O],
  ["kimi", null, true, "low", "native", O],
  ["mcp-proxy", null, null, "low", "native", O],
  ["unknown-agent", "default", true, "low", "auto", O],
];

for (const [agent, mode, interactive, risk, policy, want] of ROWS) {
  Deno.test(`ask route: ${agent} mode=${mode} interactive=${interactive} ${risk} asks=${policy} → ${want}`, () => {
    const r = routeAsk({ agent, mode, interactive }, risk, policy);
    assert.equal(r.channel, want, r.reason);
    assert.ok(r.reason.length > 0);
  });
}
