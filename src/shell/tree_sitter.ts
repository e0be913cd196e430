/**
 * The full shell parser: tree-sitter-bash running in web-tree-sitter (WebAssembly).
 *
 * Loading it costs tens of milliseconds (see the benchmarks), so it is only
 * loaded when the fast lexer declines a command. Both WebAssembly binaries are
 * imported as bytes, so guard needs no file-system permission to load them and
 * `deno compile` embeds them.
 */
import { Language, type Node, Parser, type Tree } from "web-tree-sitter";
import coreWasm from "web-tree-sitter/web-tree-sitter.wasm" with { type: "bytes" };
import bashWasm from "tree-sitter-bash/tree-sitter-bash.wasm" with { type: "bytes" };
import { Converter, type TsNode } from "./cst_to_ir.ts";
import type { ParsedScript } from "./ir.ts";
import { continuationOffsets, removeAt } from "./quoting.ts";

let parser: Parser | null = null;
let loading: Promise<Parser> | null = null;

export function treeSitterLoaded(): boolean {
  return parser !== null;
}

/** Loads tree-sitter and the bash grammar once per process. */
export function loadTreeSitter(): Promise<Parser> {
  if (parser) return Promise.resolve(parser);
  loading ??= (async () => {
    await Parser.init({ wasmBinary: coreWasm });
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
class MirrorNode implements TsNode {
  readonly kids: MirrorNode[] = [];
  readonly fields: (string | null)[] = [];
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
  fieldNameForChild(i: number): string | null {
    return this.fields[i] ?? null;
  }
}

function mirrorNode(c: ReturnType<Tree["walk"]>): MirrorNode {
  return new MirrorNode(c.nodeType, c.nodeIsNamed, c.nodeIsMissing, c.startIndex, c.endIndex);
}

/** Copies the whole tree with one cursor walk (iterative: no recursion limits). */
export function mirror(tree: Tree, maxNodes: number): MirrorNode {
  const c = tree.walk();
  try {
    const root = mirrorNode(c);
    const path: MirrorNode[] = [root];
    let count = 1;
    const add = () => {
      if (++count > maxNodes) throw new TooLarge(`more than ${maxNodes} syntax nodes`);
      const n = mirrorNode(c);
      const parent = path[path.length - 1];
      parent.kids.push(n);
      parent.fields.push(c.currentFieldName);
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

/** Longest time one tree-sitter parse may take before it is cancelled. */
export const PARSE_BUDGET_MS = 150;
/** Most syntax nodes converted for one parse. */
export const MAX_NODES = 400_000;

/** Parses with tree-sitter. Must only be called after `loadTreeSitter()` resolved. */
export function parseWithTreeSitter(source: string, deadline: number): ParsedScript {
  if (!parser) throw new Error("tree-sitter is not loaded");
  const stop = Math.min(deadline, performance.now() + PARSE_BUDGET_MS);
  const opts = { progressCallback: () => performance.now() > stop };
  const tooComplex = (why: string): ParsedScript => ({
    body: { k: "error", raw: source.slice(0, 80), reason: why },
    parser: "tree-sitter",
    errors: [why],
    source,
    limit: "complexity",
  });
  let src = source;
  let tree = parser.parse(src, null, opts);
  if (!tree) return tooComplex(`parsing took longer than ${PARSE_BUDGET_MS} ms`);
  // tree-sitter-bash treats backslash-newline as whitespace even inside a word
  // (`r\<newline>m` would become two words). bash removes it before splitting
  // words, so remove it the same way wherever it is a line continuation, and parse again.
  const offsets = continuationOffsets(src).filter((o) => !insideLiteral(tree!.rootNode, o));
  if (offsets.length) {
    tree.delete();
    src = removeAt(src, offsets);
    tree = parser.parse(src, null, opts);
    if (!tree) return tooComplex(`parsing took longer than ${PARSE_BUDGET_MS} ms`);
  }
  try {
    let root: MirrorNode;
    try {
      root = mirror(tree, MAX_NODES);
    } catch (e) {
      if (e instanceof TooLarge) return tooComplex(e.message);
      throw e;
    }
    const conv = new Converter(src);
    const body = conv.body(root, 0);
    const errors = [...conv.errors];
    if (tree.rootNode.hasError && errors.length === 0) errors.push("syntax error");
    return { body, parser: "tree-sitter", errors, source: src };
  } finally {
    tree.delete();
  }
}
