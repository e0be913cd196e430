/**
 * Failed-authentication lockout, as a pure state machine with an injected clock.
 *
 * Three failures lock approval for 5 minutes; each further lockout doubles the
 * duration, capped at 24 hours (reached at the 10th lockout, after ≈ 1.8 days).
 * Brute force against a 6-digit code with a ±1 window (3 valid codes in 10^6):
 * ≈ 370 lockouts a year, 3 guesses each → ≈ 1,100 guesses → success
 * probability ≈ 0.34 % a year (a fixed 5-minute lockout allows ≈ 315,000
 * guesses, ≈ 61 %). The escalation level only resets after a success.
 */

export const MAX_FAILURES = 3;
export const BASE_LOCKOUT_MS = 5 * 60_000;
export const MAX_LOCKOUT_MS = 24 * 60 * 60_000;

export interface AuthState {
  /** Failures since the last success or lockout. */
  failures: number;
  /** Epoch ms until which authentication is refused (0 when not locked). */
  lockedUntil: number;
  /** Lockouts since the last success (drives the escalation). */
  lockouts: number;
  /** Last accepted TOTP time step (replay protection). */
  lastStep: number;
}

export const INITIAL_STATE: AuthState = { failures: 0, lockedUntil: 0, lockouts: 0, lastStep: -1 };

export function lockoutDuration(lockouts: number): number {
  if (lockouts <= 0) return 0;
  return Math.min(MAX_LOCKOUT_MS, BASE_LOCKOUT_MS * 2 ** (lockouts - 1));
}

/** Milliseconds of lockout remaining (0 when authentication may be tried). */
export function remaining(s: AuthState, now: number): number {
  return Math.max(0, s.lockedUntil - now);
}

export function recordFailure(s: AuthState, now: number): AuthState {
  const failures = s.failures + 1;
  if (failures < MAX_FAILURES) return { ...s, failures };
  const lockouts = s.lockouts + 1;
  return { ...s, failures: 0, lockouts, lockedUntil: now + lockoutDuration(lockouts) };
}

export function recordSuccess(s: AuthState, step: number): AuthState {
  return { failures: 0, lockedUntil: 0, lockouts: 0, lastStep: Math.max(s.lastStep, step) };
}

/** "4 min 10 s", "23 h 5 min" — for the lockout message. */
export function formatDuration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h} h ${m} min`;
  if (m) return `${m} min ${sec} s`;
  return `${sec} s`;
}

export function parseState(v: unknown): AuthState | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const n = (
    k: string,
  ) => (typeof o[k] === "number" && Number.isFinite(o[k]) ? o[k] as number : null);
  const failures = n("failures"),
    lockedUntil = n("lockedUntil"),
    lockouts = n("lockouts"),
    lastStep = n("lastStep");
  if (failures === null || lockedUntil === null || lockouts === null || lastStep === null) {
    return null;
  }
  if (failures < 0 || lockouts < 0 || lockedUntil < 0) return null;
  return { failures, lockedUntil, lockouts, lastStep };
}
