/**
 * The full shell parser: tree-sitter-bash running in web-tree-sitter (WebAssembly).
 *
 * Loading it costs tens of milliseconds (see the benchmarks), so it is only
 * loaded when the fast lexer declines a command. Both WebAssembly binaries are
 * imported as bytes, so guard needs no file-system permission to load them and
 * `deno compile` embeds them.
 */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import { Language, type Node, Parser, type Tree } from "npm:web-tree-sitter@0.27.2";
// deno-lint-ignore no-import-prefix
import bashWasm from "npm:/tree-sitter-bash@0.25.1/tree-sitter-bash.wasm" with { type: "bytes" };
import { Converter, type TsNode } from "./cst_to_ir.ts";
import { initTreeSitterCore } from "./ts_core.ts";
import type { ParsedScript } from "./ir.ts";
import { continuationOffsets, removeAt } from "./quoting.ts";
import {
  applyMasks,
  backtickMasks,
  dashMasks,
  escapeMasks,
  heredocMasks,
  maskBlanks,
  type PrefixMark,
  prefixMasks,
  repairMasks,
} from "./repair.ts";

let parser: Parser | null = null;
let loading: Promise<Parser> | null = null;

export function treeSitterLoaded(): boolean {
  return parser !== null;
}

/** The loaded parser (for benchmarks that time raw parsing). */
export function treeSitterParser(): Parser | null {
  return parser;
}

/** Loads tree-sitter and the bash grammar once per process. */
export function loadTreeSitter(): Promise<Parser> {
  if (parser) return Promise.resolve(parser);
  loading ??= (async () => {
    await initTreeSitterCore();
    const lang = await Language.load(bashWasm);
    const p = new Parser();
    p.setLanguage(lang);
    parser = p;
    return p;
  })();
  return loading;
}

/** Node types inside which a backslash-newline is literal text, not a line continuation. */
const LITERAL_CONTEXTS = new Set(["comment", "raw_string", "ansi_c_string"]);

