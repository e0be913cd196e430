/**
 * `guard doctor`'s per-agent checks: not only "is guard's line in the file",
 * but "will this agent, as installed, call guard" — what the agent itself
 * reads and runs: Codex's trusted hooks, Copilot CLI's hook directories and a
 * repository's `disableAllHooks`, Gemini CLI's settings merge and folder
 * trust, Claude Code's `disableAllHooks`, Kimi's two config homes, variables
 * that move an agent's configuration elsewhere — and then the canary through
 * the exact installed command. A skipped or untrusted hook is a FAIL with
 * the command that fixes it.
 */
import { parse as parseToml } from "smol-toml";
import {
  AGENT_SPECS,
  codexConfigPath,
  configPaths,
  INSTALL_AGENTS,
  type InstallAgent,
  isGuardCommand,
  isGuardHook,
  isGuardStartCommand,
  overridesSet,
} from "./install.ts";
import { hookCommand, startCommand } from "../flags.ts";
import { disabledByKey, trustedHash, trustEntries } from "./codex_trust.ts";
import { runCanary } from "./canary.ts";
import { nodeCrypto } from "../../audit/sync_crypto.ts";

type Status = "pass" | "warn" | "fail";

export interface Check {
  check: string;
  status: Status;
  detail: string;
  fix?: string;
}

type Json = Record<string, unknown>;

function read(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return null;
  }
}

