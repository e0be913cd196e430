/**
 * The workspace (src/state/workspace.ts): its definition (git root, else the cwd; never the
 * home, `/`, a system directory or guard's own), its canonical spelling, its anchoring in the
 * session's flow state (the first call sets it, nothing later widens or replaces it), the state
 * file's optional field, and end to end through the installed hook and `guard explain`.
 */
import assert from "node:assert/strict";
import {
  anchorWorkspace,
  canonicalDir,
  findWorkspace,
  namedWorkspace,
  type WorkspaceBounds,
  type WorkspaceProbe,
  workspaceRefusal,
} from "../src/state/workspace.ts";
import {
  decodeFlowState,
  encodeFlowState,
  FlowStateError,
  newFlowState,
} from "../src/flow/flow.ts";
import { sessionKey } from "../src/state/sessions.ts";
import { guardEnv, runGuard, runProcess, tempHome } from "../scripts/guard_flags.ts";
import { installedHook } from "./installed_hook.ts";
import { readReply } from "../src/cli/setup/canary.ts";

const SALT = "0123456789abcdef";

Deno.test("canonicalDir: lexical normalisation and the /proc/self/root spellings", () => {
  const rows: [string, string | null][] = [
    ["/home/user/p", "/home/user/p"],
    ["/home//user/./p/", "/home/user/p"],
    ["/home/user/x/../p", "/home/user/p"],
    ["/../..", "/"],
    ["/proc/self/root/home/user/p", "/home/user/p"],
    ["/proc/thread-self/root/home/user/p", "/home/user/p"],
    ["/proc/self/root/proc/self/root/home/user/p", "/home/user/p"],
    ["/proc/self/root/../home/user/p", "/home/user/p"],
    ["//proc//self/./root/home/user/p", "/home/user/p"],
    ["/proc/self/root", "/"],
    ["/proc/self/cwd/p", "/proc/self/cwd/p"],
    ["/proc/1/root/home/user/p", "/proc/1/root/home/user/p"],
    ["relative/p", null],
    ["", null],
    ["/a\0b", null],
  ];
  for (const [input, want] of rows) assert.equal(canonicalDir(input), want, input);
});

const BOUNDS: WorkspaceBounds = {
  home: "/home/user",
  stateDir: "/home/user/.aiguard",
  guardPaths: ["/opt/guard", "/home/user/.cache/deno", "/home/user/src/guard"],
};

Deno.test("workspaceRefusal: the home, /, ancestors, system, scratch roots and guard's own are never a workspace", () => {
  const never = [
    "/",
    "/home/user",
    "/home",
    "/Users",
    "/etc",
    "/etc/nginx",
    "/usr",
    "/usr/local/src/x",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
    "/lib/modules",
    "/opt",
    "/opt/x",
    "/var",
    "/var/lib/app",
    "/var/folders/ab/cd/T",
    "/proc",
    "/proc/1/cwd",
    "/sys/class",
    "/dev",
    "/boot",
    "/root",
    "/root/p",
    "/run/user/1000",
    "/System/Library",
    "/Library/x",
    "/Applications/X.app",
    "/private",
    "/private/etc",
    "/nix/store/x",
    "/snap/x",
    "/srv/www",
    "/tmp",
    "/var/tmp",
    "/private/tmp",
    "/home/user/.aiguard",
    "/home/user/.aiguard/sessions",
    "/home/user/.cache/deno/npm",
    "/home/user/src/guard",
    "/home/user/src/guard/src",
  ];
  for (const d of never) assert.ok(workspaceRefusal(d, BOUNDS), `${d} must never be a workspace`);
  const can = [
    "/home/user/project",
    "/home/user/src/a/b",
    "/home/user/src",
    "/home/user/.config/nvim",
    "/home/other/p",
    "/tmp/p",
    "/var/tmp/p",
    "/private/tmp/p",
    "/var/folders/ab/cd/T/p",
    "/private/var/folders/ab/cd/T/p",
    "/mnt/data/p",
    "/Volumes/disk/p",
    "/workspaces/p",
  ];
  for (const d of can) assert.equal(workspaceRefusal(d, BOUNDS), null, d);
  // root's own projects, when root is the user.
  const root = { home: "/root", stateDir: "/root/.aiguard", guardPaths: [] };
  assert.equal(workspaceRefusal("/root/p", root), null);
  assert.ok(workspaceRefusal("/root", root));
  assert.ok(workspaceRefusal("/etc/x", root));
});

