/**
 * `guard suggest [--since D] [--json]`: remembered approvals proposed from the asks in the audit
 * log. Every ask guard logs (`challenge.created`, `ask.native`) carries its call shape unless the
 * log is in proof mode or the shape looked like a secret; asks of one shape (the canonical JSON
 * of it) form one proposal, numbered by how often it was asked. A shape a remembered rule already
 * covers in the scope it would get is left out; critical risk never appears (never remembered);
 * high risk is shown, marked.
 *
 * `guard suggest --apply N [--scope project|always]`: shows proposal N, asks the second factor
 * exactly as `guard approve` does (Touch ID on macOS when enrolled, TOTP otherwise), then writes
 * the rule and audits `remembered.added`. Run by the user in their own terminal.
 */
import { audit } from "./approve.ts";
import { secondFactor } from "./auth_flow.ts";
import { err, out, printable } from "../io.ts";
import { parseEntries, parseSince } from "../log_cmd.ts";
import type { AuditEntry } from "../../audit/audit_entry.ts";
import type { CallShape } from "../../shell/call_shape.ts";
import { canonicalJson } from "../../core/canonical.ts";
import {
  describeShape,
  makeRemembered,
  parseShape,
  rememberedFor,
  rememberedId,
  type RememberedRule,
} from "../../policy/remembered.ts";
import { snapshot } from "../../audit/audit_read.ts";
import { AuthStateError } from "../../auth/auth_state.ts";
import type { Challenge } from "../../state/challenges.ts";
import { loadPolicy } from "../../state/policy_file.ts";
import { withinCap } from "../../policy/user_policy.ts";
import { addRemembered, loadRemembered, RememberedError } from "../../state/remembered.ts";
import { StateError, userStateDir } from "../../state/state_dir.ts";

const USAGE = "usage: guard suggest [--since 30d] [--json] [--apply N [--scope project|always]]";

/** The events that are an ask, and those that say an asked call then ran (same token). */
const ASK_EVENTS = new Set(["challenge.created", "ask.native"]);
const LET_RUN_EVENTS = new Set(["approval.consumed", "ask.native.allowed"]);

export type SuggestScope = "project" | "always";

export interface Proposal {
  /** 1-based; the same for the same log (and `--since`): count, then latest ask, then shape. */
  n: number;
  shape: CallShape;
  description: string;
  count: number;
  outOfBand: number;
  native: number;
  /** Asks followed by a run of the call (approval.consumed / ask.native.allowed, same token). */
  letRun: number;
  /** The workspaces asked in (distinct, sorted); asks outside any workspace are counted apart. */
  workspaces: string[];
  outsideWorkspace: number;
  sessions: number;
  first: string;
  last: string;
  /** The latest ask's call as logged, and its tool. */
  example: string;
  exampleTool: string;
  /** The scope it would get: project when every ask came from one workspace, else always. */
  scope: SuggestScope;
  workspace: string | null;
  highRisk: boolean;
  /** The remembered rule that already covers it in that scope, if any (then it is not shown). */
  coveredBy: string | null;
}

export interface Suggestions {
  /** Ask entries in the window. */
  asks: number;
  /** Of them, those without a usable shape (proof mode, secret-looking, malformed). */
  unshaped: number;
  /** Of them, critical-risk asks (never remembered, never proposed). */
  critical: number;
  /** Every group, numbered, covered ones included (callers show the uncovered ones). */
  groups: Proposal[];
}

interface Group {
  shape: CallShape;
  count: number;
  outOfBand: number;
  native: number;
  letRun: number;
  workspaces: Set<string>;
  outside: number;
  sessions: Set<string>;
  first: string;
  last: string;
  example: string;
  exampleTool: string;
}

