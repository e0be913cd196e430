/**
 * The trained injection layer (ADR 0025): a logistic model over hashed word
 * unigrams and bigrams of the normalised text, scored on every window of
 * `WINDOW` consecutive tokens; the text's score is its best window. The
 * weights are data — `injection_model.bin`, written by
 * `deno task train-injection` (scripts/train_injection.ts) and imported as
 * bytes — so no weights are fetched and nothing runs but a table lookup.
 *
 * A window is local (a few dozen words), so the streamed scan's overlapping
 * windows see every window the whole text has: both give the same best
 * window. The model's verdict enters the injection score as one more rule,
 * `inj.model`, whose weight is the calibrated window score: 0.5 (spotlight)
 * and 0.7 (block) sit at the calibration split's operating points.
 *
 * Layout of the bytes (little-endian): "GIM1", u8 hash bits, u8 window,
 * u8 feature flags (bit 0: word prefixes; bit 1: readable windows only, below),
 * u8 reserved, f32 scale,
 * f32 bias, f32 spotlight logit, f32 block logit, then 2^bits int8 weights
 * (weight = int8 × scale).
 *
 * Features of a token: its word (unigram), the word and the one before it
 * (bigram) and, with `prefixes`, a word's first `PREFIX` characters when it
 * is longer than that — what "credential", "credentials" and "credenciales",
 * or "ignore", "ignoring" and "ignorez" share.
 *
 * With `readable`, a window is scored only when it reads as text: at least
 * half of its tokens that are not punctuation are words (three to 24
 * characters, a letter, no digit: `tokenKind`, `readableWindow`). Hex
 * fingerprints (`75:9a:4a:ce`), minified code (`s,i,r,n,o,h]}set(t,e`) and
 * dumps are windows of one- and two-character tokens whose rare hashes the
 * training never weighed; unscored, they no longer set the calibration's
 * benign tail (what an injection says is words).
 */
import MODEL from "./injection_model.bin" with { type: "bytes" };

export interface InjectionModel {
  bits: number;
  window: number;
  /** Word prefixes are features too (flag bit 0). */
  prefixes: boolean;
  /** Only windows that read as text are scored (flag bit 1, `readableWindow`). */
  readable: boolean;
  scale: number;
  bias: number;
  /** Window logit that maps to weight 0.5. */
  spotlight: number;
  /** Window logit that maps to weight 0.7. */
  block: number;
  weights: Int8Array;
}

export function parseModel(b: Uint8Array): InjectionModel {
  if (b.length < 24 || String.fromCharCode(b[0], b[1], b[2], b[3]) !== "GIM1") {
    throw new Error("injection model: bad header");
  }
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const bits = b[4];
  const n = 1 << bits;
  if (b.length !== 24 + n) throw new Error("injection model: wrong size");
  if (b[6] & ~3) throw new Error("injection model: unknown feature flags");
  return {
    bits,
    window: b[5],
    prefixes: (b[6] & 1) === 1,
    readable: (b[6] & 2) === 2,
    scale: v.getFloat32(8, true),
    bias: v.getFloat32(12, true),
    spotlight: v.getFloat32(16, true),
    block: v.getFloat32(20, true),
    weights: new Int8Array(b.buffer, b.byteOffset + 24, n),
  };
}

export function serializeModel(m: InjectionModel): Uint8Array {
  const n = 1 << m.bits;
  const b = new Uint8Array(24 + n);
  const flags = (m.prefixes ? 1 : 0) | (m.readable ? 2 : 0);
  b.set([0x47, 0x49, 0x4d, 0x31, m.bits, m.window, flags, 0]);
  const v = new DataView(b.buffer);
  v.setFloat32(8, m.scale, true);
  v.setFloat32(12, m.bias, true);
  v.setFloat32(16, m.spotlight, true);
  v.setFloat32(20, m.block, true);
  b.set(new Uint8Array(m.weights.buffer, m.weights.byteOffset, n), 24);
  return b;
}

let shipped: InjectionModel | null = null;

/** The model shipped in the repository. */
export function shippedModel(): InjectionModel {
  return shipped ??= parseModel(MODEL);
}

