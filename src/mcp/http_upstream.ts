/**
 * A remote MCP server over the Streamable HTTP transport (MCP 2025-03-26 and
 * 2025-06-18), behind the same seam as a child over stdio (`upstream.ts`).
 *
 * Each client message is POSTed to the URL (`Content-Type: application/json`,
 * `Accept: application/json, text/event-stream`); the `Mcp-Session-Id` of the
 * initialize response goes on every later request, the negotiated
 * `MCP-Protocol-Version` on every request after initialization. A request is
 * answered by one JSON body (a message or an array) or by an event stream
 * whose events are delivered in order — server requests and notifications
 * interleaved — until the responses that POST owes have come. Notifications
 * and responses get 202. After `notifications/initialized` the optional GET
 * stream carries server-initiated messages (405: not offered). DELETE ends the
 * session on close. Every server message goes to the sink whole and
 * byte-exact (line breaks, which can only be JSON whitespace, become spaces:
 * the client side is one message a line), so judging, pinning, redaction and
 * audit stay the session's.
 *
 * Fail closed, session kept: a stall (nothing for `idleMs` on a stream that
 * still owes a response; comments and progress keep it alive), a dropped
 * connection, a malformed event stream, data that is not JSON-RPC, an event or
 * body over the limit, an HTTP error, a wrong content type, a redirect (never
 * followed), a 404 on a session (expired: never silently re-initialised) or a
 * TLS error (never retried over http) answers that POST's requests with an
 * error through `sink.failed`; later requests go on. Deno's `--allow-net` for
 * the one origin is what keeps every other origin out of reach.
 */
import { concatBytes } from "./framing.ts";
import { idKey, isObject } from "./jsonrpc.ts";
import { SseError, SseParser } from "./sse.ts";
import { MAX_MESSAGE, type Upstream, type UpstreamSink } from "./upstream.ts";

/** A stream that owes a response fails after this long without a byte (the CLI may change it). */
export const DEFAULT_IDLE_MS = 120_000;
/** How long close() waits for answers still streaming, and for the DELETE. */
const CLOSE_GRACE_MS = 2000;
/** How long a stream may stay open after its responses came (then it is cancelled, quietly). */
const TAIL_MS = 5000;

/** Headers the transport sets itself: a user header can never replace them. */
export const TRANSPORT_HEADERS = [
  "accept",
  "content-type",
  "content-length",
  "host",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
  "connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "keep-alive",
];

/** A remote server's address, checked. */
export interface RemoteTarget {
  /** What every request goes to (the URL as given, without a fragment). */
  href: string;
  /** The scheme, host and port. */
  origin: string;
  /** `host:port` as `--allow-net` names it (the port always explicit). */
  hostPort: string;
  /** The pins' identity and the name in messages: origin and path, never the query. */
  identity: string;
  hostname: string;
  /** The last path segment, for a default server name. */
  url: URL;
}

/** Loopback hosts, where plain http is allowed: 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks a `--url`: http or https, https unless the host is loopback, no user
 * name or password in it (credentials go in a header), a host.
 */
export function parseRemoteUrl(text: string): RemoteTarget | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: "--url is not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { error: "--url must be an https:// URL (http:// only for a loopback host)" };
  }
  if (url.username || url.password) {
    return { error: "--url must not hold a user name or password: send credentials in --header" };
  }
  if (!url.hostname) return { error: "--url has no host" };
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return {
      error: `--url must use https for ${url.hostname}: plain http is allowed only for loopback ` +
        "hosts (127.0.0.0/8, ::1, localhost)",
    };
  }
  url.hash = "";
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return {
    href: url.href,
    origin: url.origin,
    hostPort: `${url.hostname}:${port}`,
    identity: url.origin + url.pathname,
    hostname: url.hostname,
    url,
  };
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * One `--header 'Name: value'`. Errors never quote the value (it is usually a credential).
 */
