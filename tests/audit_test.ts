/**
 * The tamper-evident audit log: every kind of tampering detected with its
 * exact line through `guard audit verify` (the real CLI), crash repair (torn
 * lines, lost seal updates), truncation recorded by the writer, rotation
 * continuity, exported checkpoints and root keys against an attacker with the
 * user's full rights, forward integrity of the MAC key, privacy modes, the
 * fail-closed hook, and 50 concurrent writer processes.
 */
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { canonicalJson } from "../src/core/canonical.ts";
import { type AuditEntry, EVOLVE_LABEL, fromHex } from "../src/audit/audit_entry.ts";
import { fastFields, keyAt, verifyLog } from "../src/audit/audit_verify.ts";
import { privacyView } from "../src/audit/audit_privacy.ts";
import { redact, SECRET_RULES } from "../src/detect/secrets.ts";
import { mayHoldSecret, SECRET_KEYWORDS } from "../src/detect/secret_keywords.ts";
import { readKeys } from "../src/audit/audit_keys.ts";
import { appendAudit, type AuditRecord, listSegments, parseSeal } from "../src/audit/audit_log.ts";
import { snapshot } from "../src/audit/audit_read.ts";
import { ensureStateDir } from "../src/state/state_dir.ts";
import { hmacSha256Hex, nodeCrypto } from "../src/audit/sync_crypto.ts";
import {
  guardEnv,
  MAIN_TS,
  REPO_ROOT,
  runFlags,
  runGuard,
  tempHome,
} from "../scripts/guard_flags.ts";
import { decide } from "./harness.ts";

const C = nodeCrypto();

function rec(i: number, extra: Partial<AuditRecord> = {}): AuditRecord {
  return {
    time: new Date(Date.UTC(2026, 10, 30, 0, 0, i)).toISOString(),
    source: "hook:claude",
    session: `s${i % 3}`,
    tool: i % 2 ? "Bash" : "Read",
    call: i % 2 ? `echo entry ${i}` : `{"input":{"file_path":"/w/f${i}"},"tool":"Read"}`,
    decision: {
      action: i % 5 === 0 ? "block" : "allow",
      risk: "low",
      rule: i % 5 === 0 ? "abs.guard-state" : "safe.readonly",
      warning: `w${i}`,
    },
    event: "PreToolUse",
    ...extra,
  };
}

async function home(): Promise<{ home: string; dir: string }> {
  const h = await tempHome("guard-audit-");
  const dir = `${h}/.aiguard`;
  ensureStateDir(dir);
  return { home: h, dir };
}

async function seed(dir: string, n: number, opts = {}): Promise<void> {
  for (let i = 0; i < n; i++) await appendAudit(dir, rec(i), opts);
}

const logOf = (dir: string) => `${dir}/audit.jsonl`;
function lines(dir: string): string[] {
  return Deno.readTextFileSync(logOf(dir)).split("\n").slice(0, -1);
}
function writeLines(dir: string, ls: string[]): void {
  Deno.writeTextFileSync(logOf(dir), ls.map((l) => l + "\n").join(""));
}

async function verify(h: string, args: string[] = [], stdin?: string) {
  const r = await runGuard(h, ["audit", "verify", ...args], stdin);
  const last = r.stdout.trim().split("\n").at(-1) ?? "";
  return { ...r, last };
}

/** What an attacker holding the root key does: recompute MACs and hashes from line `from`. */
function rechain(ls: string[], from: number, root: string | null): string[] {
  const out = ls.slice(0, from);
  let prev = from === 0 ? "0".repeat(64) : (JSON.parse(out[from - 1]) as AuditEntry).hash;
  for (const l of ls.slice(from)) {
    const { mac: oldMac, hash: _h, ...rest } = JSON.parse(l) as AuditEntry;
    const body = { ...rest, prev_hash: prev };
    const mac = root
      ? C.hmacHex(keyAt(C, [{ from: 0, key: root }], body.seq)!, canonicalJson(body))
      : oldMac;
    const hash = C.sha256Hex(canonicalJson({ ...body, mac }));
    out.push(canonicalJson({ ...body, mac, hash }));
    prev = hash;
  }
  return out;
}

