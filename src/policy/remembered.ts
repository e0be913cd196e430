/**
 * Remembered approvals: `guard approve <token> --remember session|project|always` turns one
 * approved ask into the narrowest rule that covers it — the shape of the call
 * (src/shell/call_shape.ts) and the rule it asked with, scoped to the session, the workspace, or
 * everywhere. A later ask whose every asking part has that shape, in no stricter zone and at no
 * higher risk, runs. Pure: the file lives in src/state/remembered.ts.
 *
 * Never remembered: blocks (Absolute Blocks above all), critical risk, asks raised by flow
 * tracking (they are about the data a call carries, not its shape), asks of the command's
 * structure as a whole, and calls whose words are known only at run time. An ask of the user's
 * own `ask = […]` rule can be remembered: the shape is then every program of the command, tied to
 * that rule, so the rule keeps asking for every other shape.
 */
import {
  argShape,
  type CallShape,
  operandShape,
  type UnitShape,
  ZONE_STRICTNESS,
  zoneWithin,
} from "../shell/call_shape.ts";
import { canonicalJson } from "../core/canonical.ts";
import { type EngineContext, zoneEnvOf } from "./engine.ts";
import type { Risk, ToolCall } from "../core/types.ts";
import type { Evaluation } from "./evaluation.ts";

export type RememberScope = "session" | "project" | "always";
export const REMEMBER_SCOPES: readonly RememberScope[] = ["session", "project", "always"];

export type { CallShape };

export interface RememberedRule {
  id: string;
  scope: RememberScope;
  /** session scope: the agent's session id. */
  session?: string;
  /** project scope: the workspace. */
  workspace?: string;
  shape: CallShape;
  /** The approved call it was made from (for `guard rules`). */
  example: string;
  created_at: string;
  /** How it was approved (`totp`, `touchid`, `watch`). */
  method: string;
}

const RISK_RANK: Record<Risk, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export type ShapeResult = { shape: CallShape } | { refused: string };

/** The shape of an asked call, or why it cannot be remembered. */
export function callShape(call: ToolCall, ev: Evaluation, ctx: EngineContext): ShapeResult {
  const d = ev.decision;
  if (d.action !== "ask") {
    return { refused: `only an ask can be remembered (this is a ${d.action})` };
  }
  if (d.risk === "critical") return { refused: "critical risk is never remembered" };
  if (d.rule.startsWith("flow.")) {
    return { refused: "asks about the data a call carries (flow tracking) are never remembered" };
  }
  if (d.rule.startsWith("input.")) {
    return { refused: "calls guard could not read are never remembered" };
  }
  const base = { rule: d.rule, risk: d.risk, units: [] as UnitShape[], args: [] as string[] };
  if (call.kind === "shell") {
    // Your own ask rule matches the whole command: then every program in it is the shape.
    const userAsk = ev.trace.findings.find((f) =>
      f.unit === undefined && (f.tier === "user" || f.tier === "managed") && f.action === "ask"
    );
    if (
      ev.trace.findings.some((f) => f.unit === undefined && f.action !== "allow" && f !== userAsk)
    ) {
      return {
        refused: "part of the command asks as a whole (its structure), not by its programs",
      };
    }
    const units: UnitShape[] = [];
    for (const u of ev.trace.units) {
      if (u.verdict !== "ask" && !userAsk) continue;
      const s = u.shape;
      if (!s) return { refused: `a program or word of \`${u.text}\` is known only at run time` };
      units.push(userAsk && u.verdict !== "ask" ? { ...s, rule: userAsk.rule } : s);
    }
    if (!units.length) return { refused: "no part of the command has a shape a rule can name" };
    return { shape: { ...base, tool: "shell", units } };
  }
  const env = zoneEnvOf(ctx, call.cwd);
  switch (call.kind) {
    case "file": {
      const args = call.paths.map((p) => {
        const abs = p.startsWith("/") ? p : `${call.cwd}/${p}`;
        const dir = abs.slice(0, Math.max(1, abs.lastIndexOf("/")));
        return `path=${operandShape(abs, call.cwd, env).slice(5)}:${dir}`;
      });
      return { shape: { ...base, tool: `file:${call.op}`, args: [...new Set(args)].sort() } };
    }
    case "web":
      return {
        shape: {
          ...base,
          tool: "web",
          args: call.url ? [`url=${operandShape(call.url, call.cwd, env)}`] : ["query"],
        },
      };
    case "mcp":
      return { shape: { ...base, tool: call.tool, args: argShape(call.args, call.cwd, env) } };
    default:
      return { shape: { ...base, tool: call.tool, args: argShape(call.input, call.cwd, env) } };
  }
}

