/**
 * The floor any stdio proxy pays for the extra hop: a Deno process that spawns
 * the MCP server and pipes stdin/stdout straight through, doing nothing else.
 * Used by `deno task bench` next to `guard proxy`.
 * usage: deno run --allow-run bare_pipe.ts <command> [args…]
 */
const [command, ...args] = Deno.args;
const child = new Deno.Command(command, {
  args,
  stdin: "piped",
  stdout: "piped",
  stderr: "inherit",
}).spawn();
await Promise.all([
  Deno.stdin.readable.pipeTo(child.stdin).catch(() => {}),
  child.stdout.pipeTo(Deno.stdout.writable).catch(() => {}),
]);
Deno.exit((await child.status).code);
