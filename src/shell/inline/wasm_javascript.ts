/** tree-sitter's javascript grammar as bytes, loaded only when inline javascript code is met (grammars.ts). */
import wasm from "tree-sitter-javascript/tree-sitter-javascript.wasm" with { type: "bytes" };
export default wasm;
