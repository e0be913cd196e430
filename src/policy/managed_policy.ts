/**
 * The managed policy: what an administrator puts in the system directory (`/etc/aiguard` on
 * Linux, `/Library/Application Support/aiguard` on macOS) — `policy.toml`, then `policy.d/*.toml`
 * in name order — merged under the user's `~/.aiguard/policy.toml`. Pure: the files are read,
 * checked and parsed in src/state/managed_file.ts; this module validates the `[managed]` table,
 * merges the files and then the two layers (ADR 0027):
 *
 * - rules: the managed block, ask and allow rules (and `[mcp.servers.<name>]` rules) come before
 *   every rule of the user's; the first match of a kind wins, so a managed block is named and
 *   wins over any user allow, and the user's rules can only add restrictions. Ids name the
 *   layer: `managed.block[2]`, `managed.mcp.<server>.ask[0]`, indexed across all managed files;
 * - host lists: the managed `[mcp]` host list is judged on its own, before the user's, so the
 *   user's list can only stop more;
 * - settings (mode, asks, audit, flow, injection, …): the user's value wins unless the key is in
 *   `[managed] lock`, then the managed value (or the default) applies and the user's is reported;
 * - `[managed] allow_managed_rules_only = true` drops the user's allow rules;
 *   `[managed] remember = "off"|"session"|"project"|"always"` caps remembered approvals.
 *
 * Across managed files settings follow name order (a later file overrides an earlier one, like
 * drop-ins), while the `[managed]` controls only tighten: locks add up, any file can turn on
 * allow_managed_rules_only, and the narrowest `remember` wins.
 */
import {
  type CompiledPolicy,
  compilePolicy,
  DEFAULT_AUDIT,
  DEFAULT_DETECTORS,
  DEFAULT_MCP,
  DEFAULT_WATCH,
  type ManagedLayer,
  type McpSettings,
  PolicyError,
  type PolicyMode,
  type PolicyRule,
  REMEMBER_CAPS,
  type RememberCap,
  ruleId,
  type SamplingMode,
} from "./user_policy.ts";
import { DEFAULT_FLOW } from "../flow/flow_settings.ts";

export type { ManagedLayer, RememberCap };

/** One managed file as the state layer read it: its path, its text, the parsed TOML. */
export interface ManagedSource {
  path: string;
  text: string;
  data: Record<string, unknown>;
}

/**
 * Keys `lock` may name. A table name (`audit`, `flow`, …) locks every key of that table; `allow`
 * locks the user's allow rules (the same as allow_managed_rules_only).
 */
export const LOCKABLE_KEYS: readonly string[] = [
  "mode",
  "asks",
  "allow",
  "watch.unlock_minutes",
  "audit.mode",
  "audit.rotate_mib",
  "secrets.disable",
  "secrets.allow",
  "injection.threshold",
  "injection.spotlight",
  "injection.disable",
  "mcp.hosts_allow",
  "mcp.hosts_default",
  "mcp.max_result_mib",
  "flow.preset",
  "flow.private_paths",
  "flow.declassifiers",
  "flow.tools",
];
const LOCKABLE_TABLES = ["watch", "audit", "secrets", "injection", "mcp", "flow"];

/** `[managed]` keys; block, ask and allow there are the same rules as at the top level. */
const MANAGED_KEYS = ["lock", "allow_managed_rules_only", "remember", "block", "ask", "allow"];

/** The keys a parsed policy sets (`mode`, `audit.mode`, …): what "the user set it" means. */
export function presentKeys(data: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(data)) {
    if (k === "managed") continue;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      for (const sub of Object.keys(v)) out.add(`${k}.${sub}`);
    } else out.add(k);
  }
  return out;
}

