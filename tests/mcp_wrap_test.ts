/**
 * `guard mcp wrap`: the pure rewrite (every client format, idempotence,
 * re-wrapping on a launcher change, remote servers, exact round trips) and the
 * real CLI with the production flags (writes, backups, dry runs, permission
 * hints, and a wrapped entry that really runs the server behind guard proxy).
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { guardEnv, REPO_ROOT, runGuard, tempHome } from "../scripts/guard_flags.ts";
import { type Launcher, netHost } from "../src/cli/flags.ts";
import {
  detectIndent,
  hasMcpServers,
  type LauncherFor,
  proxyName,
  REMOTE_KEY,
  type RemoteLauncherFor,
  remoteShape,
  renderJson,
  reportLine,
  transformConfig,
  wrappedShape,
} from "../src/cli/setup/mcp_wrap.ts";

type Obj = Record<string, unknown>;

const DENO = Deno.execPath();
const FIXTURE = `${REPO_ROOT}/tests/fixtures/mcp_server.ts`;

/** A source-checkout launcher, as flags.ts builds it (flags vary with the server command). */
function sourceLauncher(flag = "--no-prompt", main = "/opt/guard/main.ts"): LauncherFor {
  return (cmd: string): Launcher => ({
    compiled: false,
    command: "/usr/local/bin/deno",
    prefix: ["run", flag, `--allow-run=/x,${cmd}`, main],
  });
}

const compiledLauncher: LauncherFor = () => ({
  compiled: true,
  command: "/usr/local/bin/guard",
  prefix: [],
});

/** The remote launcher, as flags.ts builds it (the network for the URL's origin, no programs). */
function sourceRemote(flag = "--no-prompt", main = "/opt/guard/main.ts"): RemoteLauncherFor {
  return (url: string): Launcher => ({
    compiled: false,
    command: "/usr/local/bin/deno",
    prefix: ["run", flag, `--allow-net=${netHost(url)}`, main],
  });
}

const wrap = (
  c: Obj,
  launcherFor = sourceLauncher(),
  only?: string[],
  remoteLauncherFor = sourceRemote(),
  bareUrl = false,
) => transformConfig(c, { unwrap: false, launcherFor, only, remoteLauncherFor, bareUrl });
const unwrap = (c: Obj, launcherFor = sourceLauncher()) =>
  transformConfig(c, { unwrap: true, launcherFor, remoteLauncherFor: sourceRemote() });

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

// The client formats: the same mcpServers shape in four files, plus ~/.claude.json's projects.
const projectMcpJson: Obj = {
  mcpServers: {
    fs: {
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/work"],
      env: { DEBUG: "1" },
    },
    remote: { type: "http", url: "https://mcp.example.com/mcp" },
  },
};
const claudeDesktop: Obj = {
  globalShortcut: "Ctrl+Space",
  mcpServers: {
    github: {
      command: "docker",
      args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: "x" },
    },
    sse: { url: "https://example.com/sse" },
  },
};
const cursor: Obj = {
  mcpServers: {
    "my server/v2": { command: "node", args: ["/srv/mcp/index.js"] },
    plain: { command: "/usr/local/bin/mcp-plain", args: [] },
  },
};
const claudeUser: Obj = {
  numStartups: 42,
  mcpServers: { memory: { type: "stdio", command: "npx", args: ["-y", "srv-memory"], env: {} } },
  projects: {
    "/home/me/work": {
      allowedTools: [],
      mcpServers: {
        fs: { type: "stdio", command: "npx", args: ["-y", "srv-fs", "."], env: {} },
        web: { type: "sse", url: "https://x.example/sse" },
      },
    },
    "/home/me/other": { allowedTools: [] },
  },
};

const FORMATS: [string, Obj][] = [
  [".mcp.json (Claude Code project)", projectMcpJson],
  ["claude_desktop_config.json", claudeDesktop],
  ["~/.cursor/mcp.json", cursor],
  ["~/.claude.json (user and projects)", claudeUser],
];

