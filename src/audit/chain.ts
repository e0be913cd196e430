/**
 * The audit chain's parts shared by the writer (audit_log.ts) and its recovery
 * (audit_recover.ts): file names and segments, the seal, digests and MACs, and
 * the Chain that MACs, hashes and links each entry to the one before.
 */
import { type AuditEntry, type AuditRecord, EVOLVE_LABEL, macBody } from "./audit_entry.ts";
import { sha256Hex } from "../core/canonical.ts";

export { sha256Hex };
export type { AuditEntry };

export const DEFAULT_ROTATE_BYTES = 16 * 1024 * 1024;

export function auditPath(stateDir: string): string {
  return stateDir + "/audit.jsonl";
}
export function sealPath(stateDir: string): string {
  return stateDir + "/audit.seal";
}
export function checkpointPath(stateDir: string): string {
  return stateDir + "/audit.checkpoint";
}
export function lockPath(stateDir: string): string {
  return stateDir + "/audit.lock";
}
export function segmentName(startSeq: number): string {
  return `audit-${String(startSeq).padStart(12, "0")}.jsonl`;
}
const SEGMENT_RE = /^audit-(\d{12})\.jsonl$/;

/** Rotated segments, oldest first. */
export function listSegments(stateDir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(stateDir)) if (SEGMENT_RE.test(e.name)) out.push(e.name);
  return out.sort();
}

export const enc = new TextEncoder();
export const dec = new TextDecoder();

export async function hmacHex(keyHex: string, data: string): Promise<string> {
  const raw = new Uint8Array(32);
  for (let i = 0; i < 32; i++) raw[i] = parseInt(keyHex.slice(2 * i, 2 * i + 2), 16);
  const k = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", k, enc.encode(data)));
  let out = "";
  for (const b of sig) out += b.toString(16).padStart(2, "0");
  return out;
}

// ── The seal ────────────────────────────────────────────────────────────────

export interface Seal {
  /** Next seq to write. */
  seq: number;
  /** MAC key for `seq`. */
  key: string;
  /** Hash of entry seq-1 (GENESIS before the first). */
  head: string;
  /** Bytes of audit.jsonl covered. */
  size: number;
  /** First seq of audit.jsonl (the current segment). */
  segStart: number;
  /** The next seq right after the last checkpoint entry, and when it was written (ms). */
  ckSeq: number;
  ckTime: number;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

export function formatSeal(s: Seal): string {
  const body = `guard-seal-v1 ${pad(s.seq, 15)} ${s.key} ${s.head} ${pad(s.size, 16)} ${
    pad(s.segStart, 15)
  } ${pad(s.ckSeq, 15)} ${pad(s.ckTime, 16)}`;
  return `${body} ${checksum(body)}\n`;
}

/**
 * FNV-1a (64-bit) of the seal line: catches a torn or corrupted seal, not an
 * attacker (the seal's key is what an attacker would want, and it is there).
 */
export function checksum(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

const SEAL_RE =
  /^(guard-seal-v1 (\d{15}) ([0-9a-f]{64}) ([0-9a-f]{64}) (\d{16}) (\d{15}) (\d{15}) (\d{16})) ([0-9a-f]{16})\n$/;

/** Parses a seal; null when absent, torn or corrupt. */
export function parseSeal(text: string): Seal | null {
  const m = SEAL_RE.exec(text);
  if (!m) return null;
  if (checksum(m[1]) !== m[9]) return null;
  return {
    seq: Number(m[2]),
    key: m[3],
    head: m[4],
    size: Number(m[5]),
    segStart: Number(m[6]),
    ckSeq: Number(m[7]),
    ckTime: Number(m[8]),
  };
}

export function readAll(f: Deno.FsFile, from = 0): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  f.seekSync(from, Deno.SeekMode.Start);
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const n = f.readSync(buf);
    if (n === null || n === 0) break;
    chunks.push(buf.slice(0, n));
    total += n;
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export function writeAllSync(f: Deno.FsFile, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += f.writeSync(bytes.subarray(off));
}

// ── The chain as the writer sees it ─────────────────────────────────────────

/** The hash functions the writer uses: WebCrypto by default (cheap to load in the hook). */
export interface Digests {
  sha256Hex(s: string): string | Promise<string>;
  hmacHex(keyHex: string, data: string): string | Promise<string>;
}

export const WEB_DIGESTS: Digests = {
  sha256Hex: (s) => sha256Hex(s),
  hmacHex: (k, d) => hmacHex(k, d),
};

export class Chain {
  out = "";
  pendingRepair: AuditRecord["repair"];
  constructor(
    public seq: number,
    public key: string,
    public head: string,
    private readonly dg: Digests = WEB_DIGESTS,
  ) {}

  async add(rec: AuditRecord): Promise<AuditEntry> {
    if (this.pendingRepair) {
      rec = { ...rec, repair: this.pendingRepair };
      this.pendingRepair = undefined;
    }
    // One canonicalisation: `mac` and `hash` are spliced in at their sorted places
    // (both sort before every key that can follow them: missing, prev_hash, repair, seq, …).
    const b1 = macBody(rec, this.seq, this.head);
    const mac = await this.dg.hmacHex(this.key, b1);
    const at = b1.indexOf(rec.missing ? ',"missing":' : ',"prev_hash":');
    const b2 = `${b1.slice(0, at)},"mac":"${mac}"${b1.slice(at)}`;
    const hash = await this.dg.sha256Hex(b2);
    const entry: AuditEntry = { ...rec, seq: this.seq, prev_hash: this.head, mac, hash };
    this.out += `${b2.slice(0, at)},"hash":"${hash}"${b2.slice(at)}\n`;
    await this.advance(hash);
    return entry;
  }

  async advance(hash: string): Promise<void> {
    this.key = await this.dg.sha256Hex(EVOLVE_LABEL + this.key);
    this.head = hash;
    this.seq++;
  }
}

export function guardEvent(
  time: string,
  event: string,
  action: string,
  risk: string,
  warning: string,
  call = "",
): AuditRecord {
  return {
    time,
    source: "guard",
    session: "",
    tool: "",
    call,
    decision: { action, risk, rule: event, warning },
    event,
  };
}

export function existingFile(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}
