/**
 * `guard install --agent <agent> [--project] [--dry-run]` and `guard uninstall …`:
 * wire guard's hook (PreToolUse and, where the agent has it, PostToolUse) into
 * an agent's configuration, idempotently, with a diff and a backup; uninstall
 * removes exactly guard's entries and leaves everything else as it was.
 */
import { mcpOutsideGuard, mcpWrap } from "./mcp_wrap.ts";
import {
  hasNativeClient,
  hookCommand,
  mainModulePath,
  startCommand,
  userDirectory,
} from "../flags.ts";
import { innerCommand } from "../../adapters/fail_closed.ts";
import {
  appendMarkedBlock,
  applyEdit,
  dropMarkedBlock,
  isPermissionError,
  permissionHint,
  readOrEmpty,
} from "./config_edit.ts";
import { trustEntries, TrustError, withTrust } from "./codex_trust.ts";
import { nodeCrypto } from "../../audit/sync_crypto.ts";
import { err, out } from "../io.ts";
import {
  AUTOSTART_BACKOFF_S,
  buildNativeClient,
  type BuildResult,
  removeNativeClient,
  removeStartLine,
  writeStartLine,
} from "../native/native_client.ts";

export const INSTALL_AGENTS = ["claude", "codex", "kimi", "gemini", "cursor", "copilot"] as const;
export type InstallAgent = typeof INSTALL_AGENTS[number];

type Json = Record<string, unknown>;

/** A guard hook command, whoever wrote it (any flags, source or binary, wrapped or not). */
export function isGuardCommand(cmd: unknown): boolean {
  if (typeof cmd !== "string") return false;
  const inner = innerCommand(cmd);
  return / evaluate --agent (claude|codex|kimi|gemini|cursor|copilot)$/.test(inner) &&
    /(main\.ts|hook\.ts|guard)/.test(inner);
}

/**
 * guard's session-start hook (flags.ts `startCommand`): the resident evaluator's command line run
 * in the background by `sh`, whoever wrote it.
 */
export function isGuardStartCommand(cmd: unknown): boolean {
  return typeof cmd === "string" && /(main\.ts|guard)'? serve <\/dev\/null .*&$/.test(cmd) &&
    / --allow-net=unix:\S*\.aiguard\/guard\.sock /.test(cmd);
}

/** Any hook guard writes: the tool-call hook or the session-start hook. */
export function isGuardHook(cmd: unknown): boolean {
  return isGuardCommand(cmd) || isGuardStartCommand(cmd);
}

