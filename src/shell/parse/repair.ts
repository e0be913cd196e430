/**
 * Same-length rewrites of the text tree-sitter-bash parses, where its grammar and
 * bash disagree.
 *
 * The converter always reads the original text at the same offsets, so a rewrite
 * changes only the shape of the tree (where commands, words and redirections begin
 * and end), never the text of a word. Three kinds:
 *
 * - blanks (always): carriage return, vertical tab and form feed are word
 *   characters in bash, but blanks to tree-sitter-bash (`ls\r# ; rm -rf ~` runs
 *   `rm` in bash, and was one `ls` with a comment); so is an escaped space or tab.
 * - structure (always, found in the tree, kept unless they add errors):
 *   `coproc [NAME]`, `time [-p] [--]` and `!` before a compound command (or a `!`
 *   after `time`) are blanked out, so the command after them parses, and a mark at
 *   the command says what they meant (a background job for coproc, a negation for
 *   `!`); blanks between two backtick substitutions that tree-sitter-bash took for
 *   an empty substitution joining one word (see backtickMasks); an escape glued to a
 *   quote or expansion (escapeMasks); a partly quoted heredoc delimiter (heredocMasks); a `-`
 *   word before a redirection with a descriptor, which tree-sitter-bash drops (dashMasks).
 * - repairs (only when the tree has errors, and kept only when they remove every
 *   error): a lone `~` inside `[[ … ]]` (tree-sitter-bash reads it as an operator),
 *   extglob groups `@( ) *( ) +( ) ?( ) !( )` (replaced by word characters; the
 *   converter turns them into globs), the `-` of `>&-`/`<&-` when more words follow
 *   (tree-sitter-bash takes one word after it), `% ? @ #` after a name in a command name,
 *   and comments inside backticks that swallowed the closing backtick (bash ends the
 *   substitution at the backtick first).
 *
 * Text-only repairs are not made when the script has a heredoc: a rewritten line
 * could stop being (or become) a heredoc's terminator.
 */
import type { TsNode } from "./cst.ts";

/** What the prefixes blanked out before a command meant. */
export interface PrefixMark {
  negate: boolean;
  background: boolean;
}

/** A rewrite: replace `[start, end)` by `fill` repeated (or by `text`, of the same length). */
export interface Mask {
  start: number;
  end: number;
  fill: string;
  text?: string;
}

export function applyMasks(src: string, masks: Mask[]): string {
  if (!masks.length) return src;
  const sorted = [...masks].sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const m of sorted) {
    if (m.start < pos) continue; // overlapping: the first one wins
    out += src.slice(pos, m.start) + (m.text ?? m.fill.repeat(m.end - m.start));
    pos = m.end;
  }
  return out + src.slice(pos);
}

/** What tree-sitter-bash skips as blanks (its `\s`) and bash keeps in words. */
const BLANKS = /[\r\v\f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * Carriage return, vertical tab, form feed and Unicode spaces become `.` (a word character in
 * every context), and so does a space or tab escaped by a backslash: tree-sitter-bash skips
 * `\<space>` as a blank between words (`cp \  ~/.bashrc` lost its first operand), bash keeps
 * a space.
 */
export function maskBlanks(src: string): string {
  BLANKS.lastIndex = 0;
  let out = BLANKS.test(src) ? src.replace(BLANKS, ".") : src;
  if (/\\[ \t]/.test(out)) {
    out = out.replace(/\\+[ \t]/g, (m) => m.length % 2 === 0 ? m.slice(0, -1) + "." : m);
  }
  // An empty backtick substitution (two backticks) expands to nothing, like an empty quoted
  // string; tree-sitter-bash's error recovery around it is exponential (6 s for 247
  // characters of backticks and pipes, with no chance to cancel), so it sees `''` instead.
  if (out.includes("``")) out = maskEmptyBackticks(out);
  return out;
}

/**
 * Replaces each empty backtick substitution (`` where a substitution would start) with `''`.
 * Inside a substitution, `` ends one and starts the next (`a``b` is $(a)$(b)): left alone.
 * Single quotes (outside double quotes) and backslashes are followed, as bash reads them.
 */
function maskEmptyBackticks(src: string): string {
  let out = "";
  let inTick = false;
  let single = false;
  let double = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (single) {
      if (c === "'") single = false;
      out += c;
      continue;
    }
    if (c === "\\") {
      out += src.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "'" && !double) single = true;
    else if (c === '"') double = !double;
    else if (c === "`") {
      if (!inTick && src[i + 1] === "`") {
        out += "''";
        i++;
        continue;
      }
      inTick = !inTick;
    }
    out += c;
  }
  return out;
}