/** Line (1-based) of the first occurrence of `needle` in `text` at or after `from`, or null. */
function lineOf(text: string, needle: string, from = 0): number | null {
  const i = text.indexOf(needle, from);
  if (i < 0) return null;
  let line = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** The line of a key (`audit.mode`: its table, then the key inside it). */
function keyLine(text: string, key: string): number | null {
  const dot = key.indexOf(".");
  if (dot < 0) return lineOf(text, key);
  const table = key.slice(0, dot);
  const t = text.indexOf(`[${table}`);
  return lineOf(text, key.slice(dot + 1), t < 0 ? 0 : t) ?? lineOf(text, key);
}

interface ManagedControls {
  lock: string[];
  allowManagedRulesOnly: boolean | null;
  remember: RememberCap | null;
}

function managedTable(src: ManagedSource): ManagedControls {
  const out: ManagedControls = { lock: [], allowManagedRulesOnly: null, remember: null };
  const v = src.data.managed;
  if (v === undefined) return out;
  const at = lineOf(src.text, "[managed");
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new PolicyError(src.path, at, `"managed" must be a table ([managed])`);
  }
  const t = v as Record<string, unknown>;
  for (const k of Object.keys(t)) {
    if (!MANAGED_KEYS.includes(k)) {
      throw new PolicyError(
        src.path,
        lineOf(src.text, k) ?? at,
        `unknown key "managed.${k}" (expected ${MANAGED_KEYS.join(", ")})`,
      );
    }
  }
  if (t.lock !== undefined) {
    if (!Array.isArray(t.lock) || !t.lock.every((x) => typeof x === "string")) {
      throw new PolicyError(
        src.path,
        lineOf(src.text, "lock") ?? at,
        `"managed.lock" must be an array of key names`,
      );
    }
    for (const k of t.lock as string[]) {
      if (!LOCKABLE_KEYS.includes(k) && !LOCKABLE_TABLES.includes(k)) {
        throw new PolicyError(
          src.path,
          lineOf(src.text, JSON.stringify(k)) ?? lineOf(src.text, "lock") ?? at,
          `"managed.lock": unknown key "${k}" (lockable: ${
            [...LOCKABLE_KEYS, ...LOCKABLE_TABLES].join(", ")
          })`,
        );
      }
      out.lock.push(k);
    }
  }
  if (t.allow_managed_rules_only !== undefined) {
    if (typeof t.allow_managed_rules_only !== "boolean") {
      throw new PolicyError(
        src.path,
        lineOf(src.text, "allow_managed_rules_only") ?? at,
        `"managed.allow_managed_rules_only" must be true or false`,
      );
    }
    out.allowManagedRulesOnly = t.allow_managed_rules_only;
  }
  if (t.remember !== undefined) {
    if (!REMEMBER_CAPS.includes(t.remember as RememberCap)) {
      throw new PolicyError(
        src.path,
        lineOf(src.text, "remember") ?? at,
        `"managed.remember" must be ${REMEMBER_CAPS.map((c) => `"${c}"`).join(", ")}`,
      );
    }
    out.remember = t.remember as RememberCap;
  }
  return out;
}

/** The managed files merged into one compiled layer, before the user's file is merged in. */
export interface CompiledManaged {
  policy: CompiledPolicy;
  /** Keys any managed file set. */
  present: Set<string>;
  layer: ManagedLayer;
}

function capRank(c: RememberCap): number {
  return REMEMBER_CAPS.indexOf(c);
}

/** Re-indexes managed rules across files and marks them managed. */
function managedRules(all: PolicyRule[][]): PolicyRule[] {
  const next = new Map<string, number>();
  const out: PolicyRule[] = [];
  for (const rules of all) {
    for (const r of rules) {
      const key = `${r.server ?? ""}\0${r.kind}`;
      const index = next.get(key) ?? 0;
      next.set(key, index + 1);
      out.push({ ...r, index, layer: "managed", file: r.file });
    }
  }
  return out;
}

/**
 * Validates and merges the managed files (in the order given: policy.toml, then policy.d in name
 * order). Throws PolicyError naming the file and line. An empty list: null (no managed layer).
 */
