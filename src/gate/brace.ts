/**
 * Brace expansion (`{a,b}`, `{1..3}`: npm brace-expansion), in a module of its own so the hook
 * loads the package only when a command holds a brace (src/core/late.ts).
 */
export { expand } from "brace-expansion";
