/**
 * The native hook client (src/cli/native/guard_hook.c, src/cli/native/native_client.ts): its bounds
 * equal the thin client's; `guard install` compiles it and the hook line runs it in front of the
 * thin client; every answer it cannot use ends in the thin client's line with the same stdin, so
 * the agent reads what the in-process hook prints. (The whole corpus, byte for byte, through it:
 * tests/serve_test.ts.) Skipped where the machine has no C compiler.
 */
import assert from "node:assert/strict";
import {
  CLIENT_TIMEOUT_MS,
  FORWARDED_ENV,
  MAX_HEADER,
  MAX_PAYLOAD,
  MAX_REPLY,
  VERSION,
} from "../src/cli/hook_client.ts";
import { nativeClientPath, socketPath } from "../src/cli/flags.ts";
import {
  buildNativeClient,
  hasCompiler,
  nativeSource,
  stampPath,
  wantedStamp,
} from "../src/cli/native/native_client.ts";
import {
  clientRunFlags,
  guardEnv,
  HOOK_TS,
  MAIN_TS,
  runGuard,
  runProcess,
  startEvaluator,
  tempHome,
} from "../scripts/guard_flags.ts";
import {
  type FakeAnswer,
  fakeEvaluator,
  replyLine,
  UNUSABLE_ANSWERS,
} from "./fixtures/evaluator_answers.ts";

const enc = new TextEncoder();

/** Is there a C compiler (what install looks for)? */
const HAS_CC = await hasCompiler();