function text(src: string, n: TsNode): string {
  return src.slice(n.startIndex, n.endIndex);
}

function firstNamed(n: TsNode): TsNode | null {
  for (let i = 0; i < n.childCount; i++) {
    const c = n.child(i);
    if (c && c.isNamed && c.type !== "comment") return c;
  }
  return null;
}

/** Visits every node (iteratively), with whether it is inside a backtick substitution. */
function walk(root: TsNode, src: string, visit: (n: TsNode, inBacktick: boolean) => void): void {
  const stack: [TsNode, boolean][] = [[root, false]];
  while (stack.length) {
    const [n, bt] = stack.pop()!;
    visit(n, bt);
    const inner = bt || (n.type === "command_substitution" && src[n.startIndex] === "`");
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c && c.isNamed) stack.push([c, inner]);
    }
  }
}

const BLANK = /[ \t]/;

function blankAt(src: string, i: number): boolean {
  return i < src.length && BLANK.test(src[i]);
}

function skipBlanks(src: string, i: number): number {
  while (blankAt(src, i)) i++;
  return i;
}

/** `word` at `i`, followed by a blank. */
function keywordAt(src: string, i: number, word: string): boolean {
  return src.startsWith(word, i) && blankAt(src, i + word.length);
}

/** A compound command starts at `i` (what tree-sitter-bash cannot read after a prefix). */
function compoundAt(src: string, i: number): boolean {
  const rest = src.slice(i, i + 8);
  return /^(\{|\[\[)([ \t\n]|$)/.test(rest) || rest.startsWith("(") ||
    /^(if|while|until|case|select)([ \t\n;]|$)/.test(rest) || /^for([ \t\n;(]|$)/.test(rest);
}

/**
 * Blanks out `coproc [NAME]`, `time [-p] [--]` and `!` prefixes tree-sitter-bash cannot
 * read, and marks the command after each chain of them (by its start offset).
 */
export function prefixMasks(
  root: TsNode,
  src: string,
): { masks: Mask[]; marks: Map<number, PrefixMark> } {
  const starts: number[] = [];
  const masks: Mask[] = [];
  const marks = new Map<number, PrefixMark>();
  if (!/time|coproc|!/.test(src)) return { masks, marks };
  walk(root, src, (n) => {
    if (n.type === "negated_command") starts.push(n.startIndex);
    else if (n.type === "command") {
      const name = firstNamed(n);
      if (name && name.type === "command_name") {
        const t = text(src, name);
        if (t === "time" || t === "coproc") starts.push(n.startIndex);
      }
    }
  });
  if (!starts.length) return { masks, marks };
  starts.sort((a, b) => a - b);
  let done = -1;
  for (const s of starts) {
    if (s < done) continue;
    const chain: Mask[] = [];
    let negate = false;
    let background = false;
    let timed = false;
    let bangAfterTime = false;
    let i = s;
    for (;;) {
      i = skipBlanks(src, i);
      const from = i;
      if (src[i] === "!" && blankAt(src, i + 1)) {
        negate = !negate;
        if (timed) bangAfterTime = true;
        i++;
      } else if (keywordAt(src, i, "time")) {
        timed = true;
        i = skipBlanks(src, i + 4);
        if (keywordAt(src, i, "-p")) i = skipBlanks(src, i + 2);
        if (keywordAt(src, i, "--")) i += 2;
      } else if (keywordAt(src, i, "coproc")) {
        background = true;
        i = skipBlanks(src, i + 6);
        // A NAME only before a compound command: `coproc X cmd` runs the command X.
        const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 256));
        if (m && blankAt(src, i + m[0].length)) {
          const after = skipBlanks(src, i + m[0].length);
          if (compoundAt(src, after)) i += m[0].length;
        }
      } else break;
      chain.push({ start: from, end: i, fill: " " });
    }
    const body = skipBlanks(src, i);
    done = body;
    // Nothing after the prefixes (`time` alone, `coproc` at the end): bash's business.
    if (body >= src.length || /[\n;&|)]/.test(src[body])) continue;
    if (!background && !bangAfterTime && !compoundAt(src, body)) continue;
    masks.push(...chain);
    if (negate || background) marks.set(body, { negate, background });
  }
  return { masks, marks };
}

/**
 * tree-sitter-bash joins words with an empty substitution written `` `…` `` holding only
 * blanks (`` a` `b `` is `ab`), and inside a backtick substitution it takes the closing
 * backtick, blanks and the next opening backtick for that joiner: `` echo `a` `rm -rf ~` ``
 * became one substitution. bash ends the substitution at the first backtick. The blanks are
 * rewritten: a newline to `;`, otherwise the first blank to `.` (the converter splits a word
 * at a `.` that stands for a blank; in double quotes the text is read as written anyway).
 */
export function backtickMasks(root: TsNode, src: string): Mask[] {
  const masks: Mask[] = [];
  if (!src.includes("`")) return masks;
  const heredoc = hasHeredoc(src);
  const stack: [TsNode, boolean][] = [[root, false]];
  while (stack.length) {
    const [n, bt] = stack.pop()!;
    const inner = bt || (n.type === "command_substitution" && src[n.startIndex] === "`");
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (!c) continue;
      if (c.isNamed) stack.push([c, inner]);
      else if (inner && c.type === "``" && c.startIndex >= 0 && c.endIndex - c.startIndex > 2) {
        const nl = src.indexOf("\n", c.startIndex);
        if (nl < 0 || nl >= c.endIndex) {
          masks.push({ start: c.startIndex + 1, end: c.startIndex + 2, fill: "." });
        } else if (!heredoc) {
          // (A heredoc's body starts after a newline: with one, leave the tree as it is.)
          masks.push({ start: nl, end: nl + 1, fill: ";" });
        }
      }
    }
  }
  return masks;
}

