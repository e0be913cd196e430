/**
 * The decision gate every front end shares (the hook, the MCP proxy): evaluate
 * a ToolCall, and for an ask look for an out-of-band approval of this exact
 * call and cwd (consumed once) or write a challenge. The caller logs and maps
 * the result to its own protocol.
 */
import { canonicalCall } from "../core/canonical.ts";
import type { EngineContext } from "../core/engine.ts";
import { type FlowProof, type FlowVerdict, mergeDecisions } from "../core/flow.ts";
import { hasRule, rule } from "../core/rules.ts";
import type { Decision, Evaluation, Tier, ToolCall } from "../core/types.ts";
import { evaluateWithCapabilities } from "./runtime.ts";

export interface AuditStep {
  decision: Decision;
  token?: string;
  event: string;
  /** Flow-tracking proof (rule ids, labels, source result ids): no content. */
  flow?: FlowProof;
}

/** Flow tracking as the front end keeps it (a session file for the hook, memory for the proxy). */
export interface FlowHooks {
  /** The flow verdict for this call, merged with the engine's decision (most restrictive wins). */
  check(call: ToolCall, ev: Evaluation): FlowVerdict;
  /** The call is going to run. */
  admit(call: ToolCall, ev: Evaluation): void;
}

function tierOf(id: string): Tier {
  if (id.startsWith("user.")) return "user";
  return hasRule(id) ? rule(id).tier : "input";
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
  flow?: FlowHooks,
): Promise<GateResult> {
  const ev = await evaluateWithCapabilities(call, ctx, deadline);
  let d = ev.decision;
  let proof: FlowProof | undefined;
  if (flow) {
    const v = flow.check(call, ev);
    if (v.proof.rules.length) proof = v.proof;
    d = mergeDecisions(d, v.decision);
  }
  const step = (decision: Decision, event: string, token?: string): AuditStep => ({
    decision,
    event,
    ...(token ? { token } : {}),
    ...(proof ? { flow: proof } : {}),
  });
  // Observe mode: record what would have been stopped and let it run. Absolute Blocks and
  // fail-closed input problems still stop the call: nothing overrides them.
  const tier = tierOf(d.rule);
  if (
    ctx.policy.mode === "observe" && d.action !== "allow" && tier !== "absolute" && tier !== "input"
  ) {
    const r = rule("observe.allowed");
    const allowed: Decision = {
      action: "allow",
      risk: d.risk,
      warning: `${r.warning} (${d.rule}: ${d.warning})`,
      rule: r.id,
      remediation: r.remediation,
    };
    flow?.admit(call, ev);
    return {
      outcome: "allow",
      decision: allowed,
      audit: [
        step(d, d.action === "block" ? "would_block" : "would_ask"),
        step(allowed, "observe"),
      ],
    };
  }
  if (d.action === "allow") {
    flow?.admit(call, ev);
    return { outcome: "allow", decision: d, audit: [step(d, "PreToolUse")] };
  }
  if (d.action === "block") {
    return { outcome: "block", decision: d, audit: [step(d, "PreToolUse")] };
  }
  const canonical = canonicalCall(call);
  // Approval and challenge code loads only for asks: allows and blocks never pay for it.
  const [{ consumeApproval, pruneIfDue }, { challengeToken, writeChallenge }] = await Promise.all([
    import("../state/approvals.ts"),
    import("../state/challenges.ts"),
  ]);
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
    flow?.admit(call, ev);
    return {
      outcome: "allow",
      decision: granted,
      token,
      audit: [step(granted, "approval.consumed", token)],
    };
  }
  if (consumed.status === "rejected") {
    steps.push(
      step({ ...d, warning: `approval rejected: ${consumed.reason}` }, "approval.rejected", token),
    );
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
  steps.push(step(d, "challenge.created", token));
  return {
    outcome: "ask",
    decision: d,
    token,
    audit: steps,
    ...(consumed.status === "rejected" ? { refused: consumed.reason } : {}),
  };
}
