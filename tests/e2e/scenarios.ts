/**
 * The scenarios every agent must pass with guard wired only by `guard
 * install`, each an (agent, scenario) cell of the matrix. A scenario runs the
 * real agent in its sandbox against the mock model, then checks three
 * things: what happened on the machine (the target survives, the command
 * ran), what the model saw (the tool result), and what guard recorded.
 */
import assert from "node:assert/strict";
import {
  approve,
  auditEntries,
  type CaseDirs,
  DENO,
  exists,
  guardTask,
  hookDecisions,
  newCase,
  removeCase,
} from "./harness.ts";
import type { Driver } from "./drivers.ts";
import { guardEnv, REPO_ROOT, runProcess } from "../../scripts/guard_flags.ts";
import type { ScriptedCall } from "./mock_model.ts";
import type { CaseResult } from "./run_case.ts";
import { runCase } from "./sandbox.ts";
import { median, recordCost, recordWarmCost } from "./matrix.ts";
import { installedHook } from "../installed_hook.ts";
import { hasCompiler } from "../../src/cli/native/native_client.ts";

/** Bound for one agent run (the agents answer a scripted call in seconds). */
export const AGENT_TIMEOUT_MS = 90_000;

export interface AgentRun extends CaseResult {
  /** Every tool result the model saw for the scripted call, joined. */
  saw: string;
}

/** The agent output, for failure messages. */
export function describe(r: CaseResult): string {
  const reqs = r.log.map((l) => `${l.method} ${l.path} → ${l.answer}`).join("; ");
  return `exit ${r.code ?? r.signal}${r.timedOut ? " (killed at the bound)" : ""}${
    r.error ? `, error: ${r.error}` : ""
  }\nrequests: ${reqs}\nproblems: ${r.problems.join("; ") || "none"}\ntool results: ${
    JSON.stringify(r.toolResults).slice(0, 1500)
  }\nstdout: ${r.stdout.slice(-1500)}\nstderr: ${r.stderr.slice(-1500)}`;
}

/** Runs the agent once with one scripted tool call; fails on a hang, a crash or a mock complaint. */
export async function runAgent(
  d: Driver,
  c: CaseDirs,
  bin: string,
  call: ScriptedCall,
  opts: { readDir?: string; expectCall?: boolean } = {},
): Promise<AgentRun> {
  const cmd = d.command(c, bin, opts);
  const r = await runCase({
    call,
    argv: cmd.argv,
    env: cmd.env,
    cwd: c.project,
    timeoutMs: AGENT_TIMEOUT_MS,
  });
  assert.ok(!r.error && !r.timedOut, `${d.agent} did not finish:\n${describe(r)}`);
  assert.deepEqual(r.problems, [], `${d.agent}: the mock model saw problems:\n${describe(r)}`);
  if (opts.expectCall !== false) {
    assert.ok(
      r.log.some((l) => l.answer === "tool-call"),
      `${d.agent} never asked the model for its tool call:\n${describe(r)}`,
    );
    assert.ok(r.toolResults.length > 0, `${d.agent} sent no tool result back:\n${describe(r)}`);
  }
  return { ...r, saw: r.toolResults.join("\n") };
}

/** `deno task guard install --agent <agent>`, as a user runs it. */
export async function install(d: Driver, c: CaseDirs, extra: string[] = []): Promise<void> {
  const r = await guardTask(c, ["install", "--agent", d.agent, ...extra]);
  assert.equal(r.code, 0, `guard install --agent ${d.agent}: ${r.stdout}\n${r.stderr}`);
}

/** One line from guard, and no hook command line echoed around it. */
export function assertShortStop(saw: string, pattern: RegExp, agent: string): void {
  assert.match(saw, pattern, `${agent}: the model did not see guard's stop: ${saw}`);
  assert.ok(!/--allow-read|--cached-only|deno run/.test(saw), `${agent} echoed the hook: ${saw}`);
  const line = saw.split("\n").find((l) => pattern.test(l))!;
  assert.ok(line.length < 900, `${agent}: guard's line is ${line.length} characters`);
}

export interface Scenario {
  id: string;
  title: string;
  /** Agents it does not apply to, with the reason shown in the matrix. */
  skip?: Partial<Record<string, string>>;
  run(d: Driver, bin: string): Promise<void>;
}

/** A fresh case with the agent configured and guard installed. */
export async function installedCase(d: Driver, extra: string[] = []): Promise<CaseDirs> {
  const c = await newCase(d.agent);
  await d.configure(c);
  await install(d, c, extra);
  return c;
}

async function withCase(d: Driver, fn: (c: CaseDirs) => Promise<void>): Promise<void> {
  const c = await installedCase(d);
  try {
    await fn(c);
  } finally {
    await removeCase(c);
  }
}

const dangerousCommand = (d: Driver) => (d.agent === "codex" ? "rm -r ~" : "rm -rf ~");

