/**
 * The decision engine: `evaluate(call, ctx)` → Decision + trace. Pure.
 *
 * Policy order, first match wins: input limits → Absolute Block → user policy
 * → built-in high-risk → shell metacharacters → safe list → default ask.
 * Shell commands are judged per simple command ("unit"): the whole command is
 * allowed only when every unit is allowed; any block blocks it; otherwise the
 * most severe ask wins.
 */
import { type UnitShape, unitShape } from "../shell/call_shape.ts";
import { classifyTool, mcpClassifierLoaded } from "../flow/capabilities.ts";
import { canonicalJson } from "../core/canonical.ts";
import { INTERNAL_TOOLS } from "../shell/commands.ts";
import { classifyDestination, destinationsInText } from "../zones/net.ts";
import { expandHome, hasGlob, resolve } from "../zones/paths.ts";
import { judgeEffect } from "./effect_checks.ts";
import type { Effect } from "../shell/effects.ts";
import { firstMatch, type McpSettings, type PolicyRule, ruleId } from "./user_policy.ts";
import { ruleFinding } from "../core/rules.ts";
import { mentionsState, type PathEnv } from "../zones/sensitive_paths.ts";
import { unfitWorkspace, type ZoneEnv, zoneOf } from "../zones/zones.ts";
import { ShellAnalyzer, type Unit } from "../shell/shell_analysis.ts";
import { type CheckEnv, checkUnit } from "./shell_checks.ts";
import {
  type Action,
  type Decision,
  DEFAULT_LIMITS,
  type EffectTrace,
  type Finding,
  type Limits,
  type Risk,
  TIER_ORDER,
  type ToolCall,
} from "../core/types.ts";
import type { EvalContext, Evaluation, Trace, UnitTrace } from "./evaluation.ts";
import { type BraceExpand, NeedCapability, type ShellState } from "../shell/words.ts";

const RISK_ORDER: Risk[] = ["low", "medium", "high", "critical"];

export interface EngineContext extends EvalContext {
  brace?: BraceExpand | null;
}

function finding(id: string, detail?: string, unit?: number): Finding {
  return ruleFinding(id, unit, detail);
}

function userFinding(r: PolicyRule, unit?: number): Finding {
  const action: Action = r.kind === "allow" ? "allow" : r.kind;
  const managed = r.layer === "managed";
  return {
    rule: ruleId(r),
    tier: managed ? "managed" : "user",
    action,
    risk: r.kind === "block" ? "high" : r.kind === "ask" ? "medium" : "low",
    warning: managed
      ? `Matched the managed ${r.kind} rule /${r.pattern}/ (${r.file ?? "managed policy"}${
        r.line ? `:${r.line}` : ""
      })`
      : `Matched your ${r.kind} rule /${r.pattern}/`,
    remediation: r.kind === "allow"
      ? ""
      : managed
      ? "Set by your administrator's managed policy; your own policy cannot change it."
      : `Edit the ${r.kind} rule in your policy file if this is wrong.`,
    unit,
    detail: undefined,
  };
}

function toDecision(f: Finding): Decision {
  return {
    action: f.action,
    risk: f.risk,
    warning: f.detail ? `${f.warning}: ${f.detail}` : f.warning,
    rule: f.rule,
    remediation: f.remediation,
  };
}

/** The most severe of several findings: block > ask > allow, then risk, then tier order. */
function mostSevere(fs: Finding[]): Finding | null {
  let best: Finding | null = null;
  const score = (f: Finding) =>
    (f.action === "block" ? 2000 : f.action === "ask" ? 1000 : 0) +
    RISK_ORDER.indexOf(f.risk) * 100 + (TIER_ORDER.length - TIER_ORDER.indexOf(f.tier));
  for (const f of fs) if (!best || score(f) > score(best)) best = f;
  return best;
}

function limitsOf(ctx: EvalContext): Limits {
  return { ...DEFAULT_LIMITS, ...(ctx.limits ?? {}) };
}

