/**
 * Verification of a collector's export of one machine's shipped stream (`guard audit verify
 * --stream FILE --key PUBKEY`), as a pure function. The export is JSON lines as the collector wrote
 * them, in any order, duplicates allowed: each line is the entry itself, a JSON object holding it
 * (as a string or an object, at any depth: rsyslog's `%msg:::json%`, an OTLP JSON export's
 * `body.stringValue`, …) or a raw syslog line whose message is the entry.
 *
 * What is proved: every entry hashes to its own hash (no edit), no seq arrives with two contents
 * (no rewrite, no injection beside a real entry), seqs run from 0 without a hole (no drop), each
 * entry links to the one before (no entry replaced or inserted), and the signed checkpoints in
 * the stream verify under the given key and describe the chain before them — so every entry up to
 * the last checkpoint is the one guard wrote, and entries after it are chained but not yet signed
 * (said in a note). With root keys (a bundle from `guard audit key --export`) the MACs are checked
 * too. The shipper's own reports (`"guard_ship": 1`) are listed as notes.
 */
import { canonicalJson } from "../../core/canonical.ts";
import { GENESIS, type Signer } from "../audit_entry.ts";
import {
  evolveKey,
  keyAt,
  noteSignedBy,
  parseNote,
  type ReadEntry,
  readEntry,
  type SyncCrypto,
} from "../audit_verify.ts";
import type { RootKey } from "../audit_entry.ts";

export interface StreamResult {
  ok: boolean;
  /** Distinct entries. */
  entries: number;
  duplicates: number;
  /** The last seq a signed checkpoint covers (-1: none). */
  signedThrough: number;
  lastSeq: number;
  problem?: string;
  /** Export line of the problem (1-based), when it has one. */
  line?: number;
  notes: string[];
  /** The shipper's own reports found in the stream. */
  events: { event: string; from: number; to: number; detail: string }[];
}

interface Found {
  text: string;
  line: number;
}

const MAX_DEPTH = 16;

function looksLikeEntry(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return typeof o.seq === "number" && typeof o.hash === "string" &&
    typeof o.prev_hash === "string" && typeof o.mac === "string";
}

function looksLikeShipEvent(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && (v as Record<string, unknown>).guard_ship === 1;
}

/** Finds guard entries (as canonical text) and ship events inside one parsed JSON value. */
function walk(
  v: unknown,
  depth: number,
  found: (entry: string | null, ev: Record<string, unknown> | null) => void,
): void {
  if (depth > MAX_DEPTH || v === null) return;
  if (typeof v === "string") {
    const s = v.trim();
    if (s.startsWith("{") && s.endsWith("}")) {
      try {
        walk(JSON.parse(s), depth + 1, found);
      } catch { /* not JSON */ }
    } else {
      const at = s.indexOf("{");
      if (at > 0) {
        try {
          walk(JSON.parse(s.slice(at)), depth + 1, found);
        } catch { /* not a syslog line with a JSON message */ }
      }
    }
    return;
  }
  if (typeof v !== "object") return;
  if (looksLikeEntry(v)) return found(canonicalJson(v), null);
  if (looksLikeShipEvent(v)) return found(null, v as Record<string, unknown>);
  for (const x of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
    walk(x, depth + 1, found);
  }
}

/** Every entry and ship event of an export. */
export function extractStream(text: string): {
  entries: Found[];
  events: StreamResult["events"];
  unparsed: number;
} {
  const entries: Found[] = [];
  const events: StreamResult["events"] = [];
  let unparsed = 0;
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (!raw) continue;
    let any = false;
    const found = (entry: string | null, ev: Record<string, unknown> | null) => {
      any = true;
      if (entry !== null) entries.push({ text: entry, line: i + 1 });
      if (ev) {
        events.push({
          event: String(ev.event ?? "ship.?"),
          from: Number(ev.from ?? -1),
          to: Number(ev.to ?? -1),
          detail: String(ev.detail ?? ""),
        });
      }
    };
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(raw);
    } catch { /* a raw syslog line */ }
    if (parsed !== undefined) walk(parsed, 0, found);
    else {
      // A syslog line: the message is the JSON after the structured data.
      for (let at = raw.indexOf("{"); at >= 0 && !any; at = raw.indexOf("{", at + 1)) {
        try {
          walk(JSON.parse(raw.slice(at)), 1, found);
          break;
        } catch { /* try the next brace */ }
      }
    }
    if (!any) unparsed++;
  }
  return { entries, events, unparsed };
}

function range(from: number, to: number): string {
  return from === to ? `entry seq ${from}` : `entries seq ${from}..${to}`;
}

export interface StreamInput {
  text: string;
  signers: Signer[];
  roots?: RootKey[];
}

