/**
 * Hand-overs between guard's two front ends of one MCP call, and the record of native asks.
 *
 * - `passes/<token>`: the hook let an asked MCP call run (approved out of band, covered by a
 *   remembered rule, or asked in the agent's own prompt). The agent then sends the same call
 *   through `guard proxy`, which would ask again; the proxy consumes the pass instead — once,
 *   for the identical canonical call, within its lifetime, and only for a call the proxy itself
 *   judges an ask (a proxy block stays a block).
 * - `asked/<token>`: a native ask is pending in the agent's prompt. The PostToolUse of the call
 *   shows the user let it run; a missing one, that they declined.
 *
 * Files are checked like approvals (regular, private, ours, the token is the hash of the call)
 * and consumed by an atomic rename, so two consumers never both win.
 */
import { canonicalJson } from "../core/canonical.ts";
import {
  ApprovalError,
  claimStateFile,
  PASS_TTL_MS,
  readStateFile,
  tokenMatches,
} from "./approvals.ts";
import { TOKEN_RE } from "./challenges.ts";
import { checkInfo, ensureSubdir, writePrivateFile } from "./state_dir.ts";

/** A pass lives this long: the agent's prompt may wait for its user. */
export { PASS_TTL_MS };

export type PassKind = "passes" | "asked";

export interface Pass {
  token: string;
  call: string;
  /** approval, remembered:<id>, native */
  via: string;
  /** The rule the hook asked with: the proxy takes the pass only for an ask of the same rule. */
  rule: string;
  session: string;
  created_at: string;
  expires_at: string;
}

function dirOf(stateDir: string, kind: PassKind): string {
  return `${stateDir}/${kind}`;
}

export function writePass(
  stateDir: string,
  kind: PassKind,
  p: Omit<Pass, "created_at" | "expires_at">,
  now: number,
): void {
  if (!TOKEN_RE.test(p.token)) throw new Error(`invalid token ${p.token}`);
  const dir = dirOf(stateDir, kind);
  ensureSubdir(dir);
  const full: Pass = {
    ...p,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + PASS_TTL_MS).toISOString(),
  };
  writePrivateFile(`${dir}/${p.token}`, canonicalJson(full) + "\n");
}

/** Takes the pass for this exact call, once; null when there is none (or it is unsound). */
export async function takePass(
  stateDir: string,
  kind: PassKind,
  token: string,
  call: string,
  now: number,
): Promise<Pass | null> {
  if (!TOKEN_RE.test(token)) return null;
  const dir = dirOf(stateDir, kind);
  // Nothing to take where nothing was ever given (no directory created on the way).
  try {
    checkInfo(dir, Deno.lstatSync(dir), true);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
  const claim = claimStateFile(dir, token, ".taken-");
  if (typeof claim === "string") return null;
  try {
    let p: Pass;
    try {
      p = readStateFile(claim.path) as Pass;
    } catch (e) {
      if (e instanceof ApprovalError) return null;
      throw e;
    }
    if (
      !p || typeof p !== "object" || p.token !== token || p.call !== call ||
      typeof p.expires_at !== "string" || typeof p.rule !== "string" ||
      !(await tokenMatches(token, p.call))
    ) return null;
    const exp = Date.parse(p.expires_at);
    if (!(exp > now) || Date.parse(p.created_at) > now + 60_000) return null;
    return p;
  } finally {
    try {
      Deno.removeSync(claim.path);
    } catch { /* gone */ }
  }
}
