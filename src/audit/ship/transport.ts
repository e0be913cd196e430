/**
 * The wires of `guard audit ship`: syslog over TCP, TLS (RFC 5425) and UDP, and OTLP/HTTP. A
 * `send` resolves only when the destination acknowledged the whole batch, in the sense ADR 0029
 * defines per transport, and throws otherwise (the caller retries from its cursor):
 *  - TCP and TLS syslog have no application acknowledgement, so each batch goes on its own
 *    connection: the frames are written, our side is half-closed, and the batch counts as
 *    acknowledged when the collector closes its side — which a syslog server (rsyslog's imtcp,
 *    syslog-ng, …) does only after reading everything up to our end of stream. A reset, a refused
 *    connection or no close within the timeout is a failure: the batch is sent again (duplicates
 *    are allowed, loss is not).
 *  - UDP has no acknowledgement at all: a datagram handed to the kernel counts as sent. Lossy by
 *    nature; say so to whoever picks it.
 *  - OTLP/HTTP: a 2xx answer to the POST.
 */
import type { Destination, Origin, ShipItem } from "./format.ts";
import { octetFrame, otlpProtobuf, otlpRequest, syslogMessage } from "./format.ts";

export interface Sink {
  send(items: ShipItem[]): Promise<void>;
  close(): void;
}

export interface SinkOptions {
  origin: Origin;
  /** PEM CA certificates to trust (in addition to the system store) for TLS and HTTPS. */
  caCerts?: string[];
  encoding: "protobuf" | "json";
  /** Milliseconds to wait for the collector's close / answer. */
  timeoutMs?: number;
  procid: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const timer = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000}s`)), ms);
  });
  return Promise.race([p, timer]).finally(() => clearTimeout(t));
}

async function writeAll(conn: Deno.Conn, b: Uint8Array): Promise<void> {
  let off = 0;
  while (off < b.length) off += await conn.write(b.subarray(off));
}

/**
 * Reads until the peer closes; data it sends (syslog servers send none) is ignored. Over TLS a
 * peer that closes the TCP connection without a close_notify (rsyslog's gtls driver does) has
 * closed it all the same: the end of the stream came after every record before it was read. A
 * reset is no close: the peer left bytes unread.
 */
async function untilClosed(conn: Deno.Conn, tls: boolean): Promise<void> {
  const buf = new Uint8Array(4096);
  while (true) {
    let n: number | null;
    try {
      n = await conn.read(buf);
    } catch (e) {
      if (tls && (e instanceof Deno.errors.UnexpectedEof || /close_notify/.test(String(e)))) {
        return;
      }
      throw e;
    }
    if (n === null) return;
  }
}

class SyslogStreamSink implements Sink {
  constructor(
    private readonly d: Extract<Destination, { kind: "syslog" }>,
    private readonly o: SinkOptions,
  ) {}

  async send(items: ShipItem[]): Promise<void> {
    const frames = items.map((it) => octetFrame(syslogMessage(it, this.o.origin, this.o.procid)));
    const total = frames.reduce((n, f) => n + f.length, 0);
    const bytes = new Uint8Array(total);
    let off = 0;
    for (const f of frames) {
      bytes.set(f, off);
      off += f.length;
    }
    const timeout = this.o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const conn: Deno.Conn = this.d.transport === "tls"
      ? await withTimeout(
        Deno.connectTls({
          hostname: this.d.hostname,
          port: this.d.port,
          caCerts: this.o.caCerts,
        }),
        timeout,
        `connecting to ${this.d.url}`,
      )
      : await withTimeout(
        Deno.connect({ hostname: this.d.hostname, port: this.d.port }),
        timeout,
        `connecting to ${this.d.url}`,
      );
    try {
      if (this.d.transport === "tls") await (conn as Deno.TlsConn).handshake();
      await withTimeout(
        (async () => {
          await writeAll(conn, bytes);
          await (conn as Deno.TcpConn).closeWrite();
          await untilClosed(conn, this.d.transport === "tls");
        })(),
        timeout,
        `${this.d.url} did not close the connection after the batch`,
      );
    } finally {
      try {
        conn.close();
      } catch { /* already closed */ }
    }
  }

  close(): void {}
}

class SyslogUdpSink implements Sink {
  // node:dgram: Deno's own datagram API is behind --unstable-net.
  private sock: import("node:dgram").Socket | null = null;
  constructor(
    private readonly d: Extract<Destination, { kind: "syslog" }>,
    private readonly o: SinkOptions,
  ) {}

  async send(items: ShipItem[]): Promise<void> {
    if (!this.sock) {
      const dgram = await import("node:dgram");
      this.sock = dgram.createSocket(this.d.hostname.includes(":") ? "udp6" : "udp4");
    }
    const sock = this.sock;
    for (const it of items) {
      const msg = new TextEncoder().encode(syslogMessage(it, this.o.origin, this.o.procid));
      await new Promise<void>((resolve, reject) =>
        sock.send(msg, this.d.port, this.d.hostname, (e) => e ? reject(e) : resolve())
      );
    }
  }

  close(): void {
    try {
      this.sock?.close();
    } catch { /* closed */ }
    this.sock = null;
  }
}

class OtlpSink implements Sink {
  private client: Deno.HttpClient | undefined;
  constructor(
    private readonly d: Extract<Destination, { kind: "otlp" }>,
    private readonly o: SinkOptions,
  ) {
    if (o.caCerts?.length) this.client = Deno.createHttpClient({ caCerts: o.caCerts });
  }

  async send(items: ShipItem[]): Promise<void> {
    const req = otlpRequest(items, this.o.origin, Date.now());
    const json = this.o.encoding === "json";
    const body = json ? JSON.stringify(req) : otlpProtobuf(req);
    const res = await fetch(this.d.endpoint, {
      method: "POST",
      headers: { "content-type": json ? "application/json" : "application/x-protobuf" },
      body: body as BodyInit,
      client: this.client,
      signal: AbortSignal.timeout(this.o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    } as RequestInit);
    // The answer (an ExportLogsServiceResponse) is read and dropped.
    await res.arrayBuffer().catch(() => {});
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${this.d.endpoint} answered HTTP ${res.status}`);
    }
  }

  close(): void {
    this.client?.close();
  }
}

export function openSink(d: Destination, o: SinkOptions): Sink {
  if (d.kind === "otlp") return new OtlpSink(d, o);
  return d.transport === "udp" ? new SyslogUdpSink(d, o) : new SyslogStreamSink(d, o);
}
