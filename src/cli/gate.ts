/**
 * The decision gate every front end shares (the hook, the MCP proxy): evaluate
 * a ToolCall, and for an ask look for an out-of-band approval of this exact
 * call and cwd (consumed once) or write a challenge. The caller logs and maps
 * the result to its own protocol.
 */
import { canonicalCall } from "../core/canonical.ts";
import type { EngineContext } from "../core/engine.ts";
import type { Decision, ToolCall } from "../core/types.ts";
import { consumeApproval, pruneIfDue } from "../state/approvals.ts";
import { challengeToken, writeChallenge } from "../state/challenges.ts";
import { evaluateWithCapabilities } from "./runtime.ts";

export interface AuditStep {
  decision: Decision;
  token?: string;
  event: string;
}

export interface GateResult {
  /** allow: run it; block: never; ask: a challenge was written (token). */
  outcome: "allow" | "block" | "ask";
  decision: Decision;
  token?: string;
  /** Audit records, in order (the caller writes them; an allow needs the last one written). */
  audit: AuditStep[];
  /** Why an earlier approval for this call was refused, if one was. */
  refused?: string;
}

export async function gate(
  call: ToolCall,
  ctx: EngineContext,
  stateDir: string,
  deadline: number,
): Promise<GateResult> {
  const ev = await evaluateWithCapabilities(call, ctx, deadline);
  const d = ev.decision;
  if (d.action === "allow") {
    return { outcome: "allow", decision: d, audit: [{ decision: d, event: "PreToolUse" }] };
  }
  if (d.action === "block") {
    return { outcome: "block", decision: d, audit: [{ decision: d, event: "PreToolUse" }] };
  }
  const canonical = canonicalCall(call);
  const token = await challengeToken(canonical);
  const now = Date.now();
  const consumed = await consumeApproval(stateDir, token, canonical, call.cwd, now);
  const steps: AuditStep[] = [];
  if (consumed.status === "consumed") {
    const granted: Decision = {
      action: "allow",
      risk: d.risk,
      warning: `approved out of band with ${consumed.approval.method} (${d.rule}: ${d.warning})`,
      rule: "approval.granted",
      remediation: "",
    };
    pruneIfDue(stateDir, now);
    return {
      outcome: "allow",
      decision: granted,
      token,
      audit: [{ decision: granted, token, event: "approval.consumed" }],
    };
  }
  if (consumed.status === "rejected") {
    steps.push({
      decision: { ...d, warning: `approval rejected: ${consumed.reason}` },
      token,
      event: "approval.rejected",
    });
  }
  pruneIfDue(stateDir, now);
  writeChallenge(stateDir, {
    token,
    tool: call.tool,
    agent: call.agent,
    call: canonical,
    cwd: call.cwd,
    session: call.session,
    risk: d.risk,
    warning: d.warning,
    rule: d.rule,
    created_at: new Date().toISOString(),
  });
  steps.push({ decision: d, token, event: "challenge.created" });
  return {
    outcome: "ask",
    decision: d,
    token,
    audit: steps,
    ...(consumed.status === "rejected" ? { refused: consumed.reason } : {}),
  };
}