function pathEnv(ctx: EvalContext): PathEnv {
  return { home: ctx.home, stateDir: ctx.stateDir, guardPaths: ctx.guardPaths };
}

/**
 * The check environment of a context, built once per context so that the
 * pure path-classification memo (keyed on it) lives as long as the context.
 */
const ENVS = new WeakMap<EvalContext, CheckEnv>();

const RUNTIME_NAMES = new Set(["deno", "node", "bun", "cache", "deno-dir", "DENO_DIR"]);

/** The workspace of a call: the anchored one, else its cwd when that can be a workspace. */
export function zoneEnvOf(ctx: EvalContext, cwd: string | null): ZoneEnv {
  return { ...pathEnv(ctx), workspace: workspaceOf(ctx, cwd) };
}

export function workspaceOf(ctx: EvalContext, cwd: string | null): string | null {
  if (ctx.workspace !== undefined) {
    return ctx.workspace === null ? null : resolve(ctx.workspace, null);
  }
  const c = cwd === null ? null : resolve(cwd, null);
  return c === null || unfitWorkspace(c, pathEnv(ctx)) ? null : c;
}

function checkEnv(ctx: EvalContext, cwd: string | null): CheckEnv {
  const hit = ENVS.get(ctx);
  const workspace = workspaceOf(ctx, cwd);
  if (
    hit && hit.home === ctx.home && hit.stateDir === ctx.stateDir &&
    hit.guardPaths === ctx.guardPaths && hit.workspace === workspace
  ) {
    return hit;
  }
  const names = new Set<string>();
  for (const g of ctx.guardPaths) {
    const b = g.split("/").pop();
    // The runtime that runs guard (deno) and its cache are protected paths, not guard's name.
    if (b && !b.includes(".") && !RUNTIME_NAMES.has(b)) names.add(b);
  }
  const env: CheckEnv = { ...pathEnv(ctx), workspace, guardNames: names };
  ENVS.set(ctx, env);
  return env;
}

/**
 * Walks a shell script and runs every check; returns the analyzer and the check environment it
 * used. Throws NeedFullParser/NeedCapability upward.
 */
function analyseShell(
  command: string,
  cwdIn: string | null,
  ctx: EngineContext,
): { an: ShellAnalyzer; env: CheckEnv } {
  const limits = limitsOf(ctx);
  // The payload's cwd may itself be spelled through /proc/self/root or with `..`.
  const cwd = cwdIn === null ? null : resolve(cwdIn, null);
  const an = new ShellAnalyzer({
    home: ctx.home,
    parser: ctx.parser,
    brace: ctx.brace ?? null,
    limits,
  });
  const st: ShellState = {
    cwd,
    vars: new Map<string, string | null>([["HOME", ctx.home]]),
  };
  if (cwd) st.vars.set("PWD", cwd);
  an.script(command, st, { origin: "", depth: 0, parent: null, covered: false, stdin: null });
  const env = checkEnv(ctx, cwd);
  for (const u of an.units) checkUnit(u, an, env);
  return { an, env };
}

