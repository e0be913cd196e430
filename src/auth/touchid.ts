/**
 * Touch ID approval through a small helper (`scripts/touchid/`), with
 * cryptographic proof instead of trusting the helper's exit code.
 *
 * Protocol (one JSON line on stdout):
 *   guard-touchid enroll --key <path>
 *       → {"ok":true,"publicKey":"<base64 X9.63 P-256 point>"}
 *   guard-touchid sign --key <path> --reason <text>, challenge (base64) on stdin
 *       → {"ok":true,"signature":"<base64 DER ECDSA-SHA256>"}
 *   failure → {"ok":false,"error":"…"} and a non-zero exit
 *
 * The helper keeps a P-256 key in the Secure Enclave whose every use requires
 * biometrics (no password fallback); `<path>` holds the key's enclave-encrypted
 * blob, useless on any other machine. guard stores the public key at enrolment
 * and verifies each signature with WebCrypto over a fresh challenge that binds
 * the token, the hash of the exact call and a random nonce. A replaced or
 * tampered helper cannot make a valid signature, so it cannot fake success.
 */
import type { Runner } from "./secret_store.ts";

export function helperPath(stateDir: string): string {
  return `${stateDir}/bin/guard-touchid`;
}

export function keyBlobPath(stateDir: string): string {
  return `${stateDir}/touchid.key`;
}

function b64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function unb64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** DER `SEQUENCE { INTEGER r, INTEGER s }` → 64-byte r‖s as WebCrypto expects. */
export function derToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> | null {
  let i = 0;
  if (der[i++] !== 0x30) return null;
  let len = der[i++];
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let k = 0; k < n; k++) len = (len << 8) | der[i++];
  }
  if (i + len !== der.length) return null;
  const out = new Uint8Array(64);
  for (let part = 0; part < 2; part++) {
    if (der[i++] !== 0x02) return null;
    let l = der[i++];
    let v = der.subarray(i, i + l);
    i += l;
    while (l > 32 && v[0] === 0) {
      v = v.subarray(1);
      l--;
    }
    if (l > 32) return null;
    out.set(v, part * 32 + (32 - l));
  }
  return i === der.length ? out : null;
}

function parseLine(stdout: string): Record<string, unknown> | null {
  const line = stdout.trim().split("\n").pop() ?? "";
  try {
    const v = JSON.parse(line);
    return v && typeof v === "object" ? v as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

export async function enroll(helper: string, keyPath: string, run: Runner): Promise<string> {
  const r = await run(helper, ["enroll", "--key", keyPath], null);
  const out = parseLine(r.stdout);
  if (r.code !== 0 || !out || out.ok !== true || typeof out.publicKey !== "string") {
    throw new Error(
      `Touch ID enrolment failed: ${
        String(out?.error ?? (r.stderr.trim() || "no answer from helper"))
      }`,
    );
  }
  await importKey(out.publicKey); // must be a valid P-256 point
  return out.publicKey;
}

function importKey(publicKey: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    unb64(publicKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
}

/** The bytes the helper signs for one approval. */
export async function challengeBytes(
  token: string,
  call: string,
  nonce: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const callHash = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(call)),
  );
  return new TextEncoder().encode(`guard-approve-v1\n${token}\n${hex(callHash)}\n${hex(nonce)}\n`);
}

export async function approveWithTouchId(
  helper: string,
  keyPath: string,
  publicKey: string,
  token: string,
  call: string,
  reason: string,
  run: Runner,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const nonce = crypto.getRandomValues(new Uint8Array(32));
  const msg = await challengeBytes(token, call, nonce);
  const r = await run(helper, ["sign", "--key", keyPath, "--reason", reason], b64(msg) + "\n");
  const out = parseLine(r.stdout);
  if (r.code !== 0 || !out || out.ok !== true || typeof out.signature !== "string") {
    return {
      ok: false,
      error: String(out?.error ?? (r.stderr.trim() || "no answer from the Touch ID helper")),
    };
  }
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = unb64(out.signature);
  } catch {
    return { ok: false, error: "the helper returned a malformed signature" };
  }
  const raw = derToRaw(der);
  if (!raw) return { ok: false, error: "the helper returned a malformed signature" };
  const key = await importKey(publicKey);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, raw, msg);
  return valid
    ? { ok: true }
    : { ok: false, error: "the Touch ID signature does not verify (helper replaced?)" };
}
