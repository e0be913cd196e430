/**
 * Loads `~/.aiguard/policy.toml`. A file that does not parse, holds an unknown
 * key, or an invalid or non-linear regex raises PolicyError naming the file,
 * line and problem; the caller fails closed.
 */
import {
  type CompiledPolicy,
  compilePolicy,
  EMPTY_POLICY,
  PolicyError,
} from "../policy/user_policy.ts";
import { checkInfo, StateError } from "./state_dir.ts";

export function policyPath(stateDir: string): string {
  return stateDir + "/policy.toml";
}

export async function loadPolicy(stateDir: string): Promise<CompiledPolicy> {
  const file = policyPath(stateDir);
  // Listing the directory is cheaper than a failing lstat (which builds an exception).
  let present = false;
  for (const e of Deno.readDirSync(stateDir)) {
    if (e.name === "policy.toml") {
      present = true;
      break;
    }
  }
  if (!present) return EMPTY_POLICY;
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
    if (e instanceof Deno.errors.NotFound) return EMPTY_POLICY;
    throw e;
  }
  const { parse } = await import("smol-toml");
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
  const ids = data.secrets === undefined
    ? null
    : new Set((await import("../detect/secrets.ts")).SECRET_RULES.map((r) => r.id));
  return compilePolicy(data, file, text, ids);
}