function evaluateShell(call: Extract<ToolCall, { kind: "shell" }>, ctx: EngineContext): Evaluation {
  const limits = limitsOf(ctx);
  const trace: Trace = { parser: "none", parseErrors: [], units: [], findings: [] };
  if (call.command.length > limits.maxCommandLength) {
    const f = finding("input.command-too-long", `${call.command.length} characters`);
    trace.findings.push(f);
    return { decision: toDecision(f), trace };
  }
  if (call.command.trim() === "") {
    const f = finding("shell.parse-error", "empty command");
    trace.findings.push(f);
    return { decision: toDecision(f), trace };
  }
  const { an, env } = analyseShell(call.command, call.cwd, ctx);
  trace.parser = an.parserUsed;
  trace.parseErrors = an.parseErrors;
  const findings = [...an.findings];

  // 1. Absolute Block (and any other block) wins outright.
  const blocks = findings.filter((f) => f.action === "block");
  // 2. User policy: block / ask rules match the whole command or any unit.
  const texts = [call.command];
  if (ctx.policy.rules.length) { for (const u of an.units) texts.push(fullText(u), u.rawText); }
  const ub = firstMatch(ctx.policy, "block", texts);
  if (ub) blocks.push(userFinding(ub));
  const decidedByBlock = mostSevere(blocks);

  const ua = firstMatch(ctx.policy, "ask", texts);
  const asks: Finding[] = [];
  if (ua) asks.push(userFinding(ua));
  // Input-tier and structure findings not tied to one unit always ask.
  for (const f of findings) if (f.unit === undefined && f.action === "ask") asks.push(f);

  // 3. Per-unit verdicts.
  const byUnit = new Map<number, Finding[]>();
  for (const f of findings) {
    if (f.unit === undefined) continue;
    const list = byUnit.get(f.unit);
    if (list) list.push(f);
    else byUnit.set(f.unit, [f]);
  }
  const userAllowed = new Map<number, PolicyRule>();
  let allowRule: string | null = null;
  let safeName: string | null = null;
  let changed = false;
  const verdicts: UnitTrace[] = [];
  for (const u of an.units) {
    const own = byUnit.get(u.id) ?? [];
    let verdict: Finding;
    // An allow rule matches the whole simple command: assignments, words and redirections.
    let allow = ctx.policy.rules.length ? firstMatch(ctx.policy, "allow", [fullText(u)]) : null;
    let parentAllow = u.covered && u.parent !== null ? userAllowed.get(u.parent) : undefined;
    const block = own.find((f) => f.action === "block");
    // …and never covers an effect in a stricter zone than the command it names.
    const strict = own.find((f) => STRICT_ZONE_RULES.has(f.rule) || f.rule.startsWith("persist."));
    if (strict && (allow || parentAllow)) {
      const r = (allow ?? parentAllow)!;
      if (!strict.detail || !r.pattern.includes(strict.detail)) {
        allow = parentAllow = undefined as never;
      }
    }
    if (block) verdict = block;
    else if (allow || parentAllow) {
      const r = (allow ?? parentAllow)!;
      userAllowed.set(u.id, r);
      verdict = userFinding(r, u.id);
      allowRule ??= ruleId(r);
    } else {
      const builtin = mostSevere(
        own.filter((f) => f.tier === "builtin" || f.tier === "input" || f.tier === "default"),
      );
      const meta = mostSevere(own.filter((f) => f.tier === "metachar"));
      if (builtin) verdict = builtin;
      else if (meta) verdict = meta;
      else if (u.transparent) {
        verdict = { ...finding("safe.readonly"), unit: u.id, detail: "wrapper" };
      } else if (u.effects?.known) {
        // Every effect was judged and none of them asks: it runs.
        const changes = u.effects.effects.some((e) => e.k !== "read" && e.k !== "list");
        verdict = {
          ...finding(changes ? "effect.workspace" : "safe.readonly"),
          unit: u.id,
          detail: u.name,
        };
        if (changes) changed = true;
        safeName ??= u.name;
      } else verdict = finding("default.ask", unitLabel(u), u.id);
    }
    if (verdict.action === "ask") asks.push(verdict);
    verdicts.push(new UnitView(u, verdict.action, verdict.rule, env));
  }
  trace.units = verdicts;
  // Your own block and ask rules match the whole command: they are in the trace too (explain,
  // and a remembered approval of such an ask names every program of the command).
  trace.findings = ub || ua
    ? [...findings, ...(ub ? [userFinding(ub)] : []), ...(ua ? [userFinding(ua)] : [])]
    : findings;
  trace.programs = an.units.filter((u) => !u.transparent && u.name).map((u) => [
    u.name,
    ...u.argv.slice(1).map((w) => (w.dynamic ? "" : w.value)),
  ]);
  if (decidedByBlock) return { decision: toDecision(decidedByBlock), trace };
  const ask = mostSevere(asks);
  if (ask) return { decision: toDecision(ask), trace };
  if (allowRule) {
    return {
      decision: {
        action: "allow",
        risk: "low",
        warning: "Allowed by your policy",
        rule: allowRule,
        remediation: "",
      },
      trace,
    };
  }
  return {
    decision: {
      action: "allow",
      risk: "low",
      warning: changed
        ? `Every effect stays inside the workspace${safeName ? ` (${safeName})` : ""}`
        : `Read-only command${an.units.length > 1 ? "s" : ""}${safeName ? ` (${safeName})` : ""}`,
      rule: changed ? "effect.workspace" : "safe.readonly",
      remediation: "",
    },
    trace,
  };
}