Deno.test("a clean log verifies; guard log and guard stats read it", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 12);
  const v = await verify(h);
  assert.equal(v.code, 0, v.stdout + v.stderr);
  assert.equal(v.last, "OK: 12 entries verified, chain intact");

  const log = await runGuard(h, ["log", "-n", "3"]);
  assert.equal(log.code, 0, log.stderr);
  assert.equal(log.stdout.trim().split("\n").length, 3);
  assert.match(log.stdout, /echo entry 11/);
  const blocks = await runGuard(h, ["log", "--action", "block", "--json", "-n", "100"]);
  const parsed = blocks.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(parsed.map((e) => e.seq), [0, 5, 10]);
  const bash = await runGuard(h, [
    "log",
    "--tool",
    "Bash",
    "--session",
    "s1",
    "-n",
    "100",
    "--json",
  ]);
  assert.deepEqual(bash.stdout.trim().split("\n").map((l) => JSON.parse(l).seq), [1, 7]);
  const since = await runGuard(h, [
    "log",
    "--since",
    "2026-11-30T00:00:05Z",
    "-n",
    "100",
    "--json",
  ]);
  assert.deepEqual(since.stdout.trim().split("\n").map((l) => JSON.parse(l).seq), [
    5,
    6,
    7,
    8,
    9,
    10,
    11,
  ]);
  const bad = await runGuard(h, ["log", "--since", "yesterday"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /expected 10m, 2h, 3d or an ISO time/);

  const stats = await runGuard(h, ["stats", "--json"]);
  const s = JSON.parse(stats.stdout);
  assert.equal(s.entries, 12);
  assert.deepEqual(s.byAction, { allow: 9, block: 3 });
  assert.equal(s.byRule["abs.guard-state"], 3);
  assert.equal(s.byTool.Bash, 6);
  const human = await runGuard(h, ["stats"]);
  assert.match(human.stdout, /^12 entries from /);
  assert.match(human.stdout, /by rule:\n\s+safe\.readonly\s+9/);
});

interface Tamper {
  name: string;
  apply: (dir: string, ls: string[]) => string[] | Promise<string[]>;
  line: number;
  what: RegExp;
}

const TAMPERS: Tamper[] = [
  {
    name: "edited entry",
    apply: (_d, ls) => ls.map((l, i) => i === 3 ? l.replace("echo entry 3", "echo entry X") : l),
    line: 4,
    what: /entry seq 3 edited/,
  },
  {
    name: "edited entry with its hash recomputed (no key): forged MAC",
    apply: (d, ls) => {
      const edited = ls.map((l, i) => i === 3 ? l.replace("echo entry 3", "echo entry X") : l);
      void d;
      return rechain(edited, 3, null);
    },
    line: 4,
    what: /forged MAC on entry seq 3/,
  },
  {
    name: "deleted entry",
    apply: (_d, ls) => ls.filter((_, i) => i !== 5),
    line: 6,
    what: /entry seq 5 missing before this line \(deleted\)/,
  },
  {
    name: "inserted entry (a copy)",
    apply: (_d, ls) => [...ls.slice(0, 6), ls[2], ...ls.slice(6)],
    line: 7,
    what: /entry seq 2 where seq 6 belongs \(inserted or reordered\)/,
  },
  {
    name: "reordered entries",
    apply: (_d, ls) => [...ls.slice(0, 4), ls[5], ls[4], ...ls.slice(6)],
    line: 5,
    what: /entry seq 5 where seq 4 belongs; seq 4 comes later \(reordered\)/,
  },
  {
    name: "truncated tail (whole lines)",
    apply: (_d, ls) => ls.slice(0, 8),
    line: 9,
    what: /truncated: .*guard sealed 12 entries \(entries seq 8\.\.11 cut\)/,
  },
  {
    name: "garbled line in the middle",
    apply: (_d, ls) => ls.map((l, i) => i === 2 ? l.slice(0, 40) : l),
    line: 3,
    what: /unreadable entry/,
  },
  {
    name: "torn final line",
    apply: (_d, ls) => [...ls, '{"call":"echo half'],
    line: 13,
    what: /torn final line/,
  },
  {
    name: "entry appended by hand",
    apply: (_d, ls) => [...ls, ls[11].replace('"seq":11', '"seq":12')],
    line: 13,
    what: /entry seq 12 edited|chain broken/,
  },
];

