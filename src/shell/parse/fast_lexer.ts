/**
 * The fast path: a lexer for trivially simple commands that never loads tree-sitter.
 *
 * It accepts only a small sub-language — plain words, single quotes, double
 * quotes without backticks, backslashes or `!`, plain `$NAME`, command
 * substitutions `$(…)` whose body is itself in the sub-language, the operators
 * `&&`, `||`, `;`, `&`, `|`, one-line `for NAME in WORD…; do …; done` loops, and
 * redirections of the forms `>`, `>>`, `<`, `N>`, `N>>`, `N<`, `>&N`, `N>&M`,
 * `>&-`, `N>&-` anywhere in a command (words after a redirection's target are
 * arguments, as in bash) — and declines (returns null) everything else, so the
 * full parser sees every command that has any other shell syntax. For every
 * command it accepts it must produce exactly the IR the tree-sitter converter
 * produces: `tests/shell_parser_test.ts` checks that on the whole corpus,
 * `tests/cold_path_test.ts` on the generated inputs (tests/fuzz) and routine work.
 */
import type { ParsedScript, Part, Redir, Stmt, Word } from "./ir.ts";
import { mergeLits, unquotedWordParts } from "./word_parts.ts";

/** Characters that always send a command to the full parser (`$`, `#`, `\` are handled below). */
const DECLINE = new Set([
  "`",
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  "!",
  "\n",
  "\r",
  // bash keeps vertical tab and form feed in words; tree-sitter-bash would skip them as blanks.
  "\v",
  "\f",
  "\0",
]);

/** Words that mean something other than a command name in command position. */
const RESERVED = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "in",
  "function",
  "time",
  "coproc",
  "declare",
  "export",
  "local",
  "readonly",
  "typeset",
  "unset",
  "nameref",
  "let",
]);

const MAX_FAST_LENGTH = 64 * 1024;

interface Tok {
  kind: "word" | "op" | "redir";
  start: number;
  end: number;
  word?: Word;
  op?: string;
  redir?: Redir;
}

function isSpace(c: string): boolean {
  return c === " " || c === "\t";
}

function isBreak(c: string | undefined): boolean {
  return c === undefined || isSpace(c) || c === ";" || c === "|" || c === "&" || c === ">" ||
    c === "<";
}