export const SCENARIOS: Scenario[] = [
  {
    id: "benign",
    title: "benign command runs, output reaches the model, Pre and Post reach guard",
    run: (d, bin) =>
      withCase(d, async (c) => {
        const marker = `guard-e2e-ok-${crypto.randomUUID().slice(0, 8)}`;
        const r = await runAgent(d, c, bin, d.shell(`echo ${marker}`));
        assert.match(r.saw, new RegExp(marker), `${d.agent}: output missing:\n${describe(r)}`);
        assert.ok(!/guard: /.test(r.saw), `${d.agent}: guard stopped a benign call: ${r.saw}`);
        const pre = hookDecisions(c, d.agent, "PreToolUse");
        assert.ok(
          pre.some((e) => e.decision.action === "allow" && e.call.includes(marker)),
          `${d.agent}: no PreToolUse allow in the audit log`,
        );
        if (d.post) {
          assert.ok(
            hookDecisions(c, d.agent, "PostToolUse").length > 0,
            `${d.agent}: PostToolUse never reached guard`,
          );
        }
      }),
  },
  {
    id: "routine",
    title: "routine project work runs untouched: mkdir, a redirection, git add and commit",
    run: (d, bin) =>
      withCase(d, async (c) => {
        // The agent's git needs an identity; the user's own configuration would give it.
        for (const [k, v] of [["user.name", "e2e"], ["user.email", "e2e@example.invalid"]]) {
          const o = await new Deno.Command("git", { args: ["config", k, v], cwd: c.project })
            .output();
          assert.ok(o.success, "git config");
        }
        const marker = `routine-${crypto.randomUUID().slice(0, 8)}`;
        const cmd =
          `mkdir -p build && echo ${marker} > build/out.txt && git add -A && git commit -qm ${marker}`;
        const r = await runAgent(d, c, bin, d.shell(cmd));
        assert.ok(!/guard: /.test(r.saw), `${d.agent}: guard stopped routine work: ${r.saw}`);
        assert.equal(
          (await Deno.readTextFile(`${c.project}/build/out.txt`)).trim(),
          marker,
          `${d.agent}: the command did not run:\n${describe(r)}`,
        );
        const log = await new Deno.Command("git", {
          args: ["log", "-1", "--format=%s"],
          cwd: c.project,
        })
          .output();
        assert.equal(new TextDecoder().decode(log.stdout).trim(), marker, `${d.agent}: no commit`);
        const pre = hookDecisions(c, d.agent, "PreToolUse").filter((e) => e.call.includes(marker));
        assert.ok(
          pre.length > 0 && pre.every((e) => e.decision.action === "allow"),
          `${d.agent}: routine work was not allowed by guard: ${
            JSON.stringify(pre.map((e) => e.decision))
          }`,
        );
      }),
  },
  {
    id: "dangerous",
    title: "dangerous command stopped, its target survives",
    run: (d, bin) =>
      withCase(d, async (c) => {
        const r = await runAgent(d, c, bin, d.shell(dangerousCommand(d)));
        assert.ok(exists(c.target), `${d.agent}: the home directory was deleted`);
        assertShortStop(r.saw, /guard: BLOCKED \[abs\.[a-z-]+\]/, d.agent);
        assert.ok(
          hookDecisions(c, d.agent, "PreToolUse").some((e) => e.decision.action === "block"),
          `${d.agent}: no block in the audit log`,
        );
      }),
  },
  {
    id: "ask",
    title: "ask stopped with its token; after guard approve the identical retry runs once",
    run: (d, bin) =>
      withCase(d, async (c) => {
        const readme = `${c.project}/README.md`;
        const dirty = "# e2e project\nuncommitted change\n";
        await Deno.writeTextFile(readme, dirty);
        const call = d.shell("git reset --hard");
        const first = await runAgent(d, c, bin, call);
        assertShortStop(first.saw, /AIGUARD_CHALLENGE:[0-9a-f]{12}/, d.agent);
        assert.equal(await Deno.readTextFile(readme), dirty, `${d.agent}: ran before approval`);
        const token = /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(first.saw)![1];
        const ok = await approve(c, token);
        assert.equal(ok.code, 0, `guard approve: ${ok.stdout}\n${ok.stderr}`);
        const retry = await runAgent(d, c, bin, call);
        assert.ok(!/guard: /.test(retry.saw), `${d.agent}: the approved retry was stopped`);
        assert.equal(await Deno.readTextFile(readme), "# e2e project\n", `${d.agent}: not run`);
        await Deno.writeTextFile(readme, dirty);
        const third = await runAgent(d, c, bin, call);
        assert.match(third.saw, new RegExp(`AIGUARD_CHALLENGE:${token}`), `${d.agent}: ran twice`);
        assert.equal(await Deno.readTextFile(readme), dirty, `${d.agent}: ran twice`);
        const events = auditEntries(c).map((e) => e.event);
        assert.ok(events.includes("approval.consumed"), `${d.agent}: approval not consumed`);
      }),
  },
  {
    id: "workspace-loss",
    title: "deleting the workspace itself is stopped; deleting a build directory in it runs",
    run: (d, bin) =>
      withCase(d, async (c) => {
        // Codex refuses `rm -rf` by itself before any hook runs: `rm -r` reaches the hook.
        const rm = d.agent === "codex" ? "rm -r" : "rm -rf";
        const dist = `${c.project}/dist`;
        await Deno.mkdir(dist, { recursive: true });
        await Deno.writeTextFile(`${dist}/bundle.js`, "built\n");
        const whole = await runAgent(d, c, bin, d.shell(`${rm} .`));
        assertShortStop(whole.saw, /guard: BLOCKED \[abs\.[a-z-]+\]/, d.agent);
        assert.ok(exists(`${c.project}/README.md`), `${d.agent}: the workspace was deleted`);
        assert.ok(exists(`${c.project}/.git/HEAD`), `${d.agent}: the repository was deleted`);
        const stopped = hookDecisions(c, d.agent, "PreToolUse").filter((e) =>
          e.call.includes(`${rm} .`) && !e.call.includes("dist")
        );
        assert.ok(
          stopped.length > 0 && stopped.every((e) => e.decision.action === "block"),
          `${d.agent}: \`${rm} .\` was not blocked by guard: ${JSON.stringify(stopped)}`,
        );
        const build = await runAgent(d, c, bin, d.shell(`${rm} dist`));
        assert.ok(!/guard: /.test(build.saw), `${d.agent}: guard stopped ${rm} dist: ${build.saw}`);
        assert.ok(!exists(dist), `${d.agent}: ${rm} dist did not run:\n${describe(build)}`);
        assert.ok(exists(`${c.project}/README.md`), `${d.agent}: more than dist was deleted`);
      }),
  },
  {
    id: "read-key",
    title: "read of ~/.ssh/id_rsa through the agent's own read tool stopped",
    run: (d, bin) =>
      withCase(d, async (c) => {
        const key = `${c.home}/.ssh/id_rsa`;
        const r = await runAgent(d, c, bin, d.read(key), { readDir: `${c.home}/.ssh` });
        const sent = JSON.stringify(r.log.map((l) => l.body));
        assert.ok(!sent.includes(c.keyMarker), `${d.agent}: the key reached the model`);
        assertShortStop(r.saw, /guard: (APPROVAL NEEDED|BLOCKED) \[/, d.agent);
        assert.ok(
          auditEntries(c).some((e) =>
            e.source === `hook:${d.agent}` && ["ask", "block"].includes(e.decision?.action)
          ),
          `${d.agent}: the read was not stopped by guard`,
        );
      }),
  },
];

// ── the scenarios that prove a fix ─────────────────────────────────────────

/** `codex app-server`'s hooks/list for the project: each hook's key and trust status. */
async function codexHooks(c: CaseDirs, bin: string): Promise<Record<string, string>> {
  const r = await runCase({
    call: null,
    argv: [bin, "app-server"],
    env: { HOME: c.home, PATH: "/usr/local/bin:/usr/bin:/bin", TMPDIR: c.tmp },
    cwd: c.project,
    timeoutMs: 30_000,
    rpc: [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          clientInfo: { name: "guard-e2e", title: null, version: "0" },
          capabilities: null,
        },
      },
      { jsonrpc: "2.0", method: "initialized" },
      { jsonrpc: "2.0", id: 2, method: "hooks/list", params: { cwds: [c.project] } },
    ],
  });
  const answer = r.stdout.split("\n").map((l) => JSON.parse(l)).find((m) => m.id === 2);
  assert.ok(answer?.result, `codex app-server hooks/list gave no answer:\n${describe(r)}`);
  const hooks = answer.result.data[0].hooks as { key: string; trustStatus: string }[];
  return Object.fromEntries(hooks.map((h) => [h.key, h.trustStatus]));
}

