/**
 * `guard doctor [--json]`: is guard set up so that it can protect you? Each
 * check passes, warns, or fails with the command that fixes it; exit 1 when
 * anything failed. Doctor changes no file; for each wired agent it pipes a
 * canary call through the installed hook command (src/cli/setup/agent_checks.ts),
 * which guard records in the audit log like any other decision.
 */
import { allAgentChecks } from "./agent_checks.ts";
import { mcpOutsideGuard } from "./mcp_wrap.ts";
import {
  hasNativeClient,
  launcher,
  mainModulePath,
  nativeClientPath,
  serveCommand,
  socketPath,
  startCommand,
  stoppedMarkerPath,
  userDirectory,
} from "../flags.ts";
import {
  AUTOSTART_BACKOFF_S,
  nativeClientCurrent,
  readStartLine,
} from "../native/native_client.ts";
import { VERSION } from "../hook_client.ts";
import { evaluatorStatus } from "../serve.ts";
import { guardPaths } from "../../gate/runtime.ts";
import { out } from "../io.ts";
import { checkInfo, stateDirFor } from "../../state/state_dir.ts";
import { loadPolicy, loadUserPolicy } from "../../state/policy_file.ts";
import { MANAGED_DIR, managedFiles } from "../../state/managed_file.ts";
import { PolicyError } from "../../policy/user_policy.ts";
import { loadRemembered } from "../../state/remembered.ts";
import { readEnrolment } from "../../auth/auth_state.ts";

type Status = "pass" | "warn" | "fail";

interface Check {
  check: string;
  status: Status;
  detail: string;
  fix?: string;
}

function stateChecks(stateDir: string): Check[] {
  const out: Check[] = [];
  try {
    const info = Deno.lstatSync(stateDir);
    checkInfo(stateDir, info, true);
  } catch (e) {
    const missing = e instanceof Deno.errors.NotFound;
    return [{
      check: "state directory",
      status: "fail",
      detail: missing ? `${stateDir} does not exist` : (e as Error).message,
      fix: missing
        ? "run any guard command once (e.g. `guard totp setup`) to create it"
        : `chmod 700 ${stateDir} and make sure you own it (not a symlink)`,
    }];
  }
  const loose: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const e of Deno.readDirSync(dir)) {
      const p = `${dir}/${e.name}`;
      const i = Deno.lstatSync(p);
      const mode = (i.mode ?? 0) & 0o777;
      if (i.isSymlink) loose.push(`${p} is a symlink`);
      else if (i.isDirectory) {
        if (mode & 0o077) loose.push(`${p} is ${mode.toString(8)}`);
        if (depth < 3) walk(p, depth + 1);
      } else if (mode & 0o077) loose.push(`${p} is ${mode.toString(8)}`);
    }
  };
  walk(stateDir, 0);
  out.push(
    loose.length
      ? {
        check: "state directory",
        status: "fail",
        detail: `readable by others: ${loose.slice(0, 3).join("; ")}${
          loose.length > 3 ? ` (+${loose.length - 3})` : ""
        }`,
        fix: `chmod -R go-rwx ${stateDir}`,
      }
      : { check: "state directory", status: "pass", detail: `${stateDir} is 0700, files 0600` },
  );
  return out;
}

async function policyCheck(stateDir: string): Promise<Check> {
  try {
    const p = (await loadUserPolicy(stateDir)).policy;
    const rules = p.rules.length;
    return {
      check: "policy",
      status: p.mode === "observe" ? "warn" : "pass",
      detail: `${
        p.file ?? "no policy.toml (defaults)"
      }: ${rules} rule(s), mode ${p.mode}, flow ${p.flow.preset}`,
      ...(p.mode === "observe"
        ? { fix: 'observe mode stops nothing but Absolute Blocks: set mode = "enforce" when ready' }
        : {}),
    };
  } catch (e) {
    return {
      check: "policy",
      status: "fail",
      detail: (e as Error).message,
      fix: "fix the line named above; until then every call is stopped",
    };
  }
}

/**
 * The managed policy: its files and what they lock, or the file and line that stops every call
 * with the fix. `root` is the platform's fixed directory (tests pass their own).
 */
