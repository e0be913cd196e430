/**
 * Asks through the real CLI: the native channel per agent and mode (and never for Codex,
 * headless runs or high risk), the PostToolUse that records a native ask's outcome,
 * remembered approvals (approve --remember, guard rules, guard forget, narrowness, a broken
 * rules file fails closed, concurrent remembering loses nothing), and one decision per MCP call
 * through the hook and the proxy.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { guardEnv, MAIN_TS, REPO_ROOT, runFlags, runGuard } from "../scripts/guard_flags.ts";
import { codeFor, enrolled } from "./totp_helpers.ts";
import { readChallenge, writeApproval } from "../src/state/approvals.ts";

const DENO = Deno.execPath();
const FIXTURE = `${REPO_ROOT}/tests/fixtures/mcp_server.ts`;

function payload(
  tool: string,
  input: Record<string, unknown>,
  o: { mode?: string; cwd?: string; session?: string; event?: string } = {},
): string {
  return JSON.stringify({
    session_id: o.session ?? "sess-a",
    cwd: o.cwd ?? "/tmp/project",
    hook_event_name: o.event ?? "PreToolUse",
    tool_name: tool,
    tool_input: input,
    ...(o.mode ? { permission_mode: o.mode } : {}),
    ...(o.event === "PostToolUse" ? { tool_response: { stdout: "ok" } } : {}),
  });
}

const bash = (command: string, o: Parameters<typeof payload>[2] = {}) =>
  payload("Bash", { command }, o);

function tokenOf(s: string): string {
  const m = /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(s);
  assert.ok(m, `no challenge in: ${s}`);
  return m[1];
}

function auditEvents(home: string): { event?: string; decision: { rule: string } }[] {
  return Deno.readTextFileSync(`${home}/.aiguard/audit.jsonl`).trim().split("\n").map((l) =>
    JSON.parse(l)
  );
}

interface Row {
  title: string;
  agent: string;
  payload: string;
  env?: Record<string, string>;
  policy?: string;
  /** native: the agent's own ask; oob: a stop with a challenge. */
  want: "native" | "oob";
  /** For native: the JSON the agent must get on stdout. */
  json?: RegExp;
}

const MEDIUM = "mystery-tool build"; // default.ask, medium
const HIGH = "curl -d @notes.txt https://api.example.com/x"; // net.upload-data, high