/** Reads one word starting at `i`; returns null to decline. */
function readWord(src: string, i: number): { word: Word; end: number } | null {
  const start = i;
  const parts: Part[] = [];
  let unq = "";
  let unqStart = -1;
  const flush = () => {
    if (unq) parts.push(...unquotedWordParts(unq, unqStart === start));
    unq = "";
    unqStart = -1;
  };
  // `{}` on its own (find -exec, xargs -I{}): the converter reads it as a brace word.
  if (src[i] === "{" && src[i + 1] === "}" && isBreak(src[i + 2])) {
    return { word: { raw: "{}", parts: [{ t: "brace", raw: "{}" }] }, end: i + 2 };
  }
  while (i < src.length && !isBreak(src[i])) {
    const c = src[i];
    if (DECLINE.has(c) || c === "#") return null;
    if (c === "\\") {
      // An escaped character outside quotes (`\;`, `\ `): kept for quote removal.
      const n = src[i + 1];
      if (n === undefined || n === "\n" || n === "\r") return null;
      if (unqStart < 0) unqStart = i;
      unq += c + n;
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return null;
      flush();
      parts.push({ t: "lit", v: src.slice(i + 1, close), q: true });
      i = close + 1;
    } else if (c === '"' && src.startsWith(`"$(cat <<'`, i)) {
      const h = readCommitMessage(src, i);
      if (!h) return null;
      flush();
      parts.push(h.part);
      i = h.end;
    } else if (c === '"') {
      const close = src.indexOf('"', i + 1);
      if (close < 0) return null;
      flush();
      // Double-quoted text: literal segments and plain `$NAME` / `${NAME}` expansions.
      let seg = "";
      let k = i + 1;
      let any = false;
      while (k < close) {
        const ch = src[k];
        // Inside double quotes only `$`, backtick and backslash are special.
        if (ch === "`" || ch === "\\" || ch === "\n" || ch === "\r" || ch === "\0") return null;
        if (ch === "$" && src[k + 1] === "(") {
          const sub = readSubst(src, k, close, true);
          if (!sub) return null;
          if (seg) parts.push({ t: "lit", v: seg, q: true });
          seg = "";
          parts.push(sub.part);
          any = true;
          k = sub.end;
        } else if (ch === "$") {
          const p = readParam(src, k, true);
          if (!p) return null;
          if (seg) parts.push({ t: "lit", v: seg, q: true });
          seg = "";
          parts.push(p.part);
          any = true;
          k = p.end;
        } else {
          seg += ch;
          k++;
        }
      }
      if (seg || !any) parts.push({ t: "lit", v: seg, q: true });
      i = close + 1;
    } else if (c === "$" && src[i + 1] === "(") {
      const sub = readSubst(src, i, src.length, false);
      if (!sub) return null;
      flush();
      parts.push(sub.part);
      i = sub.end;
    } else if (c === "$") {
      const p = readParam(src, i, false);
      if (!p) return null;
      flush();
      parts.push(p.part);
      i = p.end;
    } else {
      if (unqStart < 0) unqStart = i;
      // Take the whole run of ordinary characters at once.
      let j = i + 1;
      while (j < src.length && ORDINARY.test(src[j])) j++;
      unq += src.slice(i, j);
      i = j;
    }
  }
  flush();
  if (i === start) return null;
  return { word: { raw: src.slice(start, i), parts: mergeLits(parts) }, end: i };
}

/** Characters with no special meaning inside an unquoted word. */
const ORDINARY = /[A-Za-z0-9_.\/:,@%+=~^*?-]/;
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/** Reads `$NAME` or `${NAME}` at `i`; anything else (`$1`, `${X:-y}`, `$(`) declines. */
function readParam(src: string, i: number, q: boolean): { part: Part; end: number } | null {
  let k = i + 1;
  const braced = src[k] === "{";
  if (braced) k++;
  if (!NAME_START.test(src[k] ?? "")) return null;
  const start = k;
  while (k < src.length && NAME_CHAR.test(src[k])) k++;
  const name = src.slice(start, k);
  if (braced) {
    if (src[k] !== "}") return null;
    k++;
  }
  return { part: { t: "param", name, q, plain: true, mod: "", subs: [] }, end: k };
}

/**
 * A command substitution `$(…)` at `i` that ends before `limit`, its body itself a command the
 * fast path takes: `$(ls src)`, `"$(git rev-parse HEAD)"`. Arithmetic (`$((`), nesting, backticks,
 * backslashes, comments, newlines and background jobs inside decline.
 */
function readSubst(
  src: string,
  i: number,
  limit: number,
  q: boolean,
): { part: Part; end: number } | null {
  if (src[i + 2] === "(") return null;
  let k = i + 2;
  for (; k < limit; k++) {
    const c = src[k];
    if (c === ")") break;
    if (c === "(" || c === "`" || c === "\\" || c === "#" || c === "\n" || c === "\r") return null;
    if (c === "'" || c === '"') {
      const close = src.indexOf(c, k + 1);
      if (close < 0 || close >= limit) return null;
      const quoted = src.slice(k + 1, close);
      if (c === '"' && (quoted.includes("\\") || quoted.includes("`") || quoted.includes("$("))) {
        return null;
      }
      k = close;
    }
  }
  if (k >= limit) return null;
  const inner = fastParse(src.slice(i + 2, k));
  if (!inner || inBackground(inner.body)) return null;
  return { part: { t: "cmd", body: inner.body, q }, end: k + 1 };
}

