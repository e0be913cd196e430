/**
 * Shared validation for hook payloads. Every accessor throws `InputError` on
 * a missing or wrongly typed field, so a malformed payload fails closed.
 */

export class InputError extends Error {}

export type Obj = Record<string, unknown>;

export function asObject(v: unknown, what: string): Obj {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new InputError(`${what} must be a JSON object`);
  }
  return v as Obj;
}

export function str(o: Obj, key: string, what = "payload"): string {
  const v = o[key];
  if (typeof v !== "string") throw new InputError(`${what}.${key} must be a string`);
  return v;
}

export function optStr(o: Obj, key: string, what = "payload"): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") throw new InputError(`${what}.${key} must be a string`);
  return v;
}

export function nonEmpty(s: string, what: string): string {
  if (s.length === 0) throw new InputError(`${what} must not be empty`);
  return s;
}

export function absolutePath(s: string, what: string): string {
  if (!s.startsWith("/")) throw new InputError(`${what} must be an absolute path`);
  if (s.includes("\0")) throw new InputError(`${what} contains a NUL byte`);
  return s;
}

/** The common envelope of PreToolUse payloads (Claude Code, Codex, Kimi Code). */
export interface Envelope {
  event: string;
  tool: string;
  input: Obj;
  cwd: string;
  session: string;
}

export function envelope(payload: unknown): Envelope {
  const p = asObject(payload, "payload");
  const event = str(p, "hook_event_name");
  const tool = nonEmpty(str(p, "tool_name"), "payload.tool_name");
  const input = asObject(p.tool_input, "payload.tool_input");
  const cwd = absolutePath(str(p, "cwd"), "payload.cwd");
  const session = optStr(p, "session_id") ?? "";
  return { event, tool, input, cwd, session };
}
