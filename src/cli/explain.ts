/**
 * `guard explain '<command>'` and `guard explain --tool <Name> --input '<json>'`:
 * prints the Decision and the trace (parser, simple commands, rules matched).
 * Reads no stdin and writes nothing but its output.
 */
import { claudeToolCall } from "../adapters/claude.ts";
import { asObject, InputError } from "../adapters/payload.ts";
import type { ToolCall } from "../core/types.ts";
import type { Evaluation } from "../policy/evaluation.ts";
import { loadPolicy } from "../state/policy_file.ts";
import { ensureStateDir, stateDirFor, StateError } from "../state/state_dir.ts";
import {
  callShape,
  describeShape,
  rememberedFor,
  type RememberedRule,
} from "../policy/remembered.ts";
import type { CallShape } from "../shell/call_shape.ts";
import { loadRemembered } from "../state/remembered.ts";
import { baseContext, evaluateWithCapabilities } from "../gate/runtime.ts";
import {
  type CompiledPolicy,
  EMPTY_POLICY,
  PolicyError,
  withinCap,
} from "../policy/user_policy.ts";
import { policyRuleById } from "../policy/managed_policy.ts";
import { hasRule, rule } from "../core/rules.ts";
import { findWorkspace, type FoundWorkspace, namedWorkspace } from "../state/workspace.ts";

const USAGE = `usage: guard explain [--cwd DIR] [--workspace DIR|none] [--json] '<command>'
       guard explain [--cwd DIR] [--workspace DIR|none] [--json] --tool <Name> --input '<json>'
The workspace is the git root of the cwd (where guard may read), else the cwd; --workspace
names it instead (the hook uses the one its session's first call anchored).`;

/** The workspace line of the text output. */
export function formatWorkspace(
  w: FoundWorkspace | { workspace: string | null; source: "option" },
): string {
  const how = w.source === "git-root"
    ? "git root of the cwd"
    : w.source === "cwd"
    ? "the cwd"
    : w.source === "option"
    ? "--workspace"
    : "none";
  const note = "note" in w && w.note ? `; ${w.note}` : "";
  return `Workspace: ${w.workspace ?? "none (every write is outside)"}  (${how}${note})`;
}

export function formatEvaluation(ev: Evaluation, call: ToolCall, workspace?: string): string {
  const d = ev.decision;
  const t = ev.trace;
  const lines: string[] = [];
  lines.push(`Decision: ${d.action.toUpperCase()}  risk=${d.risk}  rule=${d.rule}`);
  lines.push(`  ${d.warning}`);
  if (d.remediation) lines.push(`  Remediation: ${d.remediation}`);
  // The loss model's judgement: what the effects that raised a rule would destroy.
  const lost = new Set<string>();
  for (const u of t.units) {
    for (const e of u.effects ?? []) if (e.verdict && e.lost) lost.add(`${e.lost}  [${e.verdict}]`);
  }
  for (const l of lost) lines.push(`  Would lose: ${l}`);
  lines.push("");
  lines.push(`Call: ${call.tool} (${call.kind})  cwd=${call.cwd}`);
  if (workspace !== undefined) lines.push(workspace);
  if (call.kind === "shell") {
    lines.push(
      `Parsed by: ${t.parser === "fast" ? "fast path (no tree-sitter needed)" : t.parser}`,
    );
    if (t.parseErrors.length) lines.push(`Parse errors: ${t.parseErrors.join("; ")}`);
    lines.push(`Simple commands (${t.units.length}):`);
    for (const u of t.units) {
      const via = u.origin ? `  via ${u.origin}` : "";
      const parent = u.parent !== null ? ` (from #${u.parent})` : "";
      lines.push(
        `  #${u.id} ${u.text || "(redirections only)"}${via}${parent}  cwd=${
          u.cwd ?? "unknown"
        }  → ${u.verdict} [${u.rule}]`,
      );
      if (u.program) lines.push(`      table: ${u.program}`);
      for (const e of u.effects ?? []) {
        lines.push(
          `      ${e.effect} ${e.target}${e.zone ? `  zone=${e.zone}` : ""}  → ${
            e.verdict ?? "runs"
          }`,
        );
        if (e.lost) lines.push(`        would lose: ${e.lost}`);
      }
    }
  }
  lines.push(`Rules matched (${t.findings.length}, in order):`);
  for (const f of t.findings) {
    const on = f.unit !== undefined ? ` on #${f.unit}` : "";
    lines.push(
      `  ${f.rule} [${f.tier}, ${f.action}, ${f.risk}]${on}${f.detail ? `: ${f.detail}` : ""}`,
    );
  }
  if (t.findings.length === 0) lines.push("  (none)");
  return lines.join("\n");
}