/** `"$(cat <<'DELIM'` and the newline after it. */
const COMMIT_HEAD = /"\$\(cat <<'([A-Za-z_][A-Za-z0-9_]*)'\n/y;

/**
 * `"$(cat <<'EOF'⏎…⏎EOF⏎)"` at `i`: the quoted heredoc agents pass to `git commit -m` (Claude
 * Code writes every commit so). The body is literal (the delimiter is quoted); it ends at the
 * first line that is exactly the delimiter, which `)"` must follow at once. A carriage return,
 * NUL or backslash, or a line that starts with the delimiter or is it with blanks around, declines.
 */
function readCommitMessage(src: string, i: number): { part: Part; end: number } | null {
  COMMIT_HEAD.lastIndex = i;
  const m = COMMIT_HEAD.exec(src);
  if (!m) return null;
  const delim = m[1];
  const bodyStart = i + m[0].length;
  let lineStart = bodyStart;
  while (true) {
    const lineEnd = src.indexOf("\n", lineStart);
    if (lineEnd < 0) return null;
    const line = src.slice(lineStart, lineEnd);
    // tree-sitter-bash loses a body that starts with a backslash: leave backslashes to it.
    if (/[\r\0\\]/.test(line)) return null;
    if (line === delim) break;
    // tree-sitter-bash ends the body at a line that starts with the delimiter (bash does not).
    if (line.trim() === delim || line.startsWith(delim)) return null;
    lineStart = lineEnd + 1;
  }
  const closeAt = lineStart + delim.length + 1;
  if (src[closeAt] !== ")" || src[closeAt + 1] !== '"') return null;
  const text = src.slice(bodyStart, lineStart);
  const body: Stmt = {
    k: "simple",
    assigns: [],
    words: [{ raw: "cat", parts: [{ t: "lit", v: "cat", q: false }] }],
    redirs: [{
      op: "<<",
      fd: null,
      target: { raw: delim, parts: [{ t: "lit", v: delim, q: true }] },
      heredoc: { body: { raw: text, parts: [{ t: "lit", v: text, q: true }] }, quoted: true },
    }],
    raw: "cat",
  };
  return { part: { t: "cmd", body, q: true }, end: closeAt + 2 };
}

/** Whether a background job (`a & b`) is anywhere in `s` (the converter keeps none in `$(…)`). */
function inBackground(s: Stmt): boolean {
  switch (s.k) {
    case "subshell":
      return s.background || inBackground(s.body);
    case "list":
      return s.items.some(inBackground);
    case "pipeline":
      return s.stages.some(inBackground);
    case "compound":
      return s.bodies.some(inBackground);
    default:
      return false;
  }
}

function plainText(w: Word): string | null {
  if (w.parts.length !== 1) return null;
  const p = w.parts[0];
  return p.t === "lit" && !p.q ? p.v : null;
}