/** Effects in stricter zones than the workspace: a user allow rule does not cover them. */
const STRICT_ZONE_RULES = new Set([
  "option.unknown",
  "exec.option-program",
  "secrets.credential-access",
  "write.credential-file",
  "write.outside-workspace",
  "fs.delete-outside-workspace",
  "fs.system-write",
  "disk.device-write",
  "exec.env-injection",
  "git.config-injection",
  "write.git-internal",
]);

/** A simple command as a user rule sees it: assignments, words, redirections. */
function fullText(u: Unit): string {
  if (!u.assigns.length) return u.text;
  const a = u.assigns.map((x) =>
    `${x.name}=${x.value ? (x.value.dynamic ? x.value.display : x.value.value) : ""}`
  );
  return [...a, u.text].join(" ");
}

/** A unit as shown in traces; the text is rendered only if someone reads it (explain). */
class UnitView implements UnitTrace {
  readonly id: number;
  readonly origin: string;
  readonly cwd: string | null;
  readonly parent: number | null;
  constructor(
    private readonly u: Unit,
    readonly verdict: Action,
    readonly rule: string,
    private readonly env: ZoneEnv,
  ) {
    this.id = u.id;
    this.origin = u.origin;
    this.cwd = u.cwd;
    this.parent = u.parent;
  }
  get text(): string {
    return this.u.text;
  }
  get program(): string | null {
    return this.u.effects?.program ?? null;
  }
  /** Computed only when someone reads it (an ask being remembered or matched). */
  get shape(): UnitShape | null {
    return unitShape(this.u, this.rule, this.effects, this.env);
  }
  /** Computed only when someone reads it (explain): the hook never pays for it. */
  get effects(): EffectTrace[] {
    return (this.u.effects?.effects ?? []).map((e) =>
      effectTrace(e, this.env, this.u.name || null)
    );
  }
  toJSON(): UnitTrace {
    const { id, text, origin, cwd, parent, verdict, rule, program, effects } = this;
    return { id, text, origin, cwd, parent, verdict, rule, program, effects };
  }
}

function effectTrace(e: Effect, env: ZoneEnv, program: string | null): EffectTrace {
  const v = judgeEffect(e, env, program);
  const verdict = v?.rule ?? null;
  switch (e.k) {
    case "read":
    case "list":
    case "write":
    case "delete": {
      const rec = "recursive" in e && e.recursive ? " (recursive)" : "";
      const how = e.k === "write" && e.perm
        ? " (permissions)"
        : e.k === "delete" && e.move
        ? " (move)"
        : "";
      return {
        effect: e.k + rec + how,
        target: e.path.abs ?? `${e.path.display} (unresolved)`,
        zone: e.path.abs === null ? null : zoneOf(e.path.abs, env, e.path.glob).zone,
        verdict,
        ...(v?.lost ? { lost: v.lost } : {}),
      };
    }
    case "exec":
      return {
        effect: `exec ${e.what}`,
        target: e.path?.abs ?? e.display,
        zone: e.path?.abs ? zoneOf(e.path.abs, env, e.path.glob).zone : null,
        verdict,
      };
    case "network":
      return {
        effect: e.upload ? "upload" : "network",
        target: e.dest || "(a local file)",
        zone: null,
        verdict,
      };
    case "rule": {
      // The loss model's git judgement carries what is lost after ": loses ".
      const at = e.display.indexOf(": loses ");
      return at >= 0
        ? {
          effect: "rule",
          target: e.display.slice(0, at),
          zone: null,
          verdict,
          lost: e.display.slice(at + 8),
        }
        : { effect: "rule", target: e.display, zone: null, verdict };
    }
  }
}

