/**
 * Canonical JSON (sorted keys, no whitespace) and the canonical text of a tool
 * call, from which the challenge token is derived: the exact command for shell
 * tools, the canonical JSON of `{tool, input}` for everything else.
 */
import type { ToolCall } from "./types.ts";

export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return "[" + v.map(canonicalJson).join(",") + "]";
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson(o[k])).join(",") + "}";
}

export function canonicalCall(call: ToolCall): string {
  if (call.kind === "shell") return call.command;
  return canonicalJson({ tool: call.tool, input: call.input });
}

/** Hex SHA-256 of a text (challenge tokens, audit chains, pins). */
export async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
