/**
 * The shape of a program table: what a program's operands and options DO.
 * The option grammar (which spellings exist, which take a value) comes from
 * `grammar.generated.json` (Fig autocomplete specs, checked against the real
 * programs' `--help`); a table adds the effect of the options that matter and
 * may declare options the grammar lacks. Tables are data: the analysis that
 * turns them into effects is `src/shell/effects.ts`.
 */
import type { Arity, ParseStyle } from "./options.ts";

/** What an operand (or an option's value) is. */
export type Role =
  | "flag" // changes nothing guard judges
  | "data" // text: a message, a pattern, a number, a name
  | "read" // a path whose contents are read
  | "list" // a path whose name or metadata is read (ls, stat)
  | "write" // a path written or created
  | "write-prefix" // a prefix of paths written (split's PREFIX: PREFIXaa, PREFIXab …)
  | "delete" // a path removed
  | "perm" // a path whose permissions or owner change (chmod, chown)
  | "truncate" // a path whose contents are cut (truncate): written, its old contents lost
  | "mirror" // the destination is made a mirror of the sources: what else is there is deleted
  | "exec-file" // a script file that runs
  | "exec-program" // a program (or command line) that runs
  | "exec-inline" // program text that runs (python -c, node -e)
  | "url" // a network destination
  | "upload" // a local file sent over the network
  | "upload-ref" // a value that sends a file when it names one (`curl -d @FILE`): see `fileRef`
  | "cwd" // the directory later operands are relative to (git -C, make -C)
  | "recursive" // makes the path operands recursive
  | "inplace" // read operands are rewritten in place (sed -i)
  | "target-dir" // a directory the command writes into (cp -t, unzip -d)
  | "config" // a configuration file that can change anything the program does
  | "env" // NAME=VALUE assignments for a program that runs
  | "unknown"; // cannot be judged: ask

export interface OptionSpec {
  /** Arity when the generated grammar lacks the option or is wrong for it. */
  arity?: Arity;
  role?: Role;
  /** A rule raised whenever the option is present (by id). */
  rule?: string;
  /**
   * For role `upload-ref`: how a value names a local file it sends (group 1 is the path, `-` the
   * standard input); a value that does not match is plain data.
   */
  fileRef?: RegExp;
}

export interface ProgramSpec {
  /** The program's names (absent for subcommands). */
  names?: string[];
  style?: Partial<ParseStyle>;
  /** Options: keys are spellings, several separated by "|". A bare Role is `{ role }`. */
  opts?: Record<string, OptionSpec | Role>;
  /** Roles of the operands by position; the last one repeats. */
  operands?: Role[];
  /** The last operand is the destination (cp, mv, ln, install, scp, rsync). */
  destLast?: "copy" | "move" | "link";
  /** For operands of role `upload-ref`: how an operand names a local file it sends. */
  operandFileRef?: RegExp;
  /** The standard input is the request body (`http POST url < file`): a redirected input is sent. */
  stdinBody?: boolean;
  /** Operands may name another host (`[user@]host:path`, `host::module`, `rsync://`): a remote copy. */
  remoteOperands?: boolean;
  /** With no operand it changes files (named elsewhere) below its working directory (patch). */
  patchesCwd?: boolean;
  /** Its path operands are always recursive (tree, du, rg). */
  recursive?: boolean;
  /** Running it runs project code or builds inside the current directory. */
  runs?: "project";
  /** Running it reaches the network (package managers fetching, git fetch). */
  fetches?: boolean;
  /** A rule raised whenever it runs (publish, deploy, push). */
  rule?: string;
  /**
   * Options unknown to the grammar and the table: "ask" (the default: an unknown option is
   * the worst the program can do) or "ignore" (options cannot widen what a project runner runs).
   */
  unknownOptions?: "ask" | "ignore";
  /** Subcommands (first operand). `*` applies to subcommands not listed. */
  subs?: Record<string, ProgramSpec | "same">;
  /** Named analysis in effects.ts for what tables cannot say (find, sed, awk, tar, dd). */
  special?:
    | "find"
    | "sed"
    | "awk"
    | "tar"
    | "dd"
    | "git-object"
    | "interpreter"
    | "env-dump"
    | "container-run"
    | "sqlite";
}