function unitLabel(u: Unit): string {
  return u.text.length > 80 ? u.text.slice(0, 77) + "…" : u.text;
}

const SCRIPT_EXT = /\.(sh|bash|zsh|ksh|command|bashrc|zshrc|profile)$/i;

/** Findings for a file access by a non-shell tool, judged by zone like a shell command's. */
function fileFindings(
  op: "read" | "write" | "list" | "search",
  paths: string[],
  contents: string[],
  cwdIn: string,
  ctx: EngineContext,
): Finding[] {
  const cwd = resolve(cwdIn, null) ?? cwdIn;
  const env: ZoneEnv = { ...pathEnv(ctx), workspace: workspaceOf(ctx, cwd) };
  const out: Finding[] = [];
  // Pattern tools take brace alternatives too (`~/.{aiguard,x}/*`).
  const all = paths.flatMap((p) => {
    if (!/\{[^}]*,/.test(p)) return [p];
    if (!ctx.brace) throw new NeedCapability("brace-expansion");
    return [p, ...ctx.brace(p).slice(0, limitsOf(ctx).maxBraceExpansions)];
  });
  for (const p of all) {
    const expanded = expandHome(p, ctx.home);
    const abs = resolve(expanded, cwd);
    // Pattern tools (Glob, search with a pattern): the pattern could match anything it reaches.
    const glob = (op === "search" || op === "list" || op === "read") && hasGlob(expanded);
    if (mentionsState(p)) {
      out.push(finding("abs.guard-state", abs ?? p));
      continue;
    }
    const ref = { abs, glob, display: p };
    const e: Effect = op === "write"
      ? { k: "write", path: ref }
      : op === "list"
      ? { k: "list", path: ref, recursive: false }
      : { k: "read", path: ref, recursive: op === "search" };
    const v = judgeEffect(e, env);
    if (v) out.push(finding(v.rule, v.detail));
    if (op === "write" && abs) {
      if (SCRIPT_EXT.test(abs) || contents.some((c) => /^#!.*\b(ba|z|k|da)?sh\b/.test(c))) {
        for (const c of contents) {
          const inner = scriptFindings(c, cwd, ctx);
          if (inner) out.push(finding("write.dangerous-script", `${abs}: ${inner}`));
        }
      }
    }
  }
  for (const c of contents) {
    if (mentionsState(c)) {
      out.push(finding("abs.guard-state", "written content refers to guard's state"));
      break;
    }
  }
  return out;
}

/** Analyses script text; returns the id of a blocking rule it contains, or null. */
function scriptFindings(text: string, cwd: string, ctx: EngineContext): string | null {
  if (text.length > limitsOf(ctx).maxCommandLength) return null;
  const { an } = analyseShell(text, cwd, ctx);
  const b = an.findings.find((f) => f.action === "block");
  return b ? `${b.rule} (${b.detail ?? ""})` : null;
}

const PATH_KEYS =
  /^(path|paths|file|files|file_?path|filename|file_?name|source|src|destination|dest|target|dir|directory|root|cwd|folder|location|notebook_?path|old_?path|new_?path|from|to|output|input)$|(^|_)(path|paths|dir|directory|root|folder|file|cwd|workdir|repo_?path|repository)$/i;
/** Tools that read whole trees (searches, listings of trees). */
const TREE_TOOL = /search|find|grep|tree|glob|walk|scan|index/i;
const URL_KEYS = /^(url|uri|urls|href|endpoint|link|website|base_?url)$/i;
const CMD_KEYS = /^(command|cmd|script|shell|bash|commandline|command_?line)$/i;
const WRITE_TOOL =
  /write|edit|create|delete|remove|move|rename|put|upload|save|append|update|patch|mkdir|insert|replace/i;

/** Bounded walk over tool arguments: string values with their key. */
function walkArgs(v: unknown, maxNodes: number): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  let nodes = 0;
  const stack: [string, unknown, number][] = [["", v, 0]];
  while (stack.length && nodes < maxNodes) {
    const [key, cur, depth] = stack.pop()!;
    nodes++;
    if (typeof cur === "string") out.push({ key, value: cur });
    else if (Array.isArray(cur)) {
      if (depth < 32) { for (const x of cur) stack.push([key, x, depth + 1]); }
    } else if (cur && typeof cur === "object") {
      if (depth < 32) { for (const [k, x] of Object.entries(cur)) stack.push([k, x, depth + 1]); }
    }
  }
  return out;
}

