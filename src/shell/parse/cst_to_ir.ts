/**
 * Converts a tree-sitter-bash concrete syntax tree into guard's shell IR.
 *
 * The converter is defensive: any node it does not recognise becomes either an
 * `error` statement (which the analysis treats as "ask") or, in word position,
 * an opaque dynamic part, and every command or process substitution found
 * anywhere below an unrecognised node is still extracted and analysed.
 * Deep nesting is bounded by `MAX_DEPTH`; lists and pipelines (which
 * tree-sitter nests to the left, one level per operator) are flattened
 * iteratively, so 5,000 chained commands cost no recursion.
 */
import { type Assign, lit, type Part, type Redir, type Stmt, type Word } from "./ir.ts";
import { decodeAnsiC, unescapeDouble, unescapeHeredoc, unescapeUnquoted } from "./quoting.ts";
import { MAX_DEPTH, NestingTooDeep } from "./limits.ts";
import { mergeLits, unquotedWordParts } from "./word_parts.ts";
import { extglobPieces, type PrefixMark, wordAt } from "./repair.ts";
import type { TsNode } from "./cst.ts";

export type { TsNode };

export { MAX_DEPTH, NestingTooDeep } from "./limits.ts";

const STATEMENT_TYPES = new Set([
  "redirected_statement",
  "variable_assignment",
  "variable_assignments",
  "command",
  "declaration_command",
  "unset_command",
  "test_command",
  "negated_command",
  "for_statement",
  "c_style_for_statement",
  "while_statement",
  "if_statement",
  "case_statement",
  "pipeline",
  "list",
  "subshell",
  "compound_statement",
  "function_definition",
]);

const SUBST_TYPES = new Set(["command_substitution", "process_substitution"]);

/** Anonymous tokens tree-sitter-bash makes of some arguments (`echo a == b`, `echo $`). */
const BARE_WORDS = new Set(["==", "=~", "$"]);

/** Operators that end a command, as they appear inside tree-sitter-bash ERROR nodes. */
const SEPARATORS = new Set([";", "&", "|", "|&", "&&", "||"]);

/** A word written after a redirection's target: an argument of the command. */
interface Moved {
  word: Word;
  node: TsNode;
}

/** A statement that followed a heredoc on its first line (`cat <<EOF | sh`), with its operator. */
interface Tail {
  op: string;
  stmt: Stmt;
}

/** Words and redirections after a separator inside a heredoc's first line. */
interface Group {
  op: string;
  words: Moved[];
  redirs: Redir[];
}

interface RedirResult {
  redirs: Redir[];
  /** Words after the target: arguments of the command, in order. */
  words: Moved[];
  tails: Tail[];
  /** Where the redirection's text ends (for heredocs: its first line), or -1. */
  end: number;
}

/** What a redirected statement adds to its last command. */
interface Attachment {
  redirs: Redir[];
  words: Word[];
  /** The last command's last word (`{name}`, or the `0` of `0<f`) is a redirection's descriptor. */
  dropLast: boolean;
  /** Source text to append to the raw text of pipelines (their trailing redirections). */
  pipeTail: string;
  /** Source text to append to the raw text of the command (up to its last moved word). */
  wordTail: string;
  /** Source text of the moved words (for a command that has no other words). */
  wordsRaw: string;
}

export class Converter {
  readonly errors: string[] = [];
  /** How many backtick substitutions enclose the node being converted. */
  private backticks = 0;
  /**
   * @param src the source text (every word is read from it).
   * @param marks prefixes blanked out before the command starting at an offset (repair.ts):
   *   `coproc` makes it a background job, `!` negates it.
   */
  constructor(
    private readonly src: string,
    private readonly marks: Map<number, PrefixMark> = new Map(),
  ) {}

  text(n: TsNode): string {
    if (n.startIndex < 0) throw new Error(`internal: no byte range kept for ${n.type}`);
    return this.src.slice(n.startIndex, n.endIndex);
  }

