/**
 * Command-line option parsing against a program's option grammar (data):
 * which spellings exist, which take a value, combined short options, `--`,
 * glued values, and GNU `getopt_long`'s abbreviation of long options to any
 * unambiguous prefix. Pure; words are the resolved values the analysis has
 * (text it cannot know is marked by `unknownMark`).
 */

/**
 * 0: a flag; 1: takes a value (glued or the next word); 2: an optional value (glued only);
 * 3: takes two words (`jq --rawfile NAME FILE`).
 */
export type Arity = 0 | 1 | 2 | 3;

export interface OptionGrammar {
  /** Option spellings ("-r", "--recursive", find's "-name") and their arity. */
  o: Record<string, Arity>;
  /** Subcommands and their own grammar. */
  s?: Record<string, OptionGrammar>;
}

export interface ParseStyle {
  /** GNU getopt_long: a long option may be abbreviated to any unambiguous prefix. */
  abbrev: boolean;
  /** Options may follow operands (GNU permutation); false: the first operand ends the options. */
  permute: boolean;
  /** Whole words are option names (`find -name`, `java -jar`), no short clusters. */
  singleDashLong?: boolean;
  /** Options after which every word is an argument (`python -m MOD …`, `python -c CODE …`). */
  terminators?: string[];
}

export interface ParsedOption {
  /** The option as the grammar spells it (abbreviations resolved). */
  key: string;
  value: string | null;
  /** Index of the word that named it. */
  at: number;
  /** Index of the word that holds the value, when it is a separate word. */
  valueAt: number | null;
  /** Index of the second value word (arity 3). */
  extraAt?: number;
}

export interface ParsedArgs {
  opts: ParsedOption[];
  /** Indexes of the operands (positional words). */
  operands: number[];
  /** Options the grammar does not know (or that are ambiguous), as written. */
  unknown: string[];
  /** Words that could be options but cannot be known (their start is dynamic). */
  dynamic: number[];
}

const DIGITS = /^-\d+$/;

/** Resolves a long option against the grammar (exact, then an unambiguous prefix). */
export function resolveLong(
  name: string,
  o: Record<string, Arity>,
  abbrev: boolean,
): string | null {
  if (name in o) return name;
  if (!abbrev || name.length < 3) return null;
  let hit: string | null = null;
  for (const k in o) {
    if (!k.startsWith("--") || !k.startsWith(name)) continue;
    if (hit !== null) return null; // ambiguous: getopt refuses it
    hit = k;
  }
  return hit;
}

/**
 * Parses `words` (the arguments after the program name) against `o`.
 * `unknownMark` marks dynamic text in a word.
 */
export function parseArgs(
  words: string[],
  o: Record<string, Arity>,
  style: ParseStyle,
  unknownMark: string,
): ParsedArgs {
  const out: ParsedArgs = { opts: [], operands: [], unknown: [], dynamic: [] };
  let ended = false;
  const stops = style.terminators;
  for (let i = 0; i < words.length; i++) {
    if (stops && !ended && out.opts.length && stops.includes(out.opts[out.opts.length - 1].key)) {
      ended = true;
    }
    const w = words[i];
    if (ended || w === "-" || !(w.startsWith("-") || w.startsWith(unknownMark))) {
      out.operands.push(i);
      if (!style.permute && !ended) ended = true;
      continue;
    }
    if (w.startsWith(unknownMark)) {
      // `$X` in an option position could be any option.
      out.dynamic.push(i);
      out.operands.push(i);
      continue;
    }
    if (w === "--") {
      ended = true;
      continue;
    }
    if (style.singleDashLong || w.startsWith("--")) {
      const eq = w.indexOf("=");
      const name = eq > 0 ? w.slice(0, eq) : w;
      const key = style.singleDashLong && !w.startsWith("--")
        ? (name in o ? name : null)
        : resolveLong(name, o, style.abbrev);
      if (key === null) {
        if (style.singleDashLong && DIGITS.test(w)) continue;
        out.unknown.push(w);
        continue;
      }
      const ar = o[key];
      if (eq > 0) {
        out.opts.push({ key, value: w.slice(eq + 1), at: i, valueAt: null });
        if (ar === 3 && i + 1 < words.length) out.opts[out.opts.length - 1].extraAt = ++i;
      } else if (ar === 1 || ar === 3) {
        const v = words[i + 1] ?? null;
        out.opts.push({ key, value: v, at: i, valueAt: v === null ? null : i + 1 });
        i++;
        if (ar === 3 && i + 1 < words.length) out.opts[out.opts.length - 1].extraAt = ++i;
      } else out.opts.push({ key, value: null, at: i, valueAt: null });
      continue;
    }
    if (DIGITS.test(w) && !(w.slice(0, 2) in o)) continue; // `head -20`, `kill -9`
    const eqAt = w.indexOf("=");
    if (eqAt > 2 && Object.hasOwn(o, w.slice(0, eqAt))) {
      // `-toolexec=x` (Go's flag package, find-style single-dash names).
      out.opts.push({ key: w.slice(0, eqAt), value: w.slice(eqAt + 1), at: i, valueAt: null });
      continue;
    }
    if (w.length > 2 && Object.hasOwn(o, w)) {
      // A single-dash option of several letters the grammar names whole (`zip -TT`, `find -name`).
      const ar = o[w];
      if (ar === 1 || ar === 3) {
        const v = words[i + 1] ?? null;
        out.opts.push({ key: w, value: v, at: i, valueAt: v === null ? null : i + 1 });
        i += ar === 3 ? 2 : 1;
        if (ar === 3 && i < words.length) out.opts[out.opts.length - 1].extraAt = i;
      } else out.opts.push({ key: w, value: null, at: i, valueAt: null });
      continue;
    }
    // A cluster of short options: `-rf`, `-ofile`, `-n5`.
    for (let k = 1; k < w.length; k++) {
      const key = "-" + w[k];
      const ar = o[key];
      if (ar === undefined) {
        out.unknown.push(w.length > 2 ? `${key} (in ${w})` : key);
        continue;
      }
      if (ar === 0) {
        out.opts.push({ key, value: null, at: i, valueAt: null });
        continue;
      }
      const rest = w.slice(k + 1);
      if (rest !== "") out.opts.push({ key, value: rest, at: i, valueAt: null });
      else if (ar === 1) {
        const v = words[i + 1] ?? null;
        out.opts.push({ key, value: v, at: i, valueAt: v === null ? null : i + 1 });
        i++;
      } else out.opts.push({ key, value: null, at: i, valueAt: null });
      break;
    }
  }
  return out;
}
