/**
 * Persistence of the authentication state (failures, lockouts, last accepted
 * TOTP step) and of which store holds each secret. Read-modify-write happens
 * under an exclusive file lock so concurrent `guard approve` processes cannot
 * lose a failure or reuse a time step.
 */
import { type AuthState, INITIAL_STATE, parseState } from "./lockout.ts";
import type { StoreKind } from "./secret_store.ts";
import { checkInfo, StateError, withFileLock, writePrivateFile } from "../state/state_dir.ts";

export class AuthStateError extends Error {}

function statePath(stateDir: string): string {
  return `${stateDir}/auth-state.json`;
}

function readPrivateJson(path: string): unknown | undefined {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
  try {
    checkInfo(path, info, false);
  } catch (e) {
    if (e instanceof StateError) throw new AuthStateError(e.message);
    throw e;
  }
  try {
    return JSON.parse(Deno.readTextFileSync(path));
  } catch {
    throw new AuthStateError(
      `${path} is not valid JSON; refusing to authenticate (remove it to reset)`,
    );
  }
}

export function readAuthState(stateDir: string): AuthState {
  const raw = readPrivateJson(statePath(stateDir));
  if (raw === undefined) return INITIAL_STATE;
  const s = parseState(raw);
  if (!s) {
    throw new AuthStateError(
      `${statePath(stateDir)} is malformed; refusing to authenticate (remove it to reset)`,
    );
  }
  return s;
}

/** Runs `fn` on the current state under an exclusive lock and stores what it returns. */
export function updateAuthState<T>(
  stateDir: string,
  fn: (s: AuthState) => { state: AuthState; result: T },
): T {
  return withFileLock(`${stateDir}/auth.lock`, () => {
    const { state, result } = fn(readAuthState(stateDir));
    writePrivateFile(statePath(stateDir), JSON.stringify(state) + "\n");
    return result;
  });
}

export interface Enrolment {
  totp?: { store: StoreKind; enrolled_at: string };
  touchid?: { publicKey: string; enrolled_at: string };
}

function enrolmentPath(stateDir: string): string {
  return `${stateDir}/enrolment.json`;
}

export function readEnrolment(stateDir: string): Enrolment {
  const raw = readPrivateJson(enrolmentPath(stateDir));
  if (raw === undefined) return {};
  if (!raw || typeof raw !== "object") {
    throw new AuthStateError(`${enrolmentPath(stateDir)} is malformed`);
  }
  return raw as Enrolment;
}

export function writeEnrolment(stateDir: string, e: Enrolment): void {
  writePrivateFile(enrolmentPath(stateDir), JSON.stringify(e, null, 2) + "\n");
}