for (const [label, config] of FORMATS) {
  Deno.test(`wrap ${label}: stdio servers behind guard proxy, remote ones left alone, round trip exact`, () => {
    const original = clone(config);
    const w = wrap(config);
    assert.deepEqual(config, original, "the input is not mutated");
    assert.ok(w.changed);
    const again = wrap(w.value);
    assert.equal(again.changed, false, "idempotent");
    assert.ok(again.servers.every((s) => s.status !== "wrapped" && s.status !== "rewrapped"));
    const back = unwrap(w.value);
    assert.ok(back.changed);
    assert.deepEqual(back.value, original, "wrap then unwrap gives the original value");
    // Key order survives both ways.
    assert.equal(JSON.stringify(back.value), JSON.stringify(original));
  });
}

Deno.test("wrap: entry shape — launcher, proxy --name, --, original command; env/type/key order kept", () => {
  const w = wrap(projectMcpJson);
  const fs = (w.value.mcpServers as Obj).fs as Obj;
  assert.deepEqual(Object.keys(fs), ["type", "command", "args", "env"]);
  assert.equal(fs.command, "/usr/local/bin/deno");
  assert.deepEqual(fs.args, [
    "run",
    "--no-prompt",
    "--allow-run=/x,npx",
    "/opt/guard/main.ts",
    "proxy",
    "--name",
    "fs",
    "--",
    "npx",
    "-y",
    "@modelcontextprotocol/server-filesystem",
    "/home/me/work",
  ]);
  assert.deepEqual(fs.env, { DEBUG: "1" });
  assert.equal(fs.type, "stdio");
  assert.deepEqual(w.servers.map(reportLine), ["wrapped fs", "wrapped remote"]);
});

Deno.test("wrap ~/.claude.json: top-level and per-project servers, reported with their project", () => {
  const w = wrap(claudeUser);
  assert.deepEqual(w.servers.map(reportLine), [
    "wrapped memory",
    'wrapped fs (projects["/home/me/work"])',
    'legacy HTTP+SSE (2024-11-05), not Streamable HTTP: web (projects["/home/me/work"]) (not wrapped)',
  ]);
  const proj = (w.value.projects as Obj)["/home/me/work"] as Obj;
  const fs = (proj.mcpServers as Obj).fs as Obj;
  assert.deepEqual((fs.args as string[]).slice(-7), [
    "--name",
    "fs",
    "--",
    "npx",
    "-y",
    "srv-fs",
    ".",
  ]);
  assert.deepEqual(proj.allowedTools, []);
  assert.equal(w.value.numStartups, 42);
  assert.deepEqual((w.value.projects as Obj)["/home/me/other"], { allowedTools: [] });
});

Deno.test("wrap: --name is the server name as Claude Code spells it in tool names, made what the proxy accepts", () => {
  const cases: [string, string][] = [
    ["fs", "fs"],
    ["my server/v2", "my_server_v2"],
    ["-dash", "dash"],
    ["ünïcode", "n_code"],
    ["!!!", "server"],
    ["a".repeat(80), "a".repeat(64)],
  ];
  for (const [name, want] of cases) {
    assert.equal(proxyName(name), want, name);
    assert.match(proxyName(name), /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/);
  }
  const w = wrap(cursor);
  const args = ((w.value.mcpServers as Obj)["my server/v2"] as Obj).args as string[];
  assert.equal(args[args.indexOf("--name") + 1], "my_server_v2");
});