/** A real directory tree: a home with a git project, a worktree, plain dirs and symlinks. */
async function tree() {
  const base = Deno.realPathSync(await Deno.makeTempDir({ prefix: "guard-ws-" }));
  const home = `${base}/home`;
  const dirs = [
    `${home}/.aiguard`,
    `${home}/project/.git`,
    `${home}/project/src/deep`,
    `${home}/worktree`,
    `${home}/plain/sub`,
    `${base}/dotfiles-home/.git`,
    `${base}/dotfiles-home/dots/x`,
    `${base}/outside/repo/.git`,
    `${base}/outside/repo/a`,
  ];
  for (const d of dirs) await Deno.mkdir(d, { recursive: true });
  await Deno.writeTextFile(`${home}/worktree/.git`, "gitdir: /elsewhere/.git/worktrees/w\n");
  await Deno.symlink(home, `${home}/link-to-home`);
  await Deno.symlink(`${home}/project/src`, `${home}/link-to-src`);
  await Deno.symlink("/etc", `${home}/link-to-etc`);
  const b: WorkspaceBounds = { home, stateDir: `${home}/.aiguard`, guardPaths: ["/opt/guard"] };
  return { base, home, b };
}

Deno.test("findWorkspace: git root, else the cwd; never home, / or system; canonical spellings", async () => {
  const { base, home, b } = await tree();
  const p = `${home}/project`;
  const rows: [string, string | null, string, WorkspaceBounds?][] = [
    [p, p, "git-root"],
    [`${p}/src/deep`, p, "git-root"],
    [`${p}/src/not-yet/made`, p, "git-root"], // a cwd that does not exist (yet)
    [`${home}/worktree`, `${home}/worktree`, "git-root"], // `.git` file: a worktree
    [`${home}/plain/sub`, `${home}/plain/sub`, "cwd"],
    [`${home}/plain//sub/../sub/`, `${home}/plain/sub`, "cwd"],
    [`${p}/src/../src/deep`, p, "git-root"],
    [`${base}/outside/repo/a`, `${base}/outside/repo`, "git-root"],
    [home, null, "none"],
    [`${home}/`, null, "none"],
    [`${p}/../..`, null, "none"],
    ["/", null, "none"],
    ["/etc", null, "none"],
    ["/usr/share", null, "none"],
    [`${home}/.aiguard`, null, "none"],
    ["relative", null, "none"],
    [`${home}/link-to-home`, null, "none"], // a symlink to the home is the home
    [`${home}/link-to-etc`, null, "none"],
    [`${home}/link-to-src/deep`, p, "git-root"], // resolved, then walked physically
  ];
  // A repository at the home (dotfiles) is not a project: the cwd is the workspace.
  const dots = { home: `${base}/dotfiles-home`, stateDir: `${base}/dotfiles-home/.aiguard` };
  const dotsB = { ...dots, guardPaths: [] };
  rows.push([`${dots.home}/dots/x`, `${dots.home}/dots/x`, "cwd", dotsB]);
  rows.push([dots.home, null, "none", dotsB]);
  if (Deno.build.os === "linux") {
    rows.push([`/proc/self/root${p}/src/deep`, p, "git-root"]);
    rows.push([`/proc/thread-self/root${home}/plain/sub`, `${home}/plain/sub`, "cwd"]);
    rows.push([`/proc/self/cwd`, null, "none"]);
  }
  for (const [cwd, want, source, bounds] of rows) {
    const got = findWorkspace(cwd, bounds ?? b);
    assert.equal(got.workspace, want, `${cwd}: ${JSON.stringify(got)}`);
    assert.equal(got.source, source, cwd);
  }
  assert.match(findWorkspace(`${dots.home}/dots/x`, dotsB).note ?? "", /home directory/);
  await Deno.remove(base, { recursive: true });
});

