/**
 * The hook resolves modules without the configuration file: `--no-config --lock=hook.lock --frozen`
 * (src/cli/flags.ts `hookLockFlags`, ADR 0024 fourth pass). hook.lock must be deno.lock's cut for
 * the packages guard's `src/` names by full specifier, those specifiers must pin what the import map
 * pins, and a lock that lacks a package the hook needs must stop the call, never let it run.
 */
import assert from "node:assert/strict";
import denoConfig from "../deno.json" with { type: "json" };
import { hookLock, hookLockText, npmRoots } from "../scripts/hook_lock.ts";
import { guardEnv, REPO_ROOT, runProcess, tempHome } from "../scripts/guard_flags.ts";
import { hookCommand, hookLockFlags } from "../src/cli/flags.ts";

Deno.test("hook.lock: exactly deno.lock's cut for the hook's packages (`deno task hook-lock`)", () => {
  assert.equal(Deno.readTextFileSync(`${REPO_ROOT}/hook.lock`), hookLockText());
});

Deno.test("hook.lock: the full specifiers in src/ pin the import map's versions, and cover the hook's packages", () => {
  const roots = npmRoots(`${REPO_ROOT}/src`);
  const map = denoConfig.imports as Record<string, string>;
  for (const r of roots) {
    const name = r.slice(4, r.lastIndexOf("@"));
    assert.equal(map[name], r, `${r}: deno.json's import map pins ${map[name]}`);
  }
  // What the hook's late imports can load: the TOML parser, brace expansion, tree-sitter and the
  // three inline grammars. A bare name among them would fail under --no-config.
  for (
    const p of [
      "smol-toml",
      "brace-expansion",
      "web-tree-sitter",
      "tree-sitter-bash",
      "tree-sitter-python",
      "tree-sitter-javascript",
      "tree-sitter-typescript",
    ]
  ) assert.ok(roots.some((r) => r.startsWith(`npm:${p}@`)), `${p} is not named by full specifier`);
});

Deno.test("hook.lock: the cut follows dependencies, picks the version the lock names, and refuses a gap", () => {
  const lock: Parameters<typeof hookLock>[0] = {
    version: "5",
    specifiers: { "npm:a@1.0.0": "1.0.0", "npm:z@2.0.0": "2.0.0" },
    npm: {
      "a@1.0.0": { integrity: "i-a", dependencies: ["b", "c@2.0.0"] },
      "b@3.0.0": { integrity: "i-b" },
      "c@1.0.0": { integrity: "i-c1" },
      "c@2.0.0": { integrity: "i-c2" },
      "z@2.0.0": { integrity: "i-z" },
    },
  };
  const cut = hookLock(lock, ["npm:a@1.0.0"]);
  assert.deepEqual(Object.keys(cut.npm), ["a@1.0.0", "b@3.0.0", "c@2.0.0"]);
  assert.deepEqual(cut.specifiers, { "npm:a@1.0.0": "1.0.0" });
  assert.deepEqual(cut.workspace, { dependencies: ["npm:a@1.0.0"] });
  assert.throws(() => hookLock(lock, ["npm:q@1.0.0"]), /does not pin npm:q@1.0.0/);
  const gap = structuredClone(lock);
  delete gap.npm["b@3.0.0"];
  assert.throws(() => hookLock(gap, ["npm:a@1.0.0"]), /does not pin one b/);
});

Deno.test("hook.lock: the installed command runs without the configuration file, on hook.lock, frozen", () => {
  const main = `${REPO_ROOT}/main.ts`;
  const cmd = hookCommand("/home/u", "claude", main);
  assert.deepEqual(hookLockFlags(main), [
    "--no-config",
    `--lock=${REPO_ROOT}/hook.lock`,
    "--frozen",
  ]);
  assert.ok(cmd.includes(` ${hookLockFlags(main).join(" ")} `), cmd);
});

Deno.test("hook.lock: a lock without a package the hook loads stops the call; the real one answers", async () => {
  const home = await tempHome();
  try {
    await Deno.mkdir(`${home}/.aiguard`, { mode: 0o700 });
    const broken = `${home}/broken.lock`;
    const lock = JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/hook.lock`));
    delete lock.npm["balanced-match@4.0.4"]; // brace-expansion's one dependency
    Deno.writeTextFileSync(broken, JSON.stringify(lock, null, 2));
    const payload = (command: string) =>
      JSON.stringify({
        session_id: "s-lock",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
        cwd: home,
      });
    const run = async (cmd: string, command: string) => {
      const o = await runProcess("/bin/sh", ["-c", cmd], {
        cwd: home,
        env: guardEnv(home, { PWD: home }),
        stdin: payload(command),
      });
      return { code: o.code, err: o.stderr };
    };
    const real = hookCommand(home, "codex", `${REPO_ROOT}/main.ts`);
    const bad = real.replace(`--lock=${REPO_ROOT}/hook.lock`, `--lock=${broken}`);
    assert.notEqual(bad, real);
    for (const command of ["ls", "echo {a,b}.txt"]) {
      const ok = await run(real, command);
      assert.equal(ok.code, 0, `${command}: ${ok.err}`);
      const stopped = await run(bad, command);
      assert.equal(
        stopped.code,
        2,
        `${command} ran on a lock that lacks a package: ${stopped.err}`,
      );
      assert.match(stopped.err, /FAIL-CLOSED/);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
