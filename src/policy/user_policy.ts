/**
 * The user's policy, compiled. Parsing TOML happens outside the core
 * (`src/state/policy_file.ts`); this module validates the parsed data and
 * compiles every regex with V8's linear-time engine (flag `l`), so no user
 * pattern can backtrack catastrophically (ADR 0004). Patterns the linear
 * engine cannot run (backreferences, lookaround) are rejected with the line
 * they are on.
 */

import { CAPABILITIES, type Capability } from "../flow/capability_names.ts";
import { DEFAULT_FLOW, type FlowSettings, type Preset, PRESETS } from "../flow/flow_settings.ts";
import { DEFAULT_DETECTORS, type DetectorSettings } from "../detect/settings.ts";

export type PolicyKind = "block" | "ask" | "allow";

export interface PolicyRule {
  kind: PolicyKind;
  /** Set for `[mcp.servers.<name>]` rules: they apply to that server's tools only. */
  server?: string;
  /** Index within its list, for the rule id `user.<kind>[<index>]`. */
  index: number;
  pattern: string;
  re: RegExp;
  line: number | null;
  /** Set for the administrator's rules (src/policy/managed_policy.ts): ids `managed.<kind>[i]`. */
  layer?: "managed";
  /** The managed file the rule is in (the user's rules are in CompiledPolicy.file). */
  file?: string;
}

/** What of a call the audit log keeps (src/audit/audit_privacy.ts). */
export type AuditMode = "redacted" | "verbatim" | "proof";
export const AUDIT_MODES: AuditMode[] = ["redacted", "verbatim", "proof"];

/** The `[audit]` table: privacy mode and rotation size. */
export interface AuditSettings {
  mode: AuditMode;
  rotateBytes: number;
}

export const DEFAULT_AUDIT: AuditSettings = { mode: "redacted", rotateBytes: 16 * 1024 * 1024 };

export { DEFAULT_DETECTORS, type DetectorSettings };

/** The `[mcp]` table: the proxy's host allowlist and limits. */
export interface McpSettings {
  /** Host patterns (`api.github.com`, `*.example.com`) URL-like arguments may reach. */
  hostsAllow: string[];
  /** What happens to a URL-like argument whose host is not listed; null: no host rule. */
  hostsDefault: "ask" | "block" | null;
  /** Largest tool result scanned (bigger ones are withheld). */
  maxResultBytes: number;
  /** `sampling`: what a server's `sampling/createMessage` meets (scanned in every case). */
  sampling: SamplingMode;
  /** `[mcp.servers.<name>] sampling`: the same per server. */
  serverSampling: Record<string, SamplingMode>;
}

/** allow: scanned and forwarded; ask: judged as a tool call and asked; block: refused. */
export type SamplingMode = "allow" | "ask" | "block";
const SAMPLING_MODES: readonly string[] = ["allow", "ask", "block"];

export const DEFAULT_MCP: McpSettings = {
  hostsAllow: [],
  hostsDefault: null,
  maxResultBytes: 64 * 1024 * 1024,
  sampling: "allow",
  serverSampling: {},
};

/** What `server`'s sampling requests meet. */
export function samplingMode(mcp: McpSettings, server: string): SamplingMode {
  return Object.hasOwn(mcp.serverSampling, server) ? mcp.serverSampling[server] : mcp.sampling;
}

/** `mode`: enforce decisions, or only record what would have been stopped. */
export type PolicyMode = "enforce" | "observe";

/**
 * `asks`: where an ask is answered. auto: the agent's own prompt for a low or medium risk ask
 * where a human is known to answer it, out of band otherwise; native: the agent's prompt for
 * every ask below critical wherever the agent has one and a human may be there; out-of-band:
 * always `guard approve`.
 */
export type AskChannelPolicy = "auto" | "native" | "out-of-band";
export const ASK_CHANNEL_POLICIES: readonly AskChannelPolicy[] = ["auto", "native", "out-of-band"];

/** The `[watch]` table: how long `guard watch` stays unlocked after one second factor. */
export interface WatchSettings {
  unlockMinutes: number;
}

export const DEFAULT_WATCH: WatchSettings = { unlockMinutes: 10 };

/** The widest scope a remembered approval may have under `[managed] remember`. */
export type RememberCap = "off" | "session" | "project" | "always";
/** The caps on remembered approvals, narrowest first (`[managed] remember`). */
export const REMEMBER_CAPS: readonly RememberCap[] = ["off", "session", "project", "always"];

