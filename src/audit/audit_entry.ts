/**
 * The audit entry format, as pure functions: what an entry is, the texts its
 * MAC and hash cover, and how a checkpoint note is written (C2SP signed-note
 * style). The hook imports only this; verification lives in
 * `audit_verify.ts`.
 *
 * Entry n, as written on line n of the log (canonical JSON, sorted keys):
 *   body  = canonical(entry without mac and hash)
 *   mac   = HMAC-SHA256(K_n, body)                 K_{n+1} = evolve(K_n), K_n erased
 *   hash  = SHA-256(canonical(entry without hash))  (covers the mac)
 * and entry n+1 carries prev_hash = hash of entry n. Because the line is the
 * canonical JSON of the entry, the hashed texts are the line with the `hash`
 * (and `mac`) members cut out; verification never re-serialises an entry.
 */
import { canonicalJson } from "../core/canonical.ts";

export const GENESIS = "0".repeat(64);
export const EVOLVE_LABEL = "guard/audit/evolve/v1:";
export const CHECKPOINT_EVERY = 100;
export const CHECKPOINT_INTERVAL_MS = 10 * 60 * 1000;

import { AUDIT_MODES, type AuditMode } from "../policy/user_policy.ts";

export { AUDIT_MODES, type AuditMode };

export interface AuditDecision {
  action: string;
  risk: string;
  rule: string;
  warning: string;
  remediation?: string;
}

/** What a front end asks to log. */
export interface AuditRecord {
  time: string;
  source: string;
  session: string;
  tool: string;
  /** The call as logged (after the privacy mode is applied). */
  call: string;
  decision: AuditDecision;
  token?: string;
  event?: string;
  /** A torn fragment this entry acknowledges (crash repair). */
  repair?: { bytes: number; sha256: string };
  /** Entries known to be missing before this one (recorded, never hidden). */
  missing?: { from: number; to: number };
  /** Flow tracking's proof for this decision: rule ids, labels, source result ids, capabilities. */
  flow?: { rules: string[]; labels: string[]; sources: number[]; caps: string[] };
  /**
   * An ask: its shape (what `--remember` and `guard suggest` would name), the workspace it was
   * asked in, and where it was answered. Left out in proof mode.
   */
  ask?: AskRecord;
}

export interface AskRecord {
  shape: import("../shell/call_shape.ts").CallShape;
  workspace: string | null;
  channel: "native" | "out-of-band";
}

export interface AuditEntry extends AuditRecord {
  seq: number;
  prev_hash: string;
  mac: string;
  hash: string;
}

/** The text the MAC covers. */
export function macBody(
  rec: AuditRecord,
  seq: number,
  prevHash: string,
): string {
  return canonicalJson({ ...rec, seq, prev_hash: prevHash });
}

/** The text the hash covers (the mac included). */
export function hashBody(rec: AuditRecord, seq: number, prevHash: string, mac: string): string {
  return canonicalJson({ ...rec, seq, prev_hash: prevHash, mac });
}

export function entryLine(e: AuditEntry): string {
  return canonicalJson(e);
}

// ── base64 / hex helpers (no Node or Deno APIs) ─────────────────────────────

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function toBase64(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    s += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] +
      (i + 1 < b.length ? B64[(n >> 6) & 63] : "=") + (i + 2 < b.length ? B64[n & 63] : "=");
  }
  return s;
}

export function fromBase64(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) return null;
  const clean = s.replace(/=+$/, "");
  const out = new Uint8Array(Math.floor(clean.length * 3 / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const c of clean) {
    acc = (acc << 6) | B64.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out;
}

export function toHex(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += x.toString(16).padStart(2, "0");
  return s;
}

export function fromHex(s: string): Uint8Array {
  const out = new Uint8Array(s.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// ── Checkpoints: a signed note over (size, head hash) ───────────────────────

export interface Checkpoint {
  origin: string;
  size: number;
  /** Hash (hex) of entry size-1. */
  head: string;
  time: string;
  /** The signed text (the note body, ending in a newline). */
  text: string;
  /** Signature lines: key name, 4-byte key hash, 64-byte signature. */
  sigs: { name: string; keyHash: Uint8Array; sig: Uint8Array }[];
}

/** The key name for a public key: `guard-audit/<first 16 hex of its SHA-256>`. */
export function signerName(pubSha256Hex: string): string {
  return `guard-audit/${pubSha256Hex.slice(0, 16)}`;
}

/** The bytes whose SHA-256 prefix is a signed-note key hash: name, newline, 0x01, key. */
export function keyHashInput(name: string, pub: Uint8Array): Uint8Array {
  const n = new TextEncoder().encode(name + "\n");
  const out = new Uint8Array(n.length + 1 + pub.length);
  out.set(n);
  out[n.length] = 1;
  out.set(pub, n.length + 1);
  return out;
}

export function checkpointText(origin: string, size: number, head: string, time: string): string {
  return `${origin}\n${size}\n${toBase64(fromHex(head))}\ntime ${time}\n`;
}

/** The full note: text, blank line, one signature line. */
export function formatNote(text: string, name: string, keyHash: Uint8Array, sig: Uint8Array) {
  const blob = new Uint8Array(keyHash.length + sig.length);
  blob.set(keyHash);
  blob.set(sig, keyHash.length);
  return `${text}\n\u2014 ${name} ${toBase64(blob)}\n`;
}

/** The verifier key line for a signer (C2SP vkey format). */
export function formatVkey(name: string, keyHash: Uint8Array, pub: Uint8Array): string {
  const blob = new Uint8Array(1 + pub.length);
  blob[0] = 1;
  blob.set(pub, 1);
  return `${name}+${toHex(keyHash)}+${toBase64(blob)}`;
}

export interface Signer {
  name: string;
  keyHash: Uint8Array;
  pub: Uint8Array;
}

export interface RootKey {
  /** First seq the key (K at that seq) applies to. */
  from: number;
  key: string;
}

/** Builds the lines of an exported bundle: the note, then the verifier key. */
export function exportBundle(note: string, vkey: string): string {
  return `${note}\nvkey ${vkey}\n`;
}
