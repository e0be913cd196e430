/**
 * Codex CLI runs only the user hooks it trusts. Trust lives in the user's
 * `~/.codex/config.toml` as one table per hook:
 *
 *   [hooks.state."<absolute hooks.json path>:pre_tool_use:<group>:<handler>"]
 *   trusted_hash = "sha256:<hex>"
 *
 * and the hash covers the hook itself, so a changed command line is untrusted
 * again (Codex then skips it without a word). The recipe, checked against the
 * hashes `codex app-server`'s `hooks/list` reports for 0.171.0: SHA-256 of the
 * compact JSON, keys sorted at every level, of
 *   {"event_name": "<snake_case event>", "matcher": M (only when present),
 *    "hooks": [{"type": "command", "command": C, "timeout": max(1, T ?? 600),
 *               "async": A ?? false, "statusMessage"?, "additionalContextLimit"?}]}.
 *
 * guard keeps the tables that trust its own hooks between marker comments, one
 * block per hooks file, and removes any other table for the same keys (a trust
 * the user gave in Codex's own prompt would otherwise be a duplicate table).
 * Pure: the SHA-256 function is passed in.
 */
import { parse as parseToml } from "smol-toml";
import { appendMarkedBlock, dropMarkedBlock } from "./config_edit.ts";

export type Sha256Hex = (text: string) => string;

type Json = Record<string, unknown>;

/** Codex's snake-case labels of the events guard wires. */
export const EVENT_LABELS: Record<string, string> = {
  PreToolUse: "pre_tool_use",
  PostToolUse: "post_tool_use",
  SessionStart: "session_start",
};

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v as Json).sort().map((k) => [k, canonical((v as Json)[k])]),
    );
  }
  return v;
}

/** The hash Codex computes for one command handler of one matcher group. */
export function hookHash(
  sha256: Sha256Hex,
  event: string,
  matcher: unknown,
  handler: Json,
): string {
  const h: Json = {
    type: "command",
    command: handler.command,
    timeout: Math.max(1, typeof handler.timeout === "number" ? handler.timeout : 600),
    async: handler.async === true,
  };
  if (handler.statusMessage !== undefined && handler.statusMessage !== null) {
    h.statusMessage = handler.statusMessage;
  }
  if (handler.additionalContextLimit !== undefined && handler.additionalContextLimit !== null) {
    h.additionalContextLimit = handler.additionalContextLimit;
  }
  const id: Json = { event_name: EVENT_LABELS[event] ?? event, hooks: [h] };
  if (matcher !== undefined && matcher !== null) id.matcher = matcher;
  return "sha256:" + sha256(JSON.stringify(canonical(id)));
}

export interface TrustEntry {
  key: string;
  hash: string;
}

/** Trust entries for the handlers of `hooksJson` (at `path`) that `isOurs` accepts. */
export function trustEntries(
  sha256: Sha256Hex,
  path: string,
  hooksJson: string,
  isOurs: (command: unknown) => boolean,
): TrustEntry[] {
  if (hooksJson.trim() === "") return [];
  const cfg = JSON.parse(hooksJson) as Json;
  const hooks = (cfg.hooks ?? {}) as Json;
  const out: TrustEntry[] = [];
  for (const event of Object.keys(EVENT_LABELS)) {
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    groups.forEach((g, gi) => {
      const handlers = (g as Json)?.hooks;
      if (!Array.isArray(handlers)) return;
      handlers.forEach((h, hi) => {
        if (!h || typeof h !== "object" || !isOurs((h as Json).command)) return;
        out.push({
          key: `${path}:${EVENT_LABELS[event]}:${gi}:${hi}`,
          hash: hookHash(sha256, event, (g as Json).matcher, h as Json),
        });
      });
    });
  }
  return out;
}

const begin = (path: string) =>
  `# >>> guard: Codex trusts guard's hooks in ${path} (managed by \`guard install\`) >>>`;
const END = "# <<< guard <<<";

/** A TOML basic string (JSON's escapes are a subset TOML accepts). */
const tomlString = (s: string) => JSON.stringify(s);

/** Removes `[hooks.state."<key>"]` tables for `keys` that are not in guard's own blocks. */
function dropTables(text: string, keys: Set<string>): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    const header = /^\s*\[\s*hooks\s*\.\s*state\s*\.\s*("(?:[^"\\]|\\.)*")\s*\]\s*(#.*)?$/.exec(
      line,
    );
    if (header) {
      let key: string | null = null;
      try {
        key = JSON.parse(header[1]);
      } catch { /* not a key we wrote */ }
      skipping = key !== null && keys.has(key);
      if (skipping) continue;
    } else if (/^\s*\[/.test(line)) skipping = false;
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

export class TrustError extends Error {}

/**
 * `config.toml` with guard's trust for the hooks file at `path` set to `entries` (none: removed).
 * Throws TrustError when the result would not be a valid TOML file that trusts exactly them.
 */
export function withTrust(configText: string, path: string, entries: TrustEntry[]): string {
  const text = appendMarkedBlock(
    dropTables(dropMarkedBlock(configText, begin(path), END), new Set(entries.map((e) => e.key))),
    begin(path),
    END,
    entries.length
      ? entries.map((e) =>
        `[hooks.state.${tomlString(e.key)}]\ntrusted_hash = ${tomlString(e.hash)}\n`
      ).join("")
      : null,
  );
  let parsed: Json;
  try {
    parsed = parseToml(text) as Json;
  } catch (e) {
    throw new TrustError(
      `${path}: the trust entries would make config.toml invalid TOML (${
        (e as Error).message.split("\n")[0]
      })`,
    );
  }
  for (const e of entries) {
    if (trustedHash(parsed, e.key) !== e.hash) {
      throw new TrustError(`config.toml defines hooks.state in a form guard cannot edit`);
    }
  }
  return text;
}

/** The trusted hash config.toml records for `key` (null when none). */
export function trustedHash(config: Json, key: string): string | null {
  const state = ((config.hooks as Json | undefined)?.state ?? {}) as Json;
  const entry = state[key] as Json | undefined;
  return typeof entry?.trusted_hash === "string" ? entry.trusted_hash : null;
}

/** Whether config.toml turns a hook off by its key (`enabled = false`). */
export function disabledByKey(config: Json, key: string): boolean {
  const state = ((config.hooks as Json | undefined)?.state ?? {}) as Json;
  return (state[key] as Json | undefined)?.enabled === false;
}
