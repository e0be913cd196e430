/**
 * Flow tracking across calls: taint labels on results, provenance of later
 * arguments, and the toolchain state of a session (has untrusted content
 * entered? has private data been read?). Pure: the state is a plain object the
 * caller loads and saves (the hook under `~/.aiguard/sessions/`, the MCP proxy
 * in memory); the clock is passed in.
 *
 *  - `admitCall`    a call is about to run: its capabilities set the toolchain
 *                   state (a web fetch lets untrusted content in; a credential
 *                   read brings private data in).
 *  - `recordResult` a result came back (PostToolUse, proxy): labels from the
 *                   tool's capabilities, the detectors and the provenance of its
 *                   inputs; fingerprints of its distinctive tokens.
 *  - `checkFlow`    before a call runs: secret or private provenance in an
 *                   egress call, and the lethal trifecta.
 */
import type { Capability } from "./capability_names.ts";
import {
  decodedViews,
  FingerprintStore,
  hash64,
  REF_MASK,
  SECRET_BIT,
  seedsOf,
  tokensOf,
  type TripleProbe,
} from "./fingerprint.ts";
import { expandHome, globMatchesExactly, hasGlob, normalize, within } from "../zones/paths.ts";
import { rule } from "../core/rules.ts";
import type { Decision } from "../core/types.ts";

import {
  DEFAULT_FLOW,
  type FlowSettings,
  type Label,
  LABELS,
  type Preset,
  PRESETS,
} from "./flow_settings.ts";
export { DEFAULT_FLOW, type FlowSettings, type Label, LABELS, type Preset, PRESETS };

export const FLOW_LIMITS = {
  /** Results tracked per session (oldest forgotten first). */
  maxResults: 1000,
  /** Fingerprints per session (12 bytes each on disk). */
  maxFingerprints: 40_000,
  /** Distinctive tokens remembered per result. */
  tokensPerResult: 96,
  /** Result text scanned for tokens. */
  maxScanChars: 4 * 1024 * 1024,
  /** Ids kept for the toolchain flags (proof). */
  flagIds: 16,
};

export interface TrackedResult {
  id: number;
  tool: string;
  labels: Label[];
  /** ms since the epoch. */
  at: number;
}

export interface FlowState {
  /** Keys the fingerprints (hex). */
  salt: string;
  nextId: number;
  /** Results (or admitted calls) that let untrusted content in. */
  untrusted: number[];
  /** Results (or admitted calls) that brought private data in. */
  private: number[];
  results: TrackedResult[];
  fp: FingerprintStore;
  updated: number;
  /** Set when the state had to be rebuilt: history unknown, assume the worst. */
  reset?: string;
  /**
   * The session's workspace (absolute, canonical), anchored by the front end on the first call
   * that has one (src/state/workspace.ts); never changed afterwards. Absent in older state files.
   */
  workspace?: string;
}

export function newFlowState(salt: string, now: number): FlowState {
  return {
    salt,
    nextId: 1,
    untrusted: [],
    private: [],
    results: [],
    fp: new FingerprintStore(),
    updated: now,
  };
}

/** What flow tracking needs to know about one call. */
export interface FlowCall {
  tool: string;
  caps: Capability[];
  /** Rule ids the engine found (credential reads and the like mark private data). */
  findings: string[];
  /** Paths the call touches, absolute. */
  paths: string[];
  /** Everything the call sends: command text, URL, argument strings, written content. */
  texts: string[];
  /** Memo of `provenance(state, texts)`: the check and the result record of one call share it. */
  sourcesMemo?: Map<number, boolean>;
}

/** The results a call's texts came from, computed once per call. */
function callSources(state: FlowState, call: FlowCall): Map<number, boolean> {
  return call.sourcesMemo ??= provenance(state, call.texts);
}

export interface FlowProof {
  rules: string[];
  labels: Label[];
  /** Ids of the results the labels came from. */
  sources: number[];
  caps: Capability[];
}

export interface FlowVerdict {
  decision: Decision | null;
  proof: FlowProof;
}

