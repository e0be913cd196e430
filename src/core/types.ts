/**
 * The seam of guard: every front end maps its input into a `ToolCall` and maps
 * the `Decision` back. Nothing in `src/core/` performs I/O.
 */
import type { ShellParser } from "../shell/parse/parser.ts";
import type { CompiledPolicy } from "../policy/user_policy.ts";

export type Action = "allow" | "ask" | "block";
export type Risk = "low" | "medium" | "high" | "critical";

/** Where in the policy order a rule sits. First tier with a verdict wins. */
export type Tier =
  | "input" // malformed input, limits: fail closed
  | "absolute" // Absolute Block: never overridable
  | "user" // ~/.aiguard/policy.toml
  | "flow" // flow tracking across calls (merged: the most restrictive wins)
  | "builtin" // built-in high-risk patterns
  | "metachar" // shell metacharacters
  | "safe" // safe prefixes
  | "default"; // nothing matched: ask

export const TIER_ORDER: Tier[] = [
  "input",
  "absolute",
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

/** Everything the pure core needs from the outside world. */
export interface EvalContext {
  /** The user's home directory (absolute). */
  home: string;
  /** guard's state directory (normally `$HOME/.aiguard`). */
  stateDir: string;
  /** guard's own executable and installation paths, protected from writes. */
  guardPaths: string[];
  policy: CompiledPolicy;
  parser: ShellParser;
  /**
   * The workspace the session works in (absolute): its git root or start directory, anchored in
   * session state by the front end. Absent: the call's cwd, unless that is the home, `/` or a
   * system directory (then there is no workspace and every write is outside).
   */
  workspace?: string | null;
  /** Limits on analysis work. */
  limits?: Partial<Limits>;
}

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

/** A simple command as seen by the analysis (for `guard explain`). */
export interface UnitTrace {
  id: number;
  text: string;
  origin: string;
  cwd: string | null;
  parent: number | null;
  verdict: Action;
  rule: string;
  /** The program table that judged it (`git commit`, `rm`), when guard has one. */
  program?: string | null;
  /** What it does: each effect, its resolved target, the zone and the verdict (explain). */
  effects?: EffectTrace[];
  /** Its shape (src/shell/call_shape.ts), computed on demand: what a remembered approval names. */
  shape?: import("../shell/call_shape.ts").UnitShape | null;
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
}

export interface Trace {
  parser: "fast" | "tree-sitter" | "none";
  parseErrors: string[];
  units: UnitTrace[];
  findings: Finding[];
  /** Shell calls: argv of each simple command that runs (name first; unknown words ""). */
  programs?: string[][];
}

export interface Evaluation {
  decision: Decision;
  trace: Trace;
}