export function compileManaged(
  sources: ManagedSource[],
  builtinSecretIds: Set<string> | null = null,
): CompiledManaged | null {
  if (!sources.length) return null;
  const present = new Set<string>();
  const lock: { key: string; file: string }[] = [];
  let allowOnly = false;
  let remember: RememberCap = "always";
  let mode: PolicyMode | null = null;
  const ruleLists: PolicyRule[][] = [];
  let merged: CompiledPolicy | null = null;
  let mcp: McpSettings | null = null;
  const secretIds = new Set<string>();
  for (const src of sources) {
    const c = managedTable(src);
    for (const k of c.lock) {
      if (!lock.some((l) => l.key === k)) lock.push({ key: k, file: src.path });
    }
    if (c.allowManagedRulesOnly) allowOnly = true;
    if (c.remember !== null && capRank(c.remember) < capRank(remember)) remember = c.remember;
    const { managed, ...data } = src.data;
    // `[managed] block = […]` means what a top-level `block = […]` means (after it).
    for (const kind of ["block", "ask", "allow"] as const) {
      const v = (managed as Record<string, unknown> | undefined)?.[kind];
      if (v === undefined) continue;
      const top = data[kind];
      // Whichever is not a list stays, for compilePolicy to refuse (with its line).
      if (!Array.isArray(v)) data[kind] = v;
      else if (top === undefined) data[kind] = v;
      else if (Array.isArray(top)) data[kind] = [...top, ...v];
    }
    const p = compilePolicy(data, src.path, src.text, builtinSecretIds);
    for (const r of p.detectors.secretRules) {
      if (secretIds.has(r.id)) {
        throw new PolicyError(
          src.path,
          lineOf(src.text, JSON.stringify(r.id)),
          `secret rule "${r.id}" is already defined by an earlier managed file`,
        );
      }
      secretIds.add(r.id);
    }
    const has = presentKeys(data);
    if (has.has("mode")) mode = p.mode;
    ruleLists.push(p.rules.map((r) => ({ ...r, file: src.path })));
    const hostKeys = ["mcp.hosts_allow", "mcp.hosts_default", "mcp.max_result_mib"];
    const samples = has.has("mcp.sampling") || Object.keys(p.mcp.serverSampling).length > 0;
    if (hostKeys.some((k) => has.has(k)) || samples) {
      const prev: McpSettings = mcp ?? DEFAULT_MCP;
      mcp = {
        hostsAllow: has.has("mcp.hosts_allow")
          ? [...new Set([...prev.hostsAllow, ...p.mcp.hostsAllow])]
          : prev.hostsAllow,
        hostsDefault: has.has("mcp.hosts_default") ? p.mcp.hostsDefault : prev.hostsDefault,
        maxResultBytes: has.has("mcp.max_result_mib") ? p.mcp.maxResultBytes : prev.maxResultBytes,
        // Sampling across managed files: each file can only tighten (the stricter mode wins).
        ...stricterSampling(
          prev,
          has.has("mcp.sampling") ? p.mcp : { ...p.mcp, sampling: "allow" },
        ),
      };
    }
    merged = merged === null ? p : mergeSettings(merged, present, p, has, [], src.text, null);
    for (const k of has) present.add(k);
  }
  const policy: CompiledPolicy = {
    ...merged!,
    file: null,
    rules: managedRules(ruleLists),
    mcp: mcp ?? DEFAULT_MCP,
  };
  return {
    policy,
    present,
    layer: {
      files: sources.map((s) => s.path),
      lock,
      allowManagedRulesOnly: allowOnly || lock.some((l) => l.key === "allow"),
      remember,
      mode,
      mcp,
      ignored: [],
      droppedAllows: 0,
    },
  };
}

/** Is `key` locked (by its own name or its table's)? */
function isLocked(lock: readonly string[], key: string): boolean {
  return lock.includes(key) || lock.includes(key.split(".")[0]);
}