  children(n: TsNode): TsNode[] {
    const out: TsNode[] = [];
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i);
      if (c) out.push(c);
    }
    return out;
  }

  /** Converts a node holding a sequence of statements (program, do_group, …). */
  body(n: TsNode, depth: number): Stmt {
    return this.seq(this.children(n), depth);
  }

  /** Converts sibling nodes into a list, honouring `&` (background = subshell). */
  seq(nodes: TsNode[], depth: number): Stmt {
    const items: Stmt[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const c = nodes[i];
      if (c.isNamed && c.type !== "comment") {
        const s = this.stmtOrError(c, depth);
        if (s) {
          const next = nodes[i + 1];
          if (next && !next.isNamed && next.type === "&") {
            items.push({ k: "subshell", body: s, redirs: [], background: true });
          } else items.push(s);
        }
      } else if (c.isMissing) {
        this.errors.push(`missing ${JSON.stringify(c.type)}`);
      }
    }
    return items.length === 1 ? items[0] : { k: "list", items };
  }

  stmtOrError(n: TsNode, depth: number): Stmt | null {
    if (STATEMENT_TYPES.has(n.type)) return this.stmt(n, depth);
    if (n.type === "ERROR") {
      this.errors.push(`syntax error near ${JSON.stringify(this.text(n).slice(0, 40))}`);
      return this.opaque(n, depth, "syntax error");
    }
    // Anything else in statement position (heredoc pieces, stray words): keep what runs inside.
    if (n.type === "heredoc_body" || n.type === "heredoc_start" || n.type === "heredoc_end") {
      return null;
    }
    // A redirection alone is a command without words (tree-sitter-bash leaves `$(<f)` bare).
    if (n.type.endsWith("_redirect")) {
      const r = this.redirect(n, depth);
      const s: Stmt = {
        k: "simple",
        assigns: [],
        words: r.words.map((m) => m.word),
        redirs: r.redirs,
        raw: this.text(n),
      };
      return this.withTails(s, r.tails, n);
    }
    return this.opaque(n, depth, `unsupported construct ${n.type}`);
  }

  /** A region we cannot interpret: an error statement plus every substitution inside it. */
  opaque(n: TsNode, depth: number, reason: string): Stmt {
    const subs = this.findSubsts(n, depth);
    const err: Stmt = { k: "error", raw: this.text(n), reason };
    return subs.length ? { k: "list", items: [err, ...subs] } : err;
  }

  /** Collects every command/process substitution below `n`, converted. */
  findSubsts(n: TsNode, depth: number): Stmt[] {
    const out: Stmt[] = [];
    const stack: [TsNode, number][] = [[n, depth]];
    while (stack.length) {
      const [cur, d] = stack.pop()!;
      if (d > MAX_DEPTH) throw new NestingTooDeep();
      for (let i = cur.childCount - 1; i >= 0; i--) {
        const c = cur.child(i);
        if (!c) continue;
        if (SUBST_TYPES.has(c.type)) out.push(this.substBody(c, d + 1));
        else stack.push([c, d + 1]);
      }
    }
    return out.reverse();
  }

  substBody(n: TsNode, depth: number): Stmt {
    const inner = this.children(n).filter((c) => c.isNamed);
    const bt = this.src[n.startIndex] === "`" ? 1 : 0;
    this.backticks += bt;
    try {
      return catFile(this.seq(inner, depth + 1));
    } finally {
      this.backticks -= bt;
    }
  }

  stmt(n: TsNode, depth: number): Stmt {
    if (depth > MAX_DEPTH) throw new NestingTooDeep();
    const mark = this.marks.size ? this.marks.get(n.startIndex) : undefined;
    if (mark && this.marked(n, mark)) {
      this.marks.delete(n.startIndex);
      let s = this.stmt(n, depth);
      if (mark.background) s = { k: "subshell", body: s, redirs: [], background: true };
      return mark.negate ? { k: "negate", body: s } : s;
    }
    switch (n.type) {
      case "command":
        return this.command(n, depth);
      case "variable_assignment":
      case "variable_assignments": {
        const kids = n.type === "variable_assignment"
          ? [n]
          : this.children(n).filter((c) => c.type === "variable_assignment");
        const assigns: Assign[] = [];
        const words: Word[] = [];
        for (const c of kids) {
          // From the first word that is no assignment on, every word is an argument.
          if (words.length || !this.assignment(c)) words.push(this.assignWord(c, depth));
          else assigns.push(this.assign(c, depth));
        }
        return { k: "simple", assigns, words, redirs: [], raw: this.text(n) };
      }
      case "declaration_command":
      case "unset_command":
        return this.declaration(n, depth);
      case "redirected_statement":
        return this.redirected(n, depth);
      case "pipeline":
        return this.pipeline(n, depth);
      case "list":
        return this.list(n, depth);
      case "subshell":
        return {
          k: "subshell",
          body: this.seq(this.children(n).filter((c) => c.isNamed), depth + 1),
          redirs: [],
          background: false,
        };
      case "compound_statement": {
        const kids = this.children(n);
        if (kids[0] && kids[0].type === "((") {
          return {
            k: "compound",
            what: "arith",
            words: [],
            bodies: this.findSubsts(n, depth),
            redirs: [],
            raw: this.text(n),
          };
        }
        return {
          k: "group",
          body: this.seq(kids.filter((c) => c.isNamed), depth + 1),
          redirs: [],
        };
      }
      case "negated_command": {
        const inner = this.children(n).find((c) => c.isNamed);
        return { k: "negate", body: inner ? this.stmtOrError(inner, depth + 1)! : this.empty() };
      }
      case "function_definition": {
        let name = "";
        let body: Stmt = this.empty();
        // The name is the first word; the body is the statement that follows it.
        let named = false;
        for (let i = 0; i < n.childCount; i++) {
          const c = n.child(i)!;
          if (!c.isNamed || c.type === "comment") continue;
          if (!named && c.type === "word") {
            name = unescapeUnquoted(this.text(c));
            named = true;
          } else if (STATEMENT_TYPES.has(c.type)) {
            body = this.stmtOrError(c, depth + 1) ?? this.empty();
          }
        }
        return { k: "func", name, body, raw: this.text(n) };
      }
      case "test_command":
        return {
          k: "compound",
          what: "test",
          words: [],
          bodies: this.findSubsts(n, depth),
          redirs: [],
          raw: this.text(n),
        };
      default:
        return this.compound(n, depth);
    }
  }

  empty(): Stmt {
    return { k: "list", items: [] };
  }

  /**
   * Whether the prefix mark at `n`'s start applies to `n` itself: `!` negates a pipeline,
   * `coproc` runs one command; a list starting there (or a redirected list) holds the node.
   */
  marked(n: TsNode, mark: PrefixMark): boolean {
    let t = n.type;
    if (t === "redirected_statement") t = firstNamedChild(n)?.type ?? t;
    return t !== "list" && !(mark.background && t === "pipeline");
  }

  /** if / while / for / case / c-style for: bodies in order, plus tested words. */
  compound(n: TsNode, depth: number): Stmt {
    const what = n.type.replace(/_statement$/, "");
    const words: Word[] = [];
    const bodies: Stmt[] = [];
    let loopVar: string | undefined;
    const visit = (node: TsNode, d: number) => {
      if (d > MAX_DEPTH) throw new NestingTooDeep();
      for (let i = 0; i < node.childCount; i++) {
        const c = node.child(i)!;
        if (node === n && loopVar === undefined && c.type === "variable_name") {
          loopVar = this.text(c); // for/select: the loop variable comes first
          continue;
        }
        if (!c.isNamed) {
          if (c.isMissing) this.errors.push(`missing ${JSON.stringify(c.type)}`);
          continue;
        }
        if (c.type === "comment") continue;
        if (STATEMENT_TYPES.has(c.type) || c.type === "ERROR") {
          const s = this.stmtOrError(c, d + 1);
          if (s) bodies.push(s);
        } else if (
          c.type === "do_group" || c.type === "elif_clause" || c.type === "else_clause" ||
          c.type === "case_item"
        ) {
          visit(c, d + 1);
        } else if (isWordType(c.type)) {
          words.push(this.word(c, d + 1));
        } else {
          bodies.push(...this.findSubsts(c, d + 1));
        }
      }
    };
    visit(n, depth);
    const out: Stmt = { k: "compound", what, words, bodies, redirs: [], raw: this.text(n) };
    if (loopVar !== undefined) out.loopVar = loopVar;
    return out;
  }

  command(n: TsNode, depth: number): Stmt {
    const assigns: Assign[] = [];
    const words: Word[] = [];
    const redirs: Redir[] = [];
    const tails: Tail[] = [];
    let last: TsNode | null = null; // the node of the last word pushed
    // Where the last argument (or assignment) ends: a piece starting right there is part of it.
    // tree-sitter-bash splits some words (`$"a"b`, `a<(b)`): bash reads one.
    let argEnd = -1;
    const add = (ws: Word[], node: TsNode) => {
      if (!ws.length) return;
      const prev = words[words.length - 1];
      const assign = assigns[assigns.length - 1];
      if (node.startIndex !== argEnd || (!prev && !assign)) words.push(...ws);
      else {
        const [first, ...rest] = ws;
        let parts = glued(first.parts);
        // tree-sitter-bash can end a word at an unescaped `$` and start the next at the name it
        // expands (`$A/x/$A/y` arrives as `$A/x/$` and `A/y`): bash reads `$A`, an expansion.
        const head = parts[0];
        const tail = prev?.parts[prev.parts.length - 1];
        if (
          prev && tail?.t === "lit" && !tail.q && tail.v.endsWith("$") && head?.t === "lit" &&
          !head.q && this.src[node.startIndex - 1] === "$" && this.src[node.startIndex - 2] !== "\\"
        ) {
          const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9])/.exec(head.v);
          if (m) {
            prev.parts[prev.parts.length - 1] = { ...tail, v: tail.v.slice(0, -1) };
            if (tail.v.length === 1) prev.parts.pop();
            const after = head.v.slice(m[0].length);
            parts = [
              { t: "param", name: m[1], q: false, plain: true, mod: "", subs: [] },
              ...(after ? [{ ...head, v: after }] : []),
              ...parts.slice(1),
            ];
          }
        }
        if (prev) words[words.length - 1] = joinWords(prev, { raw: first.raw, parts });
        else {
          assign.value = joinWords(assign.value ?? { raw: "", parts: [] }, {
            raw: first.raw,
            parts,
          });
          assign.raw += first.raw;
        }
        words.push(...rest);
      }
      argEnd = node.endIndex;
    };
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (!c.isNamed) {
        // tree-sitter-bash keeps `==`, `=~` and a bare `$` as operator tokens: words to bash.
        if (BARE_WORDS.has(c.type) && (words.length || assigns.length)) {
          const t = c.startIndex >= 0 ? this.text(c) : c.type;
          // `$"a"`: the `$` of a translated string, which follows as a word of its own.
          if (t === "$" && this.src[c.endIndex] === '"') continue;
          add([{ raw: t, parts: [c.type === "$" ? bareDollar(t, false) : lit(t)] }], c);
          last = null;
        }
        continue;
      }
      const f = n.fieldNameForChild(i);
      if (c.type === "variable_assignment" && (words.length || !this.assignment(c))) {
        add([this.assignWord(c, depth)], c);
        last = c;
      } else if (c.type === "variable_assignment") {
        assigns.push(this.assign(c, depth));
        argEnd = c.endIndex;
      } else if (f === "redirect" || c.type.endsWith("_redirect")) {
        const r = this.redirect(c, depth);
        if (last && this.namesFd(last, c, r)) r.redirs[0].fd = words.pop()!.raw;
        redirs.push(...r.redirs);
        words.push(...r.words.map((m) => m.word));
        tails.push(...r.tails);
        last = r.words.length ? r.words[r.words.length - 1].node : null;
        argEnd = last ? last.endIndex : -1;
      } else if (c.type === "command_name") {
        const inner = this.children(c).find((x) => x.isNamed);
        if (inner) add(this.words(inner, depth + 1), inner);
        else words.push({ raw: this.text(c), parts: [] });
        last = inner ?? null;
      } else if (c.type === "comment") continue;
      else {
        add(this.words(c, depth + 1), c);
        last = c;
      }
    }
    return this.withTails({ k: "simple", assigns, words, redirs, raw: this.text(n) }, tails, n);
  }

  declaration(n: TsNode, depth: number): Stmt {
    const words: Word[] = [];
    const kids = this.children(n);
    // The keyword (export, declare, local, readonly, typeset, unset) is anonymous.
    const kw = kids.find((c) => !c.isNamed);
    // An anonymous node's type is its text (export, declare, local, readonly, typeset, unset).
    if (kw) words.push({ raw: kw.type, parts: [{ t: "lit", v: kw.type, q: false }] });
    for (const c of kids) {
      if (!c.isNamed || c.type === "comment") continue;
      if (c.type === "variable_assignment") {
        const a = this.assign(c, depth);
        const parts: Part[] = [{ t: "lit", v: a.name + "=", q: false }];
        if (a.value) parts.push(...a.value.parts);
        words.push({ raw: a.raw, parts });
      } else words.push(this.word(c, depth + 1));
    }
    return { k: "simple", assigns: [], words, redirs: [], raw: this.text(n) };
  }

  /**
   * Whether a `variable_assignment` node is one to bash: its name is ASCII
   * `[A-Za-z_][A-Za-z0-9_]*` (with a subscript, or before `+=`). tree-sitter-bash also takes
   * Unicode letters, `?` and `-` (`ßHOME=1 x`, `--opt=v x`), which make the word a command
   * name or argument.
   */
  assignment(n: TsNode): boolean {
    const name = firstNamedChild(n);
    if (!name) return false;
    const base = name.type === "subscript" ? firstNamedChild(name) : name;
    return !!base && /^[A-Za-z_][A-Za-z0-9_]*$/.test(this.text(base));
  }

  /** A `variable_assignment` node read as an ordinary word (see `assignment`). */
  assignWord(n: TsNode, depth: number): Word {
    // The name (and subscript) and `=` are literal text; the value follows, glued to them
    // (no tilde expansion there: the word is no assignment).
    const value = this.children(n).filter((c) => c.isNamed && c.type !== "comment").slice(1);
    const parts: Part[] = [];
    let pos = n.startIndex;
    for (const c of value) {
      if (c.startIndex > pos) {
        parts.push(...unquotedWordParts(this.src.slice(pos, c.startIndex), pos === n.startIndex));
      }
      parts.push(...glued(this.wordParts(c, depth + 1, false, false)));
      pos = c.endIndex;
    }
    if (pos < n.endIndex) {
      parts.push(...unquotedWordParts(this.src.slice(pos, n.endIndex), pos === n.startIndex));
    }
    return { raw: this.text(n), parts: mergeLits(parts) };
  }

  assign(n: TsNode, depth: number): Assign {
    let name = "";
    let value: Word | null = null;
    // `a[$(cmd)]=v`: bash expands the subscript, so what runs in it runs.
    let subs: Stmt[] = [];
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      const f = n.fieldNameForChild(i);
      if (!name && c.type === "subscript") {
        name = this.text(c);
        subs = this.findSubsts(c, depth + 1);
      } else if (f === "name" || (c.type === "variable_name" && !name)) name = this.text(c);
      else if (f === "value" || (c.isNamed && c.type !== "variable_name")) {
        value = this.word(c, depth + 1);
      }
    }
    if (subs.length) {
      const sub: Part = { t: "param", name: "?", q: false, plain: false, mod: "?", subs };
      value = { raw: value?.raw ?? "", parts: [sub, ...(value?.parts ?? [])] };
    }
    return { name, value, raw: this.text(n) };
  }

  redirected(n: TsNode, depth: number): Stmt {
    let body: Stmt | null = null;
    let bodyNode: TsNode | null = null;
    const redirs: Redir[] = [];
    // Words after a redirection's target are arguments of the command (`rm >/dev/null -rf ~`
    // runs `rm -rf ~`); tree-sitter-bash hangs them on the redirection node.
    const words: Moved[] = [];
    const tails: Tail[] = [];
    let end = -1;
    let dropLast = false;
    let strayLt = -1;
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (!c.isNamed) continue;
      const f = n.fieldNameForChild(i);
      if (f === "body" || (!body && STATEMENT_TYPES.has(c.type))) {
        bodyNode = c;
        body = this.stmtOrError(c, depth + 1);
      } else if (c.type.endsWith("_redirect")) {
        const r = this.redirect(c, depth);
        const first = r.redirs[0];
        // tree-sitter-bash splits `<>` into a stray `<` and a `>` redirection.
        if (strayLt === c.startIndex && first.op === ">" && first.fd === null) first.op = "<>";
        if (words.length) {
          if (this.namesFd(words[words.length - 1].node, c, r)) first.fd = words.pop()!.word.raw;
        } else if (!dropLast && bodyNode) {
          const w = lastArgument(bodyNode);
          if (w && this.namesFd(w, c, r)) {
            first.fd = this.text(w);
            dropLast = true;
          }
        }
        redirs.push(...r.redirs);
        words.push(...r.words);
        tails.push(...r.tails);
        end = Math.max(end, r.end);
      } else if (c.type === "ERROR") {
        this.errors.push(`syntax error near ${JSON.stringify(this.text(c).slice(0, 40))}`);
        if (this.text(c) === "<") strayLt = c.endIndex;
      }
    }
    const bodyEnd = bodyNode ? bodyNode.endIndex : n.startIndex;
    const s = this.attachToLast(body ?? this.empty(), {
      redirs,
      words: words.map((m) => m.word),
      dropLast,
      pipeTail: end > bodyEnd ? this.src.slice(bodyEnd, end) : "",
      wordTail: words.length ? this.src.slice(bodyEnd, words[words.length - 1].node.endIndex) : "",
      wordsRaw: words.length
        ? this.src.slice(words[0].node.startIndex, words[words.length - 1].node.endIndex)
        : "",
    });
    return this.withTails(s, tails, n);
  }

  /** Joins the rest of a pipeline or list that followed a heredoc on its first line. */
  withTails(s: Stmt, tails: Tail[], n: TsNode): Stmt {
    for (const t of tails) {
      if (t.op === "|" || t.op === "|&") {
        const rest = t.stmt.k === "pipeline" ? t.stmt.stages : [t.stmt];
        s = { k: "pipeline", stages: [s, ...rest], raw: this.text(n) };
      } else {
        s = { k: "list", items: [s, t.stmt] };
      }
    }
    return s;
  }

  /**
   * Whether `word`, written right before the redirection `r` (node `c`), is really its file
   * descriptor: a `{name}` (bash stores a new descriptor in the variable `name`:
   * `exec {fd}>log`), or the digits of `0<file`, which tree-sitter-bash reads as an argument.
   */
  namesFd(word: TsNode, c: TsNode, r: RedirResult): boolean {
    if (word.endIndex !== c.startIndex || r.redirs[0].fd !== null) return false;
    const t = this.text(word);
    return /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(t) || (word.type === "number" && /^\d+$/.test(t));
  }

  /**
   * Attaches the trailing redirections and argument words of a redirected statement.
   * tree-sitter-bash attaches trailing redirections to a whole `a && b` list or `a | b`
   * pipeline; in bash they (and any words after them) belong to the last command only.
   */
  attachToLast(s: Stmt, a: Attachment): Stmt {
    if (a.redirs.length === 0 && a.words.length === 0) return s;
    switch (s.k) {
      case "list":
        if (s.items.length) {
          const items = [...s.items];
          items[items.length - 1] = this.attachToLast(items[items.length - 1], a);
          return { ...s, items };
        }
        if (a.words.length) {
          return { k: "simple", assigns: [], words: a.words, redirs: a.redirs, raw: a.wordsRaw };
        }
        break;
      case "pipeline":
        if (s.stages.length) {
          const stages = [...s.stages];
          stages[stages.length - 1] = this.attachToLast(stages[stages.length - 1], a);
          return { ...s, stages, raw: s.raw + a.pipeTail };
        }
        break;
      case "negate":
        return { ...s, body: this.attachToLast(s.body, a) };
      case "simple": {
        let raw = s.raw + a.wordTail;
        // A command's raw text runs to its last word, and the descriptor is no word.
        if (a.dropLast && !a.words.length) {
          raw = s.raw.slice(0, s.raw.length - s.words[s.words.length - 1].raw.length)
            .replace(/[ \t]+$/, "");
        }
        return {
          ...s,
          words: [...(a.dropLast ? s.words.slice(0, -1) : s.words), ...a.words],
          redirs: [...s.redirs, ...a.redirs],
          raw,
        };
      }
    }
    const out = attachRedirs(s, a.redirs);
    if (a.words.length === 0) return out;
    // `{ ls; } >f x`: bash refuses words after the redirections of a compound command.
    const reason = `syntax error near unexpected token ${JSON.stringify(a.words[0].raw)}`;
    this.errors.push(reason);
    return { k: "list", items: [out, { k: "error", raw: a.wordsRaw, reason }] };
  }

  redirect(n: TsNode, depth: number): RedirResult {
    if (n.type === "heredoc_redirect") return this.heredocRedirect(n, depth);
    let op = "";
    let fd: string | null = null;
    let target: Word | null = null;
    const words: Moved[] = [];
    // After a separator tree-sitter-bash could not place (`cat <<EOF >f | sh`), words start a
    // new command.
    const groups: Group[] = [];
    let end = n.endIndex;
    let destEnd = -1;
    const destination = (c: TsNode) => {
      const g = groups[groups.length - 1];
      if (g) {
        g.words.push({ word: this.word(c, depth + 1), node: c });
        return;
      }
      // A piece glued to the previous word is part of it (see command()).
      if (c.startIndex === destEnd && (target || words.length)) {
        const w = { raw: this.text(c), parts: glued(this.word(c, depth + 1).parts) };
        const m = words[words.length - 1];
        if (m) words[words.length - 1] = { word: joinWords(m.word, w), node: c };
        else target = joinWords(target!, w);
        destEnd = end = c.endIndex;
        return;
      }
      destEnd = c.endIndex;
      // `>&-` / `<&-` close a descriptor and take no target. (When more words follow, the
      // tree-sitter input reads `>&1` there, see repair.ts: the `-` glued to `>&`.)
      if (
        !target && !words.length && (op === ">&" || op === "<&") && this.text(c) === "-" &&
        this.src[c.startIndex - 1] === "&"
      ) {
        op += "-";
        end = c.endIndex;
        return;
      }
      if (!target && op !== ">&-" && op !== "<&-") target = this.word(c, depth + 1);
      else words.push({ word: this.word(c, depth + 1), node: c });
      end = c.endIndex;
    };
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (!c.isNamed) {
        if (!op) op = c.type;
        continue;
      }
      if (c.type === "file_descriptor") fd = this.text(c);
      else if (c.type === "comment") continue;
      else if (c.type === "ERROR") {
        this.errors.push(`syntax error near ${JSON.stringify(this.text(c).slice(0, 40))}`);
        // tree-sitter-bash reads `N<>file` as `N<`, a stray `>`, then the target.
        if (op === "<" && !target && this.text(c) === ">") op = "<>";
        for (const k of this.children(c)) {
          if (k.isNamed && isWordType(k.type)) destination(k);
          else if (!k.isNamed && SEPARATORS.has(k.type)) {
            if (!groups.length && !target && !words.length) end = c.startIndex;
            groups.push({ op: k.type, words: [], redirs: [] });
          }
        }
      } else destination(c);
    }
    return { redirs: [{ op: op || ">", fd, target }], words, tails: this.groupTails(groups), end };
  }

  /** Commands made of the words that followed misplaced separators. */
  groupTails(order: (Group | Tail)[]): Tail[] {
    const tails: Tail[] = [];
    for (const t of order) {
      if ("stmt" in t) tails.push(t);
      else if (t.words.length || t.redirs.length) {
        const first = t.words[0]?.node;
        const last = t.words[t.words.length - 1]?.node;
        tails.push({
          op: t.op,
          stmt: {
            k: "simple",
            assigns: [],
            words: t.words.map((m) => m.word),
            redirs: t.redirs,
            raw: first && last ? this.src.slice(first.startIndex, last.endIndex) : "",
          },
        });
      }
    }
    return tails;
  }

  heredocRedirect(n: TsNode, depth: number): RedirResult {
    let op = "<<";
    let delim = "";
    let body: Word = { raw: "", parts: [] };
    let quoted = false;
    let end = -1;
    // Words and redirections on the heredoc's first line belong to the command; after a
    // separator that tree-sitter-bash could not place (`cat <<EOF x; rm y`) they start a
    // new command.
    const main: Group = { op: "", words: [], redirs: [] };
    let cur = main;
    const order: (Group | Tail)[] = [];
    let lastOp = "";
    const addWord = (c: TsNode) => {
      cur.words.push({ word: this.word(c, depth + 1), node: c });
      if (cur === main) end = Math.max(end, c.endIndex);
    };
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (!c.isNamed) {
        if (c.type === "<<" || c.type === "<<-") op = c.type;
        else lastOp = c.type;
        continue;
      }
      if (c.type === "heredoc_start") {
        // The delimiter as written (the tree-sitter input may spell it `\EOF`, see repair.ts).
        const t = wordAt(this.src, c.startIndex);
        quoted = /['"\\]/.test(t);
        delim = t.replace(/['"\\]/g, "");
        end = Math.max(end, c.endIndex);
      } else if (c.type === "heredoc_body") {
        body = quoted
          ? { raw: this.text(c), parts: [{ t: "lit", v: this.text(c), q: true }] }
          : this.heredocBody(c, depth + 1);
      } else if (c.type === "heredoc_end" || c.type === "comment") continue;
      else if (c.type.endsWith("_redirect")) {
        const r = this.redirect(c, depth);
        cur.redirs.push(...r.redirs);
        cur.words.push(...r.words);
        order.push(...r.tails);
        if (cur === main) end = Math.max(end, r.end);
        if (r.tails.length) {
          // The redirection's own separator ended this command: what follows starts another.
          cur = { op: ";", words: [], redirs: [] };
          order.push(cur);
        }
      } else if (c.type === "ERROR") {
        this.errors.push(`syntax error near ${JSON.stringify(this.text(c).slice(0, 40))}`);
        for (const k of this.children(c)) {
          if (k.isNamed && isWordType(k.type)) addWord(k);
          else if (!k.isNamed && SEPARATORS.has(k.type)) {
            cur = { op: k.type, words: [], redirs: [] };
            order.push(cur);
          }
        }
      } else if (STATEMENT_TYPES.has(c.type) && !c.type.startsWith("variable_assignment")) {
        order.push({ op: lastOp || "|", stmt: this.stmt(c, depth + 1) });
      } else addWord(c);
    }
    return {
      redirs: [{
        op,
        fd: null,
        target: { raw: delim, parts: [{ t: "lit", v: delim, q: true }] },
        heredoc: { body, quoted },
      }, ...main.redirs],
      words: main.words,
      tails: this.groupTails(order),
      end,
    };
  }

  heredocBody(n: TsNode, depth: number): Word {
    const parts: Part[] = [];
    let pos = n.startIndex;
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (c.type === "heredoc_content" || !c.isNamed) continue;
      if (c.startIndex > pos) {
        parts.push({
          t: "lit",
          v: unescapeHeredoc(this.src.slice(pos, c.startIndex)),
          q: true,
        });
      }
      parts.push(...this.wordParts(c, depth + 1, true));
      pos = c.endIndex;
    }
    if (pos < n.endIndex) {
      parts.push({ t: "lit", v: unescapeHeredoc(this.src.slice(pos, n.endIndex)), q: true });
    }
    return { raw: this.text(n), parts: mergeLits(parts) };
  }

  pipeline(n: TsNode, depth: number): Stmt {
    // Flatten left-nested pipelines iteratively.
    const stages: Stmt[] = [];
    const stack: TsNode[] = [n];
    const order: TsNode[] = [];
    while (stack.length) {
      const cur = stack.pop()!;
      const kids = this.children(cur).filter((c) => c.isNamed && c.type !== "comment");
      for (let i = kids.length - 1; i >= 0; i--) {
        if (kids[i].type === "pipeline") stack.push(kids[i]);
        else order.unshift(kids[i]);
      }
    }
    for (const st of order) {
      const s = this.stmtOrError(st, depth + 1);
      // `a | b >f | c`: tree-sitter-bash hangs `>f` on the pipeline `a | b`; it is one pipeline.
      if (s && s.k === "pipeline" && st.type === "redirected_statement") stages.push(...s.stages);
      else if (s) stages.push(s);
    }
    // `a && b 2>&1 | c`: tree-sitter-bash pipes the redirected list `a && b` into c; in bash
    // the pipeline is `b 2>&1 | c`, the last command of the list.
    const head = order[0]?.type === "redirected_statement" ? firstNamedChild(order[0]) : null;
    const chain = stages[0];
    if (head?.type === "list" && chain?.k === "list" && chain.items.length > 1) {
      const last = chain.items[chain.items.length - 1];
      const lastNode = lastNamed(head)!;
      const pipe: Stmt = {
        k: "pipeline",
        stages: [...(last.k === "pipeline" ? last.stages : [last]), ...stages.slice(1)],
        raw: this.src.slice(lastNode.startIndex, n.endIndex),
      };
      return { k: "list", items: [...chain.items.slice(0, -1), pipe] };
    }
    return { k: "pipeline", stages, raw: this.text(n) };
  }

  list(n: TsNode, depth: number): Stmt {
    // tree-sitter nests `a && b && c` as list(list(a, b), c): unwind iteratively.
    const items: TsNode[] = [];
    let cur: TsNode | null = n;
    const rights: TsNode[][] = [];
    while (cur && cur.type === "list") {
      const kids: TsNode[] = this.children(cur).filter((c) => c.isNamed && c.type !== "comment");
      if (kids.length === 0) break;
      rights.push(kids.slice(1));
      cur = kids[0];
    }
    if (cur) items.push(cur);
    for (let i = rights.length - 1; i >= 0; i--) items.push(...rights[i]);
    const out: Stmt[] = [];
    for (const it of items) {
      const s = this.stmtOrError(it, depth + 1);
      // `a && b >f && c`: tree-sitter-bash hangs `>f` on the list `a && b` (and pipes it, in
      // `a && b >f | c && d`); it is one chain.
      if (s && s.k === "list" && (it.type === "redirected_statement" || it.type === "pipeline")) {
        out.push(...s.items);
      } else if (s) out.push(s);
    }
    return { k: "list", items: out };
  }

  /** Converts a word-like node into a Word. */
  word(n: TsNode, depth: number): Word {
    if (depth > MAX_DEPTH) throw new NestingTooDeep();
    return { raw: this.text(n), parts: mergeLits(this.wordParts(n, depth, false, true)) };
  }

  wordParts(n: TsNode, depth: number, inQuotes: boolean, atStart = true): Part[] {
    if (depth > MAX_DEPTH) throw new NestingTooDeep();
    const text = this.text(n);
    switch (n.type) {
      case "word":
      case "number":
      case "variable_name":
      case "special_variable_name":
      case "file_descriptor":
      case "test_operator":
      case "regex":
      case "extglob_pattern": {
        if (inQuotes) return [{ t: "lit", v: unescapeDouble(text), q: true }];
        if (n.type === "word") {
          const glob = extglobParts(text, atStart);
          if (glob) return glob;
        }
        return unquotedWordParts(text, atStart);
      }
      case "raw_string":
        return [{ t: "lit", v: text.slice(1, -1), q: true }];
      case "ansi_c_string":
        return [{ t: "lit", v: decodeAnsiC(text.slice(2, -1)), q: true }];
      case "string":
      case "translated_string":
        return this.stringParts(n, depth);
      case "string_content":
        return [{ t: "lit", v: unescapeDouble(text), q: true }];
      case "simple_expansion": {
        const name = text.slice(1);
        return [{ t: "param", name, q: inQuotes, plain: true, mod: "", subs: [] }];
      }
      case "expansion": {
        const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}$/.exec(text);
        const nameMatch = /^\$\{([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/.exec(text);
        let mod = "?";
        if (m) mod = "";
        else if (nameMatch && nameMatch[1] === "" && text.endsWith("}")) {
          mod = text.slice(nameMatch[0].length, -1);
        }
        return [{
          t: "param",
          name: m ? m[1] : nameMatch ? nameMatch[2] : "?",
          q: inQuotes,
          plain: m !== null,
          mod,
          subs: this.findSubsts(n, depth),
        }];
      }
      case "command_substitution":
        return [{ t: "cmd", body: this.substBody(n, depth), q: inQuotes }];
      case "process_substitution":
        return [{ t: "proc", body: this.substBody(n, depth), dir: text[0] === ">" ? ">" : "<" }];
      case "arithmetic_expansion":
        return [{ t: "arith", subs: this.findSubsts(n, depth) }];
      case "brace_expression":
        return [{ t: "brace", raw: text }];
      case "concatenation": {
        const kids = this.children(n);
        // `a{b,c}d` arrives as words `a`, `{`, `b,c`, `}`, `d`: brace expansion.
        if (!inQuotes && kids.some((k) => k.type === "word" && this.text(k) === "{")) {
          return [{ t: "brace", raw: extglobBraceRaw(text) }];
        }
        return this.concatParts(kids, n.startIndex, depth, inQuotes);
      }
      default: {
        // Unknown word shape (array literal, subscript, …): opaque but keep nested scripts.
        return [{
          t: "param",
          name: "?",
          q: inQuotes,
          plain: false,
          mod: "?",
          subs: this.findSubsts(n, depth),
        }];
      }
    }
  }

  /** The parts of concatenated word pieces `kids`, the first of which starts at `start`. */
  concatParts(kids: TsNode[], start: number, depth: number, inQuotes: boolean): Part[] {
    const parts: Part[] = [];
    let pos = start;
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      if (k.startIndex > pos) {
        parts.push(...unquotedWordParts(this.src.slice(pos, k.startIndex), pos === start));
      }
      // Inside backticks bash ends the substitution at the first backtick: tree-sitter-bash's
      // empty-substitution joiner there (`` `a``b` ``) is really two substitutions.
      if (k.type === "``" && this.backticks > 0) {
        this.errors.push("ambiguous backticks: `` inside a backtick substitution");
      }
      if (k.type === "$" && !k.isNamed) {
        // `a$"b"` is `a` and a translated string `$"b"`; any other bare `$` is itself.
        const next = kids[i + 1];
        if (!(next?.type === "string" && next.startIndex === k.endIndex)) {
          parts.push(bareDollar(this.text(k), inQuotes));
        }
      } else parts.push(...this.wordParts(k, depth + 1, inQuotes, pos === start));
      pos = k.endIndex;
    }
    return parts;
  }

  /**
   * The words of a word node. Only a concatenation holding a word that is all blanks splits:
   * that word stands for the blanks between two backtick substitutions (repair.ts).
   */
  words(n: TsNode, depth: number): Word[] {
    if (n.type !== "concatenation") return [this.word(n, depth)];
    const kids = this.children(n);
    const blank = (k: TsNode) => k.type === "word" && /^[ \t]+$/.test(this.text(k));
    if (!kids.some(blank)) return [this.word(n, depth)];
    const out: Word[] = [];
    let run: TsNode[] = [];
    const flush = () => {
      if (!run.length) return;
      const first = run[0];
      const last = run[run.length - 1];
      out.push({
        raw: this.src.slice(first.startIndex, last.endIndex),
        parts: mergeLits(this.concatParts(run, first.startIndex, depth, false)),
      });
      run = [];
    };
    for (const k of kids) {
      if (blank(k)) flush();
      else run.push(k);
    }
    flush();
    return out;
  }

  stringParts(n: TsNode, depth: number): Part[] {
    const text = this.text(n);
    const open = text.startsWith('$"') ? 2 : 1;
    const start = n.startIndex + open;
    const end = n.endIndex - (text.endsWith('"') && text.length > open ? 1 : 0);
    const parts: Part[] = [];
    let pos = start;
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i)!;
      if (!c.isNamed) continue;
      if (c.startIndex > pos) {
        parts.push({ t: "lit", v: unescapeDouble(this.src.slice(pos, c.startIndex)), q: true });
      }
      parts.push(...this.wordParts(c, depth + 1, true));
      pos = c.endIndex;
    }
    if (end > pos) parts.push({ t: "lit", v: unescapeDouble(this.src.slice(pos, end)), q: true });
    if (parts.length === 0) parts.push({ t: "lit", v: "", q: true });
    return parts;
  }
}