const EGRESS: Capability[] = ["network-egress", "sends-message"];
const PRIVATE_RULES = new Set([
  "secrets.credential-access",
  "secrets.keychain",
  "secrets.env-dump",
]);

export function isEgress(caps: Capability[]): boolean {
  return caps.some((c) => EGRESS.includes(c));
}

function sortedLabels(s: Set<Label>): Label[] {
  return LABELS.filter((l) => s.has(l));
}

/** A path is private when it, or a directory containing it, matches a `private_paths` entry. */
function privatePath(paths: string[], settings: FlowSettings, home: string): boolean {
  for (const raw of settings.privatePaths) {
    const pat = normalize(expandHome(raw, home).replace(/\*\*/g, "*"));
    for (const p of paths) {
      if (!hasGlob(pat)) {
        if (p === pat || within(p, pat)) return true;
        continue;
      }
      for (let a = p; a.length > 1; a = a.slice(0, a.lastIndexOf("/")) || "/") {
        if (globMatchesExactly(pat, a)) return true;
      }
    }
  }
  return false;
}

/** Labels a call's own capabilities and targets give what it reads. */
function capabilityLabels(call: FlowCall, settings: FlowSettings, home: string): Set<Label> {
  const out = new Set<Label>();
  if (call.caps.includes("reads-untrusted-external")) out.add("untrusted");
  if (call.caps.includes("reads-private")) out.add("private");
  if (call.findings.some((f) => PRIVATE_RULES.has(f))) out.add("private");
  if (settings.privatePaths.length && privatePath(call.paths, settings, home)) out.add("private");
  return out;
}

function pushFlag(list: number[], id: number): void {
  if (list.includes(id)) return;
  list.push(id);
  if (list.length > FLOW_LIMITS.flagIds) list.splice(0, list.length - FLOW_LIMITS.flagIds);
}

function newId(state: FlowState): number {
  const id = state.nextId++;
  if (state.nextId >= REF_MASK) state.nextId = 1; // never in practice: 2^31 results
  return id;
}

/** A call is about to run: its capabilities update the toolchain state. */
export function admitCall(
  state: FlowState,
  call: FlowCall,
  settings: FlowSettings,
  home: string,
  now: number,
): Label[] {
  const labels = capabilityLabels(call, settings, home);
  if (!labels.size) return [];
  const id = newId(state);
  if (labels.has("untrusted")) pushFlag(state.untrusted, id);
  if (labels.has("private")) pushFlag(state.private, id);
  state.updated = now;
  return sortedLabels(labels);
}

/** Results whose fingerprints occur in the texts: ref → secret hit? */
export function provenance(state: FlowState, texts: string[]): Map<number, boolean> {
  const out = new Map<number, boolean>();
  if (!state.fp.size) return out;
  const seeds = seedsOf(state.salt);
  const seen = new Set<string>();
  for (const text of texts) {
    for (const view of decodedViews(text.slice(0, FLOW_LIMITS.maxScanChars))) {
      for (const t of tokensOf(view, 4096)) {
        if (seen.has(t)) continue;
        seen.add(t);
        for (const ref of state.fp.refs(hash64(t, seeds))) {
          const id = ref & REF_MASK;
          const secret = (ref & SECRET_BIT) !== 0;
          out.set(id, (out.get(id) ?? false) || secret);
        }
      }
    }
  }
  return out;
}

export interface ResultOutput {
  /** The result's text (all text-bearing parts joined). */
  text: string;
  /** Secret values the detector found in it. */
  secrets: string[];
  /** The injection detector flagged it. */
  injection: boolean;
  /** Known private for another reason (e.g. the proxy masked secrets in it). */
  private?: boolean;
}

export interface RecordedResult {
  id: number;
  labels: Label[];
  inherited: Label[];
  sources: number[];
}

