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
import {
  nativeClientPath,
  socketPath,
  startedStampPath,
  stoppedMarkerPath,
} from "../src/cli/flags.ts";
import {
  AUTOSTART_BACKOFF_S,
  buildNativeClient,
  hasCompiler,
  nativeSource,
  stampPath,
  startLinePath,
  wantedStamp,
  writeStartLine,
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

/** The start line's own record of having run (a line appended to `log` each time). */
function countLines(path: string): number {
  try {
    return Deno.readTextFileSync(path).split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

Deno.test({
  name:
    "native client: a call that finds nobody listening starts the evaluator with the start line — once per backoff, never when stopped, opted out, answered, late, or given a line another could write",
  ignore: !HAS_CC,
  fn: async () => {
    const home = await tempHome("guard-native4-");
    try {
      await Deno.mkdir(`${home}/.aiguard`, { mode: 0o700 });
      assert.equal((await buildNativeClient(home, MAIN_TS)).status, "built");
      const log = `${home}/started.log`;
      const stamp = startedStampPath(home);
      const line = `echo started >> ${log}`;
      writeStartLine(home, line);
      assert.equal((await Deno.stat(startLinePath(home))).mode! & 0o777, 0o600);
      const rm = codexShell("rm -rf ~", `${home}/p`);
      // A fallback that prints what the thin client would, without a Deno start per case.
      const fallback = ["/bin/sh", "-c", "cat >/dev/null; echo stopped >&2; exit 2", "evaluate"];
      const on = { AIGUARD_NO_AUTOSTART: "" };
      const age = (seconds: number) => {
        const t = new Date(Date.now() - seconds * 1000);
        Deno.utimeSync(stamp, t, t);
      };
      /** Runs one call; then waits until the start line ran `want` times in all (or 10 s). */
      const call = async (want: number, env: Record<string, string> = on) => {
        const r = await nativeRun(home, fallback, rm, env);
        assert.deepEqual([r.code, r.stderr], [2, "stopped\n"], JSON.stringify(r));
        for (let i = 0; i < 200 && countLines(log) < want; i++) {
          await new Promise((res) => setTimeout(res, 50));
        }
        return countLines(log);
      };
      const cases: [string, () => void | Promise<void>, number][] = [
        ["no socket, no stamp: it starts", () => {}, 1],
        ["again at once: the stamp is fresh", () => {}, 1],
        ["the stamp older than the backoff", () => age(AUTOSTART_BACKOFF_S + 5), 2],
        ["a stamp ahead of the clock counts as old", () => age(-3600), 3],
        ["stopped by guard serve --stop", () => {
          age(AUTOSTART_BACKOFF_S + 5);
          Deno.writeTextFileSync(stoppedMarkerPath(home), "x");
        }, 3],
        ["the line writable by the group", () => {
          Deno.removeSync(stoppedMarkerPath(home));
          Deno.chmodSync(startLinePath(home), 0o620);
        }, 3],
        ["the line a symbolic link", () => {
          Deno.chmodSync(startLinePath(home), 0o600);
          Deno.renameSync(startLinePath(home), `${home}/line`);
          Deno.symlinkSync(`${home}/line`, startLinePath(home));
        }, 3],
        ["no line at all", () => Deno.removeSync(startLinePath(home)), 3],
        [
          "an empty line",
          () => Deno.writeTextFileSync(startLinePath(home), "", { mode: 0o600 }),
          3,
        ],
        ["a stale socket (refused at connect): it starts", () => {
          writeStartLine(home, line);
          Deno.listen({ transport: "unix", path: socketPath(home) }).close();
        }, 4],
      ];
      for (const [why, arrange, want] of cases) {
        await arrange();
        assert.equal(await call(want), want, why);
      }
      age(AUTOSTART_BACKOFF_S + 5);
      assert.equal(await call(4, { AIGUARD_NO_AUTOSTART: "1" }), 4, "opted out");
      await Deno.remove(socketPath(home)).catch(() => {});
      // An evaluator that answers, or one that accepts and answers late: it is up, nothing starts.
      for (
        const [why, answer] of [
          ["answered", replyLine({ v: VERSION, code: 2, stderr: "stopped" })],
          ["late", UNUSABLE_ANSWERS.find(([w]) => w === "silent")![1]],
        ] as [string, FakeAnswer][]
      ) {
        const stop = fake(home, answer);
        const r = await nativeRun(home, fallback, rm, on);
        await stop();
        assert.equal(r.code, 2, why);
        assert.equal(countLines(log), 4, why);
      }
      // Detached: the agent's wait for the hook's output does not wait for the started process,
      // which holds /dev/null and none of the hook's descriptors.
      age(AUTOSTART_BACKOFF_S + 5);
      const fifo = `${home}/go`;
      assert.equal((await runProcess("mkfifo", [fifo], { env: guardEnv(home) })).code, 0);
      const fds = `${home}/fds`;
      // The started shell's descriptors as `ls` inherits them with its own stdout redirected.
      writeStartLine(
        home,
        `cat ${fifo} >/dev/null; echo started >> ${log}; exec ls -l /proc/self/fd > ${fds}`,
      );
      // The call must return while the start line still waits on the fifo; if it does not
      // within 20 s, the fifo is released (so the test ends) and the test fails.
      const pending = nativeRun(home, fallback, rm, on);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const returned = await Promise.race([
        pending.then(() => true),
        new Promise<boolean>((res) => timer = setTimeout(() => res(false), 20_000)),
      ]);
      clearTimeout(timer);
      const release = () => Deno.open(fifo, { write: true }).then((w) => w.close());
      if (!returned) await release();
      const r = await pending;
      assert.ok(returned, "the hook call waited for the process it started");
      assert.equal(r.code, 2);
      assert.equal(countLines(log), 4, "the start line ran before it was let go");
      await release();
      assert.equal(await call(5), 5);
      if (Deno.build.os === "linux") {
        let held: string[] = [];
        for (let i = 0; i < 200 && !held.length; i++) {
          await new Promise((res) => setTimeout(res, 50));
          held = countLines(fds) > 0
            ? Deno.readTextFileSync(fds).split("\n").filter((l) => / -> /.test(l)).map((l) =>
              l.replace(/^.* (\d+) -> (.*)$/, "$1 $2")
            )
            : [];
        }
        // stdin and stderr /dev/null, stdout the redirection; beyond them only ls's own
        // reading of /proc/self/fd.
        assert.deepEqual(held.slice(0, 3), ["0 /dev/null", `1 ${fds}`, "2 /dev/null"], held.join());
        assert.ok(held.slice(3).every((h) => h.includes("/proc/")), held.join());
      }
    } finally {
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name:
    "native client: after guard install the installed line starts the real evaluator on a call that finds it down; guard serve --stop keeps it down; --no-serve removes the start line",
  ignore: !HAS_CC,
  fn: async () => {
    const home = await tempHome("guard-native5-");
    const status = async () =>
      JSON.parse((await runGuard(home, ["serve", "--status", "--json"])).stdout) as {
        up: boolean;
        served?: number;
      };
    try {
      await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
      const r = await runGuard(home, ["install", "--agent", "claude"]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /a call that finds the evaluator down starts it/);
      // The line is the session-start hook's, and install's own canary started nothing.
      assert.match(Deno.readTextFileSync(startLinePath(home)), / serve <\/dev\/null .*&$/);
      assert.match((await runGuard(home, ["doctor"])).stdout, /PASS {2}evaluator autostart: on/);
      assert.equal((await status()).up, false);
      await assert.rejects(() => Deno.stat(startedStampPath(home)));
      const cmd = JSON.parse(Deno.readTextFileSync(`${home}/.claude/settings.json`)).hooks
        .PreToolUse[0].hooks[0].command as string;
      const payload = (command: string) =>
        JSON.stringify({
          hook_event_name: "PreToolUse",
          cwd: `${home}/p`,
          tool_name: "Bash",
          tool_input: { command },
        });
      const viaLine = (command: string) =>
        runProcess("/bin/sh", ["-c", cmd], {
          env: guardEnv(home, { AIGUARD_NO_AUTOSTART: "" }),
          stdin: payload(command),
        });
      const first = await viaLine("rm -rf ~");
      assert.match(first.stdout, /"permissionDecision":"deny"/);
      let s = await status();
      for (let i = 0; i < 150 && !s.up; i++) {
        await new Promise((res) => setTimeout(res, 100));
        s = await status();
      }
      assert.ok(
        s.up,
        `no evaluator came up:\n${Deno.readTextFileSync(`${home}/.aiguard/serve.log`)}`,
      );
      const warm = await viaLine("rm -rf ~");
      assert.deepEqual([warm.code, warm.stdout], [first.code, first.stdout]);
      assert.ok(((await status()).served ?? 0) > (s.served ?? 0), "the next call was not its");
      // Stopped: a call finds it down and starts nothing, whatever the stamp's age.
      const stop = await runGuard(home, ["serve", "--stop"]);
      assert.equal(stop.code, 0, stop.stderr);
      const old = new Date(Date.now() - (AUTOSTART_BACKOFF_S + 5) * 1000);
      Deno.utimeSync(startedStampPath(home), old, old);
      const down = await viaLine("ls");
      assert.equal(down.code, 0, down.stderr);
      assert.equal(Deno.statSync(startedStampPath(home)).mtime?.getTime(), old.getTime());
      assert.equal((await status()).up, false);
      const doctor = await runGuard(home, ["doctor"]);
      assert.match(doctor.stdout, /evaluator autostart: paused by guard serve --stop/);
      // --no-serve: no start line, and doctor says autostart is off.
      const off = await runGuard(home, ["install", "--agent", "claude", "--no-serve"]);
      assert.equal(off.code, 0, off.stderr);
      assert.match(off.stdout, /--no-serve: hook calls do not start the evaluator/);
      await assert.rejects(() => Deno.stat(startLinePath(home)));
      assert.match((await runGuard(home, ["doctor"])).stdout, /evaluator autostart: off/);
    } finally {
      await runGuard(home, ["serve", "--stop"]).catch(() => {});
      await Deno.remove(home, { recursive: true }).catch(() => {});
    }
  },
});
