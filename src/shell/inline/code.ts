/**
 * What every inline-code analyser shares: the syntax-node shape it reads (web-tree-sitter's
 * nodes satisfy it), the slot where the front end installs a loaded grammar, and the collector
 * that turns what the code does into the shell's effects (src/shell/unit.ts). Pure: the grammars
 * themselves are loaded by src/shell/inline/grammars.ts, only when inline code is met.
 */
import type { Effect, PathRef } from "../unit.ts";
import { dirname, expandHome, hasGlob, resolve } from "../../zones/paths.ts";
import { NeedCapability, type RWord } from "../words.ts";

/** The part of a tree-sitter node the analysers read. */
export interface CodeNode {
  readonly type: string;
  readonly text: string;
  readonly isNamed: boolean;
  readonly hasError: boolean;
  readonly childCount: number;
  readonly namedChildCount: number;
  child(i: number): CodeNode | null;
  namedChild(i: number): CodeNode | null;
  childForFieldName(name: string): CodeNode | null;
}

export type CodeLanguage = "python" | "javascript" | "typescript";

/** A parsed program: its root, or why there is none (over the time budget). */
export type CodeParse = (source: string) => { root: CodeNode; dispose(): void } | null;

const parsers: Partial<Record<CodeLanguage, CodeParse>> = {};

/** Installs a loaded grammar (src/shell/inline/grammars.ts, the test harness). */
export function setCodeParser(lang: CodeLanguage, parse: CodeParse): void {
  parsers[lang] = parse;
}

/** The grammar for `lang`; throws NeedCapability when it is not loaded yet (the front end loads it). */
export function codeParser(lang: CodeLanguage): CodeParse {
  const p = parsers[lang];
  if (!p) throw new NeedCapability(`grammar:${lang}`);
  return p;
}

/** What an analyser is told besides the code. */
export interface AnalyseOptions {
  /** node -p / deno eval -p: the last expression's value is printed. */
  print?: boolean;
  /** The words after the code (perl's and ruby's file operands). */
  rest?: RWord[];
  /** perl's -n / -p / -i. */
  perl?: { loop: boolean; inplace: boolean };
}
export type Analyse = (code: string, acc: Acc, opts: AnalyseOptions) => void;

/** The analysers, by language family: installed with their grammars, on first use. */
export type AnalyserFamily = "python" | "javascript" | "typescript" | "scripts";
const analysers: Partial<Record<AnalyserFamily, Analyse>> = {};

export function setAnalyser(family: AnalyserFamily, analyse: Analyse): void {
  analysers[family] = analyse;
}

/** The analyser for a family; NeedCapability until the front end has loaded it (and its grammar). */
export function analyserFor(family: AnalyserFamily): Analyse {
  const a = analysers[family];
  if (!a) throw new NeedCapability(`grammar:${family}`);
  return a;
}

/** Largest inline program analysed (characters); a larger one asks. */
export const MAX_INLINE_CODE = 64 * 1024;
/** How deep `exec("…")` / `eval("…")` of literal code is followed. */
export const MAX_INLINE_DEPTH = 4;

/** What a piece of inline code does, for the unit that runs it. */
export interface InlineResult {
  language: string;
  /** Effects on paths and destinations, and rules (`inline.unresolved`, `secrets.env-dump`). */
  effects: Effect[];
  /** Shell command lines it runs (`os.system`, `execSync`, argv lists quoted): analysed as shell. */
  shells: { text: string; via: string }[];
}

/** Single-quotes one word for the shell. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Collects effects as an analyser finds them; paths resolve against the code's own cwd. */
export class Acc {
  readonly effects: Effect[] = [];
  readonly shells: { text: string; via: string }[] = [];
  /** The words after the code (`sys.argv[1:]`, `process.argv.slice(1)`); null where unknown. */
  args: (string | null)[] = [];
  constructor(
    readonly lang: string,
    readonly home: string,
    public cwd: string | null,
    readonly depth = 0,
  ) {}

