/**
 * The output-side detectors behind one call: secrets and prompt injection on
 * one untrusted text, with the user's settings, a deadline, and positions as
 * line:column for people. Used by `guard scan`, the MCP proxy and the hook's
 * result handling. Pure.
 */
import { type InjectionResult, scanInjectionWith } from "./injection.ts";
import { DEFAULT_DETECTORS, type DetectorSettings } from "./settings.ts";
import { effectiveRules, findSecrets, redact, type SecretHit } from "./secrets.ts";

export interface Detection {
  secrets: SecretHit[];
  injection: InjectionResult;
}

export interface DetectOptions {
  settings?: DetectorSettings;
  secrets?: boolean;
  injection?: boolean;
  /** Absolute deadline on `now()`'s clock. */
  deadline?: number;
  now?: () => number;
}

export function detect(text: string, opts: DetectOptions = {}): Detection {
  const s = opts.settings ?? DEFAULT_DETECTORS;
  const secrets = opts.secrets === false ? [] : findSecrets(text, {
    rules: effectiveRules(s.secretRules, s.secretDisable),
    allow: s.secretAllow,
  });
  if (opts.deadline !== undefined && opts.now && opts.now() > opts.deadline) {
    throw new DetectDeadline("secret scan passed its deadline");
  }
  const injection = opts.injection === false
    ? { score: 0, flagged: false, threshold: s.injectionThreshold, hits: [] }
    : scanInjectionWith(text, s, opts.deadline, opts.now);
  return { secrets, injection };
}

export class DetectDeadline extends Error {}

/** Secrets masked with the user's settings. */
export function redactWith(text: string, settings: DetectorSettings = DEFAULT_DETECTORS): string {
  return redact(text, {
    rules: effectiveRules(settings.secretRules, settings.secretDisable),
    allow: settings.secretAllow,
  });
}

/** 1-based line and column (in UTF-16 units) of each offset. */
export function lineColumns(text: string): (offset: number) => { line: number; col: number } {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - starts[lo] + 1 };
  };
}

/** A secret shown safely: its first 4 characters and its length. */
export function maskSecret(value: string): string {
  return `${value.slice(0, 4)}…(${value.length} chars)`;
}
