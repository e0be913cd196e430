/**
 * The audit log writer: `~/.aiguard/audit.jsonl` plus rotated segments
 * `audit-<first seq>.jsonl`, one canonical-JSON entry per line (format and
 * verification in `src/core/audit_chain.ts`).
 *
 * Files (all 0600):
 *  - `audit.lock`  held exclusively for every append (and while a reader
 *                  snapshots the log), so concurrent hooks never interleave
 *                  and `seq` stays gap-free. A separate file, so rotation can
 *                  rename the log under waiting writers.
 *  - `audit.seal`  the writer's state: next seq, the *current* MAC key, the
 *                  head hash, the sealed byte size, the segment start and the
 *                  last checkpoint. Overwritten in place each append, so the
 *                  previous key's bytes are overwritten (forward integrity).
 *  - `audit.keys`  roots and checkpoint signers (`audit_keys.ts`).
 *  - `audit.checkpoint` the latest signed checkpoint and its verifier key.
 *
 * Crashes: the line is written before the seal. On the next append, bytes
 * past the sealed size are reconciled: a complete valid entry is adopted, a
 * torn fragment is closed with a newline and acknowledged by the next entry
 * (`repair`), anything else is recorded as `audit.anomaly`. A log shorter
 * than sealed is recorded as `audit.gap` with the missing seqs. History is
 * never rewritten.
 */
import {
  type AuditEntry,
  type AuditMode,
  type AuditRecord,
  CHECKPOINT_EVERY,
  CHECKPOINT_INTERVAL_MS,
  checkpointText,
  EVOLVE_LABEL,
  exportBundle,
  formatNote,
  formatVkey,
  GENESIS,
  macBody,
} from "./audit_entry.ts";
import { privacyView } from "./audit_privacy.ts";
import type { DetectorSettings } from "../policy/user_policy.ts";
import { mayHoldSecret } from "../detect/secret_keywords.ts";
// Loaded on demand, so the hook's common path compiles less code: audit_keys.ts (genesis, rekey,
// checkpoints), audit_recover.ts (anything but a clean seal), audit_read.ts (the CLI's readers).
import type { Recovered } from "./audit_recover.ts";
import { writePrivateFile } from "../state/state_dir.ts";

export { type AuditRecord, GENESIS };
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

export async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", enc.encode(s));
  let out = "";
  for (const b of new Uint8Array(d)) out += b.toString(16).padStart(2, "0");
  return out;
}

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

