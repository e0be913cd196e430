/**
 * Where asks are answered, in the real agents: a medium ask in a headless run (and in Claude
 * Code's bypassPermissions mode) is a stop carrying a challenge and the call does not run; with
 * `asks = "native"` each agent's own ask in a headless run never turns into a run; an asked MCP
 * call through the hook and `guard proxy` needs exactly one approval (Claude Code). The
 * interactive prompt itself is tests/e2e/interactive.ts.
 */
import assert from "node:assert/strict";
import { approve, auditEntries, type CaseDirs, DENO, exists, guardTask } from "./harness.ts";
import { codeFor } from "../../scripts/totp_driver.ts";
import type { Driver } from "./drivers.ts";
import { REPO_ROOT } from "../../scripts/guard_flags.ts";
import { runCase } from "./sandbox.ts";
import {
  AGENT_TIMEOUT_MS,
  assertShortStop,
  describe,
  installedCase,
  runAgent,
  type Scenario,
} from "./scenarios.ts";
import { removeCase } from "./harness.ts";

async function withCase(d: Driver, fn: (c: CaseDirs) => Promise<void>): Promise<void> {
  const c = await installedCase(d);
  try {
    await fn(c);
  } finally {
    await removeCase(c);
  }
}

/** A medium-risk ask (an unknown program) whose running would leave a marker. */
function mediumAsk(c: CaseDirs): { command: string; marker: string } {
  const marker = `${c.project}/ran-${crypto.randomUUID().slice(0, 8)}`;
  return { command: `touch ${marker} && mystery-tool build`, marker };
}

const CHALLENGE = /AIGUARD_CHALLENGE:[0-9a-f]{12}/;

const MCP_ONLY = "guard mcp wrap covers Claude Code, Claude Desktop and Cursor configurations";

