/**
 * The installed hook's entry point: the thin client (src/cli/hook_client.ts). It asks the
 * resident evaluator (`guard serve`) and evaluates in-process when that does not answer. Like
 * main.ts, every failure — even a module that fails to load — is answered fail-closed.
 */
import { die, dieOnUncaught } from "./main.ts";
import { hookMain } from "./src/cli/hook_client.ts";

if (import.meta.main) {
  dieOnUncaught();
  let code = 2;
  try {
    const [cmd, ...rest] = Deno.args;
    // The hook is `evaluate`; any other subcommand is guard's own command line.
    code = cmd === "evaluate"
      ? await hookMain(rest)
      : await (await import("./src/cli/main.ts")).main(Deno.args);
  } catch (e) {
    die(String((e as Error)?.message ?? e));
  }
  Deno.exit(code);
}
