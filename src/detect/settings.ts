/**
 * The detectors' user settings (the policy file's `[secrets]` and `[injection]` tables, compiled
 * by src/policy/user_policy.ts) and their defaults. Types and data only: the detectors themselves
 * load only where text is scanned.
 */
import type { SecretRule } from "./secrets.ts";

/** The `[secrets]` and `[injection]` tables: the detectors' user settings. */
export interface DetectorSettings {
  /** User secret rules (`[[secrets.rules]]`), compiled. */
  secretRules: SecretRule[];
  /** Built-in secret rule ids switched off. */
  secretDisable: string[];
  /** Values never reported as secrets. */
  secretAllow: RegExp[];
  /** At or above: the result is withheld (proxy) or reported as an injection (hook). */
  injectionThreshold: number;
  /** At or above (and below the threshold): the result passes spotlighted (src/detect/verdict.ts). */
  injectionSpotlight: number;
  injectionDisable: string[];
}

export const DEFAULT_DETECTORS: DetectorSettings = {
  secretRules: [],
  secretDisable: [],
  secretAllow: [],
  injectionThreshold: 0.7,
  injectionSpotlight: 0.5,
  injectionDisable: [],
};
