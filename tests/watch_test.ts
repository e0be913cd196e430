/**
 * `guard watch` end to end through the real CLI (production flags): asks created by
 * `guard evaluate` appear in the view; `a` + a TOTP code approves (what `guard approve` writes
 * and audits); inside the unlock window the next approval needs no code, but never for a
 * critical ask, never with unlock_minutes = 0 and never after a restart; wrong codes approve
 * nothing and lock; `d` denies; a challenge that vanished or was tampered with is refused at
 * the keystroke. Scripted through piped stdin (one key per line) and, for raw mode and the
 * terminal's restoration, through a real pseudo-terminal (python3's pty module).
 */
import assert from "node:assert/strict";
import {
  guardEnv,
  MAIN_TS,
  REPO_ROOT,
  runFlags,
  runGuard,
  tempHome,
} from "../scripts/guard_flags.ts";
import { codeFor, setupTotp } from "./totp_helpers.ts";

const enc = new TextEncoder();

/** An enrolled HOME whose confirmation spent the *previous* step: two fresh codes remain. */
async function enrolled(): Promise<{ home: string; uri: string; dir: string }> {
  const home = await tempHome("guard-watch-");
  const r = await setupTotp(home, (uri) => codeFor(uri, -30));
  assert.equal(r.code, 0, r.out);
  const dir = await Deno.makeTempDir({ prefix: "guard-watch-project-" });
  return { home, uri: r.uri, dir };
}

/** An ask, created the way an agent's call creates one: the hook itself. */
async function ask(home: string, command: string, cwd: string): Promise<string> {
  const payload = JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    cwd,
    session_id: "s1",
  });
  const r = await runGuard(home, ["evaluate", "--agent", "claude"], payload);
  const m = /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(r.stderr);
  assert.ok(m, `no challenge for ${command}: ${r.stderr}`);
  assert.ok(exists(`${home}/.aiguard/challenges/${m[1]}`));
  return m[1];
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

function approval(home: string, token: string): { method: string; call: string } | null {
  const p = `${home}/.aiguard/approved/${token}`;
  return exists(p) ? JSON.parse(Deno.readTextFileSync(p)) : null;
}

function auditEvents(home: string, token?: string): string[] {
  const p = `${home}/.aiguard/audit.jsonl`;
  if (!exists(p)) return [];
  return Deno.readTextFileSync(p).trim().split("\n").map((l) => JSON.parse(l))
    .filter((e) => token === undefined || e.token === token).map((e) => e.event);
}

function writePolicy(home: string, toml: string): void {
  Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, toml, { mode: 0o600 });
}

/** `guard watch` as a child with piped stdin: keys are written as lines. */
class Watch {
  readonly child: Deno.ChildProcess;
  text = "";
  private mark = 0;
  private exited = false;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly pumps: Promise<void>;

