/**
 * `guard install` / `uninstall` and `guard doctor` through the real CLI with
 * the production flags: every agent's file (idempotent, backed up, others'
 * hooks kept, reversible), Codex's trust, Kimi's two homes, Copilot CLI's
 * user-level hooks, `--project` under `deno task` (the directory the user ran
 * it from), the fail-closed wrapper, and doctor's canary.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { parse as parseToml } from "smol-toml";
import { guardEnv, REPO_ROOT, runGuard, runProcess, tempHome } from "../scripts/guard_flags.ts";
import { codeFor, setupTotp } from "./totp_helpers.ts";
import { readReply } from "../src/cli/setup/canary.ts";
import { installedCommand } from "./installed_hook.ts";
import { hookHash, trustedHash } from "../src/cli/setup/codex_trust.ts";
import { type InstallAgent, isGuardStartCommand } from "../src/cli/setup/install.ts";

const AGENT_FILES: [InstallAgent, string, string][] = [
  ["claude", ".claude/settings.json", "PreToolUse"],
  ["codex", ".codex/hooks.json", "PreToolUse"],
  ["kimi", ".kimi-code/config.toml", "PreToolUse"],
  ["gemini", ".gemini/settings.json", "BeforeTool"],
  ["cursor", ".cursor/hooks.json", "beforeShellExecution"],
  ["copilot", ".copilot/hooks/guard.json", "preToolUse"],
];

function original(agent: string, rel: string, event: string): string {
  if (rel.endsWith(".toml")) {
    return 'model = "k2"\n\n[[hooks]]\nevent = "PreToolUse"\nmatcher = "Shell"\ncommand = "my-linter"\n';
  }
  const v = agent === "cursor" || agent === "copilot"
    ? {
      version: 1,
      hooks: { [event]: [{ type: "command", bash: "my-linter", command: "my-linter" }] },
    }
    : {
      theme: "dark",
      hooks: {
        [event]: [{ matcher: "Bash", hooks: [{ type: "command", command: "my-linter" }] }],
      },
    };
  return JSON.stringify(v, null, 2) + "\n";
}

/** Pipes `payload` through a hook command with sh, as the agents do. */
function throughHook(home: string, command: string, payload: unknown) {
  return runProcess("sh", ["-c", command], { env: guardEnv(home), stdin: JSON.stringify(payload) });
}

Deno.test("install / uninstall for every agent: idempotent, backed up, others' hooks kept, reversible, checked", async () => {
  const home = await tempHome("guard-install-");
  for (const [agent, rel, event] of AGENT_FILES) {
    const path = `${home}/${rel}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
    const before = original(agent, rel, event);
    await Deno.writeTextFile(path, before, { mode: 0o644 });
    const dry = await runGuard(home, ["install", "--agent", agent, "--dry-run"]);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /dry run: nothing written/);
    assert.equal(await Deno.readTextFile(path), before);

    const r = await runGuard(home, ["install", "--agent", agent]);
    assert.equal(r.code, 0, `${agent}: ${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /backup: .*guard-backup-/);
    // The installed command stops a canary call, offline, before install reports success.
    assert.match(r.stdout, /checked: a canary call through the installed hook was stopped/);
    const text = await Deno.readTextFile(path);
    assert.ok(text.includes("my-linter"), `${agent}: other hooks kept`);
    assert.ok(text.includes(`evaluate --agent ${agent}`), agent);
    assert.ok(text.includes(Deno.execPath()), `${agent}: absolute deno path`);
    assert.ok(text.includes("--cached-only"), `${agent}: no network at hook time`);
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o644, "mode kept");
    if (!rel.endsWith(".toml")) JSON.parse(text);
    else parseToml(text);

    const again = await runGuard(home, ["install", "--agent", agent]);
    assert.match(again.stdout, /already up to date/, agent);
    assert.equal(await Deno.readTextFile(path), text);

    const un = await runGuard(home, ["uninstall", "--agent", agent]);
    assert.equal(un.code, 0, un.stderr);
    const after = await Deno.readTextFile(path);
    assert.ok(!after.includes("evaluate --agent"), agent);
    if (rel.endsWith(".toml")) assert.equal(after, before);
    else assert.deepEqual(JSON.parse(after), JSON.parse(before));
  }
  // Bad input: a config that is not JSON is never overwritten.
  await Deno.writeTextFile(`${home}/.claude/settings.json`, "{not json");
  const bad = await runGuard(home, ["install", "--agent", "claude"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /not valid JSON/);
  assert.equal(await Deno.readTextFile(`${home}/.claude/settings.json`), "{not json");
  const unknown = await runGuard(home, ["install", "--agent", "vim"]);
  assert.equal(unknown.code, 2);
  await Deno.remove(home, { recursive: true });
});

