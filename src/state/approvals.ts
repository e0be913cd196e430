/**
 * Challenges and approvals on disk.
 *
 * An *ask* writes `challenges/<token>`. `guard approve` authenticates the user
 * and moves it to `approved/<token>` with `expires_at = now + 5 min`. The hook
 * consumes an approval by renaming it to a unique name first — rename is
 * atomic, so when several evaluations race for one approval exactly one wins —
 * then validates it (same token, same exact call, same cwd, not expired) and
 * deletes it. Every file is checked before use: regular file (never a
 * symlink), mode 0600, owned by the user, well-formed, and its token must be
 * the hash of its call (a tampered file is refused, never trusted).
 */
import type { Challenge } from "./challenges.ts";
import { TOKEN_RE } from "./challenges.ts";
import { sha256Hex } from "../core/canonical.ts";
import { checkInfo, ensureSubdir, StateError, writePrivateFile } from "./state_dir.ts";
import { canonicalJson } from "../core/canonical.ts";

export const APPROVAL_TTL_MS = 5 * 60_000;
/** How long a hook pass or a native-ask record lives (src/state/passes.ts). */
export const PASS_TTL_MS = 10 * 60_000;
export const CHALLENGE_TTL_MS = 60 * 60_000;
/** Pruning runs at most this often (a stamp file records the last run). */
export const PRUNE_INTERVAL_MS = 60_000;

export interface Approval extends Challenge {
  approved_at: string;
  expires_at: string;
  method: string;
}

export class ApprovalError extends Error {}

const RISKS = new Set(["low", "medium", "high", "critical"]);

export function challengesDir(stateDir: string): string {
  return `${stateDir}/challenges`;
}

export function approvedDir(stateDir: string): string {
  return `${stateDir}/approved`;
}

function isIso(s: unknown): s is string {
  return typeof s === "string" && !Number.isNaN(Date.parse(s));
}

/** Validates the shape of a challenge object (not its token binding). */
export function parseChallenge(v: unknown): Challenge | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const strs = ["token", "tool", "agent", "call", "cwd", "session", "risk", "warning", "rule"];
  for (const k of strs) if (typeof o[k] !== "string") return null;
  if (!TOKEN_RE.test(o.token as string) || !RISKS.has(o.risk as string) || !isIso(o.created_at)) {
    return null;
  }
  return {
    token: o.token as string,
    tool: o.tool as string,
    agent: o.agent as string,
    call: o.call as string,
    cwd: o.cwd as string,
    session: o.session as string,
    risk: o.risk as string,
    warning: o.warning as string,
    rule: o.rule as string,
    created_at: o.created_at as string,
    ...(o.shape && typeof o.shape === "object" ? { shape: o.shape as Challenge["shape"] } : {}),
    ...(typeof o.workspace === "string" || o.workspace === null
      ? { workspace: o.workspace as string | null }
      : {}),
    ...(typeof o.unrememberable === "string" ? { unrememberable: o.unrememberable } : {}),
  };
}

export function parseApproval(v: unknown): Approval | null {
  const c = parseChallenge(v);
  if (!c) return null;
  const o = v as Record<string, unknown>;
  if (!isIso(o.approved_at) || !isIso(o.expires_at) || typeof o.method !== "string") return null;
  return { ...c, approved_at: o.approved_at, expires_at: o.expires_at, method: o.method };
}

/**
 * Claims `dir/name` for this process alone by renaming it to a unique `<prefix><name>-<uuid>`:
 * rename is atomic, so of racing claimers exactly one wins. Whatever is there that is not a
 * regular file (a symlink, a directory) is removed instead. The caller deletes the claimed file.
 */
