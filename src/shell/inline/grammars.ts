/**
 * Loads the inline-code grammars (tree-sitter-python, tree-sitter-javascript, tree-sitter-typescript) into web-tree-sitter,
 * each only when inline code in its language is first met (the front end imports this module on
 * `NeedCapability("grammar:…")`). The WebAssembly binaries are imported as bytes, like
 * tree-sitter-bash's: no file-system permission, and `deno compile` embeds them. Parsing has a
 * time budget; over it, the code asks.
 */
import { Language, Parser } from "web-tree-sitter";
import pythonWasm from "tree-sitter-python/tree-sitter-python.wasm" with { type: "bytes" };
import javascriptWasm from "tree-sitter-javascript/tree-sitter-javascript.wasm" with {
  type: "bytes",
};
import typescriptWasm from "tree-sitter-typescript/tree-sitter-typescript.wasm" with {
  type: "bytes",
};
import { initTreeSitterCore } from "../parse/ts_core.ts";
import { type CodeLanguage, type CodeNode, setCodeParser } from "./code.ts";

/** Longest one parse of inline code may take (ms): a limit on stalls, not on meaning. */
export const CODE_PARSE_BUDGET_MS = 60;

const loading: Partial<Record<CodeLanguage, Promise<void>>> = {};

/** Loads one grammar once per process and installs its parser. */
export function loadGrammar(lang: CodeLanguage, budgetMs = CODE_PARSE_BUDGET_MS): Promise<void> {
  loading[lang] ??= (async () => {
    await initTreeSitterCore();
    const language = await Language.load(
      lang === "python" ? pythonWasm : lang === "javascript" ? javascriptWasm : typescriptWasm,
    );
    const parser = new Parser();
    parser.setLanguage(language);
    setCodeParser(lang, (source: string) => {
      const stop = performance.now() + budgetMs;
      // Tiny programs have nothing to stall on: no calls back into JavaScript while they parse.
      const tree = parser.parse(
        source,
        null,
        source.length > 256 ? { progressCallback: () => performance.now() > stop } : {},
      );
      if (!tree) return null;
      return { root: tree.rootNode as unknown as CodeNode, dispose: () => tree.delete() };
    });
  })();
  return loading[lang]!;
}
