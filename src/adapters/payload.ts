/**
 * Shared validation for hook payloads. Every accessor throws `InputError` on
 * a missing or wrongly typed field, so a malformed payload fails closed.
 */
import { resolve } from "../zones/paths.ts";
import type { ToolCall } from "../core/types.ts";
import { globSelectsCredentials, matchesCredentialLines } from "../shell/sweeps.ts";

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

/** What guard evaluate handles, in Claude Code's terms (Gemini's BeforeTool is a PreToolUse). */
export type HookEvent = "PreToolUse" | "PostToolUse";

/** A payload mapped by an agent's adapter. */
export interface AdaptedCall {
  event: HookEvent;
  call: ToolCall;
  /** PostToolUse: what the tool returned. */
  response?: unknown;
  /** The agent's permission mode, when its payload names one (Claude Code's `permission_mode`). */
  mode?: string | null;
}

/**
 * The distinct strings found under any of `keys` (a present key of another type throws). Agents
 * renamed parameters over time and read only their own spelling; guard judges every spelling
 * given, so a call cannot show it one path and run with another.
 */
export function strsOf(o: Obj, keys: readonly string[], what = "payload"): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const v = optStr(o, k, what);
    if (v !== null && !out.includes(v)) out.push(v);
  }
  return out;
}

/** Like `strsOf`, but one of `keys` must be there. */
export function someStrs(o: Obj, keys: readonly string[], what = "payload"): string[] {
  const v = strsOf(o, keys, what);
  if (v.length === 0) throw new InputError(`${what}.${keys.join("|")} must be a string`);
  return v;
}

/** An array of strings (or null when absent). */
export function optStrArray(o: Obj, key: string, what = "payload"): string[] | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    throw new InputError(`${what}.${key} must be an array of strings`);
  }
  return v as string[];
}

/**
 * Tool arguments that arrive as a JSON string (Cursor's MCP `tool_input`, Copilot's `toolArgs`).
 * An already-decoded object is accepted as well; anything else, or bad JSON, throws.
 */
export function jsonObject(v: unknown, what: string): Obj {
  if (typeof v === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch (e) {
      throw new InputError(`${what} is not valid JSON: ${(e as Error).message}`);
    }
    return asObject(parsed, what);
  }
  if (v === undefined) throw new InputError(`${what} is missing`);
  return asObject(v, what);
}

/** A directory an agent names, resolved against the payload's cwd; it must end up absolute. */
export function resolveDir(dir: string, cwd: string, what: string): string {
  if (dir.includes("\0")) throw new InputError(`${what} contains a NUL byte`);
  return absolutePath(resolve(dir, cwd) ?? dir, what);
}

/**
 * What a glob tool reaches: its base directories, and the pattern joined to each of them (or
 * itself when absolute), so the engine matches the pattern against protected places.
 */
export function globPaths(base: string | string[], pattern: string): string[] {
  const paths = typeof base === "string" ? [base] : [...base];
  if (pattern.startsWith("/") || pattern.startsWith("~")) paths.push(pattern);
  else if (pattern) {
    for (const b of [...paths]) {
      paths.push(`${b.replace(/\/+$/, "")}/${pattern}`);
    }
  }
  return paths;
}

/** The `mcp__<server>__<tool>` name guard uses for an MCP tool of any agent. */
export function mcpToolName(server: string, name: string): string {
  return `mcp__${server}__${name}`;
}

/** Server and tool of `mcp__<server>__<tool>` (Claude Code's split: the tool may be empty). */
export function mcpParts(tool: string): { server: string; name: string } {
  const parts = tool.split("__");
  return { server: parts[1] ?? "", name: parts.slice(2).join("__") };
}

/** A server name reduced to the characters policy names allow ([A-Za-z0-9_.-]); "" if none left. */
export function serverSlug(s: string): string {
  return s.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/_{2,}/g, "_").slice(0, 64)
    .replace(/^[-_.]+|[-_.]+$/g, "");
}

/**
 * The paths a search tool reaches (Grep, grep_search): its directory, the files its glob picks,
 * and — when it prints matching lines of its whole working directory and its pattern matches
 * what credential files hold (`API_KEY`, `password`, `.`; src/shell/sweeps.ts) — the `.env`
 * files below it, as a shell `grep -rn PATTERN .` is judged.
 */
export function searchPaths(
  dir: string | string[],
  cwd: string,
  glob: string | null,
  lines: { pattern: string; ignoreCase: boolean } | null,
): string[] {
  const dirs = typeof dir === "string" ? [dir] : dir;
  const paths = glob ? globPaths(dirs, glob) : [...dirs];
  if (lines && (glob === null || globSelectsCredentials(glob) === "all")) {
    const spec = {
      patterns: [lines.pattern],
      syntax: "perl" as const,
      ignoreCase: lines.ignoreCase,
      smartCase: false,
      word: false,
      line: false,
      invert: false,
    };
    for (const d of dirs) {
      if (resolve(d, cwd) === resolve(cwd, null) && matchesCredentialLines(spec)) {
        paths.push(`${d.replace(/\/+$/, "")}/**/.env`);
      }
    }
  }
  return paths;
}