for (const t of TAMPERS) {
  Deno.test(`tamper: ${t.name} → TAMPERED at line ${t.line}`, async () => {
    const { home: h, dir } = await home();
    await seed(dir, 12);
    const ls = await t.apply(dir, lines(dir));
    const text = ls.map((l) => l + "\n").join("");
    Deno.writeTextFileSync(logOf(dir), t.name === "torn final line" ? text.slice(0, -1) : text);
    const v = await verify(h);
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.last, new RegExp(`^TAMPERED: line ${t.line}: `));
    assert.match(v.last, t.what);
  });
}

Deno.test("tamper: a checkpoint signed by another key, and a doctored latest checkpoint file", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 5);
  assert.equal((await runGuard(h, ["audit", "checkpoint", "--export"])).code, 0);
  await appendAudit(dir, rec(6));
  const keys = readKeys(dir)!;
  const ls = lines(dir);
  // The attacker holds the MAC root (so MACs verify) but not the signing key.
  const cpIndex = ls.findIndex((l) => l.includes('"audit.checkpoint"'));
  assert.equal(cpIndex, 5);
  const e = JSON.parse(ls[cpIndex]) as AuditEntry;
  const sigLine = e.call.split("\n").find((l) => l.startsWith("\u2014 "))!;
  const forgedSig = sigLine.replace(/[A-Za-z0-9+/]{10}(=*)$/, "AAAAAAAAAA$1");
  assert.notEqual(forgedSig, sigLine);
  ls[cpIndex] = canonicalJson({ ...e, call: e.call.replace(sigLine, forgedSig) });
  writeLines(dir, rechain(ls, cpIndex, keys.roots[0].key));
  Deno.removeSync(`${dir}/audit.seal`); // the attacker also drops the seal
  let v = await verify(h);
  assert.equal(v.code, 1, v.stdout);
  assert.equal(v.last, "TAMPERED: line 6: bad checkpoint signature");

  const { home: h2, dir: d2 } = await home();
  await seed(d2, 5);
  await runGuard(h2, ["audit", "checkpoint", "--export"]);
  const cpFile = `${d2}/audit.checkpoint`;
  Deno.writeTextFileSync(cpFile, Deno.readTextFileSync(cpFile).replace("\n5\n", "\n4\n"));
  v = await verify(h2);
  assert.equal(v.code, 1);
  assert.match(v.last, /^TAMPERED: the latest checkpoint .* has a bad signature/);
});

Deno.test("signed checkpoints every 100 entries catch a cut tail even when the seal is deleted", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 250);
  const ls = lines(dir);
  const cps = ls.filter((l) => l.includes('"audit.checkpoint"')).map((l) => JSON.parse(l).seq);
  assert.deepEqual(cps, [100, 201]);
  let v = await verify(h);
  assert.equal(v.last, "OK: 252 entries verified, chain intact");
  writeLines(dir, ls.slice(0, 150));
  Deno.removeSync(`${dir}/audit.seal`);
  v = await verify(h);
  assert.equal(v.code, 1);
  assert.match(
    v.last,
    /^TAMPERED: line 151: truncated: the latest checkpoint covers 201 entries but the log holds 150/,
  );
});