function argFindings(toolName: string, args: unknown, cwd: string, ctx: EngineContext): Finding[] {
  const out: Finding[] = [];
  const pairs = walkArgs(args, limitsOf(ctx).maxArgNodes);
  const op = WRITE_TOOL.test(toolName) ? "write" : TREE_TOOL.test(toolName) ? "search" : "read";
  for (const { key, value } of pairs) {
    if (mentionsState(value)) {
      out.push(finding("abs.guard-state", `${key}: ${value.slice(0, 60)}`));
      continue;
    }
    if (PATH_KEYS.test(key) && value.length < 4096) {
      out.push(
        ...fileFindings(op, [value.startsWith("file://") ? value.slice(7) : value], [], cwd, ctx),
      );
    } else if (URL_KEYS.test(key)) {
      out.push(...urlFindings(value, cwd, ctx));
    } else if (CMD_KEYS.test(key)) {
      const ev = evaluateShell({
        kind: "shell",
        agent: "",
        tool: toolName,
        cwd,
        session: "",
        input: null,
        command: value,
      }, ctx);
      if (ev.decision.action !== "allow") {
        const d = ev.decision;
        // A managed rule keeps its verdict and its name (a user rule of the inner command asks).
        out.push(
          d.rule.startsWith("managed.")
            ? {
              rule: d.rule,
              tier: "managed",
              action: d.action,
              risk: d.risk,
              warning: d.warning,
              remediation: d.remediation,
              detail: key,
            }
            : {
              ...finding(d.rule.startsWith("user.") ? "default.ask" : d.rule),
              detail: `${key}: ${d.warning}`,
            },
        );
      }
    }
  }
  return out;
}

/**
 * `[mcp] hosts_allow`: URL-like arguments to hosts not listed get `hosts_default`. The managed
 * list is judged first and apart (`managed.mcp.hosts`): the user's list can only stop more.
 */
function hostFindings(args: unknown, ctx: EngineContext): Finding[] {
  const out: Finding[] = [];
  const managed = ctx.policy.managed?.mcp;
  if (managed?.hostsDefault) {
    for (const host of unlistedHosts(args, managed, ctx)) {
      const block = managed.hostsDefault === "block";
      out.push({
        rule: "managed.mcp.hosts",
        tier: "managed",
        action: block ? "block" : "ask",
        risk: block ? "high" : "medium",
        warning: `The host is not in the managed policy's [mcp] hosts_allow`,
        remediation:
          "Set by your administrator's managed policy; your own policy cannot change it.",
        detail: host,
      });
    }
  }
  const m = ctx.policy.mcp;
  if (!m.hostsDefault) return out;
  for (const host of unlistedHosts(args, m, ctx)) {
    out.push(
      finding(
        m.hostsDefault === "block" ? "net.host-unlisted-block" : "net.host-unlisted-ask",
        host,
      ),
    );
  }
  return out;
}

