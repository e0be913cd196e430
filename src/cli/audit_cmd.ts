/**
 * `guard audit verify [PATH|-] [--against FILE|-]`, `guard audit checkpoint
 * --export`, `guard audit key --export [--remove]` — run by the user.
 *
 * verify prints `OK: N entries verified, chain intact` (exit 0) or
 * `TAMPERED: line L: <what>` (exit 1) on the first break; notes (crash
 * repairs, rekeys, unchecked MACs) come first, one per line.
 */
import type { Checkpoint, Signer } from "../audit/audit_entry.ts";
import {
  type Bundle,
  noteSignedBy,
  parseBundle,
  type VerifyInput,
  verifyLog,
} from "../audit/audit_verify.ts";
import { DEFAULT_AUDIT } from "../policy/user_policy.ts";
import { readKeys, signerInfo, writeKeys } from "../audit/audit_keys.ts";
import { appendAudit, checkpointPath, withAuditLock } from "../audit/audit_log.ts";
import { snapshot } from "../audit/audit_read.ts";
import { loadPolicy } from "../state/policy_file.ts";
import { StateError, userStateDir } from "../state/state_dir.ts";
import { err, out, printable } from "./io.ts";
import { nodeCrypto } from "../audit/sync_crypto.ts";

const USAGE = `usage:
  guard audit verify [PATH|-] [--against FILE|-]   check the log (or one segment) end to end
  guard audit checkpoint --export                 sign the current head and print it to keep elsewhere
  guard audit key --export [--remove]             print the MAC root keys (and remove them from disk)
  guard audit ship --to <url> [--follow|--once] [--name N] [--encoding protobuf|json] [--ca FILE]
                                                  send the log to syslog or OTLP/HTTP, at least once
  guard audit verify --stream FILE|- --key PUBKEY|FILE
                                                  check a collector's export for gaps, rewrites, forgeries`;

function readStdinText(): string {
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(64 * 1024);
  let total = 0;
  while (true) {
    const n = Deno.stdin.readSync(buf);
    if (n === null || n === 0) break;
    chunks.push(buf.slice(0, n));
    total += n;
  }
  const all = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    all.set(c, o);
    o += c.length;
  }
  return new TextDecoder().decode(all);
}

/** Reads a file the user named; guard itself may read only ~/.aiguard, so say how to pipe it. */
function readNamed(path: string): string {
  if (path === "-") return readStdinText();
  try {
    return Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      throw new UsageError(
        `guard may read only ~/.aiguard; pass ${path} on stdin instead: ... - < ${path}`,
      );
    }
    if (e instanceof Deno.errors.NotFound) throw new UsageError(`${path}: no such file`);
    throw e;
  }
}

class UsageError extends Error {}

export async function runAudit(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  try {
    switch (sub) {
      case "verify":
        return rest.some((a) => a === "--stream" || a.startsWith("--stream="))
          ? await (await import("./ship/stream_cmd.ts")).verifyStreamCmd(rest)
          : await verifyCmd(rest);
      case "ship":
        return await (await import("./ship/ship_cmd.ts")).runShip(rest);
      case "checkpoint":
        return await checkpointCmd(rest);
      case "key":
        return keyCmd(rest);
      default:
        err(
          sub === undefined
            ? USAGE
            : `guard audit: unknown subcommand ${JSON.stringify(sub)}\n${USAGE}`,
        );
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof StateError) {
      err(`guard audit: ${e.message}`);
      return 2;
    }
    err(`guard audit: ${(e as Error).name}: ${(e as Error).message}`);
    return 2;
  }
}

