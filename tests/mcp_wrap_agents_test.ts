/**
 * `guard mcp wrap` for the agents beyond Claude and Cursor (ADR 0026): Codex's `config.toml`
 * (`[mcp_servers.<name>]`, edited as text, byte-exact round trips whatever the formatting),
 * Gemini CLI's `settings.json`, Copilot CLI's `mcp-config.json` (stdio type "local") and Kimi
 * Code's `mcp.json` (a bare url is remote) — the pure rewrite and the real CLI.
 */
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { REPO_ROOT, runGuard, tempHome } from "../scripts/guard_flags.ts";
import type { Launcher } from "../src/cli/flags.ts";
import { scanToml, TOML_MARKER, transformToml } from "../src/cli/setup/mcp_toml.ts";
import {
  projectOfConfig,
  proxyName,
  transformConfig,
  wrappedShape,
} from "../src/cli/setup/mcp_wrap.ts";

type Obj = Record<string, unknown>;
const DENO = Deno.execPath();

const launcherFor = (cmd: string): Launcher => ({
  compiled: false,
  command: "/usr/local/bin/deno",
  prefix: ["run", "--no-prompt", `--allow-run=/x,${cmd}`, "/opt/guard/main.ts"],
});
const other = (cmd: string): Launcher => ({
  ...launcherFor(cmd),
  prefix: ["run", "--no-prompt", "--cached-only", `--allow-run=/x,${cmd}`, "/opt/guard/main.ts"],
});
const toml = (text: string, unwrap = false, l = launcherFor, only?: string[]) =>
  transformToml(text, { unwrap, only, launcherFor: l, wrappedShape, proxyName });

const CODEX_FILES: [string, string][] = [
  [
    "plain",
    `model = "gpt-5"\n\n[mcp_servers.fs]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/work"]\n\n[mcp_servers.fs.env]\nDEBUG = "1"\n`,
  ],
  [
    "comments, literal strings, multi-line args, odd spacing",
    `# my config\n[mcp_servers.docs]   # the docs server\n  command='uvx'   # runner\n  args = [\n    'mcp-docs',  # the package\n    "--root=/srv/[docs]",\n  ]\n  startup_timeout_sec = 20\n\n[profiles.fast]\nmodel = "o4-mini"\n`,
  ],
  [
    "no args, quoted name, last line without newline",
    `[mcp_servers."my.server"]\nenv = { TOKEN = "x" }\ncommand = "/usr/local/bin/mcp-plain"`,
  ],
  [
    "CRLF, several servers, a remote one left alone",
    `[mcp_servers.a]\r\ncommand = "node"\r\nargs = ["/srv/a.js"]\r\n\r\n[mcp_servers.remote]\r\nurl = "https://mcp.example.com/mcp"\r\n\r\n[mcp_servers.b]\r\ncommand = "python3"\r\nargs = ["-m", "b_server", "it's"]\r\n`,
  ],
  [
    "a multi-line string elsewhere holding a fake table",
    `notes = """\n[mcp_servers.fake]\ncommand = "no"\n"""\n[mcp_servers.real]\ncommand = "deno"\nargs = ["run", "-A", "server.ts"]\n`,
  ],
];

for (const [label, text] of CODEX_FILES) {
  Deno.test(`codex config.toml (${label}): wrapped, idempotent, unwrapped to the same bytes`, () => {
    const w = toml(text);
    assert.ok(w.changed, label);
    const after = parse(w.text) as { mcp_servers: Record<string, Obj> };
    for (const s of w.servers.filter((s) => s.status === "wrapped")) {
      const e = after.mcp_servers[s.name];
      assert.equal(e.command, "/usr/local/bin/deno");
      const args = e.args as string[];
      assert.deepEqual(args.slice(args.indexOf("proxy"), args.indexOf("--") + 1), [
        "proxy",
        "--name",
        proxyName(s.name),
        "--",
      ]);
    }
    // Everything but command and args reads the same.
    const strip = (v: Obj) => {
      const c = structuredClone(v) as { mcp_servers: Record<string, Obj> };
      for (const e of Object.values(c.mcp_servers)) {
        delete e.command;
        delete e.args;
      }
      return JSON.stringify(c);
    };
    assert.equal(strip(after), strip(parse(text)));
    assert.equal(toml(w.text).changed, false, "idempotent");
    const back = toml(w.text, true);
    assert.equal(back.text, text, "byte-exact");
    // A changed launcher re-wraps once, and unwrap still gives the original bytes.
    const re = toml(w.text, false, other);
    assert.ok(re.servers.some((s) => s.status === "rewrapped"));
    assert.equal(toml(re.text, true, other).text, text);
  });
}