Deno.test("the installed command stops each agent's calls in its own protocol, and runs the benign", async () => {
  const home = await tempHome("guard-hook-");
  const payloads: Record<InstallAgent, (command: string) => unknown> = {
    claude: (command) => ({
      session_id: "s",
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    }),
    codex: (command) => ({ ...payloads.claude(command) as object, turn_id: "t" }),
    kimi: (command) => ({
      ...payloads.claude(command) as object,
      tool_call_id: "c",
      tool_name: "Shell",
    }),
    gemini: (command) => ({
      session_id: "s",
      cwd: "/tmp",
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command },
    }),
    cursor: (command) => ({
      conversation_id: "s",
      generation_id: "g",
      hook_event_name: "beforeShellExecution",
      command,
      cwd: "/tmp",
      workspace_roots: ["/tmp"],
    }),
    copilot: (command) => ({
      sessionId: "s",
      timestamp: 1,
      cwd: "/tmp",
      toolName: "bash",
      toolArgs: { command },
    }),
  };
  for (const [agent, rel] of AGENT_FILES) {
    await Deno.mkdir(`${home}/${rel.split("/")[0]}`, { recursive: true, mode: 0o700 });
    assert.equal((await runGuard(home, ["install", "--agent", agent])).code, 0, agent);
    const command = installedCommand(agent, await Deno.readTextFile(`${home}/${rel}`));
    const rm = await throughHook(home, command, payloads[agent]("rm -rf ~"));
    const stop = readReply(agent, rm.code, rm.stdout, rm.stderr);
    assert.ok(stop.stopped, `${agent}: ${JSON.stringify(rm)}`);
    assert.match(stop.reason, /^guard: BLOCKED \[abs\.rm-protected\]/, agent);
    assert.equal(rm.stderr.trim().split("\n").length, 1, `${agent}: one line: ${rm.stderr}`);
    const ok = await throughHook(home, command, payloads[agent]("ls"));
    assert.ok(!readReply(agent, ok.code, ok.stdout, ok.stderr).stopped, `${agent}: ls stopped`);
    assert.equal(ok.stderr, "", agent);
  }
  await Deno.remove(home, { recursive: true });
});

