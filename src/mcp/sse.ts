/**
 * A bounded parser for `text/event-stream` (the WHATWG Server-Sent Events
 * format), as the Streamable HTTP transport uses it: bytes in, events out.
 * Pure: no I/O, no clock.
 *
 * Lines end with CRLF, LF or CR (a CR at the end of a chunk waits for the
 * next one). Each complete line is decoded on its own with a fatal UTF-8
 * decoder (CR and LF never occur inside a multibyte sequence, so a line is a
 * whole number of characters): bad UTF-8 is an error, never a replacement
 * character. `data` lines join with "\n"; a blank line dispatches the event
 * (nothing when no data came). Comments (`:` lines) and `retry` are read and
 * ignored; `id` is kept.
 *
 * Limits: a line longer than `maxLine` bytes, an event whose data passes
 * `maxEvent` bytes, or an `event`/`id` value over 1 KiB is an error, raised
 * as soon as the limit is passed (nothing over it is buffered). After an
 * error the parser stays failed.
 */
import { concatBytes } from "./framing.ts";

export interface SseEvent {
  /** The event type (`message` when the stream names none). */
  event: string;
  /** The data lines joined with "\n". */
  data: string;
  /** Byte length of the data (UTF-8). */
  size: number;
  /** The last event id seen on the stream, if any. */
  id?: string;
}

export class SseError extends Error {
  override name = "SseError";
}

const MAX_FIELD = 1024;

export class SseParser {
  private parts: Uint8Array[] = [];
  private lineSize = 0;
  private pendingCR = false;
  private first = true;
  private data: string[] = [];
  private dataSize = 0;
  private event = "";
  private lastId: string | undefined;
  private failed: SseError | null = null;
  private readonly dec = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  constructor(private readonly maxLine: number, private readonly maxEvent: number) {}

  /** Feeds a chunk; returns the events it completes. Throws SseError on a malformed stream. */
  push(chunk: Uint8Array): SseEvent[] {
    if (this.failed) throw this.failed;
    const out: SseEvent[] = [];
    try {
      let i = 0;
      if (this.pendingCR && chunk.length) {
        // CR at the end of the last chunk ended a line; an LF right after it belongs to it.
        this.pendingCR = false;
        if (chunk[0] === 10) i = 1;
      }
      while (i < chunk.length) {
        let j = i;
        while (j < chunk.length && chunk[j] !== 10 && chunk[j] !== 13) j++;
        if (j > i) this.append(chunk.subarray(i, j));
        if (j === chunk.length) break;
        this.endLine(out);
        if (chunk[j] === 13) {
          if (j + 1 === chunk.length) {
            this.pendingCR = true;
            i = j + 1;
            break;
          }
          i = chunk[j + 1] === 10 ? j + 2 : j + 1;
        } else i = j + 1;
      }
    } catch (e) {
      this.failed = e instanceof SseError ? e : new SseError(String(e));
      throw this.failed;
    }
    return out;
  }

  /** True when the stream stopped inside an event (data read, no blank line yet). */
  get midEvent(): boolean {
    return this.lineSize > 0 || this.data.length > 0;
  }

  private append(piece: Uint8Array) {
    this.lineSize += piece.length;
    if (this.lineSize > this.maxLine) {
      const head = this.parts.length ? this.parts[0] : piece;
      const data = head.length >= 4 && head[0] === 100 && head[1] === 97 && head[2] === 116 &&
        head[3] === 97; // "data"
      throw new SseError(
        data
          ? `an event over ${this.maxEvent} bytes`
          : `an event-stream line over ${this.maxLine} bytes`,
      );
    }
    this.parts.push(piece.slice());
  }

  private endLine(out: SseEvent[]) {
    const bytes = concatBytes(this.parts, this.lineSize);
    this.parts = [];
    const size = this.lineSize;
    this.lineSize = 0;
    let line: string;
    try {
      line = size ? this.dec.decode(bytes) : "";
    } catch {
      throw new SseError("an event-stream line that is not UTF-8");
    }
    if (this.first) {
      this.first = false;
      if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    }
    if (line === "") {
      this.dispatch(out);
      return;
    }
    if (line[0] === ":") return; // a comment (keep-alive)
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    let prefix = colon < 0 ? size : colon + 1; // the field name and ":" are ASCII: bytes = chars
    if (value[0] === " ") {
      value = value.slice(1);
      prefix++;
    }
    if (field === "data") {
      this.dataSize += size - prefix + (this.data.length ? 1 : 0);
      if (this.dataSize > this.maxEvent) {
        throw new SseError(`an event over ${this.maxEvent} bytes`);
      }
      this.data.push(value);
    } else if (field === "event") {
      if (value.length > MAX_FIELD) throw new SseError("an event name over 1 KiB");
      this.event = value;
    } else if (field === "id") {
      if (value.length > MAX_FIELD) throw new SseError("an event id over 1 KiB");
      if (!value.includes("\0")) this.lastId = value;
    }
    // retry and unknown fields: ignored, as the format says.
  }

  private dispatch(out: SseEvent[]) {
    if (this.data.length) {
      out.push({
        event: this.event || "message",
        data: this.data.join("\n"),
        size: this.dataSize,
        ...(this.lastId !== undefined ? { id: this.lastId } : {}),
      });
    }
    this.data = [];
    this.dataSize = 0;
    this.event = "";
  }
}
