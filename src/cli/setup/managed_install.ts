/**
 * `guard install --agent claude|gemini --managed [--dry-run]` (and `guard uninstall … --managed`):
 * an administrator writes guard's hook into the agent's system-level settings file, which every
 * user's settings yield to and no user can edit — Claude Code's managed settings
 * (`/etc/claude-code/managed-settings.json`), Gemini CLI's system settings
 * (`/etc/gemini-cli/settings.json`); on macOS their `/Library/Application Support/…` twins.
 * The other agents have no such file guard can write (README "For teams").
 *
 * The command names no home: `$HOME` is expanded by the shell the agent runs it with, so every
 * user's hook uses that user's own `~/.aiguard` (and reads the managed policy like any hook).
 * Whether users may add hooks of their own (Claude Code's `allowManagedHooksOnly`) stays the
 * administrator's choice: guard prints how, and never sets it.
 */
import { hookCommand } from "../flags.ts";
import { AGENT_SPECS, type InstallAgent } from "./install.ts";
import { applyEdit, isPermissionError, readOrEmpty } from "./config_edit.ts";
import { err, out } from "../io.ts";

interface SystemFile {
  linux: string;
  darwin: string;
  /** What the administrator may add, printed after an install. */
  note: string;
}

/** The agents with a system-level settings file that runs hooks. */
export const SYSTEM_SETTINGS: Partial<Record<InstallAgent, SystemFile>> = {
  claude: {
    linux: "/etc/claude-code/managed-settings.json",
    darwin: "/Library/Application Support/ClaudeCode/managed-settings.json",
    note:
      'Users cannot remove a managed hook. To run managed hooks only (no user or project hooks), add "allowManagedHooksOnly": true to FILE yourself; guard leaves that to you.',
  },
  gemini: {
    linux: "/etc/gemini-cli/settings.json",
    darwin: "/Library/Application Support/GeminiCli/settings.json",
    note:
      "System settings override every user and workspace setting; hooksConfig.enabled and hooksConfig.disabled in FILE stay yours to set (guard doctor reads them).",
  },
};

/** The system-level settings file of `agent` on this platform, or null when it has none. */
export function systemSettingsPath(agent: InstallAgent): string | null {
  const f = SYSTEM_SETTINGS[agent];
  if (!f) return null;
  return Deno.build.os === "darwin" ? f.darwin : f.linux;
}

const HOME_MARK = "/@GUARD_HOME@";

/**
 * The hook command for every user: guard's hook command with the home left to the shell —
 * `"$HOME"` outside single quotes, `'"$HOME"'` inside them.
 */
export function managedHookCommand(agent: InstallAgent, main?: string | null): string {
  const cmd = main === undefined
    ? hookCommand(HOME_MARK, agent)
    : hookCommand(HOME_MARK, agent, main);
  let outText = "";
  let quoted = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (cmd.startsWith(HOME_MARK, i)) {
      outText += quoted ? `'"$HOME"'` : `"$HOME"`;
      i += HOME_MARK.length - 1;
      continue;
    }
    if (!quoted && c === "\\") {
      outText += cmd.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "'") quoted = !quoted;
    outText += c;
  }
  return outText;
}

function isRoot(): boolean {
  try {
    return Deno.uid() === 0;
  } catch {
    return false;
  }
}

const USAGE =
  "usage: guard install|uninstall --agent claude|gemini --managed [--dry-run]  (as root)";

/** `guard install … --managed`: its own arguments (no --project: the file is the machine's). */
export async function runManagedInstallArgs(args: string[], uninstall: boolean): Promise<number> {
  let agent: InstallAgent | null = null;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--agent") {
      const v = args[++i] ?? "";
      if (!(v in AGENT_SPECS)) {
        err(`guard ${uninstall ? "uninstall" : "install"}: unknown agent ${JSON.stringify(v)}`);
        err(USAGE);
        return 2;
      }
      agent = v as InstallAgent;
    } else if (a === "--dry-run") dryRun = true;
    else if (a !== "--managed") {
      err(USAGE);
      return 2;
    }
  }
  if (!agent) {
    err(USAGE);
    return 2;
  }
  return await runManagedInstall(agent, uninstall, dryRun);
}

/** For in-process tests only: another file than the system's, and no canary. */
export interface ManagedInstallTestHooks {
  path?: string;
  canary?: boolean;
  /** guard's main.ts (a test runner's main module is not guard's). */
  main?: string;
}

export async function runManagedInstall(
  agent: InstallAgent,
  uninstall: boolean,
  dryRun: boolean,
  test: ManagedInstallTestHooks = {},
): Promise<number> {
  const verb = uninstall ? "uninstall" : "install";
  const path = systemSettingsPath(agent) === null ? null : test.path ?? systemSettingsPath(agent);
  if (!path) {
    const have = Object.keys(SYSTEM_SETTINGS).join(", ");
    err(
      `guard ${verb}: ${agent} has no system-level settings file that runs hooks (only ${have} ` +
        `do); wire it per user with \`guard ${verb} --agent ${agent}\``,
    );
    return 2;
  }
  if (!dryRun && !isRoot()) {
    err(
      `guard ${verb}: --managed writes ${path}: run it as root (sudo), or see it with --dry-run`,
    );
    return 2;
  }
  const command = uninstall ? null : managedHookCommand(agent, test.main);
  let before: string;
  let next: string;
  try {
    before = readOrEmpty(path);
    next = AGENT_SPECS[agent].edit(before, command, path);
  } catch (e) {
    err(`guard ${verb}: ${(e as Error).message}`);
    return 2;
  }
  if (before === next) {
    out(`guard ${verb}: ${path} already up to date (nothing changed)`);
  } else {
    const dir = path.slice(0, path.lastIndexOf("/"));
    const existed = before !== "" || exists(path);
    try {
      // Every user's agent reads the file: a new one is root's 0644 in a 0755 directory.
      if (!dryRun && !exists(dir)) Deno.mkdirSync(dir, { recursive: true, mode: 0o755 });
      const r = applyEdit(path, before, next, dryRun);
      out(r.diff);
      if (dryRun) out(`dry run: nothing written to ${path}`);
      else {
        if (!existed) Deno.chmodSync(path, 0o644);
        if (r.backup) out(`backup: ${r.backup}`);
      }
    } catch (e) {
      if (!isPermissionError(e)) throw e;
      err(`guard ${verb}: cannot write ${path}: run it as root`);
      return 2;
    }
  }
  if (dryRun) return 0;
  if (uninstall) {
    out(`removed guard's managed hook from ${path}`);
    return 0;
  }
  out(
    `installed guard's hook for ${agent} for every user in ${path}; each user's hook uses their ` +
      `own ~/.aiguard and the managed policy in /etc/aiguard`,
  );
  out(SYSTEM_SETTINGS[agent]!.note.replace("FILE", path));
  out(
    "Every user must be able to read guard's checkout and deno's package cache " +
      "(install guard under /opt, set DENO_DIR to a shared cache before installing).",
  );
  if (test.canary === false) return 0;
  const home = Deno.env.get("HOME") ?? "";
  const { runCanary } = await import("./canary.ts");
  const r = await runCanary(agent, command!, home);
  if (r.ok) {
    out(`checked: a canary call through the managed hook was stopped (${r.detail})`);
    return 0;
  }
  err(`guard install: the managed hook does not work: ${r.detail}`);
  if (r.fix) err(`fix: ${r.fix}`);
  return 1;
}

function exists(p: string): boolean {
  try {
    Deno.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
