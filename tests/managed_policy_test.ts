/**
 * The managed policy (/etc/aiguard, ADR 0027), tested as an attacker would go at it: a user who
 * wants the call the administrator blocked. Each case builds a managed directory and a user home
 * in temporary directories and runs the real hook in-process (`runEvaluate` with the test-only
 * `managedRoot`, which no command line, variable or socket message can set): the loader's checks,
 * the merge, the engine, the gate (observe mode, approvals, remembered rules) and the reply.
 * These tests run as root (the managed files must be root's); they never touch /etc/aiguard.
 */
import assert from "node:assert/strict";
import { runEvaluate } from "../src/cli/evaluate.ts";
import { loadPolicy } from "../src/state/policy_file.ts";
import { readChallenge, writeApproval } from "../src/state/approvals.ts";
import { rememberChallenge } from "../src/cli/approval/approve.ts";
import { managedCheck } from "../src/cli/setup/doctor.ts";
import { decidingLayer } from "../src/cli/explain.ts";
import { agentConfigPaths, hookFlags, ownSource, taskWords } from "../src/cli/flags.ts";
import { MANAGED_DIR } from "../src/state/managed_file.ts";
import { PolicyError } from "../src/policy/user_policy.ts";
import { runManagedInstall } from "../src/cli/setup/managed_install.ts";
import { guardEnv, REPO_ROOT } from "../scripts/guard_flags.ts";

const IS_ROOT = Deno.uid() === 0;

interface Setup {
  /** Managed files, relative to the managed root (`policy.toml`, `policy.d/10-x.toml`). */
  managed?: Record<string, string>;
  /** The user's ~/.aiguard/policy.toml. */
  user?: string;
  /** Applied to the managed root after writing (chmod, symlinks, owners). */
  tamper?: (root: string) => void;
}

interface Env {
  home: string;
  root: string;
  cwd: string;
}

async function setUp(s: Setup): Promise<Env> {
  const home = await Deno.makeTempDir({ prefix: "guard-managed-home-" });
  const root = await Deno.makeTempDir({ prefix: "guard-managed-root-" });
  Deno.chmodSync(root, 0o755);
  const cwd = `${home}/project`;
  Deno.mkdirSync(cwd);
  Deno.mkdirSync(`${home}/.aiguard`, { mode: 0o700 });
  if (s.user !== undefined) {
    Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, s.user, { mode: 0o600 });
  }
  for (const [rel, text] of Object.entries(s.managed ?? {})) {
    const p = `${root}/${rel}`;
    Deno.mkdirSync(p.slice(0, p.lastIndexOf("/")), { recursive: true, mode: 0o755 });
    Deno.writeTextFileSync(p, text, { mode: 0o644 });
    Deno.chmodSync(p, 0o644);
  }
  s.tamper?.(root);
  return { home, root, cwd };
}

function tearDown(e: Env): void {
  Deno.removeSync(e.home, { recursive: true });
  Deno.removeSync(e.root, { recursive: true });
  try {
    Deno.removeSync(`${e.root}-real`, { recursive: true });
  } catch { /* only the symlinked-root case makes it */ }
}

type Verdict = "allow" | "block" | "ask" | "fail";

/** The hook's answer to one call: the verdict and guard's line. */
async function hook(
  e: Env,
  call: { command?: string; tool?: string; input?: Record<string, unknown> },
  session = "s1",
): Promise<{ verdict: Verdict; line: string }> {
  const payload = {
    session_id: session,
    cwd: e.cwd,
    hook_event_name: "PreToolUse",
    tool_name: call.tool ?? "Bash",
    tool_input: call.input ?? { command: call.command },
  };
  const r = await runEvaluate([], {
    payload: new TextEncoder().encode(JSON.stringify(payload)),
    env: (n) => (n === "HOME" ? e.home : undefined),
    managedRoot: e.root,
  });
  const line = r.stderr.trim();
  const verdict: Verdict = r.code === 0
    ? "allow"
    : line.includes("FAIL-CLOSED")
    ? "fail"
    : line.includes("APPROVAL NEEDED")
    ? "ask"
    : "block";
  return { verdict, line };
}

const token = (line: string) => /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(line)?.[1] ?? "";

interface Case {
  name: string;
  setup: Setup;
  /** Runs before the judged call (to ask once, approve, remember …), with the setup's env. */
  before?: (e: Env) => Promise<void>;
  /** The judged call. */
  command?: string;
  tool?: string;
  input?: Record<string, unknown>;
  verdict: Verdict;
  /** A text guard's line must hold (the rule id, the file and line). */
  says?: string;
}