Deno.test("never fail open: a missing deno, a broken source file or a killed guard still stop the call", async () => {
  const home = await tempHome("guard-broken-");
  // A copy of the checkout and a deno of its own, both broken on purpose below.
  const copy = `${home}/guard-copy`;
  const bin = `${home}/bin`;
  await Deno.mkdir(bin);
  for (const p of ["main.ts", "deno.json", "deno.lock", "src"]) {
    const o = new Deno.Command("cp", { args: ["-r", `${REPO_ROOT}/${p}`, `${copy}/`] });
    await Deno.mkdir(copy, { recursive: true });
    assert.equal((await o.output()).code, 0);
  }
  await Deno.link(Deno.execPath(), `${bin}/deno`).catch(() =>
    Deno.copyFile(Deno.execPath(), `${bin}/deno`)
  );
  for (const [, rel] of AGENT_FILES) {
    await Deno.mkdir(`${home}/${rel.split("/")[0]}`, { recursive: true, mode: 0o700 });
  }
  const install = async (agent: InstallAgent) => {
    const o = await new Deno.Command(`${bin}/deno`, {
      args: ["task", "--config", `${copy}/deno.json`, "guard", "install", "--agent", agent],
      env: guardEnv(home),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
  };
  const payload = {
    session_id: "s",
    cwd: "/tmp",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" }, // benign: only a broken guard could stop it
  };
  const commands: [InstallAgent, string][] = [];
  for (const [agent, rel] of AGENT_FILES) {
    await install(agent);
    const command = installedCommand(agent, await Deno.readTextFile(`${home}/${rel}`));
    assert.ok(
      command.includes(`${bin}/deno run`) && command.includes(`${copy}/src/cli/hook_client.ts`),
      command,
    );
    commands.push([agent, command]);
  }
  const shellPayload = (agent: InstallAgent) =>
    agent === "cursor"
      ? {
        conversation_id: "s",
        generation_id: "g",
        hook_event_name: "beforeShellExecution",
        command: "ls",
        cwd: "/tmp",
        workspace_roots: ["/tmp"],
      }
      : agent === "copilot"
      ? { timestamp: 1, cwd: "/tmp", toolName: "bash", toolArgs: { command: "ls" } }
      : agent === "gemini"
      ? { ...payload, hook_event_name: "BeforeTool", tool_name: "run_shell_command" }
      : agent === "kimi"
      ? { ...payload, tool_call_id: "c", tool_name: "Shell" }
      : payload;
  const expectStopped = async (why: string, rule: RegExp) => {
    for (const [agent, command] of commands) {
      const r = await throughHook(home, command, shellPayload(agent));
      const stop = readReply(agent, r.code, r.stdout, r.stderr);
      assert.ok(stop.stopped, `${why}: ${agent} ran the call: ${JSON.stringify(r)}`);
      assert.match(stop.reason, rule, `${why}: ${agent}`);
    }
  };
  // Working copy first: the benign call runs in every agent.
  for (const [agent, command] of commands) {
    const r = await throughHook(home, command, shellPayload(agent));
    assert.ok(
      !readReply(agent, r.code, r.stdout, r.stderr).stopped,
      `${agent}: ${JSON.stringify(r)}`,
    );
  }
  // 1. A source file that does not compile: guard answers FAIL-CLOSED itself.
  const evaluate = `${copy}/src/cli/evaluate.ts`;
  const good = await Deno.readTextFile(evaluate);
  await Deno.writeTextFile(evaluate, good + "\nthis is not typescript {{{\n");
  await expectStopped("a broken source file", /FAIL-CLOSED/);
  // 2. The hook's entry point itself broken (the thin client, src/cli/hook_client.ts, a module
  //    of its own): deno exits 1 before guard runs — the wrapper stops the call.
  for (const entry of ["src/cli/hook_client.ts"]) {
    const text = await Deno.readTextFile(`${copy}/${entry}`);
    await Deno.writeTextFile(`${copy}/${entry}`, "syntax error here ((((\n");
    await expectStopped(`a broken ${entry}`, /FAIL-CLOSED \[input\.guard-unavailable\] .*exit 1\b/);
    await Deno.writeTextFile(`${copy}/${entry}`, text);
  }
  // 3. An exit code that is none of guard's answers.
  const hook = await Deno.readTextFile(`${copy}/src/cli/hook_client.ts`);
  await Deno.writeTextFile(`${copy}/src/cli/hook_client.ts`, "Deno.exit(3);\n");
  await expectStopped("exit 3", /FAIL-CLOSED \[input\.guard-unavailable\] .*exit 3\b/);
  await Deno.writeTextFile(`${copy}/src/cli/hook_client.ts`, hook);
  await Deno.writeTextFile(evaluate, good);
  // 4. guard killed (SIGKILL: 137), here by a deno that kills itself.
  await Deno.remove(`${bin}/deno`);
  await Deno.writeTextFile(`${bin}/deno`, "#!/bin/sh\nkill -9 $$\n", { mode: 0o755 });
  await expectStopped("killed", /FAIL-CLOSED \[input\.guard-unavailable\] .*exit 137\b/);
  // 5. deno gone from the command's path (127).
  await Deno.remove(`${bin}/deno`);
  await expectStopped("no deno", /FAIL-CLOSED \[input\.guard-unavailable\] .*exit 127\b/);
  await Deno.remove(home, { recursive: true });
});

const sha = (t: string) => createHash("sha256").update(t).digest("hex");

Deno.test("codex: install records Codex's own trust for guard's hooks; a changed line is re-trusted; uninstall removes it", async () => {
  const home = await tempHome("guard-codex-");
  await Deno.mkdir(`${home}/.codex`, { mode: 0o700 });
  const hooks = `${home}/.codex/hooks.json`;
  const config = `${home}/.codex/config.toml`;
  // The user's own hook, already trusted, and a stale trust for guard's position.
  await Deno.writeTextFile(
    hooks,
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "my-linter" }] }],
      },
    }),
  );
  const mine = hookHash(sha, "PreToolUse", "Bash", { type: "command", command: "my-linter" });
  const userConfig = `model = "gpt-5.5"\n\n[hooks.state."${hooks}:pre_tool_use:0:0"]\n` +
    `trusted_hash = "${mine}"\n\n[hooks.state."${hooks}:pre_tool_use:1:0"]\ntrusted_hash = "sha256:stale"\n`;
  await Deno.writeTextFile(config, userConfig);
  const r = await runGuard(home, ["install", "--agent", "codex"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const cfg = JSON.parse(await Deno.readTextFile(hooks));
  const pre = cfg.hooks.PreToolUse[1];
  const post = cfg.hooks.PostToolUse[0];
  const toml = parseToml(await Deno.readTextFile(config)) as Record<string, unknown>;
  assert.equal(trustedHash(toml, `${hooks}:pre_tool_use:0:0`), mine, "the user's trust kept");
  assert.equal(
    trustedHash(toml, `${hooks}:pre_tool_use:1:0`),
    hookHash(sha, "PreToolUse", pre.matcher, pre.hooks[0]),
  );
  assert.equal(
    trustedHash(toml, `${hooks}:post_tool_use:0:0`),
    hookHash(sha, "PostToolUse", post.matcher, post.hooks[0]),
  );
  // The session-start hook that starts the evaluator is trusted the same way.
  const start = cfg.hooks.SessionStart[0];
  assert.ok(isGuardStartCommand(start.hooks[0].command));
  assert.equal(
    trustedHash(toml, `${hooks}:session_start:0:0`),
    hookHash(sha, "SessionStart", start.matcher, start.hooks[0]),
  );
  assert.equal(toml.model, "gpt-5.5");
  // doctor agrees: wired and trusted.
  const ok = await runGuard(home, ["doctor"]);
  assert.match(ok.stdout, /PASS {2}hook: codex \(user\)/);
  assert.match(ok.stdout, /PASS {2}hook: codex canary/);
  // The hook line changes (another guard command): Codex would skip it; doctor says so …
  pre.hooks[0].command = pre.hooks[0].command.replace("--quiet", "--quiet ");
  await Deno.writeTextFile(hooks, JSON.stringify(cfg, null, 2));
  const changed = await runGuard(home, ["doctor"]);
  assert.equal(changed.code, 1);
  assert.match(changed.stdout, /FAIL {2}hook: codex \(user\): .*another guard command/);
  // … and install puts guard's line back in its place, trusted again.
  assert.equal((await runGuard(home, ["install", "--agent", "codex"])).code, 0);
  const again = JSON.parse(await Deno.readTextFile(hooks));
  assert.equal(again.hooks.PreToolUse.length, 2, "guard's group kept its position");
  const toml2 = parseToml(await Deno.readTextFile(config)) as Record<string, unknown>;
  assert.equal(
    trustedHash(toml2, `${hooks}:pre_tool_use:1:0`),
    hookHash(sha, "PreToolUse", "*", again.hooks.PreToolUse[1].hooks[0]),
  );
  // A trust that does not match (a hand edit of config.toml) is a FAIL with the fix.
  const text = await Deno.readTextFile(config);
  await Deno.writeTextFile(
    config,
    text.replace(/(post_tool_use:0:0"\]\ntrusted_hash = "sha256:)[0-9a-f]{4}/, "$1dead"),
  );
  const untrusted = await runGuard(home, ["doctor"]);
  assert.match(
    untrusted.stdout,
    /FAIL {2}hook: codex trust: .*post_tool_use:0:0 changed since it was trusted/,
  );
  assert.match(untrusted.stdout, /fix: guard install --agent codex/);
  const un = await runGuard(home, ["uninstall", "--agent", "codex"]);
  assert.equal(un.code, 0, un.stderr);
  const toml3 = parseToml(await Deno.readTextFile(config)) as Record<string, unknown>;
  assert.equal(trustedHash(toml3, `${hooks}:pre_tool_use:1:0`), null);
  assert.equal(trustedHash(toml3, `${hooks}:session_start:0:0`), null);
  assert.equal(trustedHash(toml3, `${hooks}:pre_tool_use:0:0`), mine);
  assert.ok(!(await Deno.readTextFile(config)).includes("# >>> guard"), "no trace of guard left");
  // A config.toml guard cannot edit safely is never written.
  await Deno.writeTextFile(config, "[hooks]\nstate = { x = 1 }\n");
  const refused = await runGuard(home, ["install", "--agent", "codex"]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /config\.toml/);
  assert.equal(await Deno.readTextFile(config), "[hooks]\nstate = { x = 1 }\n");
  await Deno.remove(home, { recursive: true });
});

