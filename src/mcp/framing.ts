/**
 * stdio framing for MCP: one JSON-RPC message per line. Bytes are split on
 * 0x0A as they arrive (a multibyte character can straddle chunks, so lines are
 * kept as bytes until complete) and each complete line is handed over whole,
 * byte-exact. A line longer than the limit is reported as oversized (its
 * bytes are dropped as they stream past) instead of growing memory without
 * bound.
 */

export type LineEvent =
  | { kind: "line"; bytes: Uint8Array }
  | { kind: "oversized"; size: number }
  /** A long line, streamed: its bytes so far, then each piece as it arrives… */
  | { kind: "part"; bytes: Uint8Array }
  /** …and its end (the newline is in the last part). */
  | { kind: "end" };

export class LineSplitter {
  private parts: Uint8Array[] = [];
  private size = 0;
  private dropping = false;
  private dropped = 0;

  private streaming = false;

  /**
   * `streamAfter`: a line longer than this is handed over in parts as it arrives (no limit
   * then: the receiver bounds what it keeps); otherwise lines over `maxLine` are dropped.
   */
  constructor(private readonly maxLine: number, private readonly streamAfter = Infinity) {}

  /** Feeds a chunk; returns the complete lines (with their newline) it finishes. */
  push(chunk: Uint8Array): LineEvent[] {
    const out: LineEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl + 1;
      const piece = chunk.subarray(start, end);
      if (!this.streaming && !this.dropping && this.size + piece.length > this.streamAfter) {
        // The line becomes long: what is held goes out first, then each piece as it comes.
        this.streaming = true;
        if (this.size) out.push({ kind: "part", bytes: concatBytes(this.parts, this.size) });
        this.parts = [];
        this.size = 0;
      }
      if (this.streaming) {
        out.push({ kind: "part", bytes: piece });
        if (nl >= 0) {
          out.push({ kind: "end" });
          this.streaming = false;
        }
        start = end;
        continue;
      }
      if (this.dropping) {
        this.dropped += piece.length;
      } else if (this.size + piece.length > this.maxLine) {
        this.dropping = true;
        this.dropped = this.size + piece.length;
        this.parts = [];
        this.size = 0;
      } else {
        this.parts.push(piece.slice());
        this.size += piece.length;
      }
      if (nl >= 0) {
        if (this.dropping) {
          out.push({ kind: "oversized", size: this.dropped });
          this.dropping = false;
          this.dropped = 0;
        } else {
          out.push({ kind: "line", bytes: concatBytes(this.parts, this.size) });
          this.parts = [];
          this.size = 0;
        }
      }
      start = end;
    }
    return out;
  }

  /** At end of stream: the unterminated rest, if any. */
  flush(): LineEvent[] {
    if (this.streaming) {
      this.streaming = false;
      return [{ kind: "end" }];
    }
    if (this.dropping) return [{ kind: "oversized", size: this.dropped }];
    if (!this.size) return [];
    const bytes = concatBytes(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    return [{ kind: "line", bytes }];
  }
}

/** The parts as one array (the part itself when there is one); `size` is their total length. */
export function concatBytes(
  parts: Uint8Array[],
  size = parts.reduce((n, p) => n + p.length, 0),
): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