const BLOCK_PUBLISH = `block = ["^npm publish"]\n`;

/** Asks for the call once (no managed policy yet), then approves the challenge out of band. */
async function approveOnce(e: Env, command: string): Promise<void> {
  const first = await hook({ ...e, root: `${e.root}/none` }, { command });
  assert.equal(first.verdict, "ask", first.line);
  const c = await readChallenge(`${e.home}/.aiguard`, token(first.line), Date.now());
  writeApproval(`${e.home}/.aiguard`, c, "totp", Date.now());
}

/** Asks for the call once (no managed policy), then remembers it for `scope`. */
function rememberOnce(scope: "session" | "project" | "always") {
  return async (e: Env, command: string): Promise<void> => {
    const first = await hook({ ...e, root: `${e.root}/none` }, { command });
    assert.equal(first.verdict, "ask", first.line);
    const c = await readChallenge(`${e.home}/.aiguard`, token(first.line), Date.now());
    const r = await rememberChallenge(`${e.home}/.aiguard`, c, scope, "totp");
    assert.ok(!("refused" in r), JSON.stringify(r));
    // Without the managed policy the remembered rule lets it run: the control.
    const again = await hook({ ...e, root: `${e.root}/none` }, { command });
    assert.equal(again.verdict, "allow", again.line);
  };
}