/** A result came back: label it, remember its fingerprints, update the toolchain state. */
export function recordResult(
  state: FlowState,
  call: FlowCall,
  output: ResultOutput,
  settings: FlowSettings,
  home: string,
  now: number,
): RecordedResult {
  const labels = capabilityLabels(call, settings, home);
  if (output.secrets.length) {
    labels.add("private");
    labels.add("secret");
  }
  if (output.injection) labels.add("untrusted");
  if (output.private) labels.add("private");
  // Inherited: what the call's inputs came from (a summariser of a private file is private).
  const inherited = new Set<Label>();
  const sources: number[] = [];
  for (const [ref, secret] of callSources(state, call)) {
    const r = state.results.find((x) => x.id === ref);
    if (!r) continue;
    sources.push(ref);
    for (const l of r.labels) inherited.add(l);
    if (secret) inherited.add("secret");
  }
  const declassified = settings.declassifiers.includes(call.tool);
  if (!declassified) { for (const l of inherited) labels.add(l); }
  const id = newId(state);
  const sorted = sortedLabels(labels);
  if (labels.has("untrusted")) pushFlag(state.untrusted, id);
  if (labels.has("private")) pushFlag(state.private, id);
  if (sorted.length) {
    state.results.push({ id, tool: call.tool.slice(0, 120), labels: sorted, at: now });
    const seeds = seedsOf(state.salt);
    const triples: number[] = [];
    const secretTokens = new Set<string>();
    for (const s of output.secrets) {
      for (const t of tokensOf(s, 16)) secretTokens.add(t);
      if (s.length >= 10 && s.length <= 512) secretTokens.add(s);
    }
    for (const t of secretTokens) triples.push(...hash64(t, seeds), (id | SECRET_BIT) >>> 0);
    const room = Math.max(0, FLOW_LIMITS.tokensPerResult - secretTokens.size);
    for (const t of tokensOf(output.text.slice(0, FLOW_LIMITS.maxScanChars), room)) {
      if (!secretTokens.has(t)) triples.push(...hash64(t, seeds), id);
    }
    state.fp.add(triples);
    evict(state);
  }
  state.updated = now;
  return {
    id,
    labels: sorted,
    inherited: declassified ? [] : sortedLabels(inherited),
    sources: sources.sort((a, b) => a - b),
  };
}

function evict(state: FlowState): void {
  let drop = 0;
  if (state.results.length > FLOW_LIMITS.maxResults) {
    drop = state.results.length - FLOW_LIMITS.maxResults;
  }
  if (state.fp.size > FLOW_LIMITS.maxFingerprints) {
    // Forget the oldest results until the fingerprints fit (about a tenth at a time).
    drop = Math.max(drop, Math.ceil(state.results.length / 10));
  }
  if (!drop) return;
  state.results.splice(0, drop);
  const minRef = state.results.length ? state.results[0].id : state.nextId;
  state.fp.dropBelow(minRef);
  if (state.fp.size > FLOW_LIMITS.maxFingerprints) evict(state);
}

function flowDecision(id: string, detail: string, action?: "ask" | "block"): Decision {
  const r = rule(id);
  return {
    action: action ?? r.action,
    risk: r.risk,
    warning: `${r.warning}: ${detail}`,
    rule: id,
    remediation: r.remediation,
  };
}

const SEVERITY = { allow: 0, ask: 1, block: 2 } as const;

/** The most restrictive of two decisions (flow never loosens the engine's). */
export function mergeDecisions(engine: Decision, flow: Decision | null): Decision {
  if (!flow) return engine;
  return SEVERITY[flow.action] > SEVERITY[engine.action] ? flow : engine;
}

function describe(state: FlowState, ids: number[]): string {
  const names = ids.slice(0, 3).map((id) => {
    const r = state.results.find((x) => x.id === id);
    return `#${id}${r ? ` (${r.tool})` : ""}`;
  });
  return names.join(", ") + (ids.length > 3 ? ` and ${ids.length - 3} more` : "");
}