/** Is every item of `xs` covered by an item of `ys` (same kind, a zone no stricter)? */
function itemsCovered(xs: string[], ys: string[]): boolean {
  return xs.every((x) => ys.some((y) => itemCovered(x, y)));
}

const ZONE_SUFFIX = new RegExp(`^(.*[:@])(${ZONE_STRICTNESS.join("|")})(:.*)?$`);

function itemCovered(x: string, y: string): boolean {
  if (x === y) return true;
  const mx = ZONE_SUFFIX.exec(x);
  const my = ZONE_SUFFIX.exec(y);
  if (!mx || !my) return false;
  return mx[1] === my[1] && (mx[3] ?? "") === (my[3] ?? "") && zoneWithin(mx[2], my[2]);
}

function unitCovered(s: UnitShape, r: UnitShape): boolean {
  return s.rule === r.rule && s.program === r.program &&
    s.sub.length === r.sub.length && s.sub.every((w, i) => w === r.sub[i]) &&
    s.options.every((o) => r.options.includes(o)) &&
    itemsCovered(s.operands, r.operands) && itemsCovered(s.effects, r.effects);
}

/** Does the remembered shape `r` cover the asked shape `s`? */
export function shapeCovered(s: CallShape, r: CallShape): boolean {
  if (s.tool !== r.tool || RISK_RANK[s.risk] > RISK_RANK[r.risk]) return false;
  if (s.tool === "shell") return s.units.every((u) => r.units.some((ru) => unitCovered(u, ru)));
  return s.rule === r.rule && itemsCovered(s.args, r.args);
}

/** Where a call is asked: the session and the workspace a scoped rule must share. */
export interface ScopeKey {
  session: string;
  workspace: string | null;
}

export function inScope(r: RememberedRule, k: ScopeKey): boolean {
  switch (r.scope) {
    case "session":
      return !!r.session && r.session === k.session;
    case "project":
      return !!r.workspace && r.workspace === k.workspace;
    case "always":
      return true;
  }
}

/** The first remembered rule that covers the asked call, or null. */
export function rememberedFor(
  rules: readonly RememberedRule[],
  shape: CallShape,
  k: ScopeKey,
): RememberedRule | null {
  for (const r of rules) if (inScope(r, k) && shapeCovered(shape, r.shape)) return r;
  return null;
}

