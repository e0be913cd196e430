/**
 * What the pure engine gets and gives: the context it decides in (home, state directory, guard's
 * own paths, the user's policy, the shell parser, the workspace, limits) and the evaluation it
 * returns (the Decision and the trace `guard explain` prints).
 */
import type { ShellParser } from "../shell/parse/parser.ts";
import type { UnitShape } from "../shell/call_shape.ts";
import type { Action, Decision, EffectTrace, Finding, Limits } from "../core/types.ts";
import type { CompiledPolicy } from "./user_policy.ts";

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
  shape?: UnitShape | null;
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
