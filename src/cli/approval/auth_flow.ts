/**
 * Authenticating the user with TOTP: lockout check (with the time remaining),
 * reading the code, verification with replay protection, and the state update
 * — all failures and lockouts audited.
 */
import { formatDuration, recordFailure, recordSuccess, remaining } from "../../auth/lockout.ts";
import { storeFor } from "../../auth/secret_store.ts";
import { verifyCode } from "../../auth/totp.ts";
import {
  type Enrolment,
  readAuthState,
  readEnrolment,
  updateAuthState,
} from "../../auth/auth_state.ts";
import { readLine } from "../io.ts";

export const TOTP_SECRET = "totp-secret";

export type AuditFn = (event: string, detail: string) => Promise<void>;

export async function authenticateTotp(
  stateDir: string,
  enrolment: Enrolment,
  now: number,
  audit: AuditFn,
  prompt = "TOTP code: ",
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!enrolment.totp) return { ok: false, message: "no TOTP enrolled; run: guard totp setup" };
  const before = readAuthState(stateDir);
  const wait = remaining(before, now);
  if (wait > 0) {
    await audit("approval.locked-out", `locked for ${formatDuration(wait)}`);
    return {
      ok: false,
      message: `too many failed codes: locked for another ${formatDuration(wait)}`,
    };
  }
  const secret = await storeFor(enrolment.totp.store, stateDir).get(TOTP_SECRET);
  if (!secret) {
    return {
      ok: false,
      message:
        `the TOTP secret is missing from the ${enrolment.totp.store} store; run: guard totp setup`,
    };
  }
  const code = readLine(prompt);
  if (code === null) return { ok: false, message: "no code given" };
  const at = Date.now();
  type Result = { ok: true } | { ok: false; message: string; locked: boolean };
  const result = updateAuthState<Result>(stateDir, (s) => {
    const left = remaining(s, at);
    if (left > 0) {
      return {
        state: s,
        result: { ok: false, message: `locked for another ${formatDuration(left)}`, locked: true },
      };
    }
    const v = verifyCode(secret, code, at, s.lastStep);
    if (v.ok) return { state: recordSuccess(s, v.step), result: { ok: true } };
    const next = recordFailure(s, at);
    const why = v.reason === "replay"
      ? "that code was already used"
      : v.reason === "format"
      ? "a code is 6 digits"
      : "wrong code";
    const lockedNow = next.lockedUntil > at;
    return {
      state: next,
      result: {
        ok: false,
        message: lockedNow
          ? `${why}; too many failures: locked for ${formatDuration(next.lockedUntil - at)}`
          : `${why} (${3 - next.failures} attempt${
            3 - next.failures === 1 ? "" : "s"
          } left before a lockout)`,
        locked: lockedNow,
      },
    };
  });
  if (!result.ok) {
    await audit("approval.auth-failed", result.message);
    if (result.locked) await audit("approval.locked-out", result.message);
  }
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export type FactorResult = { ok: true; method: "totp" | "touchid" } | {
  ok: false;
  message: string;
};

/** What the second factor is asked for: Touch ID signs `token` and `text` and shows `reason`. */
export interface FactorSubject {
  token: string;
  text: string;
  reason: string;
}

/**
 * The second factor as `guard approve`, `guard watch` and `guard suggest --apply` ask it: Touch
 * ID on macOS where it is enrolled (or when `method` forces it), a TOTP code otherwise (with its
 * lockout and replay rules). Failures are audited through `audit`. `aroundCode` wraps the
 * reading of the code (guard watch leaves raw mode for it).
 */
export async function secondFactor(
  stateDir: string,
  subject: FactorSubject,
  audit: AuditFn,
  opts: {
    method?: "auto" | "totp" | "touchid";
    prompt?: string;
    beforeTouchId?: () => void;
    aroundCode?: <T>(read: () => Promise<T>) => Promise<T>;
  } = {},
): Promise<FactorResult> {
  const method = opts.method ?? "auto";
  const enrolment = readEnrolment(stateDir);
  const touchId = method === "touchid" ||
    (method === "auto" && Deno.build.os === "darwin" && enrolment.touchid !== undefined);
  if (touchId) {
    if (!enrolment.touchid) {
      return {
        ok: false,
        message: "Touch ID is not enrolled (run: guard touchid setup) — or use --totp",
      };
    }
    opts.beforeTouchId?.();
    const { approveWithTouchId, helperPath, keyBlobPath } = await import("../../auth/touchid.ts");
    const { denoRunner } = await import("../../auth/secret_store.ts");
    const r = await approveWithTouchId(
      helperPath(stateDir),
      keyBlobPath(stateDir),
      enrolment.touchid.publicKey,
      subject.token,
      subject.text,
      subject.reason,
      denoRunner,
    );
    if (!r.ok) {
      await audit("approval.auth-failed", `touchid: ${r.error}`);
      return { ok: false, message: r.error };
    }
    return { ok: true, method: "touchid" };
  }
  const read = () => authenticateTotp(stateDir, enrolment, Date.now(), audit, opts.prompt);
  const auth = await (opts.aroundCode ? opts.aroundCode(read) : read());
  return auth.ok ? { ok: true, method: "totp" } : { ok: false, message: auth.message };
}