  constructor(home: string, args: string[] = []) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: [...runFlags(home), MAIN_TS, "watch", "--interval-ms", "100", ...args],
      cwd: REPO_ROOT,
      env: guardEnv(home),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.writer = this.child.stdin.getWriter();
    this.pumps = Promise.all([this.pump(this.child.stdout), this.pump(this.child.stderr)])
      .then(() => {});
    this.child.status.then(() => this.exited = true);
  }

  private async pump(s: ReadableStream<Uint8Array>): Promise<void> {
    const dec = new TextDecoder();
    for await (const chunk of s) this.text += dec.decode(chunk, { stream: true });
  }

  /** Waits for output after the previous match (a safety timeout, not an assertion on time). */
  async waitFor(re: RegExp): Promise<RegExpExecArray> {
    const deadline = Date.now() + 30_000;
    while (true) {
      const m = re.exec(this.text.slice(this.mark));
      if (m) {
        const start = this.mark + m.index;
        this.mark = start + m[0].length;
        return Object.assign(m, { index: start });
      }
      if (this.exited || Date.now() > deadline) {
        await new Promise((r) => setTimeout(r, 50));
        if (re.test(this.text.slice(this.mark))) continue;
        throw new Error(`no ${re} in guard watch's output:\n${this.text}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Output since the last match. */
  since(from: number): string {
    return this.text.slice(from);
  }

  get position(): number {
    return this.mark;
  }

  async key(line: string): Promise<void> {
    await this.writer.write(enc.encode(line + "\n"));
  }

  async quit(): Promise<number> {
    try {
      await this.writer.write(enc.encode("q\n"));
      await this.writer.close();
    } catch { /* exited already */ }
    const { code } = await this.child.status;
    await this.pumps;
    return code;
  }
}

/** The view's block for one ask (header line through its warning line). */
function blockOf(text: string, token: string): string {
  const i = text.lastIndexOf(`${token}  `);
  assert.ok(i >= 0, `${token} is not in the view:\n${text}`);
  return text.slice(i - 2, text.indexOf("warning:", i) + 200);
}

Deno.test("an ask appears; a + the TOTP code approves; inside the window the next ask needs no code; q exits 0", async () => {
  const { home, uri, dir } = await enrolled();
  const t1 = await ask(home, "mystery-tool --frob", dir);
  const w = new Watch(home);
  await w.waitFor(new RegExp(`> ${t1}  \\d+s  agent claude  session s1  risk medium`));
  const block = blockOf(w.text, t1);
  assert.match(block, /rule default\.ask/);
  assert.match(block, new RegExp(`cwd:\\s+${dir}`));
  assert.match(block, /command: mystery-tool --frob\n/);
  assert.match(block, /warning: A program guard has no table for/);
  assert.match(
    w.text,
    /1 pending · locked: the first approval asks the second factor, then 10 min/,
  );

  await w.key("a");
  await w.waitFor(new RegExp(`TOTP code for ${t1}\\?`));
  assert.equal(approval(home, t1), null, "nothing is approved before the code");
  await w.key(codeFor(uri));
  await w.waitFor(new RegExp(`approved ${t1} with totp: the identical call may run once`));
  assert.equal(approval(home, t1)?.method, "totp");
  assert.equal(approval(home, t1)?.call, "mystery-tool --frob");
  assert.ok(!exists(`${home}/.aiguard/challenges/${t1}`));
  assert.ok(auditEvents(home, t1).includes("approval.approved"));
  assert.ok(!exists(`${home}/.aiguard/watch`), "the unlock is never written to disk");
  await w.waitFor(/unlocked \(totp\) for \d+ min/);

  const t2 = await ask(home, "mystery-tool --second", dir);
  await w.waitFor(new RegExp(`> ${t2}  `));
  await w.key("a");
  const m = await w.waitFor(new RegExp(`TOTP code for ${t2}\\?|approved ${t2} with (\\S+):`));
  assert.equal(m[1], "watch-unlocked(totp)", `asked for a code inside the window:\n${w.text}`);
  assert.equal(approval(home, t2)?.method, "watch-unlocked(totp)");
  assert.ok(auditEvents(home, t2).includes("approval.approved"));

  assert.equal(await w.quit(), 0);
  assert.match(w.text, /stopped; the unlock window closed/);
  // The approval is what guard approve writes: the retry runs once.
  const retry = await runGuard(
    home,
    ["evaluate", "--agent", "claude"],
    JSON.stringify({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "mystery-tool --frob" },
      cwd: dir,
      session_id: "s1",
    }),
  );
  assert.doesNotMatch(retry.stderr, /APPROVAL NEEDED/);
  assert.ok(auditEvents(home, t1).includes("approval.consumed"));
});

interface WindowCase {
  name: string;
  policy?: string;
  flags?: string[];
  /** The second ask: an ordinary one, or a critical one (a fork bomb: ask, critical risk). */
  second: "ordinary" | "critical";
  /** guard watch exits and starts again between the two approvals. */
  restart?: boolean;
  needsCode: boolean;
  header: RegExp;
}

const WINDOW_CASES: WindowCase[] = [
  {
    name: "[watch] unlock_minutes = 0: every approval asks the code",
    policy: "[watch]\nunlock_minutes = 0\n",
    second: "ordinary",
    needsCode: true,
    header: /asked for every approval \(unlock_minutes = 0\)/,
  },
  {
    name: "--unlock-minutes 0 lowers the policy's default 10",
    flags: ["--unlock-minutes", "0"],
    second: "ordinary",
    needsCode: true,
    header: /asked for every approval/,
  },
  {
    name: "--unlock-minutes cannot raise the policy's 0",
    policy: "[watch]\nunlock_minutes = 0\n",
    flags: ["--unlock-minutes=30"],
    second: "ordinary",
    needsCode: true,
    header: /asked for every approval/,
  },
  {
    name: "the smaller of flag and policy: policy 5, flag 30 → 5 min unlocked",
    policy: "[watch]\nunlock_minutes = 5\n",
    flags: ["--unlock-minutes", "30"],
    second: "ordinary",
    needsCode: false,
    header: /then 5 min without/,
  },
  {
    name: "a critical ask always asks the code, inside the window too",
    second: "critical",
    needsCode: true,
    header: /then 10 min without/,
  },
  {
    name: "after exit and restart the window is locked again",
    second: "ordinary",
    restart: true,
    needsCode: true,
    header: /then 10 min without/,
  },
];

for (const tc of WINDOW_CASES) {
  Deno.test(`watch unlock window: ${tc.name}`, async () => {
    const { home, uri, dir } = await enrolled();
    if (tc.policy) writePolicy(home, tc.policy);
    const t1 = await ask(home, "mystery-tool one", dir);
    let w = new Watch(home, tc.flags);
    await w.waitFor(new RegExp(`> ${t1}  `));
    assert.match(w.text, tc.header);
    await w.key("a");
    await w.waitFor(new RegExp(`TOTP code for ${t1}\\?`));
    // Kept, not recomputed: on a loaded machine the 30 s step may turn before the replay below.
    const used = codeFor(uri);
    await w.key(used);
    await w.waitFor(new RegExp(`approved ${t1} with totp`));
    if (tc.restart) {
      assert.equal(await w.quit(), 0);
      w = new Watch(home, tc.flags);
    }
    const t2 = tc.second === "critical"
      ? await ask(home, ":(){ :|:& };:", dir)
      : await ask(home, "mystery-tool two", dir);
    await w.waitFor(
      new RegExp(`> ${t2}  .*risk ${tc.second === "critical" ? "critical" : "medium"}`),
    );
    await w.key("a");
    const m = await w.waitFor(new RegExp(`TOTP code for ${t2}\\?|approved ${t2} with (\\S+):`));
    if (!tc.needsCode) {
      assert.equal(m[1], "watch-unlocked(totp)", w.text);
      assert.equal(approval(home, t2)?.method, "watch-unlocked(totp)");
      assert.equal(await w.quit(), 0);
      return;
    }
    assert.equal(m[1], undefined, `approved without a code:\n${w.text}`);
    if (tc.second === "critical") {
      assert.match(w.text, /critical risk: the second factor is asked every time/);
    }
    // The code just used is a replay: refused, shown, nothing approved.
    await w.key(used);
    await w.waitFor(new RegExp(`not approved — that code was already used`));
    assert.equal(approval(home, t2), null);
    assert.ok(exists(`${home}/.aiguard/challenges/${t2}`), "still pending");
    // The next step's code approves it, with the factor's own method.
    await w.key("a");
    await w.waitFor(new RegExp(`TOTP code for ${t2}\\?`));
    await w.key(codeFor(uri, 30));
    await w.waitFor(new RegExp(`approved ${t2} with totp:`));
    assert.equal(approval(home, t2)?.method, "totp");
    if (tc.second === "critical") {
      // The critical approval is not remembered, and did not disturb the first unlock.
      const t3 = await ask(home, "mystery-tool three", dir);
      await w.waitFor(new RegExp(`> ${t3}  `));
      await w.key("a");
      const m3 = await w.waitFor(new RegExp(`TOTP code for ${t3}\\?|approved ${t3} with (\\S+):`));
      assert.equal(m3[1], "watch-unlocked(totp)", w.text);
    }
    assert.equal(await w.quit(), 0);
  });
}

Deno.test("watch: wrong codes approve nothing, count toward the lockout, and the lockout is shown", async () => {
  const { home, uri, dir } = await enrolled();
  const t1 = await ask(home, "mystery-tool deploy", dir);
  const w = new Watch(home);
  await w.waitFor(new RegExp(`> ${t1}  `));
  for (const left of ["2 attempts left", "1 attempt left", "locked for 5 min 0 s"]) {
    await w.key("a");
    await w.waitFor(new RegExp(`TOTP code for ${t1}\\?`));
    await w.key("000000");
    const m = await w.waitFor(/not approved — (.*)/);
    assert.match(m[1], new RegExp(left));
    assert.equal(approval(home, t1), null);
  }
  assert.match(w.text, /locked: the first approval asks/, "a failed factor unlocks nothing");
  // Locked: even the right code is not read, let alone accepted.
  const from = w.position;
  await w.key("a");
  await w.waitFor(/not approved — too many failed codes: locked for another [45] min/);
  assert.doesNotMatch(w.since(from), /TOTP code for/);
  await w.key(codeFor(uri)); // read as a key line: ignored
  assert.equal(await w.quit(), 0);
  assert.equal(approval(home, t1), null);
  assert.ok(exists(`${home}/.aiguard/challenges/${t1}`), "still pending");
  const events = auditEvents(home, t1);
  assert.equal(events.filter((e) => e === "approval.auth-failed").length, 3);
  assert.ok(events.includes("approval.locked-out"));
  assert.ok(!events.includes("approval.approved"));
});

Deno.test("watch: the oldest ask is selected; j/k move; d denies the selected one", async () => {
  const { home, dir } = await enrolled();
  const older = await ask(home, "mystery-tool older", dir);
  await new Promise((r) => setTimeout(r, 15)); // distinct created_at
  const newer = await ask(home, "mystery-tool newer", dir);
  const w = new Watch(home);
  await w.waitFor(new RegExp(`> ${older}  [^]*  ${newer}  `));
  await w.key("j");
  await w.waitFor(new RegExp(`  ${older}  [^]*> ${newer}  `));
  await w.key("j"); // already the last: stays
  await w.key("d");
  await w.waitFor(new RegExp(`denied ${newer}`));
  assert.ok(!exists(`${home}/.aiguard/challenges/${newer}`));
  assert.ok(exists(`${home}/.aiguard/challenges/${older}`), "only the selected one is denied");
  assert.ok(auditEvents(home, newer).includes("approval.denied"));
  await w.waitFor(new RegExp(`1 pending[^]*> ${older}  `));
  await w.key("k");
  await w.key("d");
  await w.waitFor(new RegExp(`denied ${older}`));
  await w.waitFor(/0 pending[^]*no pending asks/);
  assert.equal(await w.quit(), 0);
  assert.ok(
    !exists(`${home}/.aiguard/approved/${older}`) && !exists(`${home}/.aiguard/approved/${newer}`),
  );
});

interface RefusalCase {
  name: string;
  change: (path: string) => void;
  refused: RegExp;
}

const REFUSALS: RefusalCase[] = [
  {
    name: "a challenge that vanished after it was shown",
    change: (p) => Deno.removeSync(p),
    refused: /refused: no pending challenge [0-9a-f]{12}/,
  },
  {
    name: "a challenge tampered with (its call no longer hashes to its token)",
    change: (p) => {
      const c = JSON.parse(Deno.readTextFileSync(p));
      Deno.writeTextFileSync(p, JSON.stringify({ ...c, call: "rm -rf ~" }), { mode: 0o600 });
    },
    refused: /refused: challenge [0-9a-f]{12} was tampered with/,
  },
  {
    name: "a challenge changed since it was shown (another cwd, same call)",
    change: (p) => {
      const c = JSON.parse(Deno.readTextFileSync(p));
      Deno.writeTextFileSync(p, JSON.stringify({ ...c, cwd: "/elsewhere" }), { mode: 0o600 });
    },
    refused: /refused: challenge [0-9a-f]{12} changed since it was shown/,
  },
];

for (const tc of REFUSALS) {
  Deno.test(`watch refuses at the keystroke: ${tc.name}`, async () => {
    const { home, dir } = await enrolled();
    const t1 = await ask(home, "mystery-tool refuse", dir);
    // A long interval: the view still shows the challenge as it was when the key comes.
    const w = new Watch(home, ["--interval-ms", "60000"]);
    await w.waitFor(new RegExp(`> ${t1}  `));
    tc.change(`${home}/.aiguard/challenges/${t1}`);
    const from = w.position;
    await w.key("a");
    await w.waitFor(tc.refused);
    assert.doesNotMatch(w.since(from), /TOTP code for/, "no second factor for a refused ask");
    assert.equal(await w.quit(), 0);
    assert.equal(approval(home, t1), null);
    assert.ok(auditEvents(home, t1).includes("approval.refused"));
  });
}

Deno.test("watch: bad options exit 2 with the usage", async () => {
  for (const args of [["--bogus"], ["--interval-ms", "x"], ["--unlock-minutes"], ["extra"]]) {
    const r = await runGuard(await tempHome("guard-watch-"), ["watch", ...args], "");
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, /usage: guard watch/);
  }
});

// --- a real pseudo-terminal -------------------------------------------------------------------

/**
 * Runs a command on a new pty and follows steps: ["wait", regex] (bytes after the previous
 * match), ["send", text], ["signal", name], ["mode"] (records whether the pty is in raw mode
 * now). Prints JSON: exit code, whether the pty's termios after exit equals that before, the
 * raw-mode probes, the transcript.
 */
const PTY_DRIVER = String.raw`
import fcntl, json, os, re, select, signal, struct, subprocess, sys, termios, time
cmd, env, cwd, steps = json.loads(sys.argv[1])
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
before = termios.tcgetattr(slave)
p = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True)
buf = b""
pos = 0
res = {"ok": True, "raw": []}
def pump(t):
    global buf
    r, _, _ = select.select([master], [], [], t)
    if r:
        try:
            buf += os.read(master, 65536)
        except OSError:
            time.sleep(t)
try:
    for step in steps:
        if step[0] == "wait":
            rx = re.compile(step[1].encode())
            deadline = time.time() + 30
            while True:
                m = rx.search(buf, pos)
                if m:
                    pos = m.end()
                    break
                if time.time() > deadline:
                    raise Exception("timed out waiting for " + step[1])
                pump(0.05)
        elif step[0] == "send":
            os.write(master, step[1].encode())
        elif step[0] == "signal":
            p.send_signal(getattr(signal, step[1]))
        elif step[0] == "mode":
            lflag = termios.tcgetattr(slave)[3]
            res["raw"].append(not (lflag & termios.ICANON) and not (lflag & termios.ECHO))
    deadline = time.time() + 30
    while p.poll() is None:
        if time.time() > deadline:
            raise Exception("guard watch did not exit")
        pump(0.05)
except Exception as e:
    res["ok"] = False
    res["error"] = str(e)
    p.kill()
    p.wait()
for _ in range(5):
    pump(0.02)
res["exit"] = p.returncode
res["restored"] = termios.tcgetattr(slave) == before
res["transcript"] = buf.decode("utf-8", "replace")
print(json.dumps(res))
`;

function findPython(): string | null {
  for (const p of ["/root/.pyenv/shims/python3", "/usr/bin/python3", "python3"]) {
    try {
      const r = new Deno.Command(p, {
        args: ["-c", "import pty, termios, fcntl"],
        stdout: "null",
        stderr: "null",
      }).outputSync();
      if (r.success) return p;
    } catch { /* not there */ }
  }
  return null;
}

const PYTHON = findPython();

interface PtyResult {
  ok: boolean;
  error?: string;
  exit: number;
  restored: boolean;
  raw: boolean[];
  transcript: string;
}

async function onPty(home: string, args: string[], steps: unknown[][]): Promise<PtyResult> {
  const cmd = [Deno.execPath(), ...runFlags(home), MAIN_TS, "watch", ...args];
  const out = await new Deno.Command(PYTHON!, {
    args: ["-c", PTY_DRIVER, JSON.stringify([cmd, guardEnv(home), REPO_ROOT, steps])],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(text);
}

interface PtyCase {
  name: string;
  quit: unknown[];
  exit: number;
}

const PTY_QUITS: PtyCase[] = [
  { name: "q", quit: ["send", "q"], exit: 0 },
  { name: "Ctrl-C (a key in raw mode)", quit: ["send", "\x03"], exit: 0 },
  { name: "SIGINT sent to the process", quit: ["signal", "SIGINT"], exit: 130 },
];

for (const tc of PTY_QUITS) {
  Deno.test({
    name: `watch on a terminal: raw keystrokes approve; ${tc.name} exits and restores the terminal`,
    ignore: PYTHON === null,
    fn: async () => {
      const { home, uri, dir } = await enrolled();
      const t1 = await ask(home, "mystery-tool --frob", dir);
      const t2 = await ask(home, "mystery-tool --other", dir);
      const r = await onPty(home, ["--interval-ms", "100"], [
        ["wait", `> ${t1}  `],
        ["mode"],
        ["send", "\x1b[B"], // arrow down: the newer ask, no Enter needed
        ["wait", `> ${t2}  `],
        ["send", "\x1b[A"],
        ["wait", `> ${t1}  `],
        ["send", "a"],
        ["wait", `TOTP code to approve ${t1}: `],
        ["mode"],
        ["send", codeFor(uri) + "\r"],
        ["wait", `approved ${t1} with totp`],
        ["mode"],
        ["send", "a"], // inside the window: the keystroke alone
        ["wait", `approved ${t2} with watch-unlocked\\(totp\\)`],
        tc.quit,
      ]);
      assert.ok(r.ok, `${r.error}\n${r.transcript}`);
      assert.equal(r.exit, tc.exit, r.transcript);
      assert.deepEqual(r.raw, [true, false, true], "raw while watching, line mode for the code");
      assert.ok(r.restored, "the terminal's settings are restored on exit");
      assert.equal(approval(home, t1)?.method, "totp");
      assert.equal(approval(home, t2)?.method, "watch-unlocked(totp)");
    },
  });
}

Deno.test("watch: r approves and remembers the shape, with a fresh second factor even inside the window", async () => {
  const { home, uri, dir } = await enrolled();
  const t1 = await ask(home, "mystery-tool --frob", dir);
  const w = new Watch(home);
  await w.waitFor(new RegExp(`> ${t1}  `));
  await w.key("a");
  await w.waitFor(new RegExp(`TOTP code for ${t1}\\?`));
  await w.key(codeFor(uri));
  await w.waitFor(/unlocked \(totp\) for \d+ min/);
  const t2 = await ask(home, "mystery-tool build --fast ./src", dir);
  await w.waitFor(new RegExp(`> ${t2}  `));
  await w.key("r");
  await w.waitFor(/second factor to remember calls of this shape \(project\)/);
  await w.waitFor(new RegExp(`TOTP code for ${t2}\\?`));
  assert.equal(approval(home, t2), null, "nothing is approved or remembered before the code");
  await w.key(codeFor(uri, 30));
  const m = await w.waitFor(/remembered as (r[0-9a-f]{8}) \(project\)/);
  assert.equal(await w.quit(), 0);
  const rules = JSON.parse(Deno.readTextFileSync(`${home}/.aiguard/remembered.json`)).rules;
  assert.equal(rules.length, 1);
  assert.equal(rules[0].id, m[1]);
  assert.equal(rules[0].workspace, dir);
  const hook = (command: string) =>
    runGuard(
      home,
      ["evaluate", "--agent", "claude"],
      JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
        cwd: dir,
        session_id: "s2",
      }),
    );
  // The approved call once, then the same shape with other paths; another subcommand still asks.
  for (const c of ["mystery-tool build --fast ./src", "mystery-tool build --fast ./lib/x"]) {
    const r = await hook(c);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "", `${c} should run: ${r.stdout}`);
  }
  assert.match((await hook("mystery-tool deploy --fast ./src")).stdout, /"deny"/);
});