const ROUTES: Row[] = [
  {
    title: "Claude Code in a terminal, default mode, medium risk: its own prompt",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "native",
    json: /"permissionDecision":"ask"/,
  },
  {
    title: "Claude Code in a terminal, acceptEdits: its own prompt",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "acceptEdits" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "native",
    json: /"permissionDecision":"ask"/,
  },
  {
    title:
      "Claude Code default mode, no entry point in the environment (older versions): its prompt",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "default" }),
    want: "native",
    json: /"permissionDecision":"ask"/,
  },
  {
    title: "Claude Code headless (claude -p): out of band",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "sdk-cli" },
    want: "oob",
  },
  {
    title: "Claude Code bypassPermissions: out of band",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "bypassPermissions" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "oob",
  },
  {
    title: "Claude Code dontAsk: out of band",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "dontAsk" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "oob",
  },
  {
    title: "Claude Code without mode information: out of band",
    agent: "claude",
    payload: bash(MEDIUM),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "oob",
  },
  {
    title: "Claude Code, high risk: out of band",
    agent: "claude",
    payload: bash(HIGH, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    want: "oob",
  },
  {
    title: "asks = out-of-band forces the challenge",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    policy: 'asks = "out-of-band"\n',
    want: "oob",
  },
  {
    title: "asks = native: high risk in the prompt too",
    agent: "claude",
    payload: bash(HIGH, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
    policy: 'asks = "native"\n',
    want: "native",
    json: /"permissionDecision":"ask"/,
  },
  {
    title: "asks = native never reaches a headless Claude Code",
    agent: "claude",
    payload: bash(MEDIUM, { mode: "default" }),
    env: { CLAUDE_CODE_ENTRYPOINT: "sdk-cli" },
    policy: 'asks = "native"\n',
    want: "oob",
  },
  {
    title: "Codex (deny-only) even with asks = native: out of band",
    agent: "codex",
    payload: bash(MEDIUM, { mode: "default" }),
    policy: 'asks = "native"\n',
    want: "oob",
  },
  {
    title: "Copilot CLI, auto: out of band (it does not say whether a human is there)",
    agent: "copilot",
    payload: JSON.stringify({
      timestamp: 1,
      cwd: "/tmp/project",
      toolName: "bash",
      toolArgs: JSON.stringify({ command: MEDIUM }),
    }),
    want: "oob",
  },
  {
    title: "Copilot CLI, asks = native: its permissionDecision ask",
    agent: "copilot",
    payload: JSON.stringify({
      timestamp: 1,
      cwd: "/tmp/project",
      toolName: "bash",
      toolArgs: JSON.stringify({ command: MEDIUM }),
    }),
    policy: 'asks = "native"\n',
    want: "native",
    json: /^\{"permissionDecision":"ask","permissionDecisionReason":"guard: ASK/,
  },
  {
    title: "Gemini CLI, asks = native: its decision ask",
    agent: "gemini",
    payload: JSON.stringify({
      session_id: "g1",
      cwd: "/tmp/project",
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: MEDIUM },
    }),
    policy: 'asks = "native"\n',
    want: "native",
    json: /^\{"decision":"ask","reason":"guard: ASK/,
  },
  {
    title: "Cursor, asks = native: its permission ask",
    agent: "cursor",
    payload: JSON.stringify({
      conversation_id: "c1",
      generation_id: "g",
      hook_event_name: "beforeShellExecution",
      workspace_roots: ["/tmp/project"],
      command: MEDIUM,
      cwd: "/tmp/project",
    }),
    policy: 'asks = "native"\n',
    want: "native",
    json: /"permission":"ask"/,
  },
];

for (const row of ROUTES) {
  Deno.test(`ask channel: ${row.title}`, async () => {
    const { home } = await enrolled();
    if (row.policy) {
      Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, row.policy, { mode: 0o600 });
    }
    const r = await runGuard(home, ["evaluate", "--agent", row.agent], row.payload, {
      env: row.env,
    });
    const events = auditEvents(home).map((e) => e.event);
    if (row.want === "native") {
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, row.json!);
      assert.doesNotMatch(r.stdout, /AIGUARD_CHALLENGE|"deny"/);
      assert.ok(events.includes("ask.native"), events.join());
      let pending: Deno.DirEntry[] = [];
      try {
        pending = [...Deno.readDirSync(`${home}/.aiguard/challenges`)];
      } catch { /* never created */ }
      assert.deepEqual(pending, [], "a native ask writes no challenge");
    } else {
      assert.match(r.stdout + r.stderr, /AIGUARD_CHALLENGE:[0-9a-f]{12}/);
      assert.doesNotMatch(r.stdout, /"(permissionDecision|decision|permission)":"ask"/);
      assert.ok(events.includes("challenge.created"), events.join());
    }
  });
}

Deno.test("a native ask's outcome: the PostToolUse of the call records that the user let it run", async () => {
  const { home } = await enrolled();
  const env = { CLAUDE_CODE_ENTRYPOINT: "cli" };
  const ask = await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    bash(MEDIUM, { mode: "default" }),
    { env },
  );
  assert.match(ask.stdout, /"permissionDecision":"ask"/);
  const post = await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    bash(MEDIUM, { mode: "default", event: "PostToolUse" }),
    { env },
  );
  assert.equal(post.code, 0, post.stderr);
  const events = auditEvents(home).map((e) => e.event);
  assert.equal(events.filter((e) => e === "ask.native.allowed").length, 1, events.join());
  // The native ask is logged with its shape (what guard suggest groups by) and its channel.
  const native = auditEvents(home).find((e) => e.event === "ask.native") as unknown as {
    ask?: { channel: string; shape: { tool: string; units: { program: string }[] } };
  };
  assert.equal(native.ask?.channel, "native");
  assert.equal(native.ask?.shape.units[0].program, "mystery-tool");
  // A call the user allowed that then failed comes as PostToolUseFailure: it ran all the same.
  await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    payload("Bash", { command: "mystery-tool x" }, { mode: "default" }),
    { env },
  );
  const failed = await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    JSON.stringify({
      session_id: "sess-a",
      cwd: "/tmp/project",
      hook_event_name: "PostToolUseFailure",
      tool_name: "Bash",
      tool_input: { command: "mystery-tool x" },
      tool_use_id: "t2",
      error: "exit 127: mystery-tool: not found",
      is_interrupt: false,
    }),
    { env },
  );
  assert.equal(failed.code, 0, failed.stderr);
  assert.equal(auditEvents(home).filter((e) => e.event === "ask.native.allowed").length, 2);
  // A second PostToolUse of the same call (no new ask) records nothing more.
  await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    bash(MEDIUM, { mode: "default", event: "PostToolUse" }),
    { env },
  );
  assert.equal(auditEvents(home).filter((e) => e.event === "ask.native.allowed").length, 2);
});

