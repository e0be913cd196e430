/**
 * What `guard audit ship` puts on the wire, as pure functions (no I/O): the destination URL, RFC
 * 5424 syslog messages (octet-counted framing for TCP and TLS, RFC 6587 / RFC 5425), and OTLP/HTTP
 * logs requests in the OTLP JSON mapping or protobuf (the few messages of the official logs.proto,
 * encoded by hand). ADR 0029 records the guarantees; docs/teams.md the set-up.
 *
 * Each audit entry travels as its exact line from the log (canonical JSON), so a collector's copy
 * can be re-hashed and checked against the chain (`guard audit verify --stream`). Reports of the
 * shipper itself (a gap or a rewritten entry it found in the local log) travel as ship events:
 * JSON objects with `"guard_ship": 1`, never as chain entries.
 */

export type Destination =
  | {
    kind: "syslog";
    transport: "tcp" | "tls" | "udp";
    hostname: string;
    port: number;
    /** `host:port` as `--allow-net` names it. */
    hostPort: string;
    url: string;
  }
  | {
    kind: "otlp";
    secure: boolean;
    hostname: string;
    port: number;
    hostPort: string;
    /** The logs endpoint: http(s)://host:port/v1/logs (or the path given). */
    endpoint: string;
    url: string;
  };

const DEFAULT_PORTS: Record<string, number> = {
  "syslog+tcp:": 514,
  "syslog+udp:": 514,
  "syslog+tls:": 6514,
  "otlp+http:": 4318,
  "otlp+https:": 4318,
};

/** Parses `--to`; a string is the reason it is refused. */
export function parseDestination(raw: string): Destination | string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `not a URL: ${JSON.stringify(raw)}`;
  }
  const scheme = u.protocol;
  if (!(scheme in DEFAULT_PORTS)) {
    return `unsupported scheme ${JSON.stringify(scheme.slice(0, -1))}: use syslog+tcp, ` +
      "syslog+tls, syslog+udp, otlp+http or otlp+https";
  }
  if (!u.hostname) return "the destination needs a host";
  if (u.username || u.password) return "credentials in the destination URL are not supported";
  if (u.search || u.hash) return "the destination URL takes no query or fragment";
  const port = u.port ? Number(u.port) : DEFAULT_PORTS[scheme];
  // URL keeps the brackets of an IPv6 literal in hostname; --allow-net and connect want them too.
  const hostname = u.hostname;
  const hostPort = `${hostname}:${port}`;
  if (scheme.startsWith("syslog+")) {
    if (u.pathname && u.pathname !== "/") return "a syslog destination takes no path";
    const transport = scheme.slice(7, -1) as "tcp" | "tls" | "udp";
    return {
      kind: "syslog",
      transport,
      hostname: hostname.replace(/^\[|\]$/g, ""),
      port,
      hostPort,
      url: `${scheme}//${hostPort}`,
    };
  }
  const secure = scheme === "otlp+https:";
  const path = u.pathname && u.pathname !== "/" ? u.pathname : "/v1/logs";
  return {
    kind: "otlp",
    secure,
    hostname: hostname.replace(/^\[|\]$/g, ""),
    port,
    hostPort,
    endpoint: `${secure ? "https" : "http"}://${hostPort}${path}`,
    url: `${scheme}//${hostPort}${path === "/v1/logs" ? "" : path}`,
  };
}

/** A cursor name derived from the destination: `syslog-tcp-127.0.0.1-5514`. */
export function defaultName(d: Destination): string {
  const kind = d.kind === "syslog"
    ? `syslog-${d.transport}`
    : d.secure
    ? "otlp-https"
    : "otlp-http";
  return `${kind}-${d.hostname}-${d.port}`.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 100);
}

export const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

// ── What is shipped ────────────────────────────────────────────────────────

/** One audit entry as read from the log: its exact line and the fields the wire repeats. */
export interface ShipEntry {
  kind: "entry";
  seq: number;
  hash: string;
  prev_hash: string;
  /** The line of the log, without its newline (canonical JSON). */
  line: string;
  time: string;
  action: string;
  rule: string;
  event: string;
}

/** Something the shipper found in the local log and reports (never a chain entry). */
export interface ShipEvent {
  kind: "event";
  /** ship.gap, ship.rewrite, ship.chain_break, ship.edited, ship.unreadable, ship.rewind. */
  event: string;
  time: string;
  detail: string;
  /** The seq range concerned (inclusive). */
  from: number;
  to: number;
}

export type ShipItem = ShipEntry | ShipEvent;