function isWordType(t: string): boolean {
  return t === "word" || t === "string" || t === "raw_string" || t === "concatenation" ||
    t === "simple_expansion" || t === "expansion" || t === "number" || t === "ansi_c_string" ||
    t === "command_substitution" || t === "translated_string";
}

/** The last word node of the last command in `n` (through lists, pipelines and `!`). */
function lastArgument(n: TsNode): TsNode | null {
  let cur: TsNode | null = n;
  while (
    cur && (cur.type === "list" || cur.type === "pipeline" || cur.type === "negated_command")
  ) {
    cur = lastNamed(cur);
  }
  if (!cur || cur.type !== "command") return null;
  let last = lastNamed(cur);
  if (last && last.type === "command_name") last = lastNamed(last);
  return last && isWordType(last.type) ? last : null;
}

function lastNamed(n: TsNode): TsNode | null {
  for (let i = n.childCount - 1; i >= 0; i--) {
    const c = n.child(i);
    if (c && c.isNamed && c.type !== "comment") return c;
  }
  return null;
}

function attachRedirs(s: Stmt, redirs: Redir[]): Stmt {
  if (redirs.length === 0) return s;
  switch (s.k) {
    case "simple":
    case "subshell":
    case "group":
    case "compound":
      return { ...s, redirs: [...s.redirs, ...redirs] };
    default:
      return { k: "group", body: s, redirs };
  }
}