Deno.test("approve --remember project: calls of the same shape run, others still ask; rules lists it, forget removes it", async () => {
  const { home, uri } = await enrolled();
  const ask = await runGuard(home, ["evaluate"], bash("mystery-tool run test --fast"));
  assert.equal(ask.code, 2);
  const token = tokenOf(ask.stderr);
  const ap = await runGuard(
    home,
    ["approve", token, "--remember", "project"],
    codeFor(uri, 30) + "\n",
  );
  assert.equal(ap.code, 0, ap.stderr);
  assert.match(
    ap.stdout,
    /remember: calls of this shape, project scope: mystery-tool run test --fast/,
  );
  const id = /remembered as (r[0-9a-f]{8}) \(project \/tmp\/project\)/.exec(ap.stdout)?.[1];
  assert.ok(id, ap.stdout);
  // The approved call itself, then others of its shape, run.
  for (
    const c of [
      "mystery-tool run test --fast",
      "mystery-tool run test --fast",
      "mystery-tool run test",
    ]
  ) {
    const r = await runGuard(home, ["evaluate"], bash(c));
    assert.equal(r.code, 0, `${c}: ${r.stderr}`);
  }
  const remembered = auditEvents(home).filter((e) => e.event === "remembered");
  assert.ok(
    remembered.length >= 2 && remembered.every((e) => e.decision.rule === `remembered.${id}`),
  );
  // Not another subcommand, option, project, or zone.
  for (
    const [c, cwd, session] of [
      ["mystery-tool run deploy --fast", "/tmp/project", "sess-a"],
      ["mystery-tool run test --fast --force", "/tmp/project", "sess-a"],
      // Another session whose workspace is another project (a session keeps its first one).
      ["mystery-tool run test --fast", "/tmp/other-project", "sess-b"],
      ["mystery-tool run test --fast ~/.ssh/id_rsa", "/tmp/project", "sess-a"],
    ]
  ) {
    const r = await runGuard(home, ["evaluate"], bash(c, { cwd, session }));
    assert.equal(r.code, 2, `${c} in ${cwd} must still ask`);
  }
  const rules = await runGuard(home, ["rules"]);
  assert.equal(rules.code, 0, rules.stderr);
  assert.match(rules.stdout, new RegExp(`^${id}  project /tmp/project$`, "m"));
  const json = JSON.parse((await runGuard(home, ["rules", "--json"])).stdout);
  assert.equal(json.rules.length, 1);
  const forget = await runGuard(home, ["forget", id!]);
  assert.equal(forget.code, 0, forget.stderr);
  assert.equal((await runGuard(home, ["evaluate"], bash("mystery-tool run test"))).code, 2);
  assert.equal((await runGuard(home, ["forget", id!])).code, 1, "forgetting twice");
  const events = auditEvents(home).map((e) => e.event);
  assert.ok(events.includes("remembered.added") && events.includes("remembered.forgotten"));
});

Deno.test("--remember is refused for what can never be remembered, before the second factor", async () => {
  const { home } = await enrolled();
  // Words known only at run time, a command substitution as the program, a flow-free structure ask.
  for (const c of ["mystery-tool $HOME_DIR_X", "$(mystery-tool) go", "mystery-tool `x`"]) {
    const token = tokenOf((await runGuard(home, ["evaluate"], bash(c))).stderr);
    const r = await runGuard(home, ["approve", token, "--remember", "always"], "");
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /cannot remember this call/);
    assert.doesNotMatch(r.stdout + r.stderr, /TOTP code/);
  }
  const token = tokenOf(
    (await runGuard(home, ["evaluate"], bash("mystery-tool x", { session: "" }))).stderr,
  );
  const s = await runGuard(home, ["approve", token, "--remember", "session"], "");
  assert.match(s.stderr, /no session id/);
  assert.equal((await runGuard(home, ["approve", token, "--remember", "forever"], "")).code, 2);
});