export function parseHeaderArg(text: string): { name: string; value: string } | { error: string } {
  const colon = text.indexOf(":");
  const name = colon < 0 ? "" : text.slice(0, colon).trim();
  if (!name || !TOKEN.test(name)) return { error: "--header must be 'Name: value'" };
  const value = text.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) {
    return { error: `--header ${name}: the value holds a control character` };
  }
  if (TRANSPORT_HEADERS.includes(name.toLowerCase())) {
    return { error: `--header ${name}: set by the transport itself, it cannot be given` };
  }
  return { name, value };
}

const GENERIC = new Set(["mcp", "api", "www", "server", "servers", "sse", "app", "v1", "v2", "v3"]);

/**
 * The default server name of a URL: the first label of the host that is not a generic word
 * (`mcp.github.com` → `github`); for an IP address or `localhost`, the last path segment that
 * is not generic (`http://127.0.0.1:8080/notes/mcp` → `notes`); else `remote`.
 */
export function remoteServerName(url: URL): string {
  const clean = (s: string) =>
    s.replace(/[^A-Za-z0-9_.-]/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 64);
  const host = url.hostname;
  const ip = host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host);
  if (!ip && host !== "localhost") {
    const label = host.split(".").find((l) => l && !GENERIC.has(l.toLowerCase()));
    if (label && clean(label)) return clean(label);
  }
  const seg = url.pathname.split("/").filter((s) => s && !GENERIC.has(s.toLowerCase())).pop();
  const name = seg ? clean(decodeURIComponentSafe(seg)) : "";
  return name || "remote";
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export interface HttpUpstreamOptions {
  /** Headers sent on every request, as given (never logged). */
  headers?: [string, string][];
  /** The largest event or body accepted (at most MAX_MESSAGE). */
  maxBytes: number;
  /** A stream that owes a response fails after this long without a byte. */
  idleMs?: number;
  log?: (line: string) => void;
}

interface Post {
  /** Keys (`JSON.stringify(id)`) of the requests this POST still owes a response to. */
  owed: Set<string>;
  abort: AbortController;
  /** Set once failed or finished: nothing more of it is delivered. */
  settled: boolean;
  /** Every response came (the stream may still be draining). */
  answered: boolean;
  last: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** When the response headers came (or the request failed). */
  headers: Promise<void>;
  headersCame: () => void;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

type Obj = Record<string, unknown>;

/** The media type of a Content-Type header, lower case, parameters dropped. */
function essence(ct: string | null): string {
  return (ct ?? "").split(";")[0].trim().toLowerCase();
}

/** Server-given text in a message to the client: short and plain. */
function shown(s: string): string {
  return JSON.stringify(s.replace(/[^A-Za-z0-9/+.\- ]/g, "?").slice(0, 60));
}

/** A JSON-RPC message (or a batch of them), or null when the text is not one. */
function jsonRpc(text: string): Obj[] | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  const list = Array.isArray(v) ? v : [v];
  if (!list.length) return null;
  for (const m of list) {
    if (!isObject(m) || m.jsonrpc !== "2.0") return null;
    if (typeof m.method !== "string" && !("result" in m) && !("error" in m)) return null;
  }
  return list as Obj[];
}

/** A message as one line: line breaks (JSON whitespace only, in valid JSON) become spaces. */
function asLine(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  if (bytes.includes(10) || bytes.includes(13)) {
    for (let i = 0; i < bytes.length; i++) if (out[i] === 10 || out[i] === 13) out[i] = 32;
  }
  out[bytes.length] = 10;
  return out;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((r) => {
    const t = setTimeout(r, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      r();
    }, { once: true });
  });
}

export class HttpUpstream implements Upstream {
  readonly identity: string;
  private sink: UpstreamSink | null = null;
  private readonly userHeaders: [string, string][];
  private readonly maxBytes: number;
  private readonly idleMs: number;
  private sessionId: string | null = null;
  private protocolVersion: string | null = null;
  private initKey: string | null = null;
  /** Set when the server answered 404 to a request with our session: it ended the session. */
  private expired = false;
  private initGate: Promise<void> = Promise.resolve();
  private owedBy = new Map<string, Post>();
  private active = new Set<Promise<unknown>>();
  private posts = new Set<Post>();
  private chain: Promise<void> = Promise.resolve();
  private closing = false;
  private events: AbortController | null = null;
  private eventsOpen = false;
  private resolveDone!: (code: number) => void;
  readonly done: Promise<number> = new Promise((r) => (this.resolveDone = r));