Deno.test("kimi: Kimi Code's ~/.kimi-code, kimi-cli's ~/.kimi, or both — whichever is installed", async () => {
  for (
    const [dirs, want] of [
      [[], [".kimi-code"]],
      [[".kimi"], [".kimi"]],
      [[".kimi-code"], [".kimi-code"]],
      [[".kimi", ".kimi-code"], [".kimi-code", ".kimi"]],
    ] as const
  ) {
    const home = await tempHome("guard-kimi-");
    for (const d of dirs) await Deno.mkdir(`${home}/${d}`, { mode: 0o700 });
    const r = await runGuard(home, ["install", "--agent", "kimi"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    for (const d of [".kimi-code", ".kimi"]) {
      let text = "";
      try {
        text = await Deno.readTextFile(`${home}/${d}/config.toml`);
      } catch { /* not written */ }
      assert.equal(
        text.includes("evaluate --agent kimi"),
        (want as readonly string[]).includes(d),
        `${dirs}: ${d}`,
      );
    }
    const un = await runGuard(home, ["uninstall", "--agent", "kimi"]);
    assert.equal(un.code, 0);
    const proj = await runGuard(home, ["install", "--agent", "kimi", "--project"]);
    assert.equal(proj.code, 2);
    assert.match(proj.stderr, /reads hooks only from your home/);
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("--project under deno task means the directory the user ran it from, never guard's checkout", async () => {
  const home = await tempHome("guard-project-");
  const proj = `${home}/work/app`;
  await Deno.mkdir(`${proj}/src`, { recursive: true });
  const task = (cwd: string, args: string[]) =>
    runProcess(Deno.execPath(), ["task", "--config", `${REPO_ROOT}/deno.json`, "guard", ...args], {
      cwd,
      env: guardEnv(home),
    });
  for (
    const [agent, rel] of [["copilot", ".github/hooks/guard.json"], [
      "claude",
      ".claude/settings.json",
    ], ["gemini", ".gemini/settings.json"]]
  ) {
    const r = await task(proj, ["install", "--agent", agent, "--project"]);
    assert.equal(r.code, 0, `${agent}: ${r.stdout}\n${r.stderr}`);
    assert.ok(
      (await Deno.readTextFile(`${proj}/${rel}`)).includes(`evaluate --agent ${agent}`),
      agent,
    );
  }
  // From guard's own checkout the project would be guard itself: refused with the right command.
  const own = await task(REPO_ROOT, ["install", "--agent", "copilot", "--project"]);
  assert.equal(own.code, 2);
  assert.match(
    own.stderr,
    /guard's own checkout, not your project.*--config .*deno\.json guard install --agent copilot --project/,
  );
  // Copilot's default is the user-level hook, which needs no folder trust.
  const user = await task(proj, ["install", "--agent", "copilot"]);
  assert.equal(user.code, 0, user.stderr);
  const cfg = JSON.parse(await Deno.readTextFile(`${home}/.copilot/hooks/guard.json`));
  assert.deepEqual(Object.keys(cfg.hooks), ["preToolUse", "postToolUse", "sessionStart"]);
  await Deno.remove(home, { recursive: true });
});

Deno.test("doctor: fails with fixes on a fresh machine, passes once installed and enrolled", async () => {
  const home = await tempHome("guard-doctor-");
  await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
  const fresh = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.equal(fresh.code, 1);
  assert.match(fresh.stdout, /FAIL {2}state directory: .* does not exist/);
  assert.match(
    fresh.stdout,
    /FAIL {2}hook: claude \(user\): .*guard is not wired\n\s+fix: guard install --agent claude/,
  );
  const setup = await setupTotp(home, (uri) => codeFor(uri));
  assert.equal(setup.code, 0, setup.out);
  assert.equal((await runGuard(home, ["install", "--agent", "claude"])).code, 0);
  const ok = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.equal(ok.code, 0, ok.stdout);
  assert.match(ok.stdout, /PASS {2}hook: claude \(user\)/);
  assert.match(
    ok.stdout,
    /PASS {2}hook: claude canary: a blocked call piped through the installed command was stopped/,
  );
  assert.match(ok.stdout, /(PASS|WARN) {2}second factor: TOTP enrolled/);
  assert.match(ok.stdout, /PASS {2}privileges: /);
  assert.match(ok.stdout, /PASS {2}hook: claude session start: .*starts the resident evaluator/);
  // The native hook client where a compiler is (built by install), else a WARN naming the cost.
  assert.match(
    ok.stdout,
    /(PASS {2}native hook client: .*built from this source|WARN {2}native hook client: not built)/,
  );
  const json = JSON.parse((await runGuard(home, ["doctor", "--json"])).stdout);
  assert.ok(Array.isArray(json) && json.every((c: { status: string }) => c.status));
  // The agent's own switch that turns hooks off is found and named.
  const settings = JSON.parse(await Deno.readTextFile(`${home}/.claude/settings.json`));
  await Deno.writeTextFile(
    `${home}/.claude/settings.json`,
    JSON.stringify({ ...settings, disableAllHooks: true }),
  );
  const off = await runGuard(home, ["doctor"]);
  assert.equal(off.code, 1);
  assert.match(off.stdout, /FAIL {2}hook: claude: .*disableAllHooks.*will not call guard/);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(settings));
  // Without its session-start hook (--no-serve, or edited out) or with another guard's: a WARN
  // with the fix, the tool hook still PASS.
  const noStart = { ...settings, hooks: { ...settings.hooks } };
  delete noStart.hooks.SessionStart;
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(noStart));
  const unstarted = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.match(unstarted.stdout, /PASS {2}hook: claude \(user\)/);
  assert.match(
    unstarted.stdout,
    /WARN {2}hook: claude session start: .*no session-start hook.*\n\s+fix: guard install --agent claude/,
  );
  // Another guard's start line: older flags (here without --quiet).
  const elsewhere = structuredClone(noStart);
  elsewhere.hooks.SessionStart = structuredClone(settings.hooks.SessionStart);
  const startHook = elsewhere.hooks.SessionStart[0].hooks[0];
  assert.ok(startHook.command.includes(" --quiet "), startHook.command);
  startHook.command = startHook.command.replace(" --quiet ", " ");
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(elsewhere));
  const other = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.match(other.stdout, /WARN {2}hook: claude session start: .*starts another guard/);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(settings));
  await runGuard(home, ["install", "--agent", "claude", "--no-serve"]);
  const noServe = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.match(noServe.stdout, /WARN {2}hook: claude session start: .*--no-serve/);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(settings));
  // A hook without the fail-closed wrapper (an older install) is a FAIL with the fix.
  const bare = JSON.stringify(settings).replace(/; s=\$\?;[^"]*/g, "");
  await Deno.writeTextFile(`${home}/.claude/settings.json`, bare);
  const old = await runGuard(home, ["doctor"]);
  assert.match(old.stdout, /FAIL {2}hook: claude \(user\): .*without the fail-closed wrapper/);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, JSON.stringify(settings));
  // A loose permission is found and named.
  await Deno.writeTextFile(`${home}/.aiguard/policy.toml`, "", { mode: 0o644 });
  await Deno.chmod(`${home}/.aiguard/policy.toml`, 0o644);
  const loose = await runGuard(home, ["doctor"], undefined, { env: { PWD: home } });
  assert.equal(loose.code, 1);
  assert.match(loose.stdout, /FAIL {2}(state directory|policy)/);
  await Deno.remove(home, { recursive: true });
});

Deno.test("doctor: Gemini's merged settings and Copilot's repository switch are what count", async () => {
  const home = await tempHome("guard-doctor2-");
  const proj = `${home}/proj`;
  await Deno.mkdir(`${proj}/.gemini`, { recursive: true });
  await Deno.mkdir(`${proj}/.github/copilot`, { recursive: true });
  for (const d of [".gemini", ".copilot"]) await Deno.mkdir(`${home}/${d}`, { mode: 0o700 });
  for (const a of ["gemini", "copilot"]) {
    assert.equal((await runGuard(home, ["install", "--agent", a])).code, 0);
  }
  const base = await runGuard(home, ["doctor"], undefined, { project: proj });
  assert.match(base.stdout, /PASS {2}hook: gemini canary/);
  assert.match(base.stdout, /PASS {2}hook: copilot canary/);
  assert.match(base.stdout, /WARN {2}hook: gemini folder trust: .* not a trusted folder/);
  // A workspace that switches hooks off wins over the user's settings in Gemini's merge.
  await Deno.writeTextFile(
    `${proj}/.gemini/settings.json`,
    JSON.stringify({ hooksConfig: { enabled: false } }),
  );
  // A repository's disableAllHooks switches off Copilot's user-level hooks too.
  await Deno.writeTextFile(
    `${proj}/.github/copilot/settings.json`,
    JSON.stringify({ disableAllHooks: true }),
  );
  const off = await runGuard(home, ["doctor"], undefined, { project: proj });
  assert.equal(off.code, 1);
  assert.match(off.stdout, /FAIL {2}hook: gemini: .*hooksConfig\.enabled = false/);
  assert.match(off.stdout, /FAIL {2}hook: copilot: .*disableAllHooks/);
  // An override of the agent's home: the agent reads another directory.
  const moved = await runGuard(home, ["doctor"], undefined, {
    env: { PWD: home, COPILOT_HOME: `${home}/elsewhere` },
  });
  assert.match(moved.stdout, /FAIL {2}hook: copilot: COPILOT_HOME is set/);
  await Deno.remove(home, { recursive: true });
});

Deno.test("guard's entry sees every call: never left inside a group with another matcher", async () => {
  const home = await tempHome("guard-matcher-");
  await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
  const path = `${home}/.claude/settings.json`;
  assert.equal((await runGuard(home, ["install", "--agent", "claude"])).code, 0);
  const installed = JSON.parse(await Deno.readTextFile(path));
  const guardHook = installed.hooks.PreToolUse[0].hooks[0];
  // Someone moved guard's handler into their own `Bash`-only group, next to their linter.
  await Deno.writeTextFile(
    path,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "my-linter" }, guardHook] },
        ],
        PostToolUse: installed.hooks.PostToolUse,
      },
    }),
  );
  assert.equal((await runGuard(home, ["install", "--agent", "claude"])).code, 0);
  const fixed = JSON.parse(await Deno.readTextFile(path));
  assert.deepEqual(fixed.hooks.PreToolUse[0], {
    matcher: "Bash",
    hooks: [{ type: "command", command: "my-linter" }],
  });
  assert.equal(fixed.hooks.PreToolUse[1].matcher, "*");
  assert.equal(fixed.hooks.PreToolUse[1].hooks[0].command, guardHook.command);
  // A group of its own keeps its place, whatever matcher it was given.
  fixed.hooks.PreToolUse[1].matcher = "Read";
  await Deno.writeTextFile(path, JSON.stringify(fixed));
  assert.equal((await runGuard(home, ["install", "--agent", "claude"])).code, 0);
  const again = JSON.parse(await Deno.readTextFile(path));
  assert.equal(again.hooks.PreToolUse.length, 2);
  assert.equal(again.hooks.PreToolUse[1].matcher, "*");
  await Deno.remove(home, { recursive: true });
});