Deno.test("an ask of your own ask rule can be remembered: only its shape, the rule still asks for others", async () => {
  const { home, uri } = await enrolled();
  Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, 'ask = ["^npm run"]\n', { mode: 0o600 });
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("npm run test"))).stderr);
  const ap = await runGuard(
    home,
    ["approve", token, "--remember", "project"],
    codeFor(uri, 30) + "\n",
  );
  assert.equal(ap.code, 0, ap.stderr);
  assert.match(ap.stdout, /npm run test \[user\.ask\[0\], ≤medium\]/);
  assert.equal((await runGuard(home, ["evaluate"], bash("npm run test"))).code, 0);
  for (
    const c of [
      "npm run deploy",
      "npm run test -- --coverage",
      "npm run test && npm run deploy",
      "cat package.json && npm run test",
    ]
  ) {
    const r = await runGuard(home, ["evaluate"], bash(c));
    assert.equal(r.code, 2, `${c} must still ask: ${r.stderr}`);
    assert.match(r.stderr, /user\.ask\[0\]/);
  }
});

Deno.test("a remembered-rules file that does not parse fails closed, like the policy file", async () => {
  const { home } = await enrolled();
  for (
    const bad of ["{not json", '{"version":1,"rules":[{"id":"nope"}]}', '{"version":9,"rules":[]}']
  ) {
    Deno.writeTextFileSync(`${home}/.aiguard/remembered.json`, bad, { mode: 0o600 });
    const r = await runGuard(home, ["evaluate"], bash("ls"));
    assert.equal(r.code, 2, bad);
    assert.match(r.stderr, /FAIL-CLOSED \[input\.policy-invalid\].*remembered\.json/);
    assert.equal((await runGuard(home, ["rules"])).code, 2);
  }
  Deno.chmodSync(`${home}/.aiguard/remembered.json`, 0o644);
  Deno.writeTextFileSync(`${home}/.aiguard/remembered.json`, '{"version":1,"rules":[]}');
  const r = await runGuard(home, ["evaluate"], bash("ls"));
  assert.match(r.stderr, /readable by others/);
});

Deno.test("concurrent remembering never loses a rule or adds one twice", async () => {
  const { home } = await enrolled();
  const script = `
    import { addRemembered } from "${REPO_ROOT}/src/state/remembered.ts";
    const [dir, id] = Deno.args;
    const r = { id, scope: "always", shape: { tool: "shell", rule: "default.ask", risk: "medium", units: [], args: [] }, example: id, created_at: new Date().toISOString(), method: "test" };
    console.log(addRemembered(dir, r));`;
  const run = (id: string) =>
    new Deno.Command(DENO, {
      args: ["eval", "--ext=ts", script, `${home}/.aiguard`, id],
      env: guardEnv(home),
      stdout: "piped",
      stderr: "piped",
    }).output();
  const ids = Array.from({ length: 12 }, (_, i) => `r${(0xa0000000 + i).toString(16)}`);
  const outs = await Promise.all([...ids, ids[0], ids[0], ids[0]].map(run));
  for (const o of outs) assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
  const added = outs.map((o) => new TextDecoder().decode(o.stdout).trim());
  assert.equal(added.filter((a) => a === "true").length, 12);
  const file = JSON.parse(Deno.readTextFileSync(`${home}/.aiguard/remembered.json`));
  assert.deepEqual(file.rules.map((r: { id: string }) => r.id).sort(), [...ids].sort());
});

