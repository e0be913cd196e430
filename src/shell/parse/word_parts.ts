/**
 * Building blocks for IR words shared by both parsers (the fast lexer must not
 * load the tree-sitter converter).
 */
import type { Part } from "./ir.ts";
import { unescapeUnquoted } from "./quoting.ts";

/** Unquoted word text: a tilde at the start of a word, then backslash removal. */
export function unquotedWordParts(text: string, atStart: boolean): Part[] {
  if (atStart && text.startsWith("~")) {
    const m = /^~([+-]|[A-Za-z0-9._-]*)(?=\/|$|:)/.exec(text);
    if (m) {
      const rest = text.slice(m[0].length);
      const parts: Part[] = [{ t: "tilde", user: m[1] }];
      if (rest) parts.push({ t: "lit", v: unescapeUnquoted(rest), q: false });
      return parts;
    }
  }
  return [{ t: "lit", v: unescapeUnquoted(text), q: false }];
}

/** Merges adjacent literal parts with the same quotedness. */
export function mergeLits(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (p.t === "lit" && last && last.t === "lit" && last.q === p.q) {
      out[out.length - 1] = { t: "lit", v: last.v + p.v, q: p.q };
    } else out.push(p);
  }
  return out;
}