export async function managedCheck(stateDir: string, root: string = MANAGED_DIR): Promise<Check> {
  const check = "managed policy";
  let files: string[] | null;
  try {
    files = managedFiles(root);
  } catch (e) {
    return {
      check,
      status: "fail",
      detail: `${(e as Error).message}: every call is stopped`,
      fix: ownershipFix(e) ??
        `an administrator must fix ${root} (root-owned directories 0755, files 0644)`,
    };
  }
  if (files === null || !files.length) {
    return {
      check,
      status: "pass",
      detail: files === null ? `none (${root} does not exist)` : `none (${root} holds no policy)`,
    };
  }
  try {
    const p = await loadPolicy(stateDir, root);
    const m = p.managed!;
    const parts = [
      `${m.files.join(", ")}: ${p.rules.filter((r) => r.layer === "managed").length} rule(s)`,
      m.lock.length ? `locks ${m.lock.map((l) => l.key).join(", ")}` : "locks nothing",
      ...(m.allowManagedRulesOnly
        ? [`only managed allow rules (${m.droppedAllows} of yours ignored)`]
        : []),
      ...(m.remember !== "always" ? [`remembered approvals ≤ ${m.remember}`] : []),
      ...(m.mode ? [`mode ${m.mode}`] : []),
    ];
    if (m.ignored.length) {
      const where = m.ignored.map((i) => `${i.key} (${i.file}${i.line ? `:${i.line}` : ""})`);
      return {
        check,
        status: "warn",
        detail: `${parts.join("; ")}; your policy sets locked keys, ignored: ${where.join(", ")}`,
        fix: "remove those keys from your policy.toml; the managed values apply",
      };
    }
    return { check, status: "pass", detail: parts.join("; ") };
  } catch (e) {
    const managed = e instanceof PolicyError && files.includes(e.file);
    return {
      check,
      status: "fail",
      detail: `${(e as Error).message}: every call is stopped`,
      fix: ownershipFix(e) ??
        (managed
          ? `an administrator must fix the line named above in ${(e as PolicyError).file}`
          : "fix the line named above; until then every call is stopped"),
    };
  }
}

/** The chown/chmod that makes an unsound managed path sound, when that is the problem. */
function ownershipFix(e: unknown): string | null {
  if (!(e instanceof PolicyError)) return null;
  const at = e.problem.indexOf("run (as root)");
  return at >= 0 ? e.problem.slice(at) : null;
}

function rememberedCheck(stateDir: string): Check {
  try {
    const rules = loadRemembered(stateDir);
    return {
      check: "remembered approvals",
      status: "pass",
      detail: rules.length
        ? `${rules.length} remembered approval(s) (guard rules lists them)`
        : "none (guard approve <token> --remember project makes one)",
    };
  } catch (e) {
    return {
      check: "remembered approvals",
      status: "fail",
      detail: (e as Error).message,
      fix: "fix or remove the file; until then every call is stopped",
    };
  }
}

function installationCheck(): Check {
  const problems: string[] = [];
  let uid: number | null = null;
  try {
    uid = Deno.uid();
  } catch { /* no sys permission */ }
  for (const p of guardPaths()) {
    try {
      const i = Deno.statSync(p);
      const mode = (i.mode ?? 0) & 0o777;
      if (mode & 0o022) problems.push(`${p} is writable by group or others (${mode.toString(8)})`);
      if (uid !== null && i.uid !== null && i.uid !== uid && i.uid !== 0) {
        problems.push(`${p} is owned by uid ${i.uid}`);
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) {
        // guard may not read its own installation (only ~/.aiguard): that is by design.
        continue;
      }
    }
  }
  const l = launcher(Deno.env.get("HOME") ?? "");
  const where = l.compiled ? l.command : guardPaths()[0];
  return problems.length
    ? {
      check: "installation",
      status: "fail",
      detail: problems.join("; "),
      fix: `chmod go-w on guard's files; keep ${where} owned by you or root`,
    }
    : {
      check: "installation",
      status: "pass",
      detail: `${where} (${
        l.compiled ? "compiled binary" : "from source"
      }); agents' writes there are Absolute Blocks`,
    };
}

