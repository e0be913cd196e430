/**
 * Out-of-band approval end to end through the real CLI (production flags):
 * ask → guard totp setup → guard approve with a computed code → the retry runs
 * once → the next identical call asks again; concurrency, refusals, lockout,
 * replay, deny/pending, TOTP reset, and Touch ID with a fake helper.
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

import { codeFor, enrolled, setupTotp } from "./totp_helpers.ts";

function bash(command: string, cwd = "/tmp/project"): string {
  return JSON.stringify({
    session_id: "sess-a",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  });
}

function tokenOf(stderr: string): string {
  const m = /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(stderr);
  assert.ok(m, `no challenge in: ${stderr}`);
  return m[1];
}

Deno.test("ask → totp setup → approve → the retry runs once → the next identical call asks again", async () => {
  const home = await tempHome("guard-approve-");
  const ask = await runGuard(home, ["evaluate"], bash("mystery-tool test"));
  assert.equal(ask.code, 2);
  const token = tokenOf(ask.stderr);
  const setup = await setupTotp(home, (uri) => codeFor(uri));
  assert.equal(setup.code, 0, setup.out);
  assert.match(setup.out, /^otpauth:\/\/totp\/guard:guard\?.*secret=[A-Z2-7]{32}/m);
  assert.match(setup.out, /TOTP enrolled/);
  // The confirmation code's step is spent: approve with the next step's code (±1 window).
  const approve = await runGuard(home, ["approve", token], codeFor(setup.uri, 30) + "\n");
  assert.equal(approve.code, 0, approve.stderr);
  assert.match(approve.stdout, /command: mystery-tool test/);
  assert.match(approve.stdout, /cwd:\s+\/tmp\/project/);
  assert.match(approve.stdout, /rule: default\.ask/);
  assert.match(approve.stdout.trimEnd().split("\n").pop()!, /^approved [0-9a-f]{12} with totp/);
  const retry = await runGuard(home, ["evaluate"], bash("mystery-tool test"));
  assert.equal(retry.code, 0, retry.stderr);
  const third = await runGuard(home, ["evaluate"], bash("mystery-tool test"));
  assert.equal(third.code, 2);
  assert.equal(tokenOf(third.stderr), token);
  const audit = Deno.readTextFileSync(`${home}/.aiguard/audit.jsonl`);
  for (
    const ev of ["challenge.created", "totp.enrolled", "approval.approved", "approval.consumed"]
  ) {
    assert.ok(audit.includes(`"event":"${ev}"`), ev);
  }
});

Deno.test("an approval is bound to the exact call and cwd", async () => {
  const { home, uri } = await enrolled();
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool build"))).stderr);
  assert.equal((await runGuard(home, ["approve", token], codeFor(uri, 30) + "\n")).code, 0);
  const edited = await runGuard(home, ["evaluate"], bash("mystery-tool build "));
  assert.equal(edited.code, 2, "an edited command needs a new approval");
  const elsewhere = await runGuard(home, ["evaluate"], bash("mystery-tool build", "/tmp/other"));
  assert.equal(elsewhere.code, 2, "another cwd does not consume it");
  assert.match(
    elsewhere.stderr,
    /earlier approval was refused: the approval was for cwd \/tmp\/project/,
  );
});

Deno.test("20 concurrent evaluations race for one approval: exactly one is allowed", async () => {
  const { home, uri } = await enrolled();
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool compile"))).stderr);
  assert.equal((await runGuard(home, ["approve", token], codeFor(uri, 30) + "\n")).code, 0);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => runGuard(home, ["evaluate"], bash("mystery-tool compile"))),
  );
  assert.equal(results.filter((r) => r.code === 0).length, 1);
  assert.equal(results.filter((r) => r.code === 2).length, 19);
});

Deno.test("approve refuses what is not pending: unknown, malformed, tampered, and blocked calls", async () => {
  const { home, uri } = await enrolled();
  const code = () => codeFor(uri, 30) + "\n";
  let r = await runGuard(home, ["approve", "0123456789ab"], code());
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^guard approve: no pending challenge 0123456789ab\n$/);
  r = await runGuard(home, ["approve", "../../etc/x"], code());
  assert.match(r.stderr, /not a challenge token/);
  // An Absolute Block never creates a challenge, so it can never be approved.
  const blocked = await runGuard(home, ["evaluate"], bash("rm -rf ~"));
  assert.match(blocked.stderr, /BLOCKED \[abs\.rm-protected\]/);
  assert.deepEqual([...Deno.readDirSync(`${home}/.aiguard/challenges`)], []);
  // Even a hand-made approval for a blocked call is never consulted: blocks do not ask.
  const { createHash } = await import("node:crypto");
  const blockedToken = createHash("sha256").update("rm -rf ~").digest("hex").slice(0, 12);
  Deno.mkdirSync(`${home}/.aiguard/approved`, { mode: 0o700, recursive: true });
  const now = Date.now();
  Deno.writeTextFileSync(
    `${home}/.aiguard/approved/${blockedToken}`,
    JSON.stringify({
      token: blockedToken,
      tool: "Bash",
      agent: "claude",
      call: "rm -rf ~",
      cwd: "/tmp/project",
      session: "sess-a",
      risk: "critical",
      warning: "x",
      rule: "abs.rm-protected",
      created_at: new Date(now).toISOString(),
      approved_at: new Date(now).toISOString(),
      expires_at: new Date(now + 60_000).toISOString(),
      method: "totp",
    }),
    { mode: 0o600 },
  );
  const stillBlocked = await runGuard(home, ["evaluate"], bash("rm -rf ~"));
  assert.equal(stillBlocked.code, 2);
  assert.match(stillBlocked.stderr, /BLOCKED \[abs\.rm-protected\]/);
  Deno.removeSync(`${home}/.aiguard/approved/${blockedToken}`);
  // Tampered challenge: the call no longer hashes to its token.
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool ci"))).stderr);
  const path = `${home}/.aiguard/challenges/${token}`;
  const c = JSON.parse(Deno.readTextFileSync(path));
  Deno.writeTextFileSync(path, JSON.stringify({ ...c, call: "rm -rf ~" }), { mode: 0o600 });
  r = await runGuard(home, ["approve", token], code());
  assert.equal(r.code, 1);
  assert.match(r.stderr, /tampered/);
  // A symlink planted in approved/ is never followed.
  Deno.writeTextFileSync(path, JSON.stringify(c), { mode: 0o600 });
  Deno.mkdirSync(`${home}/.aiguard/approved`, { mode: 0o700, recursive: true });
  const fake = await Deno.makeTempFile();
  Deno.symlinkSync(fake, `${home}/.aiguard/approved/${token}`);
  const ev = await runGuard(home, ["evaluate"], bash("mystery-tool ci"));
  assert.equal(ev.code, 2);
  assert.match(ev.stderr, /not a regular file/);
  // A group-writable approved/ directory makes the hook fail closed.
  Deno.chmodSync(`${home}/.aiguard/approved`, 0o777);
  const insecure = await runGuard(home, ["evaluate"], bash("mystery-tool ci"));
  assert.equal(insecure.code, 2);
  assert.match(insecure.stderr, /FAIL-CLOSED.*writable/);
});

Deno.test("wrong codes lock approval with the time remaining; a used code is a replay", async () => {
  const { home, uri } = await enrolled();
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool deploy"))).stderr);
  for (const left of ["2 attempts left", "1 attempt left"]) {
    const r = await runGuard(home, ["approve", token], "000000\n");
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(left));
  }
  let r = await runGuard(home, ["approve", token], "000000\n");
  assert.match(r.stderr, /locked for 5 min 0 s/);
  r = await runGuard(home, ["approve", token], codeFor(uri, 30) + "\n");
  assert.equal(r.code, 1, "even the right code is refused while locked");
  assert.match(r.stderr, /locked for another [45] min/);
  const audit = Deno.readTextFileSync(`${home}/.aiguard/audit.jsonl`);
  assert.ok(audit.includes('"event":"approval.locked-out"'));
  assert.ok(audit.includes('"event":"approval.auth-failed"'));

  const fresh = await enrolled();
  const t1 = tokenOf((await runGuard(fresh.home, ["evaluate"], bash("mystery-tool a"))).stderr);
  const t2 = tokenOf((await runGuard(fresh.home, ["evaluate"], bash("mystery-tool b"))).stderr);
  const code = codeFor(fresh.uri, 30);
  assert.equal((await runGuard(fresh.home, ["approve", t1], code + "\n")).code, 0);
  const replay = await runGuard(fresh.home, ["approve", t2], code + "\n");
  assert.equal(replay.code, 1);
  assert.match(replay.stderr, /already used/);
});

Deno.test("pending lists newest first; deny discards; totp setup refuses twice; reset needs the old code", async () => {
  const { home, uri } = await enrolled();
  await runGuard(home, ["evaluate"], bash("mystery-tool first"));
  await new Promise((r) => setTimeout(r, 10));
  const second = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool second"))).stderr);
  let p = await runGuard(home, ["pending"]);
  const lines = p.stdout.trim().split("\n");
  assert.equal(lines.length, 2);
  assert.match(lines[0], /mystery-tool second/);
  const d = await runGuard(home, ["deny", second]);
  assert.equal(d.code, 0);
  p = await runGuard(home, ["pending", "--json"]);
  assert.equal(JSON.parse(p.stdout).pending.length, 1);
  assert.equal((await runGuard(home, ["deny", second])).code, 1);
  const again = await setupTotp(home, (u) => codeFor(u));
  assert.equal(again.code, 1);
  const badReset = await runGuard(home, ["totp", "reset"], "000000\n");
  assert.equal(badReset.code, 1);
  assert.match(badReset.stderr, /not authenticated/);
  // reset with the old factor's code, then confirm the new secret
  const child = new Deno.Command(Deno.execPath(), {
    args: [...runFlags(home), MAIN_TS, "totp", "reset"],
    cwd: REPO_ROOT,
    env: guardEnv(home),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(codeFor(uri, 30) + "\n"));
  const reader = child.stdout.getReader();
  let out = "";
  let newUri = "";
  while (!newUri) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
    newUri = out.split("\n").find((l) => l.startsWith("otpauth://")) ?? "";
  }
  assert.ok(newUri && newUri !== uri, out);
  await w.write(new TextEncoder().encode(codeFor(newUri) + "\n"));
  await w.close();
  while (!(await reader.read()).done) { /* drain */ }
  await child.stderr.cancel();
  assert.equal((await child.status).code, 0);
});

