/**
 * `deno task hook-command [--agent claude|codex|kimi]`: prints the exact hook
 * command for this checkout (production flags from deno.json, absolute paths)
 * and the settings snippet to paste into the agent's configuration.
 * Running `deno run` directly avoids `deno task`'s extra process on every call.
 */
import { guardFlags, MAIN_TS, proxyFlags } from "./guard_flags.ts";
import { serverName } from "../src/cli/proxy_cmd.ts";

let agent = "claude";
const dash = Deno.args.indexOf("--");
const mcp = Deno.args.includes("--mcp") && dash > 0 ? Deno.args.slice(dash + 1) : null;
let mcpName: string | null = null;
for (let i = 0; i < (dash > 0 ? dash : Deno.args.length); i++) {
  if (Deno.args[i] === "--agent") agent = Deno.args[++i] ?? agent;
  if (Deno.args[i] === "--name") mcpName = Deno.args[++i] ?? null;
}
if (Deno.args.includes("--mcp")) {
  // `deno task hook-command --mcp [--name N] -- <server command>`: the MCP config entry that
  // runs the server behind guard proxy (its executable added to --allow-run, PWD to --allow-env).
  if (!mcp?.length) {
    console.error(
      "usage: deno task hook-command --mcp [--name <server>] -- <server command> [args…]",
    );
    Deno.exit(2);
  }
  const flags = proxyFlags("${HOME}", mcp[0]);
  const name = mcpName ?? serverName(mcp[0], mcp.slice(1));
  const args = ["run", ...flags, MAIN_TS, "proxy", "--name", name, "--", ...mcp];
  console.log(`# an entry for "mcpServers" in Claude Code's settings (or Kimi/Codex MCP config):`);
  console.log(JSON.stringify({ [name]: { command: "deno", args } }, null, 2));
  console.log(
    "\n# ${HOME} is not expanded by every client: replace it with your home directory if needed.",
  );
  Deno.exit(0);
}
const flags = guardFlags("${HOME}");
const command = `deno run ${
  flags.map((f) => (f.includes("$") ? `"${f}"` : f)).join(" ")
} ${MAIN_TS} evaluate --agent ${agent}`;

console.log(command);
console.log("");
if (agent === "kimi") {
  console.log("# ~/.kimi-code/config.toml");
  console.log(
    `[[hooks]]\nevent = "PreToolUse"\nmatcher = ".*"\ncommand = ${
      JSON.stringify(command)
    }\ntimeout = 30`,
  );
} else if (agent === "codex") {
  console.log("# ~/.codex/hooks.json");
  console.log(
    JSON.stringify(
      { hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command }] }] } },
      null,
      2,
    ),
  );
} else {
  console.log("# ~/.claude/settings.json");
  console.log(
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command, timeout: 30 }] }],
        },
      },
      null,
      2,
    ),
  );
}
