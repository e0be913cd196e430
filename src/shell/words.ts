/**
 * Resolving shell words to the values the analysis reasons about.
 *
 * A resolved word knows its literal value where it can be known statically —
 * quotes removed, `~`, `$HOME` and variables assigned earlier in the same
 * script substituted — and marks every part that cannot be known (other
 * variables, command substitutions) with `UNKNOWN`, so rules can tell
 * `rm -rf "$X"/` (depends on a variable) from `rm -rf ./build`.
 */
import type { Part, Word } from "./parse/ir.ts";
import { dirname } from "../zones/paths.ts";

/** Stands for text that cannot be known before the command runs. */
export const UNKNOWN = "\u0000";

/** Pseudo-variables of the analysis in ShellState.vars (names no shell variable can have). */
export const OLDPWD_VAR = "\u0002OLDPWD";
export const DOTGLOB_VAR = "\u0002dotglob";
/** Set for a loop variable whose values are a glob's matches: `GLOB_VAR + name`. */
export const GLOB_VAR = "\u0002glob:";

/** Marks where an unquoted `$IFS` splits a word into several. */
export const IFS_SPLIT = "\u0001";

/** Splits words at unquoted `$IFS` (bash field splitting with the default IFS). */
export function splitIfs(words: RWord[]): RWord[] {
  if (!words.some((w) => w.value.includes(IFS_SPLIT))) return words;
  const out: RWord[] = [];
  for (const w of words) {
    if (!w.value.includes(IFS_SPLIT)) {
      out.push(w);
      continue;
    }
    for (const piece of w.value.split(IFS_SPLIT)) {
      if (piece === "") continue;
      const dyn = piece.includes(UNKNOWN);
      out.push({ ...w, value: piece, values: [piece], display: piece, dynamic: dyn, memo: null });
    }
  }
  return out;
}

export interface ShellState {
  /** Current directory, or null when it cannot be known (after `cd "$X"`). */
  cwd: string | null;
  /** Variables known to hold a value (null: known to exist, value unknown). */
  vars: Map<string, string | null>;
}

export interface RWord {
  raw: string;
  /** Value with quotes removed and known expansions applied; UNKNOWN marks unknown text. */
  value: string;
  /** Rendering for people and user regexes: unknown parts shown as written. */
  display: string;
  dynamic: boolean;
  /** Unquoted glob characters present. */
  glob: boolean;
  /** Contains a command or process substitution. */
  subst: boolean;
  /** Brace-expanded alternatives (just `[value]` without braces). */
  values: string[];
  /** Started with `~user` (another user's home directory). */
  otherHome: boolean;
  /**
   * Memo of the path classification (checks classify the same word several
   * times). Keyed by the value and cwd it was computed for, so copies made
   * with a different value never reuse it.
   */
  memo?: { key: string; env: object; hits: unknown[] } | null;
}

export type BraceExpand = (s: string) => string[];

export class NeedCapability extends Error {
  constructor(
    readonly capability: "tree-sitter" | "brace-expansion" | `grammar:${string}`,
  ) {
    super(`capability needed: ${capability}`);
  }
}

export function literalWord(v: string): RWord {
  return {
    raw: v,
    value: v,
    display: v,
    dynamic: false,
    glob: false,
    subst: false,
    values: [v],
    otherHome: false,
    memo: null,
  };
}

export function unknownWord(display: string): RWord {
  return {
    raw: display,
    value: UNKNOWN,
    display,
    dynamic: true,
    glob: false,
    subst: false,
    values: [UNKNOWN],
    otherHome: false,
    memo: null,
  };
}

