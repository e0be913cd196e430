/**
 * guard entry point. Every failure exits 2 (fail closed): agent platforms
 * treat any other exit code as "run the tool". The CLI is imported
 * dynamically so that even a module that fails to load exits 2.
 */

function die(msg: string): never {
  try {
    const line = msg.replace(/\s+/g, " ").slice(0, 300);
    Deno.stderr.writeSync(
      new TextEncoder().encode(`guard: FAIL-CLOSED [input.internal-error] ${line}\n`),
    );
  } catch { /* nothing left to do */ }
  Deno.exit(2);
}

if (import.meta.main) {
  globalThis.addEventListener("error", (e) => {
    e.preventDefault();
    die(String(e.error?.message ?? e.message));
  });
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    die(String(e.reason?.message ?? e.reason));
  });
  let code = 2;
  try {
    const { main } = await import("./src/cli/main.ts");
    code = await main(Deno.args);
  } catch (e) {
    die(String((e as Error)?.message ?? e));
  }
  Deno.exit(code);
}