/** Token classes: 1 word character, 2 a punctuation mark that is a token of its own. */
// Built with fills, not a 65,536-step loop: a loop at import time cost every cold PostToolUse
// ≈ 10 ms before the first line of the hook ran (measured, issue 23).
const CLASS = new Uint8Array(65536);
CLASS.fill(1, 97, 123); // a-z
CLASS.fill(1, 48, 58); // 0-9
CLASS[95] = CLASS[39] = 1; // _ and '
// Letters of other scripts (normalised text has folded Latin look-alikes), not U+2000–U+2BFF.
CLASS.fill(1, 0xc0, 0x2000);
CLASS.fill(1, 0x2c00);
CLASS[0xd7] = CLASS[0xf7] = 0; // × and ÷
for (const ch of ":<>|{}[]=#$/~@!") CLASS[ch.charCodeAt(0)] = 2;
// Upper case cannot occur in normalised text, but the model may be given raw text.
for (let c = 65; c <= 90; c++) CLASS[c] = 1;

/** The characters of a word's prefix feature (words longer than this have one). */
export const PREFIX = 5;

/** The bucket hash of a prefix from its FNV state (a seed of its own: no word's unigram). */
const prefixHash = (h: number) => (Math.imul(h ^ 0x2545f491, 0x85ebca6b) ^ 0x68e31da4) >>> 0;

/**
 * Calls `emit(unigram, bigram, start, end, prefix)` for each token of `text` (`prefix` 0 when
 * the token has none)
 * (hashes, unmasked; offsets in `text`). Words are runs of letters, digits,
 * `_` and `'`, lower-cased ASCII; some punctuation marks are tokens.
 */
export function forEachToken(
  text: string,
  emit: (uni: number, bi: number, start: number, end: number, prefix: number) => void,
): void {
  let prev = 0x12345;
  let h = 0;
  let hp = 0;
  let start = -1;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    let c = i < n ? text.charCodeAt(i) : 32;
    let k = CLASS[c];
    if (k === 1) {
      if (c >= 65 && c <= 90) c += 32;
      if (start < 0) {
        start = i;
        h = 0x811c9dc5;
      }
      h = Math.imul(h ^ c, 0x01000193);
      if (i - start === PREFIX - 1) hp = h;
      continue;
    }
    if (start >= 0) {
      const uni = h >>> 0;
      const pre = i - start > PREFIX ? prefixHash(hp) : 0;
      emit(uni, (Math.imul(prev, 0x9e3779b1) ^ uni) >>> 0, start, i, pre);
      prev = uni;
      start = -1;
    }
    if (k === 2) {
      const uni = Math.imul(0x811c9dc5 ^ c, 0x01000193) >>> 0;
      emit(uni, (Math.imul(prev, 0x9e3779b1) ^ uni) >>> 0, i, i + 1, 0);
      prev = uni;
    }
    k = 0;
  }
}

/** The longest token `readableWindow` counts as a word (longer ones are identifiers, blobs). */
const WORD_MAX = 24;

/**
 * A token's kind for `readableWindow`: 0 a punctuation token, 1 any other token, 2 a word — three
 * to WORD_MAX characters, a letter among them and no digit (`key0`, `9a`, `x86` and base64 runs
 * are not words).
 */
export function tokenKind(text: string, start: number, end: number): number {
  if (end - start === 1 && CLASS[text.charCodeAt(start)] === 2) return 0;
  if (end - start < 3 || end - start > WORD_MAX) return 1;
  let letter = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return 1;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 0xc0) letter = true;
  }
  return letter ? 2 : 1;
}

/**
 * Does a window read as text: of its `tokens` tokens that are not punctuation (kinds 1 and 2),
 * `words` are words (kind 2)?
 */
export function readableWindow(tokens: number, words: number): boolean {
  return words > 0 && 2 * words >= tokens;
}

export interface ModelWindow {
  /** The best window's logit. */
  logit: number;
  start: number;
  end: number;
}

/**
 * The best window of `text` (offsets in `text`); null for a text of no tokens. The tokenizer of
 * `forEachToken`, inlined (this runs over every byte of every result).
 */
