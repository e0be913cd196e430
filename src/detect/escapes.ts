/**
 * Text hidden in escape sequences: `\u0069\u0067…` (JSON, JavaScript), `\x69\x67…` (C, Python,
 * shell), `%69%67…` (URLs), and hex bytes written out with spaces (`69 67 6e 6f 72 65`). A tool
 * result can carry an instruction in any of them that a model reads as plainly as the letters; the
 * injection scan reads each cluster decoded, as it reads base64 (src/detect/injection.ts
 * `scanText`). HTML character references are decoded in every view already
 * (src/detect/normalize.ts). Pure: no I/O.
 *
 * A cluster is a run of at least MIN_ESCAPES escapes of one kind with at most MAX_GAP other
 * characters between two of them (`Agent%3A%20run%20%60env%60` mixes letters and escapes). It is
 * decoded when the result is text: decodes of byte escapes must be valid UTF-8, every character
 * printable, with three letters in a row. Digests, binary dumps and a URL's single `%20` are not.
 */

/** Fewer escapes than this in a cluster are left alone (a path's `%20`, an accented `\u00e9`). */
export const MIN_ESCAPES = 6;
/** Most other characters between two escapes of one cluster. */
export const MAX_GAP = 24;
/**
 * Clusters longer than this are not decoded. It is the longest base64 run decoded too, and the
 * streamed scan's windows overlap by at least it (src/mcp/result_stream.ts SCAN_OVERLAP), so a
 * cluster a stream splits is whole in one of its windows.
 */
export const MAX_CLUSTER = 64 * 1024;
/** Most clusters decoded in one text. */
export const MAX_CLUSTERS = 64;

/** One decoded cluster: where it is in the text and the text it stands for. */
export interface EscapedRun {
  start: number;
  end: number;
  decoded: string;
  kind: EscapeKind;
}

export type EscapeKind = "unicode" | "hex-byte" | "percent" | "spaced-hex";

interface Kind {
  kind: EscapeKind;
  /** Is this kind possibly in the text (a cheap test before the regex)? */
  cue: (t: string) => boolean;
  token: RegExp;
  /** Bytes (decoded together as UTF-8) or code units/points. */
  bytes: boolean;
  value: (m: string) => number;
  /** Spaced hex: only whitespace between two tokens. */
  tight?: boolean;
}

const hex = (s: string) => parseInt(s, 16);

const KINDS: Kind[] = [
  {
    kind: "unicode",
    cue: (t) => t.includes("\\u") || t.includes("\\U"),
    token: /\\u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/g,
    bytes: false,
    value: (m) => hex(m[2] === "{" ? m.slice(3, -1) : m.slice(2)),
  },
  {
    kind: "hex-byte",
    cue: (t) => t.includes("\\x") || t.includes("\\X"),
    token: /\\[xX][0-9a-fA-F]{2}/g,
    bytes: true,
    value: (m) => hex(m.slice(2)),
  },
  {
    kind: "percent",
    cue: (t) => t.includes("%"),
    token: /%[0-9a-fA-F]{2}/g,
    bytes: true,
    value: (m) => hex(m.slice(1)),
  },
  {
    kind: "spaced-hex",
    cue: (t) => SPACED_HEX_CUE.test(t),
    token: /(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{2}(?![0-9A-Za-z])/g,
    bytes: true,
    value: (m) => hex(m.slice(-2)),
    tight: true,
  },
];

/** Four hex pairs in a row, one space or comma apart: where spaced hex can be at all. */
const SPACED_HEX_CUE = /(?:(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{2}[ ,]{1,2}){3}(?:0x)?[0-9a-fA-F]{2}/;
/** Between two spaced-hex tokens: a space, a comma, or both. */
const TIGHT_GAP = /^[ ,]{1,2}$/;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const THREE_LETTERS = /\p{L}{3}/u;
/** Does `s` hold a character that is not text: a control (tab, newline, return are text), U+FFFD? */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) {
      return true;
    }
  }
  return false;
}

/**
 * The clusters of escapes in `text` that decode to text, in the order of their kinds and then
 * of the text. `check` is called between clusters (the scan's deadline).
 */
export function escapedRuns(text: string, check: () => void = () => {}): EscapedRun[] {
  const out: EscapedRun[] = [];
  for (const k of KINDS) {
    if (!k.cue(text)) continue;
    k.token.lastIndex = 0;
    let tokens: [number, string][] = [];
    const flush = () => {
      if (tokens.length >= MIN_ESCAPES && out.length < MAX_CLUSTERS) {
        const run = decodeCluster(text, tokens, k);
        if (run) out.push(run);
        check();
      }
      tokens = [];
    };
    for (const m of text.matchAll(k.token)) {
      const at = m.index!;
      const last = tokens[tokens.length - 1];
      if (last) {
        const gap = text.slice(last[0] + last[1].length, at);
        const joined = k.tight ? TIGHT_GAP.test(gap) : gap.length <= MAX_GAP && !gap.includes("\n");
        if (!joined) flush();
      }
      tokens.push([at, m[0]]);
    }
    flush();
  }
  return out;
}

/**
 * Characters that end the plain text a cluster takes in before its first escape and after its
 * last (`Ignore%20all…%20me`): white space, quotes, brackets and the separators of fields and
 * parameters.
 */
const EDGE = /[\s"'`<>(){}\[\],;=&?|]/;

function decodeCluster(text: string, tokens: [number, string][], k: Kind): EscapedRun | null {
  let start = tokens[0][0];
  const lastTok = tokens[tokens.length - 1];
  let end = lastTok[0] + lastTok[1].length;
  if (!k.tight) {
    const floor = Math.max(0, start - MAX_GAP);
    while (start > floor && !EDGE.test(text[start - 1])) start--;
    const ceil = Math.min(text.length, end + MAX_GAP);
    while (end < ceil && !EDGE.test(text[end])) end++;
  }
  if (end - start > MAX_CLUSTER) return null;
  let decoded = text.slice(start, tokens[0][0]);
  let pos = tokens[0][0];
  let bytes: number[] = [];
  const flushBytes = (): boolean => {
    if (!bytes.length) return true;
    try {
      decoded += utf8.decode(Uint8Array.from(bytes));
    } catch {
      return false; // not UTF-8: binary, not text
    }
    bytes = [];
    return true;
  };
  for (const [at, tok] of tokens) {
    if (at > pos) {
      if (!flushBytes()) return null;
      // Spaced hex: the separators are not part of the text it stands for.
      if (!k.tight) decoded += text.slice(pos, at);
    }
    const v = k.value(tok);
    if (k.bytes) bytes.push(v);
    else if (v > 0x10ffff) return null;
    else decoded += String.fromCodePoint(v);
    pos = at + tok.length;
  }
  if (!flushBytes()) return null;
  decoded += text.slice(pos, end);
  if (hasControl(decoded) || !THREE_LETTERS.test(decoded)) return null;
  return { start, end, decoded, kind: k.kind };
}