const CASES: Case[] = [
  // The layer order.
  {
    name: "a managed block beats the user's allow",
    setup: { managed: { "policy.toml": BLOCK_PUBLISH }, user: `allow = ["^npm publish"]\n` },
    command: "npm publish --access public",
    verdict: "block",
    says: "[managed.block[0]]",
  },
  {
    name: "a managed block beats the user's observe mode",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      user: `mode = "observe"\nallow = ["^npm publish"]\n`,
    },
    command: "npm publish",
    verdict: "block",
    says: "policy.toml:1",
  },
  {
    name: "the user's observe mode still relaxes what is not managed (control)",
    setup: { managed: { "policy.toml": BLOCK_PUBLISH }, user: `mode = "observe"\n` },
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "a managed ask beats the user's allow",
    setup: {
      managed: { "policy.toml": `ask = ["^git push"]\n` },
      user: `allow = ["^git push"]\n`,
    },
    command: "git push origin main",
    verdict: "ask",
    says: "[managed.ask[0]]",
  },
  {
    name: "a managed ask is not relaxed by the user's observe mode",
    setup: { managed: { "policy.toml": `ask = ["^git push"]\n` }, user: `mode = "observe"\n` },
    command: "git push",
    verdict: "ask",
    says: "[managed.ask[0]]",
  },
  {
    name: "a managed block inside a compound command",
    setup: { managed: { "policy.toml": BLOCK_PUBLISH }, user: `allow = ["^npm", "^ls"]\n` },
    command: "ls && npm publish",
    verdict: "block",
    says: "[managed.block[0]]",
  },
  {
    name: "the managed files' own observe mode relaxes managed rules (the admin's rollout)",
    setup: { managed: { "policy.toml": `mode = "observe"\n${BLOCK_PUBLISH}` } },
    command: "npm publish",
    verdict: "allow",
  },
  {
    name: "the user's enforce mode overrides an unlocked managed observe mode",
    setup: {
      managed: { "policy.toml": `mode = "observe"\n${BLOCK_PUBLISH}` },
      user: `mode = "enforce"\n`,
    },
    command: "npm publish",
    verdict: "block",
  },
  {
    name: "Absolute Blocks still come first",
    setup: { managed: { "policy.toml": `allow = ["^rm"]\n` } },
    command: "rm -rf /",
    verdict: "block",
    says: "[abs.",
  },
  // Locks.
  {
    name: "a locked mode stays enforced whatever the user's file says",
    setup: {
      managed: { "policy.toml": `mode = "enforce"\n[managed]\nlock = ["mode"]\n` },
      user: `mode = "observe"\n`,
    },
    command: "mystery-tool run test",
    verdict: "ask",
    says: "[default.ask]",
  },
  {
    name: "a locked mode: safe calls still run (the lock is not a stop)",
    setup: {
      managed: { "policy.toml": `[managed]\nlock = ["mode"]\n` },
      user: `mode = "observe"\n`,
    },
    command: "ls -la",
    verdict: "allow",
  },
  {
    name: "without the lock the user's observe mode applies (control)",
    setup: { managed: { "policy.toml": `mode = "enforce"\n` }, user: `mode = "observe"\n` },
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "allow_managed_rules_only ignores the user's allow rules",
    setup: {
      managed: { "policy.toml": `[managed]\nallow_managed_rules_only = true\n` },
      user: `allow = ["^mystery-tool"]\n`,
    },
    command: "mystery-tool run test",
    verdict: "ask",
    says: "[default.ask]",
  },
  {
    name: "a lock on allow does the same",
    setup: {
      managed: { "policy.toml": `[managed]\nlock = ["allow"]\n` },
      user: `allow = ["^mystery-tool"]\n`,
    },
    command: "mystery-tool run test",
    verdict: "ask",
  },
  {
    name: "allow_managed_rules_only keeps the managed allow rules",
    setup: {
      managed: {
        "policy.toml":
          `allow = ["^mystery-tool run"]\n[managed]\nallow_managed_rules_only = true\n`,
      },
      user: `allow = ["^other"]\n`,
    },
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "the user's allow rules work when nothing restricts them (control)",
    setup: { managed: { "policy.toml": BLOCK_PUBLISH }, user: `allow = ["^mystery-tool"]\n` },
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "a user's file cannot claim a [managed] table",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      user: `[managed]\nallow_managed_rules_only = false\n`,
    },
    command: "ls",
    verdict: "fail",
    says: 'unknown key "managed"',
  },
  // Approvals and remembered rules never pass a managed block.
  {
    name: "an out-of-band approval does not pass a managed block",
    setup: { managed: { "policy.toml": `block = ["^mystery-tool"]\n` } },
    before: (e) => approveOnce(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "block",
    says: "[managed.block[0]]",
  },
  {
    name: "an out-of-band approval lets a managed ask run once (an ask is for approving)",
    setup: { managed: { "policy.toml": `ask = ["^mystery-tool"]\n` } },
    before: async (e) => {
      const first = await hook(e, { command: "mystery-tool run test" });
      assert.equal(first.verdict, "ask", first.line);
      const c = await readChallenge(`${e.home}/.aiguard`, token(first.line), Date.now());
      writeApproval(`${e.home}/.aiguard`, c, "totp", Date.now());
    },
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "a remembered rule does not pass a managed block",
    setup: { managed: { "policy.toml": `block = ["^mystery-tool"]\n` } },
    before: (e) => rememberOnce("always")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "block",
    says: "[managed.block[0]]",
  },
  {
    name: 'remember = "off" switches remembered rules off',
    setup: { managed: { "policy.toml": `[managed]\nremember = "off"\n` } },
    before: (e) => rememberOnce("always")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "ask",
  },
  {
    name: 'remember = "project" ignores a rule remembered always',
    setup: { managed: { "policy.toml": `[managed]\nremember = "project"\n` } },
    before: (e) => rememberOnce("always")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "ask",
  },
  {
    name: 'remember = "project" keeps a rule remembered for the project',
    setup: { managed: { "policy.toml": `[managed]\nremember = "project"\n` } },
    before: (e) => rememberOnce("project")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "allow",
  },
  {
    name: "the narrowest remember of several files wins",
    setup: {
      managed: {
        "policy.toml": `[managed]\nremember = "session"\n`,
        "policy.d/50-loose.toml": `[managed]\nremember = "always"\n`,
      },
    },
    before: (e) => rememberOnce("project")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "ask",
  },
  // MCP rules and host lists.
  {
    name: "a managed MCP server rule beats the user's allow for it",
    setup: {
      managed: { "policy.toml": `[mcp.servers.files]\nblock = ["delete"]\n` },
      user: `allow = ["^mcp__files__"]\n[mcp.servers.files]\nallow = ["delete"]\n`,
    },
    tool: "mcp__files__delete_file",
    input: { name: "notes.txt" },
    verdict: "block",
    says: "[managed.mcp.files.block[0]]",
  },
  {
    name: "the managed host list stops a host the user's list allows",
    setup: {
      managed: {
        "policy.toml": `[mcp]\nhosts_allow = ["api.github.com"]\nhosts_default = "block"\n`,
      },
      user:
        `allow = ["^mcp__web__"]\n[mcp]\nhosts_allow = ["evil.example"]\nhosts_default = "allow"\n`,
    },
    tool: "mcp__web__fetch",
    input: { url: "https://evil.example/x" },
    verdict: "block",
    says: "[managed.mcp.hosts]",
  },
  {
    name: "a managed host ask comes before the user's allow rule",
    setup: {
      managed: {
        "policy.toml": `[mcp]\nhosts_allow = ["api.github.com"]\nhosts_default = "ask"\n`,
      },
      user: `allow = ["^mcp__web__"]\n`,
    },
    tool: "mcp__web__fetch",
    input: { url: "https://elsewhere.example/x" },
    verdict: "ask",
    says: "[managed.mcp.hosts]",
  },
  {
    name: "a listed host passes the managed list (control)",
    setup: {
      managed: {
        "policy.toml": `[mcp]\nhosts_allow = ["api.github.com"]\nhosts_default = "block"\n`,
      },
      user: `allow = ["^mcp__web__"]\n`,
    },
    tool: "mcp__web__fetch",
    input: { url: "https://api.github.com/repos" },
    verdict: "allow",
  },
  {
    name: "the user's observe mode does not relax the managed host list",
    setup: {
      managed: {
        "policy.toml": `[mcp]\nhosts_allow = ["api.github.com"]\nhosts_default = "block"\n`,
      },
      user: `mode = "observe"\n`,
    },
    tool: "mcp__web__fetch",
    input: { url: "https://evil.example/x" },
    verdict: "block",
    says: "[managed.mcp.hosts]",
  },
  {
    name: "a locked host default keeps the managed list; the user's own list cannot widen it",
    setup: {
      managed: {
        "policy.toml":
          `[mcp]\nhosts_allow = ["api.github.com"]\nhosts_default = "ask"\n[managed]\nlock = ["mcp"]\n`,
      },
      user: `[mcp]\nhosts_allow = ["evil.example"]\nhosts_default = "allow"\n`,
    },
    tool: "mcp__web__fetch",
    input: { url: "https://evil.example/x" },
    verdict: "ask",
    says: "[managed.mcp.hosts]",
  },
  {
    name: "a managed block reaches a command inside an MCP argument",
    setup: { managed: { "policy.toml": BLOCK_PUBLISH }, user: `allow = ["^mcp__sh__"]\n` },
    tool: "mcp__sh__run",
    input: { command: "npm publish" },
    verdict: "block",
    says: "[managed.block[0]]",
  },
  // Files that are not sound: every call stops, naming the file (and line).
  {
    name: "a group-writable managed file fails closed",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      tamper: (r) => Deno.chmodSync(`${r}/policy.toml`, 0o664),
    },
    command: "ls",
    verdict: "fail",
    says: "policy.toml: is writable by group or others",
  },
  {
    name: "a world-writable policy.d fails closed",
    setup: {
      managed: { "policy.d/10-a.toml": BLOCK_PUBLISH },
      tamper: (r) => Deno.chmodSync(`${r}/policy.d`, 0o757),
    },
    command: "ls",
    verdict: "fail",
    says: "policy.d: is writable by group or others",
  },
  {
    name: "a group-writable managed directory fails closed",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      tamper: (r) => Deno.chmodSync(r, 0o775),
    },
    command: "ls",
    verdict: "fail",
    says: "writable by group or others",
  },
  {
    name: "a managed file not owned by root fails closed",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      tamper: (r) => Deno.chownSync(`${r}/policy.toml`, 1000, 1000),
    },
    command: "ls",
    verdict: "fail",
    says: "owned by uid 1000, not root",
  },
  {
    name: "a symlinked managed file fails closed (even to a sound file)",
    setup: {
      managed: { "elsewhere.txt": BLOCK_PUBLISH },
      tamper: (r) => Deno.symlinkSync(`${r}/elsewhere.txt`, `${r}/policy.toml`),
    },
    command: "ls",
    verdict: "fail",
    says: "policy.toml: is a symlink",
  },
  {
    name: "a symlinked policy.d file fails closed",
    setup: {
      managed: { "x.txt": BLOCK_PUBLISH, "policy.d/00-keep.toml": "" },
      tamper: (r) => Deno.symlinkSync(`${r}/x.txt`, `${r}/policy.d/10-link.toml`),
    },
    command: "ls",
    verdict: "fail",
    says: "10-link.toml: is a symlink",
  },
  {
    name: "a policy.d file with a syntax error fails closed with its line",
    setup: {
      managed: {
        "policy.toml": BLOCK_PUBLISH,
        "policy.d/10-bad.toml": `mode = "enforce"\nblock = ["^x"\n`,
      },
    },
    command: "ls",
    verdict: "fail",
    says: "10-bad.toml:",
  },
  {
    name: "an unknown key fails closed with its line",
    setup: { managed: { "policy.toml": `${BLOCK_PUBLISH}moode = "observe"\n` } },
    command: "ls",
    verdict: "fail",
    says: 'policy.toml:2: unknown key "moode"',
  },
  {
    name: "an unknown [managed] key fails closed",
    setup: { managed: { "policy.toml": `[managed]\nlocks = ["mode"]\n` } },
    command: "ls",
    verdict: "fail",
    says: 'unknown key "managed.locks"',
  },
  {
    name: "an unknown lock name fails closed",
    setup: { managed: { "policy.toml": `[managed]\nlock = ["mode", "audit.moed"]\n` } },
    command: "ls",
    verdict: "fail",
    says: 'unknown key "audit.moed"',
  },
  {
    name: "a bad remember value fails closed",
    setup: { managed: { "policy.toml": `[managed]\nremember = "forever"\n` } },
    command: "ls",
    verdict: "fail",
    says: "managed.remember",
  },
  {
    name: "an invalid managed regex fails closed",
    setup: { managed: { "policy.toml": `block = ["(a)\\\\1"]\n` } },
    command: "ls",
    verdict: "fail",
    says: "policy.toml:1",
  },
  {
    name: "a symlinked policy.d directory fails closed",
    setup: {
      managed: { "real-d/10-a.toml": BLOCK_PUBLISH },
      tamper: (r) => Deno.symlinkSync(`${r}/real-d`, `${r}/policy.d`),
    },
    command: "ls",
    verdict: "fail",
    says: "policy.d: is a symlink",
  },
  {
    name: "a symlinked managed directory fails closed",
    setup: {
      managed: { "policy.toml": BLOCK_PUBLISH },
      tamper: (r) => {
        Deno.renameSync(r, `${r}-real`);
        Deno.symlinkSync(`${r}-real`, r);
      },
    },
    command: "ls",
    verdict: "fail",
    says: "is a symlink",
  },
  {
    name: "a directory named like a policy file fails closed",
    setup: {
      managed: { "policy.d/10-a.toml/x": "" },
    },
    command: "ls",
    verdict: "fail",
    says: "10-a.toml: is not a regular file",
  },
  {
    name: "an empty managed file: the user's policy applies",
    setup: { managed: { "policy.toml": "" }, user: `allow = ["^mystery-tool"]\n` },
    command: "mystery-tool run",
    verdict: "allow",
  },
  {
    name: "a managed block on a file tool beats the user's allow for it",
    setup: {
      managed: { "policy.toml": `block = ["^Read .*/secret-plans/"]\n` },
      user: `allow = ["^Read "]\n`,
    },
    tool: "Read",
    input: { file_path: "/tmp/x/secret-plans/q3.md" },
    verdict: "block",
    says: "[managed.block[0]]",
  },
  {
    name: "a managed allow never covers an Absolute Block",
    setup: { managed: { "policy.toml": `allow = ["aiguard"]\n` } },
    command: "cat ~/.aiguard/policy.toml",
    verdict: "block",
    says: "[abs.",
  },
  {
    name: 'a managed ask cannot be remembered past remember = "off"',
    setup: { managed: { "policy.toml": `ask = ["^mystery-tool"]\n[managed]\nremember = "off"\n` } },
    before: (e) => rememberOnce("always")(e, "mystery-tool run test"),
    command: "mystery-tool run test",
    verdict: "ask",
    says: "[managed.ask[0]]",
  },
  {
    name: "[managed] block = […] is the same as a top-level block",
    setup: {
      managed: { "policy.toml": `ask = ["^git push"]\n[managed]\nblock = ["^npm publish"]\n` },
      user: `allow = ["^npm publish"]\n`,
    },
    command: "npm publish",
    verdict: "block",
    says: "[managed.block[0]] Matched the managed block rule /^npm publish/ (",
  },
  {
    name: "[managed] rules come after the top-level ones of their kind",
    setup: {
      managed: { "policy.toml": `block = ["^alpha"]\n[managed]\nblock = ["^beta"]\n` },
    },
    command: "beta",
    verdict: "block",
    says: "[managed.block[1]]",
  },
  {
    name: "a [managed] block that is not a list fails closed",
    setup: { managed: { "policy.toml": `[managed]\nblock = "^npm"\n` } },
    command: "ls",
    verdict: "fail",
    says: "must be an array",
  },
  // Name order.
  {
    name: "policy.d merges in name order: the later file's setting wins",
    setup: {
      managed: {
        "policy.d/10-a.toml": `mode = "enforce"\n`,
        "policy.d/20-b.toml": `mode = "observe"\n${BLOCK_PUBLISH}`,
      },
    },
    command: "npm publish",
    verdict: "allow",
  },
  {
    name: "name order is by code unit: 10- before 9-",
    setup: {
      managed: {
        "policy.d/9-late.toml": `mode = "enforce"\n`,
        "policy.d/10-early.toml": `mode = "observe"\n${BLOCK_PUBLISH}`,
      },
    },
    command: "npm publish",
    verdict: "block",
  },
  {
    name: "rule ids count across files: policy.toml first, then policy.d in order",
    setup: {
      managed: {
        "policy.toml": `block = ["^alpha"]\n`,
        "policy.d/20-b.toml": `block = ["^gamma"]\n`,
        "policy.d/10-a.toml": `block = ["^beta"]\n`,
      },
    },
    command: "gamma now",
    verdict: "block",
    says: "[managed.block[2]]",
  },
  {
    name: "a file outside the name pattern is ignored (policy.d/README)",
    setup: {
      managed: { "policy.d/README": "this is not toml = [", "policy.d/10-a.toml": BLOCK_PUBLISH },
    },
    command: "npm publish",
    verdict: "block",
  },
  {
    name: "no managed files: the user's policy is the last word as before",
    setup: { managed: {}, user: `allow = ["^npm publish"]\n` },
    command: "npm publish",
    verdict: "allow",
  },
];

