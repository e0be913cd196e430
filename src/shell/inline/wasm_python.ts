/** tree-sitter's python grammar as bytes, loaded only when inline python code is met (grammars.ts). */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
// deno-lint-ignore no-import-prefix
import wasm from "npm:/tree-sitter-python@0.25.0/tree-sitter-python.wasm" with { type: "bytes" };
export default wasm;