function exists(p: string): boolean {
  try {
    Deno.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function json(path: string): Json | null {
  const t = read(path);
  if (t === null) return null;
  try {
    const v = JSON.parse(t);
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Every string of a config text (JSON or TOML strings) that holds `marker` (a regex source) and
 * that `keep` accepts, unescaped.
 */
function quotedIn(text: string, marker: string, keep: (s: string) => boolean): string[] {
  const found: string[] = [];
  const any = String.raw`(?:[^"\\]|\\.)*`;
  for (const m of text.matchAll(new RegExp(`"(${any}${marker}${any})"`, "g"))) {
    let s: string;
    try {
      s = JSON.parse(`"${m[1]}"`);
    } catch {
      continue;
    }
    if (keep(s)) found.push(s);
  }
  return found;
}

/** Every guard hook command in a config text (JSON or TOML strings), unescaped. */
export function guardCommandsIn(text: string): string[] {
  return quotedIn(text, "evaluate --agent [a-z]+", isGuardCommand);
}

/** Every guard session-start line (install's `startCommand`) in a config text, unescaped. */
export function startCommandsIn(text: string): string[] {
  return quotedIn(text, " serve </dev/null ", isGuardStartCommand);
}

/**
 * The session-start hook beside a wired tool hook: the line install writes now, another one (an
 * older install, another location), or none (`--no-serve`, or a file edited by hand). Only a
 * warning: without it every hook call still decides, in-process.
 */
function sessionStartCheck(agent: InstallAgent, home: string, path: string, text: string): Check {
  const check = `hook: ${agent} session start`;
  const want = startCommand(home);
  const found = startCommandsIn(text);
  if (want === null) {
    return { check, status: "pass", detail: "compiled binary: hook calls evaluate in-process" };
  }
  if (!found.length) {
    return {
      check,
      status: "warn",
      detail: `${path}: no session-start hook, so a session does not start the resident ` +
        `evaluator (installed with --no-serve?): hook calls evaluate in-process unless a ` +
        `service runs it`,
      fix: `guard install --agent ${agent}`,
    };
  }
  if (!found.every((c) => c === want)) {
    return {
      check,
      status: "warn",
      detail: `${path}: the session-start hook starts another guard (older flags or another ` +
        `location): its evaluator's answers are used only when its version matches`,
      fix: `guard install --agent ${agent}`,
    };
  }
  return { check, status: "pass", detail: `${path}: a session starts the resident evaluator` };
}

/** The agent's own "hooks are off" switches, as far as guard may read them. */
function switchedOff(agent: InstallAgent, home: string, project: string | null): string[] {
  const why: string[] = [];
  const at = (p: string) => (p.startsWith(home + "/") ? "~" + p.slice(home.length) : p);
  if (agent === "claude") {
    const files = [
      `${home}/.claude/settings.json`,
      ...(project
        ? [`${project}/.claude/settings.json`, `${project}/.claude/settings.local.json`]
        : []),
      "/etc/claude-code/managed-settings.json",
    ];
    for (const f of files) {
      const s = json(f);
      if (s?.disableAllHooks === true) why.push(`${at(f)} sets "disableAllHooks": true`);
      if (s?.allowManagedHooksOnly === true && f.startsWith("/etc/")) {
        why.push(`${f} sets "allowManagedHooksOnly": only managed hooks run`);
      }
    }
  } else if (agent === "codex") {
    const text = read(codexConfigPath(home));
    if (text !== null) {
      try {
        const cfg = parseToml(text) as Json;
        if ((cfg.features as Json | undefined)?.hooks === false) {
          why.push("~/.codex/config.toml sets [features] hooks = false");
        }
      } catch (e) {
        why.push(`~/.codex/config.toml is not valid TOML (${(e as Error).message.split("\n")[0]})`);
      }
    }
  } else if (agent === "gemini") {
    // Gemini merges user < workspace (trusted only) < system; a later scope wins.
    const scopes = [
      `${home}/.gemini/settings.json`,
      ...(project && project !== home ? [`${project}/.gemini/settings.json`] : []),
      "/etc/gemini-cli/settings.json",
    ];
    let enabled: unknown = true;
    let where = "";
    const disabled: string[] = [];
    for (const f of scopes) {
      const hc = json(f)?.hooksConfig as Json | undefined;
      if (hc && "enabled" in hc) {
        enabled = hc.enabled;
        where = f;
      }
      if (Array.isArray(hc?.disabled)) disabled.push(...(hc.disabled as unknown[]).map(String));
    }
    if (enabled === false) why.push(`${at(where)} sets hooksConfig.enabled = false`);
    if (disabled.some(isGuardCommand)) why.push("hooksConfig.disabled lists guard's hook");
  } else if (agent === "copilot" && project) {
    for (const f of [".github/copilot/settings.json", ".github/copilot/settings.local.json"]) {
      if (json(`${project}/${f}`)?.disableAllHooks === true) {
        why.push(`${project}/${f} sets "disableAllHooks": true (every hook, in a trusted folder)`);
      }
    }
  }
  return why;
}

/** Codex: each of guard's hooks must be trusted, with the hash of the line as it is now. */
function codexTrust(home: string, hooksPath: string, text: string): Check | null {
  let entries;
  try {
    entries = trustEntries(nodeCrypto().sha256Hex, hooksPath, text, isGuardHook);
  } catch {
    return null; // not JSON: reported by the wiring check
  }
  const cfgText = read(codexConfigPath(home)) ?? "";
  let cfg: Json = {};
  try {
    cfg = parseToml(cfgText) as Json;
  } catch {
    return null; // reported by switchedOff
  }
  const bad = entries.filter((e) => trustedHash(cfg, e.key) !== e.hash);
  const off = entries.filter((e) => disabledByKey(cfg, e.key));
  if (!bad.length && !off.length) return null;
  const e = bad[0] ?? off[0];
  const recorded = trustedHash(cfg, e.key);
  return {
    check: "hook: codex trust",
    status: "fail",
    detail: off.length
      ? `${e.key} is disabled in ~/.codex/config.toml (enabled = false): Codex skips it`
      : recorded
      ? `${e.key} changed since it was trusted (Codex: "modified"): Codex skips it without a word`
      : `${e.key} is not trusted in ~/.codex/config.toml: Codex skips it without a word`,
    fix: "guard install --agent codex",
  };
}

/** The checks for one agent; `[]` when the agent is not on this machine. */
export async function agentChecks(
  agent: InstallAgent,
  home: string,
  project: string | null,
): Promise<Check[]> {
  const spec = AGENT_SPECS[agent];
  const out: Check[] = [];
  const want = hookCommand(home, agent);
  const scopes: [string, string[]][] = [["user", configPaths(agent, home, null, true)]];
  if (project && spec.project) scopes.push(["project", configPaths(agent, home, project)]);
  let wired: string | null = null;
  let seen = false;
  for (const [scope, paths] of scopes) {
    for (const path of paths) {
      const agentDir = scope === "user"
        ? `${home}/${path.slice(home.length + 1).split("/")[0]}`
        : path;
      if (!exists(agentDir) && !exists(path)) continue;
      seen = true;
      const name = `hook: ${agent}${
        paths.length > 1 ? ` (${path.slice(home.length + 1)})` : ` (${scope})`
      }`;
      const fix = `guard install --agent ${agent}${scope === "project" ? " --project" : ""}`;
      const text = read(path);
      if (text === null && exists(path)) {
        out.push({ check: name, status: "fail", detail: `cannot read ${path}` });
        continue;
      }
      const cmds = guardCommandsIn(text ?? "");
      if (!cmds.length) {
        if (scope === "project") continue; // a project without its own hook file is normal
        out.push({ check: name, status: "fail", detail: `${path}: guard is not wired`, fix });
        continue;
      }
      if (!cmds.every((c) => c === want)) {
        out.push({
          check: name,
          status: "fail",
          detail: `${path}: wired to another guard command (older flags, another location, ` +
            `or without the fail-closed wrapper)`,
          fix,
        });
        continue;
      }
      if (agent === "codex") {
        const t = codexTrust(home, path, text ?? "");
        if (t) {
          out.push(t);
          continue;
        }
      }
      wired = path;
      out.push({ check: name, status: "pass", detail: path });
      if (scope === "user" && spec.start) {
        out.push(sessionStartCheck(agent, home, path, text ?? ""));
      }
    }
  }
  if (!seen) return out;
  const moved = overridesSet(agent);
  if (moved.length) {
    out.push({
      check: `hook: ${agent}`,
      status: "fail",
      detail: `${
        moved.join(", ")
      } is set: ${agent} reads its configuration there, not in your home`,
      fix: `unset ${moved.join(" ")} (guard's hook is in the default location)`,
    });
  }
  for (const why of switchedOff(agent, home, project)) {
    out.push({
      check: `hook: ${agent}`,
      status: "fail",
      detail: `${why}: ${agent} will not call guard`,
      fix: "remove that setting",
    });
  }
  if (agent === "gemini" && project && wired) {
    const trusted = json(`${home}/.gemini/trustedFolders.json`) ?? {};
    const folderTrust = (json(`${home}/.gemini/settings.json`)?.security as Json | undefined)
      ?.folderTrust as Json | undefined;
    const ok = folderTrust?.enabled === false ||
      Object.entries(trusted).some(([dir, level]) =>
        (project === dir || project.startsWith(dir.replace(/\/$/, "") + "/")) &&
        String(level).startsWith("TRUST")
      );
    if (!ok) {
      out.push({
        check: "hook: gemini folder trust",
        status: "warn",
        detail: `${project} is not a trusted folder: Gemini CLI runs no hooks there (guard's ` +
          `neither) and asks before every tool instead; headless runs refuse to start`,
        fix: "trust the folder in Gemini CLI (/permissions) if you work there",
      });
    }
  }
  if (agent === "copilot" && project && scopes.length > 1) {
    const projHook = configPaths(agent, home, project)[0];
    const trusted = json(`${home}/.copilot/config.json`)?.trustedFolders;
    const isTrusted = Array.isArray(trusted) &&
      trusted.some((d) => project === d || project.startsWith(String(d).replace(/\/$/, "") + "/"));
    if (exists(projHook) && !isTrusted) {
      out.push({
        check: "hook: copilot (project)",
        status: wired ? "warn" : "fail",
        detail: `${project} is not a trusted folder: Copilot CLI skips ${projHook}` +
          (wired ? " (the user-level hook still runs)" : ""),
        fix: "guard install --agent copilot (user-level hooks need no trust)",
      });
    }
  }
  if (wired) {
    const r = await runCanary(agent, want, home);
    out.push({
      check: `hook: ${agent} canary`,
      status: r.ok ? "pass" : "fail",
      detail: r.ok
        ? `a blocked call piped through the installed command was stopped (${r.detail})`
        : r.detail,
      ...(r.fix ? { fix: r.fix } : {}),
    });
  }
  return out;
}

export async function allAgentChecks(home: string, project: string | null): Promise<Check[]> {
  const out: Check[] = [];
  for (const agent of INSTALL_AGENTS) out.push(...await agentChecks(agent, home, project));
  if (!out.some((c) => c.check.startsWith("hook: claude"))) {
    out.push({
      check: "hook: claude",
      status: "warn",
      detail: "Claude Code's configuration directory was not found",
      fix: "after installing the agent: guard install --agent claude",
    });
  }
  return out;
}
