/**
 * A simple command as the analysis hands it on (src/shell/shell_analysis.ts), and what it does as
 * the program tables read it (src/shell/effects.ts): the two types both sides need.
 */
import type { Stmt } from "./parse/ir.ts";
import type { RWord } from "./words.ts";

export interface RRedir {
  op: string;
  fd: string | null;
  target: RWord | null;
  /** Heredoc body text (after expansion of known parts), when a heredoc. */
  heredoc: RWord | null;
}

export type Stdin =
  | { kind: "text"; text: string; via: string }
  | { kind: "pipe"; from: Stmt[] }
  | { kind: "file"; target: RWord }
  | { kind: "dynamic"; via: string };

export interface Unit {
  id: number;
  /** Command name: basename of argv[0], or "" when there is none or it is dynamic. */
  name: string;
  argv: RWord[];
  assigns: { name: string; value: RWord | null }[];
  redirs: RRedir[];
  cwd: string | null;
  /** How it was reached: "" at top level, or "$(…)", "bash -c", "sudo", "find -exec", … */
  origin: string;
  parent: number | null;
  /** Reached through a wrapper or shell string of the parent: covered by the parent's allow. */
  covered: boolean;
  /** Its meaning is entirely in its derived units (wrappers, shells running known text). */
  transparent: boolean;
  /** Normalised text for user regexes: resolved words plus redirections. */
  text: string;
  /** Source text (when it has one). */
  rawText: string;
  stdin: Stdin | null;
  /** Words, assignments or redirections contain substitutions. */
  subst: boolean;
  /** Nesting depth of re-parsed scripts. */
  depth: number;
  /** Memo of the safe-list check (undefined until computed). */
  safe?: string | null;
  /** A script file it runs (`bash x.sh`, `source x`), judged by its zone. */
  runsFile?: { word: RWord; rule: "exec.script-file" | "exec.source" } | null;
  /** Its effects (computed by the checks). */
  effects?: UnitEffects;
  /** What the inline code it runs does (src/shell/inline/): joins its effects. */
  inline?: { effects: Effect[] } | null;
}

export interface PathRef {
  /** Resolved absolute path (a glob pattern when `glob`), or null when it cannot be known. */
  abs: string | null;
  glob: boolean;
  display: string;
}

export type Effect =
  | {
    k: "read";
    path: PathRef;
    recursive: boolean;
    /**
     * A recursive read whose contents leave what it reads, credential files included: into
     * the output ("out": a search that prints their lines, an archive on stdout) or to a path
     * (a copy or an archive written there).
     */
    sweep?: "out" | PathRef;
  }
  | { k: "list"; path: PathRef; recursive: boolean }
  | {
    k: "write";
    path: PathRef;
    recursive?: boolean;
    /** A permission or ownership change ("add": it only adds permissions, nothing is lost). */
    perm?: "set" | "add";
    /** Written by a redirection: the shell's doing, not the program's. */
    redirect?: boolean;
    /** Its contents are cut (truncate): what it held is lost. */
    truncate?: boolean;
  }
  | {
    k: "delete";
    path: PathRef;
    recursive: boolean;
    /** The path is moved away (mv's sources), not destroyed. */
    move?: boolean;
    /** Where a moved path goes (the destination operand), when known. */
    to?: PathRef;
    /** Only what is empty is deleted (find -empty -delete): nothing is lost. */
    empty?: boolean;
  }
  | {
    k: "exec";
    what: "project" | "file" | "inline" | "program";
    path: PathRef | null;
    display: string;
  }
  | { k: "network"; dest: string; upload: boolean }
  | { k: "rule"; rule: string; display: string };

export interface UnitEffects {
  effects: Effect[];
  /** guard has a table for the program (or it runs a project file): its effects are known. */
  known: boolean;
  /** The table that judged it (for explain). */
  program: string | null;
}