Deno.test({
  name: "managed policy: the hook, case by case",
  ignore: !IS_ROOT,
  fn: async (t) => {
    for (const c of CASES) {
      await t.step(c.name, async () => {
        const e = await setUp(c.setup);
        try {
          await c.before?.(e);
          const r = await hook(e, { command: c.command, tool: c.tool, input: c.input });
          assert.equal(r.verdict, c.verdict, `${c.name}: ${r.line}`);
          if (c.says) assert.ok(r.line.includes(c.says), `${c.name}: ${r.line}`);
        } finally {
          tearDown(e);
        }
      });
    }
  },
});

Deno.test({
  name: "managed policy: a missing managed directory costs nothing and changes nothing",
  ignore: !IS_ROOT,
  fn: async () => {
    const e = await setUp({ user: `allow = ["^npm publish"]\n` });
    try {
      Deno.removeSync(e.root);
      const r = await hook(e, { command: "npm publish" });
      assert.equal(r.verdict, "allow", r.line);
      const p = await loadPolicy(`${e.home}/.aiguard`, e.root);
      assert.equal(p.managed, undefined);
    } finally {
      Deno.removeSync(e.home, { recursive: true });
    }
  },
});

Deno.test({
  name: "managed policy: locked settings keep the managed value and are reported",
  ignore: !IS_ROOT,
  fn: async () => {
    const e = await setUp({
      managed: {
        "policy.toml": [
          `asks = "out-of-band"`,
          `[audit]\nmode = "verbatim"`,
          `[flow]\npreset = "strict"`,
          `[injection]\nthreshold = 0.5`,
          `[managed]\nlock = ["asks", "audit", "flow.preset", "injection.threshold"]`,
        ].join("\n"),
      },
      user: [
        `asks = "native"`,
        `[audit]\nmode = "proof"\nrotate_mib = 4`,
        `[flow]\npreset = "permissive"\ndeclassifiers = ["mytool"]`,
        `[injection]\nthreshold = 0.99`,
        `[watch]\nunlock_minutes = 3`,
      ].join("\n"),
    });
    try {
      const p = await loadPolicy(`${e.home}/.aiguard`, e.root);
      assert.equal(p.asks, "out-of-band");
      assert.equal(p.audit.mode, "verbatim");
      assert.equal(p.audit.rotateBytes, 16 * 1024 * 1024, "audit is locked as a table");
      assert.equal(p.flow.preset, "strict");
      assert.deepEqual(p.flow.declassifiers, ["mytool"], "an unlocked key is the user's");
      assert.equal(p.detectors.injectionThreshold, 0.5);
      assert.equal(p.watch.unlockMinutes, 3);
      assert.deepEqual(
        p.managed!.ignored.map((i) => `${i.key}:${i.line}`).sort(),
        ["asks:1", "audit.mode:3", "audit.rotate_mib:4", "flow.preset:6", "injection.threshold:9"],
      );
      const d = await managedCheck(`${e.home}/.aiguard`, e.root);
      assert.equal(d.status, "warn", d.detail);
      assert.match(d.detail, /locks asks, audit, flow\.preset, injection\.threshold/);
      assert.match(d.detail, /audit\.mode \(.*policy\.toml:3\)/);
    } finally {
      tearDown(e);
    }
  },
});

