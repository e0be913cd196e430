/**
 * `guard log` (recent decisions, filtered; `--json`; `--follow`) and
 * `guard stats` (decisions by action, rule and tool) — run by the user.
 */
import type { AuditEntry } from "../audit/audit_entry.ts";
import { auditPath } from "../audit/audit_log.ts";
import { snapshot } from "../audit/audit_read.ts";
import { StateError, userStateDir } from "../state/state_dir.ts";
import { err, out, printable } from "./io.ts";

const LOG_USAGE =
  `usage: guard log [-n N] [--action allow|ask|block|…] [--tool NAME] [--session ID] [--since 10m|2h|3d|ISO-TIME] [--json] [--follow]`;
const STATS_USAGE =
  `usage: guard stats [--since 10m|2h|3d|ISO-TIME] [--session ID] [--json | --prometheus]`;

export interface LogFilter {
  action?: string;
  tool?: string;
  session?: string;
  since?: number;
}

class UsageError extends Error {}

/** `10m`, `2h`, `3d`, `45s` before now, or an ISO time. */
export function parseSince(s: string, now: number): number {
  const m = /^(\d{1,9})([smhd])$/.exec(s);
  if (m) {
    const unit = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3 }[m[2] as "s" | "m" | "h" | "d"];
    return now - Number(m[1]) * unit;
  }
  const t = Date.parse(s);
  if (!/^\d{4}-\d{2}-\d{2}/.test(s) || Number.isNaN(t)) {
    throw new UsageError(`--since ${JSON.stringify(s)}: expected 10m, 2h, 3d or an ISO time`);
  }
  return t;
}

export function matches(e: AuditEntry, f: LogFilter): boolean {
  if (f.action && e.decision?.action !== f.action) return false;
  if (f.tool && e.tool !== f.tool) return false;
  if (f.session && e.session !== f.session) return false;
  if (f.since !== undefined && !(Date.parse(e.time) >= f.since)) return false;
  return true;
}

/** Parses log lines, skipping what is not an entry (verify reports those). */
export function parseEntries(text: string): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const v = JSON.parse(line);
      if (v && typeof v === "object" && typeof v.seq === "number" && v.decision) out.push(v);
    } catch { /* torn or garbled: not shown */ }
  }
  return out;
}

