/**
 * `guard install --agent <agent> [--project] [--dry-run]` and `guard uninstall …`:
 * wire guard's hook (PreToolUse and, where the agent has it, PostToolUse) into
 * an agent's configuration, idempotently, with a diff and a backup; uninstall
 * removes exactly guard's entries and leaves everything else as it was.
 */
import { hookCommand } from "./flags.ts";
import { applyEdit, isPermissionError, permissionHint, readOrEmpty } from "./config_edit.ts";
import { err, out } from "./io.ts";

export const INSTALL_AGENTS = ["claude", "codex", "kimi", "gemini", "cursor", "copilot"] as const;
export type InstallAgent = typeof INSTALL_AGENTS[number];

type Json = Record<string, unknown>;

/** A guard hook command, whoever wrote it (any flags, source or binary). */
export function isGuardCommand(cmd: unknown): boolean {
  return typeof cmd === "string" &&
    / evaluate --agent (claude|codex|kimi|gemini|cursor|copilot)$/.test(cmd) &&
    /(main\.ts|guard)/.test(cmd);
}

interface AgentSpec {
  /** Config path relative to the home directory (user) or the project directory. */
  user: string | null;
  project: string;
  /** Rewrites the file's text: adds (or, with command null, removes) guard's hooks. */
  edit(text: string, command: string | null, path: string): string;
}

function parseJson(text: string, path: string): Json {
  if (text.trim() === "") return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InstallError(`${path} is not valid JSON (${(e as Error).message}); fix it first`);
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new InstallError(`${path} must hold a JSON object`);
  }
  return v as Json;
}

class InstallError extends Error {}

function obj(parent: Json, key: string, path: string): Json {
  const v = parent[key];
  if (v === undefined) return (parent[key] = {}) as Json;
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    throw new InstallError(`${path}: "${key}" must be an object`);
  }
  return v as Json;
}

function list(parent: Json, key: string, path: string): unknown[] {
  const v = parent[key];
  if (v === undefined) return (parent[key] = []) as unknown[];
  if (!Array.isArray(v)) throw new InstallError(`${path}: "${key}" must be an array`);
  return v;
}

const stringify = (v: unknown) => JSON.stringify(v, null, 2) + "\n";

/** Claude Code / Codex / Gemini shape: hooks.<Event> = [{matcher, hooks: [{type, command, …}]}]. */
function matcherHooks(
  events: string[],
  matcher: string,
  extra: Json,
): AgentSpec["edit"] {
  return (text, command, path) => {
    const cfg = parseJson(text, path);
    const hooks = obj(cfg, "hooks", path);
    for (const ev of events) {
      const groups = list(hooks, ev, path);
      // Drop guard's own entries (any version), keep everything else.
      const kept = groups.map((g) => {
        if (!g || typeof g !== "object" || !Array.isArray((g as Json).hooks)) return g;
        const inner = ((g as Json).hooks as unknown[]).filter((h) =>
          !(h && typeof h === "object" && isGuardCommand((h as Json).command))
        );
        return inner.length ? { ...(g as Json), hooks: inner } : null;
      }).filter((g) => g !== null);
      if (command) kept.push({ matcher, hooks: [{ type: "command", command, ...extra }] });
      if (kept.length) hooks[ev] = kept;
      else delete hooks[ev];
    }
    if (!Object.keys(hooks).length) delete cfg.hooks;
    return text.trim() === "" && !command ? "" : stringify(cfg);
  };
}

/** Cursor / Copilot shape: {version: 1, hooks: {<event>: [{command|bash, …}]}}. */
function flatHooks(events: string[], entry: (command: string) => Json): AgentSpec["edit"] {
  return (text, command, path) => {
    const cfg = parseJson(text, path);
    cfg.version ??= 1;
    const hooks = obj(cfg, "hooks", path);
    for (const ev of events) {
      const kept = list(hooks, ev, path).filter((h) =>
        !(h && typeof h === "object" &&
          (isGuardCommand((h as Json).command) || isGuardCommand((h as Json).bash)))
      );
      if (command) kept.push(entry(command));
      if (kept.length) hooks[ev] = kept;
      else delete hooks[ev];
    }
    return text.trim() === "" && !command ? "" : stringify(cfg);
  };
}

const KIMI_BEGIN =
  "# >>> guard hook (managed by `guard install`; remove with `guard uninstall`) >>>";
const KIMI_END = "# <<< guard hook <<<";

/** Kimi's TOML: guard's [[hooks]] blocks live between marker comments at the end. */
function kimiEdit(text: string, command: string | null): string {
  const start = text.indexOf(KIMI_BEGIN);
  let rest = text;
  if (start >= 0) {
    const end = text.indexOf(KIMI_END, start);
    rest = text.slice(0, start) + (end >= 0 ? text.slice(end + KIMI_END.length) : "");
  }
  rest = rest.replace(/\n{3,}$/, "\n\n").replace(/^\n+$/, "");
  if (!command) return rest.replace(/\n+$/, rest.trim() ? "\n" : "");
  const block = ["PreToolUse", "PostToolUse"].map((ev) =>
    `[[hooks]]\nevent = "${ev}"\nmatcher = ".*"\ncommand = ${
      JSON.stringify(command)
    }\ntimeout = 30\n`
  ).join("\n");
  const sep = rest.trim() ? (rest.endsWith("\n\n") ? "" : rest.endsWith("\n") ? "\n" : "\n\n") : "";
  return `${rest.trim() ? rest : ""}${sep}${KIMI_BEGIN}\n${block}${KIMI_END}\n`;
}