/** Is a remembered scope within the managed cap? */
export function withinCap(scope: string, cap: string): boolean {
  const rank = REMEMBER_CAPS as readonly string[];
  return rank.indexOf(scope) <= rank.indexOf(cap);
}

/** What the managed layer adds to a policy (src/policy/managed_policy.ts, ADR 0027). */
export interface ManagedLayer {
  /** The managed files, in merge order. */
  files: string[];
  /** Keys the user's file may not change, each with the file that locked it. */
  lock: { key: string; file: string }[];
  allowManagedRulesOnly: boolean;
  /** The widest scope a remembered approval may have. */
  remember: RememberCap;
  /** The mode the managed files set, if any: only a managed observe mode relaxes managed rules. */
  mode: PolicyMode | null;
  /** The managed `[mcp]` host list, judged before the user's (null: the files set none). */
  mcp: McpSettings | null;
  /** Locked keys the user's file set anyway: ignored, reported by doctor and explain. */
  ignored: { key: string; file: string; line: number | null }[];
  /** User allow rules dropped by allow_managed_rules_only (or a lock on "allow"). */
  droppedAllows: number;
}

export interface CompiledPolicy {
  file: string | null;
  mode: PolicyMode;
  asks: AskChannelPolicy;
  watch: WatchSettings;
  rules: PolicyRule[];
  audit: AuditSettings;
  detectors: DetectorSettings;
  mcp: McpSettings;
  flow: FlowSettings;
  /** The administrator's layer, when /etc/aiguard holds a managed policy. */
  managed?: ManagedLayer;
}

export const EMPTY_POLICY: CompiledPolicy = {
  file: null,
  mode: "enforce",
  asks: "auto",
  watch: DEFAULT_WATCH,
  rules: [],
  audit: DEFAULT_AUDIT,
  detectors: DEFAULT_DETECTORS,
  mcp: DEFAULT_MCP,
  flow: DEFAULT_FLOW,
};

export class PolicyError extends Error {
  constructor(readonly file: string, readonly line: number | null, readonly problem: string) {
    super(`${file}${line ? `:${line}` : ""}: ${problem}`);
  }
}

const KNOWN_KEYS = new Set([
  "mode",
  "asks",
  "watch",
  "block",
  "ask",
  "allow",
  "audit",
  "secrets",
  "injection",
  "mcp",
  "flow",
]);

const FLOW_KEYS = ["preset", "private_paths", "declassifiers", "tools"];

