/**
 * Imports that Deno prepares only when they run.
 *
 * When Deno loads a module it also prepares every module a literal `import("…")` in it can reach
 * (and, for a bare npm name, the npm resolution), whether or not the import ever runs. On the hook
 * path most of them never do — the detectors on a PreToolUse, tree-sitter when the fast lexer takes
 * the command, TOML when there is no policy file — so they are imported through a computed
 * specifier: prepared when first imported, not before. The type argument keeps each one checked
 * (`late<typeof import("./x.ts")>("./x.ts", import.meta.url)`). Pure: no I/O of its own.
 *
 * The thin hook client has its own `importLate` (src/cli/hook_client.ts): it imports no module at
 * all, this one included, because every module it loads costs the warm path.
 */

/**
 * Imports `spec` relative to `base` (the importing module's `import.meta.url`). Only guard's own
 * modules are imported so: a module that needs an npm package or a file's bytes imports it
 * statically (src/state/toml.ts, src/gate/brace.ts, src/shell/inline/wasm_*.ts), which keeps the
 * lockfile's resolution and lets `deno compile --include src` carry it.
 */
export function late<T>(spec: string, base: string): Promise<T> {
  return import(new URL(spec, base).href) as Promise<T>;
}
