/**
 * `deno task hook-command [--agent claude|codex|kimi|gemini|cursor|copilot]`: prints the exact
 * hook command `guard install` writes for this checkout (the fail-closed wrapper, offline flags,
 * absolute paths) and a settings snippet, for wiring by hand. `--mcp [--name N] -- <server>`
 * prints an MCP configuration entry that runs the server behind `guard proxy`.
 * The hook runs `deno run` directly: `deno task`'s extra process on every call is avoided.
 */
import { MAIN_TS } from "./guard_flags.ts";
import { hookCommand, OFFLINE_FLAGS, proxyFlags } from "../src/cli/flags.ts";
import { serverName } from "../src/cli/proxy_cmd.ts";
import { isAgent } from "../src/adapters/registry.ts";

let agent = "claude";
const dash = Deno.args.indexOf("--");
const mcp = Deno.args.includes("--mcp") && dash > 0 ? Deno.args.slice(dash + 1) : null;
let mcpName: string | null = null;
for (let i = 0; i < (dash > 0 ? dash : Deno.args.length); i++) {
  if (Deno.args[i] === "--agent") agent = Deno.args[++i] ?? agent;
  if (Deno.args[i] === "--name") mcpName = Deno.args[++i] ?? null;
}
if (Deno.args.includes("--mcp")) {
  // The MCP config entry that runs the server behind guard proxy (its executable added to
  // --allow-run).
  if (!mcp?.length) {
    console.error(
      "usage: deno task hook-command --mcp [--name <server>] -- <server command> [args…]",
    );
    Deno.exit(2);
  }
  const name = mcpName ?? serverName(mcp[0], mcp.slice(1));
  const args = ["run", ...OFFLINE_FLAGS, ...proxyFlags("${HOME}", mcp[0]), MAIN_TS];
  console.log(`# an entry for "mcpServers" in Claude Code's settings (or Kimi/Codex MCP config):`);
  console.log(JSON.stringify(
    {
      [name]: {
        command: Deno.execPath(),
        args: [...args, "proxy", "--name", name, "--", ...mcp],
      },
    },
    null,
    2,
  ));
  console.log(
    "\n# ${HOME} is not expanded by every client: replace it with your home directory if needed.",
  );
  Deno.exit(0);
}
if (!isAgent(agent)) {
  console.error(`unknown agent ${JSON.stringify(agent)}`);
  Deno.exit(2);
}
const home = Deno.env.get("HOME") ?? "${HOME}";
const command = hookCommand(home, agent, MAIN_TS);
console.log(command);
console.log("");
console.log(`# or let guard write it: deno task guard install --agent ${agent}`);
