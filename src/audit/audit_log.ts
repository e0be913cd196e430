/**
 * The audit log writer: `~/.aiguard/audit.jsonl` plus rotated segments
 * `audit-<first seq>.jsonl`, one canonical-JSON entry per line (format and
 * verification in `src/audit/audit_entry.ts` and `audit_verify.ts`, the chain in `chain.ts`).
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
  exportBundle,
  formatNote,
  formatVkey,
  GENESIS,
} from "./audit_entry.ts";
import { privacyView } from "./audit_privacy.ts";
import {
  auditPath,
  Chain,
  checkpointPath,
  dec,
  DEFAULT_ROTATE_BYTES,
  type Digests,
  enc,
  existingFile,
  formatSeal,
  guardEvent,
  lockPath,
  parseSeal,
  readAll,
  sealPath,
  segmentName,
  sha256Hex,
  writeAllSync,
} from "./chain.ts";
import type { DetectorSettings } from "../policy/user_policy.ts";
import { mayHoldSecret } from "../detect/secret_keywords.ts";
// Loaded on demand, so the hook's common path compiles less code: audit_keys.ts (genesis, rekey,
// checkpoints), audit_recover.ts (anything but a clean seal), audit_read.ts (the CLI's readers).
import type { Recovered } from "./audit_recover.ts";
import { withFileLock, writePrivateFile } from "../state/state_dir.ts";
import { late } from "../core/late.ts";

export { type AuditRecord, GENESIS };
export type { AuditEntry };
export * from "./chain.ts";

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

/** Runs `fn` holding the audit lock. */
export function withAuditLock<T>(stateDir: string, fn: () => T): T {
  return withFileLock(lockPath(stateDir), fn);
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
    const sec = await late<typeof import("../detect/secrets.ts")>(
      "../detect/secrets.ts",
      import.meta.url,
    );
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
          : await (await late<typeof import("./audit_recover.ts")>(
            "./audit_recover.ts",
            import.meta.url,
          )).recover(
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
          const { newSigner, readKeys, signerInfo, signText, writeKeys } = await late<
            typeof import("./audit_keys.ts")
          >("./audit_keys.ts", import.meta.url);
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
