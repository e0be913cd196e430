/**
 * The synchronous crypto primitives `guard audit verify` hands to the pure
 * verifier: node:crypto, which hashes an entry in microseconds (WebCrypto's
 * promise per call would dominate a 100,000-entry verification). Loaded only
 * by the audit commands, never by the hook.
 *
 * HMAC-SHA256 is composed from two SHA-256 calls exactly as RFC 2104 defines
 * it, because every entry has a fresh key and `createHmac`'s per-key set-up
 * costs three times the hashing itself here; the tests check it against
 * `createHmac` and the RFC 4231 vectors.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { Buffer } from "node:buffer";
import type { SyncCrypto } from "./audit_verify.ts";

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

const IPAD = new Uint8Array(64);
const OPAD = new Uint8Array(64);

function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  throw new Error("hmac: key is not lower-case hex");
}

/**
 * HMAC-SHA256 (RFC 2104) with a 32-byte key given in hex, as hex. The inner
 * digest crosses to the outer hash as hex text decoded by `update(…, "hex")`:
 * measured fastest in Deno's node:crypto.
 */
export function hmacSha256Hex(keyHex: string, data: string | Uint8Array): string {
  if (keyHex.length !== 64) throw new Error("hmac: key must be 32 bytes");
  for (let i = 0; i < 32; i++) {
    const b = (nibble(keyHex.charCodeAt(2 * i)) << 4) | nibble(keyHex.charCodeAt(2 * i + 1));
    IPAD[i] = b ^ 0x36;
    OPAD[i] = b ^ 0x5c;
  }
  IPAD.fill(0x36, 32);
  OPAD.fill(0x5c, 32);
  const inner = createHash("sha256").update(IPAD).update(data).digest("hex");
  return createHash("sha256").update(OPAD).update(inner, "hex").digest("hex");
}

export function nodeCrypto(): SyncCrypto {
  return {
    sha256Hex: (data) => createHash("sha256").update(data).digest("hex"),
    hmacHex: hmacSha256Hex,
    verifyEd25519: (pub, msg, sig) => {
      try {
        const key = createPublicKey({
          key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(pub)]),
          format: "der",
          type: "spki",
        });
        return verify(null, msg, key, sig);
      } catch {
        return false;
      }
    },
  };
}