  constructor(private readonly target: RemoteTarget, private readonly o: HttpUpstreamOptions) {
    this.identity = target.identity;
    this.userHeaders = (o.headers ?? []).filter(([n]) =>
      !TRANSPORT_HEADERS.includes(n.toLowerCase())
    );
    this.maxBytes = Math.min(o.maxBytes, MAX_MESSAGE);
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
  }

  start(sink: UpstreamSink): Promise<void> {
    this.sink = sink;
    return Promise.resolve();
  }

  private log(line: string) {
    (this.o.log ?? this.sink?.log ?? (() => {}))(line);
  }

  private headers(accept: string, body: boolean): Headers {
    const h = new Headers();
    for (const [n, v] of this.userHeaders) h.append(n, v);
    h.set("accept", accept);
    if (body) h.set("content-type", "application/json");
    if (this.sessionId !== null) h.set("mcp-session-id", this.sessionId);
    if (this.protocolVersion !== null) h.set("mcp-protocol-version", this.protocolVersion);
    return h;
  }

  /**
   * Hands the sink one server message (serialised: every stream's messages in arrival order).
   * A response to no request guard sent and still waits for (never asked, already failed,
   * cancelled, answered twice) is dropped: nothing answers a call but its own response.
   */
  private deliver(bytes: Uint8Array, list: Obj[], from: Post | null): Promise<void> {
    const unsolicited = (m: Obj) => {
      const k = typeof m.method === "string" ? null : idKey(m.id);
      return k !== null && !this.owedBy.has(k);
    };
    if (list.some(unsolicited)) {
      const kept = list.filter((m) => !unsolicited(m));
      this.log(
        `guard proxy: ${this.identity}: dropped ${
          list.length - kept.length
        } response(s) to no pending request`,
      );
      if (!kept.length) return this.chain;
      const batch = String.fromCharCode(bytes.find((b) => b > 32) ?? 0) === "[";
      bytes = enc.encode(JSON.stringify(batch ? kept : kept[0]) + "\n");
      list = kept;
    }
    for (const m of list) {
      if (typeof m.method === "string") continue;
      const k = idKey(m.id);
      if (k === null) continue;
      if (k === this.initKey && isObject(m.result)) {
        const v = m.result.protocolVersion;
        if (typeof v === "string" && /^[A-Za-z0-9._-]{1,32}$/.test(v)) this.protocolVersion = v;
        this.initKey = null;
      }
      const owner = this.owedBy.get(k);
      if (!owner) continue;
      this.owedBy.delete(k);
      owner.owed.delete(k);
      if (!owner.owed.size) {
        owner.answered = true;
        if (owner !== from) this.finish(owner);
        else this.arm(owner, Math.min(TAIL_MS, this.idleMs));
      }
    }
    const sink = this.sink!;
    this.chain = this.chain.then(() => sink.message(bytes)).catch((e) =>
      this.log(`guard proxy: delivering a server message failed: ${(e as Error).message}`)
    );
    return this.chain;
  }

  private failPost(p: Post, reason: string): Promise<void> {
    if (p.settled) return this.chain;
    p.settled = true;
    this.posts.delete(p);
    if (p.timer !== null) clearTimeout(p.timer);
    p.headersCame();
    p.abort.abort();
    const keys = [...p.owed];
    p.owed.clear();
    for (const k of keys) this.owedBy.delete(k);
    if (!keys.length) return this.chain;
    this.log(`guard proxy: ${this.identity}: ${reason}`);
    const sink = this.sink!;
    this.chain = this.chain.then(() => sink.failed(keys.map((k) => JSON.parse(k)), reason)).catch(
      (e) => this.log(`guard proxy: reporting a failed request failed: ${(e as Error).message}`),
    );
    return this.chain;
  }