/** Before a call runs: does it carry tracked data out, or complete the lethal trifecta? */
export function checkFlow(state: FlowState, call: FlowCall, settings: FlowSettings): FlowVerdict {
  const proof: FlowProof = { rules: [], labels: [], sources: [], caps: call.caps };
  if (!isEgress(call.caps)) return { decision: null, proof };
  const hits = callSources(state, call);
  const labels = new Set<Label>();
  const secretSources: number[] = [];
  const privateSources: number[] = [];
  for (const [id, secret] of hits) {
    const r = state.results.find((x) => x.id === id);
    if (secret) {
      secretSources.push(id);
      labels.add("secret");
    }
    for (const l of r?.labels ?? []) labels.add(l);
    if (r?.labels.includes("private") || secret) privateSources.push(id);
  }
  proof.sources = [...hits.keys()].sort((a, b) => a - b);
  const candidates: Decision[] = [];
  if (secretSources.length) {
    proof.rules.push("flow.secret-egress");
    candidates.push(
      flowDecision(
        "flow.secret-egress",
        `a secret from result ${describe(state, secretSources)} is in this call`,
      ),
    );
  }
  if (privateSources.length && settings.preset !== "permissive") {
    proof.rules.push("flow.private-egress");
    candidates.push(
      flowDecision(
        "flow.private-egress",
        `data from private result ${describe(state, privateSources)} is in this call`,
        settings.preset === "strict" ? "block" : "ask",
      ),
    );
  }
  const trifecta = (state.untrusted.length > 0 && state.private.length > 0) || !!state.reset;
  if (trifecta && settings.preset !== "permissive") {
    proof.rules.push("flow.trifecta");
    labels.add("untrusted");
    labels.add("private");
    proof.sources = [...new Set([...proof.sources, ...state.untrusted, ...state.private])]
      .sort((a, b) => a - b);
    const why = state.reset
      ? `the session's history is unknown (${state.reset})`
      : `untrusted content (${describe(state, state.untrusted)}) and private data (${
        describe(state, state.private)
      }) entered this session`;
    candidates.push(
      flowDecision(
        "flow.trifecta",
        why,
        settings.preset === "strict" ? "block" : "ask",
      ),
    );
  }
  proof.labels = sortedLabels(labels);
  let decision: Decision | null = null;
  for (const c of candidates) decision = decision ? mergeDecisions(decision, c) : c;
  return { decision, proof };
}

// ── serialisation (the hook's session file) ─────────────────────────────────

const MAGIC = 0x314c4647; // "GFL1" little-endian

interface StateMeta {
  v: 1;
  salt: string;
  nextId: number;
  untrusted: number[];
  private: number[];
  /** Columns (cheap to parse and write on every hook call): ids, tool-name index, label bits, times. */
  results: { id: number[]; tools: string[]; tool: number[]; labels: number[]; at: number[] };
  updated: number;
  reset?: string;
  /** Optional: files written before it existed decode without it. */
  workspace?: string;
}

const labelBits = (ls: Label[]) => ls.reduce((m, l) => m | (1 << LABELS.indexOf(l)), 0);
const bitLabels = (m: number) => LABELS.filter((_, i) => m & (1 << i));

/** `GFL1`, u32 JSON length, JSON padded to 4 bytes, then the fingerprint triples. */
export function encodeFlowState(s: FlowState, withFingerprints = true): Uint8Array {
  const meta: StateMeta = {
    v: 1,
    salt: s.salt,
    nextId: s.nextId,
    untrusted: s.untrusted,
    private: s.private,
    results: (() => {
      const tools: string[] = [], index = new Map<string, number>();
      const col = {
        id: [] as number[],
        tools,
        tool: [] as number[],
        labels: [] as number[],
        at: [] as number[],
      };
      for (const r of s.results) {
        let t = index.get(r.tool);
        if (t === undefined) index.set(r.tool, t = tools.push(r.tool) - 1);
        col.id.push(r.id);
        col.tool.push(t);
        col.labels.push(labelBits(r.labels));
        col.at.push(r.at);
      }
      return col;
    })(),
    updated: s.updated,
    ...(s.reset ? { reset: s.reset } : {}),
    ...(s.workspace !== undefined ? { workspace: s.workspace } : {}),
  };
  const raw = new TextEncoder().encode(JSON.stringify(meta));
  // Pad the JSON with spaces to a multiple of 4 bytes so the triples that follow are aligned.
  const jb = new Uint8Array(Math.ceil(raw.length / 4) * 4).fill(32);
  jb.set(raw);
  const fp = withFingerprints ? s.fp.data : new Uint32Array(0);
  const out = new Uint8Array(8 + jb.length + fp.byteLength);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, jb.length, true);
  out.set(jb, 8);
  out.set(
    new Uint8Array(fp.buffer, fp.byteOffset, fp.byteLength),
    8 + jb.length,
  );
  return out;
}