const GLOB_RE = /[*?[]/;

/** Resolves a word. `brace` is needed only for words with brace expansion. */
export function resolveWord(
  w: Word,
  st: ShellState,
  home: string,
  brace: BraceExpand | null,
  maxBrace: number,
): RWord {
  let value = "";
  let display = "";
  let dynamic = false;
  let glob = false;
  let subst = false;
  let otherHome = false;
  let braceRaw: string | null = null;
  for (const p of w.parts) {
    switch (p.t) {
      case "lit":
        value += p.v;
        display += p.v;
        if (!p.q && GLOB_RE.test(p.v)) glob = true;
        break;
      case "tilde": {
        if (p.user === "+" || p.user === "-") {
          // `~+` is $PWD, `~-` is $OLDPWD.
          const d = p.user === "+" ? st.cwd : (st.vars.get(OLDPWD_VAR) ?? null);
          if (d === null) {
            value += UNKNOWN;
            dynamic = true;
          } else value += d;
        } else if (p.user === "") {
          const h = st.vars.get("HOME");
          if (h === undefined || h === null) {
            value += UNKNOWN;
            dynamic = true;
          } else value += h;
        } else {
          otherHome = true;
          value += p.user === "root" ? "/root" : dirname(home) + "/" + p.user;
        }
        display += "~" + p.user;
        break;
      }
      case "param": {
        if (p.name === "IFS" && !p.q && (p.plain || p.mod === "") && !st.vars.has("IFS")) {
          // Unquoted $IFS is a field separator (space, tab, newline by default): `rm${IFS}-rf${IFS}/`.
          value += IFS_SPLIT;
          display += "$IFS";
          break;
        }
        const v = paramValue(p, st);
        if (v !== null && st.vars.has(GLOB_VAR + p.name)) glob = true;
        display += p.plain ? "$" + p.name : "${" + p.name + "…}";
        if (v === null) {
          value += UNKNOWN;
          dynamic = true;
        } else value += v;
        if (p.subs.length) subst = true;
        break;
      }
      case "cmd":
        value += UNKNOWN;
        display += "$(…)";
        dynamic = true;
        subst = true;
        break;
      case "proc":
        value += UNKNOWN;
        display += p.dir + "(…)";
        dynamic = true;
        subst = true;
        break;
      case "arith":
        value += UNKNOWN;
        display += "$((…))";
        dynamic = true;
        if (p.subs.length) subst = true;
        break;
      case "brace":
        braceRaw = p.raw;
        value += p.raw;
        display += p.raw;
        if (GLOB_RE.test(p.raw)) glob = true;
        break;
    }
  }
  let values = [value];
  // A word with very many brace groups expands past any limit: unknown, without expanding it.
  if (braceRaw !== null && braceGroups(value) > MAX_BRACE_GROUPS) {
    values = [value, UNKNOWN];
    dynamic = true;
    braceRaw = null;
  }
  if (braceRaw !== null) {
    if (!brace) throw new NeedCapability("brace-expansion");
    try {
      const ex = brace(value);
      values = ex.length > maxBrace ? [...ex.slice(0, maxBrace), UNKNOWN] : ex;
      if (ex.length > maxBrace) dynamic = true;
    } catch {
      values = [value, UNKNOWN];
      dynamic = true;
    }
    if (values.length === 0) values = [value];
    // bash expands braces before tildes: `{/tmp/x,~}` yields `~`, which then means home.
    const h = st.vars.get("HOME");
    values = values.map((v) => {
      const m = /^~([A-Za-z0-9._-]*)(?=\/|$)/.exec(v);
      if (!m) return v;
      if (m[1] === "") return h ? h + v.slice(1) : UNKNOWN + v.slice(1);
      otherHome = true;
      return (m[1] === "root" ? "/root" : dirname(home) + "/" + m[1]) + v.slice(m[0].length);
    });
  }
  // With dotglob (`shopt -s dotglob`, or GLOBIGNORE set) `*` and `?` match a leading dot too.
  if (glob && (st.vars.has(DOTGLOB_VAR) || st.vars.has("GLOBIGNORE"))) {
    values = values.flatMap((v) => [v, ...dotVariants(v)]);
  }
  return { raw: w.raw, value, display, dynamic, glob, subst, values, otherHome, memo: null };
}

/** Spellings that make each glob component's leading wildcard match a dot explicitly. */
function dotVariants(v: string): string[] {
  const comps = v.split("/");
  const out: string[] = [];
  comps.forEach((c, i) => {
    if (c.startsWith(".") || !GLOB_RE.test(c[0] ?? "")) return;
    const alt = c[0] === "*"
      ? "." + c
      : c[0] === "?"
      ? "." + c.slice(1)
      : "." + c.replace(/^\[[^\]]*\]/, "");
    const copy = [...comps];
    copy[i] = alt;
    out.push(copy.join("/"));
  });
  return out.slice(0, 16);
}

const MAX_BRACE_GROUPS = 24;

function braceGroups(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) === 123) n++;
  return n;
}

function paramValue(p: Extract<Part, { t: "param" }>, st: ShellState): string | null {
  const known = st.vars.get(p.name);
  if (known === undefined || known === null) return null;
  if (p.plain) return known;
  // ${X:-d} ${X-d} ${X:=d} ${X=d} ${X:?m} ${X?m} expand to X itself when X is set and non-empty.
  if (known !== "" && /^:?[-=?]/.test(p.mod)) return known;
  return null;
}

/** Does any part of the word hold a command or process substitution? */
export function wordHasSubst(w: Word): boolean {
  return w.parts.some((p) =>
    p.t === "cmd" || p.t === "proc" || (p.t === "param" && p.subs.length > 0) ||
    (p.t === "arith" && p.subs.length > 0)
  );
}

export function cloneState(st: ShellState): ShellState {
  return { cwd: st.cwd, vars: new Map(st.vars) };
}
