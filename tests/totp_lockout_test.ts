/**
 * TOTP against RFC 6238 Appendix B and RFC 4226 Appendix D, the ±1 window
 * edges, replay rejection, and the escalating lockout with an injected clock.
 */
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import {
  BASE_LOCKOUT_MS,
  formatDuration,
  INITIAL_STATE,
  lockoutDuration,
  MAX_LOCKOUT_MS,
  parseState,
  recordFailure,
  recordSuccess,
  remaining,
} from "../src/auth/lockout.ts";
import { codeAt, newSecret, stepAt, verifyCode } from "../src/auth/totp.ts";

const SEEDS: Record<string, string> = {
  SHA1: "12345678901234567890",
  SHA256: "12345678901234567890123456789012",
  SHA512: "1234567890123456789012345678901234567890123456789012345678901234",
};

/** RFC 6238 Appendix B: [time (s), SHA1, SHA256, SHA512], 8 digits. */
const RFC6238: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

Deno.test("RFC 6238 Appendix B test vectors (SHA-1, SHA-256, SHA-512)", () => {
  for (const [t, ...codes] of RFC6238) {
    (["SHA1", "SHA256", "SHA512"] as const).forEach((alg, i) => {
      const totp = new OTPAuth.TOTP({
        algorithm: alg,
        digits: 8,
        period: 30,
        secret: OTPAuth.Secret.fromLatin1(SEEDS[alg]),
      });
      assert.equal(totp.generate({ timestamp: t * 1000 }), codes[i], `${alg} @ ${t}`);
    });
  }
});

Deno.test("RFC 4226 Appendix D HOTP vectors", () => {
  const expected = [
    "755224",
    "287082",
    "359152",
    "969429",
    "338314",
    "254676",
    "287922",
    "162583",
    "399871",
    "520489",
  ];
  const hotp = new OTPAuth.HOTP({
    algorithm: "SHA1",
    digits: 6,
    secret: OTPAuth.Secret.fromLatin1(SEEDS.SHA1),
  });
  expected.forEach((code, counter) =>
    assert.equal(hotp.generate({ counter }), code, `counter ${counter}`)
  );
});

Deno.test("guard's TOTP: 160-bit secret, ±1 step window, nothing wider", () => {
  const secret = newSecret();
  assert.equal(secret.length, 32); // 20 bytes in base32
  const now = 1_700_000_015_000; // mid-step
  for (
    const [offset, ok] of [[-60, false], [-30, true], [0, true], [30, true], [60, false]] as const
  ) {
    const code = codeAt(secret, now + offset * 1000);
    const v = verifyCode(secret, code, now, -1);
    assert.equal(v.ok, ok, `offset ${offset}s`);
    if (v.ok) assert.equal(v.step, stepAt(now) + offset / 30);
  }
  // edges of a step: the first and last second of the window
  const stepStart = stepAt(now) * 30_000;
  assert.ok(verifyCode(secret, codeAt(secret, stepStart - 30_000), stepStart, -1).ok);
  assert.ok(!verifyCode(secret, codeAt(secret, stepStart - 30_001), stepStart, -1).ok);
  assert.deepEqual(verifyCode(secret, "12345", now, -1), { ok: false, reason: "format" });
  assert.deepEqual(verifyCode(secret, "abcdef", now, -1), { ok: false, reason: "format" });
});

Deno.test("replay: an accepted time step is never accepted again (RFC 6238 §5.2)", () => {
  const secret = newSecret();
  const now = 1_700_000_000_000;
  const code = codeAt(secret, now);
  const first = verifyCode(secret, code, now, -1);
  assert.ok(first.ok);
  const step = first.ok ? first.step : -1;
  assert.deepEqual(verifyCode(secret, code, now, step), { ok: false, reason: "replay" });
  // an older step inside the window is a replay too
  assert.deepEqual(verifyCode(secret, codeAt(secret, now - 30_000), now, step), {
    ok: false,
    reason: "replay",
  });
  // the next step is fine
  assert.ok(verifyCode(secret, codeAt(secret, now + 30_000), now, step).ok);
});

Deno.test("lockout: 3 failures lock for 5 minutes, then doubling, capped at 24 h", () => {
  let s = INITIAL_STATE;
  let now = 0;
  s = recordFailure(s, now);
  s = recordFailure(s, now);
  assert.equal(remaining(s, now), 0);
  s = recordFailure(s, now);
  assert.equal(remaining(s, now), BASE_LOCKOUT_MS);
  assert.equal(remaining(s, now + BASE_LOCKOUT_MS - 1), 1);
  assert.equal(remaining(s, now + BASE_LOCKOUT_MS), 0);
  const durations: number[] = [];
  for (let k = 1; k <= 12; k++) durations.push(lockoutDuration(k));
  assert.deepEqual(durations.slice(0, 4), [5, 10, 20, 40].map((m) => m * 60_000));
  assert.equal(lockoutDuration(10), MAX_LOCKOUT_MS);
  assert.equal(lockoutDuration(50), MAX_LOCKOUT_MS);
  // escalation persists across lockouts, resets on success
  now += BASE_LOCKOUT_MS;
  for (let i = 0; i < 3; i++) s = recordFailure(s, now);
  assert.equal(remaining(s, now), 2 * BASE_LOCKOUT_MS);
  s = recordSuccess(s, 42);
  assert.deepEqual(s, { failures: 0, lockedUntil: 0, lockouts: 0, lastStep: 42 });
  assert.equal(formatDuration(4 * 60_000 + 10_000), "4 min 10 s");
  assert.equal(formatDuration(23 * 3_600_000 + 5 * 60_000), "23 h 5 min");
});

Deno.test("brute force against the lockout stays under 1 % a year", () => {
  // An attacker guesses as fast as the lockout allows, for one year.
  let s = INITIAL_STATE;
  let now = 0;
  let guesses = 0;
  const year = 365 * 24 * 3_600_000;
  while (now < year) {
    const wait = remaining(s, now);
    if (wait > 0) {
      now += wait;
      continue;
    }
    s = recordFailure(s, now);
    guesses++;
    now += 1000;
  }
  const pSuccess = 1 - (1 - 3e-6) ** guesses; // 3 valid codes (±1 window) in 10^6
  assert.ok(guesses < 1200, `${guesses} guesses`);
  assert.ok(pSuccess < 0.01, `p = ${pSuccess}`);
  // a fixed 5-minute lockout would allow ~315,000 guesses (≈ 61 %)
  assert.ok(1 - (1 - 3e-6) ** (year / BASE_LOCKOUT_MS * 3) > 0.5);
});

Deno.test("auth state parsing rejects malformed or negative values", () => {
  assert.deepEqual(parseState({ failures: 1, lockedUntil: 0, lockouts: 0, lastStep: 5 }), {
    failures: 1,
    lockedUntil: 0,
    lockouts: 0,
    lastStep: 5,
  });
  assert.equal(parseState({ failures: -1, lockedUntil: 0, lockouts: 0, lastStep: 5 }), null);
  assert.equal(parseState({ failures: "1", lockedUntil: 0, lockouts: 0, lastStep: 5 }), null);
  assert.equal(parseState(null), null);
});
