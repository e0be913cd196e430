/**
 * The audit log's long-lived keys, in `~/.aiguard/audit.keys` (0600):
 *  - roots: the first MAC key of each key chain (`from` = the first seq it
 *    covers). The writer only ever holds the *current* key (in `audit.seal`);
 *    a root is what lets `guard audit verify` recompute every key. Export it
 *    and remove it (`guard audit key --export --remove`) and not even the
 *    user's own account can re-key history.
 *  - signers: Ed25519 keys that sign checkpoints (seed and public key).
 * ADR 0010 explains why these are files and not keyring items.
 */
import {
  fromBase64,
  keyHashInput,
  type RootKey,
  type Signer,
  signerName,
  toBase64,
  toHex,
} from "./audit_entry.ts";
import { checkInfo, StateError, writePrivateFile } from "../state/state_dir.ts";

export class AuditError extends Error {}

export interface StoredSigner {
  /** base64 of the 32-byte Ed25519 seed. */
  seed: string;
  /** base64 of the 32-byte public key. */
  pub: string;
  /** First seq after which it signed. */
  since: number;
}

export interface AuditKeys {
  roots: RootKey[];
  signers: StoredSigner[];
  /** Roots removed after export (their `from`), so verify can say so. */
  exported: number[];
}

export function keysPath(stateDir: string): string {
  return `${stateDir}/audit.keys`;
}

function isHex64(s: unknown): s is string {
  return typeof s === "string" && /^[0-9a-f]{64}$/.test(s);
}

export function parseKeys(v: unknown): AuditKeys | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  if (!Array.isArray(o.roots) || !Array.isArray(o.signers)) return null;
  const roots: RootKey[] = [];
  for (const r of o.roots) {
    if (!r || typeof r !== "object") return null;
    const { from, key } = r as Record<string, unknown>;
    if (!Number.isSafeInteger(from) || (from as number) < 0 || !isHex64(key)) return null;
    roots.push({ from: from as number, key });
  }
  const signers: StoredSigner[] = [];
  for (const s of o.signers) {
    if (!s || typeof s !== "object") return null;
    const { seed, pub, since } = s as Record<string, unknown>;
    if (typeof seed !== "string" || typeof pub !== "string" || !Number.isSafeInteger(since)) {
      return null;
    }
    if (fromBase64(seed)?.length !== 32 || fromBase64(pub)?.length !== 32) return null;
    signers.push({ seed, pub, since: since as number });
  }
  const exported = Array.isArray(o.exported) && o.exported.every(Number.isSafeInteger)
    ? o.exported as number[]
    : [];
  return { roots, signers, exported };
}

/** The keys, or null when the file does not exist. Throws AuditError when unusable. */
export function readKeys(stateDir: string): AuditKeys | null {
  const p = keysPath(stateDir);
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(p);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
  try {
    checkInfo(p, info, false);
  } catch (e) {
    if (e instanceof StateError) throw new AuditError(e.message);
    throw e;
  }
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new AuditError(`${p} is readable by others; run: chmod 600 ${p}`);
  }
  let v: unknown;
  try {
    v = JSON.parse(Deno.readTextFileSync(p));
  } catch {
    throw new AuditError(`${p} is not valid JSON`);
  }
  const k = parseKeys(v);
  if (!k) throw new AuditError(`${p} is malformed`);
  return k;
}

export function writeKeys(stateDir: string, k: AuditKeys): void {
  writePrivateFile(keysPath(stateDir), JSON.stringify(k, null, 1) + "\n");
}

export function randomKeyHex(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

const PKCS8_ED25519 = [
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
];

function importSeed(seed: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "pkcs8",
    new Uint8Array([...PKCS8_ED25519, ...seed]),
    { name: "Ed25519" },
    true,
    ["sign"],
  );
}

/** A fresh Ed25519 signer. */
export async function newSigner(since: number): Promise<StoredSigner> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const key = await importSeed(seed);
  const jwk = await crypto.subtle.exportKey("jwk", key);
  const pub = Uint8Array.from(
    atob(jwk.x!.replace(/-/g, "+").replace(/_/g, "/") + "="),
    (c) => c.charCodeAt(0),
  );
  return { seed: toBase64(seed), pub: toBase64(pub), since };
}

export async function sha256Bytes(b: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>));
}

/** Name and key hash of a signer (signed-note conventions). */
export async function signerInfo(s: StoredSigner): Promise<Signer> {
  const pub = fromBase64(s.pub)!;
  const name = signerName(toHex(await sha256Bytes(pub)));
  const keyHash = (await sha256Bytes(keyHashInput(name, pub))).slice(0, 4);
  return { name, keyHash, pub };
}

export async function signText(s: StoredSigner, text: string): Promise<Uint8Array> {
  const key = await importSeed(fromBase64(s.seed)!);
  return new Uint8Array(
    await crypto.subtle.sign("Ed25519", key, new TextEncoder().encode(text)),
  );
}