Deno.test({
  name: "managed policy: doctor names the unsound file and the fix",
  ignore: !IS_ROOT,
  fn: async () => {
    const cases: [Setup, RegExp, RegExp][] = [
      [
        {
          managed: { "policy.toml": "" },
          tamper: (r) => Deno.chmodSync(`${r}/policy.toml`, 0o666),
        },
        /policy\.toml: is writable by group or others .*every call is stopped/,
        /chown root:root .*policy\.toml' && chmod 644/,
      ],
      [
        { managed: { "policy.d/10-x.toml": "block = [\n" } },
        /10-x\.toml:\d+: TOML syntax error/,
        /administrator must fix the line named above in .*10-x\.toml/,
      ],
      [
        { managed: { "policy.toml": "wat = 1\n" } },
        /policy\.toml:1: unknown key "wat"/,
        /administrator must fix/,
      ],
    ];
    for (const [setup, detail, fix] of cases) {
      const e = await setUp(setup);
      try {
        const d = await managedCheck(`${e.home}/.aiguard`, e.root);
        assert.equal(d.status, "fail", d.detail);
        assert.match(d.detail, detail);
        assert.match(d.fix ?? "", fix);
      } finally {
        tearDown(e);
      }
    }
    const ok = await setUp({
      managed: {
        "policy.toml": `${BLOCK_PUBLISH}[managed]\nlock = ["mode"]\nremember = "session"\n`,
      },
    });
    try {
      const d = await managedCheck(`${ok.home}/.aiguard`, ok.root);
      assert.equal(d.status, "pass", d.detail);
      assert.match(
        d.detail,
        /policy\.toml: 1 rule\(s\); locks mode; remembered approvals ≤ session/,
      );
      const p = await loadPolicy(`${ok.home}/.aiguard`, ok.root);
      assert.match(
        decidingLayer("managed.block[0]", p),
        /^managed policy, managed\.block\[0\] \(.*policy\.toml:1\)$/,
      );
      assert.match(decidingLayer("abs.guard-state", p), /^Absolute Block/);
    } finally {
      tearDown(ok);
    }
  },
});