Deno.test("the user's full rights vs exported material: a consistent rewrite passes locally, fails --against", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 10);
  const exp = await runGuard(h, ["audit", "checkpoint", "--export"]);
  assert.equal(exp.code, 0, exp.stderr);
  assert.match(
    exp.stdout,
    /^guard-audit\/[0-9a-f]{16}\n10\n[A-Za-z0-9+/=]{44}\ntime \S+\n\n\u2014 guard-audit\/[0-9a-f]{16} \S+\n\nvkey /,
  );
  // With every key on disk, the attacker rewrites entry 3 consistently and removes what would betray it.
  const keys = readKeys(dir)!;
  const ls = lines(dir).slice(0, 10);
  ls[3] = ls[3].replace("echo entry 3", "echo innocent");
  writeLines(dir, rechain(ls, 3, keys.roots[0].key));
  Deno.removeSync(`${dir}/audit.seal`);
  Deno.removeSync(`${dir}/audit.checkpoint`);
  const local = await verify(h);
  assert.equal(
    local.code,
    0,
    "with all keys on disk a local rewrite is undetectable locally: documented",
  );
  const against = await verify(h, ["--against", "-"], exp.stdout);
  assert.equal(against.code, 1, against.stdout);
  assert.match(
    against.last,
    /^TAMPERED: line 11: the exported checkpoint \(size 10\) no longer matches the log: rewritten/,
  );

  // An untouched log contains its exported checkpoint; a cut one does not.
  const { home: h2, dir: d2 } = await home();
  await seed(d2, 10);
  const e2 = await runGuard(h2, ["audit", "checkpoint", "--export"]);
  await seed(d2, 3);
  const ok = await verify(h2, ["--against", "-"], e2.stdout);
  assert.equal(
    ok.last,
    "OK: 14 entries verified, chain intact; contains the exported checkpoint (size 10)",
  );
  writeLines(d2, lines(d2).slice(0, 7));
  Deno.removeSync(`${d2}/audit.seal`);
  Deno.removeSync(`${d2}/audit.checkpoint`);
  const cut = await verify(h2, ["--against", "-"], e2.stdout);
  assert.equal(cut.code, 1);
  assert.match(
    cut.last,
    /truncated: the exported checkpoint covers 10 entries but the log holds 7/,
  );
  // A doctored export is refused as such.
  const doctored = await verify(h2, ["--against", "-"], e2.stdout.replace("\n10\n", "\n7\n"));
  assert.equal(doctored.code, 1);
  assert.match(doctored.last, /exported checkpoint .* does not carry a valid signature/);
});

Deno.test("forward integrity: exported-and-removed root keys make MAC forgery detectable", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 6);
  const k = await runGuard(h, ["audit", "key", "--export", "--remove"]);
  assert.equal(k.code, 0, k.stderr);
  assert.match(k.stdout, /^root 0 [0-9a-f]{64}\n$/);
  assert.equal(readKeys(dir)!.roots.length, 0);
  await seed(dir, 2); // the hook keeps writing without the root
  let v = await verify(h);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /root keys were exported and removed/);
  v = await verify(h, ["--against", "-"], k.stdout);
  assert.equal(v.last, "OK: 8 entries verified, chain intact");
  // The seal holds only the current key: the one for seq 8, not the root.
  const seal = (parseSeal(Deno.readTextFileSync(`${dir}/audit.seal`)))!;
  const root = k.stdout.split(" ")[2].trim();
  assert.equal(seal.key, keyAt(C, [{ from: 0, key: root }], 8));
  assert.ok(!Deno.readTextFileSync(`${dir}/audit.seal`).includes(root));
  // Holding today's key (the seal) does not let anyone forge yesterday's entries.
  const ls = lines(dir);
  const { mac: _m, hash: _h, ...rest } = JSON.parse(ls[2].replace("w2", "forged")) as AuditEntry;
  const mac = createHmac("sha256", fromHex(seal.key)).update(canonicalJson(rest)).digest("hex");
  ls[2] = canonicalJson({ ...rest, mac, hash: C.sha256Hex(canonicalJson({ ...rest, mac })) });
  writeLines(dir, rechain(ls, 3, null));
  v = await verify(h, ["--against", "-"], k.stdout);
  assert.equal(v.code, 1);
  assert.match(v.last, /^TAMPERED: line 3: forged MAC on entry seq 2/);
  assert.equal(
    createHash("sha256").update(EVOLVE_LABEL + root).digest("hex"),
    keyAt(C, [{ from: 0, key: root }], 1),
  );
});

