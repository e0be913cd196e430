/**
 * The shipper's side of the local log: the durable cursor of one destination
 * (`~/.aiguard/ship/<name>.json`: the last seq and hash the destination acknowledged) and a
 * reader that follows the log from the cursor on, across rotation (`audit.jsonl` renamed to
 * `audit-<first seq>.jsonl` under the writer's lock), checking on the way what the chain promises:
 * every seq once, each entry linked to the one before and hashing to its own hash. What does not
 * hold becomes a ship event sent to the destination ahead of the entry (ADR 0029) — the entry is
 * shipped anyway, so nothing is hidden in either direction.
 *
 * The reader takes only complete lines (a writer appends the line, then the seal): a torn
 * fragment left by a crash is closed by the next append and acknowledged by the entry after it
 * (`repair`), so an unreadable line followed by such an entry is not reported.
 */
import { GENESIS } from "../audit_entry.ts";
import { auditPath, listSegments, lockPath } from "../chain.ts";
import type { ShipEntry, ShipEvent, ShipItem } from "./format.ts";
import { ensureSubdir, withFileLock } from "../../state/state_dir.ts";
import { readEntry } from "../audit_verify.ts";

export interface Cursor {
  /** The last seq acknowledged (-1: nothing yet). */
  seq: number;
  /** Its hash (GENESIS before the first). */
  hash: string;
  /** The destination it belongs to (absent before the first acknowledgement). */
  to?: string;
}

export const START: Cursor = { seq: -1, hash: GENESIS };

export function shipDir(stateDir: string): string {
  return `${stateDir}/ship`;
}

export function cursorPath(stateDir: string, name: string): string {
  return `${shipDir(stateDir)}/${name}.json`;
}

/** The cursor of `name`, START when there is none; throws when it is unreadable (fail closed). */
export function readCursor(stateDir: string, name: string): Cursor {
  const p = cursorPath(stateDir, name);
  let text: string;
  try {
    text = Deno.readTextFileSync(p);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return START;
    throw e;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`${p} is not valid JSON: remove it to ship everything again`);
  }
  const o = v as Record<string, unknown>;
  if (
    !o || typeof o !== "object" || !Number.isSafeInteger(o.seq) || (o.seq as number) < -1 ||
    typeof o.hash !== "string" || !/^[0-9a-f]{64}$/.test(o.hash)
  ) {
    throw new Error(`${p} is malformed: remove it to ship everything again`);
  }
  return { seq: o.seq as number, hash: o.hash, to: typeof o.to === "string" ? o.to : undefined };
}

/**
 * Holds `ship/<name>.lock` for as long as this shipper runs: a second shipper of the same cursor
 * waits until the first is gone (two would only send everything twice). Released when the
 * process ends, however it ends.
 */
export async function lockCursor(stateDir: string, name: string, waiting: () => void) {
  ensureSubdir(shipDir(stateDir));
  const f = await Deno.open(`${shipDir(stateDir)}/${name}.lock`, {
    create: true,
    write: true,
    mode: 0o600,
  });
  const t = setTimeout(waiting, 1000);
  try {
    await f.lock(true);
  } finally {
    clearTimeout(t);
  }
  return f;
}

/** Writes the cursor atomically (temp file, fsync, rename): a kill -9 leaves the old or the new. */
export function writeCursor(stateDir: string, name: string, to: string, c: Cursor): void {
  ensureSubdir(shipDir(stateDir));
  const text = JSON.stringify({
    version: 1,
    to,
    seq: c.seq,
    hash: c.hash,
    time: new Date().toISOString(),
  }) + "\n";
  const p = cursorPath(stateDir, name);
  const tmp = `${p}.tmp-${crypto.randomUUID()}`;
  const f = Deno.openSync(tmp, { write: true, createNew: true, mode: 0o600 });
  try {
    const b = new TextEncoder().encode(text);
    let off = 0;
    while (off < b.length) off += f.writeSync(b.subarray(off));
    f.syncSync();
  } finally {
    f.close();
  }
  Deno.renameSync(tmp, p);
}

