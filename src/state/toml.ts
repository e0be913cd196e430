/**
 * TOML parsing for the policy files (smol-toml, ADR 0001), in a module of its own so the hook
 * loads the package only when a policy file exists (src/core/late.ts).
 */
export { parse } from "smol-toml";