/** The proposals for these entries (any order; sorted by seq here) and remembered rules. Pure. */
export function buildSuggestions(
  entries: readonly AuditEntry[],
  rules: readonly RememberedRule[],
  since?: number,
): Suggestions {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  // An ask was let run when a later run event carries its token: each run answers the latest
  // unanswered ask of that token.
  const letRun = new Set<AuditEntry>();
  const open = new Map<string, AuditEntry[]>();
  for (const e of sorted) {
    if (!e.token) continue;
    if (e.event && ASK_EVENTS.has(e.event)) {
      const l = open.get(e.token) ?? [];
      l.push(e);
      open.set(e.token, l);
    } else if (e.event && LET_RUN_EVENTS.has(e.event)) {
      const hit = open.get(e.token)?.pop();
      if (hit) letRun.add(hit);
    }
  }
  const groups = new Map<string, Group>();
  let asks = 0;
  let unshaped = 0;
  let critical = 0;
  for (const e of sorted) {
    if (!e.event || !ASK_EVENTS.has(e.event)) continue;
    if (since !== undefined && !(Date.parse(e.time) >= since)) continue;
    asks++;
    const raw = e.ask?.shape as { risk?: unknown } | undefined;
    if (e.decision?.risk === "critical" || raw?.risk === "critical") {
      critical++;
      continue;
    }
    let shape: CallShape;
    try {
      if (!raw) throw new RememberedError("no shape");
      shape = parseShape(raw);
    } catch {
      unshaped++;
      continue;
    }
    const key = canonicalJson(shape);
    let g = groups.get(key);
    if (!g) {
      g = {
        shape,
        count: 0,
        outOfBand: 0,
        native: 0,
        letRun: 0,
        workspaces: new Set(),
        outside: 0,
        sessions: new Set(),
        first: e.time,
        last: e.time,
        example: "",
        exampleTool: "",
      };
      groups.set(key, g);
    }
    g.count++;
    if (e.event === "ask.native" || e.ask?.channel === "native") g.native++;
    else g.outOfBand++;
    if (letRun.has(e)) g.letRun++;
    const ws = e.ask?.workspace;
    if (typeof ws === "string" && ws) g.workspaces.add(ws);
    else g.outside++;
    if (e.session) g.sessions.add(e.session);
    if (e.time < g.first) g.first = e.time;
    if (e.time >= g.last) {
      g.last = e.time;
      g.example = e.call ?? "";
      g.exampleTool = e.tool ?? "";
    }
  }
  const ordered = [...groups.entries()].sort(([ka, a], [kb, b]) =>
    b.count - a.count || (a.last < b.last ? 1 : a.last > b.last ? -1 : 0) ||
    (ka < kb ? -1 : ka > kb ? 1 : 0)
  );
  return {
    asks,
    unshaped,
    critical,
    groups: ordered.map(([, g], i) => {
      const workspaces = [...g.workspaces].sort();
      const workspace = workspaces.length === 1 && g.outside === 0 ? workspaces[0] : null;
      const scope: SuggestScope = workspace ? "project" : "always";
      return {
        n: i + 1,
        shape: g.shape,
        description: describeShape(g.shape),
        count: g.count,
        outOfBand: g.outOfBand,
        native: g.native,
        letRun: g.letRun,
        workspaces,
        outsideWorkspace: g.outside,
        sessions: g.sessions.size,
        first: g.first,
        last: g.last,
        example: g.example,
        exampleTool: g.exampleTool,
        scope,
        workspace,
        highRisk: g.shape.risk === "high",
        coveredBy: coveredBy(rules, g.shape, scope, workspace),
      };
    }),
  };
}

/** The rule that covers `shape` for every call the scope would let run, or null. */
function coveredBy(
  rules: readonly RememberedRule[],
  shape: CallShape,
  scope: SuggestScope,
  workspace: string | null,
): string | null {
  return rememberedFor(rules, shape, {
    session: "",
    workspace: scope === "project" ? workspace : null,
  })?.id ?? null;
}

function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

