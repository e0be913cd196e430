/**
 * `guard audit verify --stream FILE|- --key PUBKEY|FILE`: checks a collector's export of one
 * machine's shipped stream (src/audit/ship/stream_verify.ts). PUBKEY is the verifier key line guard
 * prints (`guard audit checkpoint --export`, the `vkey` line), or a file holding such lines (and
 * `root` lines from `guard audit key --export`, to check the MACs too).
 *
 * Prints `OK: …` (exit 0), or `TAMPERED: …` / `UNPROVEN: …` (exit 1); notes first.
 * guard reads only its own directory: named files outside it are read by a re-launched process
 * granted read on exactly those files (src/cli/ship/relaunch.ts).
 */
import type { RootKey, Signer } from "../../audit/audit_entry.ts";
import { parseBundle, parseVkey } from "../../audit/audit_verify.ts";
import { verifyStream } from "../../audit/ship/stream_verify.ts";
import { nodeCrypto } from "../../audit/sync_crypto.ts";
import { taskFlags, userDirectory } from "../flags.ts";
import { err, out, printable } from "../io.ts";
import { canRelaunch, relaunch, takeChildMark } from "./relaunch.ts";

const USAGE = "usage: guard audit verify --stream FILE|- --key PUBKEY|FILE";

function readStdin(): string {
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const n = Deno.stdin.readSync(buf);
    if (n === null || n === 0) break;
    chunks.push(buf.slice(0, n));
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    all.set(c, o);
    o += c.length;
  }
  return new TextDecoder().decode(all);
}

class NeedRead extends Error {}

function absolute(p: string): string {
  if (p === "-" || p.startsWith("/")) return p;
  const dir = userDirectory();
  return dir ? `${dir}/${p}` : p;
}

function readNamed(path: string): string {
  if (path === "-") return readStdin();
  try {
    return Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      throw new NeedRead(path);
    }
    if (e instanceof Deno.errors.NotFound) throw new Error(`${path}: no such file`);
    throw e;
  }
}

export async function verifyStreamCmd(argsIn: string[]): Promise<number> {
  const { args, child } = takeChildMark(argsIn);
  let stream: string | null = null;
  let key: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--stream") stream = args[++i] ?? null;
    else if (a.startsWith("--stream=")) stream = a.slice(9);
    else if (a === "--key") key = args[++i] ?? null;
    else if (a.startsWith("--key=")) key = a.slice(6);
    else {
      err(`guard audit: unexpected ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    }
  }
  if (!stream || !key) {
    err(`guard audit: --stream and --key are both required\n${USAGE}`);
    return 2;
  }
  // A relative name is the user's: under `deno task` the working directory is guard's checkout.
  stream = absolute(stream);
  const vkey = parseVkey(key.startsWith("vkey ") ? key.slice(5) : key);
  const keyFile = vkey ? null : absolute(key);
  if (stream === "-" && keyFile === "-") {
    err("guard audit: only one of --stream and --key can be read from stdin");
    return 2;
  }
  let text: string;
  let signers: Signer[] = [];
  let roots: RootKey[] = [];
  try {
    if (vkey) signers = [vkey];
    else {
      const b = parseBundle(readNamed(keyFile!));
      if (typeof b === "string") {
        err(`guard audit: --key ${keyFile}: ${b}`);
        return 2;
      }
      signers = b.signers;
      roots = b.roots;
      if (!signers.length) {
        err(`guard audit: --key ${keyFile}: holds no vkey line`);
        return 2;
      }
    }
    text = readNamed(stream);
  } catch (e) {
    if (!(e instanceof NeedRead)) {
      err(`guard audit: ${(e as Error).message}`);
      return 2;
    }
    if (child || !canRelaunch()) {
      err(`guard audit: guard may not read ${e.message}; pass it on stdin: --stream - < FILE`);
      return 2;
    }
    const home = Deno.env.get("HOME") ?? "";
    const abs = (p: string) => p.startsWith("/") ? p : null;
    const files = [stream, keyFile].filter((p): p is string => p !== null && p !== "-");
    if (files.some((p) => abs(p) === null)) {
      err("guard audit: --stream and --key files need absolute paths (or - for stdin)");
      return 2;
    }
    // The paths as resolved here: the re-launched process has another working directory.
    return await relaunch(taskFlags(home, { read: files, write: false }), [
      "audit",
      "verify",
      "--stream",
      stream,
      "--key",
      keyFile ?? key,
    ]);
  }
  const r = verifyStream({ text, signers, roots }, nodeCrypto());
  for (const n of r.notes) out(`note: ${printable(n)}`);
  if (!r.ok) {
    const unproven = r.problem!.startsWith("no signed checkpoint") ||
      r.problem!.startsWith("the export holds no");
    out(
      `${unproven ? "UNPROVEN" : "TAMPERED"}: ${r.line ? `export line ${r.line}: ` : ""}${
        printable(r.problem!)
      }`,
    );
    return 1;
  }
  out(
    `OK: ${r.entries} entries (seq 0..${r.lastSeq}) complete and chained, signed through seq ${r.signedThrough}${
      r.duplicates ? `; ${r.duplicates} duplicate(s) ignored` : ""
    }`,
  );
  return 0;
}
