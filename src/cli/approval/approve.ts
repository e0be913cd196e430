/**
 * `guard approve <token> [--totp | --touchid]`, `guard deny <token>`,
 * `guard pending [--json]` — run by the user in their own terminal.
 *
 * approve shows exactly what is being approved, authenticates (Touch ID on
 * macOS when enrolled, TOTP otherwise), and turns the challenge into a
 * single-use approval valid for 5 minutes. Every step is audited.
 */
import { secondFactor } from "./auth_flow.ts";
import { err, out, printable } from "../io.ts";
import { appendAudit } from "../../audit/audit_log.ts";
import { DEFAULT_AUDIT, type DetectorSettings, withinCap } from "../../policy/user_policy.ts";
import { loadPolicy } from "../../state/policy_file.ts";
import {
  APPROVAL_TTL_MS,
  ApprovalError,
  denyChallenge,
  listPending,
  pruneIfDue,
  readChallenge,
  writeApproval,
} from "../../state/approvals.ts";
import { AuthStateError } from "../../auth/auth_state.ts";
import type { Challenge } from "../../state/challenges.ts";
import { StateError, userStateDir } from "../../state/state_dir.ts";
import {
  describeShape,
  makeRemembered,
  parseShape,
  REMEMBER_SCOPES,
  type RememberedRule,
  type RememberScope,
} from "../../policy/remembered.ts";
import { addRemembered } from "../../state/remembered.ts";

export async function audit(
  stateDir: string,
  event: string,
  c: Partial<Challenge>,
  detail: string,
): Promise<void> {
  try {
    let settings = DEFAULT_AUDIT;
    let detectors: DetectorSettings | undefined;
    try {
      const policy = await loadPolicy(stateDir);
      settings = policy.audit;
      detectors = policy.detectors;
    } catch {
      settings = { ...DEFAULT_AUDIT, mode: "proof" }; // unreadable policy: the most private mode
    }
    await appendAudit(stateDir, {
      time: new Date().toISOString(),
      source: "cli",
      session: c.session ?? "",
      tool: c.tool ?? "",
      call: c.call ?? "",
      decision: {
        action: event.split(".").pop()!,
        risk: c.risk ?? "",
        rule: c.rule ?? "",
        warning: detail,
      },
      token: c.token,
      event,
    }, { mode: settings.mode, rotateBytes: settings.rotateBytes, detectors });
  } catch (e) {
    // The outcome stands (the hook logs the approval's use, failing closed if it cannot).
    err(`guard: warning: could not write the audit log: ${(e as Error).message}`);
  }
}

function describe(c: Challenge): string[] {
  return [
    `Approve this ${c.tool} call? (token ${c.token})`,
    "",
    `  ${c.tool === "Bash" || c.tool === "Shell" ? "command" : "call"}: ${printable(c.call)}`,
    `  cwd:     ${printable(c.cwd)}`,
    `  agent:   ${c.agent}   session: ${printable(c.session)}`,
    `  risk:    ${c.risk}   rule: ${c.rule}`,
    `  warning: ${printable(c.warning)}`,
    `  asked:   ${c.created_at}`,
    "",
  ];
}

const USAGE =
  "usage: guard approve <token> [--totp | --touchid] [--remember session|project|always]";

