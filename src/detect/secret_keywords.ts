/**
 * The keyword prefilter of the secret rules, on its own so the hook can tell
 * "no secret can be here" without loading the rules (`secrets.ts`). A test
 * checks that every rule's keywords contain one of these, so a text without
 * any of them cannot match any rule.
 *
 * The search behind it (also used by `secrets.ts` for the rules' keywords and
 * the places where their matches can start): one pass of an Aho–Corasick
 * automaton over the text's UTF-8 bytes, ASCII letters folded, every
 * occurrence of every literal reported with its UTF-16 offset. "Occurs in
 * `text.toLowerCase()`" is answered exactly, down to the two characters whose
 * lower case is ASCII (KELVIN SIGN → `k`, `İ` → `i` + U+0307).
 */
export const SECRET_KEYWORDS = [
  "://",
  ":aa",
  "abia",
  "acca",
  "aiza",
  "akia",
  "asia",
  "authorization",
  "bearer",
  "credential",
  "discord",
  "eyj",
  "gho_",
  "ghp_",
  "ghr_",
  "ghs_",
  "ghu_",
  "github_pat_",
  "gldt-",
  "glpat-",
  "glptt-",
  "glrt-",
  "hf_",
  "hooks.slack.com",
  "key",
  "npm_",
  "pass",
  "pwd",
  "pypi-",
  "rk_live_",
  "rk_test_",
  "secret",
  "sk-",
  "sk_live_",
  "sk_test_",
  "token",
  "xox",
  "xapp-",
  "a3t",
  "gloas-",
  "sg.",
  "gocspx-",
  "shpat_",
  "shpss_",
  "shpca_",
  "shppa_",
  "dop_v1_",
  "doo_v1_",
  "dor_v1_",
  "age-secret-key-1",
  "twilio",
  "auth",
  "mysql",
  "ldap",
  "redis-cli",
  "rabbitmqadmin",
  "sshpass",
  "mongo",
];

/** False only when no secret rule can match `text`. */
export function mayHoldSecret(text: string): boolean {
  if (!text) return false;
  // Short texts (every audit record, most tool results): the plain search is quicker than
  // setting up the literal search; both answer "does a keyword occur in the lower-cased text".
  if (text.length <= SHORT_TEXT) {
    const lower = text.toLowerCase();
    for (const k of SECRET_KEYWORDS) if (lower.includes(k)) return true;
    return false;
  }
  return new KeywordCheck(text, literalMap(text, SECRET_KEYWORDS)).any(SECRET_KEYWORDS);
}

/** Up to this length `mayHoldSecret` searches the lower-cased text keyword by keyword. */
export const SHORT_TEXT = 4096;

// ── The literal search ──────────────────────────────────────────────────────

/** Literals the automaton can search: non-empty, ASCII, no upper-case letters. */
export function searchable(literal: string): boolean {
  if (!literal) return false;
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c > 0x7f || (c >= 65 && c <= 90)) return false;
  }
  return true;
}

interface Automaton {
  literals: string[];
  lengths: Int32Array;
  /**
   * Next state for state × 256 + byte: upper-case ASCII letters fold to lower case; every
   * non-ASCII byte leads to `nonAscii`, a state like the start state (no literal spans it).
   */
  next: Uint16Array;
  /** States from here on need a look: the ones with outputs, and `nonAscii` (the last). */
  firstOut: number;
  nonAscii: number;
  /** Literals ending in output state s: outLiteral[outStart[s − firstOut] … outStart[s − firstOut + 1]). */
  outStart: Int32Array;
  outLiteral: Int32Array;
  longest: number;
}

const automata = new Map<string, Automaton>();