/** Synchronous SHA-256 (node:crypto in the CLI), to re-check each entry's hash. */
export type Sha256 = (s: string) => string;

interface Position {
  ino: number | null;
  path: string;
  offset: number;
  /** The last bytes before `offset` as they were read: a file rewritten under us differs. */
  before?: Uint8Array;
}

const BEFORE = 64;

function sameBytes(a: Uint8Array, b: Uint8Array | null): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

interface FileRef {
  path: string;
  /** First seq it holds (from a segment's name; for audit.jsonl, from its first line). */
  start: number | null;
  ino: number | null;
}

const dec = new TextDecoder();
const enc = new TextEncoder();

function statIno(path: string): number | null | undefined {
  try {
    return Deno.statSync(path).ino;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

/** Reads up to `max` bytes of `path` from `offset`. */
function openFile(path: string): Deno.FsFile | null {
  try {
    return Deno.openSync(path, { read: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

function readAt(f: Deno.FsFile, offset: number, max: number): Uint8Array {
  f.seekSync(offset, Deno.SeekMode.Start);
  const buf = new Uint8Array(max);
  let n = 0;
  while (n < max) {
    const r = f.readSync(buf.subarray(n));
    if (r === null || r === 0) break;
    n += r;
  }
  return buf.subarray(0, n);
}

/** Reads up to `max` bytes of `path` from `offset`. */
function readFrom(path: string, offset: number, max: number): Uint8Array | null {
  const f = openFile(path);
  if (!f) return null;
  try {
    return readAt(f, offset, max);
  } finally {
    f.close();
  }
}

function firstSeq(path: string): number | null {
  const b = readFrom(path, 0, 64 * 1024);
  if (!b || !b.length) return null;
  const text = dec.decode(b);
  const m = /"seq":(\d{1,15})[,}]/.exec(text.split("\n")[0]);
  return m ? Number(m[1]) : null;
}

/**
 * Follows the log from a cursor. `next()` returns what is new (entries and the events about
 * them), at most `maxItems`; an empty list means caught up.
 */
export class LogTail {
  private pos: Position | null = null;
  /** The last entry handed out (or the cursor it started from). */
  private last: Cursor;
  private pendingUnreadable: { path: string; offset: number } | null = null;

  constructor(
    private readonly stateDir: string,
    from: Cursor,
    private readonly sha256: Sha256,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.last = { ...from };
  }

  /**
   * The log's files, listed under the writers' lock: a rotation is a rename and then a new file,
   * and a listing between the two would miss the renamed segment. (Reading happens outside the
   * lock, through an open file whose inode is checked.)
   */
  private files(): FileRef[] {
    return withFileLock(lockPath(this.stateDir), () => this.listFiles());
  }

  private listFiles(): FileRef[] {
    const out: FileRef[] = [];
    for (const name of listSegments(this.stateDir)) {
      const path = `${this.stateDir}/${name}`;
      const ino = statIno(path);
      if (ino === undefined) continue;
      out.push({ path, start: Number(name.slice(6, 18)), ino });
    }
    const cur = auditPath(this.stateDir);
    const ino = statIno(cur);
    if (ino !== undefined) out.push({ path: cur, start: null, ino });
    return out;
  }

  /** Finds where to start reading: the last file whose first seq is at or before the cursor's. */
  private locate(files: FileRef[], items: ShipItem[]): Position | null {
    if (!files.length) return null;
    const want = Math.max(this.last.seq, 0);
    let pick = 0;
    for (let i = 0; i < files.length; i++) {
      const start = files[i].start ?? firstSeq(files[i].path);
      if (start !== null && start <= want) pick = i;
    }
    const first = files[0].start ?? firstSeq(files[0].path);
    if (pick === 0 && first !== null && first > this.last.seq + 1) {
      items.push(this.event(
        "ship.gap",
        this.last.seq + 1,
        first - 1,
        `the local log no longer holds these entries (its oldest starts at seq ${first}); they were never acknowledged by this destination`,
      ));
      this.last = { seq: first - 1, hash: "" };
    }
    return { ino: files[pick].ino, path: files[pick].path, offset: 0 };
  }

  private event(event: string, from: number, to: number, detail: string): ShipEvent {
    return { kind: "event", event, time: this.now(), detail, from, to };
  }

  /** What is new since the last call. */
  next(maxItems = 500, maxBytes = 4 * 1024 * 1024): ShipItem[] {
    const items: ShipItem[] = [];
    let bytes = 0;
    let files = this.files();
    if (!this.pos) {
      this.pos = this.locate(files, items);
      if (!this.pos) return items;
    }
    for (let guard = 0; guard < files.length + 2; guard++) {
      // The file the position is in: by inode (a rotation renames it), else by path.
      let idx = files.findIndex((f) => this.pos!.ino !== null && f.ino === this.pos!.ino);
      if (idx < 0) {
        // Not there by inode: the same name now is another file (the log deleted and begun
        // anew), read from its start — entries already shipped are skipped by seq.
        idx = files.findIndex((f) => f.path === this.pos!.path);
        if (idx >= 0) this.pos = { ino: files[idx].ino, path: files[idx].path, offset: 0 };
      }
      if (idx < 0) {
        // It vanished (a segment deleted): start again from what is there.
        this.pos = this.locate(files, items);
        if (!this.pos) return items;
        continue;
      }
      const file = files[idx];
      this.pos.path = file.path;
      const f = openFile(file.path);
      if (!f) {
        files = this.files(); // renamed or removed since the listing
        continue;
      }
      let chunk: Uint8Array;
      const want = Math.max(maxBytes - bytes, 64 * 1024);
      try {
        const st = f.statSync();
        if (file.ino !== null && st.ino !== null && st.ino !== file.ino) {
          // Rotated between the listing and the open: this name is already the next file.
          files = this.files();
          continue;
        }
        // Shorter than where we were, or not the bytes we read before our offset: cut or
        // rewritten (the writer records a cut as a gap entry when it next writes, at the new
        // end). Read it again from its start; entries already shipped are skipped by seq.
        const before = this.pos.before;
        if (
          st.size < this.pos.offset ||
          (before && this.pos.offset >= before.length &&
            !sameBytes(before, readAt(f, this.pos.offset - before.length, before.length)))
        ) {
          this.pos.offset = 0;
          this.pos.before = undefined;
        }
        chunk = readAt(f, this.pos.offset, want);
      } finally {
        f.close();
      }
      const text = dec.decode(chunk);
      const end = text.lastIndexOf("\n");
      if (end >= 0) {
        const start = this.pos.offset;
        // Remember the bytes just before the new offset, to notice a rewrite by the next read.
        const mark = () => {
          const rel = this.pos!.offset - start;
          this.pos!.before = chunk.slice(Math.max(0, rel - BEFORE), rel);
        };
        let off = start;
        for (const line of text.slice(0, end).split("\n")) {
          const lineBytes = enc.encode(line).length + 1;
          this.take(line, file.path, off, items);
          off += lineBytes;
          bytes += lineBytes;
          this.pos.offset = off;
          if (items.length >= maxItems || bytes >= maxBytes) {
            mark();
            return items;
          }
        }
        mark();
      }
      if (chunk.length >= want) continue; // more to read in this file
      // At the end of this file. A rotated segment is final: move on to the next file.
      if (idx === files.length - 1 || file.path === auditPath(this.stateDir)) break;
      this.pos = { ino: files[idx + 1].ino, path: files[idx + 1].path, offset: 0 };
    }
    return items;
  }

  private take(line: string, path: string, offset: number, items: ShipItem[]): void {
    if (!line) return;
    const e = readEntry(line);
    if (!e) {
      if (this.pendingUnreadable) {
        items.push(this.event(
          "ship.unreadable",
          this.last.seq + 1,
          this.last.seq + 1,
          `an unreadable line in ${path} at byte ${this.pendingUnreadable.offset}`,
        ));
      }
      this.pendingUnreadable = { path, offset };
      return;
    }
    if (this.pendingUnreadable) {
      if (!e.full?.repair) {
        items.push(this.event(
          "ship.unreadable",
          e.seq,
          e.seq,
          `an unreadable line in ${this.pendingUnreadable.path} at byte ${this.pendingUnreadable.offset}, not acknowledged by a crash repair`,
        ));
      }
      this.pendingUnreadable = null;
    }
    const last = this.last;
    if (e.seq <= last.seq) {
      if (e.seq === last.seq && last.hash && e.hash !== last.hash) {
        items.push(this.event(
          "ship.rewrite",
          e.seq,
          e.seq,
          `the local entry seq ${e.seq} is not the one this destination acknowledged (hash ${
            last.hash.slice(0, 16)
          }…, now ${e.hash.slice(0, 16)}…): a past entry was rewritten`,
        ));
        // Keep the acknowledged hash: the next entry's link is judged against what was shipped.
      }
      return;
    }
    if (last.seq >= 0 && e.seq > last.seq + 1) {
      items.push(this.event(
        "ship.gap",
        last.seq + 1,
        e.seq - 1,
        `entries seq ${last.seq + 1}..${e.seq - 1} are missing from the local log`,
      ));
    } else if (last.hash && e.prev_hash !== last.hash && (last.seq >= 0 || e.seq === 0)) {
      items.push(this.event(
        "ship.chain_break",
        e.seq,
        e.seq,
        `entry seq ${e.seq} does not link to the entry before it as shipped: the local log was rewritten`,
      ));
    }
    if (this.sha256(e.b2) !== e.hash) {
      items.push(this.event(
        "ship.edited",
        e.seq,
        e.seq,
        `entry seq ${e.seq} does not hash to its own hash: it was edited in the local log`,
      ));
    }
    const full = e.full ?? (JSON.parse(line) as Record<string, unknown>);
    const decision = (full.decision ?? {}) as Record<string, unknown>;
    const entry: ShipEntry = {
      kind: "entry",
      seq: e.seq,
      hash: e.hash,
      prev_hash: e.prev_hash,
      line,
      time: typeof full.time === "string" ? full.time : "",
      action: typeof decision.action === "string" ? decision.action : "",
      rule: typeof decision.rule === "string" ? decision.rule : "",
      event: typeof full.event === "string" ? full.event : "",
    };
    items.push(entry);
    this.last = { seq: e.seq, hash: e.hash };
  }

  /** The highest seq the log holds right now (-1 when empty), to notice a log that was reset. */
  headSeq(): number {
    const files = this.files();
    for (let i = files.length - 1; i >= 0; i--) {
      const f = files[i];
      let size = 0;
      try {
        size = Deno.statSync(f.path).size;
      } catch {
        continue;
      }
      const tail = readFrom(f.path, Math.max(0, size - 256 * 1024), 256 * 1024);
      const lines = tail ? dec.decode(tail).split("\n") : [];
      for (let j = lines.length - 1; j >= 0; j--) {
        const m = /"seq":(\d{1,15})[,}]/.exec(lines[j]);
        if (m) return Number(m[1]);
      }
    }
    return -1;
  }

  /** Restarts from the beginning of the log after it was reset (a `ship.rewind` event). */
  rewind(): ShipEvent {
    const ev = this.event(
      "ship.rewind",
      0,
      this.last.seq,
      `the local log ends before seq ${this.last.seq}, which this destination acknowledged: the log was truncated or started anew; shipping it from its beginning`,
    );
    this.last = { ...START };
    this.pos = null;
    return ev;
  }

  get position(): Cursor {
    return { ...this.last };
  }
}