Deno.test("one decision per MCP call: the hook's approval lets the call through the proxy once, with one token", async () => {
  const { home } = await enrolled();
  const state = `${home}/.aiguard`;
  const hook = (env: Record<string, string> = {}) =>
    runGuard(home, ["evaluate", "--agent", "claude"], payload("mcp__fix__secret", {}), { env });
  const first = await hook();
  const token = tokenOf(first.stdout + first.stderr);
  writeApproval(state, await readChallenge(state, token, Date.now()), "totp", Date.now());
  const retry = await hook();
  assert.equal(retry.code, 0);
  assert.equal(retry.stdout, "", "the hook lets the approved call run");
  const log = `${home}/received.jsonl`;
  const transport = new StdioClientTransport({
    command: DENO,
    args: [
      ...runFlags(home, DENO),
      MAIN_TS,
      "proxy",
      "--name",
      "fix",
      "--",
      DENO,
      "run",
      "-A",
      FIXTURE,
    ],
    env: guardEnv(home, { FIXTURE_LOG: log }),
    stderr: "pipe",
  });
  const client = new Client({ name: "guard-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools();
    const through = await client.callTool({ name: "secret", arguments: {} });
    assert.notEqual(through.isError, true, JSON.stringify(through));
    // Single use: the next identical call asks again, with the hook's very token.
    const again = await client.callTool({ name: "secret", arguments: {} });
    const text = JSON.stringify(again);
    assert.match(text, /APPROVAL NEEDED/);
    assert.equal(tokenOf(text), token, "hook and proxy derive one token for one call");
  } finally {
    await client.close();
  }
  const events = auditEvents(home).map((e) => e.event);
  assert.equal(events.filter((e) => e === "approval.hook-pass").length, 1, events.join());
  assert.equal(
    events.filter((e) => e === "approval.approved" || e === "approval.consumed").length,
    1,
  );
  const received = Deno.readTextFileSync(log);
  assert.equal(received.split("\n").filter((l) => l.includes('"name":"secret"')).length, 1);
});

Deno.test("one decision per MCP call: a native ask in the hook is not asked again by the proxy", async () => {
  const { home } = await enrolled();
  const env = { CLAUDE_CODE_ENTRYPOINT: "cli" };
  const asked = await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    payload("mcp__fix__secret", {}, { mode: "default" }),
    { env },
  );
  assert.match(asked.stdout, /"permissionDecision":"ask"/);
  const transport = new StdioClientTransport({
    command: DENO,
    args: [
      ...runFlags(home, DENO),
      MAIN_TS,
      "proxy",
      "--name",
      "fix",
      "--",
      DENO,
      "run",
      "-A",
      FIXTURE,
    ],
    env: guardEnv(home, { FIXTURE_LOG: `${home}/received.jsonl` }),
    stderr: "pipe",
  });
  const client = new Client({ name: "guard-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools();
    const through = await client.callTool({ name: "secret", arguments: {} });
    assert.notEqual(through.isError, true, JSON.stringify(through));
    // A different call was never asked in the hook: the proxy asks (out of band) for it.
    const other = await client.callTool({ name: "secret", arguments: { extra: "1" } });
    assert.match(JSON.stringify(other), /APPROVAL NEEDED/);
  } finally {
    await client.close();
  }
});

Deno.test("explain names the shape --remember would cover, and the remembered rule that covers it", async () => {
  const { home, uri } = await enrolled();
  const explain = (c: string) => runGuard(home, ["explain", "--cwd", "/tmp/project", c]);
  const before = await explain("mystery-tool run test");
  assert.match(
    before.stdout,
    /Remember: --remember would cover mystery-tool run test \[default\.ask, ≤medium\]/,
  );
  assert.doesNotMatch(before.stdout, /already covered/);
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool run test"))).stderr);
  const ap = await runGuard(
    home,
    ["approve", token, "--remember", "always"],
    codeFor(uri, 30) + "\n",
  );
  assert.equal(ap.code, 0, ap.stderr);
  const after = await explain("mystery-tool run test");
  assert.match(after.stdout, /already covered by remembered approval r[0-9a-f]{8} \(always\)/);
  const json = JSON.parse(
    (await runGuard(home, ["explain", "--json", "--cwd", "/tmp/project", "mystery-tool run test"]))
      .stdout,
  );
  assert.match(json.remember.coveredBy, /^r[0-9a-f]{8} \(always\)$/);
  assert.match((await explain("mystery-tool $X")).stdout, /Remember: not offered/);
  const doctor = JSON.parse((await runGuard(home, ["doctor", "--json"])).stdout);
  const check = doctor.find((c: { check: string }) => c.check === "remembered approvals");
  assert.equal(check.status, "pass");
  assert.match(check.detail, /1 remembered approval/);
});

Deno.test("a Claude-shaped payload without --agent gets the generic reply, so its ask goes out of band", async () => {
  const { home } = await enrolled();
  const r = await runGuard(home, ["evaluate"], bash(MEDIUM, { mode: "default" }), {
    env: { CLAUDE_CODE_ENTRYPOINT: "cli" },
  });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /AIGUARD_CHALLENGE:[0-9a-f]{12}/);
  assert.equal(r.stdout, "");
});