/** The hosts of URL-like arguments that `m.hostsAllow` does not list. */
function unlistedHosts(args: unknown, m: McpSettings, ctx: EngineContext): string[] {
  const out: string[] = [];
  for (const { value } of walkArgs(args, limitsOf(ctx).maxArgNodes)) {
    if (!/^(?:https?|wss?|ftp):\/\//i.test(value)) continue;
    const d = classifyDestination(value);
    const host = d?.host ?? "";
    const listed = m.hostsAllow.some((h) =>
      h.startsWith("*.") ? host.endsWith(h.slice(1)) || host === h.slice(2) : host === h
    );
    if (!listed) out.push(host || value.slice(0, 80));
  }
  return out;
}

function urlFindings(url: string, cwd: string, ctx: EngineContext): Finding[] {
  if (/^file:/i.test(url)) {
    let p = url.replace(/^file:(\/\/[^/]*)?/i, "");
    try {
      p = decodeURIComponent(p);
    } catch { /* keep raw */ }
    return fileFindings("read", [p], [], cwd, ctx);
  }
  if (mentionsState(url)) return [finding("abs.guard-state", url)];
  const d = classifyDestination(url);
  if (!d) return [];
  if (d.cls === "metadata") return [finding("net.cloud-metadata", d.host)];
  // Local servers are routine work; the private network and link-local addresses are not.
  if (d.cls === "private" || d.cls === "link-local") return [finding("net.private-host", d.host)];
  return [];
}

/** Fields of a web tool that a search engine reads, not a fetcher: only URLs in them count. */
const SEARCH_KEYS =
  /^(query|q|search|search_?query|search_?term|allowed_domains|blocked_domains)$/i;

/**
 * Every destination written in any field of a web tool (WebFetch's `prompt`, Gemini's
 * `web_fetch {prompt}` whose URLs are the prompt's, a search's domains), found by the reader the
 * shell's URL checks use (zones/net.ts) in every spelling, and judged as the shell judges a
 * fetch: the cloud metadata service blocks, the private network and link-local addresses ask.
 */
function webTextFindings(call: Extract<ToolCall, { kind: "web" }>, ctx: EngineContext): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  const pairs = walkArgs(call.input, limitsOf(ctx).maxArgNodes);
  if (call.url) pairs.push({ key: "url", value: call.url });
  if (call.query) pairs.push({ key: "query", value: call.query });
  for (const { key, value } of pairs) {
    if (value.length > limitsOf(ctx).maxCommandLength) {
      out.push(finding("input.command-too-long", `${key}: ${value.length} characters`));
      continue;
    }
    for (const w of destinationsInText(value, !SEARCH_KEYS.test(key))) {
      const d = classifyDestination(w);
      if (!d || seen.has(d.host)) continue;
      seen.add(d.host);
      if (d.cls === "metadata") out.push(finding("net.cloud-metadata", `${key}: ${d.host}`));
      else if (d.cls === "private" || d.cls === "link-local") {
        out.push(finding("net.private-host", `${key}: ${d.host}`));
      }
    }
  }
  return out;
}

/** Combines non-shell findings through the tiers. */
function decideTool(
  call: ToolCall,
  findings: Finding[],
  userTexts: string[],
  fallback: Finding,
  ctx: EngineContext,
): Evaluation {
  const trace: Trace = { parser: "none", parseErrors: [], units: [], findings };
  // Any block wins outright, as for shell commands: an allow rule widens asks, never blocks.
  const block = mostSevere(findings.filter((f) => f.action === "block"));
  if (block) return { decision: toDecision(block), trace };
  const server = call.kind === "mcp" ? call.server : undefined;
  const ub = firstMatch(ctx.policy, "block", userTexts, server);
  if (ub) return { decision: toDecision(userFinding(ub)), trace };
  const ua = firstMatch(ctx.policy, "ask", userTexts, server);
  if (ua) return { decision: toDecision(userFinding(ua)), trace };
  // A managed ask (the managed host list) comes before anything of the user's, allows included.
  const ma = mostSevere(findings.filter((f) => f.tier === "managed" && f.action === "ask"));
  if (ma) return { decision: toDecision(ma), trace };
  const al = firstMatch(ctx.policy, "allow", userTexts, server);
  if (al) {
    return {
      decision: { ...toDecision(userFinding(al)), warning: "Allowed by your policy" },
      trace,
    };
  }
  const rest = mostSevere(findings.filter((f) => f.action !== "allow"));
  if (rest) return { decision: toDecision(rest), trace };
  void call;
  return { decision: toDecision(fallback), trace };
}