function firstNamedChild(n: TsNode): TsNode | null {
  for (let i = 0; i < n.childCount; i++) {
    const c = n.child(i);
    if (c && c.isNamed && c.type !== "comment") return c;
  }
  return null;
}

const CAT: Word = { raw: "cat", parts: [{ t: "lit", v: "cat", q: false }] };

/**
 * `$(< file)`: a substitution that is only one input redirection of descriptor 0 prints the
 * file (bash reads it itself); it becomes `cat <file`, so the read is seen like any other.
 */
function catFile(s: Stmt): Stmt {
  let r: Redir | null = null;
  let raw = "";
  if (s.k === "simple" && !s.words.length && !s.assigns.length && s.redirs.length === 1) {
    r = s.redirs[0];
    raw = s.raw;
  } else if (
    s.k === "group" && s.body.k === "list" && !s.body.items.length && s.redirs.length === 1
  ) {
    r = s.redirs[0];
    raw = "<" + (r.target?.raw ?? "");
  }
  if (!r || r.op !== "<" || (r.fd !== null && r.fd !== "0") || !r.target) return s;
  return { k: "simple", assigns: [], words: [CAT], redirs: [r], raw };
}

/**
 * An unquoted word holding extglob groups (`@(a|b)`, `+([a-z])`, `!(x)`, …) as a glob that
 * matches at least what bash's pattern matches: each group becomes `*`, or `{*,.*}` where
 * it can match a leading dot. Null when the word has no group.
 */