  ref(p: string | null, display?: string, glob = false): PathRef {
    if (p === null) {
      return { abs: null, glob: false, display: display ?? "(a path known at run time)" };
    }
    return { abs: resolve(p, this.cwd), glob: glob && hasGlob(p), display: display ?? p };
  }
  read(p: string | null, recursive = false): void {
    this.effects.push({ k: "read", path: this.ref(p), recursive });
  }
  list(p: string | null, recursive = false, glob = false): void {
    this.effects.push({ k: "list", path: this.ref(p, undefined, glob), recursive });
  }
  write(p: string | null, recursive = false): void {
    this.effects.push({ k: "write", path: this.ref(p), recursive });
  }
  del(p: string | null, recursive = false): void {
    this.effects.push({ k: "delete", path: this.ref(p), recursive });
  }
  move(from: string | null, to: string | null): void {
    this.del(from);
    this.read(from);
    this.write(to);
  }
  copy(from: string | null, to: string | null, recursive = false): void {
    this.read(from, recursive);
    this.write(to, recursive);
  }
  runFile(p: string | null, display: string): void {
    this.effects.push({ k: "exec", what: "file", path: this.ref(p), display });
  }
  net(dest: string | null, upload = false): void {
    // (A destination with unknown parts carries UNKNOWN: the network check asks for it.)
    this.effects.push({ k: "network", dest: dest ?? "\u0000", upload });
  }
  rule(rule: string, display: string): void {
    if (!this.effects.some((e) => e.k === "rule" && e.rule === rule && e.display === display)) {
      this.effects.push({ k: "rule", rule, display: display.slice(0, 120) });
    }
  }
  /** Something guard cannot follow statically: the call asks. */
  unresolved(why: string): void {
    this.rule("inline.unresolved", `${this.lang}: ${why}`);
  }
  envDump(what: string): void {
    this.rule("secrets.env-dump", `${this.lang}: ${what}`);
  }
  /** A shell command line the code runs (null: known only at run time). */
  shell(text: string | null, via: string): void {
    if (text === null) {
      this.rule("exec.dynamic-script", `${this.lang}: ${via} of a computed command`);
    } else this.shells.push({ text, via: `${this.lang} ${via}` });
  }
  /** A program run with an argument vector (null entries: known only at run time). */
  argv(words: (string | null)[] | null, via: string): void {
    if (words === null || !words.length || words[0] === null || words[0].includes("\u0000")) {
      this.rule("exec.dynamic-script", `${this.lang}: ${via} of a computed program`);
      return;
    }
    // Unknown arguments stay visible to the shell analysis as an unknown variable.
    this.shells.push({
      text: words.map((w) =>
        w === null || w.includes("\u0000") ? '"$__guard_unknown"' : shellQuote(w)
      ).join(" "),
      via: `${this.lang} ${via}`,
    });
  }
  result(): InlineResult {
    return { language: this.lang, effects: this.effects, shells: this.shells };
  }
  expandHome(p: string): string {
    return expandHome(p, this.home);
  }
  chdir(p: string | null): void {
    this.cwd = p === null ? null : resolve(p, this.cwd);
  }
}

/** Joins path pieces as os.path.join / path.join do (an absolute piece restarts). */
export function joinPath(parts: (string | null)[]): string | null {
  let out = "";
  for (const p of parts) {
    if (p === null) return null;
    if (p.startsWith("/") || out === "") out = p;
    else out = out.endsWith("/") ? out + p : `${out}/${p}`;
  }
  return out;
}

export { dirname };

/**
 * A statement an analyser has no case for: an expression is evaluated; otherwise its expression
 * children are, and a capability that flows out through the statement (returned, raised, thrown,
 * exported, kept in a field — anything but the `discarding` kinds) asks; its other children are
 * walked as statements.
 */
export function otherStatement(
  n: CodeNode,
  expressions: ReadonlySet<string>,
  discarding: ReadonlySet<string>,
  walk: {
    stmts(c: CodeNode): void;
    /** Evaluates an expression: is its value a capability? */
    capability(c: CodeNode): boolean;
    unresolved(why: string): void;
  },
): void {
  if (expressions.has(n.type)) {
    walk.capability(n);
    return;
  }
  for (let i = 0; i < n.namedChildCount; i++) {
    const c = n.namedChild(i)!;
    if (!expressions.has(c.type)) {
      walk.stmts(c);
      continue;
    }
    if (walk.capability(c) && !discarding.has(n.type)) {
      walk.unresolved(`a capability flows out through ${n.type.replace(/_/g, " ")}`);
    }
  }
}
