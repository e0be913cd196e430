/**
 * `deno task hook-command [--agent claude|codex|kimi|gemini|cursor|copilot]`: prints the exact
 * hook command `guard install` writes for this checkout (the fail-closed wrapper, offline flags,
 * absolute paths) and a settings snippet, for wiring by hand. `--mcp [--name N] -- <server>`
 * prints an MCP configuration entry that runs the server behind `guard proxy`; `--mcp [--name N]
 * --url <url> [--header 'Name: value']…` the entry for a remote (Streamable HTTP) server behind
 * `guard proxy --url`, with the network granted for that origin only.
 * The hook runs `deno run` directly: `deno task`'s extra process on every call is avoided.
 */
import { MAIN_TS } from "./guard_flags.ts";
import { hookCommand, OFFLINE_FLAGS, proxyFlags, remoteProxyFlags } from "../src/cli/flags.ts";
import { serverName } from "../src/cli/proxy_cmd.ts";
import { parseHeaderArg, parseRemoteUrl, remoteServerName } from "../src/mcp/http_upstream.ts";
import { isAgent } from "../src/adapters/registry.ts";

let agent = "claude";
const dash = Deno.args.indexOf("--");
const mcp = Deno.args.includes("--mcp") && dash > 0 ? Deno.args.slice(dash + 1) : null;
let mcpName: string | null = null;
let mcpUrl: string | null = null;
const mcpHeaders: string[] = [];
for (let i = 0; i < (dash > 0 ? dash : Deno.args.length); i++) {
  if (Deno.args[i] === "--agent") agent = Deno.args[++i] ?? agent;
  if (Deno.args[i] === "--name") mcpName = Deno.args[++i] ?? null;
  if (Deno.args[i] === "--url") mcpUrl = Deno.args[++i] ?? "";
  if (Deno.args[i] === "--header") mcpHeaders.push(Deno.args[++i] ?? "");
}
if (Deno.args.includes("--mcp") && mcpUrl !== null) {
  // A remote server: guard proxy --url, the network for that one origin, no programs.
  const t = parseRemoteUrl(mcpUrl);
  const bad = "error" in t ? t.error : mcpHeaders.map(parseHeaderArg).find((h) => "error" in h);
  if (bad || mcp?.length) {
    console.error(
      `${
        typeof bad === "string"
          ? bad
          : bad
          ? bad.error
          : "--url and a server command exclude each other"
      }\n` +
        "usage: deno task hook-command --mcp [--name <server>] --url <url> [--header 'Name: value']…",
    );
    Deno.exit(2);
  }
  const name = mcpName ?? remoteServerName((t as { url: URL }).url);
  const args = ["run", ...OFFLINE_FLAGS, ...remoteProxyFlags("${HOME}", mcpUrl), MAIN_TS];
  console.log(`# an entry for "mcpServers" in Claude Code's settings (or Cursor's mcp.json):`);
  console.log(JSON.stringify(
    {
      [name]: {
        command: Deno.execPath(),
        args: [
          ...args,
          "proxy",
          "--name",
          name,
          "--url",
          mcpUrl,
          ...mcpHeaders.flatMap((h) => ["--header", h]),
        ],
      },
    },
    null,
    2,
  ));
  console.log(
    "\n# ${HOME} is not expanded by every client: replace it with your home directory if needed." +
      "\n# or let guard rewrite an existing entry: deno task guard mcp wrap <client config>",
  );
  Deno.exit(0);
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