export function claimStateFile(
  dir: string,
  name: string,
  prefix: string,
): { path: string } | "none" | "not-a-file" {
  const path = `${dir}/${name}`;
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "none";
    throw e;
  }
  if (info.isSymlink || !info.isFile) {
    try {
      Deno.removeSync(path);
    } catch { /* gone already */ }
    return "not-a-file";
  }
  const claimed = `${dir}/${prefix}${name}-${crypto.randomUUID()}`;
  try {
    Deno.renameSync(path, claimed);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "none"; // another claimer won
    throw e;
  }
  return { path: claimed };
}

/** Reads and checks one state file: regular, private, ours, JSON. */
export function readStateFile(path: string): unknown {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new ApprovalError(`no such challenge`);
    throw e;
  }
  try {
    checkInfo(path, info, false);
  } catch (e) {
    if (e instanceof StateError) throw new ApprovalError(e.message);
    throw e;
  }
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new ApprovalError(
      `${path} is readable by others (mode 0${(info.mode & 0o777).toString(8)})`,
    );
  }
  try {
    return JSON.parse(Deno.readTextFileSync(path));
  } catch {
    throw new ApprovalError(`${path} is not valid JSON`);
  }
}

/** Does the token equal the first 12 hex characters of sha256(call)? */
export async function tokenMatches(token: string, call: string): Promise<boolean> {
  return (await sha256Hex(call)).slice(0, 12) === token;
}

/** Loads a pending challenge for `guard approve`; throws ApprovalError with a clear reason. */
export async function readChallenge(
  stateDir: string,
  token: string,
  now: number,
): Promise<Challenge> {
  if (!TOKEN_RE.test(token)) {
    throw new ApprovalError(`"${token}" is not a challenge token (12 hex characters)`);
  }
  ensureSubdir(challengesDir(stateDir));
  const path = `${challengesDir(stateDir)}/${token}`;
  const raw = readStateFile(path);
  const c = parseChallenge(raw);
  if (!c) throw new ApprovalError(`challenge ${token} is malformed; refusing it`);
  if (c.token !== token || !(await tokenMatches(token, c.call))) {
    throw new ApprovalError(
      `challenge ${token} was tampered with (its token does not match its call); refusing it`,
    );
  }
  if (now - Date.parse(c.created_at) > CHALLENGE_TTL_MS) {
    throw new ApprovalError(
      `challenge ${token} expired (older than 1 hour); retry the call to get a new one`,
    );
  }
  return c;
}