Deno.test("crash: a torn line is closed and acknowledged by the next append; verify then passes with a note", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 4);
  Deno.writeTextFileSync(logOf(dir), '{"call":"echo partial","decis', { append: true });
  let v = await verify(h);
  assert.equal(
    v.last,
    "TAMPERED: line 5: torn final line: an incomplete entry (a crash mid-write, or the log was cut); the next append records it as a gap",
  );
  const ev = await runGuard(
    h,
    ["evaluate"],
    JSON.stringify({
      session_id: "s",
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }),
  );
  assert.equal(ev.code, 0, ev.stderr);
  v = await verify(h);
  assert.equal(v.code, 0, v.stdout);
  assert.match(
    v.stdout,
    /note: audit\.jsonl line 5: torn entry from a crash, recorded openly by the entry on line 6/,
  );
  assert.equal(v.last, "OK: 5 entries verified, chain intact");
  const ls = lines(dir);
  assert.equal(JSON.parse(ls[5]).seq, 4, "the torn entry's seq is reused: seq stays gap-free");
  assert.ok(JSON.parse(ls[5]).repair.bytes > 0);
});

Deno.test("crash: a line written whose seal update was lost is adopted, not duplicated", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 3);
  const sealBefore = Deno.readTextFileSync(`${dir}/audit.seal`);
  await appendAudit(dir, rec(3));
  Deno.writeTextFileSync(`${dir}/audit.seal`, sealBefore); // as if the process died before sealing
  let v = await verify(h);
  assert.equal(v.code, 0, v.stdout);
  assert.match(v.stdout, /written but not yet sealed/);
  await appendAudit(dir, rec(4));
  v = await verify(h);
  assert.equal(v.last, "OK: 5 entries verified, chain intact");
  assert.deepEqual(lines(dir).map((l) => JSON.parse(l).seq), [0, 1, 2, 3, 4]);
});

Deno.test("a cut log is recorded by the next append as a gap, never papered over", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 6);
  writeLines(dir, lines(dir).slice(0, 4));
  await appendAudit(dir, rec(6));
  const ls = lines(dir);
  const gap = JSON.parse(ls[4]);
  assert.equal(gap.event, "audit.gap");
  assert.deepEqual(gap.missing, { from: 4, to: 5 });
  const v = await verify(h);
  assert.equal(v.code, 1);
  assert.match(v.last, /^TAMPERED: line 5: entries seq 4\.\.5 missing before this line/);
});

Deno.test("a deleted seal restarts the MAC key openly (audit.rekey) and verify says so", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 3);
  Deno.removeSync(`${dir}/audit.seal`);
  await seed(dir, 2);
  const ls = lines(dir);
  assert.equal(JSON.parse(ls[3]).event, "audit.rekey");
  assert.equal(readKeys(dir)!.roots.length, 2);
  const v = await verify(h);
  assert.equal(v.last, "OK: 6 entries verified, chain intact");
  assert.match(v.stdout, /note: audit\.jsonl line 4: MAC key restarted \(the seal was missing/);
});