export async function runApprove(args: string[]): Promise<number> {
  let token: string | null = null;
  let method: "auto" | "totp" | "touchid" = "auto";
  let remember: RememberScope | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--totp") method = "totp";
    else if (a === "--touchid") method = "touchid";
    else if (a === "--remember" || a.startsWith("--remember=")) {
      const v = a === "--remember" ? args[++i] : a.slice(11);
      if (!REMEMBER_SCOPES.includes(v as RememberScope)) {
        err(`guard approve: --remember needs session, project or always\n${USAGE}`);
        return 2;
      }
      remember = v as RememberScope;
    } else if (a.startsWith("-")) {
      err(`guard approve: unknown option ${a}`);
      return 2;
    } else if (token === null) token = a;
    else {
      err(USAGE);
      return 2;
    }
  }
  if (token === null) {
    err(USAGE);
    return 2;
  }
  let stateDir: string;
  try {
    stateDir = userStateDir();
  } catch (e) {
    err(`guard approve: ${(e as Error).message}`);
    return 2;
  }
  const now = Date.now();
  pruneIfDue(stateDir, now);
  let c: Challenge;
  try {
    c = await readChallenge(stateDir, token, now);
  } catch (e) {
    if (e instanceof ApprovalError || e instanceof StateError) {
      await audit(stateDir, "approval.refused", { token }, (e as Error).message);
      err(
        `guard approve: ${
          e.message === "no such challenge" ? `no pending challenge ${token}` : e.message
        }`,
      );
      return 1;
    }
    throw e;
  }
  for (const line of describe(c)) out(line);
  // Refused before the second factor is asked: nothing is approved when the rule cannot be made.
  if (remember !== null) {
    const why = unrememberable(c) ??
      (remember === "session" && !c.session
        ? "the call has no session id (use project or always)"
        : remember === "project" && !c.workspace
        ? "the call has no workspace (use session or always)"
        : null);
    if (why) {
      err(`guard approve: cannot remember this call: ${why} (approve it without --remember)`);
      return 1;
    }
    out(`  remember: calls of this shape, ${remember} scope: ${describeShape(c.shape!)}`);
    out("");
  }
  try {
    const f = await secondFactor(
      stateDir,
      { token: c.token, text: c.call, reason: `approve ${c.token}: ${c.call.slice(0, 120)}` },
      (event, detail) => audit(stateDir, event, c, detail),
      { method },
    );
    if (!f.ok) {
      err(`guard approve: not approved — ${f.message}`);
      return 1;
    }
    return await finish(stateDir, c, f.method, remember);
  } catch (e) {
    if (e instanceof AuthStateError) {
      err(`guard approve: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** Why a challenge cannot be remembered, or null. */
export function unrememberable(c: Challenge): string | null {
  if (c.risk === "critical") return "critical risk is never remembered";
  if (c.unrememberable) return c.unrememberable;
  if (!c.shape) return "the ask recorded no shape (it was made by an older guard)";
  try {
    parseShape(c.shape);
  } catch (e) {
    return (e as Error).message;
  }
  return null;
}

/**
 * Remembers an approved challenge as the narrowest rule covering it; returns the rule (or why
 * not). Shared with `guard watch` and `guard suggest --apply`.
 */
export async function rememberChallenge(
  stateDir: string,
  c: Challenge,
  scope: RememberScope,
  method: string,
  /** The managed policy directory: tests only (production reads the platform's fixed one). */
  managedRoot?: string,
): Promise<RememberedRule | { refused: string }> {
  const why = unrememberable(c);
  if (why) return { refused: why };
  // `[managed] remember` caps the scope (a policy that does not load: nothing is remembered).
  let cap = "always";
  try {
    cap = (await loadPolicy(stateDir, managedRoot)).managed?.remember ?? "always";
  } catch (e) {
    return { refused: `the policy does not load (${(e as Error).message})` };
  }
  if (!withinCap(scope, cap)) {
    return {
      refused: cap === "off"
        ? 'the managed policy turns remembered approvals off ([managed] remember = "off")'
        : `the managed policy caps remembered approvals at ${cap} scope ([managed] remember)`,
    };
  }
  const r = await makeRemembered(
    parseShape(c.shape),
    scope,
    { session: c.session, workspace: c.workspace ?? null },
    c.call,
    method,
    Date.now(),
  );
  if ("refused" in r) return r;
  const added = addRemembered(stateDir, r);
  await audit(
    stateDir,
    "remembered.added",
    c,
    `${added ? "remembered" : "already remembered"} as ${r.id} (${scope}): ${
      describeShape(r.shape)
    }`,
  );
  return r;
}

async function finish(
  stateDir: string,
  c: Challenge,
  method: string,
  remember: RememberScope | null = null,
): Promise<number> {
  writeApproval(stateDir, c, method, Date.now());
  await audit(stateDir, "approval.approved", c, `approved with ${method}`);
  out(
    `approved ${c.token} with ${method}: the identical call may run once in the next ${
      APPROVAL_TTL_MS / 60_000
    } minutes`,
  );
  if (remember !== null) {
    const r = await rememberChallenge(stateDir, c, remember, method);
    if ("refused" in r) {
      err(`guard approve: not remembered: ${r.refused}`);
      return 1;
    }
    out(
      `remembered as ${r.id} (${remember}${
        r.scope === "project" ? ` ${r.workspace}` : r.scope === "session" ? ` ${r.session}` : ""
      }): calls of this shape now run; list with \`guard rules\`, remove with \`guard forget ${r.id}\``,
    );
  }
  return 0;
}

export async function runDeny(args: string[]): Promise<number> {
  if (args.length !== 1) {
    err("usage: guard deny <token>");
    return 2;
  }
  try {
    const stateDir = userStateDir();
    const now = Date.now();
    let c: Partial<Challenge> = { token: args[0] };
    try {
      c = await readChallenge(stateDir, args[0], now);
    } catch { /* deny discards even a broken challenge */ }
    if (!denyChallenge(stateDir, args[0])) {
      err(`guard deny: no pending challenge ${args[0]}`);
      return 1;
    }
    await audit(stateDir, "approval.denied", c, "denied by the user");
    out(`denied ${args[0]}`);
    return 0;
  } catch (e) {
    if (e instanceof ApprovalError || e instanceof StateError) {
      err(`guard deny: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m` : `${Math.floor(s / 3600)}h`;
}

export async function runPending(args: string[]): Promise<number> {
  const json = args.includes("--json");
  try {
    const stateDir = userStateDir();
    const now = Date.now();
    pruneIfDue(stateDir, now);
    const { pending, invalid } = await listPending(stateDir, now);
    if (json) {
      out(JSON.stringify({ pending, invalid }, null, 2));
      return 0;
    }
    if (!pending.length) out("no pending challenges");
    for (const c of pending) {
      const cmd = printable(c.call).replace(/\s+/g, " ");
      out(
        `${c.token}  ${age(now - Date.parse(c.created_at)).padStart(4)}  ${
          c.risk.padEnd(8)
        }  ${c.rule}  ${cmd.slice(0, 100)}`,
      );
    }
    for (const i of invalid) err(`invalid: ${i}`);
    return 0;
  } catch (e) {
    if (e instanceof StateError) {
      err(`guard pending: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