export function verifyStream(input: StreamInput, c: SyncCrypto): StreamResult {
  const { entries: found, events, unparsed } = extractStream(input.text);
  const notes: string[] = [];
  const bySeq = new Map<number, { e: ReadEntry; line: number }>();
  let duplicates = 0;
  const res = (
    ok: boolean,
    extra: Partial<StreamResult> = {},
  ): StreamResult => ({
    ok,
    entries: bySeq.size,
    duplicates,
    signedThrough: -1,
    lastSeq: -1,
    notes,
    events,
    ...extra,
  });
  if (unparsed) notes.push(`${unparsed} line(s) of the export hold no guard entry (ignored)`);
  for (const ev of events) {
    notes.push(`the shipper reported ${ev.event} (${range(ev.from, ev.to)}): ${ev.detail}`);
  }
  for (const f of found) {
    const e = readEntry(f.text);
    if (!e) return res(false, { line: f.line, problem: "a guard entry that cannot be read" });
    if (c.sha256Hex(e.b2) !== e.hash) {
      return res(false, {
        line: f.line,
        problem: `entry seq ${e.seq} edited (its hash does not match its content)`,
      });
    }
    const prev = bySeq.get(e.seq);
    if (prev) {
      if (prev.e.hash === e.hash) {
        duplicates++;
        continue;
      }
      return res(false, {
        line: f.line,
        problem:
          `seq ${e.seq} arrives with two different contents (export lines ${prev.line} and ${f.line}): an entry rewritten or injected`,
      });
    }
    bySeq.set(e.seq, { e, line: f.line });
  }
  if (!bySeq.size) return res(false, { problem: "the export holds no guard entry" });
  const seqs = [...bySeq.keys()].sort((a, b) => a - b);
  if (seqs[0] !== 0) {
    return res(false, {
      line: bySeq.get(seqs[0])!.line,
      problem: `${range(0, seqs[0] - 1)} missing: the stream does not start at the beginning`,
    });
  }
  const macs = (input.roots?.length ?? 0) > 0;
  if (!macs) notes.push("MACs not checked (no root key given); the signed checkpoints prove it");
  let key = macs ? keyAt(c, input.roots!, 0) : null;
  let prevHash = GENESIS;
  let signedThrough = -1;
  let checkpoints = 0;
  for (let i = 0; i < seqs.length; i++) {
    const seq = seqs[i];
    const { e, line } = bySeq.get(seq)!;
    if (i > 0 && seq !== seqs[i - 1] + 1) {
      return res(false, {
        line,
        problem: `${range(seqs[i - 1] + 1, seq - 1)} missing before seq ${seq} (dropped)`,
      });
    }
    if (e.prev_hash !== prevHash) {
      return res(false, {
        line,
        problem: seq === 0
          ? "entry seq 0 does not start the chain"
          : `entry seq ${seq} does not link to entry seq ${
            seq - 1
          } (an entry replaced or injected)`,
      });
    }
    const full = (e.full ?? JSON.parse(e.b2)) as Record<string, unknown>;
    const event = full.event;
    if (macs) {
      if (event === "audit.rekey") {
        const root = input.roots!.find((r) => r.from === seq);
        if (!root) return res(false, { line, problem: `rekey at seq ${seq} has no root key` });
        key = root.key;
      }
      if (key === null) return res(false, { line, problem: `no root key covers seq ${seq}` });
      if (c.hmacHex(key, e.b1) !== e.mac) {
        return res(false, {
          line,
          problem: `forged MAC on entry seq ${seq} (not written by guard's key)`,
        });
      }
      key = evolveKey(c, key);
    }
    if (event === "audit.checkpoint") {
      const call = full.call;
      const cp = typeof call === "string" ? parseNote(call) : null;
      if (!cp) return res(false, { line, problem: `checkpoint at seq ${seq} is malformed` });
      if (cp.size !== seq || cp.head !== e.prev_hash) {
        return res(false, {
          line,
          problem: `checkpoint at seq ${seq} does not describe the chain before it`,
        });
      }
      if (!noteSignedBy(cp, input.signers, c)) {
        return res(false, {
          line,
          problem: `checkpoint at seq ${seq} is not signed by the given key (forged)`,
        });
      }
      checkpoints++;
      // The checkpoint entry is the signed note itself: covered by its own signature.
      signedThrough = seq;
    }
    prevHash = e.hash;
  }
  const lastSeq = seqs[seqs.length - 1];
  if (!checkpoints) {
    return res(false, {
      lastSeq,
      problem:
        "no signed checkpoint in the stream: nothing in it can be proved (guard audit ship --once signs one at the end)",
    });
  }
  if (signedThrough < lastSeq) {
    notes.push(
      `${
        range(signedThrough + 1, lastSeq)
      } after the last signed checkpoint: chained, not yet signed`,
    );
  }
  return res(true, { signedThrough, lastSeq });
}