Deno.test({
  name: "managed policy: guard approve --remember respects the cap",
  ignore: !IS_ROOT,
  fn: async () => {
    const e = await setUp({ managed: { "policy.toml": `[managed]\nremember = "session"\n` } });
    try {
      const first = await hook(e, { command: "mystery-tool run test" });
      assert.equal(first.verdict, "ask", first.line);
      const c = await readChallenge(`${e.home}/.aiguard`, token(first.line), Date.now());
      const wide = await rememberChallenge(`${e.home}/.aiguard`, c, "project", "totp", e.root);
      assert.ok("refused" in wide && /caps remembered approvals at session/.test(wide.refused));
      const narrow = await rememberChallenge(`${e.home}/.aiguard`, c, "session", "totp", e.root);
      assert.ok(!("refused" in narrow), JSON.stringify(narrow));
    } finally {
      tearDown(e);
    }
  },
});

Deno.test("managed policy: the hook reads exactly the managed directory, nothing else new", () => {
  const home = "/home/u";
  const flags = hookFlags(home);
  // Beside its state and the managed directory, the hook reads only guard's own src/ (its late
  // imports, src/core/late.ts) — the checkout's, never a project's.
  assert.ok(
    flags.includes(`--allow-read=${home}/.aiguard,${MANAGED_DIR},${ownSource()[0]}`),
    flags.join(" "),
  );
  assert.equal(ownSource()[0], `${REPO_ROOT}/src`);
  assert.ok(flags.includes(`--allow-write=${home}/.aiguard`), flags.join(" "));
  // The managed directories are no agent configuration: the privilege drop keeps them readable.
  const configs = agentConfigPaths(home);
  assert.ok(!configs.includes("/etc/aiguard"));
  assert.ok(!configs.includes("/Library/Application Support/aiguard"));
  assert.ok(configs.includes("/etc/claude-code"));
  // The task's quoted macOS paths are one word each.
  assert.deepEqual(taskWords(`a "b c",d e`), ["a", "b c,d", "e"]);
});