function oneLine(s: string, max: number): string {
  const t = printable(s.replace(/\s+/g, " "));
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

export function formatEntry(e: AuditEntry): string {
  const d = e.decision;
  const what = e.event && e.event !== "PreToolUse" ? e.event : d.action;
  return [
    e.time.replace(/\.\d{3}Z$/, "Z"),
    what.padEnd(18),
    (d.risk || "-").padEnd(8),
    (d.rule || "-").padEnd(26),
    (e.tool || "-").padEnd(12),
    oneLine(e.call || d.warning || "", 100),
  ].join(" ");
}

async function allEntries(dir: string): Promise<AuditEntry[]> {
  const snap = await snapshot(dir);
  return snap.segments.flatMap((s) => parseEntries(s.text));
}

export async function runLog(args: string[]): Promise<number> {
  try {
    const f: LogFilter = {};
    let n = 20;
    let json = false;
    let follow = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const val = () => {
        const v = args[++i];
        if (v === undefined) throw new UsageError(`${a} needs a value\n${LOG_USAGE}`);
        return v;
      };
      if (a === "-n" || a === "--lines") {
        const v = val();
        if (!/^\d{1,7}$/.test(v)) throw new UsageError(`${a} needs a number`);
        n = Number(v);
      } else if (a === "--action") f.action = val();
      else if (a === "--tool") f.tool = val();
      else if (a === "--session") f.session = val();
      else if (a === "--since") f.since = parseSince(val(), Date.now());
      else if (a === "--json") json = true;
      else if (a === "--follow" || a === "-f") follow = true;
      else throw new UsageError(`unknown argument ${JSON.stringify(a)}\n${LOG_USAGE}`);
    }
    const dir = userStateDir();
    const shown = (await allEntries(dir)).filter((e) => matches(e, f));
    const show = (e: AuditEntry) => out(json ? JSON.stringify(e) : formatEntry(e));
    for (const e of shown.slice(Math.max(0, shown.length - n))) show(e);
    if (!follow) return 0;
    await followLog(dir, f, show, shown.at(-1)?.seq ?? -1);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof StateError) {
      err(`guard log: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** Polls the live log for new entries (rotation-aware: it follows seq, not bytes). */
async function followLog(
  dir: string,
  f: LogFilter,
  show: (e: AuditEntry) => void,
  lastSeq: number,
): Promise<never> {
  let offset = 0;
  let ino: number | null = null;
  while (true) {
    try {
      const info = Deno.statSync(auditPath(dir));
      if (info.ino !== ino || info.size < offset) {
        ino = info.ino;
        offset = 0;
      }
      if (info.size > offset) {
        const file = Deno.openSync(auditPath(dir), { read: true });
        try {
          file.seekSync(offset, Deno.SeekMode.Start);
          const buf = new Uint8Array(info.size - offset);
          let got = 0;
          while (got < buf.length) {
            const r = file.readSync(buf.subarray(got));
            if (r === null || r === 0) break;
            got += r;
          }
          const text = new TextDecoder().decode(buf.subarray(0, got));
          const complete = text.slice(0, text.lastIndexOf("\n") + 1);
          offset += new TextEncoder().encode(complete).length;
          for (const e of parseEntries(complete)) {
            if (e.seq <= lastSeq) continue;
            lastSeq = e.seq;
            if (matches(e, f)) show(e);
          }
        } finally {
          file.close();
        }
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface Stats {
  entries: number;
  first: string | null;
  last: string | null;
  byAction: Record<string, number>;
  byRule: Record<string, number>;
  byTool: Record<string, number>;
}

export function computeStats(entries: AuditEntry[]): Stats {
  const s: Stats = { entries: 0, first: null, last: null, byAction: {}, byRule: {}, byTool: {} };
  const inc = (m: Record<string, number>, k: string) => m[k] = (m[k] ?? 0) + 1;
  for (const e of entries) {
    s.entries++;
    s.first ??= e.time;
    s.last = e.time;
    inc(s.byAction, e.event && e.event !== "PreToolUse" ? e.event : e.decision.action);
    if (e.decision.rule) inc(s.byRule, e.decision.rule);
    if (e.tool) inc(s.byTool, e.tool);
  }
  return s;
}

/** A label value in the Prometheus text exposition format: backslash, quote and newline escaped. */
function promLabel(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/**
 * The decision counters in the Prometheus text exposition format (version 0.0.4), for
 * node_exporter's textfile collector: decisions by action, by rule and action, by tool and
 * action; guard's own events by event; the entry count and the time of the last entry.
 */
export function prometheusText(entries: AuditEntry[]): string {
  const count = new Map<string, Map<string, number>>();
  const inc = (metric: string, labels: string) => {
    const m = count.get(metric) ?? new Map<string, number>();
    m.set(labels, (m.get(labels) ?? 0) + 1);
    count.set(metric, m);
  };
  let last = 0;
  for (const e of entries) {
    const t = Date.parse(e.time);
    if (Number.isFinite(t) && t > last) last = t;
    const action = e.decision?.action ?? "";
    if (e.source === "guard" || (e.event && e.event.startsWith("audit."))) {
      inc("guard_events_total", `event="${promLabel(e.event ?? e.decision?.rule ?? "")}"`);
      continue;
    }
    inc("guard_decisions_total", `action="${promLabel(action)}"`);
    if (e.decision?.rule) {
      inc(
        "guard_rule_decisions_total",
        `rule="${promLabel(e.decision.rule)}",action="${promLabel(action)}"`,
      );
    }
    if (e.tool) {
      inc(
        "guard_tool_decisions_total",
        `tool="${promLabel(e.tool)}",action="${promLabel(action)}"`,
      );
    }
  }
  const help: [string, string][] = [
    ["guard_decisions_total", "Decisions guard made, by action (from the audit log)."],
    ["guard_rule_decisions_total", "Decisions by the rule that decided and the action."],
    ["guard_tool_decisions_total", "Decisions by tool and action."],
    ["guard_events_total", "guard's own audit events (checkpoints, gaps, rekeys), by event."],
  ];
  const lines: string[] = [];
  for (const [metric, text] of help) {
    lines.push(`# HELP ${metric} ${text}`, `# TYPE ${metric} counter`);
    const m = count.get(metric);
    if (!m) continue;
    for (const [labels, n] of [...m].sort((a, b) => a[0].localeCompare(b[0]))) {
      lines.push(`${metric}{${labels}} ${n}`);
    }
  }
  lines.push(
    "# HELP guard_audit_entries Entries in the audit log.",
    "# TYPE guard_audit_entries gauge",
    `guard_audit_entries ${entries.length}`,
    "# HELP guard_audit_last_entry_timestamp_seconds Time of the newest audit entry.",
    "# TYPE guard_audit_last_entry_timestamp_seconds gauge",
    `guard_audit_last_entry_timestamp_seconds ${last ? (last / 1000).toFixed(3) : 0}`,
  );
  return lines.join("\n") + "\n";
}

function table(title: string, m: Record<string, number>, top = 15): string[] {
  const rows = Object.entries(m).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const w = Math.max(...rows.map(([k]) => k.length), 4);
  return [
    title,
    ...rows.slice(0, top).map(([k, v]) => `  ${printable(k).padEnd(w)}  ${String(v).padStart(7)}`),
    ...(rows.length > top ? [`  … ${rows.length - top} more`] : []),
  ];
}

export async function runStats(args: string[]): Promise<number> {
  try {
    const f: LogFilter = {};
    let json = false;
    let prometheus = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === "--json") json = true;
      else if (a === "--prometheus") prometheus = true;
      else if (a === "--since" && args[i + 1] !== undefined) {
        f.since = parseSince(args[++i], Date.now());
      } else if (a === "--session" && args[i + 1] !== undefined) f.session = args[++i];
      else throw new UsageError(`unknown argument ${JSON.stringify(a)}\n${STATS_USAGE}`);
    }
    if (json && prometheus) throw new UsageError("--json and --prometheus exclude each other");
    const picked = (await allEntries(userStateDir())).filter((e) => matches(e, f));
    if (prometheus) {
      Deno.stdout.writeSync(new TextEncoder().encode(prometheusText(picked)));
      return 0;
    }
    const s = computeStats(picked);
    if (json) {
      out(JSON.stringify(s));
      return 0;
    }
    out(`${s.entries} entries${s.first ? ` from ${s.first} to ${s.last}` : ""}`);
    if (!s.entries) return 0;
    out([
      ...table("by action/event:", s.byAction),
      ...table("by rule:", s.byRule),
      ...table("by tool:", s.byTool),
    ].join("\n"));
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof StateError) {
      err(`guard stats: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