Deno.test("findWorkspace where guard may not read: the cwd, lexically; the walk stops at the first refusal", () => {
  const denied = () => {
    throw new Deno.errors.NotCapable("Requires read access");
  };
  const calls: string[] = [];
  const probe: WorkspaceProbe = {
    lstat: (path) => {
      calls.push(path);
      denied();
    },
    realPath: denied,
  };
  const got = findWorkspace("/home/user/project/src/../src", BOUNDS, probe);
  assert.deepEqual(got.workspace, "/home/user/project/src");
  assert.equal(got.source, "cwd");
  assert.match(got.note!, /only where guard may read/);
  assert.deepEqual(calls, ["/home/user/project/src/.git"], "one stat, then stop");
  // Still never the home or a system directory, whatever the file system says.
  assert.equal(findWorkspace("/home/user", BOUNDS, probe).workspace, null);
  assert.equal(findWorkspace("/proc/self/root/etc", BOUNDS, probe).workspace, null);
  // PermissionDenied (the OS refusing) is a refusal too.
  const osDenied: WorkspaceProbe = {
    lstat: () => {
      throw new Deno.errors.PermissionDenied("EACCES");
    },
    realPath: (p) => p,
  };
  assert.equal(findWorkspace("/home/user/p/q", BOUNDS, osDenied).workspace, "/home/user/p/q");
  // The walk is bounded: at most MAX_WALK stats even for a very deep cwd.
  let n = 0;
  const missing: WorkspaceProbe = {
    lstat: () => {
      n++;
      throw new Deno.errors.NotFound("x");
    },
    realPath: (p) => p,
  };
  const deep = "/home/user/" + Array.from({ length: 100 }, (_, i) => `d${i}`).join("/");
  assert.equal(findWorkspace(deep, BOUNDS, missing).workspace, deep);
  assert.ok(n <= 40, `${n} stats`);
});

Deno.test("namedWorkspace (--workspace): canonicalised, refused where a workspace never is, `none`", () => {
  const id: WorkspaceProbe = { lstat: () => undefined, realPath: (p) => p };
  assert.deepEqual(namedWorkspace("/home/user/p/", BOUNDS, id), { workspace: "/home/user/p" });
  assert.deepEqual(namedWorkspace("/proc/self/root/home/user/p", BOUNDS, id), {
    workspace: "/home/user/p",
  });
  assert.deepEqual(namedWorkspace("none", BOUNDS, id), { workspace: null });
  for (const bad of ["/", "/home/user", "/etc", "rel", "/home/user/.aiguard"]) {
    assert.ok("error" in namedWorkspace(bad, BOUNDS, id), bad);
  }
});

Deno.test("anchoring: the first call with a workspace sets it; later cwds never widen or replace it", () => {
  const probe: WorkspaceProbe = {
    lstat: (p) => {
      if (p === "/home/user/project/.git" || p === "/home/user/other/.git") return;
      throw new Deno.errors.NotFound(p);
    },
    realPath: (p) => p,
  };
  // [cwd of the call, workspace the call is judged against, state changed]
  const sequences: [string, [string, string | null, boolean][]][] = [
    ["project first, then cd ~, /, a system dir, another project, inside", [
      ["/home/user/project/src", "/home/user/project", true],
      ["/home/user", "/home/user/project", false],
      ["/", "/home/user/project", false],
      ["/etc", "/home/user/project", false],
      ["/home/user/other", "/home/user/project", false],
      ["/home/user/project/src/deep", "/home/user/project", false],
      ["/proc/self/root/home/user", "/home/user/project", false],
    ]],
    ["home first: no workspace until a call from a project", [
      ["/home/user", null, false],
      ["/", null, false],
      ["/home/user/other/x", "/home/user/other", true],
      ["/home/user/project", "/home/user/other", false],
    ]],
  ];
  for (const [name, calls] of sequences) {
    const state = newFlowState(SALT, 0);
    for (const [cwd, want, changed] of calls) {
      const got = anchorWorkspace(state, cwd, BOUNDS, probe);
      assert.deepEqual(got, { workspace: want, changed }, `${name}: ${cwd}`);
      // What is stored survives the session file.
      const back = decodeFlowState(encodeFlowState(state));
      assert.equal(back.workspace, state.workspace, `${name}: ${cwd} round trip`);
    }
  }
  // No session: each call's own.
  assert.deepEqual(anchorWorkspace(null, "/home/user/project/a", BOUNDS, probe), {
    workspace: "/home/user/project",
    changed: false,
  });
  assert.deepEqual(anchorWorkspace(null, "/home/user", BOUNDS, probe), {
    workspace: null,
    changed: false,
  });
  // A stored workspace that is now refused (guard moved there, a hand-edited file) is none.
  const odd = { ...newFlowState(SALT, 0), workspace: "/home/user" };
  assert.deepEqual(anchorWorkspace(odd, "/home/user/project", BOUNDS, probe), {
    workspace: null,
    changed: false,
  });
  assert.equal(odd.workspace, "/home/user", "never replaced");
});