Deno.test("wrap: a changed launcher (flags, checkout) re-wraps once, keeping the original and the name", () => {
  const w1 = wrap(cursor, sourceLauncher("--no-prompt"));
  const w2 = wrap(w1.value, sourceLauncher("--quiet", "/new/guard/main.ts"));
  assert.ok(w2.changed);
  assert.deepEqual(w2.servers.map((s) => s.status), ["rewrapped", "rewrapped"]);
  const e = (w2.value.mcpServers as Obj)["my server/v2"] as Obj;
  assert.deepEqual(e.args, [
    "run",
    "--quiet",
    "--allow-run=/x,node",
    "/new/guard/main.ts",
    "proxy",
    "--name",
    "my_server_v2",
    "--",
    "node",
    "/srv/mcp/index.js",
  ]);
  assert.equal(wrap(w2.value, sourceLauncher("--quiet", "/new/guard/main.ts")).changed, false);
  // From source to the compiled binary, and back to the original.
  const w3 = wrap(w2.value, compiledLauncher);
  const c = (w3.value.mcpServers as Obj).plain as Obj;
  assert.equal(c.command, "/usr/local/bin/guard");
  assert.deepEqual(c.args, ["proxy", "--name", "plain", "--", "/usr/local/bin/mcp-plain"]);
  assert.deepEqual(unwrap(w3.value, compiledLauncher).value, cursor);
});

Deno.test("wrappedShape: only guard's own launcher counts as wrapped", () => {
  const yes: Obj[] = [
    {
      command: "deno",
      args: ["run", "--allow-read=/h", "/g/main.ts", "proxy", "--name", "a", "--", "npx", "x"],
    },
    { command: "/usr/local/bin/guard", args: ["proxy", "--name", "a", "--", "srv"] },
  ];
  const no: Obj[] = [
    { command: "docker", args: ["run", "proxy", "--name", "a", "--", "srv"] },
    { command: "deno", args: ["run", "/g/main.ts", "proxy", "--", "srv"] }, // no --name
    { command: "deno", args: ["run", "/g/main.ts", "proxy", "--name", "a", "--"] }, // no command
    { command: "mcp-proxy", args: ["proxy", "--name", "a", "--", "srv"] },
    { command: "npx", args: ["-y", "proxy"] },
    { url: "https://x" },
  ];
  for (const e of yes) assert.ok(wrappedShape(e), JSON.stringify(e));
  for (const e of no) assert.equal(wrappedShape(e), null, JSON.stringify(e));
  // A docker server whose own args contain "proxy … --name … --" is wrapped, not mistaken.
  const tricky: Obj = { mcpServers: { d: no[0] } };
  const w = wrap(tricky);
  assert.equal(w.servers[0].status, "wrapped");
  assert.deepEqual(unwrap(w.value).value, tricky);
});

Deno.test("--only: just the named servers; unwrap of an unwrapped file changes nothing", () => {
  const w = wrap(claudeDesktop, sourceLauncher(), ["github"]);
  assert.deepEqual(w.servers.map((s) => `${s.status} ${s.name}`), ["wrapped github"]);
  assert.deepEqual((w.value.mcpServers as Obj).sse, (claudeDesktop.mcpServers as Obj).sse);
  const u = unwrap(claudeDesktop);
  assert.equal(u.changed, false);
  assert.deepEqual(u.servers.map((s) => s.status), ["not wrapped", "not wrapped"]);
  assert.equal(u.value, claudeDesktop);
});

Deno.test("wrap: entries without command or with odd args are reported, not touched", () => {
  const c: Obj = {
    mcpServers: {
      nocmd: { args: ["x"] },
      badargs: { command: "x", args: "not a list" },
      weird: { type: "websocket", command: "x" },
      str: "not an object",
    },
  };
  const w = wrap(c);
  assert.equal(w.changed, false);
  assert.deepEqual(w.servers.map(reportLine), [
    "no command: nocmd (not wrapped)",
    "args not a list of strings: badargs (not wrapped)",
    'unknown type "websocket": weird (not wrapped)',
    "not an object: str (not wrapped)",
  ]);
  assert.equal(hasMcpServers(c), true);
  assert.equal(hasMcpServers({ projects: {} }), false);
  assert.equal(hasMcpServers([]), false);
});

Deno.test("renderJson keeps the file's indentation and ends with a newline", () => {
  assert.equal(detectIndent('{\n    "a": 1\n}'), "    ");
  assert.equal(detectIndent('{\n\t"a": 1\n}'), "\t");
  assert.equal(detectIndent('{"a": 1}'), "  ");
  assert.equal(renderJson({ a: [1] }, '{\n    "x": 0\n}'), '{\n    "a": [\n        1\n    ]\n}\n');
  assert.equal(renderJson({ a: 1 }, "{}"), '{\n  "a": 1\n}\n');
});

