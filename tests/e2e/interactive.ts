/**
 * Claude Code in its terminal UI, not `claude -p`: a medium ask from guard must arrive as
 * Claude Code's own permission prompt (a human sits at it), a "No" there means the call does
 * not run, and a "Yes" runs it and guard records `ask.native.allowed` from PostToolUse.
 *
 * The real CLI runs under tmux inside the case's sandbox (only loopback, the mock model).
 * This file is also the driver run there: started with a JSON spec as its argument, it opens
 * the tmux session, waits for the prompt, answers it by the option's label, waits for the turn
 * to end, quits with `/exit`, and prints what the pane showed as one JSON line.
 */
import assert from "node:assert/strict";
import { auditEntries, type CaseDirs, DENO, exists, removeCase } from "./harness.ts";
import type { Driver } from "./drivers.ts";
import type { ScriptedCall } from "./mock_model.ts";
import { runCase } from "./sandbox.ts";
import { describe, installedCase, type Scenario } from "./scenarios.ts";
import { REPO_ROOT } from "../../scripts/guard_flags.ts";

const TMUX = "/usr/bin/tmux";
const SELF = new URL(import.meta.url).pathname;
const PROMPT = "Run the tool call you are given.";
/** What Claude Code asks under every permission prompt. */
const QUESTION = /Do you want to proceed\?/;
/** The mock model's answer once it has the tool's result: the turn is over. */
const TURN_DONE = /All done\./;
/** Bound for each wait on the pane (Claude starts, a hook answers, a turn ends in seconds). */
const WAIT_MS = 60_000;
/** Bound for the whole interactive run inside the sandbox. */
const RUN_MS = 150_000;

/** What the sandboxed driver is told to do. */
interface PaneSpec {
  bin: string;
  sock: string;
  conf: string;
  /** The label of the prompt option to choose (`Yes`, `No`). */
  answer: string;
  /** Pane text that shows the turn ended after the answer. */
  after: string;
}

/** What the pane showed: at the prompt, after the answer, after quitting. */
export interface PaneRun {
  prompt: string;
  after: string;
  final: string;
  /** The prompt's numbered options, as shown (`1. Yes`, …). */
  options: string[];
  /** Why the driver stopped early (the panes then hold what it last saw). */
  error?: string;
}

/** A run as the scenario sees it: the panes and what the model was sent as the tool's result. */
export interface InteractiveRun extends PaneRun {
  saw: string;
  /** Claude Code's session id, from the `claude --resume <id>` it prints on exit. */
  session: string;
}

// ── the driver, inside the sandbox ─────────────────────────────────────────

