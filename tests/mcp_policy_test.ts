/**
 * The policy's `[mcp]` table: per-server rule sections apply to that server's
 * tools only, and URL-like arguments to hosts outside `hosts_allow` get
 * `hosts_default`; both validated with the line of the problem.
 */
import assert from "node:assert/strict";
import type { ToolCall } from "../src/core/types.ts";
import { decideCall, policyFrom } from "./harness.ts";

const mcp = (server: string, name: string, args: unknown): ToolCall => ({
  kind: "mcp",
  agent: "mcp-proxy",
  tool: `mcp__${server}__${name}`,
  cwd: "/home/user/project",
  session: "s",
  input: { name, arguments: args },
  server,
  name,
  args,
});

Deno.test("[mcp.servers.<name>] rules apply to that server only; hosts_allow gates URL arguments", () => {
  const p = policyFrom(`
[mcp]
hosts_allow = ["api.github.com", "*.example.com"]
hosts_default = "block"

[mcp.servers.github]
allow = ["^mcp__github__get_"]
block = ["delete_repo"]
`);
  const cases: [ToolCall, string, string][] = [
    [mcp("github", "get_issue", { n: 1 }), "allow", "user.mcp.github.allow[0]"],
    [mcp("other", "get_issue", { n: 1 }), "allow", "safe.mcp-read"],
    [mcp("github", "delete_repo", { repo: "x" }), "block", "user.mcp.github.block[0]"],
    [mcp("web", "fetch", { url: "https://evil.test/x" }), "block", "net.host-unlisted-block"],
    [mcp("web", "fetch", { url: "https://docs.example.com/a" }), "ask", "default.mcp"],
    [mcp("web", "fetch", { url: "https://example.com/a" }), "ask", "default.mcp"],
    [
      mcp("github", "get_page", { url: "https://api.github.com/repos" }),
      "allow",
      "user.mcp.github.allow[0]",
    ],
    [
      mcp("web", "fetch", { url: "http://169.254.169.254/latest" }),
      "block",
      "net.cloud-metadata",
    ],
  ];
  for (const [call, action, rule] of cases) {
    const d = decideCall(call, p).decision;
    assert.equal(d.action, action, `${call.tool} ${JSON.stringify(call.input)}: ${d.rule}`);
    assert.equal(d.rule, rule, `${call.tool} ${JSON.stringify(call.input)}`);
  }
  const ask = policyFrom('[mcp]\nhosts_default = "ask"\n');
  assert.equal(
    decideCall(mcp("web", "fetch", { url: "https://a.test" }), ask).decision.rule,
    "net.host-unlisted-ask",
  );
});

Deno.test("[mcp] is validated", () => {
  const bad: [string, RegExp][] = [
    ['[mcp]\nhosts_allow = ["not a host"]\n', /is not a host name/],
    ['[mcp]\nhosts_default = "maybe"\n', /"mcp.hosts_default" must be/],
    ["[mcp]\nmax_result_mib = 0\n", /"mcp.max_result_mib" must be a number from 1 to 256/],
    ["[mcp]\ncolour = 1\n", /unknown key "mcp.colour"/],
    ['[mcp.servers."bad name"]\nallow = ["x"]\n', /server names are letters/],
    ['[mcp.servers.gh]\nallow = ["(a)\\\\1"]\n', /linear time|invalid/],
    ['[mcp.servers.gh]\ndeny = ["x"]\n', /unknown key "mcp.servers.gh.deny"/],
  ];
  for (const [toml, re] of bad) assert.throws(() => policyFrom(toml), re, toml);
});