// ---------------------------------------------------------------------------
// End to end: the real CLI with the production flags.

async function homeWith(rel: string, value: unknown, raw?: string): Promise<[string, string]> {
  const home = await tempHome("guard-wrap-");
  const path = `${home}/${rel}`;
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  Deno.writeTextFileSync(path, raw ?? JSON.stringify(value, null, 2) + "\n");
  return [home, path];
}

Deno.test("CLI: guard mcp wrap ~/.claude.json — diff, lines, backup; again: nothing; --unwrap restores", async () => {
  const [home, path] = await homeWith(".claude.json", claudeUser);
  const before = Deno.readTextFileSync(path);
  const r = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^--- .*\.claude\.json\n\+\+\+ /);
  assert.match(r.stdout, /^wrapped memory$/m);
  assert.match(r.stdout, /^wrapped fs \(projects\["\/home\/me\/work"\]\)$/m);
  assert.match(
    r.stdout,
    /^legacy HTTP\+SSE \(2024-11-05\), not Streamable HTTP: web .*\(not wrapped\)$/m,
  );
  const backup = /^backup: (.+)$/m.exec(r.stdout)?.[1];
  assert.ok(backup, r.stdout);
  assert.equal(Deno.readTextFileSync(backup), before);
  const after = JSON.parse(Deno.readTextFileSync(path));
  const mem = (after.mcpServers as Obj).memory as Obj;
  assert.equal(mem.command, DENO);
  const args = mem.args as string[];
  assert.equal(args[0], "run");
  assert.ok(args.includes(`${REPO_ROOT}/main.ts`));
  assert.ok(args.some((a) => a.startsWith("--allow-run=") && a.endsWith(",npx")), args.join(" "));
  assert.deepEqual(args.slice(args.indexOf("proxy")), [
    "proxy",
    "--name",
    "memory",
    "--",
    "npx",
    "-y",
    "srv-memory",
  ]);
  assert.ok(Deno.readTextFileSync(path).endsWith("}\n"));

  const again = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^already wrapped memory$/m);
  assert.match(again.stdout, /nothing to change/);
  assert.doesNotMatch(again.stdout, /^backup:/m);

  const un = await runGuard(home, ["mcp", "wrap", "--unwrap", path]);
  assert.equal(un.code, 0, un.stderr);
  assert.match(un.stdout, /^unwrapped memory$/m);
  assert.deepEqual(JSON.parse(Deno.readTextFileSync(path)), claudeUser);
  assert.equal(Deno.readTextFileSync(path), before, "same bytes: 2-space JSON, trailing newline");
});

Deno.test("CLI: --dry-run prints the diff and writes nothing; --only limits the servers", async () => {
  const [home, path] = await homeWith(".cursor/mcp.json", cursor);
  const before = Deno.readTextFileSync(path);
  const r = await runGuard(home, ["mcp", "wrap", "--dry-run", "--only", "plain", path]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^\+.*"proxy",$/m);
  assert.match(r.stdout, /^wrapped plain$/m);
  assert.doesNotMatch(r.stdout, /my server/);
  assert.match(r.stdout, /dry run: nothing written/);
  assert.equal(Deno.readTextFileSync(path), before);
  assert.deepEqual([...Deno.readDirSync(`${home}/.cursor`)].map((e) => e.name), ["mcp.json"]);
  const bad = await runGuard(home, ["mcp", "wrap", "--only", "nope", path]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /no server named "nope"/);
});

Deno.test("CLI: a file outside guard's granted directories: the permission hint, exit 2", async () => {
  const [home, path] = await homeWith("project/.mcp.json", projectMcpJson);
  const r = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /guard has no permission to write .*project\/\.mcp\.json/);
  assert.match(r.stderr, /--allow-read=.*project\/\.mcp\.json --allow-write=/);
  assert.deepEqual(JSON.parse(Deno.readTextFileSync(path)), projectMcpJson);
});

