/**
 * guard entry point. Every failure exits 2 (fail closed): agent platforms
 * treat any other exit code as "run the tool" (Cursor and Copilot CLI treat
 * any non-zero exit so: they get a JSON deny and exit 0). The CLI is imported
 * dynamically so that even a module that fails to load is answered.
 */

import { die, dieOnUncaught } from "./src/cli/hook_client.ts";

if (import.meta.main) {
  dieOnUncaught();
  let code = 2;
  try {
    const { main } = await import("./src/cli/main.ts");
    code = await main(Deno.args);
  } catch (e) {
    die(String((e as Error)?.message ?? e));
  }
  Deno.exit(code);
}