/** A session file as written before the workspace field existed (GFL1, JSON metadata). */
function stateFile(meta: Record<string, unknown>): Uint8Array {
  const raw = new TextEncoder().encode(JSON.stringify(meta));
  const jb = new Uint8Array(Math.ceil(raw.length / 4) * 4).fill(32);
  jb.set(raw);
  const out = new Uint8Array(8 + jb.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x314c4647, true);
  dv.setUint32(4, jb.length, true);
  out.set(jb, 8);
  return out;
}

Deno.test("state file: the workspace field is optional (old files decode), checked when present", () => {
  const meta = {
    v: 1,
    salt: SALT,
    nextId: 3,
    untrusted: [1],
    private: [],
    results: { id: [1], tools: ["WebFetch"], tool: [0], labels: [1], at: [5] },
    updated: 7,
  };
  const old = decodeFlowState(stateFile(meta));
  assert.equal(old.workspace, undefined);
  assert.equal(old.nextId, 3);
  assert.equal(
    anchorWorkspace(old, "/home/user/p", BOUNDS, {
      lstat: () => {
        throw new Deno.errors.NotFound("x");
      },
      realPath: (p) => p,
    }).workspace,
    "/home/user/p",
  );
  assert.equal(decodeFlowState(encodeFlowState(old)).workspace, "/home/user/p");
  const withWs = decodeFlowState(stateFile({ ...meta, workspace: "/home/user/project" }));
  assert.equal(withWs.workspace, "/home/user/project");
  for (const bad of [42, "relative", "/a\0b", "/" + "x".repeat(5000)]) {
    assert.throws(
      () => decodeFlowState(stateFile({ ...meta, workspace: bad })),
      FlowStateError,
      String(bad).slice(0, 20),
    );
  }
  // Without a workspace, the encoding is the one older guards wrote (and read).
  const fresh = newFlowState(SALT, 0);
  assert.ok(!new TextDecoder().decode(encodeFlowState(fresh)).includes("workspace"));
});

/** The installed Claude hook's reply as action and rule (a stop's reason names its rule). */
function hookDecision(r: { code: number; stdout: string; stderr: string }) {
  const reply = readReply("claude", r.code, r.stdout, r.stderr);
  if (!reply.stopped) return { action: "allow" };
  const m = reply.reason.match(/guard: (BLOCKED|APPROVAL NEEDED|FAIL-CLOSED) \[([^\]]+)\]/);
  assert.ok(m, reply.reason);
  return { action: m[1] === "APPROVAL NEEDED" ? "ask" : "block", rule: m[2] };
}

