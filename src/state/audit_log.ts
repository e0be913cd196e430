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
  hashBody,
  macBody,
} from "../core/audit_entry.ts";
import { canonicalJson } from "../core/canonical.ts";
import { privacyView } from "../core/audit_privacy.ts";
import { mayHoldSecret } from "../core/secret_keywords.ts";
// audit_keys.ts is loaded on demand (genesis, rekey, checkpoints): the hook rarely needs it.
import type { AuditKeys } from "./audit_keys.ts";
import { writePrivateFile } from "./state_dir.ts";

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

const enc = new TextEncoder();
const dec = new TextDecoder();

export async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", enc.encode(s));
  let out = "";
  for (const b of new Uint8Array(d)) out += b.toString(16).padStart(2, "0");
  return out;
}

async function hmacHex(keyHex: string, data: string): Promise<string> {
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

function readAll(f: Deno.FsFile, from = 0): Uint8Array {
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

class Chain {
  out = "";
  pendingRepair: AuditRecord["repair"];
  constructor(public seq: number, public key: string, public head: string) {}

  async add(rec: AuditRecord): Promise<AuditEntry> {
    if (this.pendingRepair) {
      rec = { ...rec, repair: this.pendingRepair };
      this.pendingRepair = undefined;
    }
    const mac = await hmacHex(this.key, macBody(rec, this.seq, this.head));
    const hash = await sha256Hex(hashBody(rec, this.seq, this.head, mac));
    const entry: AuditEntry = { ...rec, seq: this.seq, prev_hash: this.head, mac, hash };
    this.out += canonicalJson(entry) + "\n";
    await this.advance(hash);
    return entry;
  }

  async advance(hash: string): Promise<void> {
    this.key = await sha256Hex(EVOLVE_LABEL + this.key);
    this.head = hash;
    this.seq++;
  }
}

function guardEvent(
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

interface LastEntry {
  seq: number;
  hash: string;
}

/** The last complete, parseable entry in `bytes` (a file's content), if any. */
function lastEntryIn(bytes: Uint8Array): LastEntry | null {
  const text = dec.decode(bytes);
  let end = text.endsWith("\n") ? text.length - 1 : text.lastIndexOf("\n");
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    try {
      const v = JSON.parse(text.slice(start, end));
      if (Number.isSafeInteger(v?.seq) && typeof v?.hash === "string") {
        return { seq: v.seq, hash: v.hash };
      }
    } catch { /* keep looking further back */ }
    end = start - 1;
  }
  return null;
}

function tail(f: Deno.FsFile, size: number, max = 1 << 20): Uint8Array {
  return readAll(f, Math.max(0, size - max));
}

/** The last complete entry of the whole log: the current file, else the newest segment. */
function lastEntry(stateDir: string, log: Deno.FsFile, size: number): LastEntry | null {
  const own = size > 0 ? lastEntryIn(tail(log, size)) : null;
  if (own) return own;
  const segs = listSegments(stateDir);
  if (!segs.length) return null;
  const f = Deno.openSync(`${stateDir}/${segs[segs.length - 1]}`, { read: true });
  try {
    return lastEntryIn(tail(f, f.statSync().size));
  } finally {
    f.close();
  }
}

export interface AppendOptions {
  mode?: AuditMode;
  rotateBytes?: number;
  /** Milliseconds since the epoch (tests pin it). */
  now?: number;
  /** Write a checkpoint now even if none is due. */
  forceCheckpoint?: boolean;
}

function existingFile(path: string): Deno.FileInfo | null {
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
  const now = opts.now ?? Date.now();
  const time = new Date(now).toISOString();
  const mode = opts.mode ?? "redacted";
  const rotateBytes = opts.rotateBytes ?? DEFAULT_ROTATE_BYTES;
  // The privacy view is computed before taking the lock (redaction is the slow part).
  let redact = (s: string) => s;
  if (
    rec && mode === "redacted" && (mayHoldSecret(rec.call) || mayHoldSecret(rec.decision.warning))
  ) {
    redact = (await import("../core/secrets.ts")).redact;
  }
  const view = rec
    ? privacyView(rec, mode, mode === "proof" ? await sha256Hex(rec.call) : "", redact)
    : null;

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
        let chain: Chain;
        let segStart: number;
        let ckSeq: number;
        let ckTime: number;
        let keys: AuditKeys | null = null;
        let sealedSize = size;

        if (!seal) {
          const last = lastEntry(stateDir, log, size);
          const { readKeys, writeKeys, randomKeyHex } = await import("./audit_keys.ts");
          keys = readKeys(stateDir) ?? { roots: [], signers: [], exported: [] };
          const root = randomKeyHex();
          const from = last ? last.seq + 1 : 0;
          keys.roots = keys.roots.filter((r) => r.from !== from);
          keys.roots.push({ from, key: root });
          writeKeys(stateDir, keys);
          chain = new Chain(from, root, last ? last.hash : GENESIS);
          segStart = from;
          ckSeq = from;
          ckTime = now;
          const fresh = size === 0 && !last && listSegments(stateDir).length === 0;
          if (size > 0) {
            const bytes = tail(log, size);
            if (bytes.length && bytes[bytes.length - 1] !== 10) {
              const frag = dec.decode(bytes.subarray(bytes.lastIndexOf(10) + 1));
              chain.out += "\n";
              chain.pendingRepair = {
                bytes: enc.encode(frag).length,
                sha256: await sha256Hex(frag),
              };
            }
          }
          if (!fresh) {
            await chain.add(guardEvent(
              time,
              "audit.rekey",
              "rekey",
              "high",
              sealText.length
                ? "the seal was unreadable, so guard started a new MAC key"
                : "the seal was missing, so guard started a new MAC key",
            ));
          }
        } else {
          chain = new Chain(seal.seq, seal.key, seal.head);
          segStart = seal.segStart;
          ckSeq = seal.ckSeq;
          ckTime = seal.ckTime;
          sealedSize = seal.size;
          if (size < seal.size) {
            const seg = existingFile(`${stateDir}/${segmentName(seal.segStart)}`);
            if (size === 0 && seg && seg.size === seal.size) {
              // A rotation whose seal update was lost: finish it.
              segStart = seal.seq;
              sealedSize = 0;
            } else {
              const last = lastEntry(stateDir, log, size);
              const from = last ? last.seq + 1 : seal.segStart;
              if (size > 0 && tail(log, size).at(-1) !== 10) chain.out += "\n";
              const short = `the log is ${seal.size - size} bytes shorter than guard sealed`;
              if (from <= seal.seq - 1) {
                await chain.add({
                  ...guardEvent(time, "audit.gap", "gap", "critical", `${short}: entries were cut`),
                  missing: { from, to: seal.seq - 1 },
                });
              } else {
                await chain.add(guardEvent(
                  time,
                  "audit.anomaly",
                  "anomaly",
                  "critical",
                  `${short} though its last entry is present: entries were edited`,
                ));
              }
              sealedSize = size;
            }
          } else if (size > seal.size) {
            const extra = readAll(log, seal.size);
            const text = dec.decode(extra);
            const lastNl = text.lastIndexOf("\n");
            const complete = lastNl < 0 ? "" : text.slice(0, lastNl);
            const fragment = text.slice(lastNl + 1);
            let anomaly = "";
            if (complete) {
              for (const line of complete.split("\n")) {
                if (await adoptable(line, chain)) continue;
                anomaly =
                  `${extra.length} bytes after the sealed end are not entries guard wrote (sha256 ${await sha256Hex(
                    text,
                  )})`;
                break;
              }
            }
            if (fragment) {
              chain.out += "\n";
              if (!anomaly) {
                chain.pendingRepair = {
                  bytes: enc.encode(fragment).length,
                  sha256: await sha256Hex(fragment),
                };
              }
            }
            if (anomaly) {
              await chain.add(guardEvent(time, "audit.anomaly", "anomaly", "critical", anomaly));
            }
            sealedSize = size;
          }
        }

        const entry = view ? await chain.add(view) : null;

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
        return entry;
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

/** Whether a line left past the sealed end is the next entry, validly keyed; adopts it. */
async function adoptable(line: string, chain: Chain): Promise<boolean> {
  let v: AuditEntry;
  try {
    v = JSON.parse(line);
  } catch {
    return false;
  }
  if (!v || v.seq !== chain.seq || v.prev_hash !== chain.head) return false;
  if (typeof v.hash !== "string" || typeof v.mac !== "string") return false;
  const b2 = line.replace(`,"hash":"${v.hash}"`, "");
  const b1 = b2.replace(`,"mac":"${v.mac}"`, "");
  if ((await sha256Hex(b2)) !== v.hash) return false;
  if ((await hmacHex(chain.key, b1)) !== v.mac) return false;
  await chain.advance(v.hash);
  return true;
}

// ── Reading ─────────────────────────────────────────────────────────────────

export interface AuditSnapshot {
  segments: { name: string; text: string }[];
  seal: Seal | null;
  sealPresent: boolean;
  checkpoint: string | null;
  keys: AuditKeys | null;
}

function readText(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

/** A consistent copy of the log and its side files, read under the lock. */
export async function snapshot(stateDir: string): Promise<AuditSnapshot> {
  const { readKeys } = await import("./audit_keys.ts");
  const raw = withAuditLock(stateDir, () => {
    const segments = listSegments(stateDir).map((name) => ({
      name,
      text: Deno.readTextFileSync(`${stateDir}/${name}`),
    }));
    const cur = readText(auditPath(stateDir));
    if (cur !== null) segments.push({ name: "audit.jsonl", text: cur });
    return {
      segments,
      sealText: readText(sealPath(stateDir)),
      checkpoint: readText(checkpointPath(stateDir)),
      keys: readKeys(stateDir),
    };
  });
  return {
    segments: raw.segments,
    seal: raw.sealText ? parseSeal(raw.sealText) : null,
    sealPresent: raw.sealText !== null && raw.sealText.length > 0,
    checkpoint: raw.checkpoint,
    keys: raw.keys,
  };
}