/**
 * tree-sitter-bash ends a word at a quote, expansion or substitution followed by a backslash
 * escape (`''\x`, `"a"\x`, `$X\y`, `$(a)\y`) and starts another one: `cat ~/.aig''\uard/x`
 * read two files, `X=''\ls rm -rf ~` ran `ls`. bash reads one word. The escape (the backslash
 * and the character after it) is rewritten to `.`s; the converter reads it as written.
 */
export function escapeMasks(root: TsNode, src: string): Mask[] {
  const masks: Mask[] = [];
  if (!src.includes("\\")) return masks;
  walk(root, src, (n) => {
    // (`''\$`: the word is the backslash alone, the `$` is a token of its own.)
    if (n.type !== "word" || src[n.startIndex] !== "\\" || src[n.startIndex + 1] === "\n") return;
    const before = src[n.startIndex - 1];
    if (before === undefined || /[\s;&|(<>={\\]/.test(before)) return;
    const cp = src.codePointAt(n.startIndex + 1)!;
    const end = n.startIndex + 1 + (cp > 0xffff ? 2 : 1);
    masks.push({ start: n.startIndex, end, fill: "." });
  });
  return masks;
}

/** Nodes in which tree-sitter-bash can drop a `-` word (see dashMasks). */
const DASH_HOSTS = new Set([
  "program",
  "redirected_statement",
  "command",
  "list",
  "pipeline",
  "subshell",
  "compound_statement",
  "do_group",
  "if_statement",
  "elif_clause",
  "else_clause",
  "while_statement",
  "negated_command",
  "command_substitution",
  "process_substitution",
]);

/** The deepest named node holding offset `i`. */
function namedAt(root: TsNode, i: number): TsNode {
  let n = root;
  for (;;) {
    let next: TsNode | null = null;
    for (let k = 0; k < n.childCount; k++) {
      const c = n.child(k);
      if (c && c.isNamed && c.startIndex <= i && i < c.endIndex) {
        next = c;
        break;
      }
    }
    if (!next) return n;
    n = next;
  }
}

/**
 * tree-sitter-bash drops a word `-` followed by a redirection with a descriptor
 * (`tar -czf - 2>/dev/null x` lost the `-`, the archive on standard output): no node covers
 * it. bash passes it as an argument. It becomes `_`; the converter reads it as written.
 */
export function dashMasks(root: TsNode, src: string): Mask[] {
  const masks: Mask[] = [];
  const dash = /(^|[ \t;&|(])-(?=[ \t]+\d+[<>])/g;
  for (let m = dash.exec(src); m; m = dash.exec(src)) {
    const at = m.index + m[1].length;
    if (DASH_HOSTS.has(namedAt(root, at).type)) masks.push({ start: at, end: at + 1, fill: "_" });
  }
  return masks;
}

/**
 * The whole word starting at `i`, as bash delimits it (to a blank or an operator outside
 * quotes): a heredoc's delimiter as written.
 */
export function wordAt(src: string, i: number): string {
  let k = i;
  while (k < src.length) {
    const c = src[k];
    if (c === "\\") k += 2;
    else if (c === "'") {
      const e = src.indexOf("'", k + 1);
      k = e < 0 ? src.length : e + 1;
    } else if (c === '"') {
      let e = k + 1;
      while (e < src.length && src[e] !== '"') e += src[e] === "\\" ? 2 : 1;
      k = e + 1;
    } else if (/[\s;&|<>()]/.test(c)) break;
    else k++;
  }
  return src.slice(i, Math.min(k, src.length));
}

/** bash's quote removal on a heredoc delimiter (no expansions happen there). */
function unquoteDelimiter(d: string): string {
  let out = "";
  for (let k = 0; k < d.length; k++) {
    const c = d[k];
    if (c === "\\") out += d[++k] ?? "";
    else if (c === "'") {
      const e = d.indexOf("'", k + 1);
      out += d.slice(k + 1, e < 0 ? d.length : e);
      k = e < 0 ? d.length : e;
    } else if (c === '"') {
      let e = k + 1;
      for (; e < d.length && d[e] !== '"'; e++) {
        if (d[e] === "\\" && /[$`"\\\n]/.test(d[e + 1] ?? "")) e++;
        out += d[e];
      }
      k = e;
    } else out += c;
  }
  return out;
}

/**
 * A heredoc delimiter quoted in part (`<<E"O"F`, `<<"E"O'F'`): bash's delimiter is the word
 * after quote removal (`EOF`, and the body is literal); tree-sitter-bash looks for the text as
 * written and never ends the heredoc. The delimiter is rewritten to `\EOF` (padded with
 * blanks), a spelling tree-sitter-bash reads; the converter reads the word as written.
 */
export function heredocMasks(root: TsNode, src: string): Mask[] {
  const masks: Mask[] = [];
  if (!src.includes("<<")) return masks;
  walk(root, src, (n) => {
    if (n.type !== "heredoc_start") return;
    const d = wordAt(src, n.startIndex);
    if (!/['"\\]/.test(d) || /^('[^']*'|"[^"\\$`]*"|\\[A-Za-z0-9_.-]+)$/.test(d)) return;
    const v = unquoteDelimiter(d);
    if (!/^[A-Za-z0-9_.-]+$/.test(v) || v.length + 1 > d.length) return;
    const text = "\\" + v + " ".repeat(d.length - v.length - 1);
    masks.push({ start: n.startIndex, end: n.startIndex + d.length, fill: " ", text });
  });
  return masks;
}

/** Does the script have a heredoc (`<<`, `<<-`; not a here-string `<<<`)? */
function hasHeredoc(src: string): boolean {
  return /(^|[^<])<<(?!<)/.test(src);
}

const MAX_GROUP = 1024;

const EXTGLOB_CONTENT = /[A-Za-z0-9._\-*?[\]!^|+@%:=~/]/;

/**
 * The end (after the `)`) of an extglob group whose `(` is at `open`, or -1. Only plain
 * pattern text is accepted (letters, digits, `. _ - * ? [ ] ! ^ | + @ % : = ~ /` and nested
 * groups): a group holding blanks, quotes, `$`, backticks, redirections or braces stays a
 * parse error, so a subshell can never be hidden in one.
 */
function extglobEnd(src: string, open: number): number {
  let depth = 0;
  let i = open;
  // (Bounded: a longer group stays a parse error, and the repairs stay linear.)
  for (const stop = Math.min(src.length, open + MAX_GROUP); i < stop; i++) {
    const c = src[i];
    if (c === "(") {
      if (i !== open && !/[@*+?!]/.test(src[i - 1])) return -1;
      depth++;
    } else if (c === ")") {
      if (src[i - 1] === "(") return -1; // empty group
      if (--depth === 0) return i + 1;
    } else if (!EXTGLOB_CONTENT.test(c)) return -1;
  }
  return -1;
}

/** Whether `i` is where a command name would stand (start, or after an operator). */
function commandPosition(src: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && BLANK.test(src[k])) k--;
  if (k < 0) return true;
  if (/[\n;&|({!]/.test(src[k])) return true;
  return ["then", "do", "else", "elif", "if", "while", "until", "time"].some((kw) => {
    const at = k + 1 - kw.length;
    return at >= 0 && src.startsWith(kw, at) && (at === 0 || /[\s;&|(]/.test(src[at - 1]));
  });
}

/** Repairs for a tree with errors (see the module comment). Empty when there are none. */
export function repairMasks(root: TsNode, src: string): Mask[] {
  const masks: Mask[] = [];
  // Comments inside backticks end at the backtick that ends the substitution.
  walk(root, src, (n, inBacktick) => {
    if (!inBacktick || n.type !== "comment") return;
    const t = text(src, n);
    for (let k = 0; k < t.length; k++) {
      if (t[k] === "\\") k++;
      else if (t[k] === "`") {
        masks.push({ start: n.startIndex, end: n.startIndex + k, fill: " " });
        break;
      }
    }
  });
  if (hasHeredoc(src)) return masks;
  // A lone `~` inside `[[ … ]]` on the same line.
  const test = /(^|[ \t;&|(!])\[\[[ \t]/g;
  for (let m = test.exec(src); m; m = test.exec(src)) {
    const from = m.index + m[0].length;
    const line = src.indexOf("\n", from);
    const stop = line < 0 ? src.length : line;
    const close = /[ \t]\]\]([ \t;&|)]|$)/.exec(src.slice(from, stop));
    const end = close ? from + close.index : stop;
    for (let k = from; k < end; k++) {
      if (src[k] === "~" && BLANK.test(src[k - 1]) && (k + 1 === end || blankAt(src, k + 1))) {
        masks.push({ start: k, end: k + 1, fill: "." });
      }
    }
    test.lastIndex = Math.max(test.lastIndex, end); // each character is looked at once
  }
  // extglob groups.
  for (let i = 1; i < src.length; i++) {
    if (src[i] !== "(" || !/[@*+?!]/.test(src[i - 1])) continue;
    const start = i - 1;
    if (start > 0 && (src[start - 1] === "$" || src[start - 1] === "\\")) continue;
    // `!(…)` in command position is a negated subshell unless extglob is on: keep the error.
    if (src[start] === "!" && commandPosition(src, start)) continue;
    const end = extglobEnd(src, i);
    if (end < 0) continue;
    masks.push({ start, end, fill: "." });
    i = end - 1;
  }
  // A word starting with a name and `%`, `?`, `@` or `#` (`a%b`, `BASH_FUNC_f%%=…`, `cur?l`):
  // in command position tree-sitter-bash splits it after the name (its names take Unicode
  // letters too: `gﬁuard@ x`). (Before `(` it is extglob.)
  const name = /(^|[\s;&|(])[\p{L}_][\p{L}\p{N}_]*([%?@#]+)/gu;
  for (let m = name.exec(src); m; m = name.exec(src)) {
    const end = m.index + m[0].length;
    if (src[end] !== "(") masks.push({ start: end - m[2].length, end, fill: "." });
  }
  // `>&-` / `<&-` followed by more words: tree-sitter-bash takes only one.
  const close = /[<>]&-(?=[ \t]+[^ \t\n;&|)#])/g;
  for (let m = close.exec(src); m; m = close.exec(src)) {
    masks.push({ start: m.index + 2, end: m.index + 3, fill: "1" });
  }
  return masks;
}

/**
 * Splits unquoted word text at its extglob groups: literal text (still escaped) and groups,
 * each noting whether it can match a leading dot (a group other than `!( )` holding a `.`,
 * where a path component starts, or after other groups only). Null when there is no group.
 */
export function extglobPieces(text: string): (string | { dot: boolean })[] | null {
  const out: (string | { dot: boolean })[] = [];
  let lit = "";
  // Whether only groups stand between the last `/` (or the word's start) and here.
  let componentStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      lit += text.slice(i, i + 2);
      i++;
      componentStart = false;
      continue;
    }
    if (/[@*+?!]/.test(c) && text[i + 1] === "(") {
      const end = extglobEnd(text, i + 1);
      if (end > 0) {
        if (lit) out.push(lit);
        lit = "";
        out.push({ dot: componentStart && c !== "!" && text.slice(i, end).includes(".") });
        i = end - 1;
        continue;
      }
    }
    lit += c;
    componentStart = c === "/";
  }
  if (out.length === 0) return null;
  if (lit) out.push(lit);
  return out;
}
