/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second period, ±1 step window) through
 * the otpauth library, plus replay protection: a time step that was accepted
 * once is never accepted again (RFC 6238 §5.2), so every accepted step must be
 * strictly greater than the last one.
 */
import * as OTPAuth from "otpauth";

export const PERIOD = 30;
export const DIGITS = 6;
export const WINDOW = 1;

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32; // 160 bits
}

function totp(secretB32: string, label = "guard"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: "guard",
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretB32),
  });
}

/** `otpauth://totp/…` for authenticator apps. */
export function totpUri(secretB32: string, label: string): string {
  return totp(secretB32, label).toString();
}

export function codeAt(secretB32: string, nowMs: number): string {
  return totp(secretB32).generate({ timestamp: nowMs });
}

export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD);
}

export type Verdict =
  | { ok: true; step: number }
  | { ok: false; reason: "format" | "mismatch" | "replay" };

/** Checks a code against the ±1 window, rejecting steps at or before `lastStep`. */
export function verifyCode(
  secretB32: string,
  code: string,
  nowMs: number,
  lastStep: number,
): Verdict {
  const c = code.trim();
  if (!/^\d{6}$/.test(c)) return { ok: false, reason: "format" };
  const delta = totp(secretB32).validate({ token: c, timestamp: nowMs, window: WINDOW });
  if (delta === null) return { ok: false, reason: "mismatch" };
  const step = stepAt(nowMs) + delta;
  if (step <= lastStep) return { ok: false, reason: "replay" };
  return { ok: true, step };
}