  /** A POST that has delivered what it owed: stop reading it. */
  private finish(p: Post) {
    if (p.settled) return;
    p.settled = true;
    this.posts.delete(p);
    if (p.timer !== null) clearTimeout(p.timer);
    p.headersCame();
    p.abort.abort();
  }

  /** (Re)arms a POST's deadline: `after` ms from now, then as long as bytes keep coming. */
  private arm(p: Post, after: number) {
    if (p.timer !== null) clearTimeout(p.timer);
    const tick = () => {
      p.timer = null;
      if (p.settled) return;
      const limit = p.answered ? Math.min(TAIL_MS, this.idleMs) : this.idleMs;
      const idle = performance.now() - p.last;
      if (idle < limit) {
        p.timer = setTimeout(tick, limit - idle);
        return;
      }
      if (p.answered || !p.owed.size) this.finish(p);
      else {
        void this.failPost(
          p,
          `the MCP server sent nothing for ${Math.round(this.idleMs / 1000)} s (stalled)`,
        );
      }
    };
    p.timer = setTimeout(tick, after);
  }

  async send(bytes: Uint8Array): Promise<void> {
    if (this.closing || !this.sink) return;
    let end = bytes.length;
    while (end > 0 && (bytes[end - 1] === 10 || bytes[end - 1] === 13)) end--;
    const body = bytes.slice(0, end);
    let msg: unknown;
    try {
      msg = JSON.parse(dec.decode(body));
    } catch {
      return; // the session never forwards a line that is not JSON
    }
    const list = (Array.isArray(msg) ? msg : [msg]).filter(isObject);
    for (const m of list) {
      if (m.method !== "notifications/cancelled" || !isObject(m.params)) continue;
      // The client gave up on a request: its stream owes nothing any more and can end.
      const k = idKey(m.params.requestId);
      const owner = k === null ? undefined : this.owedBy.get(k);
      if (!owner || k === null) continue;
      this.owedBy.delete(k);
      owner.owed.delete(k);
      if (!owner.owed.size) this.finish(owner);
    }
    const requests = list.filter((m) => typeof m.method === "string" && idKey(m.id) !== null);
    const init = list.find((m) => m.method === "initialize" && idKey(m.id) !== null);
    const initialized = list.some((m) => m.method === "notifications/initialized");
    const keys = requests.map((m) => idKey(m.id)!);
    if (init) {
      // A new session, on the client's own initiative: the old one (if any) is forgotten.
      this.sessionId = null;
      this.protocolVersion = null;
      this.expired = false;
      this.initKey = idKey(init.id);
    } else {
      await this.initGate;
    }
    if (this.expired) {
      await this.failKeys(keys, EXPIRED);
      return;
    }
    let headersCame!: () => void;
    const p: Post = {
      owed: new Set(keys),
      abort: new AbortController(),
      settled: false,
      answered: false,
      last: performance.now(),
      timer: null,
      headers: new Promise((r) => (headersCame = r)),
      headersCame: () => headersCame(),
    };
    for (const k of keys) this.owedBy.set(k, p);
    this.posts.add(p);
    if (init) this.initGate = p.headers;
    const run = this.post(p, body, { init: !!init, withSession: !!this.sessionId, initialized });
    this.active.add(run);
    void run.finally(() => this.active.delete(run));
  }

  private failKeys(keys: string[], reason: string): Promise<void> {
    if (!keys.length) return Promise.resolve();
    const sink = this.sink!;
    this.chain = this.chain.then(() => sink.failed(keys.map((k) => JSON.parse(k)), reason));
    return this.chain;
  }

