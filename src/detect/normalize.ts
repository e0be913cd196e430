/**
 * Normalisation of untrusted text before injection rules match it, with a map
 * from every normalised character back to the original, so findings can name
 * their span in the text the user sees.
 *
 * One pass over the input:
 *  - zero-width, bidi-control, soft-hyphen and variation-selector characters
 *    are removed (text inside a right-to-left override is read in its logical order, as a model
 *    reads it, not as a screen shows it); ANSI/VT escape sequences (CSI, OSC, two-byte) are removed;
 *  - HTML character references (`&#105;`, `&#x69;`, `&lt;`, …) are decoded and
 *    inline formatting tags that can split a word (`ig<b></b>nore`) dropped;
 *  - string escapes read as what they stand for (`\n` a line break, `\t` a space, `\"` a
 *    quote): a JSON result's text reads as its lines do;
 *  - compatibility forms are folded (NFKD: fullwidth `ｉｇｎｏｒｅ`, ligatures,
 *    circled letters), combining marks stripped (`ïgnörë`), homoglyphs from
 *    Cyrillic and Greek folded to Latin (`іgnоrе`), then lower-cased.
 * Whitespace is kept as is (rules match `\s+`), so plain ASCII text takes a
 * fast path: lower-case only, identity map.
 *
 * Three derived views catch spelling games: `spaced` joins runs of single
 * letters (`i g n o r e`, `i.g.n.o.r.e`), `leet` folds digits and symbols
 * used as letters (`1gn0r3`) and `defuzz` reads words spelled with look-alikes
 * the tables lack as the rules' words (`previouս`, `instrøctiøns`). An invisible
 * or C1 character after a glue word (`ignore\u200ball`) is read as a space.
 * Base64 and hex runs are decoded by the detector itself.
 */

export interface Normalized {
  text: string;
  /** Original index of each UTF-16 unit of `text`; null when `text` is the lower-cased input. */
  map: Int32Array | null;
  /** Where letters from non-ASCII characters were written (ascending): `defuzz` reads there. */
  folded?: number[];
}

/** Printable ASCII plus tab, LF, CR, with no `&` (character references) and no `<` (tags). */
const PLAIN = /^[\t\n\r\x20-\x25\x27-\x3b\x3d-\x5b\x5d-\x7e]*$/;

const ZERO_WIDTH = new Set([
  0x00ad, // soft hyphen
  0x034f, // combining grapheme joiner
  0x061c, // Arabic letter mark
  0x115f,
  0x1160,
  0x17b4,
  0x17b5,
  0x180e,
  0x200b,
  0x200c,
  0x200d,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2060,
  0x2061,
  0x2062,
  0x2063,
  0x2064,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x206a,
  0x206b,
  0x206c,
  0x206d,
  0x206e,
  0x206f,
  0x3164,
  0xfeff,
  0xffa0,
]);

function invisible(cp: number): boolean {
  return ZERO_WIDTH.has(cp) || (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0xe0000 && cp <= 0xe007f) || // tag characters (invisible "ASCII smuggling")
    (cp >= 0xe0100 && cp <= 0xe01ef);
}

/** Unicode tag characters U+E0020–U+E007E mirror ASCII: decode them, they smuggle text. */
function tagChar(cp: number): string | null {
  return cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - 0xe0000) : null;
}

