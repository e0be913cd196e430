/** tree-sitter's python grammar as bytes, loaded only when inline python code is met (grammars.ts). */
import wasm from "tree-sitter-python/tree-sitter-python.wasm" with { type: "bytes" };
export default wasm;