function compileFlow(v: unknown, file: string, text: string): FlowSettings {
  if (v === undefined) return DEFAULT_FLOW;
  const line = lineOf(text, "[flow") ?? lineOf(text, "flow");
  const t = table(v, "flow", file, line);
  for (const k of Object.keys(t)) {
    if (!FLOW_KEYS.includes(k)) {
      throw new PolicyError(
        file,
        lineOf(text, k) ?? line,
        `unknown key "flow.${k}" (expected ${FLOW_KEYS.join(", ")} or [flow.tools])`,
      );
    }
  }
  const out: FlowSettings = { ...DEFAULT_FLOW, tools: {} };
  if (t.preset !== undefined) {
    if (!PRESETS.includes(t.preset as Preset)) {
      throw new PolicyError(
        file,
        lineOf(text, "preset") ?? line,
        `"flow.preset" must be ${PRESETS.map((p) => `"${p}"`).join(", ")}`,
      );
    }
    out.preset = t.preset as Preset;
  }
  out.privatePaths = stringList(t.private_paths, "flow.private_paths", file, text, line);
  for (const p of out.privatePaths) {
    if (!(p.startsWith("/") || p.startsWith("~/")) || p.includes("\0")) {
      throw new PolicyError(
        file,
        lineOf(text, p) ?? line,
        `"flow.private_paths": "${p}" must be an absolute path or start with ~/`,
      );
    }
  }
  out.declassifiers = stringList(t.declassifiers, "flow.declassifiers", file, text, line);
  if (t.tools !== undefined) {
    const tl = lineOf(text, "[flow.tools]") ?? line;
    const tools = table(t.tools, "flow.tools", file, tl);
    for (const [name, caps] of Object.entries(tools)) {
      const list = stringList(caps, `flow.tools.${name}`, file, text, tl);
      const bad = list.find((c) => !CAPABILITIES.includes(c as Capability));
      if (bad !== undefined) {
        throw new PolicyError(
          file,
          lineOf(text, name) ?? tl,
          `"flow.tools.${name}": unknown capability "${bad}" (expected ${CAPABILITIES.join(", ")})`,
        );
      }
      out.tools[name] = list as Capability[];
    }
  }
  return out;
}

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const HOST_PATTERN = /^(?:\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function compileMcp(v: unknown, file: string, text: string, rules: PolicyRule[]): McpSettings {
  if (v === undefined) return DEFAULT_MCP;
  const line = lineOf(text, "[mcp") ?? lineOf(text, "mcp");
  const t = table(v, "mcp", file, line);
  const out: McpSettings = { ...DEFAULT_MCP, hostsAllow: [], serverSampling: {} };
  for (const k of Object.keys(t)) {
    if (!["hosts_allow", "hosts_default", "max_result_mib", "sampling", "servers"].includes(k)) {
      throw new PolicyError(
        file,
        lineOf(text, k) ?? line,
        `unknown key "mcp.${k}" (expected hosts_allow, hosts_default, max_result_mib, sampling or [mcp.servers.<name>])`,
      );
    }
  }
  const sampling = (v: unknown, key: string, at: number | null): SamplingMode => {
    if (typeof v !== "string" || !SAMPLING_MODES.includes(v)) {
      throw new PolicyError(file, at, `"${key}" must be "allow", "ask" or "block"`);
    }
    return v as SamplingMode;
  };
  if (t.sampling !== undefined) {
    out.sampling = sampling(t.sampling, "mcp.sampling", lineOf(text, "sampling") ?? line);
  }
  for (const h of stringList(t.hosts_allow, "mcp.hosts_allow", file, text, line)) {
    const host = h.toLowerCase();
    if (!HOST_PATTERN.test(host)) {
      throw new PolicyError(
        file,
        lineOf(text, h) ?? line,
        `"mcp.hosts_allow": "${h}" is not a host name or *.domain pattern`,
      );
    }
    out.hostsAllow.push(host);
  }
  if (t.hosts_default !== undefined) {
    if (t.hosts_default !== "ask" && t.hosts_default !== "block" && t.hosts_default !== "allow") {
      throw new PolicyError(
        file,
        lineOf(text, "hosts_default") ?? line,
        `"mcp.hosts_default" must be "allow", "ask" or "block"`,
      );
    }
    out.hostsDefault = t.hosts_default === "allow" ? null : t.hosts_default;
  }
  if (t.max_result_mib !== undefined) {
    const n = t.max_result_mib;
    if (typeof n !== "number" || !(n >= 1 && n <= 256)) {
      throw new PolicyError(
        file,
        lineOf(text, "max_result_mib") ?? line,
        `"mcp.max_result_mib" must be a number from 1 to 256`,
      );
    }
    out.maxResultBytes = Math.round(n * 1024 * 1024);
  }
  if (t.servers !== undefined) {
    const servers = table(t.servers, "mcp.servers", file, line);
    for (const [name, sv] of Object.entries(servers)) {
      const sl = lineOf(text, `[mcp.servers.${name}]`) ?? line;
      if (!SERVER_NAME.test(name)) {
        throw new PolicyError(
          file,
          sl,
          `"mcp.servers.${name}": server names are letters, digits, '.', '_' and '-'`,
        );
      }
      const st = table(sv, `mcp.servers.${name}`, file, sl);
      for (const k of Object.keys(st)) {
        if (!["block", "ask", "allow", "sampling"].includes(k)) {
          throw new PolicyError(
            file,
            lineOf(text, k) ?? sl,
            `unknown key "mcp.servers.${name}.${k}" (expected block, ask, allow or sampling)`,
          );
        }
      }
      if (st.sampling !== undefined) {
        out.serverSampling[name] = sampling(st.sampling, `mcp.servers.${name}.sampling`, sl);
      }
      for (const kind of ["block", "ask", "allow"] as const) {
        stringList(st[kind], `mcp.servers.${name}.${kind}`, file, text, sl).forEach((p, index) => {
          const pl = lineOf(text, p) ?? sl;
          if (p === "" || p.length > 2000) {
            throw new PolicyError(
              file,
              pl,
              `"mcp.servers.${name}.${kind}[${index}]" must be a non-empty regex of at most 2000 characters`,
            );
          }
          const re = compileLinear(p);
          if (typeof re === "string") {
            throw new PolicyError(file, pl, `"mcp.servers.${name}.${kind}[${index}]": ${re}`);
          }
          rules.push({ kind, index, pattern: p, re, line: pl, server: name });
        });
      }
    }
  }
  return out;
}

function table(
  v: unknown,
  name: string,
  file: string,
  line: number | null,
): Record<string, unknown> {
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new PolicyError(file, line, `"${name}" must be a table ([${name}])`);
  }
  return v as Record<string, unknown>;
}

