/**
 * Brace expansion (`{a,b}`, `{1..3}`: npm brace-expansion), in a module of its own so the hook
 * loads the package only when a command holds a brace (src/core/late.ts).
 */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
export { expand } from "npm:brace-expansion@5.1.0";