/** The rule id: a hash of what it covers (the same approval remembered twice is one rule). */
export async function rememberedId(
  shape: CallShape,
  scope: RememberScope,
  key: string,
): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson({ shape, scope, key }));
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return "r" + [...h.slice(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A remembered rule for an approved call; the caller has checked `callShape` succeeded. */
export async function makeRemembered(
  shape: CallShape,
  scope: RememberScope,
  k: ScopeKey,
  example: string,
  method: string,
  now: number,
): Promise<RememberedRule | { refused: string }> {
  if (scope === "session" && !k.session) {
    return { refused: "the call has no session id: remember it for the project or always" };
  }
  if (scope === "project" && !k.workspace) {
    return { refused: "the call has no workspace: remember it for the session or always" };
  }
  const key = scope === "session" ? k.session : scope === "project" ? k.workspace! : "";
  return {
    id: await rememberedId(shape, scope, key),
    scope,
    ...(scope === "session" ? { session: k.session } : {}),
    ...(scope === "project" ? { workspace: k.workspace! } : {}),
    shape,
    example: example.slice(0, 500),
    created_at: new Date(now).toISOString(),
    method,
  };
}

/** A one-line description of a shape (`guard rules`, `guard suggest`). */
export function describeShape(s: CallShape): string {
  if (s.tool === "shell") {
    return s.units.map((u) =>
      [u.program, ...u.sub, ...u.options, ...u.operands.map((o) => `<${o}>`)].join(" ")
    ).join(" ; ") + ` [${s.rule}, ≤${s.risk}]`;
  }
  return `${s.tool} ${s.args.map((a) => `<${a}>`).join(" ")} [${s.rule}, ≤${s.risk}]`;
}

export class RememberedError extends Error {}

function isStrArr(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

function parseUnit(v: unknown): UnitShape {
  const o = v as Record<string, unknown>;
  if (
    !o || typeof o !== "object" || typeof o.rule !== "string" || typeof o.program !== "string" ||
    !isStrArr(o.sub) || !isStrArr(o.options) || !isStrArr(o.operands) || !isStrArr(o.effects)
  ) throw new RememberedError("a unit shape is malformed");
  return {
    rule: o.rule,
    program: o.program,
    sub: o.sub,
    options: o.options,
    operands: o.operands,
    effects: o.effects,
  };
}

/** Validates a stored shape (the rules file, a challenge); throws RememberedError. */
export function parseShape(v: unknown, where = "shape"): CallShape {
  const s = v as Record<string, unknown>;
  if (
    !s || typeof s !== "object" || typeof s.tool !== "string" || typeof s.rule !== "string" ||
    !(s.risk === "low" || s.risk === "medium" || s.risk === "high") ||
    !Array.isArray(s.units) || !isStrArr(s.args)
  ) throw new RememberedError(`${where} is malformed`);
  return {
    tool: s.tool,
    rule: s.rule,
    risk: s.risk as Risk,
    units: s.units.map(parseUnit),
    args: s.args,
  };
}

/** Validates the remembered-rules file's data; throws RememberedError on anything unexpected. */
export function parseRemembered(data: unknown): RememberedRule[] {
  const o = data as Record<string, unknown>;
  if (
    !o || typeof o !== "object" || Array.isArray(o) || o.version !== 1 || !Array.isArray(o.rules)
  ) {
    throw new RememberedError('expected {"version": 1, "rules": [...]}');
  }
  return o.rules.map((r, i) => {
    const x = r as Record<string, unknown>;
    const where = `rules[${i}]`;
    if (!x || typeof x !== "object") throw new RememberedError(`${where} is not an object`);
    if (typeof x.id !== "string" || !/^r[0-9a-f]{8}$/.test(x.id)) {
      throw new RememberedError(`${where}.id is malformed`);
    }
    if (!REMEMBER_SCOPES.includes(x.scope as RememberScope)) {
      throw new RememberedError(`${where}.scope must be session, project or always`);
    }
    if (x.scope === "session" && (typeof x.session !== "string" || !x.session)) {
      throw new RememberedError(`${where}.session is missing`);
    }
    if (
      x.scope === "project" && (typeof x.workspace !== "string" || !x.workspace.startsWith("/"))
    ) {
      throw new RememberedError(`${where}.workspace is missing`);
    }
    const shape = parseShape(x.shape, `${where}.shape`);
    if (
      typeof x.example !== "string" || typeof x.created_at !== "string" ||
      typeof x.method !== "string"
    ) {
      throw new RememberedError(`${where} lacks example, created_at or method`);
    }
    return {
      id: x.id,
      scope: x.scope as RememberScope,
      ...(x.scope === "session" ? { session: x.session as string } : {}),
      ...(x.scope === "project" ? { workspace: x.workspace as string } : {}),
      shape,
      example: x.example,
      created_at: x.created_at,
      method: x.method,
    };
  });
}