Deno.test("end to end: the installed hook anchors the session's workspace; `cd ~` does not widen it; explain shows it", async () => {
  const home = await tempHome("guard-ws-e2e-");
  const project = `${home}/project`;
  await Deno.mkdir(`${project}/.git`, { recursive: true });
  await Deno.mkdir(`${project}/src`, { recursive: true });
  await Deno.mkdir(`${home}/.claude`, { mode: 0o700 });
  const inst = await runGuard(home, ["install", "--agent", "claude"]);
  assert.equal(inst.code, 0, inst.stdout + inst.stderr);
  const hook = await installedHook("claude", home);
  const run = (session: string, cwd: string, command: string) =>
    runProcess("sh", ["-c", hook], {
      env: guardEnv(home),
      cwd,
      stdin: JSON.stringify({
        session_id: session,
        cwd,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
      }),
    });
  const anchored = async (session: string) => {
    const file = `${home}/.aiguard/sessions/${sessionKey(session)}.flow`;
    return decodeFlowState(await Deno.readFile(file)).workspace;
  };

  // First call from the project, then the agent's shell is in ~ and writes a file there.
  const first = await run("ws-1", project, "ls");
  assert.equal(hookDecision(first).action, "allow", first.stdout);
  assert.equal(await anchored("ws-1"), project);
  const second = await run("ws-1", home, "echo x > notes.txt");
  assert.equal(await anchored("ws-1"), project, "a later cwd of ~ does not widen it");
  const third = await run("ws-1", "/", "ls");
  assert.equal(hookDecision(third).action, "allow", third.stdout);
  assert.equal(await anchored("ws-1"), project, "nor does /");

  // The second call was judged against the anchored workspace: the same decision as explain
  // from ~ with that workspace named (whatever the engine's zones decide for it).
  const explained = await runGuard(home, [
    "explain",
    "--json",
    "--cwd",
    home,
    "--workspace",
    project,
    "echo x > notes.txt",
  ]);
  assert.equal(explained.code, 0, explained.stderr);
  const ex = JSON.parse(explained.stdout);
  assert.equal(ex.workspace, project);
  assert.equal(ex.workspaceSource, "option");
  const got = hookDecision(second);
  assert.equal(got.action, ex.decision.action, `${second.stderr} vs ${explained.stdout}`);
  if (got.rule) assert.equal(got.rule, ex.decision.rule);

  // A call from another project is judged against the first one too (its own git root would
  // make the write inside): again the decision explain gives with the anchored workspace.
  const other = `${home}/other`;
  await Deno.mkdir(`${other}/.git`, { recursive: true });
  const fourth = await run("ws-1", other, "echo x > notes.txt");
  assert.equal(await anchored("ws-1"), project, "another project does not replace it");
  const exOther = JSON.parse(
    (await runGuard(home, [
      "explain",
      "--json",
      "--cwd",
      other,
      "--workspace",
      project,
      "echo x > notes.txt",
    ])).stdout,
  );
  const got4 = hookDecision(fourth);
  assert.equal(got4.action, exOther.decision.action, fourth.stdout);
  if (got4.rule) assert.equal(got4.rule, exOther.decision.rule);

  // explain from ~ on its own: the home is never a workspace.
  const fromHome = JSON.parse(
    (await runGuard(home, ["explain", "--json", "--cwd", home, "ls"])).stdout,
  );
  assert.equal(fromHome.workspace, null);
  assert.equal(fromHome.workspaceSource, "none");
  const text = await runGuard(home, ["explain", "--cwd", project, "ls"]);
  assert.match(text.stdout, new RegExp(`Workspace: ${project}\\b`));
  const refused = await runGuard(home, ["explain", "--workspace", home, "ls"]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /never a workspace: the home directory/);

  // Under the installed flags guard may read only its state directory: the git root above a
  // subdirectory is not found, and the workspace is that subdirectory (never wider).
  const sub = await run("ws-2", `${project}/src`, "ls");
  assert.equal(hookDecision(sub).action, "allow", sub.stdout);
  assert.equal(await anchored("ws-2"), `${project}/src`);
  const subExplain = JSON.parse(
    (await runGuard(home, ["explain", "--json", "--cwd", `${project}/src`, "ls"])).stdout,
  );
  assert.equal(subExplain.workspace, `${project}/src`);
  assert.equal(subExplain.workspaceSource, "cwd");
  assert.match(subExplain.workspaceNote, /only where guard may read/);

  // A session whose first call is from ~ has none until a call from a project.
  await run("ws-3", home, "ls");
  assert.equal(await anchored("ws-3").catch(() => undefined), undefined);
  await run("ws-3", project, "ls");
  assert.equal(await anchored("ws-3"), project);

  // guard proxy refuses a workspace that never is one.
  const proxy = await runGuard(home, ["proxy", "--workspace", "/", "--", "true"]);
  assert.equal(proxy.code, 2);
  assert.match(proxy.stderr, /never a workspace: the root directory/);
  await Deno.remove(home, { recursive: true });
});
