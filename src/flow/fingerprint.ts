/**
 * Provenance fingerprints: keyed 64-bit hashes of the distinctive tokens of a
 * tool result (identifiers, keys, ids — never ordinary words), so a later
 * call's arguments can be mapped back to the results they came from without
 * keeping any of the content. Lookups also try the encodings guard can undo
 * cheaply: percent-encoding, base64 (standard and URL-safe) and hex.
 *
 * The store is a flat, sorted `Uint32Array` of triples `[h1, h2, ref]` (ref =
 * result id, high bit set for a secret value's token): compact on disk, loaded
 * without parsing, searched by bisection.
 */

/** Tokens: runs of identifier-ish characters. `/`, `+`, `=` and `.` split tokens. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){8,}/g;
const PERCENT = /%[0-9A-Fa-f]{2}/;

export const SECRET_BIT = 0x80000000;
export const REF_MASK = 0x7fffffff;

/** A token worth remembering: looks like an id or key, not like a word. */
export function distinctive(t: string): boolean {
  if (t.length < 10) return false;
  let digits = 0, lower = 0, upper = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c >= 97 && c <= 122) lower++;
    else if (c >= 65 && c <= 90) upper++;
  }
  const letters = lower + upper;
  if (digits === t.length) return t.length >= 12; // long numbers (account ids, card numbers)
  if (digits > 0 && letters > 0) return true;
  // Letters only, in a long run: mixed case (base62 keys, not a CamelCase word or two) or
  // all capitals without separators (key ids).
  if (t.length < 16) return false;
  return (lower > 0 && upper >= 3) || (upper === t.length);
}

/** Seeds derived from the session salt (hex). */
export function seedsOf(saltHex: string): [number, number] {
  let a = 0x9e3779b9, b = 0x85ebca6b;
  for (let i = 0; i < saltHex.length; i++) {
    const c = saltHex.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return [a, b];
}

/** Keyed 64-bit hash of a string as two 32-bit halves (cyrb53-style mixing). */
export function hash64(s: string, seeds: [number, number]): [number, number] {
  let h1 = 0xdeadbeef ^ seeds[0], h2 = 0x41c6ce57 ^ seeds[1];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** The distinctive tokens of a text, longest first, at most `max`. */
export function tokensOf(text: string, max: number): string[] {
  const seen = new Set<string>();
  // The matches of `/[A-Za-z0-9_-]{10,512}/g` (leftmost, greedy) read by hand: a run of
  // token characters gives pieces of 512 while at least 10 are left (a regex over megabytes of
  // result text costs several times this loop).
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!tokenChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && tokenChar(text.charCodeAt(end))) end++;
    for (let pos = i; end - pos >= 10; pos += 512) {
      const t = text.slice(pos, Math.min(end, pos + 512));
      if (distinctive(t)) seen.add(t);
      if (seen.size >= max * 4) return [...seen].sort((a, b) => b.length - a.length).slice(0, max);
    }
    i = end;
  }
  return [...seen].sort((a, b) => b.length - a.length).slice(0, max);
}

function tokenChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 ||
    c === 45;
}

function decodeBase64(s: string): string | null {
  const t = s.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (t.length % 4 === 1) return null;
  try {
    const bin = atob(t + "=".repeat((4 - (t.length % 4)) % 4));
    // Only text that decodes to mostly printable characters is worth tokenising.
    let printable = 0;
    for (let i = 0; i < bin.length; i++) {
      const c = bin.charCodeAt(i);
      if (c >= 32 && c < 127) printable++;
    }
    return printable >= bin.length * 0.9 ? bin : null;
  } catch {
    return null;
  }
}

function decodeHex(s: string): string | null {
  let out = "";
  for (let i = 0; i + 1 < s.length; i += 2) {
    const c = parseInt(s.slice(i, i + 2), 16);
    if (c < 32 || c >= 127) return null;
    out += String.fromCharCode(c);
  }
  return out;
}

/**
 * The views of an outgoing text that lookups search: the text, its
 * percent-decoding, and the decodings of base64 and hex runs (one level, and
 * one more for a decoding that is itself encoded).
 */
export function decodedViews(text: string, maxViews = 256): string[] {
  const views = [text];
  const add = (v: string | null) => {
    if (v && v.length >= 10 && views.length < maxViews) views.push(v);
  };
  const expand = (t: string, depth: number) => {
    if (PERCENT.test(t)) {
      try {
        const d = decodeURIComponent(t.replace(/\+/g, " "));
        add(d);
        if (depth > 0) expand(d, depth - 1);
      } catch { /* malformed escapes: leave as is */ }
    }
    for (const m of t.matchAll(BASE64_RUN)) {
      const d = decodeBase64(m[0]);
      add(d);
      if (d && depth > 0) expand(d, depth - 1);
      if (views.length >= maxViews) return;
    }
    for (const m of t.matchAll(HEX_RUN)) {
      const d = decodeHex(m[0]);
      add(d);
      if (d && depth > 0) expand(d, depth - 1);
      if (views.length >= maxViews) return;
    }
  };
  expand(text, 1);
  return views;
}

/** Random access to stored, sorted triples (a file in the hook). */
export interface TripleProbe {
  count: number;
  /** Triple `index` as [h1, h2, ref]. */
  read(index: number): [number, number, number];
}