function automaton(literals: string[]): Automaton {
  const key = literals.join("\0");
  const cached = automata.get(key);
  if (cached) return cached;
  // Trie, then failure links breadth first, then the full transition table.
  const trie: Int32Array[] = [new Int32Array(128).fill(-1)];
  const outs: number[][] = [[]];
  literals.forEach((w, li) => {
    let s = 0;
    for (let k = 0; k < w.length; k++) {
      const c = w.charCodeAt(k);
      if (trie[s][c] === -1) {
        trie[s][c] = trie.length;
        trie.push(new Int32Array(128).fill(-1));
        outs.push([]);
      }
      s = trie[s][c];
    }
    outs[s].push(li);
  });
  const n = trie.length;
  if (n + 1 > 65535) throw new Error("too many literals for one automaton");
  const go = trie.map((row) => Int32Array.from(row));
  const fail = new Int32Array(n);
  const queue: number[] = [];
  for (let c = 0; c < 128; c++) {
    if (go[0][c] === -1) go[0][c] = 0;
    else queue.push(go[0][c]);
  }
  for (let h = 0; h < queue.length; h++) {
    const s = queue[h];
    outs[s] = outs[s].concat(outs[fail[s]]);
    for (let c = 0; c < 128; c++) {
      const t = trie[s][c];
      if (t === -1) go[s][c] = go[fail[s]][c];
      else {
        fail[t] = go[fail[s]][c];
        queue.push(t);
      }
    }
  }
  // Renumber: states without outputs first, so one comparison tells the scan to look.
  const id = new Int32Array(n);
  let k = 0;
  for (let s = 0; s < n; s++) if (!outs[s].length) id[s] = k++;
  const firstOut = k;
  for (let s = 0; s < n; s++) if (outs[s].length) id[s] = k++;
  const nonAscii = n;
  const next = new Uint16Array((n + 1) * 256);
  const byId = new Int32Array(n);
  for (let s = 0; s < n; s++) byId[id[s]] = s;
  for (let s = 0; s <= n; s++) {
    const row = (s === n ? nonAscii : id[s]) * 256;
    const from = s === n ? 0 : s; // after a non-ASCII byte, as at the start
    for (let b = 0; b < 256; b++) {
      const c = b >= 65 && b <= 90 ? b + 32 : b;
      next[row + b] = b >= 128 ? nonAscii : id[go[from][c]];
    }
  }
  const outStart = new Int32Array(n - firstOut + 1);
  const flat: number[] = [];
  for (let i = firstOut; i < n; i++) {
    outStart[i - firstOut] = flat.length;
    flat.push(...outs[byId[i]]);
  }
  outStart[n - firstOut] = flat.length;
  const a: Automaton = {
    literals,
    lengths: Int32Array.from(literals, (l) => l.length),
    next,
    firstOut,
    nonAscii,
    outStart,
    outLiteral: Int32Array.from(flat),
    longest: Math.max(1, ...literals.map((l) => l.length)),
  };
  if (automata.size > 32) automata.clear();
  automata.set(key, a);
  return a;
}

/**
 * Every occurrence of each literal in `text`, ASCII case-insensitively
 * (overlapping ones included): UTF-16 start offsets, ascending, per literal
 * (an empty array when it does not occur). Literals must be `searchable`.
 */
export function findLiterals(
  text: string,
  literals: string[],
  by: "length" | "units" | "bytes" = "length",
): number[][] {
  return findWith(automaton(literals), text, by).map((x) => x === NONE ? [] : x);
}

/** No occurrences (shared: never written to). */
const NONE: number[] = [];

/**
 * Up to this length the automaton reads the text's UTF-16 units (`scanUnits`: no encoding,
 * quicker on short texts), beyond it UTF-8 bytes (`scanBytes`: two runs, quicker on long ones).
 */
export const UNIT_SCAN = 512;

const encoder = new TextEncoder();

/** `by`: which scan reads the text (the tests ask for each); by its length, `UNIT_SCAN`. */
function findWith(a: Automaton, text: string, by = "length"): number[][] {
  const at: number[][] = new Array(a.literals.length);
  if (text) {
    const ends = by === "units" || (by === "length" && text.length <= UNIT_SCAN)
      ? scanUnits(a, text)
      : scanBytes(a, encoder.encode(text));
    for (let e = 0; e < ends.length; e += 2) {
      const s = ends[e] - a.firstOut;
      const end = ends[e + 1];
      for (let k = a.outStart[s]; k < a.outStart[s + 1]; k++) {
        const li = a.outLiteral[k];
        (at[li] ??= []).push(end + 1 - a.lengths[li]);
      }
    }
  }
  for (let i = 0; i < at.length; i++) at[i] ??= NONE;
  return at;
}