Deno.test("wrong confirmation code discards the new secret", async () => {
  const home = await tempHome("guard-approve-");
  const r = await setupTotp(home, () => "000000");
  assert.equal(r.code, 1);
  assert.throws(() => Deno.statSync(`${home}/.aiguard/totp-secret`), Deno.errors.NotFound);
  assert.throws(() => Deno.statSync(`${home}/.aiguard/enrolment.json`), Deno.errors.NotFound);
  assert.match(r.out, /otpauth:\/\//);
});

function installFakeHelper(home: string, mode = ""): void {
  Deno.mkdirSync(`${home}/.aiguard/bin`, { recursive: true, mode: 0o700 });
  const script =
    `#!/bin/sh\nFAKE_TOUCHID=${mode} exec "${Deno.execPath()}" run --quiet --allow-read --allow-write --allow-env ` +
    `"${REPO_ROOT}/tests/fixtures/fake_touchid.ts" "$@"\n`;
  Deno.writeTextFileSync(`${home}/.aiguard/bin/guard-touchid`, script, { mode: 0o700 });
}

Deno.test("Touch ID through the helper protocol: verified signatures approve, a replaced helper cannot", async () => {
  const home = await tempHome("guard-touchid-");
  await runGuard(home, ["evaluate"], bash("pwd && mystery-tool"));
  installFakeHelper(home);
  const setup = await runGuard(home, ["touchid", "setup"]);
  assert.equal(setup.code, 0, setup.stderr);
  const token = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool install"))).stderr);
  const ok = await runGuard(home, ["approve", token, "--touchid"]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /approved [0-9a-f]{12} with touchid/);
  assert.equal((await runGuard(home, ["evaluate"], bash("mystery-tool install"))).code, 0);
  // A replaced helper signs with another key: guard does not accept its "success".
  const t2 = tokenOf((await runGuard(home, ["evaluate"], bash("mystery-tool install"))).stderr);
  installFakeHelper(home, "forge");
  const forged = await runGuard(home, ["approve", t2, "--touchid"]);
  assert.equal(forged.code, 1);
  assert.match(forged.stderr, /does not verify/);
  installFakeHelper(home, "refuse");
  const refused = await runGuard(home, ["approve", t2, "--touchid"]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /cancelled/);
  // No helper enrolled at all → a clear message.
  const bare = await tempHome("guard-touchid-");
  const t3 = tokenOf((await runGuard(bare, ["evaluate"], bash("mystery-tool"))).stderr);
  const none = await runGuard(bare, ["approve", t3, "--touchid"]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /Touch ID is not enrolled/);
});