export function bestWindow(text: string, m: InjectionModel = shippedModel()): ModelWindow | null {
  const mask = (1 << m.bits) - 1;
  const w = m.weights;
  const k = m.window;
  const contrib = new Int32Array(k);
  const starts = new Int32Array(k);
  const unis = new Int32Array(k);
  const kinds = new Uint8Array(k);
  const gate = m.readable;
  // The window's tokens that are not punctuation, and its words (`readableWindow`).
  let tokens = 0;
  let words = 0;
  let letters = 0;
  let digits = 0;
  let sum = 0;
  let count = 0;
  let best = -Infinity;
  let bestStart = 0;
  let bestEnd = 0;
  let lastEnd = 0;
  let prev = 0x12345;
  let h = 0;
  let hp = 0;
  let start = -1;
  const prefixes = m.prefixes;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    let c = i < n ? text.charCodeAt(i) : 32;
    const cls = CLASS[c];
    if (cls === 1) {
      if (c >= 65 && c <= 90) c += 32;
      if (start < 0) {
        start = i;
        h = 0x811c9dc5;
        letters = 0;
        digits = 0;
      }
      if ((c >= 97 && c <= 122) || c >= 0xc0) letters++;
      else if (c >= 48 && c <= 57) digits++;
      h = Math.imul(h ^ c, 0x01000193);
      if (i - start === PREFIX - 1) hp = h;
      continue;
    }
    for (let pass = 0; pass < 2; pass++) {
      let uni: number;
      let s: number;
      let e: number;
      let pre = 0;
      let kind = 0;
      if (pass === 0) {
        if (start < 0) continue;
        uni = h >>> 0;
        s = start;
        e = i;
        if (prefixes && i - start > PREFIX) pre = w[prefixHash(hp) & mask];
        const len = i - start;
        kind = len >= 3 && len <= WORD_MAX && letters > 0 && digits === 0 ? 2 : 1;
        start = -1;
      } else {
        if (cls !== 2) break;
        uni = Math.imul(0x811c9dc5 ^ c, 0x01000193) >>> 0;
        s = i;
        e = i + 1;
      }
      const bi = (Math.imul(prev, 0x9e3779b1) ^ uni) >>> 0;
      prev = uni;
      const slot = count % k;
      const v = w[uni & mask] + w[(bi ^ 0x5bd1e995) & mask] + pre;
      if (count >= k) {
        sum -= contrib[slot];
        if (kinds[slot]) tokens--;
        if (kinds[slot] === 2) words--;
      }
      contrib[slot] = v;
      starts[slot] = s;
      unis[slot] = uni | 0;
      kinds[slot] = kind;
      if (kind) tokens++;
      if (kind === 2) words++;
      sum += v;
      count++;
      if (
        count >= k && sum > best && (!gate || readableWindow(tokens, words)) && varied(unis, k)
      ) {
        best = sum;
        bestStart = starts[count % k];
        bestEnd = e;
      }
      lastEnd = e;
    }
  }
  if (count === 0) return null;
  // Fewer than `window` tokens: the one window is the whole text.
  if (count < k) {
    return varied(unis, count) && (!gate || readableWindow(tokens, words))
      ? { logit: m.bias + sum * m.scale, start: starts[0], end: lastEnd }
      : null;
  }
  if (best === -Infinity) return null;
  return { logit: m.bias + best * m.scale, start: bestStart, end: bestEnd };
}

/**
 * Whether the window's `n` tokens are varied enough to be read: more than a third of them
 * distinct. A window of one word repeated (`yes` printing `y`, `notes notes …`, `the the …`) sums
 * the same weights `n` times, which no text the model was trained on does; such windows are
 * skipped, so repetition neither flags a benign result nor, as padding, hides an attack's window.
 */
function varied(unis: Int32Array, n: number): boolean {
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = unis[j] === unis[i];
    if (!seen) distinct++;
  }
  return distinct * 3 > n;
}

/** The calibrated weight of a window logit: 0.5 at the spotlight point, 0.7 at the block point. */
export function modelWeight(logit: number, m: InjectionModel = shippedModel()): number {
  const span = Math.max(1e-6, m.block - m.spotlight);
  const w = 0.5 + 0.2 * (logit - m.spotlight) / span;
  return Math.max(0, Math.min(0.95, w));
}