async function verifyCmd(args: string[]): Promise<number> {
  let path: string | null = null;
  let against: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--against") {
      against = args[++i] ?? null;
      if (against === null) throw new UsageError("--against needs a file (or - for stdin)");
    } else if (a.startsWith("--against=")) against = a.slice(10);
    else if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a}\n${USAGE}`);
    else if (path === null) path = a;
    else throw new UsageError(`unexpected argument ${a}`);
  }
  if (path === "-" && against === "-") {
    throw new UsageError("only one of PATH and --against can be read from stdin");
  }
  const dir = userStateDir();
  const c = nodeCrypto();
  let bundle: Bundle | null = null;
  if (against !== null) {
    const parsed = parseBundle(readNamed(against));
    if (typeof parsed === "string") throw new UsageError(`${against}: ${parsed}`);
    if (!parsed.checkpoints.length && !parsed.roots.length) {
      throw new UsageError(`${against}: holds no checkpoint and no root key`);
    }
    bundle = parsed;
  }

  const keys = readKeys(dir);
  const localSigners: Signer[] = [];
  for (const s of keys?.signers ?? []) localSigners.push(await signerInfo(s));
  const signers = [...localSigners, ...(bundle?.signers ?? [])];
  const input: VerifyInput = {
    segments: [],
    roots: bundle?.roots.length ? bundle.roots : keys?.roots ?? [],
    signers,
    against: bundle?.checkpoints ?? [],
  };
  const notes: string[] = [];
  for (const cp of input.against!) {
    const by = bundle!.signers.length ? bundle!.signers : localSigners;
    if (!noteSignedBy(cp, by, c)) {
      out(`TAMPERED: the exported checkpoint (size ${cp.size}) does not carry a valid signature`);
      return 1;
    }
  }

  if (path !== null) {
    input.segments = [{ name: path === "-" ? "stdin" : path, text: readNamed(path) }];
    input.partial = true;
  } else {
    const snap = await snapshot(dir);
    input.segments = snap.segments;
    if (snap.sealPresent && !snap.seal) {
      notes.push("the seal is unreadable; the next append starts a new key and records it");
    }
    input.seal = snap.seal ? { seq: snap.seal.seq, head: snap.seal.head } : null;
    const hasEntries = snap.segments.some((s) => s.text.length > 0);
    if (hasEntries && !keys && !bundle?.roots.length) {
      out(
        "TAMPERED: line 1: audit.keys is missing, so no MAC or signature can be checked (restore it, or pass exported root keys with --against)",
      );
      return 1;
    }
    if (snap.checkpoint) {
      const b = parseBundle(snap.checkpoint);
      const latest: Checkpoint | undefined = typeof b === "string" ? undefined : b.checkpoints[0];
      if (!latest) {
        out(`TAMPERED: ${checkpointPath(dir)} is not a readable checkpoint`);
        return 1;
      }
      if (!noteSignedBy(latest, localSigners, c)) {
        out(`TAMPERED: the latest checkpoint (${checkpointPath(dir)}) has a bad signature`);
        return 1;
      }
      input.latest = latest;
    }
  }
  if (keys && !keys.roots.length && keys.exported.length && !bundle?.roots.length) {
    notes.push("the root keys were exported and removed; pass them with --against to check MACs");
  }
  const r = verifyLog(input, c);
  const multi = input.segments.length > 1;
  for (const n of [...notes, ...r.notes]) out(`note: ${printable(n)}`);
  if (!r.ok) {
    out(`TAMPERED: line ${r.line}: ${printable(r.problem!)}${multi ? ` (in ${r.file})` : ""}`);
    return 1;
  }
  const proved = input.against!.length
    ? `; contains the exported checkpoint${input.against!.length > 1 ? "s" : ""} (size ${
      input.against!.map((c) => c.size).join(", ")
    })`
    : "";
  out(`OK: ${r.entries} entries verified, chain intact${proved}`);
  return 0;
}

async function auditSettings(dir: string) {
  try {
    return (await loadPolicy(dir)).audit;
  } catch {
    return { ...DEFAULT_AUDIT, mode: "proof" as const };
  }
}

async function checkpointCmd(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0] !== "--export") {
    throw new UsageError(`checkpoint takes --export\n${USAGE}`);
  }
  const dir = userStateDir();
  const settings = await auditSettings(dir);
  await appendAudit(dir, null, {
    forceCheckpoint: true,
    mode: settings.mode,
    rotateBytes: settings.rotateBytes,
  });
  let text: string;
  try {
    text = Deno.readTextFileSync(checkpointPath(dir));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      err("guard audit: nothing has been logged yet, so there is no checkpoint");
      return 1;
    }
    throw e;
  }
  Deno.stdout.writeSync(new TextEncoder().encode(text));
  return 0;
}

function keyCmd(args: string[]): number {
  const flags = new Set(args);
  for (const a of flags) {
    if (a !== "--export" && a !== "--remove") throw new UsageError(`unknown option ${a}\n${USAGE}`);
  }
  if (!flags.has("--export")) throw new UsageError(`key takes --export [--remove]\n${USAGE}`);
  const dir = userStateDir();
  const lines: string[] = [];
  const removed = withAuditLock(dir, () => {
    const keys = readKeys(dir);
    if (!keys || !keys.roots.length) return null;
    for (const r of keys.roots) lines.push(`root ${r.from} ${r.key}`);
    if (flags.has("--remove")) {
      writeKeys(dir, {
        ...keys,
        roots: [],
        exported: [...keys.exported, ...keys.roots.map((r) => r.from)],
      });
    }
    return keys.roots.length;
  });
  if (removed === null) {
    err("guard audit: no root key on disk (nothing logged yet, or already exported and removed)");
    return 1;
  }
  out(lines.join("\n"));
  err(
    flags.has("--remove")
      ? `${removed} root key(s) printed and removed from ${dir}/audit.keys: keep them off this machine; verify with --against`
      : `${removed} root key(s) printed: keep them off this machine (add --remove to take them off disk)`,
  );
  return 0;
}