function oneLine(s: string, max: number): string {
  const t = printable(s.replace(/\s+/g, " ").trim());
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

/** "asked 14 times in 3 projects (9 out of band, 5 native; 12 let run)". */
export function summary(p: Proposal): string {
  const ws = p.workspaces.length;
  const where = [
    ...(ws ? [`in ${plural(ws, "project")}`] : []),
    ...(p.outsideWorkspace
      ? [ws ? `${p.outsideWorkspace} outside any project` : "outside any project"]
      : []),
  ].join(", ");
  return `asked ${
    plural(p.count, "time")
  } ${where} (${p.outOfBand} out of band, ${p.native} native; ${
    p.letRun === p.count ? "all" : p.letRun
  } let run)`;
}

function whereLabel(scope: SuggestScope, workspace: string | null): string {
  return scope === "project" ? `project ${workspace}` : "always (every project and session)";
}

function describeProposal(p: Proposal, applyHint: string | null): string[] {
  const lines = [
    `${String(p.n).padStart(3)}. \`${printable(p.description)}\` — ${summary(p)}`,
  ];
  const pad = "     ";
  if (p.highRisk) {
    lines.push(`${pad}HIGH RISK: every call of this shape would run unasked; think twice`);
  }
  if (p.letRun === 0) {
    lines.push(`${pad}never let run: you declined these asks or never answered them`);
  }
  lines.push(
    `${pad}projects: ${p.workspaces.length ? p.workspaces.map(printable).join(", ") : "none"}${
      p.outsideWorkspace ? ` (+${p.outsideWorkspace} asks outside any project)` : ""
    }; ${plural(p.sessions, "session")}`,
    `${pad}first:    ${p.first}   last: ${p.last}`,
    `${pad}example:  ${oneLine(p.example || "(not logged)", 100)}`,
    `${pad}scope:    ${whereLabel(p.scope, p.workspace)}`,
  );
  if (applyHint) lines.push(`${pad}apply:    ${applyHint}`);
  return lines;
}

function toJson(p: Proposal) {
  return {
    n: p.n,
    description: p.description,
    shape: p.shape,
    count: p.count,
    out_of_band: p.outOfBand,
    native: p.native,
    let_run: p.letRun,
    never_let_run: p.letRun === 0,
    high_risk: p.highRisk,
    workspaces: p.workspaces,
    outside_workspace: p.outsideWorkspace,
    sessions: p.sessions,
    first: p.first,
    last: p.last,
    example: p.example,
    tool: p.exampleTool,
    scope: p.scope,
    workspace: p.workspace,
  };
}

class UsageError extends Error {}

interface Args {
  since?: number;
  sinceText?: string;
  json: boolean;
  apply?: number;
  scope?: SuggestScope;
}

function parseArgs(args: string[]): Args {
  const a: Args = { json: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const val = () => {
      const v = eq > 0 && arg.startsWith("--") ? arg.slice(eq + 1) : args[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      return v;
    };
    if (arg === "--json") a.json = true;
    else if (name === "--since") {
      const v = val();
      try {
        a.since = parseSince(v, Date.now());
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      a.sinceText = v;
    } else if (name === "--apply") {
      const v = val();
      if (!/^\d{1,6}$/.test(v)) throw new UsageError(`--apply needs a proposal number, not ${v}`);
      a.apply = Number(v);
    } else if (name === "--scope") {
      const v = val();
      if (v !== "project" && v !== "always") {
        throw new UsageError(
          `--scope needs project or always${
            v === "session" ? " (a suggestion spans sessions: use guard approve --remember)" : ""
          }`,
        );
      }
      a.scope = v;
    } else throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (a.scope && a.apply === undefined) throw new UsageError("--scope goes with --apply N");
  if (a.json && a.apply !== undefined) throw new UsageError("--json lists; it does not apply");
  return a;
}

async function readEntries(stateDir: string): Promise<AuditEntry[]> {
  const snap = await snapshot(stateDir);
  return snap.segments.flatMap((s) => parseEntries(s.text));
}

export async function runSuggest(args: string[]): Promise<number> {
  let a: Args;
  try {
    a = parseArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`guard suggest: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  try {
    const stateDir = userStateDir();
    const rules = loadRemembered(stateDir);
    const s = buildSuggestions(await readEntries(stateDir), rules, a.since);
    if (a.apply !== undefined) return await apply(stateDir, s, a);
    return await list(stateDir, s, a);
  } catch (e) {
    if (e instanceof StateError || e instanceof RememberedError || e instanceof AuthStateError) {
      err(`guard suggest: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

async function list(stateDir: string, s: Suggestions, a: Args): Promise<number> {
  const shown = s.groups.filter((p) => p.coveredBy === null);
  const covered = s.groups.length - shown.length;
  if (a.json) {
    out(JSON.stringify(
      {
        asks: s.asks,
        unshaped: s.unshaped,
        critical: s.critical,
        covered,
        proposals: shown.map(toJson),
      },
      null,
      2,
    ));
    return 0;
  }
  const window = a.sinceText ? ` in the last ${a.sinceText}` : "";
  if (s.asks === 0) {
    out(`no asks recorded${window}: nothing to suggest`);
    return 0;
  }
  if (s.groups.length === 0) {
    out(`${plural(s.asks, "ask")}${window}, none with a call shape: nothing to suggest.`);
    if (s.unshaped) out(await whyUnshaped(stateDir));
    if (s.critical) out(`(${plural(s.critical, "critical-risk ask")}: never remembered)`);
    return 0;
  }
  if (!shown.length) {
    out(
      `${plural(s.asks, "ask")}${window}: every asked shape is already covered by a remembered ` +
        "rule (guard rules lists them)",
    );
    return 0;
  }
  out(
    `${plural(shown.length, "suggested rule")} from ${plural(s.asks, "ask")}${window}` +
      ` (most asked first):`,
  );
  const since = a.sinceText ? ` --since ${a.sinceText}` : "";
  for (const p of shown) {
    out("");
    for (const l of describeProposal(p, `guard suggest${since} --apply ${p.n}`)) out(l);
  }
  out("");
  const notes = [
    ...(covered ? [`${covered} already remembered (not shown; numbers skip them)`] : []),
    ...(s.unshaped ? [`${s.unshaped} without a recorded shape`] : []),
    ...(s.critical ? [`${s.critical} critical (never remembered)`] : []),
  ];
  if (notes.length) out(`Asks left out: ${notes.join("; ")}.`);
  out(
    "Applying one asks your second factor, then lets every call of that shape run unasked in " +
      "its scope; remove it with `guard forget <id>`.",
  );
  return 0;
}

async function whyUnshaped(stateDir: string): Promise<string> {
  let mode = "";
  try {
    mode = (await loadPolicy(stateDir)).audit.mode;
  } catch { /* the policy is guard evaluate's to report */ }
  return mode === "proof"
    ? 'The audit log is in proof mode ([audit] mode = "proof" in ~/.aiguard/policy.toml): asks ' +
      "are logged without their shape, so guard suggest has nothing to group. Set " +
      'mode = "redacted" to record shapes of new asks.'
    : "Asks are logged without their shape in proof mode, by a guard older than call shapes, or " +
      "when the shape looked like it held a secret.";
}

async function apply(stateDir: string, s: Suggestions, a: Args): Promise<number> {
  const p = s.groups.find((g) => g.n === a.apply);
  if (!p) {
    const shown = s.groups.filter((g) => g.coveredBy === null).length;
    err(
      `guard suggest: no proposal ${a.apply}${a.sinceText ? ` in the last ${a.sinceText}` : ""} ` +
        `(${
          s.groups.length
            ? `numbers run 1 to ${s.groups.length}, ${shown} not yet remembered`
            : "none"
        }; run guard suggest${a.sinceText ? ` --since ${a.sinceText}` : ""} to list them)`,
    );
    return 2;
  }
  const scope = a.scope ?? p.scope;
  if (scope === "project" && p.workspace === null) {
    const where = [
      ...p.workspaces.map(printable),
      ...(p.outsideWorkspace ? [`${p.outsideWorkspace} asks outside any project`] : []),
    ];
    err(
      `guard suggest: proposal ${p.n} was asked in more than one place (${where.join(", ")}); ` +
        "a project rule covers one project. Use --scope always, or approve an ask in each " +
        "project with `guard approve <token> --remember project`.",
    );
    return 1;
  }
  // `[managed] remember` caps the scope (src/policy/managed_policy.ts).
  const cap = (await loadPolicy(stateDir)).managed?.remember ?? "always";
  if (!withinCap(scope, cap)) {
    err(
      `guard suggest: the managed policy caps remembered approvals at ${cap} ` +
        "([managed] remember): nothing written",
    );
    return 1;
  }
  const workspace = scope === "project" ? p.workspace : null;
  const already = coveredBy(loadRemembered(stateDir), p.shape, scope, workspace);
  if (already) {
    out(
      `proposal ${p.n} is already covered by remembered rule ${already} ` +
        `(${whereLabel(scope, workspace)}): nothing written (guard rules lists it)`,
    );
    return 0;
  }
  const id = await rememberedId(p.shape, scope, workspace ?? "");
  out(`Remember this shape as ${id}?`);
  out("");
  for (const l of describeProposal({ ...p, scope, workspace }, null)) out(l);
  out("");
  out(`  Every call of this shape will run without asking: ${whereLabel(scope, workspace)}.`);
  out("");
  const c: Partial<Challenge> = {
    session: "",
    tool: p.exampleTool,
    call: p.example,
    risk: p.shape.risk,
    rule: p.shape.rule,
  };
  const what = `${scope === "project" ? `project ${workspace}` : "always"}: ${p.description}`;
  // The second factor, exactly as `guard approve` asks it.
  const f = await secondFactor(
    stateDir,
    { token: id, text: what, reason: `remember ${id}: ${what.slice(0, 120)}` },
    (event, detail) => audit(stateDir, event, c, `suggest ${id}: ${detail}`),
  );
  if (!f.ok) {
    err(`guard suggest: not remembered — ${f.message}`);
    return 1;
  }
  const method = f.method;
  const r = await makeRemembered(
    p.shape,
    scope,
    { session: "", workspace },
    p.example,
    method,
    Date.now(),
  );
  if ("refused" in r) {
    err(`guard suggest: not remembered: ${r.refused}`);
    return 1;
  }
  const added = addRemembered(stateDir, r);
  await audit(
    stateDir,
    "remembered.added",
    c,
    `${added ? "remembered" : "already remembered"} as ${r.id} (${scope}) with ${method} from ` +
      `guard suggest (asked ${plural(p.count, "time")}): ${p.description}`,
  );
  out(
    `${added ? "remembered" : "already remembered"} as ${r.id} (${
      whereLabel(scope, workspace)
    }): calls of this shape now run; list with \`guard rules\`, remove with \`guard forget ${r.id}\``,
  );
  return 0;
}