Deno.test("managed policy: PolicyError names the file and line", () => {
  const e = new PolicyError("/etc/aiguard/policy.d/10-x.toml", 3, "unknown key");
  assert.equal(e.message, "/etc/aiguard/policy.d/10-x.toml:3: unknown key");
});

Deno.test({
  name: "managed policy: install --managed writes a hook every user runs with their own home",
  ignore: !IS_ROOT,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "guard-managed-settings-" });
    const userA = await Deno.makeTempDir({ prefix: "guard-managed-usera-" });
    const path = `${dir}/etc/claude-code/managed-settings.json`;
    try {
      // The administrator's own settings are kept; allowManagedHooksOnly is never set.
      Deno.mkdirSync(`${dir}/etc/claude-code`, { recursive: true, mode: 0o755 });
      Deno.writeTextFileSync(path, `{"permissions": {"deny": ["Bash(curl:*)"]}}\n`, {
        mode: 0o644,
      });
      assert.equal(
        await runManagedInstall("claude", false, false, {
          path,
          canary: false,
          main: `${REPO_ROOT}/main.ts`,
        }),
        0,
      );
      const cfg = JSON.parse(Deno.readTextFileSync(path));
      assert.deepEqual(cfg.permissions, { deny: ["Bash(curl:*)"] });
      assert.equal(cfg.allowManagedHooksOnly, undefined);
      const command: string = cfg.hooks.PreToolUse[0].hooks[0].command;
      assert.match(command, /--allow-read="\$HOME"\/\.aiguard,/);
      assert.ok(!command.includes(Deno.env.get("HOME") + "/.aiguard"), command);
      assert.equal((Deno.statSync(path).mode ?? 0) & 0o777, 0o644);
      // Idempotent.
      assert.equal(
        await runManagedInstall("claude", false, false, {
          path,
          canary: false,
          main: `${REPO_ROOT}/main.ts`,
        }),
        0,
      );
      assert.equal(JSON.parse(Deno.readTextFileSync(path)).hooks.PreToolUse.length, 1);
      // The hook, run as the agent runs it for user A, uses A's home and stops the canary.
      const payload = JSON.stringify({
        session_id: "guard-canary",
        cwd: userA,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      });
      const child = new Deno.Command("/bin/sh", {
        args: ["-c", command],
        cwd: userA,
        env: guardEnv(userA),
        clearEnv: true,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(payload));
      await w.close();
      const o = await child.output();
      const reply = new TextDecoder().decode(o.stdout) + new TextDecoder().decode(o.stderr);
      assert.match(reply, /BLOCKED \[abs\./, reply);
      assert.ok(Deno.statSync(`${userA}/.aiguard/audit.jsonl`).isFile, "A's own audit log");
      // Agents without a system-level settings file are refused.
      assert.equal(
        await runManagedInstall("codex", false, true, {
          path,
          canary: false,
          main: `${REPO_ROOT}/main.ts`,
        }),
        2,
      );
      // Uninstall removes exactly guard's entries.
      assert.equal(
        await runManagedInstall("claude", true, false, {
          path,
          canary: false,
          main: `${REPO_ROOT}/main.ts`,
        }),
        0,
      );
      const after = JSON.parse(Deno.readTextFileSync(path));
      assert.equal(after.hooks, undefined);
      assert.deepEqual(after.permissions, { deny: ["Bash(curl:*)"] });
    } finally {
      Deno.removeSync(dir, { recursive: true });
      Deno.removeSync(userA, { recursive: true });
    }
  },
});