Deno.test("rotation keeps the chain across segments; a missing segment is caught", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 60, { rotateBytes: 4096 });
  const segs = listSegments(dir);
  assert.ok(segs.length >= 3, `segments: ${segs}`);
  for (const s of segs) {
    const first = JSON.parse(Deno.readTextFileSync(`${dir}/${s}`).split("\n")[0]);
    assert.equal(s, `audit-${String(first.seq).padStart(12, "0")}.jsonl`);
  }
  let v = await verify(h);
  assert.equal(v.code, 0, v.stdout);
  assert.equal(v.last, "OK: 60 entries verified, chain intact");
  // One segment on its own (by path, inside the state directory; or on stdin) verifies as a part.
  const one = await verify(h, [`${dir}/${segs[1]}`]);
  assert.equal(one.code, 0, one.stdout + one.stderr);
  assert.match(one.stdout, /starts at seq \d+: its link to earlier segments is not checked/);
  const piped = await verify(h, ["-"], Deno.readTextFileSync(`${dir}/${segs[1]}`));
  assert.equal(piped.code, 0, piped.stdout + piped.stderr);
  const outside = await verify(h, ["/etc/hostname"]);
  assert.equal(outside.code, 2);
  assert.match(
    outside.stderr,
    /guard may read only ~\/\.aiguard; pass \/etc\/hostname on stdin instead/,
  );
  Deno.removeSync(`${dir}/${segs[1]}`);
  v = await verify(h);
  assert.equal(v.code, 1);
  assert.match(
    v.last,
    /^TAMPERED: line 1: entries seq \d+\.\.\d+ missing before this line \(deleted\) \(in audit-\d{12}\.jsonl\)$/,
  );
});

Deno.test("privacy modes: redacted by default, verbatim and proof by policy", async () => {
  const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
  const payload = JSON.stringify({
    session_id: "s",
    cwd: "/tmp",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: `git push https://x:${secret}@github.com/o/r.git` },
  });
  const cases: [string, (line: AuditEntry) => void][] = [
    ["", (e) => {
      assert.ok(!JSON.stringify(e).includes(secret));
      assert.match(e.call, /\[REDACTED:github-token\]@github\.com/);
    }],
    ['[audit]\nmode = "verbatim"\n', (e) => assert.ok(e.call.includes(secret))],
    ['[audit]\nmode = "proof"\n', (e) => {
      assert.ok(!JSON.stringify(e).includes("github.com"));
      assert.equal(
        e.call,
        `sha256:${C.sha256Hex(`git push https://x:${secret}@github.com/o/r.git`)}`,
      );
      assert.equal(e.decision.warning, "");
      assert.ok(e.decision.remediation && e.decision.remediation.length > 10);
    }],
  ];
  for (const [policy, check] of cases) {
    const { home: h, dir } = await home();
    if (policy) Deno.writeTextFileSync(`${dir}/policy.toml`, policy, { mode: 0o600 });
    const r = await runGuard(h, ["evaluate"], payload);
    assert.equal(r.code, 2, r.stderr);
    const e = JSON.parse(lines(dir)[0]) as AuditEntry;
    check(e);
    assert.equal((await verify(h)).code, 0);
  }
  // The pure view never leaves half a secret when it cuts a long call.
  const long = "x".repeat(8180) + " " + secret;
  const v = privacyView(rec(1, { call: long }), "redacted", "", redact);
  assert.ok(!v.call.includes(secret.slice(0, 12)));
  assert.equal(redact(`--token ${secret}`), "--token [REDACTED:github-token]");
});

Deno.test("policy [audit] is validated with the line of the problem", async () => {
  const cases: [string, RegExp][] = [
    [
      '[audit]\nmode = "loud"\n',
      /policy\.toml:2: .*"audit\.mode" must be one of "redacted", "verbatim", "proof"/,
    ],
    [
      "[audit]\nrotate_mib = 0\n",
      /policy\.toml:2: .*"audit\.rotate_mib" must be a number from 1 to 1024/,
    ],
    ["[audit]\ncolour = 1\n", /policy\.toml:2: .*unknown key "audit\.colour"/],
    ['audit = "yes"\n', /"audit" must be a table/],
  ];
  for (const [toml, re] of cases) {
    const { home: h, dir } = await home();
    Deno.writeTextFileSync(`${dir}/policy.toml`, toml, { mode: 0o600 });
    const r = await runGuard(
      h,
      ["evaluate"],
      JSON.stringify({
        session_id: "s",
        cwd: "/tmp",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      }),
    );
    assert.equal(r.code, 2);
    assert.match(r.stderr, /FAIL-CLOSED \[input\.policy-invalid\]/);
    assert.match(r.stderr, re);
  }
});

