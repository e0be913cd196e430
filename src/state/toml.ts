/**
 * TOML parsing for the policy files (smol-toml, ADR 0001), in a module of its own so the hook
 * loads the package only when a policy file exists (src/core/late.ts).
 */
// The full npm specifier, not the import map: the hook runs with `--no-config` (ADR 0024).
export { parse } from "npm:smol-toml@1.9.1";
