/**
 * The seam of guard: every front end maps its input into a `ToolCall` and maps
 * the `Decision` back. Nothing in `src/core/` performs I/O.
 */

export type Action = "allow" | "ask" | "block";
export type Risk = "low" | "medium" | "high" | "critical";

/** Where in the policy order a rule sits. First tier with a verdict wins. */
export type Tier =
  | "input" // malformed input, limits: fail closed
  | "absolute" // Absolute Block: never overridable
  | "managed" // the administrator's /etc/aiguard policy: before the user's, never relaxed by it
  | "user" // ~/.aiguard/policy.toml
  | "flow" // flow tracking across calls (merged: the most restrictive wins)
  | "builtin" // built-in high-risk patterns
  | "metachar" // shell metacharacters
  | "safe" // safe prefixes
  | "default"; // nothing matched: ask

export const TIER_ORDER: Tier[] = [
  "input",
  "absolute",
  "managed",
  "user",
  "flow",
  "builtin",
  "metachar",
  "safe",
  "default",
];

export interface Decision {
  action: Action;
  risk: Risk;
  warning: string;
  /** Id of the rule that produced the decision. */
  rule: string;
  remediation: string;
}

/** The access a file tool performs. */
export type FileOp = "read" | "write" | "list" | "search";

interface CallBase {
  /** Which agent sent it (claude, codex, kimi, …). */
  agent: string;
  /** The tool's own name, as the agent spelled it. */
  tool: string;
  /** Working directory the agent reported; paths resolve against it. */
  cwd: string;
  session: string;
  /** The original tool input, for canonical hashing and user-policy text. */
  input: unknown;
}

export type ToolCall =
  | CallBase & { kind: "shell"; command: string }
  | CallBase & {
    kind: "file";
    op: FileOp;
    /** Target paths as given (absolute or relative to cwd). */
    paths: string[];
    /** Texts being written (file content, replacement strings, patch hunks). */
    contents: string[];
  }
  | CallBase & { kind: "web"; url: string | null; query: string | null }
  | CallBase & { kind: "mcp"; server: string; name: string; args: unknown }
  | CallBase & { kind: "other" };

export interface Limits {
  /** Maximum length of a shell command that is analysed (longer → ask). */
  maxCommandLength: number;
  /** Maximum nesting of re-parsed scripts (bash -c inside eval inside …). */
  maxScriptDepth: number;
  /** Maximum number of simple commands analysed per call. */
  maxUnits: number;
  /** Maximum nodes visited when walking tool arguments (MCP, unknown tools). */
  maxArgNodes: number;
  /** Maximum brace-expansion results considered per word. */
  maxBraceExpansions: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxCommandLength: 64 * 1024,
  maxScriptDepth: 16,
  maxUnits: 20_000,
  maxArgNodes: 5_000,
  maxBraceExpansions: 256,
};

/** One rule that matched, with where it matched. */
export interface Finding {
  rule: string;
  tier: Tier;
  action: Action;
  risk: Risk;
  warning: string;
  remediation: string;
  /** The unit (simple command) it matched, when it matched one. */
  unit?: number;
  /** Short human detail: the offending word, path or pattern. */
  detail?: string;
}

export interface EffectTrace {
  /** read, list, write, delete, exec, network or rule. */
  effect: string;
  /** The resolved path, the destination, or what runs. */
  target: string;
  /** The zone of a path (guard, credential, system, root, outside, scratch, workspace). */
  zone: string | null;
  /** The rule it raised, or null when it may run. */
  verdict: string | null;
  /** What would be lost, by the loss model (src/policy/loss.ts), when it judged the effect. */
  lost?: string;
}