export const ASK_SCENARIOS: Scenario[] = [
  {
    id: "ask-headless",
    title: "a medium ask in a headless run (and Claude Code bypassPermissions) comes out of band",
    run: (d, bin) =>
      withCase(d, async (c) => {
        const modes: (string[] | null)[] = d.agent === "claude"
          ? [null, ["--permission-mode", "bypassPermissions"]]
          : [null];
        for (const extra of modes) {
          const { command, marker } = mediumAsk(c);
          const cmd = d.command(c, bin);
          const r = await runCase({
            call: d.shell(command),
            argv: extra ? [...cmd.argv, ...extra] : cmd.argv,
            // Claude Code refuses bypassPermissions as root outside a declared sandbox.
            env: extra ? { ...cmd.env, IS_SANDBOX: "1" } : cmd.env,
            cwd: c.project,
            timeoutMs: AGENT_TIMEOUT_MS,
          });
          const label = `${d.agent}${extra ? " " + extra.join(" ") : ""}`;
          assert.ok(!r.error && !r.timedOut, `${label}: ${describe(r)}`);
          assertShortStop(r.toolResults.join("\n"), CHALLENGE, label);
          assert.ok(!exists(marker), `${label}: the asked call ran`);
        }
        const events = auditEntries(c).filter((e) => e.source === `hook:${d.agent}`)
          .map((e) => e.event);
        assert.ok(events.includes("challenge.created"), events.join());
        assert.ok(!events.includes("ask.native"), `${d.agent}: a native ask without a human`);
      }),
  },
  {
    id: "native-headless",
    title: 'with asks = "native", the agent\'s own ask in a headless run never becomes a run',
    run: (d, bin) =>
      withCase(d, async (c) => {
        await Deno.writeTextFile(`${c.home}/.aiguard/policy.toml`, 'asks = "native"\n', {
          mode: 0o600,
        });
        const { command, marker } = mediumAsk(c);
        // Claude Code says it is headless (`-p`): guard keeps the ask out of band even so; the
        // others do not say, get their native ask, and refuse the call themselves.
        const r = await runAgent(d, c, bin, d.shell(command), { expectCall: false });
        assert.ok(!exists(marker), `${d.agent}: a native ask ran without a human:\n${describe(r)}`);
        const events = auditEntries(c).filter((e) => e.source === `hook:${d.agent}`)
          .map((e) => e.event);
        const native = d.agent === "gemini" || d.agent === "copilot";
        assert.ok(
          events.includes(native ? "ask.native" : "challenge.created"),
          `${d.agent}: ${events.join()}`,
        );
        if (!native) assertShortStop(r.saw, CHALLENGE, d.agent);
      }),
  },
  {
    id: "remember",
    title:
      "approve --remember project: later calls of the shape run in the agent, others still ask",
    run: (d, bin) =>
      withCase(d, async (c) => {
        // A project tool guard has no table for (it asks), present on the agent's PATH.
        const tools = `${c.root}/bin`;
        await Deno.mkdir(tools, { recursive: true });
        await Deno.writeTextFile(`${tools}/mystery-tool`, "#!/bin/sh\necho mystery-tool: $*\n", {
          mode: 0o755,
        });
        const cmd = d.command(c, bin);
        const env = { ...cmd.env, PATH: `${tools}:${cmd.env.PATH}` };
        const run = async (command: string) => {
          const r = await runCase({
            call: d.shell(command),
            argv: cmd.argv,
            env,
            cwd: c.project,
            timeoutMs: AGENT_TIMEOUT_MS,
          });
          assert.ok(!r.error && !r.timedOut, `${d.agent}: ${describe(r)}`);
          return r.toolResults.join("\n");
        };
        // Each call touches a marker first: it exists exactly when guard let the call run (Codex's
        // shell has its own PATH, so the tool itself may not be found there).
        const m = (n: number) => `${c.project}/ran-${n}`;
        const first = await run(`touch ${m(1)} && mystery-tool build --fast ./src`);
        assertShortStop(first, CHALLENGE, d.agent);
        assert.ok(!exists(m(1)), `${d.agent}: ran before approval`);
        const token = CHALLENGE.exec(first)![0].split(":")[1];
        const ok = await guardTask(c, ["approve", token, "--remember", "project"], {
          stdin: codeFor(c.totpUri, 30) + "\n",
        });
        assert.equal(ok.code, 0, ok.stdout + ok.stderr);
        const id = /remembered as (r[0-9a-f]{8})/.exec(ok.stdout)?.[1];
        assert.ok(id, ok.stdout);
        // Not the identical call: the same shape with other paths runs, through the agent.
        const later = await run(`touch ${m(2)} && mystery-tool build --fast ./lib/util`);
        assert.ok(!/guard: /.test(later), `${d.agent}: stopped: ${later}`);
        assert.ok(exists(m(2)), `${d.agent}: the remembered shape did not run: ${later}`);
        if (d.agent !== "codex") assert.match(later, /mystery-tool: build --fast \.\/lib\/util/);
        const other = await run(`touch ${m(3)} && mystery-tool deploy --fast ./src`);
        assertShortStop(other, CHALLENGE, d.agent);
        assert.ok(!exists(m(3)), `${d.agent}: another subcommand ran`);
        const pre = auditEntries(c).filter((e) =>
          e.source === `hook:${d.agent}` && e.call.includes("./lib/util")
        );
        assert.ok(
          pre.some((e) => e.event === "remembered" && e.decision.rule === `remembered.${id}`),
          `${d.agent}: ${JSON.stringify(pre.map((e) => [e.event, e.decision.rule]))}`,
        );
      }),
  },
  {
    id: "mcp-once",
    title: "an asked MCP call through the hook and guard proxy needs exactly one approval",
    skip: { codex: MCP_ONLY, gemini: MCP_ONLY, copilot: MCP_ONLY },
    run: (d, bin) =>
      withCase(d, async (c) => {
        await Deno.writeTextFile(
          `${c.home}/.claude.json`,
          JSON.stringify({
            mcpServers: {
              fixture: {
                type: "stdio",
                command: DENO,
                args: ["run", "--cached-only", "-A", `${REPO_ROOT}/tests/fixtures/mcp_server.ts`],
              },
            },
          }),
        );
        const wrap = await guardTask(c, ["mcp", "wrap", `${c.home}/.claude.json`]);
        assert.equal(wrap.code, 0, wrap.stdout + wrap.stderr);
        const call = { name: "mcp__fixture__secret", input: {} };
        const cmd = d.command(c, bin);
        const argv = cmd.argv.map((
          a,
        ) => (a === "Bash,Read" ? "Bash,Read,mcp__fixture__secret" : a));
        const run = async () => {
          const r = await runCase({
            call,
            argv,
            env: cmd.env,
            cwd: c.project,
            timeoutMs: AGENT_TIMEOUT_MS,
          });
          assert.ok(!r.error && !r.timedOut, describe(r));
          assert.deepEqual(r.problems, [], describe(r));
          return r.toolResults.join("\n");
        };
        const first = await run();
        assertShortStop(first, CHALLENGE, d.agent);
        const token = CHALLENGE.exec(first)![0].split(":")[1];
        const ok = await approve(c, token);
        assert.equal(ok.code, 0, ok.stdout + ok.stderr);
        const second = await run();
        assert.match(second, /\[REDACTED:aws-access-key-id\]/, `not through the proxy: ${second}`);
        assert.ok(!/APPROVAL NEEDED|AIGUARD_CHALLENGE/.test(second), `asked twice: ${second}`);
        const entries = auditEntries(c).filter((e) => e.tool === "mcp__fixture__secret");
        const count = (ev: string) => entries.filter((e) => e.event === ev).length;
        assert.equal(count("challenge.created"), 1, JSON.stringify(entries.map((e) => e.event)));
        assert.equal(count("approval.consumed"), 1);
        assert.equal(count("approval.hook-pass"), 1);
        assert.ok(
          entries.filter((e) => e.token).every((e) => e.token === token),
          "hook and proxy used one token",
        );
      }),
  },
];
