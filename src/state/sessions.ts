/**
 * Per-session flow state for the hook, where every call is a new process:
 * `~/.aiguard/sessions/<key>.flow` and `<key>.fp` (key: a hash of the agent's
 * session id), read and written under `<key>.lock`, so parallel hooks of one session
 * serialise. Files hold labels, result ids, tool names and keyed fingerprints,
 * never content. Bounded: ≤ 1 MiB per session (the core's limits keep it far
 * below), sessions idle for 7 days are removed, at most 256 are kept.
 */
import {
  decodeFlowState,
  encodeFlowState,
  type FlowState,
  FlowStateError,
  newFlowState,
} from "../flow/flow.ts";
import { hash64, type TripleProbe } from "../flow/fingerprint.ts";
import { ensureSubdir, writePrivateFile } from "./state_dir.ts";

export const SESSION_MAX_BYTES = 1024 * 1024;
export const SESSION_MAX_AGE_MS = 7 * 24 * 3600_000;
export const SESSION_MAX_COUNT = 256;
const PRUNE_EVERY_MS = 3600_000;

export function sessionsDir(stateDir: string): string {
  return `${stateDir}/sessions`;
}

/** File-name key of a session id (not reversible to the id; ids are not secret anyway). */
export function sessionKey(session: string): string {
  const [a, b] = hash64(session, [0x5e55, 0x10f1]);
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

function randomSalt(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

export interface OpenSession {
  state: FlowState;
  /** Why the stored state was unreadable (it was rebuilt), if it was. */
  reset?: string;
  save(now: number): void;
  close(): void;
}

/**
 * Opens (locking) the flow state of a session; a new one when none exists.
 * Two files: `<key>.flow` (labels, result ids, flags — small, read on every call)
 * and `<key>.fp` (the fingerprint triples — read only when a call needs provenance,
 * rewritten only when they change).
 */
export function openSession(stateDir: string, session: string, now: number): OpenSession {
  const dir = sessionsDir(stateDir);
  ensureSubdir(dir);
  const key = sessionKey(session);
  const path = `${dir}/${key}.flow`;
  const fpPath = `${dir}/${key}.fp`;
  const lock = Deno.openSync(`${dir}/${key}.lock`, { create: true, write: true, mode: 0o600 });
  let closed = false;
  const closers: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const c of closers) {
      try {
        c();
      } catch { /* already closed */ }
    }
    try {
      lock.unlockSync();
    } catch { /* closing releases it too */ }
    lock.close();
  };
  try {
    lock.lockSync(true);
    let state: FlowState;
    let reset: string | undefined;
    // The fingerprint file, checked once: lookups bisect it record by record, and it is read
    // whole only when the triples change.
    let fpInfo: Deno.FileInfo | null = null;
    try {
      fpInfo = Deno.lstatSync(fpPath);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    const fpDamaged = fpInfo !== null &&
      (!fpInfo.isFile || fpInfo.size > SESSION_MAX_BYTES || fpInfo.size % 12 !== 0);
    const loadFingerprints = (): Uint32Array => {
      if (fpInfo === null) return new Uint32Array(0);
      if (fpDamaged) {
        // Unknown provenance: assume the worst for the rest of the session.
        state.reset = "fingerprints fingerprint file damaged";
        return new Uint32Array(0);
      }
      const b = Deno.readFileSync(fpPath);
      const aligned = b.byteOffset % 4 === 0 ? b : b.slice();
      return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
    };
    let fpFile: Deno.FsFile | null = null;
    let probe: TripleProbe | null = null;
    if (fpInfo !== null && !fpDamaged) {
      const f = fpFile = Deno.openSync(fpPath, { read: true });
      const rec = new Uint8Array(12);
      const view = new DataView(rec.buffer);
      probe = {
        count: fpInfo.size / 12,
        read(i: number): [number, number, number] {
          f.seekSync(i * 12, Deno.SeekMode.Start);
          let got = 0;
          while (got < 12) {
            const n = f.readSync(rec.subarray(got));
            if (n === null || n === 0) throw new FlowStateError("fingerprint file truncated");
            got += n;
          }
          return [view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true)];
        },
      };
    }
    closers.push(() => fpFile?.close());
    try {
      const info = Deno.lstatSync(path);
      if (!info.isFile) throw new FlowStateError("not a regular file");
      if (info.size > SESSION_MAX_BYTES) throw new FlowStateError("larger than 1 MiB");
      state = decodeFlowState(Deno.readFileSync(path), loadFingerprints, probe);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) state = newFlowState(randomSalt(), now);
      else if (e instanceof FlowStateError) {
        // Unreadable history: rebuild it, assuming the worst (both trifecta legs present).
        reset = e.message;
        state = newFlowState(randomSalt(), now);
        state.reset = `state file ${e.message}`;
      } else throw e;
    }
    return {
      state,
      reset,
      save(at: number) {
        state.updated = at;
        if (state.fp.dirty || reset) {
          const fp = state.fp.data;
          writePrivateFile(fpPath, new Uint8Array(fp.buffer, fp.byteOffset, fp.byteLength));
          state.fp.dirty = false;
        }
        writePrivateFile(path, encodeFlowState(state, false));
      },
      close,
    };
  } catch (e) {
    close();
    throw e;
  }
}

/** Removes idle sessions (and leftovers), at most once an hour. */
export function pruneSessions(stateDir: string, now: number, force = false): number {
  const dir = sessionsDir(stateDir);
  const stamp = `${dir}/.pruned`;
  try {
    if (!force) {
      const m = Deno.lstatSync(stamp).mtime?.getTime() ?? 0;
      if (now - m < PRUNE_EVERY_MS && m <= now) return 0;
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return 0;
    throw e;
  }
  Deno.writeTextFileSync(stamp, "", { mode: 0o600 });
  const flows: { name: string; mtime: number }[] = [];
  let removed = 0;
  for (const e of entries) {
    const p = `${dir}/${e.name}`;
    try {
      const m = Deno.lstatSync(p).mtime?.getTime() ?? 0;
      if (e.name.includes(".tmp-") && now - m > 60_000) {
        Deno.removeSync(p);
      } else if (e.name.endsWith(".flow")) flows.push({ name: e.name, mtime: m });
    } catch { /* raced with another process */ }
  }
  flows.sort((a, b) => b.mtime - a.mtime);
  flows.forEach((f, i) => {
    if (i < SESSION_MAX_COUNT && now - f.mtime <= SESSION_MAX_AGE_MS) return;
    try {
      Deno.removeSync(`${dir}/${f.name}`);
      for (const ext of [".fp", ".lock"]) {
        try {
          Deno.removeSync(`${dir}/${f.name.replace(/\.flow$/, ext)}`);
        } catch { /* not there */ }
      }
      removed++;
    } catch { /* raced */ }
  });
  return removed;
}