function factorCheck(stateDir: string): Check {
  try {
    const e = readEnrolment(stateDir);
    if (e.touchid) {
      return { check: "second factor", status: "pass", detail: "Touch ID enrolled" };
    }
    if (e.totp) {
      return e.totp.store === "file"
        ? {
          check: "second factor",
          status: "warn",
          detail: "TOTP enrolled; its secret is in a 0600 file (no keyring available)",
          fix: "install a keyring (Secret Service / Keychain) and run `guard totp reset`",
        }
        : {
          check: "second factor",
          status: "pass",
          detail: `TOTP enrolled; secret in the ${e.totp.store}`,
        };
    }
    return {
      check: "second factor",
      status: "fail",
      detail: "nothing enrolled: asked calls can never be approved",
      fix: "guard totp setup (or guard touchid setup on macOS)",
    };
  } catch (e) {
    return { check: "second factor", status: "fail", detail: (e as Error).message };
  }
}

function privilegeCheck(home: string, stateDir: string): Check {
  const q = (d: Deno.PermissionDescriptor) => Deno.permissions.querySync(d).state === "granted";
  const held: string[] = [];
  const broad: string[] = [];
  if (q({ name: "read", path: stateDir })) held.push(`read/write ${stateDir}`);
  if (q({ name: "read", path: "/" })) broad.push("read everywhere");
  if (q({ name: "write", path: "/" })) broad.push("write everywhere");
  if (q({ name: "net" })) broad.push("network");
  if (q({ name: "ffi" })) broad.push("ffi");
  if (q({ name: "run" })) broad.push("run any program");
  if (q({ name: "read", path: `${home}/.claude` })) held.push("agent configuration directories");
  if (q({ name: "env", variable: "HOME" })) held.push("env HOME");
  const detail = `doctor holds: ${held.join(", ") || "nothing"}${
    broad.length ? `; broad: ${broad.join(", ")}` : ""
  }; the hook (evaluate) drops the agent directories and running programs at start-up`;
  return broad.length
    ? {
      check: "privileges",
      status: "warn",
      detail,
      fix:
        "run guard with the flags of `deno task guard` (or a binary built by `deno task compile` on this machine)",
    }
    : { check: "privileges", status: "pass", detail };
}

/**
 * Is the resident evaluator up and answering, and which version does it run? Asked the way the
 * hook asks it: `guard serve --status` with the evaluator's own flags (doctor holds no socket
 * grant), through the shell doctor already may start.
 */
export async function evaluatorCheck(home: string): Promise<Check> {
  const check = "resident evaluator";
  if (!serveCommand(home)) {
    return {
      check,
      status: "pass",
      detail: "compiled binary: every hook call evaluates in-process",
    };
  }
  const s = await evaluatorStatus(home);
  if (!s) {
    return {
      check,
      status: "warn",
      detail: `not running on ${
        socketPath(home)
      }: hook calls evaluate in-process (slower, same decisions)`,
      fix: "guard serve --detach (or guard install, which starts it where a service manager runs)",
    };
  }
  if (s.version !== VERSION) {
    return {
      check,
      status: "warn",
      detail: `runs version ${s.version}, not ${VERSION}: hooks ignore it and evaluate in-process`,
      fix: "guard serve --stop && guard serve --detach",
    };
  }
  return {
    check,
    status: "pass",
    detail: `up and answering: version ${s.version}, pid ${s.pid}, ${s.served} decision(s) so far`,
  };
}

/**
 * The native hook client (src/cli/native/): built from this guard's source, or what the hook runs
 * instead. Its absence costs speed only (the hook line runs the thin client).
 */