  private async post(
    p: Post,
    body: Uint8Array<ArrayBuffer>,
    { init, withSession, initialized }: {
      init: boolean;
      withSession: boolean;
      initialized: boolean;
    },
  ) {
    this.arm(p, this.idleMs);
    let res: Response;
    try {
      res = await fetch(this.target.href, {
        method: "POST",
        headers: this.headers("application/json, text/event-stream", true),
        body,
        redirect: "manual",
        signal: p.abort.signal,
      });
    } catch (e) {
      await this.failPost(p, this.networkReason(e));
      return;
    }
    p.last = performance.now();
    const fail = async (reason: string) => {
      await res.body?.cancel().catch(() => {});
      await this.failPost(p, reason);
    };
    try {
      if ((res.status >= 300 && res.status < 400) || res.type === "opaqueredirect") {
        return await fail(
          `the MCP server answered with a redirect (HTTP ${res.status}); guard never follows redirects`,
        );
      }
      if (res.status === 404 && withSession) {
        this.expired = true;
        return await fail(EXPIRED);
      }
      if (!res.ok) {
        const hint = res.status === 401 || res.status === 403
          ? " (check the credentials given with --header)"
          : "";
        return await fail(`the MCP server answered HTTP ${res.status}${hint}`);
      }
      if (init) {
        const sid = res.headers.get("mcp-session-id");
        if (sid !== null) {
          if (!/^[\x21-\x7e]{1,1024}$/.test(sid)) {
            return await fail("the MCP server sent an invalid Mcp-Session-Id");
          }
          this.sessionId = sid;
        }
      }
      p.headersCame();
      if (res.status === 202 || !p.owed.size) {
        await res.body?.cancel().catch(() => {});
        if (p.owed.size) {
          return await this.failPost(p, "the MCP server accepted the request but sent no answer");
        }
        this.finish(p);
        if (initialized) void this.openEvents();
        return;
      }
      const type = essence(res.headers.get("content-type"));
      if (type === "application/json") return await this.readJson(p, res);
      if (type === "text/event-stream") return await this.readEvents(p, res);
      return await fail(`the MCP server answered with content type ${shown(type)}`);
    } catch (e) {
      await this.failPost(p, `the MCP server's answer could not be read (${(e as Error).name})`);
    }
  }

