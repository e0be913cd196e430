/**
 * The audit log: `~/.aiguard/audit.jsonl`, one canonical-JSON entry per line,
 * hash-chained (`prev_hash`, `hash`), appended under an exclusive file lock so
 * concurrent hook processes never interleave and `seq` stays gap-free.
 *
 * A torn final line (a crash mid-write) is never accepted: the next append
 * starts a fresh line and records a `gap` entry saying so. The audit issue
 * hardens this further (keyed MACs, signed checkpoints, verify).
 */
import { canonicalJson } from "../core/canonical.ts";

export const GENESIS = "0".repeat(64);

export interface AuditRecord {
  time: string;
  source: string;
  session: string;
  tool: string;
  /** The call as logged (command or canonical input), bounded in length. */
  call: string;
  decision: { action: string; risk: string; rule: string; warning: string };
  token?: string;
  event?: string;
}

export interface AuditEntry extends AuditRecord {
  seq: number;
  prev_hash: string;
  hash: string;
}

export function auditPath(stateDir: string): string {
  return stateDir + "/audit.jsonl";
}

export async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Hash of an entry: sha256 over the canonical JSON of everything but `hash`. */
export function entryHash(e: Omit<AuditEntry, "hash">): Promise<string> {
  return sha256Hex(canonicalJson(e));
}

const MAX_CALL = 8192;

function readTail(f: Deno.FsFile, size: number): string {
  const n = Math.min(size, 256 * 1024);
  const buf = new Uint8Array(n);
  f.seekSync(size - n, Deno.SeekMode.Start);
  let off = 0;
  while (off < n) {
    const r = f.readSync(buf.subarray(off));
    if (r === null) break;
    off += r;
  }
  return new TextDecoder().decode(buf.subarray(0, off));
}

/** Appends one record. Returns the entry written. */
export async function appendAudit(stateDir: string, rec: AuditRecord): Promise<AuditEntry> {
  const path = auditPath(stateDir);
  // Synchronous file operations: the hook path avoids async round trips.
  const f = Deno.openSync(path, { read: true, append: true, create: true, mode: 0o600 });
  try {
    f.lockSync(true);
    const info = f.statSync();
    if (info.mode !== null && (info.mode & 0o077) !== 0) Deno.chmodSync(path, 0o600);
    let prevSeq = -1;
    let prevHash = GENESIS;
    let out = "";
    const size = info.size;
    if (size > 0) {
      const tail = readTail(f, size);
      const torn = !tail.endsWith("\n");
      const lines = tail.split("\n");
      const lastComplete = torn ? lines[lines.length - 2] : lines[lines.length - 2];
      let parsed: { seq?: unknown; hash?: unknown } | null = null;
      try {
        parsed = lastComplete ? JSON.parse(lastComplete) : null;
      } catch {
        parsed = null;
      }
      if (parsed && typeof parsed.seq === "number" && typeof parsed.hash === "string") {
        prevSeq = parsed.seq;
        prevHash = parsed.hash;
      }
      if (torn || !parsed) {
        // Record the damage openly instead of rewriting history.
        const gap: Omit<AuditEntry, "hash"> = {
          seq: prevSeq + 1,
          time: rec.time,
          source: "guard",
          session: "",
          tool: "",
          call: torn ? "torn final line detected" : "unreadable previous line",
          decision: {
            action: "gap",
            risk: "high",
            rule: "audit.gap",
            warning: "audit log damaged before this entry",
          },
          prev_hash: prevHash,
        };
        const gapHash = await entryHash(gap);
        out += (torn ? "\n" : "") + canonicalJson({ ...gap, hash: gapHash }) + "\n";
        prevSeq = gap.seq;
        prevHash = gapHash;
      }
    }
    const call = rec.call.length > MAX_CALL
      ? rec.call.slice(0, MAX_CALL) + "…[truncated]"
      : rec.call;
    const body: Omit<AuditEntry, "hash"> = { ...rec, call, seq: prevSeq + 1, prev_hash: prevHash };
    const entry: AuditEntry = { ...body, hash: await entryHash(body) };
    out += canonicalJson(entry) + "\n";
    const bytes = new TextEncoder().encode(out);
    let written = 0;
    while (written < bytes.length) written += f.writeSync(bytes.subarray(written));
    return entry;
  } finally {
    try {
      f.unlockSync();
    } catch { /* closing releases the lock too */ }
    f.close();
  }
}