async function tmux(spec: PaneSpec, ...args: string[]): Promise<string> {
  const o = await new Deno.Command(TMUX, {
    args: ["-S", spec.sock, "-f", spec.conf, ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(o.stderr).trim();
  if (!o.success) throw new Error(`tmux ${args[0]}: exit ${o.code}: ${err}`);
  return new TextDecoder().decode(o.stdout);
}

const capture = (spec: PaneSpec) => tmux(spec, "capture-pane", "-p", "-J", "-t", "guard");

/** Polls the pane until `done` holds; throws with what it says when the bound passes or Claude exits. */
async function waitPane(
  spec: PaneSpec,
  what: string,
  done: (pane: string) => boolean,
  seen: { last: string },
): Promise<string> {
  const until = Date.now() + WAIT_MS;
  while (true) {
    seen.last = await capture(spec);
    if (done(seen.last)) return seen.last;
    const dead = (await tmux(spec, "display-message", "-p", "-t", "guard", "#{pane_dead}")).trim();
    if (dead === "1") throw new Error(`Claude Code exited while waiting for ${what}`);
    if (Date.now() > until) throw new Error(`no ${what} within ${WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The prompt's numbered options below its question (`❯ 1. Yes`, `  2. No`). */
function optionsOf(pane: string): string[] {
  const lines = pane.split("\n");
  const q = lines.findIndex((l) => QUESTION.test(l));
  const out: string[] = [];
  for (const l of lines.slice(q + 1)) {
    const m = /^\s*(?:❯\s*)?(\d+\.\s+.*?)\s*$/.exec(l);
    if (m) out.push(m[1]);
    else if (out.length) break;
  }
  return out;
}

async function drive(spec: PaneSpec): Promise<PaneRun> {
  const run: PaneRun = { prompt: "", after: "", final: "", options: [] };
  const seen = { last: "" };
  try {
    // remain-on-exit keeps the pane (and its last screen) after Claude Code exits.
    await Deno.writeTextFile(
      spec.conf,
      [
        "set -g remain-on-exit on",
        "set -g focus-events on",
        "set -g history-limit 5000",
        "",
      ].join("\n"),
    );
    await tmux(spec, "new-session", "-d", "-s", "guard", "-x", "200", "-y", "50", spec.bin, PROMPT);
    run.prompt = await waitPane(spec, "permission prompt", (p) => {
      if (!QUESTION.test(p) && TURN_DONE.test(p)) {
        throw new Error("the turn ended without a permission prompt");
      }
      return QUESTION.test(p);
    }, seen);
    run.options = optionsOf(run.prompt);
    const pick = run.options.map((o) => /^(\d+)\.\s+(.*)$/.exec(o)!)
      .find((m) => m[2] === spec.answer);
    if (!pick) throw new Error(`the prompt offers no "${spec.answer}": ${run.options.join(" | ")}`);
    await tmux(spec, "send-keys", "-t", "guard", pick[1]);
    const after = new RegExp(spec.after);
    run.after = await waitPane(
      spec,
      `the end of the turn (${spec.after})`,
      (p) => after.test(p) && !QUESTION.test(p),
      seen,
    );
    // The slash-command menu opens as /exit is typed; Enter then runs the highlighted /exit.
    await tmux(spec, "send-keys", "-t", "guard", "-l", "/exit");
    await waitPane(spec, "/exit typed", (p) => /Exit the CLI/.test(p), seen);
    await tmux(spec, "send-keys", "-t", "guard", "Enter");
    const isDead = async () =>
      (await tmux(spec, "display-message", "-p", "-t", "guard", "#{pane_dead}")).trim() === "1";
    const until = Date.now() + WAIT_MS;
    while (!(await isDead())) {
      if (Date.now() > until) throw new Error(`Claude Code did not exit on /exit`);
      await new Promise((r) => setTimeout(r, 200));
    }
    run.final = await capture(spec);
  } catch (e) {
    run.error = (e as Error).message;
    if (!run.prompt) run.prompt = seen.last;
    else if (!run.after) run.after = seen.last;
    else run.final = seen.last;
  } finally {
    await tmux(spec, "kill-server").catch(() => {});
  }
  return run;
}

if (import.meta.main) {
  const run = await drive(JSON.parse(Deno.args[0]) as PaneSpec);
  console.log(JSON.stringify(run));
  Deno.exit(0);
}

// ── the scenario ───────────────────────────────────────────────────────────

/**
 * What a user who has started Claude Code once has in `~/.claude.json`: onboarding done, the
 * API key's confirmation given, the project's folder trusted. Merged into what is there.
 */
export async function seedClaudeState(c: CaseDirs, apiKey: string): Promise<void> {
  const path = `${c.home}/.claude.json`;
  let cfg: Record<string, unknown> = {};
  try {
    cfg = JSON.parse(await Deno.readTextFile(path));
  } catch { /* none yet */ }
  const projects = (cfg.projects ?? {}) as Record<string, Record<string, unknown>>;
  const responses = (cfg.customApiKeyResponses ?? {}) as { approved?: string[] };
  cfg = {
    ...cfg,
    hasCompletedOnboarding: true,
    lastOnboardingVersion: "2.1.197",
    lastReleaseNotesSeen: "2.1.197",
    theme: "dark",
    // Claude Code remembers a confirmed key by its last 20 characters.
    customApiKeyResponses: {
      ...responses,
      approved: [...new Set([...(responses.approved ?? []), apiKey.slice(-20)])],
      rejected: [],
    },
    projects: {
      ...projects,
      [c.project]: {
        ...projects[c.project],
        hasTrustDialogAccepted: true,
        hasCompletedProjectOnboarding: true,
      },
    },
  };
  await Deno.writeTextFile(path, JSON.stringify(cfg, null, 2) + "\n", { mode: 0o600 });
}

/** One interactive Claude Code session in the case's sandbox; the prompt answered with `answer`. */
export async function interactiveRun(
  d: Driver,
  c: CaseDirs,
  bin: string,
  call: ScriptedCall,
  opts: { answer: string; after: string; path?: string },
): Promise<InteractiveRun> {
  const env = { ...d.command(c, bin).env };
  if (opts.path) env.PATH = `${opts.path}:${env.PATH}`;
  const spec: PaneSpec = {
    bin,
    sock: `${c.tmp}/tmux.sock`,
    conf: `${c.tmp}/tmux.conf`,
    answer: opts.answer,
    after: opts.after,
  };
  const r = await runCase({
    call,
    argv: [
      DENO,
      "run",
      "-A",
      "--cached-only",
      "--config",
      `${REPO_ROOT}/deno.json`,
      SELF,
      JSON.stringify(spec),
    ],
    env,
    cwd: c.project,
    timeoutMs: RUN_MS,
  });
  assert.ok(!r.error && !r.timedOut, `the interactive driver did not finish:\n${describe(r)}`);
  const line = r.stdout.trim().split("\n").at(-1) ?? "";
  let run: PaneRun;
  try {
    run = JSON.parse(line);
  } catch {
    assert.fail(`the interactive driver printed no result:\n${describe(r)}`);
  }
  const panes =
    `\n--- at the prompt ---\n${run.prompt.trimEnd()}\n--- after ---\n${run.after.trimEnd()}\n--- at the end ---\n${run.final.trimEnd()}`;
  assert.ok(!run.error, `claude (answer ${opts.answer}): ${run.error}${panes}`);
  assert.deepEqual(r.problems, [], `the mock model saw problems:\n${describe(r)}${panes}`);
  assert.ok(
    r.log.some((l) => l.answer === "tool-call"),
    `Claude Code never asked the model for its tool call:\n${describe(r)}${panes}`,
  );
  for (const p of ["prompt", "after", "final"] as const) {
    await Deno.writeTextFile(`${c.root}/pane-${opts.answer.toLowerCase()}-${p}.txt`, run[p]);
  }
  const session = /claude --resume ([0-9a-f-]{36})/.exec(run.final)?.[1];
  assert.ok(session, `Claude Code printed no session id on exit${panes}`);
  return { ...run, saw: r.toolResults.join("\n"), session };
}

const PROVEN_IN_CLAUDE = "the interactive prompt is proven in Claude Code; " +
  "headless cells cover the others";

export const NATIVE_PROMPT: Scenario = {
  id: "native-prompt",
  title: "a medium ask in Claude Code's terminal UI arrives as its own prompt; " +
    "declined, the call does not run; allowed, it runs and guard logs it",
  skip: { codex: PROVEN_IN_CLAUDE, gemini: PROVEN_IN_CLAUDE, copilot: PROVEN_IN_CLAUDE },
  run: async (d, bin) => {
    const c = await installedCase(d);
    try {
      await seedClaudeState(c, d.command(c, bin).env.ANTHROPIC_API_KEY);
      // An unknown program (default.ask, medium) that exists, so an allowed call succeeds
      // (Claude Code calls PostToolUse only for a tool that succeeded).
      const tools = `${c.root}/bin`;
      await Deno.mkdir(tools);
      await Deno.writeTextFile(`${tools}/mystery-tool`, "#!/bin/sh\necho mystery-tool built\n", {
        mode: 0o755,
      });
      const marker = `${c.project}/ran-marker`;
      const call = d.shell(`touch ${marker} && mystery-tool build`);
      const events = () => auditEntries(c).filter((e) => e.source === "hook:claude");
      const count = (ev: string) => events().filter((e) => e.event === ev);

      // Declined: Claude Code's own prompt, with guard's line; "No" and nothing runs.
      const no = await interactiveRun(d, c, bin, call, {
        answer: "No",
        after: "Interrupted",
        path: tools,
      });
      const shown = `\n--- the prompt ---\n${no.prompt.trimEnd()}`;
      assert.match(no.prompt, /Hook PreToolUse:Bash requires confirmation/, shown);
      assert.match(no.prompt, /guard: ASK \[default\.ask\] \(medium\)/, shown);
      assert.match(no.prompt, /mystery-tool build/, shown);
      assert.ok(!exists(marker), `the declined call ran (ran-marker exists)${shown}`);
      assert.ok(!/mystery-tool built/.test(no.saw), `the model saw the output: ${no.saw}`);
      const asked = count("ask.native");
      assert.equal(asked.length, 1, `ask.native events: ${JSON.stringify(events())}`);
      assert.equal(asked[0].session, no.session, "the ask is not this session's");
      assert.equal(asked[0].decision.rule, "default.ask");
      assert.ok(asked[0].call.includes("mystery-tool build"), asked[0].call);
      assert.equal(count("ask.native.allowed").length, 0, "a declined call logged as allowed");
      assert.equal(count("challenge.created").length, 0, "the ask went out of band");

      // Allowed: the same call in a new session; "Yes" runs it, PostToolUse records it.
      const yes = await interactiveRun(d, c, bin, call, {
        answer: "Yes",
        after: TURN_DONE.source,
        path: tools,
      });
      const shownYes =
        `\n--- the prompt ---\n${yes.prompt.trimEnd()}\n--- after ---\n${yes.after.trimEnd()}`;
      assert.match(yes.prompt, /guard: ASK \[default\.ask\] \(medium\)/, shownYes);
      assert.ok(exists(marker), `the allowed call did not run${shownYes}`);
      assert.match(yes.after, /mystery-tool built/, shownYes);
      assert.match(yes.saw, /mystery-tool built/, "the model did not see the call's output");
      const asks = count("ask.native");
      const allowed = count("ask.native.allowed");
      assert.equal(asks.length, 2, `ask.native events: ${JSON.stringify(events())}`);
      assert.equal(allowed.length, 1, `ask.native.allowed events: ${JSON.stringify(events())}`);
      assert.equal(allowed[0].token, asks[1].token, "the allowed run is not the one asked");
      assert.equal(asks[1].session, yes.session, "the second ask is not this session's");
      assert.equal(allowed[0].session, yes.session, "allowed in another session");
      assert.equal(count("challenge.created").length, 0, "the ask went out of band");
    } finally {
      await removeCase(c);
    }
  },
};