/**
 * `scanBytes` over the text's UTF-16 units, for short texts (no encoding, no
 * buffer): a unit ≥ 0x80 leads to `nonAscii`, as each byte of its UTF-8 form
 * does (a lone surrogate's U+FFFD included), and the offsets are the units'
 * own. Same pairs as `scanBytes(a, encode(text))` (the tests compare them).
 */
function scanUnits(a: Automaton, text: string): number[] {
  const next = a.next;
  const F = a.firstOut;
  const X = a.nonAscii;
  const out: number[] = [];
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    s = c < 128 ? next[(s << 8) | c] : X;
    if (s >= F && s !== X) out.push(s, i);
  }
  return out;
}

/**
 * The automaton over UTF-8 bytes, as two interleaved runs (first half, second
 * half) so their chains of table look-ups overlap. Returns (output state, end)
 * pairs, ascending by end, with ends as UTF-16 offsets: each run counts how
 * many bytes beyond one per UTF-16 unit it has passed (continuation bytes add
 * one, the lead byte of a four-byte sequence — two units — takes one back).
 * Literals are ASCII, so a literal's bytes and units coincide.
 */
function scanBytes(a: Automaton, bytes: Uint8Array): number[] {
  const next = a.next;
  const F = a.firstOut;
  const X = a.nonAscii;
  const n = bytes.length;
  const overlap = a.longest - 1;
  const lo: number[] = [];
  let sa = 0;
  let da = 0;
  if (n < 4 * (overlap + 1) + 64) {
    for (let i = 0; i < n; i++) {
      const b = bytes[i];
      sa = next[(sa << 8) | b];
      if (sa >= F) {
        if (sa !== X) lo.push(sa, i - da);
        else if ((b & 0xc0) === 0x80) da++;
        else if (b >= 0xf0) da--;
      }
    }
    return lo;
  }
  // Run A: bytes [0, h), reporting every match ending there. Run B, started fresh `overlap`
  // bytes before h: bytes [h0, n), reporting matches ending at h or later — they start at h0 or
  // later, so B sees them whole. (The byte counts add up wherever h0 falls.)
  const h = n >> 1;
  const h0 = h - overlap;
  const hi: number[] = [];
  let sb = 0;
  let db = 0;
  for (let i = 0; i < h; i++) {
    const b1 = bytes[i];
    const b2 = bytes[h0 + i];
    sa = next[(sa << 8) | b1];
    sb = next[(sb << 8) | b2];
    if (sa >= F) {
      if (sa !== X) lo.push(sa, i - da);
      else if ((b1 & 0xc0) === 0x80) da++;
      else if (b1 >= 0xf0) da--;
    }
    if (sb >= F) {
      if (sb !== X) {
        if (h0 + i >= h) hi.push(sb, h0 + i - db);
      } else if ((b2 & 0xc0) === 0x80) db++;
      else if (b2 >= 0xf0) db--;
    }
  }
  for (let j = h0 + h; j < n; j++) {
    const b = bytes[j];
    sb = next[(sb << 8) | b];
    if (sb >= F) {
      if (sb !== X) hi.push(sb, j - db);
      else if ((b & 0xc0) === 0x80) db++;
      else if (b >= 0xf0) db--;
    }
  }
  // A's count at h0: its count at h less what [h0, h) added.
  let daAtH0 = da;
  for (let j = h0; j < h; j++) {
    const b = bytes[j];
    if ((b & 0xc0) === 0x80) daAtH0--;
    else if (b >= 0xf0) daAtH0++;
  }
  for (let k = 0; k < hi.length; k += 2) lo.push(hi[k], hi[k + 1] - daAtH0);
  return lo;
}

