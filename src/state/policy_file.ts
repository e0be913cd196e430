/**
 * Loads `~/.aiguard/policy.toml` under the managed policy (src/state/managed_file.ts,
 * src/policy/managed_policy.ts). A file that does not parse, holds an unknown key, or an invalid
 * or non-linear regex — the user's or a managed one — raises PolicyError naming the file, line
 * and problem; the caller fails closed.
 */
import {
  type CompiledPolicy,
  compilePolicy,
  EMPTY_POLICY,
  PolicyError,
} from "../policy/user_policy.ts";
import { checkInfo, StateError } from "./state_dir.ts";
import { MANAGED_DIR, readManagedSources } from "./managed_file.ts";
import { late } from "../core/late.ts";

export function policyPath(stateDir: string): string {
  return stateDir + "/policy.toml";
}

/**
 * The policy every decision runs under: the managed layer (from `managedRoot`, the platform's
 * fixed directory in production; tests pass their own) merged with the user's file.
 */
export async function loadPolicy(
  stateDir: string,
  managedRoot: string = MANAGED_DIR,
): Promise<CompiledPolicy> {
  const user = await loadUserPolicy(stateDir);
  const sources = await readManagedSources(managedRoot);
  if (!sources.length) return user.policy;
  const { compileManaged, mergeManaged, presentKeys } = await late<
    typeof import("../policy/managed_policy.ts")
  >("../policy/managed_policy.ts", import.meta.url);
  const ids = sources.some((s) => s.data.secrets !== undefined)
    ? new Set(
      (await late<typeof import("../detect/secrets.ts")>("../detect/secrets.ts", import.meta.url))
        .SECRET_RULES.map((r) => r.id),
    )
    : null;
  return mergeManaged(
    compileManaged(sources, ids),
    user.policy,
    presentKeys(user.data),
    user.text,
  );
}

interface UserPolicy {
  policy: CompiledPolicy;
  data: Record<string, unknown>;
  text: string;
}

const NO_USER_POLICY: UserPolicy = { policy: EMPTY_POLICY, data: {}, text: "" };

/** The user's own `policy.toml`, compiled, with its data and text (for the managed merge). */
export async function loadUserPolicy(stateDir: string): Promise<UserPolicy> {
  const file = policyPath(stateDir);
  // Listing the directory is cheaper than a failing lstat (which builds an exception).
  let present = false;
  try {
    for (const e of Deno.readDirSync(stateDir)) {
      if (e.name === "policy.toml") {
        present = true;
        break;
      }
    }
  } catch (e) {
    // No state directory yet (explain, doctor before the first call): no policy of the user's.
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (!present) return NO_USER_POLICY;
  let text: string;
  try {
    const info = Deno.lstatSync(file);
    try {
      checkInfo(file, info, false);
    } catch (e) {
      if (e instanceof StateError) throw new PolicyError(file, null, e.message);
      throw e;
    }
    const bytes = Deno.readFileSync(file);
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new PolicyError(file, null, "not valid UTF-8");
    }
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return NO_USER_POLICY;
    throw e;
  }
  const { parse } = await late<typeof import("./toml.ts")>("./toml.ts", import.meta.url);
  let data: Record<string, unknown>;
  try {
    data = parse(text) as Record<string, unknown>;
  } catch (e) {
    const err = e as Error & { line?: number };
    const first = err.message.split("\n")[0];
    throw new PolicyError(
      file,
      typeof err.line === "number" ? err.line : null,
      `TOML syntax error: ${first}`,
    );
  }
  // The secret rules are loaded only when the policy configures them.
  const ids = data.secrets === undefined ? null : new Set(
    (await late<typeof import("../detect/secrets.ts")>("../detect/secrets.ts", import.meta.url))
      .SECRET_RULES.map((r) => r.id),
  );
  return { policy: compilePolicy(data, file, text, ids), data, text };
}
