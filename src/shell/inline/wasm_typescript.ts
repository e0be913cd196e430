/** tree-sitter's typescript grammar as bytes, loaded only when inline typescript code is met (grammars.ts). */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import wasm from "npm:/tree-sitter-typescript@0.23.2/tree-sitter-typescript.wasm" with {
  type: "bytes",
};
export default wasm;
