/**
 * The first-run race: agents run hooks (and tool calls) in parallel, so on a fresh machine many
 * hook processes create `~/.aiguard` at the same moment. Every one of them must decide normally.
 * The processes are started first and all given their payloads at once, so that they meet at the
 * state directory together (guard reads the payload before it touches the state directory).
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

const CALLERS = 24;
const ROUNDS = 3;

async function firstCalls(home: string): Promise<{ code: number; stderr: string }[]> {
  const kids = Array.from({ length: CALLERS }, () =>
    new Deno.Command(Deno.execPath(), {
      args: [...runFlags(home), MAIN_TS, "evaluate", "--agent", "claude"],
      cwd: REPO_ROOT,
      env: guardEnv(home),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn());
  // Let every process load its code and block on stdin, then release them together.
  await new Promise((r) => setTimeout(r, 2500));
  await Promise.all(kids.map(async (k, i) => {
    const w = k.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify({
      session_id: `race-${i % 4}`,
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: `echo first call ${i}` },
    })));
    await w.close();
  }));
  return await Promise.all(kids.map(async (k) => {
    const o = await k.output();
    return { code: o.code, stderr: new TextDecoder().decode(o.stderr) };
  }));
}

Deno.test(`${CALLERS} concurrent first-ever hook calls on a fresh home all decide (×${ROUNDS})`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const home = await tempHome("guard-race-");
    const runs = await firstCalls(home);
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const info = await Deno.lstat(`${home}/.aiguard`);
    assert.equal(info.mode! & 0o777, 0o700);
    const v = await runGuard(home, ["audit", "verify"]);
    assert.equal(
      v.stdout.trim().split("\n").at(-1),
      `OK: ${CALLERS} entries verified, chain intact`,
    );
    await Deno.remove(home, { recursive: true });
  }
});

/** Runs `fn` while every mkdir loses its race: another process creates the path first. */
function losingRace(
  winner: (path: string, mkdir: typeof Deno.mkdirSync) => void,
  fn: () => void,
): void {
  const mkdir = Deno.mkdirSync;
  // deno-lint-ignore no-explicit-any
  (Deno as any).mkdirSync = (path: string, opts?: Deno.MkdirOptions) => {
    winner(path, mkdir);
    mkdir(path, opts); // AlreadyExists, as the loser of the race sees it
  };
  try {
    fn();
  } finally {
    // deno-lint-ignore no-explicit-any
    (Deno as any).mkdirSync = mkdir;
  }
}

Deno.test("losing the race to create the state directory or a subdirectory is not an error", async () => {
  const { ensureStateDir, ensureSubdir, StateError } = await import("../src/state/state_dir.ts");
  const home = await tempHome("guard-race-unit-");
  const dir = `${home}/.aiguard`;
  losingRace((p, mkdir) => mkdir(p, { mode: 0o700 }), () => {
    assert.equal(ensureStateDir(dir), true);
    ensureSubdir(`${dir}/sessions`);
  });
  assert.equal(Deno.lstatSync(`${dir}/sessions`).isDirectory, true);
  // What the winner made must still pass the checks: a symlink or a loose mode is refused.
  const other = `${home}/other`;
  Deno.mkdirSync(other, { mode: 0o700 });
  losingRace((p) => Deno.symlinkSync(other, p), () => {
    assert.throws(() => ensureSubdir(`${dir}/challenges`), StateError);
  });
  losingRace((p, mkdir) => {
    mkdir(p);
    Deno.chmodSync(p, 0o777);
  }, () => {
    assert.throws(() => ensureStateDir(`${home}/.aiguard-b`), StateError);
  });
  await Deno.remove(home, { recursive: true });
});