export function nativeClientCheck(home: string): Check {
  const check = "native hook client";
  const main = mainModulePath();
  if (main === null) {
    return { check, status: "pass", detail: "compiled binary: the hook is one process already" };
  }
  const current = nativeClientCurrent(home, main);
  if (current === null) {
    return {
      check,
      status: "warn",
      detail: "not built: each hook call starts a Deno runtime (about 60 ms) even when the " +
        "evaluator answers",
      fix: "install a C compiler (cc) and rerun guard install --agent <agent>",
    };
  }
  if (!current) {
    return {
      check,
      status: "warn",
      detail: `${
        nativeClientPath(home)
      } was built from another guard's source: it still falls back safely, rebuild it`,
      fix: "guard install --agent <agent>",
    };
  }
  return { check, status: "pass", detail: `${nativeClientPath(home)}, built from this source` };
}

/**
 * Does a hook call that finds the evaluator down start it (the native client's start line)? Off
 * after `--no-serve`; paused by `guard serve --stop`; a line for another checkout or Deno is
 * stale.
 */
export function autostartCheck(home: string): Check | null {
  const check = "evaluator autostart";
  if (mainModulePath() === null || !hasNativeClient(home)) return null;
  const line = readStartLine(home);
  if (line === null) {
    return {
      check,
      status: "pass",
      detail: "off (installed with --no-serve): a call that finds the evaluator down " +
        "evaluates in-process and starts nothing",
    };
  }
  if (line !== startCommand(home)) {
    return {
      check,
      status: "warn",
      detail: "the native client's start line names another guard or Deno: it would start that " +
        "one",
      fix: "guard install --agent <agent>",
    };
  }
  let stopped = false;
  try {
    stopped = Deno.statSync(stoppedMarkerPath(home)).isFile;
  } catch { /* not stopped */ }
  return {
    check,
    status: "pass",
    detail: stopped
      ? "paused by guard serve --stop: hook calls start nothing until an evaluator is " +
        "started again"
      : `on: a hook call that finds the evaluator down starts it (at most every ${AUTOSTART_BACKOFF_S} s)`,
  };
}

/** Every MCP server of every agent's configuration that runs outside guard proxy, with the fix. */
function mcpChecks(home: string, project: string | null): Check[] {
  const checks: Check[] = [];
  const at = (p: string) => (p.startsWith(home + "/") ? "~" + p.slice(home.length) : p);
  for (const { file, result } of mcpOutsideGuard(home, project)) {
    const check = `mcp: ${file.agent} ${at(file.path)}`;
    if (result === null) {
      checks.push({
        check,
        status: "warn",
        detail: "cannot read it as an MCP configuration; its servers may run outside guard",
      });
      continue;
    }
    const { outside, skipped, wrapped } = result;
    if (!outside.length && !skipped.length && !wrapped) continue; // no MCP servers there
    const left = skipped.length ? `; left alone: ${skipped.join("; ")}` : "";
    checks.push(
      outside.length
        ? {
          check,
          status: "warn",
          detail: `${outside.length} server(s) run outside guard proxy: ${
            outside.join(", ")
          }${left}`,
          fix: `guard mcp wrap ${file.path}`,
        }
        : { check, status: "pass", detail: `${wrapped} server(s) behind guard proxy${left}` },
    );
  }
  return checks;
}

export async function runDoctor(args: string[]): Promise<number> {
  const json = args.includes("--json");
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    out("FAIL  HOME is not set to an absolute path");
    return 1;
  }
  const stateDir = stateDirFor(home);
  const projectDir = userDirectory();
  const checks: Check[] = [
    ...stateChecks(stateDir),
    await policyCheck(stateDir),
    await managedCheck(stateDir),
    rememberedCheck(stateDir),
    ...await allAgentChecks(home, projectDir && projectDir !== home ? projectDir : null),
    ...mcpChecks(home, projectDir && projectDir !== home ? projectDir : null),
    installationCheck(),
    await evaluatorCheck(home),
    nativeClientCheck(home),
    ...[autostartCheck(home)].filter((c): c is Check => c !== null),
    factorCheck(stateDir),
    privilegeCheck(home, stateDir),
  ];
  if (json) out(JSON.stringify(checks, null, 2));
  else {
    for (const c of checks) {
      out(`${c.status.toUpperCase().padEnd(4)}  ${c.check}: ${c.detail}`);
      if (c.fix && c.status !== "pass") out(`      fix: ${c.fix}`);
    }
  }
  return checks.some((c) => c.status === "fail") ? 1 : 0;
}
