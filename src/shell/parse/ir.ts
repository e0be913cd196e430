/**
 * The shell intermediate representation (IR) that every shell front end produces.
 *
 * Both the fast lexer (trivially simple commands) and the tree-sitter converter
 * (everything else) emit this shape, so the analysis never depends on which
 * parser ran. The IR keeps what matters for security analysis: which simple
 * commands run, in what order (so `cd` can be tracked), with which words,
 * assignments and redirections, and which nested scripts (substitutions,
 * heredocs) are embedded in them. It is pure data: no functions, no classes.
 */

/** One piece of a shell word. */
export type Part =
  /** Literal text after quote removal. `q` is true when it came from inside quotes. */
  | { t: "lit"; v: string; q: boolean }
  /** A leading unquoted tilde (`~` or `~user`). */
  | { t: "tilde"; user: string }
  /**
   * A parameter expansion (`$X`, `${X}`, `${X:-…}`). `mod` is the operator text after
   * the name (`:-default`, `#prefix`, …; empty for plain forms, `?` when unparsed);
   * `subs` holds scripts nested in it.
   */
  | { t: "param"; name: string; q: boolean; plain: boolean; mod: string; subs: Stmt[] }
  /** A command substitution `$(…)` or backticks. */
  | { t: "cmd"; body: Stmt; q: boolean }
  /** A process substitution `<(…)` or `>(…)`. */
  | { t: "proc"; body: Stmt; dir: "<" | ">" }
  /** Arithmetic expansion; `subs` holds any command substitutions inside it. */
  | { t: "arith"; subs: Stmt[] }
  /** An unquoted brace expansion (`{a,b}`, `{1..3}`), kept raw. */
  | { t: "brace"; raw: string };

export interface Word {
  /** Source text of the word, as written. */
  raw: string;
  parts: Part[];
}

export interface Assign {
  name: string;
  value: Word | null;
  raw: string;
}

export interface Redir {
  /** `>`, `>>`, `<`, `>|`, `&>`, `&>>`, `<>`, `>&`, `<&`, `<<`, `<<-`, `<<<`. */
  op: string;
  /** Explicit file descriptor (`2>`), or null. */
  fd: string | null;
  /** Target word; for heredocs the delimiter; for here-strings the string. */
  target: Word | null;
  /** Heredoc body (only for `<<` and `<<-`). */
  heredoc?: { body: Word; quoted: boolean };
}

export type Stmt =
  | {
    k: "simple";
    assigns: Assign[];
    words: Word[];
    redirs: Redir[];
    raw: string;
  }
  | { k: "pipeline"; stages: Stmt[]; raw: string }
  /** Sequential execution (`;`, `&&`, `||`, newlines): `cd` carries over. */
  | { k: "list"; items: Stmt[] }
  /** Runs in a child shell: `( … )`, a pipeline stage, a background job. */
  | { k: "subshell"; body: Stmt; redirs: Redir[]; background: boolean }
  /** `{ …; }`: same shell. */
  | { k: "group"; body: Stmt; redirs: Redir[] }
  /** if / while / until / for / select / case / [[ ]] / (( )) and similar. */
  | {
    k: "compound";
    what: string;
    /** The loop variable of `for`/`select`, when there is one. */
    loopVar?: string;
    words: Word[];
    bodies: Stmt[];
    redirs: Redir[];
    raw: string;
  }
  | { k: "func"; name: string; body: Stmt; raw: string }
  | { k: "negate"; body: Stmt }
  /** A region the parser could not make sense of. */
  | { k: "error"; raw: string; reason: string };

/** Result of parsing a command string. */
export interface ParsedScript {
  body: Stmt;
  /** Which front end produced it. */
  parser: "fast" | "tree-sitter";
  /** Parse problems (syntax errors); a non-empty list means "ask, never allow". */
  errors: string[];
  /** The source actually parsed (after line-continuation normalisation). */
  source: string;
  /** Set when parsing stopped at a resource limit rather than a syntax error. */
  limit?: "nesting" | "complexity";
}

export function lit(v: string, q = false): Part {
  return { t: "lit", v, q };
}