/** Cyrillic, Greek and other letters that look like Latin ones (lower-case targets). */
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  "а": "a",
  "в": "b",
  "е": "e",
  "ё": "e",
  "к": "k",
  "м": "m",
  "н": "h",
  "о": "o",
  "р": "p",
  "с": "c",
  "т": "t",
  "у": "y",
  "х": "x",
  "ѕ": "s",
  "і": "i",
  "ї": "i",
  "ј": "j",
  "ԁ": "d",
  "ԛ": "q",
  "ԝ": "w",
  "һ": "h",
  "ӏ": "l",
  "ɡ": "g",
  "ո": "n",
  "ս": "u",
  "ց": "g",
  "օ": "o",
  "ք": "p",
  // Greek
  "α": "a",
  "β": "b",
  "γ": "y",
  "ε": "e",
  "η": "n",
  "ι": "i",
  "κ": "k",
  "ν": "v",
  "ο": "o",
  "ρ": "p",
  "τ": "t",
  "υ": "u",
  "χ": "x",
  "ω": "w",
  "ϲ": "c",
  "ϳ": "j",
  // Latin look-alikes outside ASCII that NFKD keeps
  "ı": "i",
  "ł": "l",
  "ø": "o",
  "đ": "d",
  "ħ": "h",
  "ŀ": "l",
  "ʀ": "r",
  "ɪ": "i",
  "ʏ": "y",
  "ᴀ": "a",
  "ᴄ": "c",
  "ᴅ": "d",
  "ᴇ": "e",
  "ɢ": "g",
  "ʜ": "h",
  "ᴊ": "j",
  "ᴋ": "k",
  "ʟ": "l",
  "ᴍ": "m",
  "ɴ": "n",
  "ᴏ": "o",
  "ᴘ": "p",
  "ꜱ": "s",
  "ᴛ": "t",
  "ᴜ": "u",
  "ᴠ": "v",
  "ᴡ": "w",
  "ᴢ": "z",
};

const NAMED_ENTITIES: Record<string, string> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
  nbsp: " ",
  sol: "/",
  colon: ":",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  num: "#",
  excl: "!",
  vert: "|",
  verbar: "|",
  period: ".",
  comma: ",",
  hyphen: "-",
  dash: "-",
  lowbar: "_",
  zwj: "",
  zwnj: "",
  shy: "",
};

/** Inline formatting tags that may sit inside a word; dropped with their attributes. */
const INLINE_TAG =
  /^<\/?(?:b|i|u|s|em|strong|span|font|small|big|sub|sup|mark|code|del|ins|abbr|wbr|tt|kbd|q|cite|dfn|var|samp|bdi|bdo|a)(?:\s[^<>]{0,200})?\/?>/i;

const fold = new Map<number, string>();

/** Folds one non-ASCII code point: NFKD, marks stripped, homoglyphs, lower case. */
function foldCodePoint(cp: number): string {
  const cached = fold.get(cp);
  if (cached !== undefined) return cached;
  const ch = String.fromCodePoint(cp);
  let out = "";
  for (const c of ch.normalize("NFKD")) {
    if (/\p{M}/u.test(c)) continue;
    const lower = c.toLowerCase();
    out += HOMOGLYPHS[lower] ?? lower;
  }
  if (fold.size < 65536) fold.set(cp, out);
  return out;
}

/** Length of an ANSI/VT escape sequence starting at `i` (at ESC or C1 CSI), 0 if none. */
function escapeLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 0x9b) return csiLength(s, i + 1) + 1;
  if (c !== 0x1b) return 0;
  const n = s.charCodeAt(i + 1);
  if (n === 0x5b) return csiLength(s, i + 2) + 2; // ESC [
  if (n === 0x5d || n === 0x50 || n === 0x5f || n === 0x5e) {
    // OSC / DCS / APC / PM: until BEL or ESC \ (bounded)
    const end = Math.min(s.length, i + 4096);
    for (let j = i + 2; j < end; j++) {
      const d = s.charCodeAt(j);
      if (d === 0x07) return j - i + 1;
      if (d === 0x1b && s.charCodeAt(j + 1) === 0x5c) return j - i + 2;
    }
    return end - i;
  }
  return n >= 0x20 && n <= 0x7e ? 2 : 1;
}

function csiLength(s: string, j: number): number {
  const start = j;
  const end = Math.min(s.length, j + 64);
  while (j < end) {
    const d = s.charCodeAt(j);
    if (d >= 0x40 && d <= 0x7e) return j - start + 1;
    if (d < 0x20 || d > 0x3f) return j - start;
    j++;
  }
  return j - start;
}