Deno.test("managed policy: sampling — the user can only restrict what the managed policy lets servers ask", async () => {
  const cases: {
    managed: string;
    user: string;
    global: string;
    servers: Record<string, string>;
  }[] = [
    // A managed block is not loosened by the user's allow, globally or per server.
    {
      managed: `[mcp]\nsampling = "block"\n`,
      user: `[mcp]\nsampling = "allow"\n[mcp.servers.a]\nsampling = "allow"\n`,
      global: "block",
      servers: { a: "block" },
    },
    // A managed per-server ask holds against the user's global allow; the user tightens another.
    {
      managed: `[mcp.servers.a]\nsampling = "ask"\n`,
      user: `[mcp]\nsampling = "allow"\n[mcp.servers.b]\nsampling = "block"\n`,
      global: "allow",
      servers: { a: "ask", b: "block" },
    },
    // The user's global block beats a managed per-server allow (restricting further).
    {
      managed: `[mcp.servers.a]\nsampling = "allow"\n`,
      user: `[mcp]\nsampling = "block"\n`,
      global: "block",
      servers: { a: "block" },
    },
    // Control: nothing set anywhere.
    { managed: `mode = "enforce"\n`, user: ``, global: "allow", servers: {} },
  ];
  for (const c of cases) {
    const e = await setUp({ managed: { "policy.toml": c.managed }, user: c.user });
    try {
      const p = await loadPolicy(`${e.home}/.aiguard`, e.root);
      assert.equal(p.mcp.sampling, c.global, `${c.managed} + ${c.user}`);
      assert.deepEqual(p.mcp.serverSampling, c.servers, `${c.managed} + ${c.user}`);
    } finally {
      tearDown(e);
    }
  }
});