Deno.test("codex config.toml: remote, fake and inline entries reported; --only; a lost marker still unwraps", () => {
  const w = toml(CODEX_FILES[3][1]);
  assert.deepEqual(w.servers.map((s) => `${s.name}:${s.status}`), [
    "a:wrapped",
    "remote:skipped",
    "b:wrapped",
  ]);
  const fake = toml(CODEX_FILES[4][1]);
  assert.deepEqual(fake.servers.map((s) => s.name), ["real"]);
  assert.ok(fake.text.includes('[mcp_servers.fake]\ncommand = "no"'), "strings are not edited");
  const inline = toml(`[mcp_servers]\nx = { command = "npx", args = [] }\n`);
  assert.equal(inline.servers[0].status, "skipped");
  assert.equal(inline.changed, false);
  const only = toml(CODEX_FILES[3][1], false, launcherFor, ["b"]);
  assert.deepEqual(only.servers.map((s) => s.name), ["b"]);
  const lost = w.text.split(/\r?\n/).filter((l) => !l.includes(TOML_MARKER)).join("\r\n");
  const back = parse(toml(lost, true).text) as { mcp_servers: Record<string, Obj> };
  assert.deepEqual(JSON.parse(JSON.stringify(back.mcp_servers.b)), {
    command: "python3",
    args: ["-m", "b_server", "it's"],
  });
  assert.throws(() => toml(`[mcp_servers.x\ncommand = "a"\n`));
});

Deno.test("scanToml: keys and value spans, never inside strings or comments", () => {
  const t = `a = "x # not a comment" # c\nb = [1, [2, 3], { c = "]" }]\n[t."q.x"]\nk = 'v'\n`;
  const { headers, kvs } = scanToml(t);
  assert.deepEqual(headers.map((h) => h.table), [["t", "q.x"]]);
  assert.deepEqual(kvs.map((k) => [k.key, t.slice(k.valueStart, k.valueEnd)]), [
    ["a", '"x # not a comment"'],
    ["b", '[1, [2, 3], { c = "]" }]'],
    ["k", "'v'"],
  ]);
});

const JSON_AGENTS: [string, string, Obj, string[]][] = [
  [
    "Gemini CLI settings.json",
    ".gemini/settings.json",
    {
      security: { auth: { selectedType: "gemini-api-key" } },
      mcpServers: {
        fs: { command: "npx", args: ["-y", "srv-fs"], cwd: "/w", timeout: 30000, trust: false },
        remote: { httpUrl: "https://mcp.example.com/mcp" },
      },
    },
    ["fs:wrapped", "remote:skipped"],
  ],
  [
    "Copilot CLI mcp-config.json",
    ".copilot/mcp-config.json",
    {
      mcpServers: {
        gh: { type: "local", command: "docker", args: ["run", "-i", "ghcr.io/x"], tools: ["*"] },
        web: { type: "http", url: "https://api.example.com/mcp", tools: ["*"] },
      },
    },
    ["gh:wrapped", "web:wrapped"],
  ],
  [
    "Kimi Code mcp.json",
    ".kimi-code/mcp.json",
    {
      mcpServers: {
        filesystem: { command: "npx", args: ["-y", "srv-fs", "/tmp"] },
        linear: { url: "https://mcp.linear.app/mcp" },
      },
    },
    ["filesystem:wrapped", "linear:wrapped"],
  ],
];

for (const [label, file, config, want] of JSON_AGENTS) {
  Deno.test(`CLI: guard mcp wrap ${label} — wrapped, --unwrap restores the bytes`, async () => {
    const home = await tempHome("guard-wrapag-");
    const path = `${home}/${file}`;
    Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const before = JSON.stringify(config, null, 2) + "\n";
    Deno.writeTextFileSync(path, before);
    const r = await runGuard(home, ["mcp", "wrap", path]);
    assert.equal(r.code, 0, r.stderr);
    for (const w of want) {
      const [name, status] = w.split(":");
      if (status === "wrapped") assert.match(r.stdout, new RegExp(`^wrapped ${name}$`, "m"));
      else assert.match(r.stdout, new RegExp(`: ${name} \\(not wrapped\\)$`, "m"));
    }
    const after = JSON.parse(Deno.readTextFileSync(path));
    for (const [name, e] of Object.entries(after.mcpServers as Record<string, Obj>)) {
      if (!want.includes(`${name}:wrapped`)) continue;
      assert.equal(e.command, DENO, name);
      assert.ok((e.args as string[]).includes("proxy"), name);
    }
    const un = await runGuard(home, ["mcp", "wrap", "--unwrap", path]);
    assert.equal(un.code, 0, un.stderr);
    assert.equal(Deno.readTextFileSync(path), before);
  });
}

