/** tree-sitter's javascript grammar as bytes, loaded only when inline javascript code is met (grammars.ts). */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import wasm from "npm:/tree-sitter-javascript@0.25.0/tree-sitter-javascript.wasm" with {
  type: "bytes",
};
export default wasm;
