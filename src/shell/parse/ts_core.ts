/**
 * web-tree-sitter's runtime, initialised once per process for every grammar that runs in it
 * (tree-sitter-bash here, the inline-code grammars in src/shell/inline/grammars.ts): a second
 * `Parser.init` would replace the module the loaded languages live in.
 */
import { Parser } from "web-tree-sitter";
import coreWasm from "web-tree-sitter/web-tree-sitter.wasm" with { type: "bytes" };

let core: Promise<void> | null = null;

export function initTreeSitterCore(): Promise<void> {
  core ??= Parser.init({ wasmBinary: coreWasm });
  return core;
}
