/**
 * The `[flow]` policy settings and labels, without the flow-tracking code (the
 * policy compiler needs these on every run; the tracker loads only with a session).
 */
import type { Capability } from "./capability_names.ts";

export type Label = "untrusted" | "private" | "secret";
export const LABELS: Label[] = ["untrusted", "private", "secret"];
export type Preset = "strict" | "balanced" | "permissive";
export const PRESETS: Preset[] = ["strict", "balanced", "permissive"];

/** The `[flow]` table of the policy. */
export interface FlowSettings {
  preset: Preset;
  /** Extra private sources: absolute paths or globs (`~/` allowed). */
  privatePaths: string[];
  /** Exact tool names whose results drop inherited labels. */
  declassifiers: string[];
  /** Capability overrides by exact tool name. */
  tools: Record<string, Capability[]>;
}

export const DEFAULT_FLOW: FlowSettings = {
  preset: "balanced",
  privatePaths: [],
  declassifiers: [],
  tools: {},
};
