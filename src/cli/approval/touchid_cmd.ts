/**
 * `guard touchid setup` (macOS): enrols the Touch ID helper built by
 * `scripts/build_touchid.sh` — creates its Secure Enclave key and stores the
 * public key guard verifies approvals with.
 */
import { denoRunner } from "../../auth/secret_store.ts";
import { enroll, helperPath, keyBlobPath } from "../../auth/touchid.ts";
import { AuthStateError, readEnrolment, writeEnrolment } from "../../auth/auth_state.ts";
import { ensureStateDir, stateDirFor, StateError } from "../../state/state_dir.ts";
import { audit } from "./approve.ts";
import { err, out } from "../io.ts";

export async function runTouchId(args: string[]): Promise<number> {
  if (args[0] !== "setup") {
    err("usage: guard touchid setup");
    return 2;
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard touchid: HOME is not set to an absolute path");
    return 2;
  }
  const stateDir = stateDirFor(home);
  try {
    ensureStateDir(stateDir);
    const helper = helperPath(stateDir);
    let publicKey: string;
    try {
      publicKey = await enroll(helper, keyBlobPath(stateDir), denoRunner);
    } catch (e) {
      const msg = e instanceof Deno.errors.NotFound
        ? `no helper at ${helper}; build it with scripts/build_touchid.sh (macOS)`
        : (e as Error).message;
      err(`guard touchid setup: ${msg}`);
      return 1;
    }
    const enrolment = readEnrolment(stateDir);
    enrolment.touchid = { publicKey, enrolled_at: new Date().toISOString() };
    writeEnrolment(stateDir, enrolment);
    await audit(
      stateDir,
      "touchid.enrolled",
      { tool: "touchid setup" },
      "Secure Enclave key enrolled",
    );
    out(
      "Touch ID enrolled: approvals on this Mac now ask for your fingerprint (use --totp to force TOTP)",
    );
    return 0;
  } catch (e) {
    if (e instanceof StateError || e instanceof AuthStateError) {
      err(`guard touchid: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