/**
 * An MCP tool that only reads (by the capability classification: local or external content,
 * nothing private, nothing written, run or sent) runs; its path and URL arguments were judged
 * by zone already. Anything else asks.
 */
/**
 * The classification by name is a pure function of agent and tool: kept per process (a
 * long-running proxy classifies each tool once). The reason a read-only tool runs, or null.
 */
const READ_ONLY_TOOLS = new Map<string, string | null>();

function mcpFallback(call: Extract<ToolCall, { kind: "mcp" }>): Finding {
  if (!mcpClassifierLoaded()) return finding("default.mcp", call.tool);
  const tool = call.tool.startsWith("mcp__") ? call.tool : `mcp__${call.server}__${call.name}`;
  const key = `${call.agent}\0${tool}`;
  let known = READ_ONLY_TOOLS.get(key);
  if (known === undefined) {
    const c = classifyTool(call.agent, tool);
    const readOnly = c.source !== "unknown" && c.caps.length > 0 &&
      c.caps.every((k) => k === "reads-local" || k === "reads-untrusted-external");
    known = readOnly ? c.reason : null;
    if (READ_ONLY_TOOLS.size >= 4096) READ_ONLY_TOOLS.clear();
    READ_ONLY_TOOLS.set(key, known);
  }
  return known !== null
    ? finding("safe.mcp-read", `${call.tool} (${known})`)
    : finding("default.mcp", call.tool);
}

export function evaluate(call: ToolCall, ctx: EngineContext): Evaluation {
  switch (call.kind) {
    case "shell":
      return evaluateShell(call, ctx);
    case "file": {
      const fs = fileFindings(call.op, call.paths, call.contents, call.cwd, ctx);
      const abs = call.paths.map((p) => resolve(p, call.cwd) ?? p);
      const texts = abs.map((p) => `${call.tool} ${p}`);
      const fallback = call.op === "write"
        ? finding("safe.write-workspace", abs.join(" "))
        : finding("safe.read", abs.join(" "));
      return decideTool(call, fs, texts.length ? texts : [call.tool], fallback, ctx);
    }
    case "web": {
      const target = call.url ?? call.query ?? "";
      const fs = call.url ? urlFindings(call.url, call.cwd, ctx) : [];
      fs.push(...webTextFindings(call, ctx));
      return decideTool(
        call,
        fs,
        [`${call.tool} ${target}`],
        finding("safe.web", target.slice(0, 80)),
        ctx,
      );
    }
    case "mcp": {
      const fs = [
        ...argFindings(call.name, call.args, call.cwd, ctx),
        ...hostFindings(call.args, ctx),
      ];
      const text = `${call.tool} ${canonicalJson(call.args)}`;
      return decideTool(call, fs, [text, call.tool], mcpFallback(call), ctx);
    }
    case "other": {
      const fs = argFindings(call.tool, call.input, call.cwd, ctx);
      const text = `${call.tool} ${canonicalJson(call.input)}`;
      const fallback = INTERNAL_TOOLS.has(call.tool)
        ? finding("safe.internal-tool", call.tool)
        : finding("default.unknown-tool", call.tool);
      return decideTool(call, fs, [text, call.tool], fallback, ctx);
    }
  }
}