/** Which layer of the policy order decided: the Absolute Block, managed, yours, or built in. */
export function decidingLayer(ruleId: string, policy: CompiledPolicy): string {
  if (ruleId === "managed.mcp.hosts") {
    return `managed policy ([mcp] hosts_allow of ${policy.managed?.files.join(", ") ?? "?"})`;
  }
  if (ruleId.startsWith("managed.") || ruleId.startsWith("user.")) {
    const r = policyRuleById(policy, ruleId);
    const where = r ? `${r.file ?? policy.file ?? "?"}${r.line ? `:${r.line}` : ""}` : "?";
    return ruleId.startsWith("managed.")
      ? `managed policy, ${ruleId} (${where})`
      : `your policy, ${ruleId} (${where})`;
  }
  if (hasRule(ruleId)) {
    const tier = rule(ruleId).tier;
    if (tier === "absolute") return `Absolute Block ${ruleId} (nothing overrides it)`;
    if (tier === "input") return `input check ${ruleId} (fails closed)`;
    return `built-in ${tier} rule ${ruleId}`;
  }
  return ruleId;
}

/** The managed layer in one or two lines (nothing without one). */
function managedSummary(policy: CompiledPolicy): string {
  const m = policy.managed;
  if (!m) return "";
  let s = `\n  Managed policy: ${m.files.join(", ")}${
    m.lock.length ? `; locked: ${m.lock.map((l) => l.key).join(", ")}` : ""
  }${m.allowManagedRulesOnly ? "; only managed allow rules" : ""}${
    m.remember !== "always" ? `; remember ≤ ${m.remember}` : ""
  }`;
  if (m.ignored.length) {
    s += `\n  Ignored in your policy (locked): ${
      m.ignored.map((i) => `${i.key} (${i.file}${i.line ? `:${i.line}` : ""})`).join(", ")
    }`;
  }
  return s;
}