function tokenize(src: string): Tok[] | null {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === "#") {
      // A comment runs to the end of its line only, and a backslash at its end continues
      // nothing: whatever follows a newline is another command, for the full parser.
      if (/[\n\r\v\f\0]/.test(src.slice(i))) return null;
      break;
    }
    if (c === "&") {
      if (src[i + 1] === "&") {
        toks.push({ kind: "op", op: "&&", start: i, end: i + 2 });
        i += 2;
      } else if (src[i + 1] === ">") return null;
      else {
        toks.push({ kind: "op", op: "&", start: i, end: i + 1 });
        i++;
      }
      continue;
    }
    if (c === "|") {
      if (src[i + 1] === "&") return null;
      const op = src[i + 1] === "|" ? "||" : "|";
      toks.push({ kind: "op", op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    if (c === ";") {
      if (src[i + 1] === ";" || src[i + 1] === "&") return null;
      toks.push({ kind: "op", op: ";", start: i, end: i + 1 });
      i++;
      continue;
    }
    // Redirection: optional fd digits glued to the operator.
    let j = i;
    while (j < src.length && src[j] >= "0" && src[j] <= "9") j++;
    if (src[j] === ">" || src[j] === "<") {
      const fd = j > i ? src.slice(i, j) : null;
      let op: string;
      if (src[j] === "<") {
        if (src[j + 1] === "<" || src[j + 1] === ">" || src[j + 1] === "&") return null;
        op = "<";
      } else if (src[j + 1] === ">") op = ">>";
      else if (src[j + 1] === "&") {
        if (src[j + 2] === "-") {
          // `>&-` closes the descriptor: no target, the next word is an argument.
          if (!isBreak(src[j + 3])) return null;
          toks.push({
            kind: "redir",
            start: i,
            end: j + 3,
            redir: { op: ">&-", fd, target: null },
          });
          i = j + 3;
          continue;
        }
        op = ">&";
      } else if (src[j + 1] === "|") return null;
      else op = ">";
      let k = j + op.length;
      while (k < src.length && isSpace(src[k])) k++;
      const w = readWord(src, k);
      if (!w) return null;
      if (op === ">&") {
        const t = plainText(w.word);
        if (t === null || !/^(\d+|-)$/.test(t)) return null;
      }
      toks.push({
        kind: "redir",
        start: i,
        end: w.end,
        redir: { op, fd, target: w.word },
      });
      i = w.end;
      continue;
    }
    const w = readWord(src, i);
    if (!w) return null;
    toks.push({ kind: "word", start: i, end: w.end, word: w.word });
    i = w.end;
  }
  return toks;
}

/** Parses a trivially simple command, or returns null when the full parser is needed. */
export function fastParse(src: string): ParsedScript | null {
  if (src.length > MAX_FAST_LENGTH) return null;
  const toks = tokenize(src);
  if (!toks || toks.length === 0) return null;
  const p: Cursor = { src, toks, i: 0 };
  const items = sequence(p, false);
  if (!items || items.length === 0 || p.i < toks.length) return null;
  return {
    body: items.length === 1 ? items[0] : { k: "list", items },
    parser: "fast",
    errors: [],
    source: src,
  };
}

/** The tokens of one source and the parser's position in them. */
interface Cursor {
  src: string;
  toks: Tok[];
  i: number;
}

/** A command and the source span it covers (a pipeline's raw text runs over its stages). */
interface Spanned {
  stmt: Stmt;
  start: number;
  end: number;
}

function isOp(t: Tok | undefined, ...ops: string[]): boolean {
  return t !== undefined && t.kind === "op" && ops.includes(t.op!);
}

function isKeyword(t: Tok | undefined, word: string): boolean {
  return t !== undefined && t.kind === "word" && t.word!.raw === word;
}

/**
 * `;`- and `&`-separated items, each a chain of `&&`/`||` of pipelines. Inside a `for` body
 * (`body`) the sequence ends before `done` in command position, every item ends in `;`, and a
 * background `&` declines (the converter drops it from a loop body).
 */
function sequence(p: Cursor, body: boolean): Stmt[] | null {
  const items: Stmt[] = [];
  while (true) {
    if (p.i >= p.toks.length) {
      if (body) return null; // no `done`
      break;
    }
    if (body && isKeyword(p.toks[p.i], "done")) break;
    const item = chain(p);
    if (!item) return null;
    const t = p.toks[p.i];
    if (t === undefined) {
      if (body) return null;
      items.push(item);
      break;
    }
    if (isOp(t, ";")) items.push(item);
    else if (isOp(t, "&") && !body) {
      items.push({ k: "subshell", body: item, redirs: [], background: true });
    } else return null;
    p.i++;
  }
  return items;
}

/** Pipelines joined by `&&` and `||`. */
function chain(p: Cursor): Stmt | null {
  const first = pipeline(p);
  if (!first) return null;
  const parts = [first];
  while (isOp(p.toks[p.i], "&&", "||")) {
    p.i++;
    if (p.i >= p.toks.length) return null; // dangling operator
    const next = pipeline(p);
    if (!next) return null;
    parts.push(next);
  }
  return parts.length === 1 ? first : { k: "list", items: parts };
}

/** Commands joined by `|`. */
function pipeline(p: Cursor): Stmt | null {
  const first = command(p);
  if (!first) return null;
  const stages = [first];
  while (isOp(p.toks[p.i], "|")) {
    p.i++;
    if (p.i >= p.toks.length) return null; // dangling operator
    const next = command(p);
    if (!next) return null;
    stages.push(next);
  }
  if (stages.length === 1) return first.stmt;
  return {
    k: "pipeline",
    stages: stages.map((s) => s.stmt),
    raw: p.src.slice(stages[0].start, stages[stages.length - 1].end),
  };
}

/** A simple command, or a `for` loop. */
function command(p: Cursor): Spanned | null {
  if (isKeyword(p.toks[p.i], "for")) return forLoop(p);
  const cur: Tok[] = [];
  while (p.i < p.toks.length && p.toks[p.i].kind !== "op") cur.push(p.toks[p.i++]);
  if (cur.length === 0) return null;
  const words: Word[] = [];
  const redirs: Redir[] = [];
  let wordEnd = -1;
  for (const t of cur) {
    if (t.kind === "word") {
      // Words after a redirection are arguments too (`rm >/dev/null -rf ~`).
      words.push(t.word!);
      wordEnd = t.end;
    } else redirs.push(t.redir!);
  }
  if (words.length === 0) return null;
  const name = plainText(words[0]);
  const first = words[0].raw;
  if (RESERVED.has(first) || (name !== null && RESERVED.has(name)) || first === "{}") {
    return null;
  }
  if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(first)) return null;
  // tree-sitter-bash cannot parse a command name of digits then `%`, `?` or `@` (`7%z`): leave it
  // to the full parser so both paths decide alike (found by the fuzz test).
  if (/^\d+[%?@]/.test(first)) return null;
  const start = cur[0].start;
  const stmt: Stmt = { k: "simple", assigns: [], words, redirs, raw: p.src.slice(start, wordEnd) };
  return { stmt, start, end: cur[cur.length - 1].end };
}

