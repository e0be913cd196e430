/**
 * The user's policy, compiled. Parsing TOML happens outside the core
 * (`src/state/policy_file.ts`); this module validates the parsed data and
 * compiles every regex with V8's linear-time engine (flag `l`), so no user
 * pattern can backtrack catastrophically (ADR 0004). Patterns the linear
 * engine cannot run (backreferences, lookaround) are rejected with the line
 * they are on.
 */

import { AUDIT_MODES, type AuditMode } from "./audit_entry.ts";

export type PolicyKind = "block" | "ask" | "allow";

export interface PolicyRule {
  kind: PolicyKind;
  /** Index within its list, for the rule id `user.<kind>[<index>]`. */
  index: number;
  pattern: string;
  re: RegExp;
  line: number | null;
}

/** The `[audit]` table: privacy mode and rotation size. */
export interface AuditSettings {
  mode: AuditMode;
  rotateBytes: number;
}

export const DEFAULT_AUDIT: AuditSettings = { mode: "redacted", rotateBytes: 16 * 1024 * 1024 };

export interface CompiledPolicy {
  file: string | null;
  rules: PolicyRule[];
  audit: AuditSettings;
}

export const EMPTY_POLICY: CompiledPolicy = { file: null, rules: [], audit: DEFAULT_AUDIT };

export class PolicyError extends Error {
  constructor(readonly file: string, readonly line: number | null, readonly problem: string) {
    super(`${file}${line ? `:${line}` : ""}: ${problem}`);
  }
}

const KNOWN_KEYS = new Set(["block", "ask", "allow", "audit"]);
const AUDIT_KEYS = new Set(["mode", "rotate_mib"]);

function compileAudit(v: unknown, file: string, text: string): AuditSettings {
  const line = lineOf(text, "[audit]") ?? lineOf(text, "audit");
  if (v === undefined) return DEFAULT_AUDIT;
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new PolicyError(file, line, `"audit" must be a table ([audit])`);
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!AUDIT_KEYS.has(k)) {
      throw new PolicyError(
        file,
        lineOf(text, k) ?? line,
        `unknown key "audit.${k}" (expected mode or rotate_mib)`,
      );
    }
  }
  let mode = DEFAULT_AUDIT.mode;
  if (o.mode !== undefined) {
    if (typeof o.mode !== "string" || !(AUDIT_MODES as string[]).includes(o.mode)) {
      throw new PolicyError(
        file,
        lineOf(text, "mode") ?? line,
        `"audit.mode" must be one of ${AUDIT_MODES.map((m) => `"${m}"`).join(", ")}`,
      );
    }
    mode = o.mode as AuditMode;
  }
  let rotateBytes = DEFAULT_AUDIT.rotateBytes;
  if (o.rotate_mib !== undefined) {
    const n = o.rotate_mib;
    if (typeof n !== "number" || !Number.isFinite(n) || n < 1 || n > 1024) {
      throw new PolicyError(
        file,
        lineOf(text, "rotate_mib") ?? line,
        `"audit.rotate_mib" must be a number from 1 to 1024`,
      );
    }
    rotateBytes = Math.round(n * 1024 * 1024);
  }
  return { mode, rotateBytes };
}

/** Line (1-based) of the first occurrence of `needle` in `text`, or null. */
function lineOf(text: string, needle: string, from = 0): number | null {
  const i = text.indexOf(needle, from);
  if (i < 0) return null;
  let line = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** Compiles a regex with the linear-time engine, or explains why it cannot. */
export function compileLinear(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern, "l");
  } catch (e) {
    const msg = (e as Error).message;
    if (/Invalid flags/.test(msg)) {
      return "guard must run with --v8-flags=--enable-experimental-regexp-engine (linear-time regex engine)";
    }
    if (/linear time/.test(msg)) {
      return "pattern cannot run in linear time (backreferences and lookaround are not supported)";
    }
    return `invalid regex: ${msg.replace(/^Invalid regular expression: /, "")}`;
  }
}

/** Validates parsed policy data and compiles it. Throws PolicyError. */
export function compilePolicy(
  data: Record<string, unknown>,
  file: string,
  text: string,
): CompiledPolicy {
  const rules: PolicyRule[] = [];
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key)) {
      throw new PolicyError(
        file,
        lineOf(text, key),
        `unknown key "${key}" (expected block, ask, allow or [audit])`,
      );
    }
  }
  for (const kind of ["block", "ask", "allow"] as const) {
    const v = data[kind];
    if (v === undefined) continue;
    const keyLine = lineOf(text, kind);
    if (!Array.isArray(v)) {
      throw new PolicyError(file, keyLine, `"${kind}" must be an array of regex strings`);
    }
    let searchFrom = 0;
    v.forEach((p, index) => {
      if (typeof p !== "string") {
        throw new PolicyError(file, keyLine, `"${kind}[${index}]" must be a string`);
      }
      const needle = JSON.stringify(p).slice(1, -1);
      const line = lineOf(text, needle, searchFrom) ?? lineOf(text, p, searchFrom) ?? keyLine;
      if (p === "") {
        throw new PolicyError(
          file,
          line,
          `"${kind}[${index}]" is empty and would match every command`,
        );
      }
      if (p.length > 2000) {
        throw new PolicyError(file, line, `"${kind}[${index}]" is longer than 2000 characters`);
      }
      const re = compileLinear(p);
      if (typeof re === "string") throw new PolicyError(file, line, `"${kind}[${index}]": ${re}`);
      rules.push({ kind, index, pattern: p, re, line });
    });
    searchFrom = 0;
  }
  return { file, rules, audit: compileAudit(data.audit, file, text) };
}

export function ruleId(r: PolicyRule): string {
  return `user.${r.kind}[${r.index}]`;
}

/** First rule of `kind` matching any of `texts`. */
export function firstMatch(
  p: CompiledPolicy,
  kind: PolicyKind,
  texts: string[],
): PolicyRule | null {
  for (const r of p.rules) {
    if (r.kind !== kind) continue;
    for (const t of texts) if (r.re.test(t)) return r;
  }
  return null;
}
