/**
 * What of a call reaches the audit log, by privacy mode (policy `[audit] mode`):
 *  - `redacted` (default): the call and warning with secrets replaced by
 *    `[REDACTED:<rule-id>]` (the secret rules of `secrets.ts`);
 *  - `verbatim`: exactly what the agent sent;
 *  - `proof`: no command, argument or path at all — the SHA-256 of the call
 *    (so a user holding the command can prove it was the one decided), the
 *    rule id, risk, action and the rule's remediation.
 */
import type { AuditMode, AuditRecord } from "./audit_entry.ts";

/** Longest call text kept (the rest is cut, visibly). */
export const MAX_LOGGED_CALL = 8192;

function bound(s: string): string {
  return s.length > MAX_LOGGED_CALL ? s.slice(0, MAX_LOGGED_CALL) + "…[truncated]" : s;
}

/**
 * Applies `mode` to a record. `callSha256` is the hex SHA-256 of the full
 * call (computed by the caller, which owns the crypto); `redact` is the
 * secret redactor (`secrets.ts`), passed in so the hook loads the rules only
 * when `mayHoldSecret` says they could match.
 */
export function privacyView(
  rec: AuditRecord,
  mode: AuditMode,
  callSha256: string,
  redact: (s: string) => string,
): AuditRecord {
  if (mode === "verbatim") return { ...rec, call: bound(rec.call) };
  if (mode === "redacted") {
    // An ask's shape goes in only when nothing in it looks like a secret.
    const { ask, ...rest } = rec;
    const shapeText = ask ? JSON.stringify(ask) : "";
    const keep = ask && redact(shapeText) === shapeText ? { ask } : {};
    // Redact before cutting, so a cut never leaves half a secret behind.
    return {
      ...rest,
      ...keep,
      call: bound(redact(rec.call)),
      decision: { ...rec.decision, warning: redact(rec.decision.warning) },
    };
  }
  // Events guard writes about itself (checkpoints, gaps) carry no user data.
  if (rec.event?.startsWith("audit.")) return rec;
  const { ask: _shape, ...noShape } = rec;
  return {
    ...noShape,
    call: rec.call ? `sha256:${callSha256}` : "",
    decision: {
      action: rec.decision.action,
      risk: rec.decision.risk,
      rule: rec.decision.rule,
      warning: "",
      remediation: rec.decision.remediation ?? "",
    },
  };
}