function stringList(
  v: unknown,
  name: string,
  file: string,
  text: string,
  fallbackLine: number | null,
): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    throw new PolicyError(
      file,
      lineOf(text, name.split(".").pop()!) ?? fallbackLine,
      `"${name}" must be an array of strings`,
    );
  }
  return v as string[];
}

const SECRET_ID = /^[a-z0-9][a-z0-9.-]{1,60}$/;

function compileDetectors(
  data: Record<string, unknown>,
  file: string,
  text: string,
  builtinSecretIds: Set<string> | null,
): DetectorSettings {
  const out: DetectorSettings = {
    ...DEFAULT_DETECTORS,
    secretRules: [],
    secretAllow: [],
    secretDisable: [],
    injectionDisable: [],
  };
  if (data.secrets !== undefined) {
    const line = lineOf(text, "[secrets") ?? lineOf(text, "secrets");
    const t = table(data.secrets, "secrets", file, line);
    for (const k of Object.keys(t)) {
      if (!["rules", "disable", "allow"].includes(k)) {
        throw new PolicyError(
          file,
          lineOf(text, k) ?? line,
          `unknown key "secrets.${k}" (expected rules, disable or allow)`,
        );
      }
    }
    out.secretDisable = stringList(t.disable, "secrets.disable", file, text, line);
    for (const id of out.secretDisable) {
      if (builtinSecretIds && !builtinSecretIds.has(id)) {
        throw new PolicyError(
          file,
          lineOf(text, JSON.stringify(id)) ?? line,
          `"secrets.disable": no built-in secret rule "${id}"`,
        );
      }
    }
    for (const [i, p] of stringList(t.allow, "secrets.allow", file, text, line).entries()) {
      const re = compileLinear(p);
      if (typeof re === "string") {
        throw new PolicyError(file, lineOf(text, p) ?? line, `"secrets.allow[${i}]": ${re}`);
      }
      out.secretAllow.push(re);
    }
    if (t.rules !== undefined) {
      if (!Array.isArray(t.rules)) {
        throw new PolicyError(
          file,
          line,
          `"secrets.rules" must be an array of tables ([[secrets.rules]])`,
        );
      }
      const seen = new Set<string>();
      t.rules.forEach((r, i) => {
        const where = `secrets.rules[${i}]`;
        const rl = lineOf(text, "[[secrets.rules]]") ?? line;
        const o = table(r, where, file, rl);
        for (const k of Object.keys(o)) {
          if (
            !["id", "pattern", "keywords", "min_entropy", "description"]
              .includes(k)
          ) {
            throw new PolicyError(
              file,
              lineOf(text, k) ?? rl,
              `unknown key "${where}.${k}" (expected id, pattern, keywords, min_entropy, description)`,
            );
          }
        }
        const id = o.id;
        if (typeof id !== "string" || !SECRET_ID.test(id)) {
          throw new PolicyError(
            file,
            rl,
            `"${where}.id" must be a lower-case id like "acme-api-key"`,
          );
        }
        const idLine = lineOf(text, JSON.stringify(id)) ?? rl;
        if (seen.has(id) || builtinSecretIds?.has(id)) {
          throw new PolicyError(file, idLine, `"${where}.id": "${id}" is already a secret rule`);
        }
        seen.add(id);
        if (typeof o.pattern !== "string" || o.pattern === "" || o.pattern.length > 2000) {
          throw new PolicyError(
            file,
            idLine,
            `"${where}.pattern" must be a non-empty regex string`,
          );
        }
        const compiled = compileLinear(o.pattern, "gl");
        if (typeof compiled === "string") {
          throw new PolicyError(
            file,
            lineOf(text, "pattern") ?? idLine,
            `"${where}.pattern": ${compiled}`,
          );
        }
        const re = compiled;
        const flags = "gl";
        if (new RegExp(re.source, flags.replace("g", "")).test("")) {
          throw new PolicyError(file, idLine, `"${where}.pattern" matches the empty string`);
        }
        const keywords = stringList(o.keywords, `${where}.keywords`, file, text, idLine).map((k) =>
          k.toLowerCase()
        );
        let minEntropy: number | undefined;
        if (o.min_entropy !== undefined) {
          if (typeof o.min_entropy !== "number" || o.min_entropy < 0 || o.min_entropy > 8) {
            throw new PolicyError(
              file,
              lineOf(text, "min_entropy") ?? idLine,
              `"${where}.min_entropy" must be a number from 0 to 8`,
            );
          }
          minEntropy = o.min_entropy;
        }
        out.secretRules.push({
          id,
          description: typeof o.description === "string" ? o.description : `user rule ${id}`,
          keywords,
          pattern: re,
          ...(minEntropy !== undefined ? { minEntropy } : {}),
        });
      });
    }
  }
  if (data.injection !== undefined) {
    const line = lineOf(text, "[injection]") ?? lineOf(text, "injection");
    const t = table(data.injection, "injection", file, line);
    for (const k of Object.keys(t)) {
      if (!["threshold", "spotlight", "disable"].includes(k)) {
        throw new PolicyError(
          file,
          lineOf(text, k) ?? line,
          `unknown key "injection.${k}" (expected threshold, spotlight or disable)`,
        );
      }
    }
    if (t.threshold !== undefined) {
      if (typeof t.threshold !== "number" || !(t.threshold > 0 && t.threshold <= 1)) {
        throw new PolicyError(
          file,
          lineOf(text, "threshold") ?? line,
          `"injection.threshold" must be a number in (0, 1]`,
        );
      }
      out.injectionThreshold = t.threshold;
    }
    if (t.spotlight !== undefined) {
      if (typeof t.spotlight !== "number" || !(t.spotlight > 0 && t.spotlight <= 1)) {
        throw new PolicyError(
          file,
          lineOf(text, "spotlight") ?? line,
          `"injection.spotlight" must be a number in (0, 1]`,
        );
      }
      out.injectionSpotlight = t.spotlight;
    }
    if (out.injectionSpotlight > out.injectionThreshold) {
      if (t.spotlight !== undefined) {
        throw new PolicyError(
          file,
          lineOf(text, "spotlight") ?? line,
          `"injection.spotlight" (${out.injectionSpotlight}) must not be above "injection.threshold" (${out.injectionThreshold})`,
        );
      }
      // Only the threshold moved below the default spotlight: no band in between.
      out.injectionSpotlight = out.injectionThreshold;
    }
    out.injectionDisable = stringList(t.disable, "injection.disable", file, text, line);
  }
  return out;
}
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
export function compileLinear(pattern: string, flags = "l"): RegExp | string {
  try {
    return new RegExp(pattern, flags);
  } catch (e) {
    const msg = (e as Error).message;
    if (/Invalid flags/.test(msg)) {
      return "guard must run with --v8-flags=--enable-experimental-regexp-engine (linear-time regex engine)";
    }
    if (/linear time/.test(msg)) {
      // V8's linear engine refuses counted repeats above 16 ({24}); split them ({16}{8}).
      const split = splitCountedRepeats(pattern);
      if (split !== pattern) {
        try {
          return new RegExp(split, flags);
        } catch { /* fall through to the explanation */ }
      }
      return "pattern cannot run in linear time (backreferences, lookaround, case-insensitive groups and counted repeats of groups over 16 are not supported)";
    }
    return `invalid regex: ${msg.replace(/^Invalid regular expression: /, "")}`;
  }
}

