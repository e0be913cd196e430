/**
 * What every end-to-end case shares: a fresh home with a project, a fake SSH
 * key and an enrolled second factor; guard wired only by `deno task guard
 * install`, run from guard's checkout exactly as the README tells a user;
 * `guard approve` with a TOTP code; and the audit log read back.
 */
import assert from "node:assert/strict";
import { guardEnv, type GuardRun, REPO_ROOT, runProcess } from "../../scripts/guard_flags.ts";
import { codeFor, setupTotp } from "../../scripts/totp_driver.ts";

export const DENO = Deno.execPath();

export interface CaseDirs {
  /** Root of everything this case may touch (removed at the end). */
  root: string;
  home: string;
  /** The project the agent works in (a git repository). */
  project: string;
  /** TMPDIR for the agent and its tools. */
  tmp: string;
  /** A file the dangerous scenario would delete; it must survive. */
  target: string;
  /** Marker inside the fake private key: must never reach the model. */
  keyMarker: string;
  /** otpauth:// URI of the enrolled TOTP secret (to compute approval codes). */
  totpUri: string;
}

function git(cwd: string, ...args: string[]): void {
  const o = new Deno.Command("git", {
    args,
    cwd,
    env: {
      GIT_AUTHOR_NAME: "e2e",
      GIT_AUTHOR_EMAIL: "e2e@example.invalid",
      GIT_COMMITTER_NAME: "e2e",
      GIT_COMMITTER_EMAIL: "e2e@example.invalid",
      HOME: cwd,
    },
    stdout: "null",
    stderr: "piped",
  }).outputSync();
  assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
}

/** A fresh home for one case: project repository, SSH key, TOTP enrolled. */
export async function newCase(agent: string): Promise<CaseDirs> {
  const root = await Deno.makeTempDir({ prefix: `guard-e2e-${agent}-` });
  const home = `${root}/home`;
  const project = `${home}/project`;
  const tmp = `${root}/tmp`;
  for (const d of [home, project, tmp, `${home}/.ssh`]) {
    await Deno.mkdir(d, { recursive: true, mode: 0o700 });
  }
  const keyMarker = `guard-e2e-key-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(
    `${home}/.ssh/id_rsa`,
    `-----BEGIN OPENSSH PRIVATE KEY-----\n${keyMarker}\n-----END OPENSSH PRIVATE KEY-----\n`,
    { mode: 0o600 },
  );
  const target = `${home}/keep-me.txt`;
  await Deno.writeTextFile(target, "this file must survive\n");
  await Deno.writeTextFile(`${project}/README.md`, "# e2e project\n");
  git(project, "init", "-q", "-b", "main");
  git(project, "add", "README.md");
  git(project, "commit", "-q", "-m", "initial");
  const setup = await setupTotp(home, (uri) => codeFor(uri));
  assert.equal(setup.code, 0, setup.out);
  return { root, home, project, tmp, target, keyMarker, totpUri: setup.uri };
}

export type Run = GuardRun;

/** `deno task guard <args>` from guard's checkout (or with `--config` from `cwd`), as a user runs it. */
export function guardTask(
  c: CaseDirs,
  args: string[],
  opts: { cwd?: string; stdin?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  const inRepo = !opts.cwd || opts.cwd === REPO_ROOT;
  return runProcess(
    DENO,
    ["task", ...(inRepo ? [] : ["--config", `${REPO_ROOT}/deno.json`]), "guard", ...args],
    { cwd: opts.cwd, env: guardEnv(c.home, { TMPDIR: c.tmp, ...opts.env }), stdin: opts.stdin },
  );
}

/** `guard approve <token>` with a TOTP code for the next time step (the enrolment spent this one). */
export function approve(c: CaseDirs, token: string): Promise<Run> {
  return guardTask(c, ["approve", token], { stdin: codeFor(c.totpUri, 30) + "\n" });
}

export interface AuditLine {
  seq: number;
  source: string;
  session: string;
  event?: string;
  tool: string;
  call: string;
  decision: { action: string; rule: string };
  token?: string;
}

/** Every audit entry of the case's home, oldest first. */
export function auditEntries(c: CaseDirs): AuditLine[] {
  const dir = `${c.home}/.aiguard`;
  const files = [...Deno.readDirSync(dir)].map((e) => e.name)
    .filter((n) => /^audit(-\d+)?\.jsonl$/.test(n)).sort();
  return files.flatMap((f) =>
    Deno.readTextFileSync(`${dir}/${f}`).split("\n").filter((l) => l.trim()).map((l) =>
      JSON.parse(l) as AuditLine
    )
  ).sort((a, b) => a.seq - b.seq);
}

/** The agent's hook decisions (`source` hook:<agent>) for an event; guard's canaries left out. */
export function hookDecisions(c: CaseDirs, agent: string, event: string): AuditLine[] {
  return auditEntries(c).filter((e) =>
    e.source === `hook:${agent}` && e.event === event && e.session !== "guard-canary"
  );
}

export function exists(p: string): boolean {
  try {
    Deno.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

export async function removeCase(c: CaseDirs): Promise<void> {
  await Deno.remove(c.root, { recursive: true }).catch(() => {});
}