/**
 * Whether keywords occur in `text.toLowerCase()` — without building it when
 * the keywords are searchable (ASCII, lower case): their occurrences come from
 * one literal search (`found`, which must cover them). Two non-ASCII
 * characters lower-case to ASCII: U+212A KELVIN SIGN to `k`, and U+0130 `İ` to
 * `i` followed by U+0307 (so it can only end a keyword); both are checked
 * separately, and only in texts that have them.
 */
export class KeywordCheck {
  #special: boolean | undefined;
  #lower: string | undefined;
  constructor(readonly text: string, readonly found: Found) {}

  has(k: string): boolean {
    if (!searchable(k)) {
      if (k === "") return true;
      this.#lower ??= this.text.toLowerCase();
      return this.#lower.includes(k);
    }
    const at = this.found.get(k);
    if (at === undefined) throw new Error(`keyword ${JSON.stringify(k)} was not searched`);
    return at.length > 0 || this.viaSpecial(k);
  }

  /** Whether searchable `k` occurs in the lower-cased text only thanks to KELVIN SIGN or İ. */
  viaSpecial(k: string): boolean {
    if (!mayBeSpecial(k)) return false;
    return this.special() && specialRe(k).test(this.text);
  }

  /** Whether the text has KELVIN SIGN or İ at all (else `viaSpecial` is false for every keyword). */
  special(): boolean {
    return this.#special ??= KELVIN_OR_DOTTED_I.test(this.text);
  }

  any(keywords: string[]): boolean {
    for (const k of keywords) if (this.has(k)) return true;
    return false;
  }
}

const KELVIN_OR_DOTTED_I = /[\u0130\u212a]/;

/** Whether KELVIN SIGN or İ can stand in `k` (it has a k, or ends in i). */
export function mayBeSpecial(k: string): boolean {
  return k.includes("k") || k.endsWith("i");
}
const specialRes = new Map<string, RegExp>();

/** `k` in lower-cased text, read off the original: K may be KELVIN SIGN, a final i may be İ. */
function specialRe(k: string): RegExp {
  let re = specialRes.get(k);
  if (!re) {
    re = new RegExp(
      [...k].map((c, i) =>
        c === "k"
          ? "[kK\u212a]"
          : c === "i" && i === k.length - 1
          ? "[iI\u0130]"
          : c >= "a" && c <= "z"
          ? `[${c}${c.toUpperCase()}]`
          : c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")
      ).join(""),
    );
    if (specialRes.size > 1024) specialRes.clear();
    specialRes.set(k, re);
  }
  return re;
}

/** Where `literalMap` found each literal: its offsets, ascending (undefined: not searched). */
export interface Found {
  get(literal: string): readonly number[] | undefined;
  /** The same by the literal's index in its set (`LiteralSet.indexOf`). */
  at: readonly (readonly number[])[];
}

/** A set of searchable literals (duplicates allowed) made ready for `find`. */
export class LiteralSet {
  readonly #a: Automaton;
  readonly #index: Map<string, number>;
  constructor(literals: string[]) {
    const list = [...new Set(literals)].sort();
    this.#a = automaton(list);
    this.#index = new Map(list.map((l, i) => [l, i]));
  }

  /** A literal's index in the set (-1: not in it). */
  indexOf(literal: string): number {
    return this.#index.get(literal) ?? -1;
  }

  /** The offsets of every literal of the set in `text`. */
  find(text: string): Found {
    const at = findWith(this.#a, text);
    const index = this.#index;
    return {
      at,
      get(literal) {
        const i = index.get(literal);
        return i === undefined ? undefined : at[i];
      },
    };
  }
}

const literalSets = new Map<string, LiteralSet>();

/** `findLiterals` for any list of searchable literals (duplicates allowed), by literal. */
export function literalMap(text: string, literals: string[]): Found {
  const key = literals.join("\0");
  let set = literalSets.get(key);
  if (!set) {
    set = new LiteralSet(literals);
    if (literalSets.size > 64) literalSets.clear();
    literalSets.set(key, set);
  }
  return set.find(text);
}