/**
 * Rewrites `X{n}`, `X{n,}` and `X{n,m}` with bounds over 16, where X is a
 * character class, an escape, `.` or a single character, into chunks of at most
 * 16 (`[a-z]{24}` → `[a-z]{16}[a-z]{8}`): the same language, accepted by the
 * linear engine.
 */
export function splitCountedRepeats(pattern: string): string {
  let out = "";
  let i = 0;
  let atomStart = -1;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "\\") {
      atomStart = out.length;
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "[") {
      atomStart = out.length;
      let j = i + 1;
      if (pattern[j] === "^") j++;
      if (pattern[j] === "]") j++;
      while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
      out += pattern.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const q = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (q && atomStart >= 0) {
      const atom = out.slice(atomStart);
      const min = Number(q[1]);
      const max = q[2] === undefined ? min : q[3] === "" ? Infinity : Number(q[3]);
      if (min > 16 || (max !== Infinity && max > 16)) {
        let rep = "";
        for (let left = min; left > 0; left -= 16) rep += `${atom}{${Math.min(16, left)}}`;
        if (max === Infinity) rep += `${atom}*`;
        else {for (let left = max - min; left > 0; left -= 16) {
            rep += `${atom}{0,${Math.min(16, left)}}`;
          }}
        out = out.slice(0, atomStart) + rep;
        i += q[0].length;
        atomStart = -1;
        continue;
      }
    }
    atomStart = "()|^$*+?{}".includes(c) ? -1 : out.length;
    out += c;
    i++;
  }
  return out;
}