function writeAllSync(f: Deno.FsFile, bytes: Uint8Array): void {
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

export interface AppendOptions {
  mode?: AuditMode;
  rotateBytes?: number;
  /** Milliseconds since the epoch (tests pin it). */
  now?: number;
  /** Write a checkpoint now even if none is due. */
  forceCheckpoint?: boolean;
  /** The policy's secret settings, used by redaction. */
  detectors?: DetectorSettings;
  /** Hash functions (the long-running proxy passes synchronous node:crypto ones). */
  digests?: Digests;
}

export function existingFile(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

/** Runs `fn` holding the audit lock. */
export function withAuditLock<T>(stateDir: string, fn: () => T): T {
  const lock = Deno.openSync(lockPath(stateDir), { create: true, write: true, mode: 0o600 });
  try {
    lock.lockSync(true);
    return fn();
  } finally {
    try {
      lock.unlockSync();
    } catch { /* closing releases the lock too */ }
    lock.close();
  }
}

/**
 * Appends one record (or, with `rec === null` and `forceCheckpoint`, only a
 * checkpoint). Returns the entry written for `rec`. Throws on any failure:
 * callers fail closed.
 */
export async function appendAudit(
  stateDir: string,
  rec: AuditRecord | null,
  opts: AppendOptions = {},
): Promise<AuditEntry | null> {
  const entries = await appendAuditMany(stateDir, rec ? [rec] : [], opts);
  return entries[0] ?? null;
}

/**
 * Appends several records in one locked write (the MCP proxy batches its
 * records this way). Returns the entries written, in order.
 */
export async function appendAuditMany(
  stateDir: string,
  recs: AuditRecord[],
  opts: AppendOptions = {},
): Promise<AuditEntry[]> {
  const now = opts.now ?? Date.now();
  const time = new Date(now).toISOString();
  const mode = opts.mode ?? "redacted";
  const rotateBytes = opts.rotateBytes ?? DEFAULT_ROTATE_BYTES;
  // The privacy view is computed before taking the lock (redaction is the slow part).
  let redact = (s: string) => s;
  const det = opts.detectors;
  const custom = det !== undefined &&
    (det.secretRules.length > 0 || det.secretDisable.length > 0 || det.secretAllow.length > 0);
  if (
    mode === "redacted" &&
    recs.some((rec) => custom || mayHoldSecret(rec.call) || mayHoldSecret(rec.decision.warning))
  ) {
    const sec = await import("../detect/secrets.ts");
    const o = {
      rules: sec.effectiveRules(det?.secretRules, det?.secretDisable),
      allow: det?.secretAllow,
    };
    redact = (s: string) => sec.redact(s, o);
  }
  const views: AuditRecord[] = [];
  for (const rec of recs) {
    views.push(privacyView(rec, mode, mode === "proof" ? await sha256Hex(rec.call) : "", redact));
  }

  const lock = Deno.openSync(lockPath(stateDir), { create: true, write: true, mode: 0o600 });
  try {
    lock.lockSync(true);
    const sealFile = Deno.openSync(sealPath(stateDir), {
      read: true,
      write: true,
      create: true,
      mode: 0o600,
    });
    try {
      const sealText = dec.decode(readAll(sealFile));
      const seal = parseSeal(sealText);
      const logPath = auditPath(stateDir);
      const log = Deno.openSync(logPath, { read: true, append: true, create: true, mode: 0o600 });
      let logOpen = true;
      try {
        const size = log.statSync().size;
        const st: Recovered = seal && size === seal.size
          ? {
            chain: new Chain(seal.seq, seal.key, seal.head, opts.digests),
            segStart: seal.segStart,
            ckSeq: seal.ckSeq,
            ckTime: seal.ckTime,
            sealedSize: size,
            keys: null,
          }
          : await (await import("./audit_recover.ts")).recover(
            stateDir,
            log,
            size,
            seal,
            sealText,
            time,
            now,
            opts.digests,
          );
        const { chain, segStart, sealedSize } = st;
        let { ckSeq, ckTime, keys } = st;

        const written: AuditEntry[] = [];
        for (const v of views) written.push(await chain.add(v));

        // Signed checkpoint: every CHECKPOINT_EVERY entries, or at the interval.
        let note: string | null = null;
        const due = chain.seq - ckSeq >= CHECKPOINT_EVERY ||
          (now - ckTime >= CHECKPOINT_INTERVAL_MS && chain.seq > ckSeq) ||
          (opts.forceCheckpoint && chain.seq > ckSeq);
        if (due) {
          const { newSigner, readKeys, signerInfo, signText, writeKeys } = await import(
            "./audit_keys.ts"
          );
          keys = keys ?? readKeys(stateDir) ?? { roots: [], signers: [], exported: [] };
          if (!keys.signers.length) {
            keys.signers.push(await newSigner(chain.seq));
            writeKeys(stateDir, keys);
          }
          const signer = keys.signers[keys.signers.length - 1];
          const info = await signerInfo(signer);
          const text = checkpointText(info.name, chain.seq, chain.head, time);
          note = formatNote(text, info.name, info.keyHash, await signText(signer, text));
          await chain.add(guardEvent(
            time,
            "audit.checkpoint",
            "checkpoint",
            "low",
            `signed checkpoint of ${chain.seq} entries`,
            note,
          ));
          ckSeq = chain.seq;
          ckTime = now;
          writePrivateFile(
            checkpointPath(stateDir),
            exportBundle(note, formatVkey(info.name, info.keyHash, info.pub)),
          );
        }

        const bytes = enc.encode(chain.out);
        writeAllSync(log, bytes);
        const newSize = sealedSize + bytes.length;
        const writeSeal = (size: number, start: number) => {
          const next = formatSeal({
            seq: chain.seq,
            key: chain.key,
            head: chain.head,
            size,
            segStart: start,
            ckSeq,
            ckTime,
          });
          // Overwrite in place (same length), so the previous key's bytes are gone.
          sealFile.seekSync(0, Deno.SeekMode.Start);
          writeAllSync(sealFile, enc.encode(next));
          if (sealText.length > next.length) sealFile.truncateSync(next.length);
        };
        writeSeal(newSize, segStart);
        if (newSize >= rotateBytes) {
          // Seal first, then rename, then seal again: a crash in between leaves a
          // segment exactly as long as the seal says, which the next append recognises.
          log.close();
          logOpen = false;
          const target = `${stateDir}/${segmentName(segStart)}`;
          if (existingFile(target)) throw new Error(`${target} already exists; refusing to rotate`);
          Deno.renameSync(logPath, target);
          writeSeal(0, chain.seq);
        }
        return written;
      } finally {
        if (logOpen) log.close();
      }
    } finally {
      sealFile.close();
    }
  } finally {
    try {
      lock.unlockSync();
    } catch { /* closing releases the lock too */ }
    lock.close();
  }
}