export class FlowStateError extends Error {}

/**
 * Decodes a session file. When it carries no fingerprints, `loadFingerprints`
 * (if given) supplies them on first use: the hook keeps them in a second file
 * and reads it only for calls that need provenance.
 */
export function decodeFlowState(
  b: Uint8Array,
  loadFingerprints?: () => Uint32Array,
  probe?: TripleProbe | null,
): FlowState {
  if (b.length < 8) throw new FlowStateError("truncated");
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw new FlowStateError("bad magic");
  const n = dv.getUint32(4, true);
  if (n % 4 || 8 + n > b.length || (b.length - 8 - n) % 12) throw new FlowStateError("bad layout");
  let meta: StateMeta;
  try {
    meta = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(b.subarray(8, 8 + n)));
  } catch {
    throw new FlowStateError("bad metadata");
  }
  const ints = (v: unknown) => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x));
  if (
    !meta || meta.v !== 1 || typeof meta.salt !== "string" ||
    !/^[0-9a-f]{16,64}$/.test(meta.salt) ||
    !Number.isSafeInteger(meta.nextId) || !ints(meta.untrusted) || !ints(meta.private) ||
    !meta.results || typeof meta.results !== "object" || !Number.isFinite(meta.updated)
  ) throw new FlowStateError("bad metadata");
  if (
    meta.workspace !== undefined &&
    (typeof meta.workspace !== "string" || !meta.workspace.startsWith("/") ||
      meta.workspace.length > 4096 || meta.workspace.includes("\0"))
  ) throw new FlowStateError("bad workspace");
  const results: TrackedResult[] = [];
  const c = meta.results;
  const n2 = Array.isArray(c?.id) ? c.id.length : -1;
  if (
    n2 < 0 || !Array.isArray(c.tools) || !c.tools.every((t) => typeof t === "string") ||
    ![c.tool, c.labels, c.at].every((a) => Array.isArray(a) && a.length === n2)
  ) throw new FlowStateError("bad result columns");
  for (let i = 0; i < n2; i++) {
    const id = c.id[i], tool = c.tools[c.tool[i]], bits = c.labels[i], at = c.at[i];
    if (
      !Number.isSafeInteger(id) || tool === undefined || !Number.isInteger(bits) || bits < 0 ||
      bits >= 1 << LABELS.length || !Number.isFinite(at)
    ) throw new FlowStateError("bad result entry");
    results.push({ id, tool, labels: bitLabels(bits), at });
  }
  const at = b.byteOffset + 8 + n, count = (b.length - 8 - n) / 4;
  // A view when aligned (readFileSync buffers are), a copy otherwise.
  const triples = at % 4 === 0
    ? new Uint32Array(b.buffer, at, count)
    : new Uint32Array(b.slice(8 + n).buffer, 0, count);
  return {
    salt: meta.salt,
    nextId: meta.nextId,
    untrusted: meta.untrusted,
    private: meta.private,
    results,
    fp: count === 0 && loadFingerprints
      ? new FingerprintStore(loadFingerprints, probe ?? null)
      : new FingerprintStore(triples),
    updated: meta.updated,
    ...(meta.reset ? { reset: meta.reset } : {}),
    ...(meta.workspace !== undefined ? { workspace: meta.workspace } : {}),
  };
}