/** A sorted store of `[h1, h2, ref]` triples. */
export class FingerprintStore {
  private store: Uint32Array | null;
  private loader: (() => Uint32Array) | null;
  /** Changed since it was created or loaded (the session file needs rewriting). */
  dirty = false;

  /**
   * The triples, or a loader called on first use (the hook reads them only when it must).
   * With a `probe`, lookups bisect the stored triples one at a time (the hook reads a few
   * dozen 12-byte records from the file instead of loading all of it).
   */
  constructor(
    data: Uint32Array | (() => Uint32Array) = new Uint32Array(0),
    private readonly probe: TripleProbe | null = null,
  ) {
    if (typeof data === "function") {
      this.store = null;
      this.loader = data;
    } else {
      this.store = data;
      this.loader = null;
    }
  }

  /** Additions not merged yet (unsorted): merging on every add would copy the store each time. */
  private pending: number[] = [];

  /** The sorted store as loaded, without the pending additions. */
  private base(): Uint32Array {
    if (this.store === null) {
      this.store = this.loader!();
      this.loader = null;
    }
    return this.store;
  }

  /** All triples, sorted (pending additions merged first). */
  get data(): Uint32Array {
    if (this.pending.length) this.flush();
    return this.base();
  }

  set data(v: Uint32Array) {
    this.store = v;
    this.loader = null;
    this.dirty = true;
  }

  /** Whether the triples were loaded (or never lazy). */
  get loaded(): boolean {
    return this.store !== null;
  }

  get size(): number {
    const stored = this.store === null && this.probe ? this.probe.count : this.base().length / 3;
    return stored + this.pending.length / 3;
  }

  private lowerBound(h1: number, h2: number): number {
    const d = this.base();
    let lo = 0, hi = d.length / 3;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const a = d[mid * 3], b = d[mid * 3 + 1];
      if (a < h1 || (a === h1 && b < h2)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Every ref stored for this hash. */
  refs(h: [number, number]): number[] {
    const out: number[] = [];
    if (this.store === null && this.probe) {
      const p = this.probe;
      let lo = 0, hi = p.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const [a, b] = p.read(mid);
        if (a < h[0] || (a === h[0] && b < h[1])) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < p.count; i++) {
        const [a, b, r] = p.read(i);
        if (a !== h[0] || b !== h[1]) break;
        out.push(r);
      }
    } else {
      const d = this.base();
      const n = d.length / 3;
      for (let i = this.lowerBound(h[0], h[1]); i < n; i++) {
        if (d[i * 3] !== h[0] || d[i * 3 + 1] !== h[1]) break;
        out.push(d[i * 3 + 2]);
      }
    }
    const p = this.pending;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i] === h[0] && p[i + 1] === h[1] && !out.includes(p[i + 2])) out.push(p[i + 2]);
    }
    return out;
  }

  /** Adds triples; they are merged into the sorted store in batches. */
  add(triples: number[]): void {
    if (!triples.length) return;
    for (const t of triples) this.pending.push(t);
    this.dirty = true;
    if (this.pending.length >= 3 * 2048) this.flush();
  }

  private flush(): void {
    const triples = this.pending;
    this.pending = [];
    this.merge(triples);
  }

  /** Merges triples into the sorted store (duplicates kept once). */
  private merge(triples: number[]): void {
    if (!triples.length) return;
    const n = triples.length / 3;
    const idx = Array.from({ length: n }, (_, i) => i).sort((x, y) =>
      triples[x * 3] - triples[y * 3] || triples[x * 3 + 1] - triples[y * 3 + 1] ||
      triples[x * 3 + 2] - triples[y * 3 + 2]
    );
    const old = this.base();
    const out = new Uint32Array(old.length + triples.length);
    let i = 0, j = 0, o = 0;
    const oldN = old.length / 3;
    const cmp = (ai: number, bj: number) => {
      const b = idx[bj] * 3;
      return old[ai * 3] - triples[b] || old[ai * 3 + 1] - triples[b + 1] ||
        old[ai * 3 + 2] - triples[b + 2];
    };
    const push = (a: number, b: number, c: number) => {
      if (o >= 3 && out[o - 3] === a && out[o - 2] === b && out[o - 1] === c) return;
      out[o++] = a;
      out[o++] = b;
      out[o++] = c;
    };
    while (i < oldN || j < n) {
      if (j >= n || (i < oldN && cmp(i, j) <= 0)) {
        push(old[i * 3], old[i * 3 + 1], old[i * 3 + 2]);
        i++;
      } else {
        const b = idx[j] * 3;
        push(triples[b], triples[b + 1], triples[b + 2]);
        j++;
      }
    }
    this.data = out.slice(0, o);
  }

  /** Drops every triple whose result id is below `minRef`. */
  dropBelow(minRef: number): void {
    const d = this.data;
    const out = new Uint32Array(d.length);
    let o = 0;
    for (let i = 0; i < d.length; i += 3) {
      if ((d[i + 2] & REF_MASK) < minRef) continue;
      out[o++] = d[i];
      out[o++] = d[i + 1];
      out[o++] = d[i + 2];
    }
    this.data = out.slice(0, o);
  }
}
