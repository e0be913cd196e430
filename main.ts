/**
 * guard entry point. Every failure exits 2 (fail closed): agent platforms
 * treat any other exit code as "run the tool" (Cursor and Copilot CLI treat
 * any non-zero exit so: they get a JSON deny and exit 0). The CLI is imported
 * dynamically so that even a module that fails to load is answered.
 */

export function die(msg: string): never {
  const line = `guard: FAIL-CLOSED [input.internal-error] ${
    msg.replace(/\s+/g, " ").slice(0, 300)
  }`;
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
    // Cursor and Copilot CLI run the tool when a hook exits non-zero: answer them with a
    // JSON deny and exit 0 instead (the same protocol src/adapters/respond.ts speaks).
    const i = Deno.args.indexOf("--agent");
    const agent = i >= 0
      ? Deno.args[i + 1]
      : Deno.args.find((a) => a.startsWith("--agent="))?.slice(8);
    const reply = agent === "cursor"
      ? { continue: true, permission: "deny", user_message: line, agent_message: line }
      : agent === "copilot"
      ? { permissionDecision: "deny", permissionDecisionReason: line }
      : null;
    if (reply && Deno.args[0] === "evaluate") {
      Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(reply) + "\n"));
      Deno.exit(0);
    }
  } catch { /* nothing left to do */ }
  Deno.exit(2);
}

/** Any error or rejection nothing caught ends the process fail-closed, like `die`. */
export function dieOnUncaught(): void {
  globalThis.addEventListener("error", (e) => {
    e.preventDefault();
    die(String(e.error?.message ?? e.message));
  });
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    die(String(e.reason?.message ?? e.reason));
  });
}

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