Deno.test("an allow that cannot be audited fails closed", async () => {
  const { home: h, dir } = await home();
  Deno.mkdirSync(`${dir}/audit.lock`); // the lock cannot be opened as a file
  const r = await runGuard(
    h,
    ["evaluate"],
    JSON.stringify({
      session_id: "s",
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }),
  );
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^guard: FAIL-CLOSED \[input\.audit-failed\] cannot write the audit log/);
});

Deno.test("agents may not run guard's audit, log or stats commands", () => {
  for (
    const cmd of [
      "guard audit key --export --remove",
      "guard log --json",
      "guard stats",
      "guard audit verify",
      "guard touchid setup",
    ]
  ) {
    const d = decide(cmd);
    assert.equal(d.decision.action, "block", cmd);
    assert.equal(d.decision.rule, "abs.guard-approve", cmd);
  }
});

Deno.test("50 concurrent hook processes: every entry present, seq gap-free, chain intact", async () => {
  const { home: h, dir } = await home();
  const runs = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      runGuard(
        h,
        ["evaluate"],
        JSON.stringify({
          session_id: `p${i}`,
          cwd: "/tmp",
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command: `echo writer ${i}` },
        }),
      )),
  );
  for (const r of runs) assert.equal(r.code, 0, r.stderr);
  const ls = lines(dir);
  const entries = ls.map((l) => JSON.parse(l) as AuditEntry).filter((e) =>
    e.event === "PreToolUse"
  );
  assert.equal(entries.length, 50);
  assert.deepEqual(
    new Set(entries.map((e) => e.session)),
    new Set(Array.from({ length: 50 }, (_, i) => `p${i}`)),
  );
  assert.deepEqual(ls.map((l) => JSON.parse(l).seq), ls.map((_, i) => i));
  const v = await verify(h);
  assert.equal(v.last, `OK: ${ls.length} entries verified, chain intact`);
});

Deno.test("50 concurrent writer processes × 20 appends with rotation: gap-free across segments", async () => {
  const { home: h, dir } = await home();
  const script = `${REPO_ROOT}/tests/fixtures/audit_writer.ts`;
  const kids = Array.from({ length: 50 }, (_, i) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script, dir, String(i), "20", "16384"],
      stdout: "piped",
      stderr: "piped",
    }).output());
  for (const k of await Promise.all(kids)) {
    assert.equal(k.code, 0, new TextDecoder().decode(k.stderr));
  }
  const snap = await snapshot(dir);
  assert.ok(snap.segments.length > 5);
  const all = snap.segments.flatMap((s) => s.text.split("\n").filter(Boolean))
    .map((l) => JSON.parse(l) as AuditEntry);
  assert.deepEqual(all.map((e) => e.seq), all.map((_, i) => i));
  assert.equal(all.filter((e) => e.event === "PreToolUse").length, 1000);
  const v = await verify(h);
  assert.equal(v.last, `OK: ${all.length} entries verified, chain intact`);
  const r = verifyLog({
    segments: snap.segments,
    roots: snap.keys!.roots,
    signers: [],
    seal: snap.seal,
  }, C);
  assert.ok(r.ok);
});