/** Moves an authenticated challenge to approved/ with a 5-minute expiry. */
export function writeApproval(
  stateDir: string,
  c: Challenge,
  method: string,
  now: number,
): Approval {
  ensureSubdir(approvedDir(stateDir));
  const a: Approval = {
    ...c,
    approved_at: new Date(now).toISOString(),
    expires_at: new Date(now + APPROVAL_TTL_MS).toISOString(),
    method,
  };
  writePrivateFile(`${approvedDir(stateDir)}/${c.token}`, canonicalJson(a) + "\n");
  try {
    Deno.removeSync(`${challengesDir(stateDir)}/${c.token}`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return a;
}

export function denyChallenge(stateDir: string, token: string): boolean {
  if (!TOKEN_RE.test(token)) {
    throw new ApprovalError(`"${token}" is not a challenge token (12 hex characters)`);
  }
  ensureSubdir(challengesDir(stateDir));
  const path = `${challengesDir(stateDir)}/${token}`;
  try {
    const info = Deno.lstatSync(path);
    if (!info.isFile && !info.isSymlink) throw new ApprovalError(`${path} is not a file`);
    Deno.removeSync(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** Pending challenges, newest first. Malformed or tampered entries are listed as such. */
export async function listPending(
  stateDir: string,
  now: number,
): Promise<{ pending: Challenge[]; invalid: string[] }> {
  const dir = challengesDir(stateDir);
  ensureSubdir(dir);
  const pending: Challenge[] = [];
  const invalid: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    if (!TOKEN_RE.test(e.name)) continue;
    try {
      pending.push(await readChallenge(stateDir, e.name, now));
    } catch (err) {
      if (err instanceof ApprovalError) invalid.push(`${e.name}: ${err.message}`);
      else throw err;
    }
  }
  pending.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return { pending, invalid };
}

export type Consumption =
  | { status: "none" }
  | { status: "consumed"; approval: Approval }
  | { status: "rejected"; reason: string };

/**
 * Consumes the approval for `token` if there is one that matches this exact
 * call in this cwd and has not expired. Single use and race-free: only the
 * evaluation whose rename succeeds can use it.
 */
export async function consumeApproval(
  stateDir: string,
  token: string,
  call: string,
  cwd: string,
  now: number,
): Promise<Consumption> {
  const dir = approvedDir(stateDir);
  ensureSubdir(dir); // refuses a symlinked, foreign or group/world-writable approved/
  const claim = claimStateFile(dir, token, ".consumed-");
  if (claim === "none") return { status: "none" };
  if (claim === "not-a-file") {
    return { status: "rejected", reason: "the approval file is not a regular file" };
  }
  const claimed = claim.path;
  try {
    let raw: unknown;
    try {
      raw = readStateFile(claimed);
    } catch (e) {
      if (e instanceof ApprovalError) return { status: "rejected", reason: e.message };
      throw e;
    }
    const a = parseApproval(raw);
    if (!a) return { status: "rejected", reason: "the approval file is malformed" };
    if (a.token !== token || a.call !== call || !(await tokenMatches(token, a.call))) {
      return { status: "rejected", reason: "the approval does not match this exact call" };
    }
    if (a.cwd !== cwd) return { status: "rejected", reason: `the approval was for cwd ${a.cwd}` };
    if (Date.parse(a.expires_at) <= now) {
      return { status: "rejected", reason: "the approval expired" };
    }
    if (Date.parse(a.approved_at) > now + 60_000) {
      return { status: "rejected", reason: "the approval is dated in the future" };
    }
    return { status: "consumed", approval: a };
  } finally {
    try {
      Deno.removeSync(claimed);
    } catch { /* already gone */ }
  }
}

export interface PruneResult {
  expiredChallenges: string[];
  expiredApprovals: string[];
}

/**
 * Removes challenges older than an hour, expired approvals, hook passes and
 * native-ask records, and leftovers of interrupted consumptions — at most once a minute, so it never slows
 * evaluations noticeably (one stat of a stamp file otherwise).
 */
export function pruneIfDue(stateDir: string, now: number, force = false): PruneResult | null {
  const stamp = `${stateDir}/.pruned`;
  if (!force) {
    try {
      const mtime = Deno.lstatSync(stamp).mtime?.getTime() ?? 0;
      if (now - mtime < PRUNE_INTERVAL_MS && mtime <= now) return null;
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  Deno.writeTextFileSync(stamp, "", { mode: 0o600 });
  const out: PruneResult = { expiredChallenges: [], expiredApprovals: [] };
  const sweep = (dir: string, maxAge: number, into: string[]) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      throw e;
    }
    for (const e of entries) {
      const p = `${dir}/${e.name}`;
      try {
        const info = Deno.lstatSync(p);
        const age = now - (info.mtime?.getTime() ?? 0);
        const leftover = e.name.startsWith(".consumed-") || e.name.startsWith(".taken-") ||
          e.name.includes(".tmp-");
        if (age > maxAge || (leftover && age > APPROVAL_TTL_MS)) {
          Deno.removeSync(p);
          if (TOKEN_RE.test(e.name)) into.push(e.name);
        }
      } catch { /* raced with another process: fine */ }
    }
  };
  sweep(challengesDir(stateDir), CHALLENGE_TTL_MS, out.expiredChallenges);
  sweep(approvedDir(stateDir), APPROVAL_TTL_MS, out.expiredApprovals);
  // Hook passes and native-ask records (src/state/passes.ts) live as long as a pass.
  sweep(`${stateDir}/passes`, PASS_TTL_MS, []);
  sweep(`${stateDir}/asked`, PASS_TTL_MS, []);
  return out;
}
