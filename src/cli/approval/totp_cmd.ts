/**
 * `guard totp setup`: generate a 160-bit secret, store it (keyring or 0600
 * file), print the otpauth:// URI (and a QR code on a terminal), then confirm
 * one current code — a wrong code discards the secret.
 * `guard totp reset`: authenticate with the old factor, then enrol again.
 */
import encodeQR from "qr";
import { INITIAL_STATE, recordSuccess } from "../../auth/lockout.ts";
import { chooseStore, storeFor } from "../../auth/secret_store.ts";
import { newSecret, totpUri, verifyCode } from "../../auth/totp.ts";
import {
  AuthStateError,
  readEnrolment,
  updateAuthState,
  writeEnrolment,
} from "../../auth/auth_state.ts";
import { ensureStateDir, stateDirFor, StateError } from "../../state/state_dir.ts";
import { audit } from "./approve.ts";
import { authenticateTotp, TOTP_SECRET } from "./auth_flow.ts";
import { err, out, readLine } from "../io.ts";

export async function runTotp(args: string[]): Promise<number> {
  const sub = args[0];
  if (sub !== "setup" && sub !== "reset") {
    err("usage: guard totp setup | guard totp reset");
    return 2;
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard totp: HOME is not set to an absolute path");
    return 2;
  }
  const stateDir = stateDirFor(home);
  try {
    ensureStateDir(stateDir);
    const enrolment = readEnrolment(stateDir);
    if (sub === "setup" && enrolment.totp) {
      err("guard totp: TOTP is already enrolled; use `guard totp reset` to replace it");
      return 1;
    }
    if (sub === "reset") {
      if (!enrolment.totp) {
        err("guard totp: nothing to reset; run `guard totp setup`");
        return 1;
      }
      const auth = await authenticateTotp(
        stateDir,
        enrolment,
        Date.now(),
        (event, detail) => audit(stateDir, event, { tool: "totp reset" }, detail),
        "Current TOTP code (old authenticator): ",
      );
      if (!auth.ok) {
        err(`guard totp reset: not authenticated — ${auth.message}`);
        return 1;
      }
      await storeFor(enrolment.totp.store, stateDir).delete(TOTP_SECRET);
      delete enrolment.totp;
      writeEnrolment(stateDir, enrolment);
      await audit(stateDir, "totp.removed", { tool: "totp reset" }, "old TOTP secret removed");
    }
    return await enrol(stateDir);
  } catch (e) {
    if (e instanceof StateError || e instanceof AuthStateError) {
      err(`guard totp: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

async function enrol(stateDir: string): Promise<number> {
  const secret = newSecret();
  const store = await chooseStore(stateDir, Deno.build.os);
  await store.set(TOTP_SECRET, secret);
  const uri = totpUri(secret, "guard");
  out("Add this to your authenticator app:");
  out(uri);
  if (Deno.stdout.isTerminal()) out(encodeQR(uri, "term"));
  const code = readLine("Enter the current 6-digit code to confirm: ");
  const now = Date.now();
  const v = code === null ? null : verifyCode(secret, code, now, -1);
  if (!v || !v.ok) {
    await store.delete(TOTP_SECRET);
    await audit(stateDir, "totp.enrol-failed", { tool: "totp setup" }, "confirmation code wrong");
    err("guard totp setup: wrong code; the new secret was discarded — run it again");
    return 1;
  }
  const enrolment = readEnrolment(stateDir);
  enrolment.totp = { store: store.kind, enrolled_at: new Date(now).toISOString() };
  writeEnrolment(stateDir, enrolment);
  // The confirmation code's time step may never be used again.
  updateAuthState(
    stateDir,
    (s) => ({
      state: recordSuccess({ ...INITIAL_STATE, lastStep: s.lastStep }, v.step),
      result: null,
    }),
  );
  await audit(stateDir, "totp.enrolled", { tool: "totp setup" }, `secret stored in ${store.kind}`);
  out(
    `TOTP enrolled (secret stored in ${
      store.kind === "file" ? `${stateDir}/${TOTP_SECRET}, mode 0600` : `the ${store.kind}`
    })`,
  );
  return 0;
}
