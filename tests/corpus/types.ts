/**
 * Case format for the table-driven corpus (tests/corpus_test.ts).
 *
 * `expect` is the intended behaviour (the spec). `rule` is an exact rule id,
 * or a prefix ending in "." (e.g. "abs."). `alsoOk` lists other actions the
 * spec explicitly tolerates (the rule is then only checked for `expect`).
 * A `note` starting with "debatable:" marks an expectation the corpus author
 * considers open to discussion.
 */
import type { FileOp } from "../../src/core/types.ts";

export type Expect = "allow" | "ask" | "block";

interface CaseBase {
  expect: Expect;
  rule?: string;
  /** TOML text of a user policy. */
  policy?: string;
  note?: string;
  alsoOk?: Expect[];
}

export interface ShellCase extends CaseBase {
  cmd: string;
  cwd?: string;
}

/** A ToolCall with the bookkeeping fields (agent, session, input…) optional. */
export type ToolCallish =
  | { kind: "file"; op: FileOp; paths: string[]; contents?: string[]; tool?: string; cwd?: string }
  | {
    kind: "web";
    url?: string | null;
    query?: string | null;
    tool?: string;
    cwd?: string;
    /** The tool's own input (default `{url, query}`): every field is judged. */
    input?: Record<string, unknown>;
  }
  | { kind: "mcp"; server: string; name: string; args: unknown; tool?: string; cwd?: string }
  | { kind: "other"; tool: string; input?: unknown; cwd?: string };

export interface ToolCase extends CaseBase {
  call: ToolCallish;
}

export type Case = ShellCase | ToolCase;