/**
 * The settings of `base` (what lower layers set: `basePresent`) overlaid by `top` (what it sets:
 * `topPresent`), except for locked keys, which keep the base's value (or the default when the
 * base never set them). Rules are the caller's business. Locked keys `top` set anyway are pushed
 * to `ignored` (with their line in `topText`, the file `topFile`).
 */
function mergeSettings(
  base: CompiledPolicy,
  basePresent: Set<string>,
  top: CompiledPolicy,
  topPresent: Set<string>,
  lock: readonly string[],
  topText: string,
  ignored: ManagedLayer["ignored"] | null,
): CompiledPolicy {
  const pick = <T>(key: string, baseVal: T, topVal: T, def: T): T => {
    if (topPresent.has(key)) {
      if (!isLocked(lock, key)) return topVal;
      ignored?.push({ key, file: top.file ?? "", line: keyLine(topText, key) });
    }
    return basePresent.has(key) ? baseVal : def;
  };
  /** A list the top layer adds to (unless locked). */
  const union = <T>(key: string, baseVal: T[], topVal: T[]): T[] => {
    if (!topPresent.has(key)) return baseVal;
    if (isLocked(lock, key)) {
      ignored?.push({ key, file: top.file ?? "", line: keyLine(topText, key) });
      return baseVal;
    }
    return [...baseVal, ...topVal.filter((x) => !baseVal.includes(x))];
  };
  const bd = base.detectors;
  const td = top.detectors;
  const bf = base.flow;
  const tf = top.flow;
  let tools = bf.tools;
  if (topPresent.has("flow.tools")) {
    if (isLocked(lock, "flow.tools")) {
      ignored?.push({ key: "flow.tools", file: top.file ?? "", line: keyLine(topText, "tools") });
    } else tools = ignored === null ? { ...bf.tools, ...tf.tools } : { ...tf.tools, ...bf.tools };
  }
  return {
    file: top.file,
    mode: pick("mode", base.mode, top.mode, "enforce"),
    asks: pick("asks", base.asks, top.asks, "auto"),
    watch: {
      unlockMinutes: pick(
        "watch.unlock_minutes",
        base.watch.unlockMinutes,
        top.watch.unlockMinutes,
        DEFAULT_WATCH.unlockMinutes,
      ),
    },
    rules: base.rules,
    audit: {
      mode: pick("audit.mode", base.audit.mode, top.audit.mode, DEFAULT_AUDIT.mode),
      rotateBytes: pick(
        "audit.rotate_mib",
        base.audit.rotateBytes,
        top.audit.rotateBytes,
        DEFAULT_AUDIT.rotateBytes,
      ),
    },
    detectors: {
      // Secret rules only ever add detection: both layers' apply.
      secretRules: [...bd.secretRules, ...td.secretRules],
      secretDisable: union("secrets.disable", bd.secretDisable, td.secretDisable),
      secretAllow: union("secrets.allow", bd.secretAllow, td.secretAllow),
      injectionThreshold: pick(
        "injection.threshold",
        bd.injectionThreshold,
        td.injectionThreshold,
        DEFAULT_DETECTORS.injectionThreshold,
      ),
      injectionSpotlight: pick(
        "injection.spotlight",
        bd.injectionSpotlight,
        td.injectionSpotlight,
        DEFAULT_DETECTORS.injectionSpotlight,
      ),
      injectionDisable: union("injection.disable", bd.injectionDisable, td.injectionDisable),
    },
    mcp: base.mcp,
    flow: {
      preset: pick("flow.preset", bf.preset, tf.preset, DEFAULT_FLOW.preset),
      privatePaths: union("flow.private_paths", bf.privatePaths, tf.privatePaths),
      declassifiers: union("flow.declassifiers", bf.declassifiers, tf.declassifiers),
      tools,
    },
  };
}

/**
 * The policy the engine runs: the managed layer `m` merged with the user's compiled policy
 * (`userPresent`: the keys the user's file set; `userText`: its text, for the lines of ignored
 * keys). Without a managed layer the user's policy is returned as it is.
 */
