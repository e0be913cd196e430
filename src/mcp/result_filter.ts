/**
 * What reaches the client from an allowed `tools/call`: the result is scanned
 * for prompt injection (at the block threshold withheld whole, replaced by an
 * `isError` result naming the rule; in the spotlight band passed spotlighted,
 * src/detect/verdict.ts) and secrets are masked as `[REDACTED:<rule>]` in every
 * text-bearing place — `content[].text`, embedded resource text, resource-link
 * names and descriptions, every string of `structuredContent` — so the result
 * keeps its shape and stays valid against the tool's `outputSchema`. Pure.
 */
import { detect } from "../detect/detect.ts";
import type { InjectionResult } from "../detect/injection.ts";
import { DEFAULT_DETECTORS, type DetectorSettings } from "../policy/user_policy.ts";
import { effectiveRules, findSecrets } from "../detect/secrets.ts";
import { injectionBand, spotlightResult } from "../detect/verdict.ts";

export interface FilterOptions {
  settings?: DetectorSettings;
  deadline?: number;
  now?: () => number;
  /** The tool's name, for the spotlight notice. */
  tool?: string;
}

export type FilterVerdict =
  | { action: "pass" }
  | { action: "redacted"; result: Record<string, unknown>; secrets: string[] }
  | { action: "withhold"; injection: InjectionResult }
  /** In the spotlight band: `result` is the spotlighted one (secrets masked too). */
  | {
    action: "spotlight";
    result: Record<string, unknown>;
    secrets: string[];
    injection: InjectionResult;
  };

/** A model-visible string of a message, with a setter (masking writes through it). */
export type Slot = { get(): string; set(v: string): void };

/**
 * The strings of a content block the model sees, by block type, in the order they are read
 * (`resource.text`: the text of the embedded resource). The streamed scan (result_stream.ts)
 * reads the same table, so both look at the same places.
 */
export const SHOWN_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ["text", ["text"]],
  ["resource_link", ["name", "title", "description"]],
  ["resource", ["resource.text"]],
]);

/** How many levels below structuredContent its strings are read. */
export const STRUCTURED_DEPTH = 64;

/** Every model-visible string of a result, with a setter. */
function slots(result: Record<string, unknown>): Slot[] {
  const out: Slot[] = [];
  const field = (o: Record<string, unknown>, k: string) => {
    if (typeof o[k] === "string") out.push({ get: () => o[k] as string, set: (v) => (o[k] = v) });
  };
  if (Array.isArray(result.content)) {
    for (const c of result.content) {
      if (!c || typeof c !== "object") continue;
      const block = c as Record<string, unknown>;
      const fields = typeof block.type === "string" ? SHOWN_FIELDS.get(block.type) : undefined;
      for (const path of fields ?? []) {
        const [outer, inner] = path.split(".");
        if (inner === undefined) field(block, outer);
        else if (block[outer] && typeof block[outer] === "object") {
          field(block[outer] as Record<string, unknown>, inner);
        }
      }
    }
  }
  // structuredContent: every string, keys included in the walk but never rewritten.
  const walk = (v: unknown, depth: number) => {
    if (depth > STRUCTURED_DEPTH || !v || typeof v !== "object") return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        if (typeof x === "string") out.push({ get: () => v[i], set: (s) => (v[i] = s) });
        else walk(x, depth + 1);
      });
      return;
    }
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (typeof o[k] === "string") out.push({ get: () => o[k] as string, set: (s) => (o[k] = s) });
      else walk(o[k], depth + 1);
    }
  };
  walk(result.structuredContent, 0);
  return out;
}

export function filterResult(result: unknown, opts: FilterOptions = {}): FilterVerdict {
  if (!result || typeof result !== "object" || Array.isArray(result)) return { action: "pass" };
  const r = result as Record<string, unknown>;
  const v = judgeSlots(slots(r), opts);
  if (v.action === "redacted") return { action: "redacted", result: r, secrets: v.secrets };
  if (v.action === "spotlight") {
    // In the spotlight band: the result passes wrapped as data (its secrets masked already).
    return {
      action: "spotlight",
      result: spotlightResult(r, v.injection.score, opts.tool),
      secrets: v.secrets,
      injection: v.injection,
    };
  }
  return v;
}

/** The verdict on a set of model-visible strings (withheld, masked in place, or passed). */
export type SlotVerdict =
  | { action: "pass" }
  | { action: "redacted"; secrets: string[] }
  | { action: "withhold"; injection: InjectionResult }
  /** Instruction-like text below the block threshold (graded verdicts, ADR 0025). */
  | { action: "spotlight"; secrets: string[]; injection: InjectionResult };

/**
 * The one verdict function of the proxy: the strings joined are scanned for a prompt injection
 * (withhold), then each is masked for secrets (`[REDACTED:<rule>]`, written back through its
 * setter). Tool results and every other channel a server talks through (src/mcp/channels.ts)
 * are judged here.
 */
export function judgeSlots(all: Slot[], opts: FilterOptions = {}): SlotVerdict {
  const settings = opts.settings ?? DEFAULT_DETECTORS;
  if (!all.length) return { action: "pass" };
  const text = all.map((s) => s.get()).join("\n\n");
  const d = detect(text, { settings, secrets: false, deadline: opts.deadline, now: opts.now });
  const band = injectionBand(d.injection.score, settings);
  if (band === "block") return { action: "withhold", injection: d.injection };
  const rules = effectiveRules(settings.secretRules, settings.secretDisable);
  const found: string[] = [];
  for (const s of all) {
    const v = s.get();
    const hits = findSecrets(v, { rules, allow: settings.secretAllow });
    if (!hits.length) continue;
    let out = "";
    let pos = 0;
    for (const h of hits) {
      out += v.slice(pos, h.start) + `[REDACTED:${h.rule}]`;
      pos = h.end;
      found.push(h.rule);
    }
    s.set(out + v.slice(pos));
  }
  if (band === "spotlight") return { action: "spotlight", secrets: found, injection: d.injection };
  return found.length ? { action: "redacted", secrets: found } : { action: "pass" };
}
