/**
 * What the audit writer does when the log is not exactly as it sealed it:
 * first use or a missing seal (new root key, `audit.rekey`), a lost seal
 * update (adopt the entry), a torn line (close it; the next entry carries
 * `repair`), bytes it did not write (`audit.anomaly`), a log shorter than
 * sealed (`audit.gap` with the missing seqs), an interrupted rotation.
 * Loaded only in those cases. History is never rewritten.
 */
import { GENESIS } from "./audit_entry.ts";
import type { AuditKeys } from "./audit_keys.ts";
import {
  type AuditEntry,
  Chain,
  dec,
  type Digests,
  enc,
  existingFile,
  guardEvent,
  hmacHex,
  listSegments,
  readAll,
  type Seal,
  segmentName,
  sha256Hex,
} from "./chain.ts";
import { late } from "../core/late.ts";

export interface Recovered {
  chain: Chain;
  segStart: number;
  ckSeq: number;
  ckTime: number;
  /** The log size the next entry starts after. */
  sealedSize: number;
  /** The keys, when this step had to read or write them. */
  keys: AuditKeys | null;
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

export async function recover(
  stateDir: string,
  log: Deno.FsFile,
  size: number,
  seal: Seal | null,
  sealText: string,
  time: string,
  now: number,
  digests?: Digests,
): Promise<Recovered> {
  let chain: Chain;
  let segStart: number;
  let ckSeq: number;
  let ckTime: number;
  let keys: AuditKeys | null = null;
  let sealedSize = size;
  if (!seal) {
    const last = lastEntry(stateDir, log, size);
    const { readKeys, writeKeys, randomKeyHex } = await late<typeof import("./audit_keys.ts")>(
      "./audit_keys.ts",
      import.meta.url,
    );
    keys = readKeys(stateDir) ?? { roots: [], signers: [], exported: [] };
    const root = randomKeyHex();
    const from = last ? last.seq + 1 : 0;
    keys.roots = keys.roots.filter((r) => r.from !== from);
    keys.roots.push({ from, key: root });
    writeKeys(stateDir, keys);
    chain = new Chain(from, root, last ? last.hash : GENESIS, digests);
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
    chain = new Chain(seal.seq, seal.key, seal.head, digests);
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
  return { chain, segStart, ckSeq, ckTime, sealedSize, keys };
}