Deno.test("CLI: guard mcp wrap ~/.codex/config.toml — diff, backup, --unwrap byte-exact", async () => {
  const home = await tempHome("guard-wrapcx-");
  Deno.mkdirSync(`${home}/.codex`);
  const path = `${home}/.codex/config.toml`;
  const before = CODEX_FILES[1][1];
  Deno.writeTextFileSync(path, before);
  const r = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^wrapped docs$/m);
  assert.match(r.stdout, /^backup: /m);
  const e = (parse(Deno.readTextFileSync(path)) as { mcp_servers: Record<string, Obj> })
    .mcp_servers.docs;
  assert.equal(e.command, DENO);
  const args = e.args as string[];
  assert.ok(args.includes(`${REPO_ROOT}/main.ts`));
  assert.deepEqual(args.slice(args.indexOf("--")), ["--", "uvx", "mcp-docs", "--root=/srv/[docs]"]);
  const again = await runGuard(home, ["mcp", "wrap", path]);
  assert.match(again.stdout, /^already wrapped docs$/m);
  const un = await runGuard(home, ["mcp", "wrap", "--unwrap", path]);
  assert.equal(un.code, 0, un.stderr);
  assert.equal(Deno.readTextFileSync(path), before);
  Deno.writeTextFileSync(path, `[mcp_servers.x]\ncommand = [\n`);
  const bad = await runGuard(home, ["mcp", "wrap", path]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /nothing written/);
});

Deno.test("transformConfig: Copilot's local type is stdio; an unknown type is still refused", () => {
  const r = transformConfig(
    { mcpServers: { a: { type: "local", command: "x" }, b: { type: "weird", command: "y" } } },
    { unwrap: false, launcherFor, remoteLauncherFor: () => null },
  );
  assert.deepEqual(r.servers.map((s) => s.status), ["wrapped", "skipped"]);
});

Deno.test("CLI: guard doctor lists every MCP server outside guard with the fix; install --agent names them too", async () => {
  const home = await tempHome("guard-wrapdr-");
  Deno.mkdirSync(`${home}/.codex`);
  Deno.mkdirSync(`${home}/.gemini`);
  Deno.mkdirSync(`${home}/.copilot`);
  Deno.writeTextFileSync(`${home}/.codex/config.toml`, CODEX_FILES[3][1]);
  Deno.writeTextFileSync(
    `${home}/.gemini/settings.json`,
    JSON.stringify({ mcpServers: { fs: { command: "npx", args: ["srv-fs"] } } }, null, 2) + "\n",
  );
  Deno.writeTextFileSync(`${home}/.copilot/mcp-config.json`, '{"mcpServers": {}}\n');
  const w = await runGuard(home, ["mcp", "wrap", `${home}/.gemini/settings.json`]);
  assert.equal(w.code, 0, w.stderr);
  const d = await runGuard(home, ["doctor"]);
  assert.match(
    d.stdout,
    /^WARN {2}mcp: codex ~\/\.codex\/config\.toml: 2 server\(s\) run outside guard proxy: a, b; left alone: remote: remote \(url\)/m,
  );
  assert.match(d.stdout, new RegExp(`fix: guard mcp wrap ${home}/\\.codex/config\\.toml`));
  assert.match(
    d.stdout,
    /^PASS {2}mcp: gemini ~\/\.gemini\/settings\.json: 1 server\(s\) behind guard proxy$/m,
  );
  assert.doesNotMatch(d.stdout, /mcp: copilot/, "a file without servers is not listed");
  const i = await runGuard(home, ["install", "--agent", "codex", "--no-serve"]);
  assert.match(
    i.stdout,
    new RegExp(
      `2 MCP server\\(s\\) of codex run outside guard proxy \\(a, b\\); put them behind guard: guard mcp wrap ${home}/\\.codex/config\\.toml`,
    ),
    i.stdout + i.stderr,
  );
});

