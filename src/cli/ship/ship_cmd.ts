/**
 * `guard audit ship --to <url> [--follow | --once] [--name N] [--encoding json|protobuf]
 * [--ca FILE] [--interval S] [--max-backoff S] [--batch N]`: sends the audit log to a syslog
 * server or an OTLP/HTTP collector, at least once, resuming from a durable cursor
 * (`~/.aiguard/ship/<name>.json`). ADR 0029 holds the guarantees, docs/teams.md the set-up.
 *
 * Permissions: the guard task holds no network. Run as `deno task guard audit ship …`, this
 * command re-launches itself (src/cli/ship/relaunch.ts) with `--allow-net=<host:port>` for the one
 * destination, read and write on the state directory (and read on `--ca FILE`), and no programs.
 * The shipping process refuses to run with a network grant wider than its destination.
 */
import {
  defaultName,
  type Destination,
  NAME_RE,
  type Origin,
  parseDestination,
  type ShipItem,
} from "../../audit/ship/format.ts";
import {
  type Cursor,
  lockCursor,
  LogTail,
  readCursor,
  writeCursor,
} from "../../audit/ship/source.ts";
import { openSink } from "../../audit/ship/transport.ts";
import { appendAudit } from "../../audit/audit_log.ts";
import { userStateDir } from "../../state/state_dir.ts";
import { loadPolicy } from "../../state/policy_file.ts";
import { DEFAULT_AUDIT } from "../../policy/user_policy.ts";
import { taskFlags, userDirectory } from "../flags.ts";
import { canRelaunch, exitWithParent, relaunch, takeChildMark } from "./relaunch.ts";
import { err } from "../io.ts";
import { VERSION } from "../hook_client.ts";
import { createHash } from "node:crypto";

export const SHIP_USAGE =
  `usage: guard audit ship --to <url> [--follow | --once] [--name N] [--encoding protobuf|json]
                        [--ca FILE] [--interval SECONDS] [--max-backoff SECONDS] [--batch N]
  <url>: syslog+tcp://host:port  syslog+tls://host:port  syslog+udp://host:port
         otlp+http://host:port   otlp+https://host:port  (OTLP/HTTP logs, /v1/logs)
  --once (the default) ships what is there and exits; --follow keeps shipping as the log grows`;

class UsageError extends Error {}

interface ShipOptions {
  dest: Destination;
  to: string;
  name: string;
  follow: boolean;
  encoding: "protobuf" | "json";
  ca: string | null;
  intervalMs: number;
  maxBackoffMs: number;
  batch: number;
}

function seconds(v: string | undefined, what: string, min: number, max: number): number {
  const n = Number(v);
  if (v === undefined || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`${what} needs seconds from ${min} to ${max}`);
  }
  return Math.round(n * 1000);
}