interface AgentSpec {
  /**
   * User-level hook files, relative to the home directory. Where there are several (one per
   * product or version), install writes each whose directory exists, or the first when none does.
   */
  user: string[];
  /** The hook file relative to a project (`--project`); null when the agent reads none there. */
  project: string | null;
  /** Rewrites the file's text: adds (or, with command null, removes) guard's hooks. */
  edit(text: string, command: string | null, path: string): string;
  /**
   * The same for the session-start hook that starts the resident evaluator (flags.ts
   * `startCommand`), in the same file; absent where guard has not proven the agent's event.
   */
  start?: (text: string, command: string | null, path: string) => string;
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

/** True for a hook entry (`command` or Copilot's `bash`) whose command `mine` accepts. */
function entryOf(mine: (cmd: unknown) => boolean): (h: unknown) => boolean {
  return (h) =>
    !!h && typeof h === "object" && (mine((h as Json).command) || mine((h as Json).bash));
}

/**
 * Claude Code / Codex / Gemini shape: hooks.<Event> = [{matcher, hooks: [{type, command, …}]}].
 * guard's entry keeps its place when it is rewritten (Codex names a hook's trust by its position,
 * and other hooks keep theirs); a new one goes last. Older or duplicate guard entries are removed.
 */
function matcherHooks(
  events: string[],
  matcher: string,
  extra: Json,
  mine: (cmd: unknown) => boolean = isGuardCommand,
): AgentSpec["edit"] {
  const isGuardEntry = entryOf(mine);
  return (text, command, path) => {
    const cfg = parseJson(text, path);
    const hooks = obj(cfg, "hooks", path);
    for (const ev of events) {
      const groups = list(hooks, ev, path);
      const entry = command ? { type: "command", command, ...extra } : null;
      let placed = false;
      const kept = groups.map((g) => {
        if (!g || typeof g !== "object" || !Array.isArray((g as Json).hooks)) return g;
        const handlers = (g as Json).hooks as unknown[];
        if (!handlers.some(isGuardEntry)) return g;
        // In place only where guard sees every call: a group of its own, or one with its matcher.
        const alone = handlers.every(isGuardEntry);
        const here = !!entry && !placed && (alone || (g as Json).matcher === matcher);
        const inner = handlers.flatMap((h) => {
          if (!isGuardEntry(h)) return [h];
          if (!here || placed) return [];
          placed = true;
          return [entry];
        });
        if (!inner.length) return null;
        return here && alone
          ? { ...(g as Json), matcher, hooks: inner }
          : { ...(g as Json), hooks: inner };
      }).filter((g) => g !== null);
      if (entry && !placed) kept.push({ matcher, hooks: [entry] });
      if (kept.length) hooks[ev] = kept;
      else delete hooks[ev];
    }
    if (!Object.keys(hooks).length) delete cfg.hooks;
    return text.trim() === "" && !command ? "" : stringify(cfg);
  };
}

/** Cursor / Copilot shape: {version: 1, hooks: {<event>: [{command|bash, …}]}}. */
function flatHooks(
  events: string[],
  entry: (command: string) => Json,
  mine: (cmd: unknown) => boolean = isGuardCommand,
): AgentSpec["edit"] {
  const isGuardEntry = entryOf(mine);
  return (text, command, path) => {
    const cfg = parseJson(text, path);
    cfg.version ??= 1;
    const hooks = obj(cfg, "hooks", path);
    for (const ev of events) {
      const kept = list(hooks, ev, path).filter((h) => !isGuardEntry(h));
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
  const block = command === null
    ? null
    : ["PreToolUse", "PostToolUse"].map((ev) =>
      `[[hooks]]\nevent = "${ev}"\nmatcher = ".*"\ncommand = ${
        JSON.stringify(command)
      }\ntimeout = 30\n`
    ).join("\n");
  return appendMarkedBlock(
    dropMarkedBlock(text, KIMI_BEGIN, KIMI_END),
    KIMI_BEGIN,
    KIMI_END,
    block,
  );
}

export const AGENT_SPECS: Record<InstallAgent, AgentSpec> = {
  claude: {
    user: [".claude/settings.json"],
    project: ".claude/settings.json",
    // PostToolUseFailure: a call that ran and failed (an allowed native ask still ran).
    edit: matcherHooks(["PreToolUse", "PostToolUse", "PostToolUseFailure"], "*", { timeout: 30 }),
    start: matcherHooks(["SessionStart"], "*", { timeout: 10 }, isGuardStartCommand),
  },
  codex: {
    // Codex also needs its trust for each hook: see codexTrustEdit.
    user: [".codex/hooks.json"],
    project: ".codex/hooks.json",
    edit: matcherHooks(["PreToolUse", "PostToolUse"], "*", { timeout: 30 }),
    start: matcherHooks(["SessionStart"], "*", { timeout: 10 }, isGuardStartCommand),
  },
  kimi: {
    // Kimi Code (the TypeScript CLI) reads ~/.kimi-code; kimi-cli (Python) reads ~/.kimi.
    user: [".kimi-code/config.toml", ".kimi/config.toml"],
    project: null,
    edit: (text, command) => kimiEdit(text, command),
  },
  gemini: {
    user: [".gemini/settings.json"],
    project: ".gemini/settings.json",
    edit: matcherHooks(["BeforeTool", "AfterTool"], ".*", { timeout: 30000 }),
    // SessionStart matchers compare the session's source exactly: "*" is every source.
    start: matcherHooks(["SessionStart"], "*", { timeout: 10000 }, isGuardStartCommand),
  },
  cursor: {
    user: [".cursor/hooks.json"],
    project: ".cursor/hooks.json",
    edit: flatHooks(
      ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"],
      (command) => ({ command, timeout: 30, failClosed: true }),
    ),
  },
  copilot: {
    // User-level hooks run in every folder without a trust step; repository hooks
    // (`--project`) run only in folders the user trusted.
    user: [".copilot/hooks/guard.json"],
    project: ".github/hooks/guard.json",
    edit: flatHooks(
      ["preToolUse", "postToolUse"],
      (command) => ({ type: "command", bash: command, timeoutSec: 30 }),
    ),
    start: flatHooks(
      ["sessionStart"],
      (command) => ({ type: "command", bash: command, timeoutSec: 10 }),
      isGuardStartCommand,
    ),
  },
};

/** The environment variable that moves an agent's user configuration away from guard's grant. */
export const HOME_OVERRIDES: Record<InstallAgent, string[]> = {
  claude: ["CLAUDE_CONFIG_DIR"],
  codex: ["CODEX_HOME"],
  kimi: ["KIMI_CODE_HOME", "KIMI_SHARE_DIR"],
  gemini: ["GEMINI_CLI_HOME"],
  cursor: [],
  copilot: ["COPILOT_HOME"],
};

/** Overrides set in this environment (the agents read their configuration elsewhere then). */
export function overridesSet(agent: InstallAgent): string[] {
  return HOME_OVERRIDES[agent].filter((v) => {
    try {
      return !!Deno.env.get(v);
    } catch {
      return false;
    }
  });
}

function dirExists(path: string): boolean {
  try {
    return Deno.statSync(path.slice(0, path.lastIndexOf("/"))).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The hook files of an agent: the project's with `projectDir`, otherwise the user-level ones —
 * those whose directory exists (every candidate, for uninstall and doctor), else the first.
 */
export function configPaths(
  agent: InstallAgent,
  home: string,
  projectDir: string | null,
  all = false,
): string[] {
  const spec = AGENT_SPECS[agent];
  if (projectDir) return spec.project ? [`${projectDir}/${spec.project}`] : [];
  const paths = spec.user.map((p) => `${home}/${p}`);
  if (all) return paths;
  const present = paths.filter(dirExists);
  return present.length ? present : paths.slice(0, 1);
}

/** Codex's trust file (always the user's: a project cannot trust its own hooks). */
export function codexConfigPath(home: string): string {
  return `${home}/.codex/config.toml`;
}

/** config.toml with guard's trust for the hooks file `path` (whose new text is `next`). */
function codexTrustEdit(config: string, path: string, next: string): string {
  try {
    return withTrust(
      config,
      path,
      trustEntries(nodeCrypto().sha256Hex, path, next, isGuardHook),
    );
  } catch (e) {
    if (e instanceof TrustError) throw new InstallError(e.message);
    throw e;
  }
}

/** guard's source checkout (null in a compiled binary). */
function guardCheckout(): string | null {
  const main = mainModulePath();
  return main ? main.slice(0, main.lastIndexOf("/")) : null;
}

interface FileEdit {
  path: string;
  before: string;
  next: string;
}

/** `text` with guard's tool hook set to `command` and, where the agent has one, its start hook. */
function editHooks(
  spec: AgentSpec,
  text: string,
  command: string | null,
  start: string | null,
  path: string,
): string {
  const hooked = spec.edit(text, command, path);
  return spec.start ? spec.start(hooked, start, path) : hooked;
}

/** Every file an install or uninstall changes, with its old and new text. */
function plan(
  agent: InstallAgent,
  home: string,
  projectDir: string | null,
  command: string | null,
  start: string | null,
): FileEdit[] {
  const spec = AGENT_SPECS[agent];
  const paths = configPaths(agent, home, projectDir, command === null);
  const edits = paths.map((path) => {
    const before = readOrEmpty(path);
    return { path, before, next: editHooks(spec, before, command, start, path) };
  });
  if (agent === "codex") {
    const cfgPath = codexConfigPath(home);
    const before = readOrEmpty(cfgPath);
    let next = before;
    for (const e of edits) next = codexTrustEdit(next, e.path, e.next);
    edits.push({ path: cfgPath, before, next });
  }
  return edits;
}

const USAGE =
  "usage: guard install|uninstall --agent claude|codex|kimi|gemini|cursor|copilot [--project] [--dry-run] [--no-serve] [--no-native] [--wrap-mcp]";

export async function runInstall(args: string[], uninstall: boolean): Promise<number> {
  let agent: InstallAgent | null = null;
  let project = false;
  let dryRun = false;
  let serve = true;
  let native = true;
  let wrapMcp = false;
  const verb = uninstall ? "uninstall" : "install";
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--agent") {
      const v = args[++i] ?? "";
      if (!(INSTALL_AGENTS as readonly string[]).includes(v)) {
        err(`guard ${verb}: unknown agent ${JSON.stringify(v)}`);
        err(USAGE);
        return 2;
      }
      agent = v as InstallAgent;
    } else if (a === "--project") project = true;
    else if (a === "--dry-run") dryRun = true;
    else if (a === "--no-serve") serve = false;
    else if (a === "--no-native" && !uninstall) native = false;
    else if (a === "--wrap-mcp" && !uninstall) wrapMcp = true;
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
    err(`guard ${verb}: HOME is not set to an absolute path`);
    return 2;
  }
  let projectDir: string | null = null;
  if (project) {
    if (!AGENT_SPECS[agent].project) {
      err(
        `guard ${verb}: ${agent} reads hooks only from your home (${
          AGENT_SPECS[agent].user.map((p) => `~/${p}`).join(" or ")
        }): run it without --project`,
      );
      return 2;
    }
    projectDir = userDirectory();
    if (!projectDir) {
      err(`guard ${verb}: --project needs the project directory (INIT_CWD or PWD)`);
      return 2;
    }
    const own = guardCheckout();
    if (own && (projectDir === own || projectDir.startsWith(own + "/"))) {
      err(
        `guard ${verb}: ${projectDir} is guard's own checkout, not your project. Run it from ` +
          `your project: cd <project> && deno task --config ${own}/deno.json guard ${verb} ` +
          `--agent ${agent} --project`,
      );
      return 2;
    }
  } else {
    const moved = overridesSet(agent);
    if (moved.length && !uninstall) {
      err(
        `guard ${verb}: ${moved.join(", ")} is set, so ${agent} reads its configuration from ` +
          `there, not from your home; guard writes only the default location. Unset it, or add ` +
          `guard's hook there yourself (\`guard ${verb} --agent ${agent} --dry-run\` shows it).`,
      );
      if (!dryRun) return 2;
    }
  }
  // The native hook client first: the hook line runs it when it is there (flags.ts hookCommand).
  const main = mainModulePath();
  if (!uninstall && !dryRun && main !== null) {
    if (native) out(nativeClientLine(await buildNativeClient(home, main)));
    else if (removeNativeClient(home)) {
      out("--no-native: removed ~/.aiguard/bin/guard-hook; hook calls start the Deno client");
    }
  }
  const command = uninstall ? null : hookCommand(home, agent);
  // With the evaluator (no --no-serve), each session's start starts it where it is not up.
  const start = uninstall || !serve ? null : startCommand(home);
  let edits: FileEdit[];
  try {
    edits = plan(agent, home, projectDir, command, start);
  } catch (e) {
    if (e instanceof InstallError) {
      err(`guard ${verb}: ${e.message}`);
      return 2;
    }
    if (isPermissionError(e)) {
      if (command) {
        // Not even readable: show what guard's entries are, to merge by hand.
        for (const path of configPaths(agent, home, projectDir)) {
          out(`# guard's hook entries for ${path}:`);
          out(editHooks(AGENT_SPECS[agent], "", command, start, path).trimEnd());
        }
      }
      err(`guard ${verb}: ${permissionHint(configPaths(agent, home, projectDir)[0])}`);
      return 2;
    }
    throw e;
  }
  const changed = edits.filter((e) => e.before !== e.next);
  if (!changed.length) {
    out(
      `guard ${verb}: ${edits.map((e) => e.path).join(", ")} already up to date (nothing changed)`,
    );
    if (uninstall) return await finishUninstall(home, serve, dryRun);
    const wrapped = offerMcpWrap(home, projectDir, agent, wrapMcp, dryRun);
    return dryRun ? wrapped : withWrap(await finishInstall(agent, home, command!, serve), wrapped);
  }
  for (const e of changed) {
    try {
      const r = applyEdit(e.path, e.before, e.next, dryRun);
      out(r.diff);
      if (dryRun) out(`dry run: nothing written to ${e.path}`);
      else if (r.backup) out(`backup: ${r.backup}`);
    } catch (x) {
      if (!isPermissionError(x)) throw x;
      out(applyEdit(e.path, e.before, e.next, true).diff);
      err(`guard ${verb}: ${permissionHint(e.path)}`);
      return 2;
    }
  }
  if (dryRun) {
    return uninstall
      ? await finishUninstall(home, serve, dryRun)
      : offerMcpWrap(home, projectDir, agent, wrapMcp, dryRun);
  }
  const files = changed.map((e) => e.path).join(" and ");
  if (uninstall) {
    out(`removed guard's hook from ${files}`);
    return await finishUninstall(home, serve, dryRun);
  }
  out(
    `installed guard's hook for ${agent} in ${files}\nagents cannot edit ${
      changed.length > 1 ? "these files" : "this file"
    } (guard blocks writes to hook configuration)`,
  );
  if (agent === "codex") out("Codex trusts the hook: its hash is recorded in config.toml");
  if (projectDir && agent === "copilot") {
    out(
      "Copilot CLI runs repository hooks only in folders you trusted; the user-level hook " +
        "(`guard install --agent copilot`) covers every folder",
    );
  }
  if (projectDir && agent === "codex") {
    out("Codex loads a project's hooks only when the project is trusted in ~/.codex/config.toml");
  }
  const wrapped = offerMcpWrap(home, projectDir, agent, wrapMcp, dryRun);
  return withWrap(await finishInstall(agent, home, command!, serve), wrapped);
}

/** The install's exit code, or the MCP wrap's when only that failed. */
function withWrap(code: number, wrapped: number): number {
  return code !== 0 ? code : wrapped;
}

/**
 * The agent's MCP servers run outside guard until their configuration is wrapped: install
 * offers it — wraps each such file with `--wrap-mcp` (a diff with `--dry-run`), asks when run
 * in a terminal, and otherwise prints the command. Returns the wrap's exit code (0 when none ran
 * or all succeeded).
 */
function offerMcpWrap(
  home: string,
  projectDir: string | null,
  agent: InstallAgent,
  wrap: boolean,
  dryRun: boolean,
): number {
  let code = 0;
  for (const { file, result } of mcpOutsideGuard(home, projectDir, agent)) {
    if (!result?.outside.length) continue;
    const what = `${result.outside.length} MCP server(s) of ${agent} run outside guard proxy (${
      result.outside.join(", ")
    })`;
    let yes = wrap;
    if (!yes && !dryRun && Deno.stdin.isTerminal() && Deno.stdout.isTerminal()) {
      yes = confirm(`${what}. Put them behind guard now (guard mcp wrap ${file.path})?`);
    }
    if (!yes) {
      out(
        `${what}; put them behind guard: guard mcp wrap ${file.path} (or guard install --agent ${agent} --wrap-mcp)`,
      );
      continue;
    }
    out(`${what}: putting them behind guard (guard mcp wrap ${file.path})`);
    const c = mcpWrap([file.path, ...(dryRun ? ["--dry-run"] : [])]);
    if (c !== 0) code = c;
  }
  return code;
}

/** The canary through the installed hook, then the resident evaluator's unit (unless --no-serve). */
async function finishInstall(
  agent: InstallAgent,
  home: string,
  command: string,
  serve: boolean,
): Promise<number> {
  // The canary runs before the start line is there: it is no call of the agent's, and starts
  // nothing.
  removeStartLine(home);
  const code = await checkInstalled(agent, home, command);
  // With the evaluator (no --no-serve), a call of the native client that finds nobody listening
  // starts it, as each session's start does (guard_hook.c, "starting the evaluator").
  const start = serve ? startCommand(home) : null;
  if (code === 0 && start && hasNativeClient(home)) {
    writeStartLine(home, start);
    out(
      "native hook client: a call that finds the evaluator down starts it (at most every " +
        `${AUTOSTART_BACKOFF_S} s; guard serve --stop keeps it down)`,
    );
  } else if (!serve) out("--no-serve: hook calls do not start the evaluator");
  if (code === 0 && serve) {
    const svc = await import("./service.ts");
    const starts = !!AGENT_SPECS[agent].start && startCommand(home) !== null;
    for (
      const line of await svc.installService(home, false, starts, !!start && hasNativeClient(home))
    ) {
      out(line);
    }
  }
  return code;
}

/** Does any agent's user-level configuration still hold guard's hook? */
function anyHookLeft(home: string): boolean {
  return INSTALL_AGENTS.some((a) =>
    configPaths(a, home, null, true).some((p) => {
      try {
        const t = readOrEmpty(p);
        return / evaluate --agent [a-z]+/.test(t) && /(main|hook)\.ts|guard/.test(t);
      } catch {
        return true; // unreadable: assume it still needs the evaluator
      }
    })
  );
}

/** What install says about the native hook client it built (or could not). */
function nativeClientLine(r: BuildResult): string {
  switch (r.status) {
    case "built":
      return "native hook client: compiled ~/.aiguard/bin/guard-hook (a hook call the evaluator " +
        "answers starts in about a millisecond, not a Deno runtime)";
    case "current":
      return "native hook client: ~/.aiguard/bin/guard-hook is current";
    case "no-compiler":
      return `native hook client: ${r.detail}; hook calls start the Deno client (install one and ` +
        "rerun guard install for about a millisecond a call)";
    case "failed":
      return `native hook client: the build failed (${r.detail}); hook calls start the Deno client`;
  }
}

/**
 * After an uninstall: the native client and the evaluator's unit go once no agent has guard's
 * hook left.
 */
async function finishUninstall(home: string, serve: boolean, dryRun: boolean): Promise<number> {
  if (anyHookLeft(home)) return 0;
  if (!dryRun && removeNativeClient(home)) out("removed the native hook client");
  if (!serve) return 0;
  for (const line of await (await import("./service.ts")).uninstallService(home, dryRun)) out(line);
  return 0;
}

/**
 * After an install: the installed command, run as the agent runs it, must stop a canary call
 * (offline: the packages come from the cache this run filled). Exit 1 with the reason when not.
 */
async function checkInstalled(agent: InstallAgent, home: string, command: string): Promise<number> {
  const { runCanary } = await import("./canary.ts");
  const r = await runCanary(agent, command, home);
  if (r.ok) {
    out(`checked: a canary call through the installed hook was stopped (${r.detail})`);
    return 0;
  }
  err(`guard install: the installed hook does not work: ${r.detail}`);
  if (r.fix) err(`fix: ${r.fix}`);
  return 1;
}