Deno.test("native client: its bounds, variables and version are the thin client's", () => {
  const c = Deno.readTextFileSync(nativeSource(MAIN_TS));
  const num = (name: string) => {
    const m = new RegExp(`#define ${name} \\(?([0-9 *]+)\\)?\\n`).exec(c);
    assert.ok(m, name);
    return m[1].split("*").reduce((a, x) => a * Number(x.trim()), 1);
  };
  assert.equal(num("MAX_PAYLOAD"), MAX_PAYLOAD);
  assert.equal(num("MAX_HEADER"), MAX_HEADER);
  assert.equal(num("MAX_REPLY"), MAX_REPLY);
  assert.equal(num("CLIENT_TIMEOUT_MS"), CLIENT_TIMEOUT_MS);
  const env = /FORWARDED_ENV\[\] = \{([^}]*)\}/.exec(c);
  assert.ok(env);
  assert.deepEqual(env[1].split(",").map((s) => s.trim().replace(/"/g, "")), [...FORWARDED_ENV]);
});

/** The thin client's command line for `home`, as the native client's fallback. */
function thinLine(home: string, agent: string): string[] {
  return [Deno.execPath(), ...clientRunFlags(home), HOOK_TS, "evaluate", "--agent", agent];
}

function codexShell(command: string, cwd: string): string {
  return JSON.stringify({
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    turn_id: "t",
  });
}

/** Runs the native client in front of `fallback` with `stdin`, as the installed line does. */
function nativeRun(home: string, fallback: string[], stdin: string | Uint8Array, env = {}) {
  return runProcess(nativeClientPath(home), fallback, {
    env: { ...guardEnv(home), ...env },
    stdin,
  });
}

/** A fake evaluator on `home`'s socket answering with `answer`. */
const fake = (home: string, answer: FakeAnswer) => fakeEvaluator(socketPath(home), answer);

Deno.test({
  name:
    "native client: every answer it cannot use — none, refused, late, malformed, not ASCII, another version — ends in the thin client with the same stdin",
  ignore: !HAS_CC,
  fn: async () => {
    const home = await tempHome("guard-native-");
    try {
      await Deno.mkdir(`${home}/.aiguard`, { mode: 0o700 });
      const built = await buildNativeClient(home, MAIN_TS);
      assert.equal(built.status, "built", JSON.stringify(built));
      const rm = codexShell("rm -rf ~", `${home}/p`);
      const ls = codexShell("ls", `${home}/p`);
      const fallback = thinLine(home, "codex");
      // No socket: the thin client runs with stdin untouched and decides in-process.
      const none = await nativeRun(home, fallback, rm);
      assert.equal(none.code, 2, none.stderr);
      assert.match(none.stderr, /BLOCKED \[abs\./);
      assert.equal((await nativeRun(home, fallback, ls)).code, 0);
      const expected = none.stderr;
      for (const [why, answer] of UNUSABLE_ANSWERS) {
        const stop = fake(home, answer);
        const r = await nativeRun(home, fallback, rm);
        await stop();
        assert.equal(r.code, 2, `${why}: ${JSON.stringify(r)}`);
        assert.equal(r.stderr, expected, why);
      }
      // A socket file nobody listens on (a killed evaluator): refused at connect.
      Deno.listen({ transport: "unix", path: socketPath(home) }).close();
      await Deno.lstat(socketPath(home)).catch(() =>
        Deno.writeFile(socketPath(home), new Uint8Array())
      );
      assert.equal((await nativeRun(home, fallback, rm)).stderr, expected);
      await Deno.remove(socketPath(home));
      // HOME unusable: the thin client decides (and says what it says without a home).
      for (const h of ["relative/home", ""]) {
        const thin = await runProcess(fallback[0], fallback.slice(1), {
          env: { ...guardEnv(home), HOME: h },
          stdin: rm,
        });
        const nat = await nativeRun(home, fallback, rm, { HOME: h });
        assert.deepEqual([nat.code, nat.stderr, nat.stdout], [thin.code, thin.stderr, thin.stdout]);
      }
      // A payload past the bound is replayed whole to the thin client, which names it too large.
      const big = new Uint8Array(MAX_PAYLOAD + 10).fill(0x20);
      const thinBig = await runProcess(fallback[0], fallback.slice(1), {
        env: guardEnv(home),
        stdin: big,
      });
      const stopBig = fake(home, replyLine({ v: VERSION, code: 0 }));
      const natBig = await nativeRun(home, fallback, big);
      await stopBig();
      assert.equal(natBig.code, 2);
      assert.equal(natBig.stderr, thinBig.stderr);
      // No `evaluate` among its arguments: a stop, nothing run.
      const usage = await runProcess(nativeClientPath(home), ["/bin/true"], {
        env: guardEnv(home),
        stdin: rm,
      });
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /^guard: FAIL-CLOSED \[input\.internal-error\] usage/);
      // A fallback that cannot start: exit 127 as the shell's, nothing printed (the hook's
      // wrapper turns it into the agent's stop with its one line), never exit 0.
      const gone = await nativeRun(home, ["/nonexistent/deno", "evaluate", "--agent", "codex"], rm);
      assert.deepEqual([gone.code, gone.stdout, gone.stderr], [127, "", ""]);
    } finally {
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name:
    "native client: an evaluator's answer is printed as the thin client prints it (escapes, surrogates, empty outputs, repeated keys)",
  ignore: !HAS_CC,
  fn: async () => {
    const home = await tempHome("guard-native2-");
    try {
      await Deno.mkdir(`${home}/.aiguard`, { mode: 0o700 });
      assert.equal((await buildNativeClient(home, MAIN_TS)).status, "built");
      const answers: unknown[] = [
        { v: VERSION, code: 2, stderr: 'é 😀 \ud800 x \udc00 \t"\\/\b\f\r' },
        { v: VERSION, code: 0, stdout: '{"a":"\\u0000"}', stderr: "" },
        { v: VERSION, code: 0 },
        {
          v: VERSION,
          code: 2,
          stdout: "one",
          stderr: "two",
          extra: [1, { x: null }, true, -1.5e3],
        },
      ];
      // The evaluator writes ASCII JSON (hook_client.ts asciiJson): every character past U+007F
      // escaped, lone surrogates included.
      const ascii = (v: unknown) =>
        JSON.stringify(v).replace(
          /[\u0080-\uffff]/g,
          (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
        );
      const rawRepeated = `{"v":"${VERSION}","code":0,"stdout":"first","stdout":"second"}`;
      const lines = [...answers.map(ascii), rawRepeated];
      for (const text of lines) {
        const answer = (c: Deno.Conn) => c.write(enc.encode(text + "\n"));
        const thin = fake(home, answer);
        const a = await runProcess(Deno.execPath(), thinLine(home, "claude").slice(1), {
          env: guardEnv(home),
          stdin: "{}",
        });
        await thin();
        const nat = fake(home, answer);
        const b = await nativeRun(
          home,
          ["/nonexistent/fallback", "evaluate", "--agent", "claude"],
          "{}",
        );
        await nat();
        assert.deepEqual([b.code, b.stderr, b.stdout], [a.code, a.stderr, a.stdout], text);
      }
    } finally {
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name:
    "native client: install compiles it and the hook runs it; without the binary the line runs the thin client; --no-native and uninstall remove it",
  ignore: !HAS_CC,
  fn: async () => {
    const home = await tempHome("guard-native3-");
    try {
      await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
      const r = await runGuard(home, ["install", "--agent", "claude", "--no-serve"]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /native hook client: compiled ~\/\.aiguard\/bin\/guard-hook/);
      const bin = nativeClientPath(home);
      assert.equal((await Deno.stat(bin)).mode! & 0o777, 0o700);
      assert.equal((await Deno.readTextFile(stampPath(home))).trim(), wantedStamp(MAIN_TS));
      const settings = () => JSON.parse(Deno.readTextFileSync(`${home}/.claude/settings.json`));
      const cmd = settings().hooks.PreToolUse[0].hooks[0].command as string;
      assert.ok(cmd.startsWith(`guard_hook=${bin}; [ -x "$guard_hook" ] || guard_hook=; `), cmd);
      assert.ok(cmd.includes(`$guard_hook ${Deno.execPath()} run `), cmd);
      assert.ok(
        cmd.endsWith(
          ` ${HOOK_TS} evaluate --agent claude` + cmd.slice(cmd.indexOf(";", cmd.indexOf(HOOK_TS))),
        ),
        cmd,
      );
      assert.match(
        (await runGuard(home, ["install", "--agent", "claude", "--no-serve"])).stdout,
        /native hook client: ~\/\.aiguard\/bin\/guard-hook is current/,
      );
      // Through the installed line, as an agent runs it: warm when the evaluator is up.
      const payload = JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: `${home}/p`,
        tool_name: "Bash",
        tool_input: { command: "rm -rf ~" },
      });
      const viaLine = () =>
        runProcess("/bin/sh", ["-c", cmd], { env: guardEnv(home), stdin: payload });
      const cold = await viaLine();
      assert.match(cold.stdout, /"permissionDecision":"deny"/);
      const ev = await startEvaluator(home);
      try {
        const warm = await viaLine();
        assert.deepEqual([warm.code, warm.stdout, warm.stderr], [
          cold.code,
          cold.stdout,
          cold.stderr,
        ]);
        const st = await runGuard(home, ["serve", "--status"]);
        assert.match(st.stdout + st.stderr, /[1-9][0-9]* decision/);
      } finally {
        await ev.stop();
      }
      // The binary gone (a hand-cleaned state directory): the same line runs the thin client.
      await Deno.remove(bin);
      const without = await viaLine();
      assert.deepEqual([without.code, without.stdout], [cold.code, cold.stdout]);
      // --no-native: no binary, and a line without it.
      await runGuard(home, ["install", "--agent", "claude", "--no-serve"]);
      assert.ok(await Deno.stat(bin));
      const off = await runGuard(home, [
        "install",
        "--agent",
        "claude",
        "--no-serve",
        "--no-native",
      ]);
      assert.equal(off.code, 0, off.stderr);
      assert.match(off.stdout, /--no-native: removed/);
      await assert.rejects(() => Deno.stat(bin));
      assert.ok(!String(settings().hooks.PreToolUse[0].hooks[0].command).includes("guard_hook"));
      // Uninstall of the last hook removes it.
      await runGuard(home, ["install", "--agent", "claude", "--no-serve"]);
      assert.ok(await Deno.stat(bin));
      const un = await runGuard(home, ["uninstall", "--agent", "claude", "--no-serve"]);
      assert.equal(un.code, 0, un.stderr);
      await assert.rejects(() => Deno.stat(bin));
      await assert.rejects(() => Deno.stat(stampPath(home)));
    } finally {
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
});
