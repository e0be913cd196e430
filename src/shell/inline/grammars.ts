/**
 * Loads what inline code needs, each piece only when code in its language is first met (the front
 * end imports this module on `NeedCapability("grammar:…")`): the tree-sitter grammar
 * (tree-sitter-python, -javascript, -typescript) into web-tree-sitter, and the analyser that reads
 * its trees; for perl, ruby and php only the scanner. The WebAssembly binaries are imported as
 * bytes, like tree-sitter-bash's: no file-system permission, and `deno compile` embeds them.
 * Parsing has a time budget; over it, the code asks.
 */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import { Language, Parser } from "npm:web-tree-sitter@0.27.2";
import { initTreeSitterCore } from "../parse/ts_core.ts";
import {
  type AnalyserFamily,
  type CodeLanguage,
  type CodeNode,
  setAnalyser,
  setCodeParser,
} from "./code.ts";
import { late } from "../../core/late.ts";

/** Longest one parse of inline code may take (ms): a limit on stalls, not on meaning. */
export const CODE_PARSE_BUDGET_MS = 60;

const loading: Partial<Record<AnalyserFamily, Promise<void>>> = {};

async function wasmOf(lang: CodeLanguage): Promise<Uint8Array> {
  switch (lang) {
    case "python":
      return (await late<typeof import("./wasm_python.ts")>("./wasm_python.ts", import.meta.url))
        .default;
    case "javascript":
      return (await late<typeof import("./wasm_javascript.ts")>(
        "./wasm_javascript.ts",
        import.meta.url,
      )).default;
    case "typescript":
      return (await late<typeof import("./wasm_typescript.ts")>(
        "./wasm_typescript.ts",
        import.meta.url,
      )).default;
  }
}

async function loadParser(lang: CodeLanguage, budgetMs: number): Promise<void> {
  await initTreeSitterCore();
  const language = await Language.load(await wasmOf(lang));
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
}

/** Loads one language family's grammar and analyser once per process. */
export function loadGrammar(
  family: AnalyserFamily,
  budgetMs = CODE_PARSE_BUDGET_MS,
): Promise<void> {
  loading[family] ??= (async () => {
    switch (family) {
      case "python": {
        await loadParser("python", budgetMs);
        const { analysePython } = await late<typeof import("./python.ts")>(
          "./python.ts",
          import.meta.url,
        );
        setAnalyser("python", (code, acc) => analysePython(code, acc));
        return;
      }
      case "javascript":
      case "typescript": {
        await loadParser(family, budgetMs);
        const { analyseJavaScript } = await late<typeof import("./javascript.ts")>(
          "./javascript.ts",
          import.meta.url,
        );
        const ts = family === "typescript";
        setAnalyser(family, (code, acc, o) => analyseJavaScript(code, acc, o.print, ts));
        return;
      }
      case "scripts": {
        const { analyseScript } = await late<typeof import("./scripts.ts")>(
          "./scripts.ts",
          import.meta.url,
        );
        setAnalyser("scripts", (code, acc, o) => {
          analyseScript(acc.lang as "perl" | "ruby" | "php", code, acc, o.rest ?? [], o.perl);
        });
        return;
      }
    }
  })();
  return loading[family]!;
}
