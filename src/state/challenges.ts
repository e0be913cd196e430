/**
 * Challenges: an *ask* writes `~/.aiguard/challenges/<token>` (0600) describing
 * the exact call, so `guard approve <token>` (the approval issue) can show the
 * user what they approve. Token = first 12 hex chars of sha256 of the exact
 * command or canonical tool call: any edit needs a new approval.
 */
import { canonicalJson } from "../core/canonical.ts";
import type { CallShape } from "../shell/call_shape.ts";
import { sha256Hex } from "../core/canonical.ts";
import { ensureSubdir, writePrivateFile } from "./state_dir.ts";

export const TOKEN_RE = /^[0-9a-f]{12}$/;

export async function challengeToken(canonical: string): Promise<string> {
  return (await sha256Hex(canonical)).slice(0, 12);
}

export interface Challenge {
  token: string;
  tool: string;
  agent: string;
  /** The exact command (shell) or canonical tool call (others). */
  call: string;
  cwd: string;
  session: string;
  risk: string;
  warning: string;
  rule: string;
  created_at: string;
  /** What `guard approve --remember` would remember (absent: see `unrememberable`). */
  shape?: CallShape;
  /** The workspace the call was asked in (project-scoped remembering). */
  workspace?: string | null;
  /** Why this ask cannot be remembered. */
  unrememberable?: string;
}

export function writeChallenge(stateDir: string, c: Challenge): string {
  if (!TOKEN_RE.test(c.token)) throw new Error(`invalid token ${c.token}`);
  const dir = stateDir + "/challenges";
  ensureSubdir(dir);
  const path = `${dir}/${c.token}`;
  writePrivateFile(path, canonicalJson(c) + "\n");
  return path;
}