Deno.test("HMAC composed from SHA-256 equals node's createHmac; fast field reading equals parsing", async () => {
  for (let i = 0; i < 200; i++) {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const keyHex = Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("");
    const data = i % 2 ? "é∆😀".repeat(i) : crypto.getRandomValues(new Uint8Array(i * 7));
    assert.equal(hmacSha256Hex(keyHex, data), createHmac("sha256", key).update(data).digest("hex"));
  }
  assert.throws(() => hmacSha256Hex("AB".repeat(32), "x"), /lower-case hex/);
  // Entries with awkward content: the positional reader and the parser agree.
  const { dir } = await home();
  const calls = [
    'echo "\\",\\"hash\\":\\"x" && printf %s \'"seq":1,\'',
    "naïve — 😀 \u2028 \\u0000",
    "",
  ];
  for (const call of calls) await appendAudit(dir, rec(1, { call }), { mode: "verbatim" });
  for (const l of lines(dir)) {
    const fast = fastFields(l);
    assert.ok(fast, l);
    const e = JSON.parse(l) as AuditEntry;
    assert.equal(fast.seq, e.seq);
    assert.equal(fast.hash, e.hash);
    assert.equal(fast.mac, e.mac);
    assert.equal(fast.prev_hash, e.prev_hash);
    const { hash: _h, ...noHash } = e;
    const { mac: _m, ...noMac } = noHash;
    assert.equal(fast.b2, canonicalJson(noHash));
    assert.equal(fast.b1, canonicalJson(noMac));
  }
  // Guard's own events and optional members take the parser.
  assert.equal(fastFields('{"call":"","event":"audit.gap","hash":"' + "0".repeat(64) + '"}'), null);
});

Deno.test("guard log --follow prints new entries as they are written", async () => {
  const { home: h, dir } = await home();
  await seed(dir, 2);
  const child = new Deno.Command(Deno.execPath(), {
    args: [...runFlags(h), MAIN_TS, "log", "--follow", "--action", "block", "--json"],
    cwd: REPO_ROOT,
    env: guardEnv(h),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  let text = "";
  const seen = async (n: number) => {
    while (text.split("\n").filter(Boolean).length < n) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  };
  await seen(1); // seq 0 is a block
  for (let i = 2; i < 12; i++) await appendAudit(dir, rec(i));
  await seen(3);
  child.kill();
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
  await child.stderr.cancel().catch(() => {});
  await child.status;
  assert.deepEqual(text.trim().split("\n").map((l) => JSON.parse(l).seq), [0, 5, 10]);
});

Deno.test("audit subcommands reject bad usage with exit 2", async () => {
  const { home: h } = await home();
  const cases: [string[], RegExp][] = [
    [["audit"], /usage:/],
    [["audit", "shred"], /unknown subcommand "shred"/],
    [["audit", "verify", "--bogus"], /unknown option --bogus/],
    [["audit", "verify", "-", "--against", "-"], /only one of PATH and --against/],
    [["audit", "checkpoint"], /checkpoint takes --export/],
    [["audit", "key"], /key takes --export/],
    [["log", "-n", "many"], /needs a number/],
    [["stats", "--colour"], /unknown argument/],
  ];
  for (const [args, re] of cases) {
    const r = await runGuard(h, args);
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, re, args.join(" "));
  }
  const none = await runGuard(h, ["audit", "checkpoint", "--export"]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /nothing has been logged yet/);
  const bad = await runGuard(h, ["audit", "verify", "--against", "-"], "hello\n");
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /not a checkpoint, vkey or root line/);
  const empty = await verify(h);
  assert.equal(empty.last, "OK: 0 entries verified, chain intact");
});

Deno.test("the secret prefilter covers every rule's keywords, so skipping the rules never misses", () => {
  for (const r of SECRET_RULES) {
    assert.ok(r.keywords.length > 0, `${r.id} has no keywords: the prefilter would skip it`);
    for (const k of r.keywords) {
      assert.ok(SECRET_KEYWORDS.some((p) => k.includes(p)), `${r.id}: keyword ${k} not covered`);
    }
  }
  assert.equal(mayHoldSecret("git status"), false);
  assert.equal(mayHoldSecret("curl -H 'Authorization: Bearer x'"), true);
});