export const AGENT_SPECS: Record<InstallAgent, AgentSpec> = {
  claude: {
    user: ".claude/settings.json",
    project: ".claude/settings.json",
    edit: matcherHooks(["PreToolUse", "PostToolUse"], "*", { timeout: 30 }),
  },
  codex: {
    user: ".codex/hooks.json",
    project: ".codex/hooks.json",
    edit: matcherHooks(["PreToolUse", "PostToolUse"], "*", { timeout: 30 }),
  },
  kimi: {
    user: ".kimi-code/config.toml",
    project: ".kimi-code/config.toml",
    edit: (text, command) => kimiEdit(text, command),
  },
  gemini: {
    user: ".gemini/settings.json",
    project: ".gemini/settings.json",
    edit: matcherHooks(["BeforeTool", "AfterTool"], ".*", { timeout: 30000 }),
  },
  cursor: {
    user: ".cursor/hooks.json",
    project: ".cursor/hooks.json",
    edit: flatHooks(
      ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"],
      (command) => ({ command, timeout: 30, failClosed: true }),
    ),
  },
  copilot: {
    user: null,
    project: ".github/hooks/guard.json",
    edit: flatHooks(
      ["preToolUse"],
      (command) => ({ type: "command", bash: command, timeoutSec: 30 }),
    ),
  },
};

/** Where an agent's hook configuration is, for `guard doctor` too. */
export function configPath(
  agent: InstallAgent,
  home: string,
  projectDir: string | null,
): string | null {
  const spec = AGENT_SPECS[agent];
  if (projectDir) return `${projectDir}/${spec.project}`;
  return spec.user ? `${home}/${spec.user}` : null;
}

const USAGE =
  "usage: guard install|uninstall --agent claude|codex|kimi|gemini|cursor|copilot [--project] [--dry-run]";

export function runInstall(args: string[], uninstall: boolean): number {
  let agent: InstallAgent | null = null;
  let project = false;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--agent") {
      const v = args[++i] ?? "";
      if (!(INSTALL_AGENTS as readonly string[]).includes(v)) {
        err(`guard ${uninstall ? "uninstall" : "install"}: unknown agent ${JSON.stringify(v)}`);
        err(USAGE);
        return 2;
      }
      agent = v as InstallAgent;
    } else if (a === "--project") project = true;
    else if (a === "--dry-run") dryRun = true;
    else {
      err(USAGE);
      return 2;
    }
  }
  if (!agent) {
    err(USAGE);
    return 2;
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard install: HOME is not set to an absolute path");
    return 2;
  }
  let projectDir: string | null = null;
  if (project) {
    projectDir = Deno.env.get("PWD") ?? null;
    if (!projectDir || !projectDir.startsWith("/")) {
      err("guard install: --project needs the project directory in PWD");
      return 2;
    }
  }
  const path = configPath(agent, home, projectDir);
  if (!path) {
    err(`guard install: ${agent} reads hooks from the repository only: use --project`);
    return 2;
  }
  const verb = uninstall ? "uninstall" : "install";
  let before: string | null = null;
  let next: string | null = null;
  try {
    before = readOrEmpty(path);
    next = AGENT_SPECS[agent].edit(before, uninstall ? null : hookCommand(home, agent), path);
    const r = applyEdit(path, before, next, dryRun);
    if (!r.changed) {
      out(`guard ${verb}: ${path} is already up to date (nothing changed)`);
      return 0;
    }
    out(r.diff);
    if (dryRun) out(`dry run: nothing written to ${path}`);
    else {
      if (r.backup) out(`backup: ${r.backup}`);
      out(
        uninstall
          ? `removed guard's hook from ${path}`
          : `installed guard's hook for ${agent} in ${path}` +
            `\nagents cannot edit this file (guard blocks writes to hook configuration); ` +
            `check the wiring with \`guard doctor\``,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof InstallError) {
      err(`guard ${verb}: ${e.message}`);
      return 2;
    }
    if (isPermissionError(e)) {
      if (before !== null && next !== null) out(applyEdit(path, before, next, true).diff);
      else if (!uninstall) {
        // Not even readable: show what guard's entries are, to merge by hand.
        out(`# guard's hook entries for ${path}:`);
        out(AGENT_SPECS[agent].edit("", hookCommand(home, agent), path).trimEnd());
      }
      err(`guard ${verb}: ${permissionHint(path)}`);
      return 2;
    }
    throw e;
  }
}
