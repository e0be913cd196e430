/**
 * web-tree-sitter's runtime, initialised once per process for every grammar that runs in it
 * (tree-sitter-bash here, the inline-code grammars in src/shell/inline/grammars.ts): a second
 * `Parser.init` would replace the module the loaded languages live in.
 */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import { Parser } from "npm:web-tree-sitter@0.27.2";
// deno-lint-ignore no-import-prefix
import coreWasm from "npm:/web-tree-sitter@0.27.2/web-tree-sitter.wasm" with { type: "bytes" };

let core: Promise<void> | null = null;

export function initTreeSitterCore(): Promise<void> {
  core ??= Parser.init({ wasmBinary: coreWasm });
  return core;
}