function extglobParts(text: string, atStart: boolean): Part[] | null {
  const pieces = extglobPieces(text);
  if (!pieces) return null;
  const parts: Part[] = [];
  pieces.forEach((p, i) => {
    if (typeof p === "string") {
      // `~` right before a group is no tilde prefix (bash looks up a user `@(…)`, fails).
      const tilde = i === 0 && atStart && (pieces.length === 1 || /^~[^/]*\//.test(p));
      parts.push(...unquotedWordParts(p, tilde || (i === 0 && atStart && !p.startsWith("~"))));
    } else if (p.dot) parts.push({ t: "brace", raw: "{*,.*}" });
    else parts.push({ t: "lit", v: "*", q: false });
  });
  return parts;
}

/** The raw text of a brace word with its extglob groups as globs (see extglobParts). */
function extglobBraceRaw(text: string): string {
  const pieces = extglobPieces(text);
  if (!pieces) return text;
  return pieces.map((p) => typeof p === "string" ? p : p.dot ? "{*,.*}" : "*").join("");
}

/** Parts of a piece glued to the end of a word: a tilde there is no tilde expansion. */
function glued(parts: Part[]): Part[] {
  const p = parts[0];
  if (p?.t !== "tilde") return parts;
  return [{ t: "lit", v: "~" + p.user, q: false }, ...parts.slice(1)];
}

function joinWords(a: Word, b: Word): Word {
  return { raw: a.raw + b.raw, parts: mergeLits([...a.parts, ...b.parts]) };
}

/**
 * A `$` token of tree-sitter-bash outside an expansion: `$` or `\$` is a dollar sign; anything
 * else it covers (`$$` glued to a word) is an expansion, unknown here.
 */
function bareDollar(text: string, q: boolean): Part {
  if (text === "$" || text === "\\$") return { t: "lit", v: "$", q };
  return { t: "param", name: "?", q, plain: false, mod: "?", subs: [] };
}
