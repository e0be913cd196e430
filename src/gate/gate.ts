/**
 * The decision gate every front end shares (the hook, the MCP proxy): evaluate
 * a ToolCall, and for an ask look for an out-of-band approval of this exact
 * call and cwd (consumed once) or write a challenge. The caller logs and maps
 * the result to its own protocol.
 */
import { canonicalCall } from "../core/canonical.ts";
import type { EngineContext } from "../policy/engine.ts";
import { type FlowProof, type FlowVerdict, mergeDecisions } from "../flow/flow.ts";
import { hasRule, rule } from "../core/rules.ts";
import type { Decision, Tier, ToolCall } from "../core/types.ts";
import type { Evaluation } from "../policy/evaluation.ts";
import { evaluateWithCapabilities } from "./runtime.ts";
import type { Route } from "../policy/ask_route.ts";
import type { RememberedRule } from "../policy/remembered.ts";
import { withinCap } from "../policy/user_policy.ts";
import type { AskRecord } from "../audit/audit_entry.ts";
import { workspaceOf } from "../policy/engine.ts";
import { late } from "../core/late.ts";

export interface AuditStep {
  decision: Decision;
  token?: string;
  event: string;
  /** Flow-tracking proof (rule ids, labels, source result ids): no content. */
  flow?: FlowProof;
  /** An ask: its shape and channel (for `--remember` and `guard suggest`). */
  ask?: AskRecord;
}

/** Flow tracking as the front end keeps it (a session file for the hook, memory for the proxy). */
export interface FlowHooks {
  /** The flow verdict for this call, merged with the engine's decision (most restrictive wins). */
  check(call: ToolCall, ev: Evaluation): FlowVerdict;
  /** The call is going to run. */
  admit(call: ToolCall, ev: Evaluation): void;
}

function tierOf(id: string): Tier {
  if (id.startsWith("managed.")) return "managed";
  if (id.startsWith("user.") || id.startsWith("remembered.")) return "user";
  return hasRule(id) ? rule(id).tier : "input";
}

/** What the front end adds to the gate: where asks go, remembered rules, MCP hand-over. */
export interface GateOptions {
  /** Where an ask is answered (the hook routes by agent and mode); absent: out of band. */
  route?: (d: Decision) => Route;
  /** The remembered rules (read lazily by the proxy, up front by the hook). */
  remembered?: RememberedRule[] | (() => RememberedRule[]);
  /**
   * MCP calls judged by both front ends: the hook `give`s a pass when it lets an asked call
   * run, the proxy `take`s it (src/state/passes.ts), so one approval lets the call through both.
   */
  handOff?: "give" | "take";
  /**
   * Engine evaluations kept by the caller for identical calls (the proxy, whose policy and
   * workspace are fixed for its life): the engine is pure, so an identical call (tool, input,
   * cwd, agent) has the identical evaluation. Flow checks, approvals and remembered rules still
   * run for every call.
   */
  memo?: Map<string, Evaluation>;
}

/** Identical calls kept in a memo at most (then it starts over). */
export const MEMO_LIMIT = 1024;