Deno.test("CLI: missing file, invalid JSON, no mcpServers, bad usage → exit 2 with one line", async () => {
  const cases: [string, string | null, RegExp][] = [
    ["missing.json", null, /does not exist/],
    ["invalid.json", "{ nope", /is not valid JSON/],
    ["empty.json", '{"theme": "dark"}\n', /has no "mcpServers" table/],
  ];
  const home = await tempHome("guard-wrap-");
  Deno.mkdirSync(`${home}/.cursor`);
  for (const [name, content, want] of cases) {
    const path = `${home}/.cursor/${name}`;
    if (content !== null) Deno.writeTextFileSync(path, content);
    const r = await runGuard(home, ["mcp", "wrap", path]);
    assert.equal(r.code, 2, name);
    assert.match(r.stderr, want);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
  }
  const usage = await runGuard(home, ["mcp", "wrap"]);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /usage: guard mcp wrap/);
  const list = await runGuard(home, ["mcp", "list"]);
  assert.equal(list.code, 0, list.stderr);
});

Deno.test("CLI: the wrapped entry really runs the server behind guard proxy (policy by --name)", async () => {
  const [home, path] = await homeWith(".cursor/mcp.json", {
    mcpServers: { "fix server": { command: DENO, args: ["run", "-A", FIXTURE] } },
  });
  Deno.mkdirSync(`${home}/.aiguard`, { mode: 0o700 });
  Deno.writeTextFileSync(
    `${home}/.aiguard/policy.toml`,
    '[mcp.servers.fix_server]\nallow = ["^mcp__fix_server__notes "]\n' +
      'block = ["^mcp__fix_server__send_message "]\n',
    { mode: 0o600 },
  );
  const r = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(r.code, 0, r.stderr);
  const entry = (JSON.parse(Deno.readTextFileSync(path)).mcpServers as Obj)["fix server"] as Obj;
  const transport = new StdioClientTransport({
    command: entry.command as string,
    args: entry.args as string[],
    env: guardEnv(home),
    // As a client starts it: in the user's directory (the proxy judges paths from its cwd).
    cwd: home,
    stderr: "pipe",
  });
  const client = new Client({ name: "guard-wrap-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const tools = await client.listTools();
    assert.ok(tools.tools.some((t: { name: string }) => t.name === "notes"));
    const ok = await client.callTool({ name: "notes", arguments: { text: "hello" } });
    assert.notEqual(ok.isError, true, JSON.stringify(ok));
    const blocked = await client.callTool({
      name: "send_message",
      arguments: { to: "a@example.com", body: "hi" },
    });
    assert.equal(blocked.isError, true);
    assert.match(JSON.stringify(blocked.content), /user\.mcp\.fix_server\.block\[0\]/);
  } finally {
    await client.close();
  }
});

// ---------------------------------------------------------------------------
// Remote entries: Streamable HTTP behind guard proxy --url.

const remoteConfig: Obj = {
  mcpServers: {
    gh: {
      type: "http",
      url: "https://api.githubcopilot.com/mcp/",
      headers: { Authorization: "Bearer ${GITHUB_PAT}", "X-Mode": "  spaced" },
      timeout: 30000,
    },
    local: { type: "streamable-http", url: "http://127.0.0.1:8931/mcp?key=${KEY}" },
    old: { type: "sse", url: "https://example.com/sse", headers: { "X-Key": "k" } },
    linear: { type: "http", url: "https://mcp.linear.app/mcp", oauth: { clientId: "x" } },
    helper: { type: "http", url: "https://a.example/mcp", headersHelper: "/bin/get-headers" },
    plain: { type: "http", url: "http://mcp.example.com/mcp" },
    varhost: { type: "http", url: "https://${HOST}/mcp" },
    own: { type: "http", url: "https://a.example/mcp", headers: { "Mcp-Session-Id": "x" } },
    nourl: { type: "http" },
  },
};

Deno.test("wrap remote: Streamable HTTP entries become guard proxy --url, headers carried as written; the rest reported", () => {
  const w = wrap(remoteConfig);
  assert.deepEqual(w.servers.map(reportLine), [
    "wrapped gh",
    "wrapped local",
    "legacy HTTP+SSE (2024-11-05), not Streamable HTTP: old (not wrapped)",
    "remote with OAuth or headersHelper (guard proxy --url sends fixed headers only): linear (not wrapped)",
    "remote with OAuth or headersHelper (guard proxy --url sends fixed headers only): helper (not wrapped)",
    "remote: the url must use https for mcp.example.com: plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost): plain (not wrapped)",
    "remote with a variable in its host (guard grants the network for one known origin): varhost (not wrapped)",
    "remote with a header guard cannot send (Mcp-Session-Id): own (not wrapped)",
    "no url: nourl (not wrapped)",
  ]);
  const t = w.value.mcpServers as Obj;
  const gh = t.gh as Obj;
  // Keys in place: type → "stdio", url → command and args, headers into the args; marker last.
  assert.deepEqual(Object.keys(gh), ["type", "command", "args", "timeout", REMOTE_KEY]);
  assert.equal(gh.type, "stdio");
  assert.equal(gh.command, "/usr/local/bin/deno");
  assert.deepEqual(gh.args, [
    "run",
    "--no-prompt",
    "--allow-net=api.githubcopilot.com:443",
    "/opt/guard/main.ts",
    "proxy",
    "--name",
    "gh",
    "--url",
    "https://api.githubcopilot.com/mcp/",
    "--header",
    "Authorization: Bearer ${GITHUB_PAT}",
    "--header",
    "X-Mode:   spaced",
  ]);
  assert.ok(
    !("url" in gh) && !("headers" in gh),
    "nothing left for a client to reach the server by",
  );
  assert.deepEqual(gh[REMOTE_KEY], { type: "http", keys: ["type", "url", "headers", "timeout"] });
  const local = t.local as Obj;
  assert.deepEqual((local.args as string[]).slice(2, 3), ["--allow-net=127.0.0.1:8931"]);
  assert.equal((local.args as string[]).at(-1), "http://127.0.0.1:8931/mcp?key=${KEY}");
  for (const n of ["old", "linear", "helper", "plain", "varhost", "own", "nourl"]) {
    assert.deepEqual(t[n], (remoteConfig.mcpServers as Obj)[n], `${n} untouched`);
  }
  assert.equal(wrap(w.value).changed, false, "idempotent");
  assert.deepEqual(wrap(w.value).servers.slice(0, 2).map((s) => s.status), [
    "already wrapped",
    "already wrapped",
  ]);
  const back = unwrap(w.value);
  assert.equal(JSON.stringify(back.value), JSON.stringify(remoteConfig), "exact, key order too");
  assert.deepEqual(back.servers.slice(0, 2).map((s) => s.status), ["unwrapped", "unwrapped"]);
  const shape = remoteShape(gh)!;
  assert.deepEqual(shape.headers, [["Authorization", "Bearer ${GITHUB_PAT}"], [
    "X-Mode",
    "  spaced",
  ]]);
});

Deno.test("wrap remote: Cursor's bare url is Streamable HTTP (…/sse is its legacy SSE); elsewhere it is left alone", () => {
  const c: Obj = {
    mcpServers: {
      ctx: { url: "https://mcp.context7.com/mcp", headers: { "X-Api-Key": "${env:CTX_KEY}" } },
      legacy: { url: "https://mcp.example.com/sse" },
    },
  };
  const w = wrap(c, sourceLauncher(), undefined, sourceRemote(), true);
  assert.deepEqual(w.servers.map(reportLine), [
    "wrapped ctx",
    "legacy HTTP+SSE (2024-11-05), not Streamable HTTP: legacy (not wrapped)",
  ]);
  const ctx = (w.value.mcpServers as Obj).ctx as Obj;
  assert.deepEqual(
    Object.keys(ctx),
    ["command", "args", REMOTE_KEY],
    "no type where there was none",
  );
  assert.deepEqual((ctx.args as string[]).slice(-2), ["--header", "X-Api-Key: ${env:CTX_KEY}"]);
  assert.equal(JSON.stringify(unwrap(w.value).value), JSON.stringify(c));
  // Claude Code has no bare-url remote entries: such an entry is not guessed at.
  assert.deepEqual(wrap(c).servers.map((s) => s.reason), [
    "a url without a type (not a remote entry here)",
    "a url without a type (not a remote entry here)",
  ]);
});

Deno.test("wrap remote: a changed launcher re-wraps; a compiled binary cannot (no network) and says so; a lost marker is never wrapped twice", () => {
  const w1 = wrap(remoteConfig);
  const w2 = wrap(w1.value, sourceLauncher(), undefined, sourceRemote("--quiet", "/new/main.ts"));
  assert.deepEqual(w2.servers.slice(0, 2).map((s) => s.status), ["rewrapped", "rewrapped"]);
  const gh = (w2.value.mcpServers as Obj).gh as Obj;
  assert.deepEqual((gh.args as string[]).slice(0, 4), [
    "run",
    "--quiet",
    "--allow-net=api.githubcopilot.com:443",
    "/new/main.ts",
  ]);
  assert.equal(JSON.stringify(unwrap(w2.value).value), JSON.stringify(remoteConfig));
  const compiled = wrap(remoteConfig, compiledLauncher, undefined, () => null);
  assert.match(compiled.servers[0].reason ?? "", /needs guard run from source/);
  assert.equal(compiled.changed, false);
  // The client dropped the marker: guard does not wrap its own proxy again.
  const { [REMOTE_KEY]: _gone, ...bare } = (w1.value.mcpServers as Obj).gh as Obj;
  const lost = wrap({ mcpServers: { gh: bare } });
  assert.equal(lost.changed, false);
  assert.match(lost.servers[0].reason ?? "", /without its aiguardRemote record/);
});

Deno.test("CLI: a Claude Code http entry for a real Streamable HTTP server, wrapped, runs through guard proxy --url; unwrap restores the bytes", async () => {
  const child = new Deno.Command(DENO, {
    args: ["run", "--cached-only", "-A", `${REPO_ROOT}/tests/fixtures/mcp_http_server.ts`],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  reader.releaseLock();
  void child.stdout.cancel();
  const port = JSON.parse(first.split("\n")[0]).port;
  try {
    const [home, path] = await homeWith(".claude.json", {
      mcpServers: {
        notes: {
          type: "http",
          url: `http://127.0.0.1:${port}/mcp`,
          headers: { Authorization: "Bearer t-123" },
        },
      },
    });
    const before = Deno.readTextFileSync(path);
    Deno.mkdirSync(`${home}/.aiguard`, { mode: 0o700, recursive: true });
    Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, 'allow = ["^mcp__notes__secret "]\n', {
      mode: 0o600,
    });
    const r = await runGuard(home, ["mcp", "wrap", path]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^wrapped notes$/m);
    assert.doesNotMatch(r.stdout, /t-123/, "the diff is printed, header values are not");
    assert.match(r.stdout, /^\+ +"Authorization: …",?$/m);
    const entry = (JSON.parse(Deno.readTextFileSync(path)).mcpServers as Obj).notes as Obj;
    assert.ok((entry.args as string[]).includes(`--allow-net=127.0.0.1:${port}`));
    const transport = new StdioClientTransport({
      command: entry.command as string,
      args: entry.args as string[],
      env: guardEnv(home),
      stderr: "pipe",
    });
    const client = new Client({ name: "guard-wrap-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const res = await client.callTool({ name: "secret", arguments: {} });
      assert.match(JSON.stringify(res), /\[REDACTED:aws-access-key-id\]/);
    } finally {
      await client.close();
    }
    const un = await runGuard(home, ["mcp", "wrap", "--unwrap", path]);
    assert.equal(un.code, 0, un.stderr);
    assert.equal(Deno.readTextFileSync(path), before);
  } finally {
    child.kill();
    await child.status;
  }
});