export function mergeManaged(
  m: CompiledManaged | null,
  user: CompiledPolicy,
  userPresent: Set<string>,
  userText: string,
): CompiledPolicy {
  if (m === null) return user;
  const lock = m.layer.lock.map((l) => l.key);
  const ignored: ManagedLayer["ignored"] = [];
  const settings = mergeSettings(m.policy, m.present, user, userPresent, lock, userText, ignored);
  const userRules = m.layer.allowManagedRulesOnly
    ? user.rules.filter((r) => r.kind !== "allow")
    : user.rules;
  // The user's host list is judged as the user wrote it (a locked key falls back to the default);
  // the managed list is judged apart, first (engine.ts hostFindings).
  const hostsLocked = (k: string) => userPresent.has(k) && isLocked(lock, k);
  for (const k of ["mcp.hosts_allow", "mcp.hosts_default", "mcp.max_result_mib"]) {
    if (hostsLocked(k)) ignored.push({ key: k, file: user.file ?? "", line: keyLine(userText, k) });
  }
  const userMcp: McpSettings = {
    hostsAllow: hostsLocked("mcp.hosts_allow") ? DEFAULT_MCP.hostsAllow : user.mcp.hostsAllow,
    hostsDefault: hostsLocked("mcp.hosts_default")
      ? DEFAULT_MCP.hostsDefault
      : user.mcp.hostsDefault,
    // The largest result scanned: the smaller of the two (the user can only lower it).
    maxResultBytes: Math.min(
      m.policy.mcp.maxResultBytes,
      hostsLocked("mcp.max_result_mib") ? DEFAULT_MCP.maxResultBytes : user.mcp.maxResultBytes,
    ),
    // Sampling: the user can only restrict what the managed policy lets servers ask for.
    ...stricterSampling(m.policy.mcp, user.mcp),
  };
  return {
    ...settings,
    file: user.file,
    rules: [...m.policy.rules, ...userRules],
    mcp: userMcp,
    managed: {
      ...m.layer,
      ignored,
      droppedAllows: user.rules.length - userRules.length,
    },
  };
}

/** Does observe mode let a decision of this rule run? Never a managed rule, unless the managed files chose observe. */
export function observeRelaxes(policy: CompiledPolicy, ruleId: string): boolean {
  if (!ruleId.startsWith("managed.")) return true;
  return policy.managed?.mode === "observe";
}

/** The managed or user rule a rule id names (for explain: its file and line). */
export function policyRuleById(policy: CompiledPolicy, id: string): PolicyRule | null {
  for (const r of policy.rules) if (ruleId(r) === id) return r;
  return null;
}

const SAMPLING_ORDER: Record<SamplingMode, number> = { allow: 0, ask: 1, block: 2 };

function stricter(a: SamplingMode, b: SamplingMode): SamplingMode {
  return SAMPLING_ORDER[a] >= SAMPLING_ORDER[b] ? a : b;
}

/**
 * Two layers' sampling settings combined so that neither loosens the other: the stricter global
 * mode, and for every server either layer names, the stricter of what each layer means for it
 * (its per-server mode, else its global one).
 */
export function stricterSampling(
  a: Pick<McpSettings, "sampling" | "serverSampling">,
  b: Pick<McpSettings, "sampling" | "serverSampling">,
): Pick<McpSettings, "sampling" | "serverSampling"> {
  const serverSampling: Record<string, SamplingMode> = {};
  for (
    const name of new Set([...Object.keys(a.serverSampling), ...Object.keys(b.serverSampling)])
  ) {
    serverSampling[name] = stricter(
      Object.hasOwn(a.serverSampling, name) ? a.serverSampling[name] : a.sampling,
      Object.hasOwn(b.serverSampling, name) ? b.serverSampling[name] : b.sampling,
    );
  }
  return { sampling: stricter(a.sampling, b.sampling), serverSampling };
}