/** Where the stream comes from: the machine and the account. */
export interface Origin {
  host: string;
  user: string;
  /** guard's version (OTLP scope version). */
  version: string;
}

/** The JSON text of a ship event (what a collector stores as the message / body). */
export function eventJson(ev: ShipEvent, o: Origin): string {
  return JSON.stringify({
    guard_ship: 1,
    event: ev.event,
    time: ev.time,
    from: ev.from,
    to: ev.to,
    detail: ev.detail,
    host: o.host,
    user: o.user,
  });
}

/** The message body of an item: the entry's line, or the event's JSON. */
export function itemBody(it: ShipItem, o: Origin): string {
  return it.kind === "entry" ? it.line : eventJson(it, o);
}

// ── Syslog (RFC 5424) ──────────────────────────────────────────────────────

/** Private enterprise number 32473 is the one RFC 5612 reserves for documentation and examples. */
export const SD_ID = "guard@32473";
const FACILITY_AUTHPRIV = 10;

/** RFC 5424 severity: warning for blocks, asks and the shipper's own reports, info otherwise. */
export function severity(it: ShipItem): number {
  if (it.kind === "event") return 4;
  if (it.event.startsWith("audit.") && it.event !== "audit.checkpoint") return 4;
  return it.action === "block" || it.action === "ask" ? 4 : 6;
}