/** Decodes an HTML character reference at `i` (`&…;`): [text, length] or null. */
function entityAt(s: string, i: number): [string, number] | null {
  const semi = s.indexOf(";", i + 1);
  if (semi < 0 || semi - i > 12) return null;
  const body = s.slice(i + 1, semi);
  let cp: number | null = null;
  if (/^#\d{1,7}$/.test(body)) cp = Number(body.slice(1));
  else if (/^#x[0-9a-f]{1,6}$/i.test(body)) cp = parseInt(body.slice(2), 16);
  if (cp !== null) {
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    return [String.fromCodePoint(cp), semi - i + 1];
  }
  const named = NAMED_ENTITIES[body.toLowerCase()];
  return named === undefined ? null : [named, semi - i + 1];
}

export function isPlain(text: string): boolean {
  return PLAIN.test(text);
}

const SPECIAL = /[^\t\n\r\x20-\x25\x27-\x3b\x3d-\x5b\x5d-\x7e]/g;
/** The ASCII characters SPECIAL passes over. */
const PLAIN_CHAR = new Uint8Array(128).map((_, c) =>
  c === 9 || c === 10 || c === 13 ||
    (c >= 0x20 && c <= 0x7e && c !== 0x26 && c !== 0x3c && c !== 0x5c)
    ? 1
    : 0
);
/**
 * What a string escape of JSON, JavaScript or C stands for where it is read as text (`…report.\n
 * Ignore…` in a JSON result is two lines to the model that reads it): a line break, white space,
 * a quote, a slash, a backslash. Other backslashes stand for themselves.
 */
const STRING_ESCAPE: Record<string, string> = {
  n: "\n",
  r: " ",
  t: " ",
  '"': '"',
  "'": "'",
  "/": "/",
  "\\": "\\",
};
/**
 * INLINE_TAG at an offset of the text itself: a match is at most 211
 * characters, so this finds what INLINE_TAG finds in the next 220.
 */
const INLINE_TAG_AT = new RegExp(INLINE_TAG.source.slice(1), "iy");

/** Normalises `src` (see the module comment). */
export function normalize(src: string): Normalized {
  if (isPlain(src)) return { text: src.toLowerCase(), map: null };
  const parts: string[] = [];
  /** Where letters from non-ASCII characters were written (`defuzz` reads only there). */
  const folded: number[] = [];
  // Folding can lengthen text (ligatures, NFKD); beyond twice the input it is cut (bounded).
  const map = new Int32Array(src.length * 2 + 16);
  let n = 0;
  const emit = (s: string, from: number) => {
    const room = Math.min(s.length, map.length - n);
    if (room <= 0) return;
    parts.push(room === s.length ? s : s.slice(0, room));
    map.fill(from, n, n + room);
    n += room;
  };
  // A run of plain ASCII, with any `&` or `<` in it that stands for itself (not a character
  // reference, not an inline tag): lower-cased, identity map.
  const plain = (a: number, b: number) => {
    const room = Math.min(b - a, map.length - n);
    if (room <= 0) return;
    parts.push(src.slice(a, a + room).toLowerCase());
    for (let k = 0; k < room; k++) map[n + k] = a + k;
    n += room;
  };
  let from = 0; // where the plain run not yet emitted starts
  let i = 0;
  while (i < src.length) {
    let c = src.charCodeAt(i);
    if (c < 128 && PLAIN_CHAR[c] === 1) {
      SPECIAL.lastIndex = i;
      const m = SPECIAL.exec(src);
      if (!m) break;
      i = m.index;
      c = src.charCodeAt(i);
    }
    if (c === 0x26) { // &
      const ent = entityAt(src, i);
      if (!ent) {
        i++;
        continue;
      }
      plain(from, i);
      const cp = ent[0].codePointAt(0);
      if (cp !== undefined && cp >= 0x80) {
        if (!invisible(cp)) emit(tagChar(cp) ?? foldCodePoint(cp), i);
      } else emit(ent[0].toLowerCase(), i);
      i += ent[1];
      from = i;
      continue;
    }
    if (c === 0x5c) { // \
      const esc = STRING_ESCAPE[src[i + 1]];
      if (esc === undefined) {
        i++;
        continue;
      }
      plain(from, i);
      emit(esc, i);
      i += 2;
      from = i;
      continue;
    }
    if (c === 0x3c) { // <
      INLINE_TAG_AT.lastIndex = i;
      const tag = INLINE_TAG_AT.exec(src);
      if (!tag) {
        i++;
        continue;
      }
      plain(from, i);
      i += tag[0].length;
      from = i;
      continue;
    }
    plain(from, i);
    if (c === 0x1b || c === 0x9b) {
      i += Math.max(1, escapeLength(src, i));
    } else if (c < 0x80) { // other control characters
      emit(" ", i);
      i++;
    } else if (c <= 0x9f) { // C1 controls: NEL is a line break, the others are invisible
      if (c === 0x85) emit("\n", i);
      else if (splitsWords(src, i, i + 1)) emit(" ", i);
      i++;
    } else {
      const cp = src.codePointAt(i)!;
      const tag = tagChar(cp);
      const w = cp > 0xffff ? 2 : 1;
      if (tag !== null) emit(tag.toLowerCase(), i);
      else if (!invisible(cp)) {
        folded.push(n);
        emit(foldCodePoint(cp), i);
      } else if (splitsWords(src, i, i + w)) emit(" ", i);
      i += w;
    }
    from = i;
  }
  plain(from, src.length);
  const text = parts.join("");
  const m = map.subarray(0, n);
  return folded.length ? { text, map: m, folded } : { text, map: m };
}

/**
 * Words an invisible character is used to glue to the next word (`ignore\u200ball previous`):
 * after one of these, an invisible character between letters reads as a space. Inside other
 * words (`ig\u200bnore`) it is dropped, as before.
 */
const GLUE_WORDS = new Set([
  "ignore",
  "disregard",
  "forget",
  "override",
  "bypass",
  "all",
  "any",
  "previous",
  "prior",
  "earlier",
  "your",
  "the",
  "you",
  "are",
  "now",
  "reveal",
  "system",
  "and",
]);

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether the invisible character(s) at [a, b) of `src` stand between two glued words. */
function splitsWords(src: string, a: number, b: number): boolean {
  if (!isAsciiLetter(src.charCodeAt(b)) || !isAsciiLetter(src.charCodeAt(a - 1))) return false;
  let s = a;
  while (s > 0 && a - s < 12 && isAsciiLetter(src.charCodeAt(s - 1))) s--;
  if (s > 0 && isAsciiLetter(src.charCodeAt(s - 1))) return false;
  return GLUE_WORDS.has(src.slice(s, a).toLowerCase());
}

/**
 * The words of injection rules an attacker spells with look-alikes the folding tables do not
 * know (Armenian `ա`, Cherokee `Ꮪ`, Cyrillic `в` for v, `ø` for any vowel). A word of the
 * normalised text that has letters from non-ASCII characters is read as one of these when it
 * has the same length and differs from it only where the original characters were non-ASCII,
 * in at most a quarter of its letters (two at least); a vowel for a vowel may differ anywhere. Same length: the map stays as it is.
 */
const FUZZY_WORDS = [
  "ignore",
  "disregard",
  "forget",
  "previous",
  "prior",
  "earlier",
  "above",
  "instructions",
  "instruction",
  "directives",
  "directive",
  "guidelines",
  "rules",
  "system",
  "prompt",
  "override",
  "bypass",
  "jailbreak",
  "jailbroken",
  "developer",
  "restrictions",
  "safety",
  "reveal",
  "execute",
  "credentials",
  "password",
  "assistant",
  "unrestricted",
  "secrets",
  "policies",
  "constraints",
  "guardrails",
  "safeguards",
  "obsolete",
  "disable",
];
const FUZZY_BY_LENGTH = new Map<number, string[]>();
for (const w of FUZZY_WORDS) {
  FUZZY_BY_LENGTH.set(w.length, [...(FUZZY_BY_LENGTH.get(w.length) ?? []), w]);
}

/** A word character of normalised text: a–z, or a letter left non-ASCII by the folding. */
const fuzzyWordChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 0xc0 && c < 0x2000) || (c >= 0x2c00 && c !== 0x3000 && c < 0xfe00);

const VOWEL = new Uint8Array(128);
for (const c of "aeiouy") VOWEL[c.charCodeAt(0)] = 1;

function fuzzySpans(
  text: string,
  map: Int32Array,
  src: string,
  folded: number[],
): [number, string][] {
  const out: [number, string][] = [];
  const n = text.length;
  let done = 0; // words before this offset have been read
  for (const p of folded) {
    if (p < done || p >= n || !fuzzyWordChar(text.charCodeAt(p))) continue;
    let a = p;
    while (a > done && fuzzyWordChar(text.charCodeAt(a - 1))) a--;
    let i = p;
    let wild = 0;
    while (i < n && fuzzyWordChar(text.charCodeAt(i))) {
      if (src.charCodeAt(map[i]) >= 0x80) wild++;
      i++;
    }
    done = i;
    const len = i - a;
    if (wild === 0 || len < 5) continue;
    const cands = FUZZY_BY_LENGTH.get(len);
    if (!cands) continue;
    const allowed = Math.max(2, len >> 2);
    let best: string | null = null;
    let bestDiff = allowed + 1;
    for (const w of cands) {
      let diff = 0;
      for (let k = 0; k < len && diff < bestDiff; k++) {
        if (text.charCodeAt(a + k) === w.charCodeAt(k)) continue;
        // Only letters that came from non-ASCII characters may differ, and vowels (a word with
        // `ø` for vowels often has a vowel swapped too: `instroctiøns`).
        if (
          src.charCodeAt(map[a + k]) < 0x80 &&
          !(VOWEL[text.charCodeAt(a + k)] === 1 && VOWEL[w.charCodeAt(k)] === 1)
        ) {
          diff = bestDiff;
          break;
        }
        diff++;
      }
      if (diff < bestDiff) [best, bestDiff] = [w, diff];
    }
    // The word as it is, or the nearest one (an exact word is never changed).
    if (best === null || bestDiff === 0) continue;
    out.push([a, best]);
    if (out.length > 10_000) break;
  }
  return out;
}

/**
 * The words of injection rules spelled with look-alikes the folding tables lack (see
 * FUZZY_WORDS), read as those words: one small view per region that has such words (with the
 * text around them), none when there are none. Same length as the text: maps are shared. Views,
 * not the text itself: a new copy of a large text would cost more than the few words in it.
 */
export function defuzz(norm: Normalized, src: string): Normalized[] {
  if (!norm.folded || !norm.map) return [];
  const map = norm.map;
  const found = fuzzySpans(norm.text, map, src, norm.folded);
  if (!found.length) return [];
  const spans = found.map(([a, w]) => [a, a + w.length] as [number, number]);
  return windows(spans, norm.text.length).map(([lo, hi]) => {
    let view = "";
    let pos = lo;
    for (const [a, w] of found) {
      if (a < lo || a + w.length > hi) continue;
      view += norm.text.slice(pos, a) + w;
      pos = a + w.length;
    }
    return { text: view + norm.text.slice(pos, hi), map: map.slice(lo, hi) };
  });
}

/** Original index for normalised index `i` (the end of the text maps to the end of `src`). */
export function originalIndex(norm: Normalized, i: number, srcLength: number): number {
  if (!norm.map) return i;
  if (i >= norm.map.length) return srcLength;
  return norm.map[i];
}

/** Runs of ≥ 4 single letters separated by one space, dot, dash, underscore or asterisk. */
/**
 * Runs of ≥ 4 single letters, each pair apart by one to three spaces, dots, dashes, underscores or
 * asterisks (`i g n o r e`, `i.g.n.o.r.e`, `i  g  n  o  r  e`, `i . g . n`).
 */
const SPACED_RUN = /(?<![a-z0-9])((?:[a-z][ ._*\-]{1,3}){3,}[a-z])(?![a-z0-9])/g;

/**
 * A letter-spaced run t[a..b) read joined: its letters, and a space wherever the separator between
 * two letters is not the one the run uses most (`i.g.n.o.r.e t.h.e` → `ignore the`,
 * `i f  y o u` → `if you`). `put(text, at)` receives each piece and the offset it stands for.
 * Exported for the tests' reference.
 */
export function joinSpacedRun(
  t: string,
  a: number,
  b: number,
  put: (s: string, at: number) => void,
) {
  const seps: [number, string][] = [];
  const counts = new Map<string, number>();
  let k = a;
  while (k < b) {
    let e = k + 1;
    while (e < b && !(t.charCodeAt(e) >= 97 && t.charCodeAt(e) <= 122)) e++;
    if (e < b) {
      const sep = t.slice(k + 1, e);
      seps.push([k + 1, sep]);
      counts.set(sep, (counts.get(sep) ?? 0) + 1);
    }
    k = e;
  }
  let own = "", n = 0;
  for (const [sep, m] of counts) {
    if (m > n) [own, n] = [sep, m];
  }
  put(t[a], a);
  for (const [at, sep] of seps) {
    if (sep !== own) put(" ", at);
    put(t[at + sep.length], at + sep.length);
  }
}

/** How much text around a spelling game a derived view keeps (patterns reach less far). */
const VIEW_MARGIN = 400;

function windows(spans: [number, number][], length: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of spans) {
    const lo = Math.max(0, a - VIEW_MARGIN);
    const hi = Math.min(length, b + VIEW_MARGIN);
    const last = out[out.length - 1];
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/**
 * Joins letter-spaced runs (`i g n o r e` → `ignore`): one small view per
 * region that has such runs (with the text around them), none when there are
 * none. Views map back to the original text.
 */
export function despace(norm: Normalized, srcLength: number): Normalized[] {
  const starts: number[] = [];
  for (const m of norm.text.matchAll(SPACED_START)) starts.push(m.index!);
  return despaceAt(norm, srcLength, starts);
}

/** Where SPACED_RUN matches can start: a letter on its own followed by a separator. */
const SPACED_START = /(?<![a-z])[a-z](?=[ ._*\-])/g;
const SPACED_STICKY = new RegExp(SPACED_RUN.source, "y");

/**
 * `despace`, given offsets (ascending) that include every place where a
 * SPACED_RUN match can start: the pattern is tried there, anchored, instead of
 * across the whole text (same runs, same views).
 */
export function despaceAt(norm: Normalized, srcLength: number, starts: number[]): Normalized[] {
  const t = norm.text;
  const runs: [number, number][] = [];
  let from = 0;
  for (const p of starts) {
    if (p < from) continue;
    SPACED_STICKY.lastIndex = p;
    const m = SPACED_STICKY.exec(t);
    if (!m) continue;
    runs.push([m.index, m.index + m[1].length]);
    if (runs.length > 10_000) break;
    from = m.index + m[0].length;
  }
  const views: Normalized[] = [];
  for (const [lo, hi] of windows(runs, t.length)) {
    const parts: string[] = [];
    const map: number[] = [];
    let pos = lo;
    for (const [a, b] of runs) {
      if (a < lo || b > hi) continue;
      parts.push(t.slice(pos, a));
      for (let k = pos; k < a; k++) map.push(originalIndex(norm, k, srcLength));
      joinSpacedRun(t, a, b, (piece, at) => {
        parts.push(piece);
        map.push(originalIndex(norm, at, srcLength));
      });
      pos = b;
    }
    parts.push(t.slice(pos, hi));
    for (let k = pos; k < hi; k++) map.push(originalIndex(norm, k, srcLength));
    views.push({ text: parts.join(""), map: Int32Array.from(map) });
  }
  return views;
}

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  "$": "s",
  "!": "i",
  "|": "l",
};

/**
 * The words considered: what
 * `/(?<![a-z0-9@$!|])[a-z013457@$!|]*[013457@$!|][a-z013457@$!|]*(?![a-z0-9@$!|])/g`
 * matches — whole runs of letters and of the digits and symbols that stand for
 * letters (LEET_RUN), with at least one of the latter, and no 2, 6, 8 or 9
 * (LEET_EDGE) right before or after.
 */
const LEET_RUN = new Uint8Array(65536);
for (const c of "abcdefghijklmnopqrstuvwxyz013457@$!|") LEET_RUN[c.charCodeAt(0)] = 1;
const LEET_EDGE = new Uint8Array(65536);
for (const c of "2689") LEET_EDGE[c.charCodeAt(0)] = 1;

/**
 * Folds the digits and symbols used as letters. In a word that mixes letters with them, every one
 * folds (`700l` → `tool`, `4774ch` → `attach`, `r007` → `root`: text written wholly in leetspeak
 * has runs of them with no letter in between); a run with no letter (`70`, `14`) is a number and
 * stays unless a leetspeak word stands beside it. `!` and `|` never fold at a word's start.
 */
export function foldLeet(s: string): string {
  const words: [number, string, number][] = []; // start, word, 1 mixed leet / 2 short number / 0
  for (const m of s.matchAll(LEET_WORD)) {
    const w = m[0], at = m.index!;
    const edge = LEET_EDGE[s.charCodeAt(at - 1)] === 1 ||
      LEET_EDGE[s.charCodeAt(at + w.length)] === 1;
    const letters = /[a-z]/.test(w);
    const kind = edge
      ? 0
      : letters && /[013457@$!|]/.test(w)
      ? 1
      : !letters && w.length <= 3 && /^[013457]+$/.test(w)
      ? 2
      : 0;
    words.push([at, w, kind]);
  }
  let out = "";
  let last = 0;
  words.forEach(([at, w, kind], k) => {
    // A short number between leetspeak words is a word too (`7h15 15 4 r0u71n3`, `700l 70`).
    const fold = kind === 1 ||
      (kind === 2 && (words[k - 1]?.[2] === 1 || words[k + 1]?.[2] === 1));
    out += s.slice(last, at) + (fold ? w.replace(/[013457@$!|]/g, (c) => LEET[c]) : w);
    last = at + w.length;
  });
  return out + s.slice(last);
}
const LEET_WORD = /(?<![a-z0-9@$!|])[a-z013457@$][a-z013457@$!|]*/g;

/**
 * Folds digits and symbols used as letters (`1gn0r3` → `ignore`) in views
 * around the words that fold into one of `interesting` (the detector's lead
 * words); none when there are none. Same length as the text: maps are shared.
 */
export function deleet(norm: Normalized, interesting: (word: string) => boolean): Normalized[] {
  const near: number[] = [];
  for (const m of norm.text.matchAll(LEET_NEAR)) near.push(m.index!);
  return deleetAt(norm, interesting, near);
}

/** A letter then a digit or symbol used as one, or such a digit or symbol then a letter. */
const LEET_NEAR = /[a-z](?=[013457@$!|])|[013457@$](?=[a-z])/g;

/**
 * `deleet`, given offsets (ascending) of every letter with a digit or symbol
 * used as a letter right after it, and of every such character with a letter
 * right after it (LEET_NEAR). A word folds only if it has one of those pairs
 * (`foldLeet` folds a word only when it mixes letters with them), and the words are whole
 * runs (LEET_RUN), so only the runs around those offsets are read (same words,
 * same views).
 */
export function deleetAt(
  norm: Normalized,
  interesting: (word: string) => boolean,
  near: number[],
): Normalized[] {
  const t = norm.text;
  const inRun = (k: number) => LEET_RUN[t.charCodeAt(k)] === 1;
  const spans: [number, number][] = [];
  const decided = new Map<string, boolean>();
  let done = 0; // runs before this offset have been tried
  for (const p of near) {
    if (p < done) continue;
    let a = p;
    while (a > done && inRun(a - 1)) a--;
    let e = p + 1;
    while (e < t.length && inRun(e)) e++;
    done = e;
    // A word (LEET_RUN) unless 2, 6, 8 or 9 is right before or after it; one without a digit or
    // symbol used as a letter folds to itself.
    if (e - a < 2 || e - a > 24) continue;
    if (LEET_EDGE[t.charCodeAt(a - 1)] === 1 || LEET_EDGE[t.charCodeAt(e)] === 1) continue;
    const w = t.slice(a, e);
    let keep = decided.get(w);
    if (keep === undefined) {
      const folded = /[013457@$!|]/.test(w) ? foldLeet(w) : w;
      keep = folded !== w && interesting(folded.replace(/[^a-z]/g, ""));
      decided.set(w, keep);
    }
    if (keep) {
      spans.push([a, e]);
      if (spans.length > 10_000) break;
    }
  }
  return windows(spans, t.length).map(([lo, hi]) => ({
    text: foldLeet(t.slice(lo, hi)),
    map: norm.map ? norm.map.slice(lo, hi) : Int32Array.from({ length: hi - lo }, (_, k) => lo + k),
  }));
}