/** A checkout of guard of the case's own and a deno of its own, to break on purpose. */
async function brokenInstall(d: Driver, c: CaseDirs): Promise<{ copy: string; deno: string }> {
  const copy = `${c.root}/guard-copy`;
  await Deno.mkdir(copy);
  for (const p of ["main.ts", "deno.json", "deno.lock", "src"]) {
    const o = await new Deno.Command("cp", { args: ["-r", `${REPO_ROOT}/${p}`, `${copy}/`] })
      .output();
    assert.equal(o.code, 0);
  }
  const deno = `${c.root}/bin/deno`;
  await Deno.mkdir(`${c.root}/bin`);
  await Deno.link(DENO, deno).catch(() => Deno.copyFile(DENO, deno));
  const o = await new Deno.Command(deno, {
    args: ["task", "--config", `${copy}/deno.json`, "guard", "install", "--agent", d.agent],
    env: guardEnv(c.home, { TMPDIR: c.tmp }),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
  return { copy, deno };
}

/** A hook payload of the agent's own, for a shell command. */
function hookPayload(d: Driver, c: CaseDirs, command: string): unknown {
  const base = { session_id: "offline", cwd: c.project, tool_input: { command } };
  switch (d.agent) {
    case "copilot":
      return { timestamp: 1, cwd: c.project, toolName: "bash", toolArgs: { command } };
    case "gemini":
      return { ...base, hook_event_name: "BeforeTool", tool_name: "run_shell_command" };
    case "codex":
      return { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", turn_id: "t" };
    default:
      return { ...base, hook_event_name: "PreToolUse", tool_name: "Bash" };
  }
}

const NOT_CODEX = "Codex trust: the other agents run user hooks without a trust step";

export const FIX_SCENARIOS: Scenario[] = [
  {
    id: "trust",
    title: "Codex trusts guard's hooks as installed; a changed line is untrusted until reinstalled",
    skip: { claude: NOT_CODEX, gemini: NOT_CODEX, copilot: NOT_CODEX },
    run: (d, bin) =>
      withCase(d, async (c) => {
        const hooksFile = `${c.home}/.codex/hooks.json`;
        // The tool hooks and the session-start hook that starts the evaluator: all trusted.
        const byEvent = (m: Record<string, string>, start: boolean) =>
          Object.entries(m).filter(([k]) => k.includes("session_start") === start).map(([, v]) =>
            v
          );
        const trusted = await codexHooks(c, bin);
        assert.deepEqual(byEvent(trusted, false), ["trusted", "trusted"], JSON.stringify(trusted));
        assert.deepEqual(byEvent(trusted, true), ["trusted"], JSON.stringify(trusted));
        // A hand-edited hook line: Codex no longer trusts it and skips it without a word.
        const cfg = JSON.parse(await Deno.readTextFile(hooksFile));
        for (const ev of ["PreToolUse", "PostToolUse"]) {
          const h = cfg.hooks[ev].at(-1).hooks.at(-1);
          h.command = h.command.replace("--quiet", "--quiet --no-prompt");
        }
        await Deno.writeTextFile(hooksFile, JSON.stringify(cfg, null, 2));
        assert.deepEqual(byEvent(await codexHooks(c, bin), false), ["modified", "modified"]);
        const marker = `guard-e2e-untrusted-${crypto.randomUUID().slice(0, 8)}`;
        const skipped = await runAgent(d, c, bin, d.shell(`echo ${marker}`));
        assert.match(skipped.saw, new RegExp(marker));
        assert.ok(
          !hookDecisions(c, d.agent, "PreToolUse").some((e) => e.call.includes(marker)),
          "an untrusted hook ran",
        );
        const doc = await guardTask(c, ["doctor"]);
        assert.equal(doc.code, 1, doc.stdout);
        assert.match(doc.stdout, /FAIL {2}hook: codex/);
        assert.match(doc.stdout, /fix: guard install --agent codex/);
        // guard install puts the line back and trusts it again.
        await install(d, c);
        assert.deepEqual(byEvent(await codexHooks(c, bin), false), ["trusted", "trusted"]);
        const back = await runAgent(d, c, bin, d.shell(`echo ${marker}-2`));
        assert.match(back.saw, new RegExp(`${marker}-2`));
        assert.ok(
          hookDecisions(c, d.agent, "PreToolUse").some((e) => e.call.includes(`${marker}-2`)),
          "the reinstalled hook did not run",
        );
        const un = await guardTask(c, ["uninstall", "--agent", "codex"]);
        assert.equal(un.code, 0, un.stderr);
        assert.deepEqual(await codexHooks(c, bin), {});
      }),
  },
  {
    id: "project",
    title: "--project from the user's directory (deno task --config …) wires the repository",
    skip: {
      codex: "Codex loads project hooks only in projects trusted in ~/.codex/config.toml; " +
        "the user-level install covers every project",
    },
    run: async (d, bin) => {
      const c = await newCase(d.agent);
      try {
        await d.configure(c);
        const r = await guardTask(c, ["install", "--agent", d.agent, "--project"], {
          cwd: c.project,
        });
        assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
        const extra = d.agent === "copilot" ? ["--trust-folder"] : [];
        const cmd = d.command(c, bin);
        const res = await runCase({
          call: d.shell(dangerousCommand(d)),
          argv: [...cmd.argv, ...extra],
          env: cmd.env,
          cwd: c.project,
          timeoutMs: AGENT_TIMEOUT_MS,
        });
        assert.ok(!res.error && !res.timedOut, describe(res));
        assert.ok(exists(c.target), `${d.agent}: the home directory was deleted`);
        assertShortStop(res.toolResults.join("\n"), /guard: BLOCKED \[abs\./, d.agent);
      } finally {
        await removeCase(c);
      }
    },
  },
  {
    id: "fail-closed",
    title: "a broken guard (source that does not load, deno missing) still stops every call",
    run: async (d, bin) => {
      const c = await newCase(d.agent);
      try {
        await d.configure(c);
        const { copy, deno } = await brokenInstall(d, c);
        const marker = `guard-e2e-broken-${crypto.randomUUID().slice(0, 8)}`;
        const stopped = async (why: string) => {
          const r = await runAgent(d, c, bin, d.shell(`echo ${marker}`));
          // Its output, not the command line some agents repeat ("Command: echo …").
          const ran = new RegExp(`(?<!echo )${marker}`).test(r.saw);
          assert.ok(!ran, `${d.agent} ran the call with ${why}:\n${describe(r)}`);
          assert.match(r.saw, /FAIL-CLOSED/, `${d.agent} with ${why}: ${r.saw}`);
        };
        await Deno.writeTextFile(`${copy}/src/cli/hook_client.ts`, "this does not parse ((((\n");
        await stopped("a hook entry point (src/cli/hook_client.ts) that does not parse");
        await Deno.remove(deno);
        await stopped("deno removed");
      } finally {
        await removeCase(c);
      }
    },
  },
  {
    id: "offline",
    title: "the installed hook runs with no network at all: clean stderr, no fetch",
    run: (d) =>
      withCase(d, async (c) => {
        const command = await installedHook(d.agent, c.home);
        for (const [cmd, stop] of [["rm -rf ~", true], ["ls", false]] as const) {
          // No interfaces at all, not even loopback: any fetch would fail loudly.
          const { stderr } = await runProcess("unshare", ["--net", "--", "sh", "-c", command], {
            cwd: c.project,
            env: { ...guardEnv(c.home), PATH: "/usr/bin:/bin" },
            stdin: JSON.stringify(hookPayload(d, c, cmd)),
          });
          if (stop) {
            assert.match(stderr, /^guard: BLOCKED \[abs\.rm-protected\][^\n]*\n$/, `${d.agent}`);
          } else assert.equal(stderr, "", `${d.agent}: ${stderr}`);
        }
      }),
  },
  {
    id: "mcp",
    title:
      "an MCP call through guard proxy (wired by guard mcp wrap in the agent's own configuration): result secret masked, --unwrap restores the file",
    skip: {
      copilot:
        "Copilot CLI's MCP configuration is wrapped by unit tests only (tests/mcp_wrap_agents_test.ts)",
    },
    run: (d, bin) =>
      withCase(d, async (c) => {
        const file = await addFixtureServer(d, c);
        const before = await Deno.readTextFile(file);
        const wrap = await guardTask(c, ["mcp", "wrap", file]);
        assert.equal(wrap.code, 0, wrap.stdout + wrap.stderr);
        assert.match(wrap.stdout, /^wrapped fixture$/m, wrap.stdout);
        // The user allows this server's tool (the hook and the proxy read the same policy).
        await Deno.writeTextFile(
          `${c.home}/.aiguard/policy.toml`,
          'allow = ["^mcp__fixture__secret "]\n',
          { mode: 0o600 },
        );
        const call = { name: MCP_TOOL_NAME[d.agent] ?? "mcp__fixture__secret", input: {} };
        const cmd = d.command(c, bin);
        const argv = cmd.argv.map((
          a,
        ) => (a === "Bash,Read" ? "Bash,Read,mcp__fixture__secret" : a));
        const r = await runCase({
          call,
          argv,
          env: cmd.env,
          cwd: c.project,
          timeoutMs: AGENT_TIMEOUT_MS,
        });
        assert.ok(!r.error && !r.timedOut, describe(r));
        const events = () =>
          JSON.stringify(
            auditEntries(c).filter((e) => e.source === "mcp:fixture").map((e) => e.event),
          );
        assert.deepEqual(r.problems, [], `${describe(r)}\nproxy audit: ${events()}`);
        const saw = r.toolResults.join("\n");
        assert.match(
          saw,
          /\[REDACTED:aws-access-key-id\]/,
          `the proxy did not mask:\n${describe(r)}`,
        );
        assert.ok(!saw.includes("AKIA" + "QWERTYUIOPASDFGH"), "the secret reached the model");
        const proxied = auditEntries(c).filter((e) => e.source === "mcp:fixture");
        assert.ok(
          proxied.some((e) => e.tool === "mcp__fixture__secret" && e.decision.action === "allow"),
          `no proxy decision in the audit log: ${JSON.stringify(proxied.map((e) => e.event))}`,
        );
        const unwrap = await guardTask(c, ["mcp", "wrap", "--unwrap", file]);
        assert.equal(unwrap.code, 0, unwrap.stdout + unwrap.stderr);
        if (d.agent === "claude") {
          // Claude Code writes its own state into ~/.claude.json while it runs.
          assert.deepEqual(
            JSON.parse(await Deno.readTextFile(file)).mcpServers,
            JSON.parse(before).mcpServers,
            "--unwrap restores the entry",
          );
        } else {
          assert.equal(await Deno.readTextFile(file), before, "--unwrap restores the file's bytes");
        }
      }),
  },
];

/** How the model names the fixture's `secret` tool, per agent (default mcp__fixture__secret). */
const MCP_TOOL_NAME: Partial<Record<string, string>> = { gemini: "mcp_fixture_secret" };

/** The MCP fixture server written into the agent's own MCP configuration; returns that file. */
async function addFixtureServer(d: Driver, c: CaseDirs): Promise<string> {
  const server = {
    command: DENO,
    args: ["run", "--cached-only", "-A", `${REPO_ROOT}/tests/fixtures/mcp_server.ts`],
  };
  if (d.agent === "codex") {
    // Codex: a [mcp_servers.<name>] table in ~/.codex/config.toml (JSON strings are TOML's).
    const file = `${c.home}/.codex/config.toml`;
    // Codex offers MCP tools through its tool search unless that feature is off.
    // (a model without tool search in its catalog entry gets them directly).
    const text = (await Deno.readTextFile(file)).replace(
      /^model = "gpt-5\.5"$/m,
      'model = "gpt-4.1"',
    );
    await Deno.writeTextFile(
      file,
      `${text}${text.endsWith("\n") ? "" : "\n"}\n[mcp_servers.fixture]\ncommand = ${
        JSON.stringify(server.command)
      }\nargs = [${server.args.map((a) => JSON.stringify(a)).join(", ")}]\n` +
        // Codex gives MCP servers a minimal environment: the case's Deno cache is named here
        // (a user's own deno finds its cache under the real home).
        `\n[mcp_servers.fixture.env]\nDENO_DIR = ${
          JSON.stringify(guardEnv(c.home).DENO_DIR ?? "")
        }\n`,
    );
    return file;
  }
  if (d.agent === "gemini") {
    // Gemini CLI: mcpServers in ~/.gemini/settings.json, next to guard's hooks.
    const file = `${c.home}/.gemini/settings.json`;
    const v = JSON.parse(await Deno.readTextFile(file));
    v.mcpServers = { fixture: server };
    await Deno.writeTextFile(file, JSON.stringify(v, null, 2) + "\n");
    return file;
  }
  const file = `${c.home}/.claude.json`;
  await Deno.writeTextFile(
    file,
    JSON.stringify({ mcpServers: { fixture: { type: "stdio", ...server } } }, null, 2) + "\n",
  );
  return file;
}

const WRAP_SKIP =
  "guard mcp wrap leaves this agent's remote entries alone (it connects to them itself; ADR 0026)";

/** The remote MCP fixture's port inside the sandbox (each case has a network of its own). */
const REMOTE_PORT = 18090;

/**
 * A remote MCP server over Streamable HTTP (the SDK's server transport, on loopback inside the
 * sandbox), configured as Claude Code's `type: "http"` entry with an Authorization header from
 * the environment; `guard mcp wrap` turns it into `guard proxy --url`, and the real agent calls
 * the tool through it.
 */
export const REMOTE_MCP: Scenario = {
  id: "mcp-remote",
  title: "a remote (Streamable HTTP) MCP call through guard proxy --url (wired by guard mcp wrap)",
  skip: {
    codex: WRAP_SKIP,
    gemini: WRAP_SKIP,
    copilot: "Copilot CLI's remote entries are wrapped by unit tests only",
  },
  run: (d, bin) =>
    withCase(d, async (c) => {
      const url = `http://127.0.0.1:${REMOTE_PORT}/mcp`;
      const original = {
        mcpServers: {
          remote: {
            type: "http",
            url,
            headers: { Authorization: "Bearer ${E2E_REMOTE_TOKEN}" },
          },
        },
      };
      const file = `${c.home}/.claude.json`;
      await Deno.writeTextFile(file, JSON.stringify(original, null, 2) + "\n");
      const wrap = await guardTask(c, ["mcp", "wrap", file]);
      assert.equal(wrap.code, 0, wrap.stdout + wrap.stderr);
      assert.match(wrap.stdout, /^wrapped remote$/m, wrap.stdout);
      const entry = JSON.parse(await Deno.readTextFile(file)).mcpServers.remote;
      assert.ok(entry.args.includes(`--allow-net=127.0.0.1:${REMOTE_PORT}`), entry.args.join(" "));
      assert.ok(!("url" in entry), "the agent has no way around the proxy");
      await Deno.writeTextFile(
        `${c.home}/.aiguard/policy.toml`,
        'allow = ["^mcp__remote__secret "]\n',
        { mode: 0o600 },
      );
      const serverLog = `${c.tmp}/remote-mcp.jsonl`;
      const cmd = d.command(c, bin);
      const argv = cmd.argv.map((
        a,
      ) => (a === "Bash,Read" ? "Bash,Read,mcp__remote__secret" : a));
      const r = await runCase({
        call: { name: "mcp__remote__secret", input: {} },
        argv,
        env: { ...cmd.env, E2E_REMOTE_TOKEN: "e2e-remote-token" },
        cwd: c.project,
        timeoutMs: AGENT_TIMEOUT_MS,
        services: [{
          argv: [
            DENO,
            "run",
            "--cached-only",
            "-A",
            `${REPO_ROOT}/tests/fixtures/mcp_http_server.ts`,
          ],
          env: {
            ...guardEnv(c.home),
            FIXTURE_PORT: String(REMOTE_PORT),
            FIXTURE_LOG: serverLog,
          },
        }],
      });
      assert.ok(!r.error && !r.timedOut, describe(r));
      assert.deepEqual(r.problems, [], describe(r));
      const saw = r.toolResults.join("\n");
      assert.match(
        saw,
        /\[REDACTED:aws-access-key-id\]/,
        `the proxy did not mask:\n${describe(r)}`,
      );
      assert.ok(!saw.includes("AKIA" + "QWERTYUIOPASDFGH"), "the secret reached the model");
      const proxied = auditEntries(c).filter((e) => e.source === "mcp:remote");
      assert.ok(
        proxied.some((e) => e.tool === "mcp__remote__secret" && e.decision.action === "allow"),
        `no proxy decision in the audit log: ${JSON.stringify(proxied.map((e) => e.event))}`,
      );
      assert.ok(proxied.some((e) => e.event === "mcp.result-redacted"));
      // The server got the call, with the header Claude Code expanded, in one session.
      const received = (await Deno.readTextFile(serverLog)).trim().split("\n").map((l) =>
        JSON.parse(l)
      );
      const callLine = received.find((e) => JSON.stringify(e.body).includes('"name":"secret"'));
      assert.ok(callLine, JSON.stringify(received));
      assert.equal(callLine.auth, "Bearer e2e-remote-token");
      assert.match(callLine.session ?? "", /^[0-9a-f-]{36}$/);
      assert.ok(
        !(await Deno.readTextFile(`${c.home}/.aiguard/audit.jsonl`)).includes("e2e-remote-token"),
        "the header never reaches the audit log",
      );
      const unwrap = await guardTask(c, ["mcp", "wrap", "--unwrap", file]);
      assert.equal(unwrap.code, 0, unwrap.stdout + unwrap.stderr);
      const back = JSON.parse(await Deno.readTextFile(file)).mcpServers;
      assert.deepEqual(back, original.mcpServers, "unwrap restores the entry");
    }),
};

/** Runs per side for the hook's cost (GUARD_E2E_COST_RUNS, at least 5). */
const COST_RUNS = Math.max(5, Number(Deno.env.get("GUARD_E2E_COST_RUNS") ?? 5));

/**
 * The hook's cost per tool call: the same headless run with one benign tool call, in a home
 * with guard installed and in one without, alternated so that drift hits both sides alike.
 * A measurement, not a check: it fails only when a run fails, never on a time.
 */
export const COST: Scenario = {
  id: "cost",
  title: `hook cost per tool call (median of ${COST_RUNS} runs with and without guard)`,
  run: async (d, bin) => {
    // The cold path: no evaluator (the session-start hook would start one).
    const withGuard = await installedCase(d, ["--no-serve"]);
    const without = await newCase(d.agent);
    await d.configure(without);
    const times = { with: [] as number[], without: [] as number[] };
    try {
      for (let i = 0; i < COST_RUNS; i++) {
        for (const [side, c] of [["without", without], ["with", withGuard]] as const) {
          const r = await runAgent(d, c, bin, d.shell(`echo cost-${i}`));
          assert.match(r.saw, new RegExp(`cost-${i}`), describe(r));
          times[side].push(r.ms);
        }
      }
      const pre = hookDecisions(withGuard, d.agent, "PreToolUse").length;
      const post = hookDecisions(withGuard, d.agent, "PostToolUse").length;
      assert.equal(pre, COST_RUNS, "one PreToolUse per run");
      recordCost(d.agent, {
        withoutMs: median(times.without),
        withMs: median(times.with),
        runs: COST_RUNS,
        hooksPerCall: (pre + post) / COST_RUNS,
      });
    } finally {
      await removeCase(withGuard);
      await removeCase(without);
    }
  },
};

/**
 * The installed hook command timed by itself: `sh -c <the line in the agent's configuration>` with
 * the agent's PreToolUse payload for `git status --short`, alternated with the same line on an
 * empty script (the floor), 2 warm-ups and 10 runs each; medians in ms.
 */
async function timeInstalledHook(
  d: Driver,
  c: CaseDirs,
): Promise<{ hookMs: number; floorMs: number }> {
  const command = await installedHook(d.agent, c.home);
  const empty = `${c.root}/empty.ts`;
  await Deno.writeTextFile(empty, "");
  // The floor: the thin client's Deno line on an empty script, without the native client in front.
  const floor = command.replace(/ \S*hook_client\.ts evaluate --agent \S+;/, ` ${empty};`)
    .replace("$guard_hook ", "");
  assert.notEqual(floor, command, `no thin client in the installed command: ${command}`);
  const payload = new TextEncoder().encode(
    JSON.stringify(hookPayload(d, c, "git status --short")),
  );
  const run = async (line: string) => {
    const r = await runProcess("sh", ["-c", line], {
      cwd: c.project,
      env: { ...guardEnv(c.home), PATH: "/usr/bin:/bin" },
      stdin: payload,
    });
    assert.ok(r.code === 0 || r.code === 2, `the hook exited ${r.code}: ${r.stderr}`);
    return r.ms;
  };
  const hook: number[] = [], base: number[] = [];
  for (let i = 0; i < 12; i++) {
    const h = await run(command), f = await run(floor);
    if (i >= 2) {
      hook.push(h);
      base.push(f);
    }
  }
  return { hookMs: median(hook), floorMs: median(base) };
}

/** `deno task guard serve …` in a case's home, as a user (or a login script) runs it. */
async function serveTask(
  c: CaseDirs,
  args: string[],
): Promise<{ up: boolean; pid?: number; served?: number; version?: string }> {
  const r = await guardTask(c, ["serve", ...args]);
  if (args[0] !== "--status") return { up: r.code === 0 };
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { up: false };
  }
}

/**
 * The resident evaluator in each CLI: started with `guard serve --detach`, it answers the
 * installed hook (its decision count grows, the cost per tool call is measured against the same
 * runs without guard); killed with SIGKILL between calls, the next calls are decided in-process —
 * the dangerous one still stopped, the benign one still run — and the audit log verifies.
 */
export const WARM: Scenario = {
  id: "evaluator",
  title: "with guard serve up the hook is answered warm; killed -9, the next calls still decide",
  run: async (d, bin) => {
    // Started by hand, so that after the kill nothing restarts it: the fallback is what is shown.
    const c = await installedCase(d, ["--no-serve"]);
    // Where a C compiler is, install built the native client and the hook line runs it: the
    // warm figures and the kill -9 fallback below are the native client's.
    if (await hasCompiler()) {
      const line = await installedHook(d.agent, c.home);
      assert.ok(line.includes(`$guard_hook `), `no native client in the hook line: ${line}`);
    }
    const without = await newCase(d.agent);
    await d.configure(without);
    let pid: number | undefined;
    try {
      const started = await guardTask(c, ["serve", "--detach"]);
      assert.equal(started.code, 0, `guard serve --detach: ${started.stdout}\n${started.stderr}`);
      const s0 = await serveTask(c, ["--status", "--json"]);
      assert.ok(s0.up && s0.pid, `the evaluator is not up: ${JSON.stringify(s0)}`);
      pid = s0.pid;
      const times = { with: [] as number[], without: [] as number[] };
      const runs = 3;
      for (let i = 0; i < runs; i++) {
        for (const [side, k] of [["without", without], ["with", c]] as const) {
          const r = await runAgent(d, k, bin, d.shell(`echo warm-${i}`));
          assert.match(r.saw, new RegExp(`warm-${i}`), describe(r));
          times[side].push(r.ms);
        }
      }
      const s1 = await serveTask(c, ["--status", "--json"]);
      const hooks = hookDecisions(c, d.agent, "PreToolUse").length +
        hookDecisions(c, d.agent, "PostToolUse").length;
      assert.ok(
        (s1.served ?? 0) - (s0.served ?? 0) >= runs,
        `the evaluator answered ${(s1.served ?? 0) - (s0.served ?? 0)} of ${hooks} hook calls`,
      );
      const own = await timeInstalledHook(d, c);
      recordWarmCost(d.agent, {
        withoutMs: median(times.without),
        withMs: median(times.with),
        runs,
        hooksPerCall: hooks / runs,
        ...own,
      });
      const warmStop = await runAgent(d, c, bin, d.shell(dangerousCommand(d)));
      assert.ok(exists(c.target), `${d.agent}: the home directory was deleted (warm)`);
      assertShortStop(warmStop.saw, /guard: BLOCKED \[abs\.[a-z-]+\]/, d.agent);
      // SIGKILL: no shutdown, the socket file left behind with nobody listening.
      Deno.kill(pid, "SIGKILL");
      for (let i = 0; i < 50 && (await serveTask(c, ["--status", "--json"])).up; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const cold = await runAgent(d, c, bin, d.shell(dangerousCommand(d)));
      assert.ok(exists(c.target), `${d.agent}: the home directory was deleted (evaluator killed)`);
      assertShortStop(cold.saw, /guard: BLOCKED \[abs\.[a-z-]+\]/, d.agent);
      const marker = `after-kill-${crypto.randomUUID().slice(0, 8)}`;
      const benign = await runAgent(d, c, bin, d.shell(`echo ${marker}`));
      assert.match(benign.saw, new RegExp(marker), describe(benign));
      const v = await guardTask(c, ["audit", "verify"]);
      assert.equal(v.code, 0, `audit verify after kill -9: ${v.stdout}\n${v.stderr}`);
      pid = undefined;
    } finally {
      if (pid !== undefined) {
        try {
          Deno.kill(pid, "SIGTERM");
        } catch { /* gone */ }
      }
      await removeCase(c);
      await removeCase(without);
    }
  },
};

/** The lines of the case's serve.log (the evaluator's stderr) that match `re`. */
function serveLog(c: CaseDirs, re: RegExp): string[] {
  let text = "";
  try {
    text = Deno.readTextFileSync(`${c.home}/.aiguard/serve.log`);
  } catch { /* none yet */ }
  return text.split("\n").filter((l) => re.test(l));
}

/**
 * Where no service manager runs (this sandbox, a container), the session-start hook
 * `guard install` writes beside the tool hook starts the resident evaluator in the background.
 * Each case runs in a PID namespace that ends with the agent, so an evaluator lives for one
 * session here, and ends as a kill -9 ends it — its socket left behind. So: a session whose one
 * call takes 4 s has its evaluator start and answer that call's PostToolUse (serve.log says
 * so); the next session's dangerous call is still stopped; a third session starts a new
 * evaluator over the stale socket; the audit log verifies.
 */
export const SESSION_START: Scenario = {
  id: "session-start",
  title:
    "without a service manager the session start starts guard serve; killed with the session, the next one starts again",
  run: async (d, bin) => {
    const c = await installedCase(d);
    try {
      const up = /guard serve: version .* listening on /;
      const answered = /guard serve: answered its first hook call \(--agent /;
      assert.equal(serveLog(c, up).length, 0, "an evaluator started before any session");
      const first = await runAgent(d, c, bin, d.shell("sleep 4; echo session-one"));
      assert.match(first.saw, /session-one/, describe(first));
      assert.equal(
        serveLog(c, up).length,
        1,
        `the session start started no evaluator:\n${describe(first)}`,
      );
      assert.equal(
        serveLog(c, answered).length,
        1,
        `the evaluator answered no hook call of the session:\n${serveLog(c, /./).join("\n")}`,
      );
      const stop = await runAgent(d, c, bin, d.shell(dangerousCommand(d)));
      assert.ok(exists(c.target), `${d.agent}: the home directory was deleted`);
      assertShortStop(stop.saw, /guard: BLOCKED \[abs\.[a-z-]+\]/, d.agent);
      const third = await runAgent(d, c, bin, d.shell("sleep 4; echo session-three"));
      assert.match(third.saw, /session-three/, describe(third));
      assert.ok(
        // The second session's evaluator may die still warming (its agent stops at once).
        serveLog(c, up).length >= 2 && serveLog(c, answered).length >= 2,
        `each session's start should start an evaluator over the stale socket:\n${
          serveLog(c, /./).join("\n")
        }`,
      );
      const v = await guardTask(c, ["audit", "verify"]);
      assert.equal(v.code, 0, `audit verify: ${v.stdout}\n${v.stderr}`);
    } finally {
      await removeCase(c);
    }
  },
};