function sdValue(s: string): string {
  return s.replace(/[\\"\]]/g, (c) => `\\${c}`);
}

/** PRINTUSASCII 1-255 chars, or the nil value. */
function header(s: string, max: number): string {
  const clean = s.replace(/[^\x21-\x7e]/g, "_").slice(0, max);
  return clean || "-";
}

/** One RFC 5424 message (no framing). */
export function syslogMessage(it: ShipItem, o: Origin, procid: string): string {
  const pri = FACILITY_AUTHPRIV * 8 + severity(it);
  const time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)$/.test(it.time)
    ? it.time
    : "-";
  const msgid = it.kind === "entry" ? (it.event === "PreToolUse" ? "audit" : it.event) : it.event;
  const params = it.kind === "entry"
    ? [
      ["seq", String(it.seq)],
      ["hash", it.hash],
      ["prev_hash", it.prev_hash],
      ["action", it.action],
      ["rule", it.rule],
      ["user", o.user],
    ]
    : [["event", it.event], ["from", String(it.from)], ["to", String(it.to)], ["user", o.user]];
  const sd = `[${SD_ID} ${params.map(([k, v]) => `${k}="${sdValue(v)}"`).join(" ")}]`;
  return `<${pri}>1 ${time} ${header(o.host, 255)} guard ${header(procid, 128)} ${
    header(msgid, 32)
  } ${sd} ${itemBody(it, o)}`;
}

const enc = new TextEncoder();

/** Octet-counted framing (RFC 6587 3.4.1, RFC 5425 4.3): `MSG-LEN SP SYSLOG-MSG`. */
export function octetFrame(msg: string): Uint8Array {
  const body = enc.encode(msg);
  const head = enc.encode(`${body.length} `);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

// ── OTLP logs ──────────────────────────────────────────────────────────────

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
interface KeyValue {
  key: string;
  value: AnyValue;
}

/** OTLP severity numbers: INFO = 9, WARN = 13. */
function otlpSeverity(it: ShipItem): { number: number; text: string } {
  return severity(it) === 4 ? { number: 13, text: "WARN" } : { number: 9, text: "INFO" };
}

function str(key: string, v: string): KeyValue {
  return { key, value: { stringValue: v } };
}
function int(key: string, v: number): KeyValue {
  return { key, value: { intValue: String(v) } };
}

function nanos(iso: string, fallbackMs: number): string {
  const ms = Date.parse(iso);
  return `${Number.isFinite(ms) ? ms : fallbackMs}000000`;
}

/** The attributes of one log record. */
export function recordAttributes(it: ShipItem, o: Origin): KeyValue[] {
  const common = [str("host.name", o.host), str("user.name", o.user)];
  if (it.kind === "event") {
    return [
      str("guard.event", it.event),
      int("guard.from", it.from),
      int("guard.to", it.to),
      ...common,
    ];
  }
  return [
    int("guard.seq", it.seq),
    str("guard.hash", it.hash),
    str("guard.prev_hash", it.prev_hash),
    str("guard.rule", it.rule),
    str("guard.action", it.action),
    str("guard.event", it.event),
    ...common,
  ];
}

/** An ExportLogsServiceRequest in the OTLP JSON mapping (64-bit integers as decimal strings). */
export function otlpRequest(items: ShipItem[], o: Origin, nowMs: number) {
  return {
    resourceLogs: [{
      resource: {
        attributes: [
          str("service.name", "guard"),
          str("host.name", o.host),
          str("user.name", o.user),
        ],
      },
      scopeLogs: [{
        scope: { name: "guard.audit", version: o.version },
        logRecords: items.map((it) => {
          const sev = otlpSeverity(it);
          return {
            timeUnixNano: nanos(it.time, nowMs),
            observedTimeUnixNano: `${nowMs}000000`,
            severityNumber: sev.number,
            severityText: sev.text,
            eventName: it.kind === "entry" ? `guard.${it.event}` : `guard.${it.event}`,
            body: { stringValue: itemBody(it, o) },
            attributes: recordAttributes(it, o),
          };
        }),
      }],
    }],
  };
}

/** Minimal protobuf writer: varints, length-delimited fields, fixed64. */
class Pb {
  private parts: Uint8Array[] = [];
  private n = 0;
  private push(b: Uint8Array) {
    this.parts.push(b);
    this.n += b.length;
  }
  private varint(v: bigint) {
    const out: number[] = [];
    let x = BigInt.asUintN(64, v);
    while (x >= 0x80n) {
      out.push(Number(x & 0x7fn) | 0x80);
      x >>= 7n;
    }
    out.push(Number(x));
    this.push(new Uint8Array(out));
  }
  private tag(field: number, wire: number) {
    this.varint(BigInt((field << 3) | wire));
  }
  uint(field: number, v: number | bigint) {
    this.tag(field, 0);
    this.varint(BigInt(v));
  }
  bytes(field: number, b: Uint8Array) {
    this.tag(field, 2);
    this.varint(BigInt(b.length));
    this.push(b);
  }
  string(field: number, s: string) {
    this.bytes(field, enc.encode(s));
  }
  message(field: number, m: Pb) {
    this.bytes(field, m.finish());
  }
  fixed64(field: number, v: bigint) {
    this.tag(field, 1);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, v), true);
    this.push(b);
  }
  finish(): Uint8Array {
    const out = new Uint8Array(this.n);
    let o = 0;
    for (const p of this.parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
}

function pbAnyValue(v: AnyValue): Pb {
  const m = new Pb();
  // AnyValue: string_value = 1, bool_value = 2, int_value = 3
  if ("stringValue" in v) m.string(1, v.stringValue);
  else if ("boolValue" in v) m.uint(2, v.boolValue ? 1 : 0);
  else m.uint(3, BigInt(v.intValue));
  return m;
}

function pbKeyValue(kv: KeyValue): Pb {
  // KeyValue: key = 1, value = 2
  const m = new Pb();
  m.string(1, kv.key);
  m.message(2, pbAnyValue(kv.value));
  return m;
}

/**
 * The same request in protobuf, field numbers from opentelemetry/proto/logs/v1/logs.proto,
 * common/v1/common.proto, resource/v1/resource.proto and collector/logs/v1/logs_service.proto.
 */
export function otlpProtobuf(req: ReturnType<typeof otlpRequest>): Uint8Array {
  const top = new Pb();
  for (const rl of req.resourceLogs) {
    const rlm = new Pb();
    const res = new Pb(); // Resource: attributes = 1
    for (const a of rl.resource.attributes) res.message(1, pbKeyValue(a));
    rlm.message(1, res); // ResourceLogs: resource = 1
    for (const sl of rl.scopeLogs) {
      const slm = new Pb();
      const scope = new Pb(); // InstrumentationScope: name = 1, version = 2
      scope.string(1, sl.scope.name);
      scope.string(2, sl.scope.version);
      slm.message(1, scope); // ScopeLogs: scope = 1
      for (const r of sl.logRecords) {
        const lr = new Pb();
        lr.fixed64(1, BigInt(r.timeUnixNano)); // time_unix_nano
        lr.uint(2, r.severityNumber); // severity_number
        lr.string(3, r.severityText); // severity_text
        lr.message(5, pbAnyValue(r.body)); // body
        for (const a of r.attributes) lr.message(6, pbKeyValue(a)); // attributes
        lr.fixed64(11, BigInt(r.observedTimeUnixNano)); // observed_time_unix_nano
        lr.string(12, r.eventName); // event_name
        slm.message(2, lr); // ScopeLogs: log_records = 2
      }
      rlm.message(2, slm); // ResourceLogs: scope_logs = 2
    }
    top.message(1, rlm); // ExportLogsServiceRequest: resource_logs = 1
  }
  return top.finish();
}