export interface GateResult {
  /** allow: run it; block: never; ask: a challenge was written (token), or a native ask. */
  outcome: "allow" | "block" | "ask";
  /** For an ask: where it is answered. */
  channel?: Route["channel"];
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
  opts: GateOptions = {},
): Promise<GateResult> {
  const key = opts.memo ? `${call.agent}\0${call.cwd}\0${canonicalCall(call)}` : "";
  let ev = opts.memo?.get(key);
  if (!ev) {
    ev = await evaluateWithCapabilities(call, ctx, deadline);
    if (opts.memo) {
      if (opts.memo.size >= MEMO_LIMIT) opts.memo.clear();
      opts.memo.set(key, ev);
    }
  }
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
  // fail-closed input problems still stop the call: nothing overrides them; nor does the user's
  // observe mode relax a managed rule (only a managed `mode = "observe"` does).
  const tier = tierOf(d.rule);
  if (
    ctx.policy.mode === "observe" && d.action !== "allow" && tier !== "absolute" &&
    tier !== "input" && (tier !== "managed" || ctx.policy.managed?.mode === "observe")
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
  const [{ consumeApproval, pruneIfDue }, { challengeToken, writeChallenge }, passes] =
    await Promise
      .all([
        late<typeof import("../state/approvals.ts")>("../state/approvals.ts", import.meta.url),
        late<typeof import("../state/challenges.ts")>("../state/challenges.ts", import.meta.url),
        late<typeof import("../state/passes.ts")>("../state/passes.ts", import.meta.url),
      ]);
  const token = await challengeToken(canonical);
  const now = Date.now();
  const mcp = call.kind === "mcp";
  const give = (via: string) => {
    if (mcp && opts.handOff === "give") {
      passes.writePass(
        stateDir,
        "passes",
        { token, call: canonical, via, session: call.session, rule: d.rule },
        now,
      );
    }
  };
  const allowed = (granted: Decision, event: string): GateResult => {
    pruneIfDue(stateDir, now);
    flow?.admit(call, ev);
    return { outcome: "allow", decision: granted, token, audit: [step(granted, event, token)] };
  };
  const consumed = await consumeApproval(stateDir, token, canonical, call.cwd, now);
  const steps: AuditStep[] = [];
  if (consumed.status === "consumed") {
    give("approval");
    return allowed({
      action: "allow",
      risk: d.risk,
      warning: `approved out of band with ${consumed.approval.method} (${d.rule}: ${d.warning})`,
      rule: "approval.granted",
      remediation: "",
    }, "approval.consumed");
  }
  if (consumed.status === "rejected") {
    steps.push(
      step({ ...d, warning: `approval rejected: ${consumed.reason}` }, "approval.rejected", token),
    );
  }
  // The proxy: the hook already let this very call through (one decision per MCP call).
  if (mcp && opts.handOff === "take") {
    const p = await passes.takePass(stateDir, "passes", token, canonical, now);
    // Only for the ask the hook saw: a reason the proxy alone has (its flow state) still asks.
    if (p && p.rule === d.rule) {
      return allowed({
        action: "allow",
        risk: d.risk,
        warning: `let through by the hook (${p.via}) (${d.rule}: ${d.warning})`,
        rule: "approval.hook-pass",
        remediation: "",
      }, "approval.hook-pass");
    }
  }
  const all = typeof opts.remembered === "function" ? opts.remembered() : opts.remembered;
  // `[managed] remember` caps the scopes a remembered approval may have (off: none counts).
  const cap = ctx.policy.managed?.remember ?? "always";
  const remembered = cap === "always" ? all : all?.filter((r) => withinCap(r.scope, cap));
  const { callShape, rememberedFor } = await late<typeof import("../policy/remembered.ts")>(
    "../policy/remembered.ts",
    import.meta.url,
  );
  const shaped = callShape(call, { ...ev, decision: d }, ctx);
  const workspace = workspaceOf(ctx, call.cwd);
  if (remembered?.length) {
    const hit = "shape" in shaped
      ? rememberedFor(remembered, shaped.shape, { session: call.session, workspace })
      : null;
    if (hit) {
      give(`remembered:${hit.id}`);
      return allowed({
        action: "allow",
        risk: d.risk,
        warning: `remembered approval ${hit.id} (${hit.scope}) covers it (${d.rule}: ${d.warning})`,
        rule: `remembered.${hit.id}`,
        remediation: "",
      }, "remembered");
    }
  }
  const route = opts.route?.(d) ?? { channel: "out-of-band" as const, reason: "" };
  const ask = (channel: Route["channel"]): { ask: AskRecord } | Record<never, never> =>
    "shape" in shaped ? { ask: { shape: shaped.shape, workspace, channel } } : {};
  pruneIfDue(stateDir, now);
  if (route.channel === "native") {
    passes.writePass(stateDir, "asked", {
      token,
      call: canonical,
      via: "native",
      session: call.session,
      rule: d.rule,
    }, now);
    give("native");
    steps.push({
      ...step(
        { ...d, warning: `${d.warning} (asked in the agent's prompt: ${route.reason})` },
        "ask.native",
        token,
      ),
      ...ask("native"),
    });
    return { outcome: "ask", channel: "native", decision: d, token, audit: steps };
  }
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
    ...("shape" in shaped
      ? { shape: shaped.shape, workspace }
      : { unrememberable: shaped.refused }),
  });
  steps.push({ ...step(d, "challenge.created", token), ...ask("out-of-band") });
  return {
    outcome: "ask",
    channel: "out-of-band",
    decision: d,
    token,
    audit: steps,
    ...(consumed.status === "rejected" ? { refused: consumed.reason } : {}),
  };
}