export async function runExplain(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let cwd = Deno.cwd();
  let workspaceArg: string | null = null;
  let json = false;
  let tool: string | null = null;
  let input: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--cwd") cwd = args[++i] ?? "";
    else if (a === "--workspace") workspaceArg = args[++i] ?? "";
    else if (a === "--json") json = true;
    else if (a === "--tool") tool = args[++i] ?? "";
    else if (a === "--input") input = args[++i] ?? "";
    else if (a === "--help" || a === "-h") return { code: 0, stdout: USAGE, stderr: "" };
    else rest.push(a);
  }
  if (!cwd.startsWith("/")) {
    return { code: 2, stdout: "", stderr: "guard explain: --cwd must be absolute" };
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    return { code: 2, stdout: "", stderr: "guard explain: HOME is not set" };
  }
  let call: ToolCall;
  try {
    if (tool !== null) {
      if (rest.length) return { code: 2, stdout: "", stderr: USAGE };
      let parsed: unknown;
      try {
        parsed = JSON.parse(input ?? "{}");
      } catch (e) {
        return {
          code: 2,
          stdout: "",
          stderr: `guard explain: --input is not JSON: ${(e as Error).message}`,
        };
      }
      call = claudeToolCall(
        { event: "PreToolUse", tool, input: asObject(parsed, "--input"), cwd, session: "explain" },
        "explain",
      );
    } else {
      if (rest.length !== 1) return { code: 2, stdout: "", stderr: USAGE };
      call = {
        kind: "shell",
        agent: "explain",
        tool: "Bash",
        cwd,
        session: "explain",
        input: { command: rest[0] },
        command: rest[0],
      };
    }
  } catch (e) {
    if (e instanceof InputError) {
      return { code: 2, stdout: "", stderr: `guard explain: ${e.message}` };
    }
    throw e;
  }
  const stateDir = stateDirFor(home);
  let policy = EMPTY_POLICY;
  let hasState = false;
  try {
    hasState = ensureStateDir(stateDir, false);
    policy = await loadPolicy(stateDir);
  } catch (e) {
    if (e instanceof StateError || e instanceof PolicyError) {
      return { code: 2, stdout: "", stderr: `guard explain: ${e.message}` };
    }
    throw e;
  }
  const ctx = baseContext(home, policy);
  let ws: FoundWorkspace | { workspace: string | null; source: "option" };
  if (workspaceArg !== null) {
    const named = namedWorkspace(workspaceArg, ctx);
    if ("error" in named) return { code: 2, stdout: "", stderr: `guard explain: ${named.error}` };
    ws = { workspace: named.workspace, source: "option" };
  } else ws = findWorkspace(cwd, ctx);
  ctx.workspace = ws.workspace;
  const ev = await evaluateWithCapabilities(call, ctx, performance.now() + 5000);
  // An ask: what --remember would name, and whether a remembered approval covers it already.
  let remember: { shape?: CallShape; refused?: string; coveredBy?: string } | null = null;
  if (ev.decision.action === "ask") {
    const shaped = callShape(call, ev, ctx);
    if ("refused" in shaped) remember = { refused: shaped.refused };
    else {
      let rules: RememberedRule[] = [];
      try {
        // Only rules within the managed cap count, as in the gate.
        const cap = policy.managed?.remember ?? "always";
        rules = (hasState ? loadRemembered(stateDir) : []).filter((r) => withinCap(r.scope, cap));
      } catch (e) {
        return { code: 2, stdout: "", stderr: `guard explain: ${(e as Error).message}` };
      }
      const hit = rememberedFor(rules, shaped.shape, {
        session: call.session,
        workspace: ws.workspace,
      });
      remember = { shape: shaped.shape, ...(hit ? { coveredBy: `${hit.id} (${hit.scope})` } : {}) };
    }
  }
  if (json) {
    return {
      code: 0,
      stdout: JSON.stringify(
        {
          decision: ev.decision,
          layer: decidingLayer(ev.decision.rule, policy),
          ...(policy.managed
            ? {
              managed: {
                files: policy.managed.files,
                lock: policy.managed.lock.map((l) => l.key),
                ignored: policy.managed.ignored,
              },
            }
            : {}),
          workspace: ws.workspace,
          workspaceSource: ws.source,
          ...("note" in ws && ws.note ? { workspaceNote: ws.note } : {}),
          trace: ev.trace,
          ...(remember ? { remember } : {}),
        },
        null,
        2,
      ),
      stderr: "",
    };
  }
  const layer = decidingLayer(ev.decision.rule, policy);
  let text = formatEvaluation(ev, call, formatWorkspace(ws));
  // The layer that decided, right under the decision: built in, managed or your own policy.
  const cut = text.indexOf("\n\n");
  text = text.slice(0, cut) + `\n  Layer: ${layer}` + managedSummary(policy) + text.slice(cut);
  if (remember) {
    text += remember.refused
      ? `\nRemember: not offered (${remember.refused})`
      : `\nRemember: --remember would cover ${describeShape(remember.shape!)}${
        remember.coveredBy ? `\n  already covered by remembered approval ${remember.coveredBy}` : ""
      }`;
  }
  return { code: 0, stdout: text, stderr: "" };
}