/** Where each agent keeps its session-start hooks, and guard's entry's shape there. */
const START_FILES: [InstallAgent, string, string, Record<string, unknown>][] = [
  ["claude", ".claude/settings.json", "SessionStart", { matcher: "*", timeout: 10 }],
  ["codex", ".codex/hooks.json", "SessionStart", { matcher: "*", timeout: 10 }],
  ["gemini", ".gemini/settings.json", "SessionStart", { matcher: "*", timeout: 10000 }],
  ["copilot", ".copilot/hooks/guard.json", "sessionStart", { timeoutSec: 10 }],
];

/** guard's session-start entries in a hooks file: the command lines, wherever they sit. */
function startEntries(cfg: Record<string, unknown>, event: string): Record<string, unknown>[] {
  const list = ((cfg.hooks ?? {}) as Record<string, unknown[]>)[event] ?? [];
  const out: Record<string, unknown>[] = [];
  for (const g of list as Record<string, unknown>[]) {
    if (Array.isArray(g.hooks)) {
      for (const h of g.hooks as Record<string, unknown>[]) {
        if (isGuardStartCommand(h.command)) out.push({ ...h, matcher: g.matcher });
      }
    } else if (isGuardStartCommand(g.bash)) out.push(g);
  }
  return out;
}

Deno.test("session start: install adds the hook that starts the evaluator beside the tool hook; --no-serve and uninstall take it out, others' kept", async () => {
  const home = await tempHome("guard-start-");
  for (const [agent, rel, event, shape] of START_FILES) {
    const path = `${home}/${rel}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
    const own = agent === "copilot"
      ? { version: 1, hooks: { [event]: [{ type: "command", bash: "my-banner" }] } }
      : { hooks: { [event]: [{ hooks: [{ type: "command", command: "my-banner" }] }] } };
    const before = JSON.stringify(own, null, 2) + "\n";
    await Deno.writeTextFile(path, before);
    const r = await runGuard(home, ["install", "--agent", agent]);
    assert.equal(r.code, 0, `${agent}: ${r.stdout}\n${r.stderr}`);
    // No service manager answers here: install says the session start will start it.
    assert.match(
      r.stdout,
      /session-start hook (and the native client )?starts? it in the background/,
      agent,
    );
    const cfg = JSON.parse(await Deno.readTextFile(path));
    const mine = startEntries(cfg, event);
    assert.equal(mine.length, 1, `${agent}: one session-start entry`);
    for (const [k, v] of Object.entries(shape)) assert.equal(mine[0][k], v, `${agent}: ${k}`);
    const line = String(mine[0].command ?? mine[0].bash);
    assert.match(line, / serve <\/dev\/null >\/dev\/null 2>>\S+\/\.aiguard\/serve\.log &$/, agent);
    assert.ok(!/--allow-run|--allow-all|-A /.test(line), `${agent}: no program grant`);
    assert.ok(line.includes(`--allow-net=unix:${home}/.aiguard/guard.sock `), agent);
    assert.ok(JSON.stringify(cfg).includes("my-banner"), `${agent}: the user's own kept`);
    assert.match(
      (await runGuard(home, ["install", "--agent", agent])).stdout,
      /already up to date/,
      agent,
    );
    // --no-serve: no evaluator started by install, so no session-start entry; the tool hook stays.
    assert.equal((await runGuard(home, ["install", "--agent", agent, "--no-serve"])).code, 0);
    const bare = JSON.parse(await Deno.readTextFile(path));
    assert.equal(startEntries(bare, event).length, 0, `${agent}: --no-serve took it out`);
    assert.ok(JSON.stringify(bare).includes(`evaluate --agent ${agent}`), agent);
    assert.equal((await runGuard(home, ["install", "--agent", agent])).code, 0);
    const un = await runGuard(home, ["uninstall", "--agent", agent]);
    assert.equal(un.code, 0, un.stderr);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(path)), own, `${agent}: uninstall`);
  }
  // Kimi Code and Cursor: no session-start hook guard has proven in the real agent.
  for (
    const [agent, rel] of [["kimi", ".kimi-code/config.toml"], ["cursor", ".cursor/hooks.json"]]
  ) {
    const path = `${home}/${rel}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
    assert.equal((await runGuard(home, ["install", "--agent", agent])).code, 0);
    assert.ok(!/ serve <\/dev\/null/.test(await Deno.readTextFile(path)), agent);
  }
  await Deno.remove(home, { recursive: true });
});

Deno.test("session start: the hook's line returns at once with no output, starts one evaluator, and a second start leaves it", async () => {
  const home = await tempHome("guard-start-run-");
  await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
  assert.equal((await runGuard(home, ["install", "--agent", "claude"])).code, 0);
  await Deno.remove(`${home}/.aiguard/serve.log`).catch(() => {});
  const cfg = JSON.parse(await Deno.readTextFile(`${home}/.claude/settings.json`));
  const line = String(startEntries(cfg, "SessionStart")[0].command);
  const status = async () => {
    const s = await runGuard(home, ["serve", "--status", "--json"]);
    return JSON.parse(s.stdout) as { up: boolean; pid?: number };
  };
  const waitUp = async () => {
    for (let i = 0; i < 150; i++) {
      const s = await status();
      if (s.up) return s;
      await new Promise((r) => setTimeout(r, 200));
    }
    return await status();
  };
  try {
    const first = await runProcess("sh", ["-c", line], { env: guardEnv(home) });
    assert.equal(first.code, 0);
    assert.equal(
      first.stdout + first.stderr,
      "",
      "an agent adds a session hook's output to context",
    );
    const up = await waitUp();
    assert.ok(up.up && up.pid, "the evaluator came up");
    const again = await runProcess("sh", ["-c", line], { env: guardEnv(home) });
    assert.equal(again.code, 0);
    assert.equal(again.stdout + again.stderr, "");
    for (let i = 0; i < 100; i++) {
      if (/already answers/.test(await Deno.readTextFile(`${home}/.aiguard/serve.log`))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = await Deno.readTextFile(`${home}/.aiguard/serve.log`);
    assert.match(log, /an evaluator already answers on /, log);
    assert.equal((log.match(/listening on /g) ?? []).length, 1, log);
    assert.equal((await status()).pid, up.pid, "the running evaluator was left alone");
    // The installed hook is answered by it (one line in its log on the first answer).
    const hook = cfg.hooks.PreToolUse[0].hooks[0].command as string;
    const r = await throughHook(home, hook, {
      session_id: "s1",
      cwd: home,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status" },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      await Deno.readTextFile(`${home}/.aiguard/serve.log`),
      /answered its first hook call \(--agent claude\)/,
    );
  } finally {
    await runGuard(home, ["serve", "--stop"]);
    await Deno.remove(home, { recursive: true });
  }
});