Deno.test("CLI: guard install --agent A offers to wrap that agent's MCP servers; --wrap-mcp wraps them (and only them)", async () => {
  const home = await tempHome("guard-instwrap-");
  Deno.mkdirSync(`${home}/.gemini`);
  Deno.mkdirSync(`${home}/.codex`);
  const gemini = JSON.stringify(
    {
      mcpServers: {
        fs: { command: "npx", args: ["srv-fs"] },
        docs: { command: "uvx", args: ["d"] },
      },
    },
    null,
    2,
  ) + "\n";
  Deno.writeTextFileSync(`${home}/.gemini/settings.json`, gemini);
  Deno.writeTextFileSync(`${home}/.codex/config.toml`, CODEX_FILES[0][1]);
  // Not a terminal, no flag: the offer is printed, nothing of the MCP servers changes.
  const first = await runGuard(home, ["install", "--agent", "gemini", "--no-serve"]);
  assert.equal(first.code, 0, first.stderr);
  assert.match(
    first.stdout,
    /2 MCP server\(s\) of gemini run outside guard proxy \(fs, docs\); put them behind guard: guard mcp wrap .*settings\.json \(or guard install --agent gemini --wrap-mcp\)/,
  );
  assert.deepEqual(
    JSON.parse(Deno.readTextFileSync(`${home}/.gemini/settings.json`)).mcpServers,
    JSON.parse(gemini).mcpServers,
  );
  // Installed already: the offer is still made.
  const again = await runGuard(home, ["install", "--agent", "gemini", "--no-serve"]);
  assert.match(again.stdout, /already up to date[\s\S]*2 MCP server\(s\) of gemini run outside/);
  // --dry-run --wrap-mcp: the wrap's diff, nothing written.
  const dry = await runGuard(home, [
    "install",
    "--agent",
    "gemini",
    "--no-serve",
    "--dry-run",
    "--wrap-mcp",
  ]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /putting them behind guard/);
  assert.match(dry.stdout, /"proxy"/);
  assert.equal(
    JSON.parse(Deno.readTextFileSync(`${home}/.gemini/settings.json`)).mcpServers.fs.command,
    "npx",
  );
  // --wrap-mcp: both servers behind guard proxy; Codex's file (another agent) untouched.
  const w = await runGuard(home, ["install", "--agent", "gemini", "--no-serve", "--wrap-mcp"]);
  assert.equal(w.code, 0, w.stderr);
  const servers = JSON.parse(Deno.readTextFileSync(`${home}/.gemini/settings.json`)).mcpServers;
  for (const name of ["fs", "docs"]) {
    const args = servers[name].args as string[];
    assert.equal(args[args.indexOf("proxy") + 1], "--name", name);
    assert.equal(args[args.indexOf("proxy") + 2], name);
  }
  assert.ok(
    JSON.parse(Deno.readTextFileSync(`${home}/.gemini/settings.json`)).hooks,
    "the hook stays",
  );
  assert.equal(Deno.readTextFileSync(`${home}/.codex/config.toml`), CODEX_FILES[0][1]);
  const d = await runGuard(home, ["doctor"]);
  assert.match(
    d.stdout,
    /^PASS {2}mcp: gemini ~\/\.gemini\/settings\.json: 2 server\(s\) behind guard proxy$/m,
  );
  // Then nothing more to offer; --unwrap restores the servers.
  const after = await runGuard(home, ["install", "--agent", "gemini", "--no-serve", "--wrap-mcp"]);
  assert.doesNotMatch(after.stdout, /run outside guard proxy/);
  const u = await runGuard(home, ["mcp", "wrap", "--unwrap", `${home}/.gemini/settings.json`]);
  assert.equal(u.code, 0, u.stderr);
  assert.deepEqual(
    JSON.parse(Deno.readTextFileSync(`${home}/.gemini/settings.json`)).mcpServers,
    JSON.parse(gemini).mcpServers,
  );
  await Deno.remove(home, { recursive: true }).catch(() => {});
});

Deno.test("project-level configurations: the proxy gets --workspace <project>; the user's own files do not", () => {
  const home = "/home/me";
  for (
    const [path, want] of [
      ["/work/app/.mcp.json", "/work/app"],
      ["/work/app/.cursor/mcp.json", "/work/app"],
      ["/work/app/.gemini/settings.json", "/work/app"],
      ["/work/app/.codex/config.toml", "/work/app"],
      ["/work/app/.kimi-code/mcp.json", "/work/app"],
      ["/home/me/.cursor/mcp.json", null],
      ["/home/me/.gemini/settings.json", null],
      ["/home/me/.codex/config.toml", null],
      ["/home/me/.claude.json", null],
      ["/work/app/notes/mcp.json", null],
    ] as const
  ) assert.equal(projectOfConfig(path, home), want, path);
  const config = { mcpServers: { fs: { command: "npx", args: ["srv-fs"] } } };
  const w = transformConfig(config, {
    unwrap: false,
    launcherFor,
    remoteLauncherFor: () => null,
    workspace: "/work/app",
  });
  const args = ((w.value.mcpServers as Obj).fs as Obj).args as string[];
  assert.deepEqual(args.slice(args.indexOf("proxy")), [
    "proxy",
    "--name",
    "fs",
    "--workspace",
    "/work/app",
    "--",
    "npx",
    "srv-fs",
  ]);
  const back = transformConfig(w.value, {
    unwrap: true,
    launcherFor,
    remoteLauncherFor: () => null,
  });
  assert.deepEqual(back.value, config);
  const t = transformToml(CODEX_FILES[0][1], {
    unwrap: false,
    launcherFor,
    wrappedShape,
    proxyName,
    workspace: "/work/app",
  });
  assert.match(t.text, /"--workspace", "\/work\/app", "--", "npx"/);
  assert.equal(toml(t.text, true).text, CODEX_FILES[0][1]);
});