/** Validates parsed policy data and compiles it. Throws PolicyError. */
export function compilePolicy(
  data: Record<string, unknown>,
  file: string,
  text: string,
  /** Ids of the built-in secret rules, to check `[secrets]` against (null: unchecked). */
  builtinSecretIds: Set<string> | null = null,
): CompiledPolicy {
  const rules: PolicyRule[] = [];
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key)) {
      throw new PolicyError(
        file,
        lineOf(text, key),
        `unknown key "${key}" (expected mode, asks, block, ask, allow, [audit], [secrets], [injection], [mcp], [flow] or [watch])`,
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
  if (data.mode !== undefined && data.mode !== "enforce" && data.mode !== "observe") {
    throw new PolicyError(file, lineOf(text, "mode"), `"mode" must be "enforce" or "observe"`);
  }
  if (data.asks !== undefined && !ASK_CHANNEL_POLICIES.includes(data.asks as AskChannelPolicy)) {
    throw new PolicyError(
      file,
      lineOf(text, "asks"),
      `"asks" must be "auto", "native" or "out-of-band"`,
    );
  }
  return {
    file,
    mode: (data.mode as PolicyMode | undefined) ?? "enforce",
    asks: (data.asks as AskChannelPolicy | undefined) ?? "auto",
    watch: compileWatch(data.watch, file, text),
    rules,
    audit: compileAudit(data.audit, file, text),
    detectors: compileDetectors(data, file, text, builtinSecretIds),
    mcp: compileMcp(data.mcp, file, text, rules),
    flow: compileFlow(data.flow, file, text),
  };
}

function compileWatch(v: unknown, file: string, text: string): WatchSettings {
  if (v === undefined) return DEFAULT_WATCH;
  const line = lineOf(text, "[watch");
  const t = table(v, "watch", file, line);
  for (const k of Object.keys(t)) {
    if (k !== "unlock_minutes") {
      throw new PolicyError(
        file,
        lineOf(text, k) ?? line,
        `unknown key "watch.${k}" (expected unlock_minutes)`,
      );
    }
  }
  const m = t.unlock_minutes ?? DEFAULT_WATCH.unlockMinutes;
  if (typeof m !== "number" || !Number.isInteger(m) || m < 0 || m > 480) {
    throw new PolicyError(
      file,
      lineOf(text, "unlock_minutes") ?? line,
      `"watch.unlock_minutes" must be a whole number of minutes from 0 to 480`,
    );
  }
  return { unlockMinutes: m };
}

export function ruleId(r: PolicyRule): string {
  const layer = r.layer ?? "user";
  return r.server
    ? `${layer}.mcp.${r.server}.${r.kind}[${r.index}]`
    : `${layer}.${r.kind}[${r.index}]`;
}

/** First rule of `kind` matching any of `texts`. */
export function firstMatch(
  p: CompiledPolicy,
  kind: PolicyKind,
  texts: string[],
  /** The MCP server a call goes to: its `[mcp.servers.<name>]` rules apply too. */
  server?: string,
): PolicyRule | null {
  for (const r of p.rules) {
    if (r.kind !== kind) continue;
    if (r.server !== undefined && r.server !== server) continue;
    for (const t of texts) if (r.re.test(t)) return r;
  }
  return null;
}