  private async readJson(p: Post, res: Response) {
    const declared = Number(res.headers.get("content-length") ?? "0");
    if (declared > this.maxBytes) {
      await res.body?.cancel().catch(() => {});
      return await this.failPost(p, `a response body over ${this.maxBytes} bytes was refused`);
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body!) {
        p.last = performance.now();
        size += chunk.length;
        if (size > this.maxBytes) {
          return await this.failPost(p, `a response body over ${this.maxBytes} bytes was refused`);
        }
        parts.push(chunk);
      }
    } catch {
      return await this.failPost(p, this.dropReason(p));
    }
    if (p.settled) return;
    const bytes = concatBytes(parts, size);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return await this.failPost(p, "the MCP server's answer is not UTF-8");
    }
    const list = jsonRpc(text);
    if (!list) return await this.failPost(p, "the MCP server's answer is not JSON-RPC");
    await this.deliver(asLine(bytes), list, p);
    if (p.owed.size) {
      return await this.failPost(p, "the MCP server's answer did not answer every request");
    }
    this.finish(p);
  }

  /** Reads an event stream; `p` null: the GET stream (nothing owed, no deadline). */
  private async readEvents(p: Post | null, res: Response): Promise<string | null> {
    const parser = new SseParser(this.maxBytes + 16, this.maxBytes);
    const reader = res.body!.getReader();
    try {
      while (true) {
        let r;
        try {
          r = await reader.read();
        } catch {
          if (p) await this.failPost(p, this.dropReason(p));
          return "dropped";
        }
        if (r.done) break;
        if (p) {
          if (p.settled) return null;
          p.last = performance.now();
        }
        let events;
        try {
          events = parser.push(r.value);
        } catch (e) {
          const reason = `a malformed event stream from the MCP server: ${
            e instanceof SseError ? e.message : "unreadable"
          }`;
          if (p) await this.failPost(p, reason);
          return reason;
        }
        for (const ev of events) {
          if (ev.event !== "message") continue;
          const list = jsonRpc(ev.data);
          if (!list) {
            const reason = "an event from the MCP server that is not a JSON-RPC message";
            if (p) await this.failPost(p, reason);
            return reason;
          }
          if (p?.settled) return null;
          await this.deliver(enc.encode(ev.data.replaceAll("\n", " ") + "\n"), list, p);
        }
      }
    } finally {
      reader.releaseLock();
      await res.body?.cancel().catch(() => {});
    }
    if (p) {
      if (p.owed.size) await this.failPost(p, "the MCP server closed the stream before answering");
      else this.finish(p);
    }
    return null;
  }

  private dropReason(p: Post): string {
    return p.settled ? "stopped" : "the connection to the MCP server dropped before it answered";
  }

  private networkReason(e: unknown): string {
    const err = e as Error & { cause?: Error };
    const text = `${err?.name} ${err?.message} ${err?.cause?.name ?? ""} ${
      err?.cause?.message ?? ""
    }`;
    const where = this.target.origin;
    if (/NotCapable|net access|PermissionDenied/i.test(text)) {
      return `guard has no network permission for ${where} (run it with --allow-net=${this.target.hostPort})`;
    }
    if (/certificate|tls|ssl|handshake/i.test(text)) {
      const m = /(invalid peer certificate: \w+|certificate[\w ]{0,40}|handshake[\w ]{0,40})/i
        .exec(text);
      return `TLS error talking to ${where}${
        m ? ` (${m[1].trim()})` : ""
      }; guard never falls back to http`;
    }
    if (/refused/i.test(text)) return `connection refused by ${where}`;
    if (/dns|lookup|resolve|name or service/i.test(text)) {
      return `cannot resolve ${this.target.hostname}`;
    }
    if (err?.name === "AbortError") return "the request was cancelled";
    return `cannot reach ${where}`;
  }

  /** The optional GET stream of server-initiated messages, reopened (a few times) when it ends. */
  private async openEvents() {
    if (this.eventsOpen || this.closing) return;
    this.eventsOpen = true;
    let failures = 0;
    while (!this.closing && !this.expired) {
      const ac = new AbortController();
      this.events = ac;
      let res: Response;
      try {
        res = await fetch(this.target.href, {
          method: "GET",
          headers: this.headers("text/event-stream", false),
          redirect: "manual",
          signal: ac.signal,
        });
      } catch (e) {
        if (this.closing) return;
        this.log(`guard proxy: ${this.identity}: event stream: ${this.networkReason(e)}`);
        if (++failures >= 3) return;
        await delay(1000 * 2 ** failures, ac.signal);
        continue;
      }
      if (res.status === 405) {
        await res.body?.cancel().catch(() => {});
        return; // the server offers no GET stream
      }
      if (res.status === 404 && this.sessionId !== null) {
        await res.body?.cancel().catch(() => {});
        this.expired = true;
        this.log(`guard proxy: ${this.identity}: ${EXPIRED}`);
        return;
      }
      if (!res.ok || essence(res.headers.get("content-type")) !== "text/event-stream") {
        await res.body?.cancel().catch(() => {});
        this.log(
          `guard proxy: ${this.identity}: no event stream (HTTP ${res.status}, ${
            shown(essence(res.headers.get("content-type")))
          })`,
        );
        return;
      }
      const problem = await this.readEvents(null, res);
      if (this.closing) return;
      if (problem && problem !== "dropped") {
        this.log(`guard proxy: ${this.identity}: event stream closed: ${problem}`);
        return;
      }
      if (++failures >= 3) return;
      await delay(1000 * 2 ** failures, ac.signal);
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const t = new AbortController();
    await Promise.race([Promise.allSettled([...this.active]), delay(CLOSE_GRACE_MS, t.signal)]);
    t.abort();
    for (const p of [...this.posts]) {
      await this.failPost(p, "guard proxy stopped before the MCP server answered");
    }
    this.events?.abort();
    if (this.sessionId !== null && !this.expired) {
      try {
        const res = await fetch(this.target.href, {
          method: "DELETE",
          headers: this.headers("application/json, text/event-stream", false),
          redirect: "manual",
          signal: AbortSignal.timeout(CLOSE_GRACE_MS),
        });
        await res.body?.cancel().catch(() => {});
      } catch { /* the session ends with the server's own timeout */ }
    }
    await this.chain;
    this.resolveDone(0);
  }
}

const EXPIRED =
  "the MCP server ended the session (HTTP 404 for its Mcp-Session-Id); restart the client to start a new one";