function parseArgs(args: string[]): ShipOptions {
  let to: string | null = null;
  let name: string | null = null;
  let follow: boolean | null = null;
  let encoding: "protobuf" | "json" | null = null;
  let ca: string | null = null;
  let intervalMs = 1000;
  let maxBackoffMs = 5_000;
  let batch = 500;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = a.indexOf("=");
    const [flag, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [
      a,
      undefined,
    ];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value\n${SHIP_USAGE}`);
      return v;
    };
    switch (flag) {
      case "--to":
        to = value();
        break;
      case "--name":
        name = value();
        if (!NAME_RE.test(name)) {
          throw new UsageError("--name needs letters, digits, '.', '_' or '-' (at most 100)");
        }
        break;
      case "--follow":
      case "--once":
        if (follow !== null && follow !== (flag === "--follow")) {
          throw new UsageError("--follow and --once exclude each other");
        }
        follow = flag === "--follow";
        break;
      case "--encoding": {
        const v = value();
        if (v !== "json" && v !== "protobuf") {
          throw new UsageError("--encoding is json or protobuf");
        }
        encoding = v;
        break;
      }
      case "--ca":
        ca = value();
        break;
      case "--interval":
        intervalMs = seconds(value(), "--interval", 0.05, 3600);
        break;
      case "--max-backoff":
        maxBackoffMs = seconds(value(), "--max-backoff", 0.1, 3600);
        break;
      case "--batch": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 10_000) {
          throw new UsageError("--batch needs a whole number from 1 to 10000");
        }
        batch = n;
        break;
      }
      default:
        throw new UsageError(`unexpected ${JSON.stringify(a)}\n${SHIP_USAGE}`);
    }
  }
  if (to === null) throw new UsageError(`--to is required\n${SHIP_USAGE}`);
  const dest = parseDestination(to);
  if (typeof dest === "string") throw new UsageError(`--to: ${dest}`);
  if (encoding !== null && dest.kind !== "otlp") {
    throw new UsageError("--encoding applies to otlp+http and otlp+https destinations");
  }
  const tlsish = dest.kind === "otlp" ? dest.secure : dest.transport === "tls";
  if (ca !== null && !tlsish) throw new UsageError("--ca applies to syslog+tls and otlp+https");
  if (ca !== null && !ca.startsWith("/")) {
    // The user's directory: under `deno task` the working directory is guard's checkout.
    const dir = userDirectory();
    if (!dir) throw new UsageError("--ca needs an absolute path");
    ca = `${dir}/${ca}`;
  }
  return {
    dest,
    to,
    name: name ?? defaultName(dest),
    follow: follow ?? false,
    encoding: encoding ?? "protobuf",
    ca,
    intervalMs,
    maxBackoffMs,
    batch,
  };
}

/**
 * The network grant of the shipping process: the destination; for UDP also the ephemeral
 * wildcard port node:dgram binds to send from (binding reaches nothing by itself).
 */
export function netGrant(d: Destination): string {
  if (d.kind === "syslog" && d.transport === "udp") {
    return `${d.hostPort},${d.hostname.includes(":") ? "[::]:0" : "0.0.0.0:0"}`;
  }
  return d.hostPort;
}

/** The arguments without `--ca` (re-added resolved: the re-launched process has another cwd). */
function withoutCa(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--ca") i++;
    else if (!args[i].startsWith("--ca=")) out.push(args[i]);
  }
  return out;
}

function granted(host?: string): boolean {
  return Deno.permissions.querySync(host === undefined ? { name: "net" } : { name: "net", host })
    .state === "granted";
}

/**
 * Why the network grant does not fit the destination, or null: it must reach `host:port` and
 * none of the probes around it (the whole network, the host on another port, loopback under
 * another name, the cloud metadata address, a public host).
 */
export function shipNetProblem(d: Destination): string | null {
  if (!granted(d.hostPort)) return `no network permission for ${d.hostPort}`;
  const probes = [
    undefined,
    `${d.hostname}:${d.port === 65535 ? 1 : d.port + 1}`,
    `${d.hostname === "localhost" ? "127.0.0.1" : "localhost"}:${d.port}`,
    "169.254.169.254:80",
    "example.com:443",
  ];
  for (const p of probes) {
    if (granted(p)) return `the network permission is wider than ${d.hostPort}`;
  }
  return null;
}

function origin(): Origin {
  let host = "localhost";
  try {
    host = Deno.hostname();
  } catch { /* no sys permission */ }
  let user = "";
  for (const v of ["USER", "LOGNAME"]) {
    try {
      user ||= Deno.env.get(v) ?? "";
    } catch { /* not granted */ }
  }
  if (!user) {
    try {
      user = `uid:${Deno.uid()}`;
    } catch {
      user = "-";
    }
  }
  return { host, user, version: VERSION };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Signs the head (a checkpoint entry); a failure is said and shipping goes on unsigned. */
async function signCheckpoint(dir: string): Promise<void> {
  let settings = DEFAULT_AUDIT;
  try {
    settings = (await loadPolicy(dir)).audit;
  } catch { /* the policy is unreadable: checkpoint entries carry no call text anyway */ }
  try {
    await appendAudit(dir, null, {
      forceCheckpoint: true,
      mode: settings.mode,
      rotateBytes: settings.rotateBytes,
    });
  } catch (e) {
    err(`guard audit ship: could not sign a checkpoint: ${(e as Error).message}`);
  }
}

export async function runShip(argsIn: string[]): Promise<number> {
  const { args, child } = takeChildMark(argsIn);
  let o: ShipOptions;
  try {
    o = parseArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`guard audit ship: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const problem = shipNetProblem(o.dest);
  if (problem !== null) {
    if (child || granted(o.dest.hostPort)) {
      err(`guard audit ship: ${problem}: run it with exactly --allow-net=${netGrant(o.dest)}`);
      return 2;
    }
    if (!canRelaunch()) {
      err(
        `guard audit ship: ${problem}; run it from a source checkout (deno task guard audit ship …), ` +
          "which grants the network for this destination alone",
      );
      return 2;
    }
    const home = Deno.env.get("HOME");
    if (!home || !home.startsWith("/")) {
      err("guard audit ship: HOME must be an absolute path");
      return 2;
    }
    return await relaunch(
      taskFlags(home, { net: netGrant(o.dest), read: o.ca ? [o.ca] : [] }),
      ["audit", "ship", ...withoutCa(args), ...(o.ca ? ["--ca", o.ca] : [])],
      // TLS: the system trust store as well as the bundled roots (and --ca).
      { DENO_TLS_CA_STORE: "system,mozilla" },
    );
  }
  if (child) exitWithParent();
  // The shipper starts nothing.
  try {
    Deno.permissions.revokeSync({ name: "run" });
  } catch { /* not granted */ }
  return await ship(o);
}

async function ship(o: ShipOptions): Promise<number> {
  const dir = userStateDir();
  let caCerts: string[] | undefined;
  if (o.ca) {
    try {
      caCerts = [Deno.readTextFileSync(o.ca)];
    } catch (e) {
      err(`guard audit ship: cannot read --ca ${o.ca}: ${(e as Error).message}`);
      return 2;
    }
  }
  const lock = await lockCursor(
    dir,
    o.name,
    () => err(`guard audit ship: waiting for the other shipper of cursor ${o.name} to end`),
  );
  let cursor: Cursor;
  try {
    cursor = readCursor(dir, o.name);
  } catch (e) {
    err(`guard audit ship: ${(e as Error).message}`);
    return 2;
  }
  if (cursor.to !== undefined && cursor.to !== o.dest.url) {
    err(
      `guard audit ship: cursor ${o.name} belongs to ${cursor.to}, not ${o.dest.url}: ` +
        "give this destination its own --name",
    );
    return 2;
  }
  const who = origin();
  const sink = openSink(o.dest, {
    origin: who,
    caCerts,
    encoding: o.encoding,
    procid: String(Deno.pid),
  });
  const tail = new LogTail(dir, cursor, sha256);
  const where = o.dest.url;
  err(
    `guard audit ship: ${o.follow ? "following" : "shipping"} the audit log to ${where} ` +
      `(pid ${Deno.pid}, cursor ${o.name}: ${
        cursor.seq < 0 ? "from the start" : `after seq ${cursor.seq}`
      })`,
  );
  // --once: sign the head first, so the collector can prove everything it receives.
  if (!o.follow && tail.headSeq() >= 0) await signCheckpoint(dir);
  let pending: ShipItem[] = [];
  let shipped = 0;
  let backoff = 250;
  let failures = 0;
  let idleSince = Date.now();
  let lastEvent = "";
  let signedAt = -2;
  try {
    while (true) {
      if (!pending.length) pending = tail.next(o.batch);
      if (!pending.length) {
        const head = tail.headSeq();
        if (head < tail.position.seq && head >= -1) {
          pending = [tail.rewind()];
          continue;
        }
        if (!o.follow) break;
        // Idle after shipping something that is not yet signed: sign it (once per burst).
        if (
          lastEvent !== "audit.checkpoint" && tail.position.seq >= 0 &&
          signedAt !== tail.position.seq && Date.now() - idleSince >= 5 * o.intervalMs
        ) {
          signedAt = tail.position.seq;
          await signCheckpoint(dir);
          continue;
        }
        await sleep(o.intervalMs);
        continue;
      }
      try {
        await sink.send(pending);
      } catch (e) {
        failures++;
        err(
          `guard audit ship: ${where}: ${(e as Error).message}; retrying in ${
            (backoff / 1000).toFixed(1)
          }s`,
        );
        if (!o.follow && failures >= 8) {
          err(`guard audit ship: giving up for now; the next run resumes after seq ${cursor.seq}`);
          return 1;
        }
        await sleep(backoff);
        backoff = Math.min(backoff * 2, o.maxBackoffMs);
        continue;
      }
      failures = 0;
      backoff = 250;
      idleSince = Date.now();
      for (let i = pending.length - 1; i >= 0; i--) {
        const it = pending[i];
        if (it.kind === "entry") {
          cursor = { seq: it.seq, hash: it.hash };
          lastEvent = it.event;
          break;
        }
      }
      // Acknowledged: only now does the cursor move (a kill before this resends the batch).
      writeCursor(dir, o.name, o.dest.url, cursor);
      shipped += pending.filter((it) => it.kind === "entry").length;
      pending = [];
    }
  } finally {
    sink.close();
    lock.close();
  }
  err(
    `guard audit ship: ${shipped} entries shipped to ${where}; acknowledged up to seq ${cursor.seq}`,
  );
  return 0;
}
