/**
 * Verification of an audit log, as a pure function: every entry's hash, MAC
 * (with the forward-evolving key recomputed from its root), chain link and
 * sequence number; signed checkpoints; the writer's seal and exported
 * checkpoints. No I/O: `guard audit verify` supplies the bytes, the keys and
 * synchronous crypto primitives.
 */
import {
  type AuditEntry,
  type Checkpoint,
  CHECKPOINT_EVERY,
  EVOLVE_LABEL,
  fromBase64,
  fromHex,
  GENESIS,
  type RootKey,
  type Signer,
  toHex,
} from "./audit_entry.ts";

/** Primitives verification needs (synchronous: node:crypto in the CLI). */
export interface SyncCrypto {
  sha256Hex(data: string): string;
  hmacHex(keyHex: string, data: string): string;
  /** Ed25519 verification; public key and signature as raw bytes. */
  verifyEd25519(pub: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Cuts `,"<name>":"<value>"` out of a canonical line; null when absent. */
function cut(line: string, name: string, value: string): string | null {
  const needle = `,"${name}":"${value}"`;
  const i = line.indexOf(needle);
  if (i < 0) return null;
  return line.slice(0, i) + line.slice(i + needle.length);
}

export function parseVkey(
  line: string,
): { name: string; keyHash: Uint8Array; pub: Uint8Array } | null {
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(line.trim());
  if (!m) return null;
  const blob = fromBase64(m[3]);
  if (!blob || blob.length !== 33 || blob[0] !== 1) return null;
  return { name: m[1], keyHash: fromHex(m[2]), pub: blob.slice(1) };
}

/** Parses a note; null when it is not a well-formed guard checkpoint. */
export function parseNote(note: string): Checkpoint | null {
  const split = note.indexOf("\n\n");
  if (split < 0) return null;
  const text = note.slice(0, split + 1);
  const lines = text.slice(0, -1).split("\n");
  if (lines.length < 4) return null;
  const [origin, sizeS, headB64, timeLine] = lines;
  if (!origin.startsWith("guard-audit/") || !/^\d{1,15}$/.test(sizeS)) return null;
  const headBytes = fromBase64(headB64);
  if (!headBytes || headBytes.length !== 32) return null;
  if (!timeLine.startsWith("time ")) return null;
  const sigs: Checkpoint["sigs"] = [];
  for (const l of note.slice(split + 2).split("\n")) {
    if (!l) continue;
    const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(l);
    if (!m) return null;
    const blob = fromBase64(m[2]);
    if (!blob || blob.length !== 68) return null;
    sigs.push({ name: m[1], keyHash: blob.slice(0, 4), sig: blob.slice(4) });
  }
  if (!sigs.length) return null;
  return {
    origin,
    size: Number(sizeS),
    head: toHex(headBytes),
    time: timeLine.slice(5),
    text,
    sigs,
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Whether one of the note's signatures verifies under one of `signers`. */
export function noteSignedBy(cp: Checkpoint, signers: Signer[], c: SyncCrypto): boolean {
  const msg = new TextEncoder().encode(cp.text);
  for (const s of cp.sigs) {
    for (const k of signers) {
      if (k.name !== s.name || !sameBytes(k.keyHash, s.keyHash)) continue;
      if (c.verifyEd25519(k.pub, msg, s.sig)) return true;
    }
  }
  return false;
}

// ── Verification ────────────────────────────────────────────────────────────

export interface Segment {
  /** Displayed in messages. */
  name: string;
  text: string;
}

export interface VerifyInput {
  segments: Segment[];
  /** Roots of the MAC key chain; empty when exported and removed. */
  roots: RootKey[];
  signers: Signer[];
  /** The writer's seal, when verifying the live log: next seq and head hash. */
  seal?: { seq: number; head: string } | null;
  /** The latest checkpoint the writer kept, checked against the log. */
  latest?: Checkpoint | null;
  /** Exported checkpoints the log must still contain. */
  against?: Checkpoint[];
  /** True when a segment may start mid-log (a single file given by path). */
  partial?: boolean;
}

export interface VerifyResult {
  ok: boolean;
  entries: number;
  /** First problem: the line (1-based, within `file`) and what is wrong. */
  line?: number;
  file?: string;
  problem?: string;
  /** Things that are not tampering but the user should know. */
  notes: string[];
  /** Hash of every entry that a checkpoint refers to, for `against`. */
  lastSeq: number;
  lastHash: string;
}

export function evolveKey(c: SyncCrypto, key: string): string {
  return c.sha256Hex(EVOLVE_LABEL + key);
}

/** The MAC key for `seq` from the nearest root at or before it. */
export function keyAt(c: SyncCrypto, roots: RootKey[], seq: number): string | null {
  let best: RootKey | null = null;
  for (const r of roots) if (r.from <= seq && (!best || r.from > best.from)) best = r;
  if (!best) return null;
  let k = best.key;
  for (let s = best.from; s < seq; s++) k = evolveKey(c, k);
  return k;
}

function describeGap(from: number, to: number): string {
  return from === to ? `entry seq ${from}` : `entries seq ${from}..${to}`;
}

/** An entry's chain fields and the texts its hash and MAC cover; `full` when parsed. */
export interface ReadEntry {
  seq: number;
  prev_hash: string;
  hash: string;
  mac: string;
  /** The line without hash and mac (what the MAC covers). */
  b1: string;
  /** The line without hash (what the hash covers). */
  b2: string;
  /** The parsed entry (guard's own events, or anything unusual). */
  full: AuditEntry | null;
}

const FAST_MAC = '","mac":"';
const FAST_PREV = '","prev_hash":"';
const FAST_SEQ = '","seq":';

/**
 * Reads an ordinary decision entry by position: in canonical order `hash`,
 * `mac`, `prev_hash` and `seq` are adjacent members with fixed-length values.
 * Returns null for anything else (guard's own events, optional members,
 * damage), which then goes through JSON.parse. Every byte of the line is
 * still covered by the hash and the MAC, so reading by position accepts
 * nothing the parser would not.
 */
export function fastFields(line: string): ReadEntry | null {
  if (!line.startsWith('{"call":') || line.charCodeAt(line.length - 1) !== 125) return null;
  const i = line.indexOf(',"hash":"');
  if (i < 0 || line.indexOf(',"event":"audit.') >= 0) return null;
  const h = i + 9;
  const m = h + 64 + FAST_MAC.length;
  const p = m + 64 + FAST_PREV.length;
  const s = p + 64 + FAST_SEQ.length;
  if (
    !line.startsWith(FAST_MAC, h + 64) || !line.startsWith(FAST_PREV, m + 64) ||
    !line.startsWith(FAST_SEQ, p + 64)
  ) return null;
  let j = s;
  let seq = 0;
  while (j < line.length && j - s < 15) {
    const d = line.charCodeAt(j) - 48;
    if (d < 0 || d > 9) break;
    seq = seq * 10 + d;
    j++;
  }
  if (j === s || line.charCodeAt(j) !== 44 || (j - s > 1 && line.charCodeAt(s) === 48)) {
    return null;
  }
  return {
    seq,
    hash: line.slice(h, h + 64),
    mac: line.slice(m, m + 64),
    prev_hash: line.slice(p, p + 64),
    b1: line.slice(0, i) + line.slice(m + 65),
    b2: line.slice(0, i) + line.slice(h + 65),
    full: null,
  };
}

export function readEntry(raw: string): ReadEntry | null {
  const fast = fastFields(raw);
  if (fast) return fast;
  let v: AuditEntry;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (
    !v || typeof v !== "object" || !Number.isSafeInteger(v.seq) || v.seq < 0 ||
    typeof v.prev_hash !== "string" || !HEX64.test(v.prev_hash) ||
    typeof v.hash !== "string" || !HEX64.test(v.hash) ||
    typeof v.mac !== "string" || !HEX64.test(v.mac)
  ) return null;
  const b2 = cut(raw, "hash", v.hash);
  const b1 = b2 === null ? null : cut(b2, "mac", v.mac);
  if (b2 === null || b1 === null) return null;
  return { seq: v.seq, prev_hash: v.prev_hash, hash: v.hash, mac: v.mac, b1, b2, full: v };
}

/**
 * Verifies segments in order. Stops at the first break and names its line.
 * The order of checks is chosen so that each kind of tampering gets its own
 * name: unparseable → torn/garbled; seq out of step → deleted/inserted/
 * reordered; hash → edited; prev_hash → chain rewritten; MAC → forged.
 */
export function verifyLog(input: VerifyInput, c: SyncCrypto): VerifyResult {
  const notes: string[] = [];
  let entries = 0;
  let expectSeq = -1; // unknown until the first entry
  let prevHash = GENESIS;
  let key: string | null = null;
  const macChecked = input.roots.length > 0;
  if (!macChecked) {
    notes.push(
      "MACs not checked: no root key here (exported and removed?); pass it with --against",
    );
  }
  const hashes = new Map<number, string>();
  const wanted = new Set<number>();
  for (const cp of input.against ?? []) wanted.add(cp.size - 1);
  if (input.latest) wanted.add(input.latest.size - 1);
  let checkpoints = 0;
  const fail = (file: string, line: number, problem: string): VerifyResult => ({
    ok: false,
    entries,
    file,
    line,
    problem,
    notes,
    lastSeq: expectSeq - 1,
    lastHash: prevHash,
  });

  for (let si = 0; si < input.segments.length; si++) {
    const seg = input.segments[si];
    const lastSeg = si === input.segments.length - 1;
    const text = seg.text;
    if (text.length === 0) continue;
    const endsClean = text.endsWith("\n");
    const lines = (endsClean ? text.slice(0, -1) : text).split("\n");
    let pendingFragment: { line: number; bytes: number; sha256: string } | null = null;
    for (let li = 0; li < lines.length; li++) {
      const lineNo = li + 1;
      const raw = lines[li];
      const isLast = li === lines.length - 1;
      const e = readEntry(raw);
      if (!e) {
        if (pendingFragment) {
          return fail(seg.name, pendingFragment.line, "unreadable entry (garbled or torn)");
        }
        if (isLast && lastSeg && !endsClean) {
          return fail(
            seg.name,
            lineNo,
            "torn final line: an incomplete entry (a crash mid-write, or the log was cut); the next append records it as a gap",
          );
        }
        pendingFragment = {
          line: lineNo,
          bytes: new TextEncoder().encode(raw).length,
          sha256: c.sha256Hex(raw),
        };
        continue;
      }
      if (pendingFragment) {
        const r = e.full?.repair;
        if (!r || r.bytes !== pendingFragment.bytes || r.sha256 !== pendingFragment.sha256) {
          return fail(seg.name, pendingFragment.line, "unreadable entry (garbled or torn)");
        }
        notes.push(
          `${seg.name} line ${pendingFragment.line}: torn entry from a crash, recorded openly by the entry on line ${lineNo}`,
        );
        pendingFragment = null;
      }
      if (expectSeq < 0) {
        if (e.seq !== 0 && !input.partial) {
          return fail(
            seg.name,
            lineNo,
            `log starts at seq ${e.seq}: ${describeGap(0, e.seq - 1)} missing`,
          );
        }
        expectSeq = e.seq;
        if (e.seq === 0 && e.prev_hash !== GENESIS) {
          return fail(
            seg.name,
            lineNo,
            "first entry does not start the chain (prev_hash is not genesis)",
          );
        }
        if (e.seq !== 0) {
          notes.push(
            `${seg.name} starts at seq ${e.seq}: its link to earlier segments is not checked`,
          );
          prevHash = e.prev_hash;
        }
        key = macChecked ? keyAt(c, input.roots, e.seq) : null;
      }
      if (e.seq !== expectSeq) {
        if (e.seq > expectSeq) {
          const later = lines.slice(li + 1).some((l) => l.includes(`"seq":${expectSeq},`));
          if (later) {
            return fail(
              seg.name,
              lineNo,
              `entry seq ${e.seq} where seq ${expectSeq} belongs; seq ${expectSeq} comes later (reordered)`,
            );
          }
          return fail(
            seg.name,
            lineNo,
            `${describeGap(expectSeq, e.seq - 1)} missing before this line (deleted)`,
          );
        }
        return fail(
          seg.name,
          lineNo,
          `entry seq ${e.seq} where seq ${expectSeq} belongs (inserted or reordered)`,
        );
      }
      if (e.seq === 0 && e.prev_hash !== GENESIS) {
        return fail(
          seg.name,
          lineNo,
          "first entry does not start the chain (prev_hash is not genesis)",
        );
      }
      const { b1, b2 } = e;
      if (c.sha256Hex(b2) !== e.hash) {
        return fail(
          seg.name,
          lineNo,
          `entry seq ${e.seq} edited (its hash does not match its content)`,
        );
      }
      if (e.prev_hash !== prevHash) {
        return fail(
          seg.name,
          lineNo,
          `chain broken: prev_hash does not match the previous entry (entries rewritten, inserted or reordered)`,
        );
      }
      const full = e.full;
      if (full?.event === "audit.rekey") {
        const root = input.roots.find((r) => r.from === e!.seq);
        if (macChecked && !root) {
          return fail(seg.name, lineNo, `rekey at seq ${e.seq} has no registered root key`);
        }
        if (root) key = root.key;
        notes.push(
          `${seg.name} line ${lineNo}: MAC key restarted (${full.decision?.warning}); entries before it cannot be re-keyed by an attacker, entries after it rely on the new key`,
        );
      }
      if (macChecked) {
        if (key === null) {
          return fail(seg.name, lineNo, `no root key covers seq ${e.seq}`);
        }
        if (c.hmacHex(key, b1) !== e.mac) {
          return fail(
            seg.name,
            lineNo,
            `forged MAC on entry seq ${e.seq} (not written by guard's key)`,
          );
        }
        key = evolveKey(c, key);
      }
      if (full?.missing) {
        return fail(
          seg.name,
          lineNo,
          `${
            describeGap(full.missing.from, full.missing.to)
          } missing (the log was cut; guard recorded the gap when it next wrote)`,
        );
      }
      if (full?.event === "audit.anomaly") {
        return fail(
          seg.name,
          lineNo,
          `guard found unexpected data in the log: ${full.decision?.warning}`,
        );
      }
      if (full?.event === "audit.checkpoint") {
        const cp = typeof full.call === "string" ? parseNote(full.call) : null;
        if (!cp) return fail(seg.name, lineNo, "checkpoint note is malformed");
        if (cp.size !== e.seq || cp.head !== e.prev_hash) {
          return fail(seg.name, lineNo, "checkpoint does not describe the log before it");
        }
        if (input.signers.length && !noteSignedBy(cp, input.signers, c)) {
          return fail(seg.name, lineNo, "bad checkpoint signature");
        }
        checkpoints++;
      }
      if (wanted.has(e.seq)) hashes.set(e.seq, e.hash);
      prevHash = e.hash;
      expectSeq = e.seq + 1;
      entries++;
    }
    if (pendingFragment) {
      return fail(seg.name, pendingFragment.line, "unreadable entry (garbled or torn)");
    }
    if (!endsClean && !lastSeg) {
      return fail(seg.name, lines.length, "segment ends without a newline (torn)");
    }
  }

  const tail = input.segments[input.segments.length - 1];
  const endName = tail?.name ?? "audit.jsonl";
  // The line where the next entry would be.
  const endLine = tail ? tail.text.split("\n").length : 1;
  const nextSeq = expectSeq < 0 ? 0 : expectSeq;
  if (input.seal) {
    if (input.seal.seq > nextSeq) {
      return fail(
        endName,
        endLine,
        `truncated: the log ends before seq ${nextSeq} but guard sealed ${input.seal.seq} entries (${
          describeGap(nextSeq, input.seal.seq - 1)
        } cut)`,
      );
    }
    if (input.seal.seq === nextSeq && input.seal.head !== prevHash) {
      return fail(endName, endLine, "the last entry is not the one guard sealed (tail rewritten)");
    }
    if (input.seal.seq === nextSeq - 1) {
      notes.push(
        "the last entry was written but not yet sealed (a crash); the next append seals it",
      );
    } else if (input.seal.seq < nextSeq) {
      return fail(endName, endLine, "the log holds entries guard never sealed (appended by hand)");
    }
  }
  for (const cp of [...(input.latest ? [input.latest] : []), ...(input.against ?? [])]) {
    const which = cp === input.latest ? "the latest checkpoint" : "the exported checkpoint";
    if (cp.size > nextSeq) {
      return fail(
        endName,
        endLine,
        `truncated: ${which} covers ${cp.size} entries but the log holds ${nextSeq}`,
      );
    }
    const h = hashes.get(cp.size - 1);
    if (h !== undefined && h !== cp.head) {
      return fail(
        endName,
        endLine,
        `${which} (size ${cp.size}) no longer matches the log: rewritten`,
      );
    }
    if (h === undefined && !input.partial) {
      return fail(endName, endLine, `${which} (size ${cp.size}) is not covered by the log`);
    }
  }
  if (checkpoints === 0 && entries > CHECKPOINT_EVERY) notes.push("no signed checkpoints found");
  return { ok: true, entries, notes, lastSeq: nextSeq - 1, lastHash: prevHash };
}

export interface Bundle {
  checkpoints: Checkpoint[];
  signers: Signer[];
  roots: RootKey[];
}

/**
 * Parses what the user kept elsewhere: any number of checkpoint notes,
 * `vkey <key>` lines and `root <from> <hex>` lines, in any order.
 */
export function parseBundle(text: string): Bundle | string {
  const out: Bundle = { checkpoints: [], signers: [], roots: [] };
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    if (!l) continue;
    if (l.startsWith("vkey ")) {
      const v = parseVkey(l.slice(5));
      if (!v) return `line ${i + 1}: malformed vkey line`;
      out.signers.push(v);
      continue;
    }
    if (l.startsWith("root ")) {
      const m = /^root (\d{1,15}) ([0-9a-f]{64})$/.exec(l);
      if (!m) return `line ${i + 1}: malformed root line`;
      out.roots.push({ from: Number(m[1]), key: m[2] });
      continue;
    }
    if (l.startsWith("guard-audit/")) {
      // A note runs to the end of its signature lines.
      let j = i;
      while (j < lines.length && lines[j] !== "") j++;
      j++; // the blank line
      while (j < lines.length && lines[j].startsWith("\u2014 ")) j++;
      const cp = parseNote(lines.slice(i, j).join("\n") + "\n");
      if (!cp) return `line ${i + 1}: malformed checkpoint note`;
      out.checkpoints.push(cp);
      i = j - 1;
      continue;
    }
    return `line ${i + 1}: not a checkpoint, vkey or root line`;
  }
  return out;
}
