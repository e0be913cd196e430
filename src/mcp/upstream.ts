/**
 * The server side of `guard proxy`, behind one seam: an MCP server run as a
 * child over stdio (`StdioUpstream`, here) or a remote one over Streamable
 * HTTP (`http_upstream.ts`). The session hands each client message (one
 * complete JSON-RPC line) to `send`; the upstream hands each server message to
 * the sink whole and byte-exact, framing removed, in the order it arrived.
 * Judging, pinning, redaction and audit stay in the session (`proxy.ts`), so
 * every upstream gets the same treatment.
 */
import { type LineEvent, LineSplitter } from "./framing.ts";

/** One long server message handed over as it arrives. */
export interface MessageFeed {
  push(bytes: Uint8Array): void;
  end(): Promise<void>;
}

export interface UpstreamSink {
  /** One complete server → client message. */
  message(bytes: Uint8Array): Promise<void>;
  /** A long message (over STREAM_AFTER bytes) to be fed as it arrives. */
  open?(): MessageFeed;
  /** A server message over the size limit was dropped unread. */
  oversized(size: number): Promise<void>;
  /**
   * Client requests the upstream cannot answer (the connection dropped, an HTTP error, a
   * malformed or oversized event, a stall): each id gets an error; the session goes on.
   */
  failed(ids: unknown[], reason: string): Promise<void>;
  log(line: string): void;
}

export interface Upstream {
  /** What the server is, for its pins: the command line, or the URL. */
  readonly identity: string;
  /** Starts the upstream and its delivery of server messages to `sink`. */
  start(sink: UpstreamSink): Promise<void>;
  /** Sends one client → server message (a complete line, newline included). */
  send(bytes: Uint8Array): Promise<void>;
  /** The client has closed its end: end the upstream gracefully (bounded in time). */
  close(): Promise<void>;
  /** Settles once the upstream has ended and delivered every message: its exit code. */
  readonly done: Promise<number>;
}

/** The largest message accepted from a server (and from the client). */
export const MAX_MESSAGE = 64 * 1024 * 1024;
/** Server messages longer than this are scanned as they arrive (src/mcp/result_stream.ts). */
export const STREAM_AFTER = 256 * 1024;

/** Where a SerialWriter's bytes go. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Serialises writes to one sink; after a failed write the rest is dropped. */
export class SerialWriter {
  private chain: Promise<void> = Promise.resolve();
  closed = false;
  constructor(private readonly sink: ByteSink) {}
  write(bytes: Uint8Array): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      try {
        await this.sink.write(bytes);
      } catch {
        this.closed = true;
      }
    });
    return this.chain;
  }
  async close(): Promise<void> {
    await this.chain;
    if (this.closed) return;
    this.closed = true;
    try {
      await this.sink.close();
    } catch { /* already closed */ }
  }
}

/** A web stream as a sink (a child's stdin; the streams tests pass). */
export function streamSink(stream: WritableStream<Uint8Array>): ByteSink {
  const w = stream.getWriter();
  return { write: (b) => w.write(b), close: () => w.close() };
}

/** A file as a sink, written with its own write op (guard's stdout; left open on close). */
export function fileSink(file: { write(p: Uint8Array): Promise<number> }): ByteSink {
  return {
    write: async (b) => {
      for (let off = 0; off < b.length;) off += await file.write(b.subarray(off));
    },
    close: () => Promise.resolve(),
  };
}

/** Chunks read straight from a file (guard's stdin): no web stream in between. */
export async function* readChunks(file: { read(p: Uint8Array): Promise<number | null> }) {
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const n = await file.read(buf);
    if (n === null) return;
    if (n > 0) yield buf.slice(0, n);
  }
}

/** Reads newline-framed messages from a byte stream into `sink` until it ends. */
export async function pumpLines(
  stream: AsyncIterable<Uint8Array>,
  message: (b: Uint8Array) => Promise<void>,
  oversized: (size: number) => Promise<void>,
  open?: () => MessageFeed,
): Promise<void> {
  const split = new LineSplitter(MAX_MESSAGE, open ? STREAM_AFTER : Infinity);
  let feed: MessageFeed | null = null;
  const handle = async (ev: LineEvent) => {
    if (ev.kind === "line") await message(ev.bytes);
    else if (ev.kind === "oversized") await oversized(ev.size);
    else if (ev.kind === "part") (feed ??= open!()).push(ev.bytes);
    else if (feed) {
      const f: MessageFeed = feed;
      feed = null;
      await f.end();
    }
  };
  for await (const chunk of stream) for (const ev of split.push(chunk)) await handle(ev);
  for (const ev of split.flush()) await handle(ev);
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** An MCP server as guard's child, one JSON-RPC message per line on its stdin and stdout. */
export class StdioUpstream implements Upstream {
  readonly identity: string;
  private child: Deno.ChildProcess | null = null;
  private writer: SerialWriter | null = null;
  private exited = false;
  private resolveDone!: (code: number) => void;
  readonly done: Promise<number> = new Promise((r) => (this.resolveDone = r));

  constructor(private readonly command: string, private readonly args: string[]) {
    this.identity = [command, ...args].join(" ");
  }

  start(sink: UpstreamSink): Promise<void> {
    const child = new Deno.Command(this.command, {
      args: this.args,
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.child = child;
    // Least privilege: the server is running; guard will not start anything else.
    try {
      Deno.permissions.revokeSync({ name: "run" });
    } catch { /* not granted */ }
    this.writer = new SerialWriter(streamSink(child.stdin));
    const status = child.status.then((s) => {
      this.exited = true;
      return s;
    });
    const pumped = pumpLines(
      child.stdout,
      (b) => sink.message(b),
      (size) => {
        sink.log(`guard proxy: dropped a server message of ${size} bytes (over ${MAX_MESSAGE})`);
        return sink.oversized(size);
      },
      sink.open ? () => sink.open!() : undefined,
    );
    void Promise.all([status, pumped]).then(([s]) => this.resolveDone(s.code));
    return Promise.resolve();
  }

  send(bytes: Uint8Array): Promise<void> {
    return this.writer ? this.writer.write(bytes) : Promise.resolve();
  }

  async close(): Promise<void> {
    await this.writer?.close();
    const child = this.child;
    if (!child) return;
    // Give the server time to exit on EOF, then stop it.
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      const ended = await Promise.race([
        child.status.then(() => true),
        delay(2000).then(() => false),
      ]);
      if (ended || this.exited) return;
      try {
        child.kill(signal);
      } catch { /* gone */ }
    }
  }
}