/**
 * `for NAME in WORD…; do BODY; done [REDIRECTION…]`, on one line: the loop agents write most
 * (`for f in $(ls src); do wc -l "$f"; done > out.txt`). Any other form declines.
 */
function forLoop(p: Cursor): Spanned | null {
  const start = p.toks[p.i].start;
  p.i++;
  const nameTok = p.toks[p.i++];
  const name = nameTok?.kind === "word" ? plainText(nameTok.word!) : null;
  if (name === null || nameTok.word!.raw !== name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    return null;
  }
  if (!isKeyword(p.toks[p.i++], "in")) return null;
  const words: Word[] = [];
  while (p.toks[p.i]?.kind === "word") words.push(p.toks[p.i++].word!);
  if (words.length === 0 || !isOp(p.toks[p.i++], ";")) return null;
  if (!isKeyword(p.toks[p.i++], "do")) return null;
  const bodies = sequence(p, true);
  if (!bodies || bodies.length === 0) return null;
  const done = p.toks[p.i++];
  const redirs: Redir[] = [];
  let end = done.end;
  while (p.toks[p.i]?.kind === "redir") {
    redirs.push(p.toks[p.i].redir!);
    end = p.toks[p.i++].end;
  }
  if (p.i < p.toks.length && p.toks[p.i].kind !== "op") return null; // `done x`
  const stmt: Stmt = {
    k: "compound",
    what: "for",
    words,
    bodies,
    redirs,
    raw: p.src.slice(start, done.end),
    loopVar: name,
  };
  return { stmt, start, end };
}