function insideLiteral(root: Node, offset: number): boolean {
  let n: Node | null = root.descendantForIndex(offset, offset + 1);
  while (n) {
    if (LITERAL_CONTEXTS.has(n.type)) return true;
    if (n.type === "heredoc_body") {
      const redirect = n.parent;
      const start = redirect?.children.find((c) => c?.type === "heredoc_start");
      if (start && /['"\\]/.test(start.text)) return true;
    }
    n = n.parent;
  }
  return false;
}

/** A plain-JS copy of a tree-sitter node: walking it costs no WebAssembly calls. */
const NO_KIDS: MirrorNode[] = [];

class MirrorNode implements TsNode {
  /** Children; leaves share one empty array (most nodes are leaves). */
  kids: MirrorNode[] = NO_KIDS;
  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
  ) {}
  get childCount(): number {
    return this.kids.length;
  }
  child(i: number): MirrorNode | null {
    return this.kids[i] ?? null;
  }
  /** Field names are not copied: the converter works from node types. */
  fieldNameForChild(_i: number): string | null {
    return null;
  }
}

/** Node type names and named-ness per type id, read from the grammar once. */
const typeNames: string[] = [];
const typeNamed: boolean[] = [];

function typeTables(lang: Language): void {
  if (typeNames.length) return;
  const n = lang.nodeTypeCount;
  for (let id = 0; id < n; id++) {
    typeNames.push(lang.nodeTypeForId(id) ?? "ERROR");
    typeNamed.push(lang.nodeTypeIsNamed(id));
  }
}

/**
 * Copies the whole tree with one cursor walk (iterative: no recursion limits).
 * Each WebAssembly crossing costs about a microsecond, so per node only the
 * type id and byte range are read; named-ness comes from the grammar's table,
 * and "missing" is read only when the tree has errors.
 */
export function mirror(tree: Tree, maxNodes: number): MirrorNode {
  typeTables(tree.language);
  const withMissing = tree.rootNode.hasError;
  const c = tree.walk();
  // Anonymous nodes (operators, quotes, keywords) are identified by type alone; their byte
  // ranges are read only inside concatenations and for the tokens the converter makes words of.
  let parentType = "";
  const node = (): MirrorNode => {
    const id = c.nodeTypeId;
    const named = id === 65535 ? true : typeNamed[id] ?? true;
    const type = id === 65535 ? "ERROR" : typeNames[id] ?? "ERROR";
    // Also `$`, `==` and `=~`, which the converter reads as words.
    const ranged = named || parentType === "concatenation" || type === "$" || type === "==" ||
      type === "=~";
    return new MirrorNode(
      type,
      named,
      withMissing ? c.nodeIsMissing : false,
      ranged ? c.startIndex : -1,
      ranged ? c.endIndex : -1,
    );
  };
  try {
    const root = node();
    const path: MirrorNode[] = [root];
    let count = 1;
    const add = () => {
      if (++count > maxNodes) throw new TooLarge(`more than ${maxNodes} syntax nodes`);
      const parent = path[path.length - 1];
      parentType = parent.type;
      const n = node();
      if (parent.kids === NO_KIDS) parent.kids = [n];
      else parent.kids.push(n);
      path.push(n);
    };
    while (true) {
      if (c.gotoFirstChild()) {
        add();
        continue;
      }
      while (!c.gotoNextSibling()) {
        if (!c.gotoParent()) return root;
        path.pop();
      }
      path.pop();
      add();
    }
  } finally {
    c.delete();
  }
}

export class TooLarge extends Error {}

/** Longest time the tree-sitter parses of one script may take together before they are cancelled (with the analysis, every input is decided within 100 ms). */
export const PARSE_BUDGET_MS = 60;
/** Most syntax nodes converted for one parse. */
export const MAX_NODES = 400_000;

/** Parses with tree-sitter. Must only be called after `loadTreeSitter()` resolved. */
export function parseWithTreeSitter(
  source: string,
  deadline: number,
  budgetMs = PARSE_BUDGET_MS,
): ParsedScript {
  if (!parser) throw new Error("tree-sitter is not loaded");
  const p = parser;
  const stop = Math.min(deadline, performance.now() + budgetMs);
  // The budget holds for every input: tree-sitter-bash can take exponential time on a few hundred
  // characters (backticks around pipelines: 19 s for 263 characters), so even short inputs carry
  // the progress callback; tiny ones (nothing to stall on) skip its calls back into JS.
  const opts = source.length > 64 ? { progressCallback: () => performance.now() > stop } : {};
  const tooComplex = (why: string): ParsedScript => ({
    body: { k: "error", raw: source.slice(0, 80), reason: why },
    parser: "tree-sitter",
    errors: [why],
    source,
    limit: "complexity",
  });
  // A cancelled parse leaves tree-sitter ready to *resume* it on the next call, even with other
  // text; always reset after a cancellation (or a failure) so the next parse starts clean.
  const run = (text: string): Tree | null => {
    try {
      const t = p.parse(text, null, opts);
      if (!t) p.reset();
      return t;
    } catch (e) {
      p.reset();
      throw e;
    }
  };
  const slow = () => tooComplex(`parsing took longer than ${budgetMs} ms`);
  let src = source;
  // tree-sitter-bash skips \r, \v and \f as blanks; bash keeps them in words.
  let tree = run(maskBlanks(src));
  if (!tree) return slow();
  // tree-sitter-bash treats backslash-newline as whitespace even inside a word
  // (`r\<newline>m` would become two words). bash removes it before splitting
  // words, so remove it the same way wherever it is a line continuation, and parse again.
  const offsets = continuationOffsets(src).filter((o) => !insideLiteral(tree!.rootNode, o));
  if (offsets.length) {
    tree.delete();
    src = removeAt(src, offsets);
    tree = run(maskBlanks(src));
    if (!tree) return slow();
  }
  try {
    // The text tree-sitter parses: `src` with same-length rewrites (see repair.ts). The
    // converter reads `src` itself at the same offsets.
    let parsed = maskBlanks(src);
    let root = mirror(tree, MAX_NODES);
    let hasError = tree.rootNode.hasError;
    const marks = new Map<number, PrefixMark>();
    /** Parses `text`; adopts the tree when `accept` says so. Null when the budget ran out. */
    const retry = (text: string, accept: (t: Tree) => boolean): boolean | null => {
      const t = run(text);
      if (!t) return null;
      if (!accept(t)) {
        t.delete();
        return false;
      }
      let r: MirrorNode;
      try {
        r = mirror(t, MAX_NODES);
      } catch (e) {
        t.delete();
        throw e;
      }
      tree!.delete();
      tree = t;
      parsed = text;
      root = r;
      hasError = t.rootNode.hasError;
      return true;
    };
    // Structural rewrites (`coproc`, `time` and `!` before compound commands, blanks between
    // backtick substitutions, escapes glued to a quote, partly quoted heredoc delimiters, dropped `-` words) whenever the tree has them, kept unless they add errors; then,
    // once, the repairs of a tree with errors, kept only when they remove every error. Each new
    // tree can reveal more.
    let repaired = false;
    for (let round = 0; round < 8; round++) {
      const p = prefixMasks(root, parsed);
      const masks = [
        ...p.masks,
        ...backtickMasks(root, parsed),
        ...escapeMasks(root, parsed),
        ...heredocMasks(root, parsed),
        ...dashMasks(root, parsed),
      ];
      if (masks.length) {
        const errorsBefore = hasError;
        const ok = retry(applyMasks(parsed, masks), (t) => errorsBefore || !t.rootNode.hasError);
        if (ok === null) return slow();
        if (ok) {
          for (const [k, v] of p.marks) marks.set(k, v);
          continue;
        }
      }
      if (!hasError || repaired) break;
      repaired = true;
      const fixes = repairMasks(root, parsed);
      if (!fixes.length) break;
      const ok = retry(applyMasks(parsed, fixes), (t) => !t.rootNode.hasError);
      if (ok === null) return slow();
      if (!ok) break;
    }
    const conv = new Converter(src, marks);
    const body = conv.body(root, 0);
    const errors = [...conv.errors];
    if (hasError && errors.length === 0) errors.push("syntax error");
    return { body, parser: "tree-sitter", errors, source: src };
  } catch (e) {
    if (e instanceof TooLarge) return tooComplex(e.message);
    throw e;
  } finally {
    tree.delete();
  }
}
