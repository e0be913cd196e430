/** tree-sitter's typescript grammar as bytes, loaded only when inline typescript code is met (grammars.ts). */
import wasm from "tree-sitter-typescript/tree-sitter-typescript.wasm" with { type: "bytes" };
export default wasm;
