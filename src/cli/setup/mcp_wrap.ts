/**
 * `guard mcp wrap <client config> [--dry-run] [--unwrap] [--only name,…]`:
 * rewrites an MCP client configuration so that every stdio server runs behind
 * `guard proxy`, and `--unwrap` puts the original command back exactly.
 *
 * Formats (all `mcpServers: {<name>: {command, args, env, type?}}`): Claude
 * Code's project `.mcp.json`, Claude Desktop's `claude_desktop_config.json`,
 * Cursor's `~/.cursor/mcp.json`, Claude Code's user `~/.claude.json`
 * (`mcpServers` at the top level and under `projects["<path>"]`), Gemini CLI's
 * `settings.json` (user and project), Copilot CLI's `~/.copilot/mcp-config.json`
 * (its stdio type is `"local"`) and Kimi Code's `mcp.json` (`~/.kimi-code`,
 * `~/.kimi`, or the project's; a bare `url` is a remote server there, as in
 * Cursor's). Codex's `config.toml` (`[mcp_servers.<name>]`) is edited as TOML
 * text (mcp_toml.ts).
 *
 * A wrapped stdio entry keeps every key; only `command` and `args` change:
 * `command` = the launcher (deno, or the compiled guard binary), `args` =
 * [...launcher prefix, "proxy", "--name", <name>, "--", <original command>,
 * ...<original args>].
 *
 * A remote Streamable HTTP entry — `type: "http"` or `"streamable-http"` with a
 * `url` (Claude Code), or a bare `url` in Cursor's `mcp.json` (Cursor's
 * convention; a path ending in `/sse` is its legacy SSE) — becomes a stdio
 * entry running `guard proxy --url <url> --header 'Name: value'…` with the
 * remote launcher (`--allow-net` for that origin; from source only). In
 * place: `type` becomes "stdio", `url` becomes `command` and `args`,
 * `headers` goes into the args as written (`${VAR}` references stay for the
 * client to expand, as it does in args), every other key stays; the original
 * type and key order are kept under `aiguardRemote` so `--unwrap` restores the
 * entry exactly. No `url` is left in a wrapped entry: no client can reach the
 * server around guard. Legacy HTTP+SSE entries (`type: "sse"`) are left alone
 * and reported; so are entries guard cannot carry (OAuth, `headersHelper`, a
 * variable in the origin, plain http to a remote host).
 */
import { type Launcher, launcher, remoteLauncher } from "../flags.ts";
import { parseHeaderArg, parseRemoteUrl } from "../../mcp/http_upstream.ts";
import {
  applyEdit,
  type EditResult,
  isPermissionError,
  permissionHint,
  resolveUserPath,
} from "./config_edit.ts";
import { ensureStateDir, ensureSubdir, stateDirFor } from "../../state/state_dir.ts";
import { err, out, printable } from "../io.ts";
import { type ServerReport, transformToml } from "./mcp_toml.ts";

const USAGE = "usage: guard mcp wrap <client config> [--dry-run] [--unwrap] [--only name,…]";

type Obj = Record<string, unknown>;

/** The launcher for one server command (injectable for tests). */
export type LauncherFor = (serverCommand: string) => Launcher;

/** The launcher of `guard proxy --url` for one URL; null when there is none (a compiled binary). */
export type RemoteLauncherFor = (url: string) => Launcher | null;

/** The key of a wrapped remote entry holding what `--unwrap` needs besides the args. */
export const REMOTE_KEY = "aiguardRemote";

/** What happened to one server entry (the type lives with the TOML editor, which shares it). */
export type { ServerReport };

export interface WrapResult {
  /** The new configuration value (the input is never mutated). */
  value: Obj;
  changed: boolean;
  servers: ServerReport[];
}

/**
 * `--name` for guard proxy: the name Claude Code gives the server in its tool names
 * (`mcp__<name>__<tool>`, every character outside [A-Za-z0-9_-] made `_`), so that the hook and
 * the proxy see one canonical call (one token, one approval); then what the proxy accepts
 * (`[A-Za-z0-9][A-Za-z0-9_.-]{0,63}`).
 */
export function proxyName(name: string): string {
  const claude = name.replace(/[^A-Za-z0-9_-]/g, "_");
  if (/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(claude)) return claude;
  const clean = claude.replace(/^[^A-Za-z0-9]+/, "").slice(0, 64);
  return clean || "server";
}

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

function basename(p: string): string {
  return p.replace(/\/+$/, "").split("/").pop() ?? p;
}

/** Where `guard proxy` starts in a wrapped entry's args, or null when it is not wrapped. */
export interface WrappedShape {
  /** Index of "proxy" in args. */
  proxyAt: number;
  /** Index of the "--" that ends guard's own options. */
  dashAt: number;
  /** The original server command (the word after "--"). */
  command: string;
  /** The original server arguments. */
  args: string[];
}

/**
 * Recognises an entry wrapped by guard: "proxy", then "--name" before the first
 * "--" after it, and a guard launcher before "proxy" — `deno run … /…/main.ts`
 * from source, or (compiled) a binary whose name mentions guard or is the
 * current launcher's.
 */
export function wrappedShape(entry: Obj, current?: Launcher): WrappedShape | null {
  const command = entry.command;
  const args = entry.args;
  if (typeof command !== "string" || !isStringArray(args)) return null;
  const proxyAt = args.indexOf("proxy");
  if (proxyAt < 0) return null;
  const dashAt = args.indexOf("--", proxyAt + 1);
  if (dashAt < 0 || dashAt + 1 >= args.length) return null;
  if (!args.slice(proxyAt + 1, dashAt).includes("--name")) return null;
  if (!guardLauncher(command, args, proxyAt, current)) return null;
  return { proxyAt, dashAt, command: args[dashAt + 1], args: args.slice(dashAt + 2) };
}

/** Is what comes before "proxy" guard's own launcher? */
function guardLauncher(command: string, args: string[], proxyAt: number, current?: Launcher) {
  if (proxyAt === 0) {
    return /guard/i.test(basename(command)) ||
      (current !== undefined && current.compiled && command === current.command);
  }
  return /^deno(\.exe)?$/.test(basename(command)) && args[0] === "run" &&
    /(^|\/)main\.ts$/.test(args[proxyAt - 1]);
}

/** A wrapped remote entry: guard proxy --name N --url U [--header H]…, and its marker. */
export interface RemoteShape {
  proxyAt: number;
  name: string;
  url: string;
  headers: [string, string][];
  /** The original type (absent: it had none) and key order. */
  marker: { type?: string; keys: string[] };
}

/** Recognises a remote entry wrapped by guard (the marker and exactly guard's own arguments). */
export function remoteShape(entry: Obj): RemoteShape | null {
  const m = entry[REMOTE_KEY];
  const { command, args } = entry;
  if (!isObj(m) || !isStringArray(m.keys)) return null;
  if (m.type !== undefined && typeof m.type !== "string") return null;
  if (typeof command !== "string" || !isStringArray(args)) return null;
  const proxyAt = args.indexOf("proxy");
  if (proxyAt < 0 || !guardLauncher(command, args, proxyAt)) return null;
  let name: string | null = null;
  let url: string | null = null;
  const headers: [string, string][] = [];
  for (let i = proxyAt + 1; i < args.length; i += 2) {
    const v = args[i + 1];
    if (v === undefined) return null;
    if (args[i] === "--name" && name === null) name = v;
    else if (args[i] === "--url" && url === null) url = v;
    else if (args[i] === "--header") {
      const colon = v.indexOf(":");
      if (colon < 1) return null;
      // Written as "Name: value": the one space after the colon is ours.
      headers.push([v.slice(0, colon), v.slice(colon + (v[colon + 1] === " " ? 2 : 1))]);
    } else return null;
  }
  if (name === null || url === null) return null;
  return { proxyAt, name, url, headers, marker: m as RemoteShape["marker"] };
}

/** Why a remote entry is not one guard can wrap as Streamable HTTP, or null when it is. */
function notStreamable(entry: Obj, bareUrl: boolean): string | null {
  const type = entry.type;
  if (type === "sse" || (type === undefined && bareUrl && /\/sse\/?$/.test(String(entry.url)))) {
    return "legacy HTTP+SSE (2024-11-05), not Streamable HTTP";
  }
  if (type === undefined && !bareUrl) return "a url without a type (not a remote entry here)";
  if (typeof entry.url !== "string" || entry.url === "") return "no url";
  if ("oauth" in entry || "headersHelper" in entry) {
    return "remote with OAuth or headersHelper (guard proxy --url sends fixed headers only)";
  }
  let origin: URL;
  try {
    origin = new URL(entry.url);
  } catch {
    return "remote with a url that is not a URL";
  }
  if (/[$%{}]/.test(origin.host)) {
    return "remote with a variable in its host (guard grants the network for one known origin)";
  }
  const t = parseRemoteUrl(entry.url);
  if ("error" in t) return `remote: ${t.error.replace(/^--url /, "the url ")}`;
  if (entry.headers !== undefined) {
    if (!isObj(entry.headers)) return "remote with headers that are not a table";
    for (const [n, v] of Object.entries(entry.headers)) {
      const h = typeof v === "string" ? parseHeaderArg(`${n}: ${v}`) : { error: "" };
      if ("error" in h) return `remote with a header guard cannot send (${printable(n)})`;
    }
  }
  return null;
}

/** The args of a wrapped remote entry. */
function remoteArgs(l: Launcher, name: string, url: string, headers: [string, string][]) {
  return [
    ...l.prefix,
    "proxy",
    "--name",
    name,
    "--url",
    url,
    ...headers.flatMap(([n, v]) => ["--header", `${n}: ${v}`]),
  ];
}

/** Wraps (or re-wraps) a remote entry, keys in place (see the module comment). */
function wrapRemote(
  name: string,
  entry: Obj,
  remoteLauncherFor: RemoteLauncherFor,
): { entry: Obj; status: ServerReport["status"] } | { reason: string } {
  const shape = remoteShape(entry);
  if (shape) {
    const l = remoteLauncherFor(shape.url);
    if (!l) return { reason: "remote: guard proxy --url needs guard run from source" };
    const args = remoteArgs(l, shape.name, shape.url, shape.headers);
    if (entry.command === l.command && JSON.stringify(entry.args) === JSON.stringify(args)) {
      return { entry, status: "already wrapped" };
    }
    return { entry: { ...entry, command: l.command, args }, status: "rewrapped" };
  }
  const url = entry.url as string;
  const l = remoteLauncherFor(url);
  if (!l) {
    return {
      reason:
        "remote: guard proxy --url needs guard run from source (a compiled binary has no network)",
    };
  }
  const headers = Object.entries((entry.headers ?? {}) as Record<string, string>);
  const next: Obj = {};
  for (const [k, v] of Object.entries(entry)) {
    if (k === "type") next.type = "stdio";
    else if (k === "url") {
      next.command = l.command;
      next.args = remoteArgs(l, proxyName(name), url, headers);
    } else if (k !== "headers") next[k] = v;
  }
  next[REMOTE_KEY] = {
    ...(entry.type !== undefined ? { type: entry.type } : {}),
    keys: Object.keys(entry),
  };
  return { entry: next, status: "wrapped" };
}

/** The original remote entry, exactly (keys added since wrapping go last). */
function unwrapRemote(entry: Obj, shape: RemoteShape): Obj {
  const out: Obj = {};
  const headers = Object.fromEntries(shape.headers);
  for (const k of shape.marker.keys) {
    if (k === "type") {
      if (shape.marker.type !== undefined) out.type = shape.marker.type;
    } else if (k === "url") out.url = shape.url;
    else if (k === "headers") out.headers = headers;
    else if (k in entry) out[k] = entry[k];
  }
  if (!shape.marker.keys.includes("headers") && shape.headers.length) out.headers = headers;
  for (const [k, v] of Object.entries(entry)) {
    if (k in out || ["command", "args", "type", REMOTE_KEY].includes(k)) continue;
    out[k] = v;
  }
  return out;
}

function sameLauncher(entry: Obj, shape: WrappedShape, l: Launcher): boolean {
  const args = entry.args as string[];
  if (entry.command !== l.command) return false;
  if (shape.proxyAt !== l.prefix.length) return false;
  return l.prefix.every((w, i) => args[i] === w);
}

/** guard's launcher running `proxy … --url` (a remote entry wrapped by guard, marker or not). */
function proxiesUrl(entry: Obj): boolean {
  const { command, args } = entry;
  if (typeof command !== "string" || !isStringArray(args)) return false;
  const proxyAt = args.indexOf("proxy");
  return proxyAt >= 0 && guardLauncher(command, args, proxyAt) &&
    args.indexOf("--url", proxyAt) > proxyAt && !args.includes("--", proxyAt);
}

/** Is this a remote entry (by its type, or a url and no command)? */
function isRemote(entry: Obj): boolean {
  const type = entry.type;
  return type === "http" || type === "sse" || type === "streamable-http" ||
    (type === undefined && typeof entry.url === "string");
}

/** Why an entry is not a stdio server guard can wrap, or null when it is one. */
function notStdio(entry: Obj): string | null {
  const type = entry.type;
  if (isRemote(entry)) return "not stdio";
  // Copilot CLI calls its stdio servers "local".
  if (type !== undefined && type !== "stdio" && type !== "local") {
    return `unknown type ${JSON.stringify(type)}`;
  }
  if (typeof entry.command !== "string" || entry.command === "") return "no command";
  if (entry.args !== undefined && !isStringArray(entry.args)) return "args not a list of strings";
  return null;
}

/** Returns `entry` with command/args replaced, every other key (and the key order) kept. */
function withCommand(entry: Obj, command: string, args: string[]): Obj {
  const next: Obj = {};
  for (const [k, v] of Object.entries(entry)) {
    if (k === "command") next.command = command;
    else if (k === "args") next.args = args;
    else next[k] = v;
  }
  if (!("command" in next)) next.command = command;
  if (!("args" in next)) next.args = args;
  return next;
}

/** Wraps (or re-wraps) one entry; `null` result: leave it as it is. */
function wrapEntry(
  name: string,
  entry: Obj,
  launcherFor: LauncherFor,
  workspace?: string,
): { entry: Obj; status: ServerReport["status"] } {
  const shape = wrappedShape(entry, launcherFor(String(entry.command)));
  let command = entry.command as string;
  let args = (entry.args as string[] | undefined) ?? [];
  let status: ServerReport["status"] = "wrapped";
  if (shape) {
    const l = launcherFor(shape.command);
    if (sameLauncher(entry, shape, l)) return { entry, status: "already wrapped" };
    // Wrapped by another launcher (flags changed, checkout moved): wrap the original again.
    command = shape.command;
    args = shape.args;
    status = "rewrapped";
    const old = entry.args as string[];
    const nameAt = old.indexOf("--name", shape.proxyAt);
    if (nameAt >= 0 && nameAt + 1 < shape.dashAt) name = old[nameAt + 1];
  }
  const l = launcherFor(command);
  const wrapped = [
    ...l.prefix,
    "proxy",
    "--name",
    proxyName(name),
    ...(workspace ? ["--workspace", workspace] : []),
    "--",
    command,
    ...args,
  ];
  return { entry: withCommand(entry, l.command, wrapped), status };
}

function unwrapEntry(
  entry: Obj,
  launcherFor: LauncherFor,
): { entry: Obj; status: ServerReport["status"] } {
  const remote = remoteShape(entry);
  if (remote) return { entry: unwrapRemote(entry, remote), status: "unwrapped" };
  const shape = wrappedShape(entry, launcherFor(String(entry.command)));
  if (!shape) return { entry, status: "not wrapped" };
  return { entry: withCommand(entry, shape.command, shape.args), status: "unwrapped" };
}

/** The `mcpServers` tables of a configuration: top level and Claude Code's per-project ones. */
function serverTables(config: Obj): { scope: string | null; path: string[] }[] {
  const found: { scope: string | null; path: string[] }[] = [];
  if (isObj(config.mcpServers)) found.push({ scope: null, path: ["mcpServers"] });
  if (isObj(config.projects)) {
    for (const [p, proj] of Object.entries(config.projects)) {
      if (isObj(proj) && isObj(proj.mcpServers)) {
        found.push({
          scope: `projects[${JSON.stringify(p)}]`,
          path: ["projects", p, "mcpServers"],
        });
      }
    }
  }
  return found;
}

/** True when the configuration has at least one `mcpServers` table. */
export function hasMcpServers(config: unknown): boolean {
  return isObj(config) && serverTables(config).length > 0;
}

/** Replaces the value at `path`, copying the objects along it (keys keep their order). */
function setAt(root: Obj, path: string[], value: unknown): Obj {
  const [head, ...rest] = path;
  const next: Obj = {};
  for (const [k, v] of Object.entries(root)) {
    next[k] = k === head ? (rest.length ? setAt(v as Obj, rest, value) : value) : v;
  }
  return next;
}

function getAt(root: Obj, path: string[]): Obj {
  let v: unknown = root;
  for (const k of path) v = (v as Obj)[k];
  return v as Obj;
}

/**
 * Wraps (`unwrap` false) or unwraps every stdio server of `config`, or only the
 * servers named in `only`. Pure: `launcherFor` decides the launcher.
 */
export function transformConfig(
  config: Obj,
  opts: {
    unwrap: boolean;
    only?: string[];
    launcherFor: LauncherFor;
    remoteLauncherFor: RemoteLauncherFor;
    /** The client treats a bare `url` as Streamable HTTP (Cursor). */
    bareUrl?: boolean;
    /** A project-level configuration's project: the proxy's `--workspace`. */
    workspace?: string;
  },
): WrapResult {
  let value = config;
  let changed = false;
  const servers: ServerReport[] = [];
  for (const t of serverTables(config)) {
    const table = getAt(config, t.path);
    const nextTable: Obj = {};
    let tableChanged = false;
    for (const [name, entry] of Object.entries(table)) {
      nextTable[name] = entry;
      if (opts.only && !opts.only.includes(name)) continue;
      if (!isObj(entry)) {
        servers.push({ scope: t.scope, name, status: "skipped", reason: "not an object" });
        continue;
      }
      if (opts.unwrap) {
        const r = unwrapEntry(entry, opts.launcherFor);
        servers.push({ scope: t.scope, name, status: r.status });
        if (r.entry !== entry) {
          nextTable[name] = r.entry;
          tableChanged = true;
        }
        continue;
      }
      if (isRemote(entry) || remoteShape(entry)) {
        const why = remoteShape(entry) ? null : notStreamable(entry, opts.bareUrl ?? false);
        const r = why ? { reason: why } : wrapRemote(name, entry, opts.remoteLauncherFor);
        if ("reason" in r) {
          servers.push({ scope: t.scope, name, status: "skipped", reason: r.reason });
          continue;
        }
        servers.push({ scope: t.scope, name, status: r.status });
        if (r.entry !== entry) {
          nextTable[name] = r.entry;
          tableChanged = true;
        }
        continue;
      }
      const why = proxiesUrl(entry)
        ? `guard proxy --url without its ${REMOTE_KEY} record (restore the entry by hand)`
        : notStdio(entry);
      if (why) {
        servers.push({ scope: t.scope, name, status: "skipped", reason: why });
        continue;
      }
      const r = wrapEntry(name, entry, opts.launcherFor, opts.workspace);
      servers.push({ scope: t.scope, name, status: r.status });
      if (r.entry !== entry) {
        nextTable[name] = r.entry;
        tableChanged = true;
      }
    }
    if (tableChanged) {
      value = setAt(value, t.path, nextTable);
      changed = true;
    }
  }
  return { value, changed, servers };
}

/** The indentation unit of a JSON text (two spaces when it cannot tell). */
export function detectIndent(text: string): string {
  const m = /^[{[][ \t]*\r?\n([ \t]+)\S/.exec(text.trimStart());
  return m ? m[1] : "  ";
}

/** Serialises like the original: its indentation, a trailing newline. */
export function renderJson(value: unknown, original: string): string {
  return JSON.stringify(value, null, detectIndent(original)) + "\n";
}

/**
 * The diff with the header values of remote entries (usually credentials) replaced by `…`: the
 * terminal, and whatever records it, never sees them.
 */
export function hideHeaderValues(diff: string, ...configs: Obj[]): string {
  const values = new Set<string>();
  for (const c of configs) {
    for (const t of serverTables(c)) {
      for (const e of Object.values(getAt(c, t.path))) {
        if (!isObj(e)) continue;
        if (isObj(e.headers)) {
          for (const v of Object.values(e.headers)) if (typeof v === "string") values.add(v);
        }
        for (const [, v] of remoteShape(e)?.headers ?? []) values.add(v);
      }
    }
  }
  let out = diff;
  for (const v of [...values].sort((a, b) => b.length - a.length)) {
    const shown = JSON.stringify(v).slice(1, -1);
    if (shown.trim()) out = out.replaceAll(shown, "…");
  }
  return out;
}

/** The one-line label of a server report. */
export function reportLine(r: ServerReport): string {
  const where = r.scope ? ` (${r.scope})` : "";
  const name = printable(r.name);
  if (r.status === "skipped") return `${r.reason}: ${name}${where} (not wrapped)`;
  return `${r.status} ${name}${where}`;
}

/**
 * The project of a project-level MCP configuration (`<project>/.mcp.json`,
 * `<project>/.cursor/mcp.json`, `.gemini/settings.json`, `.codex/config.toml`,
 * `.kimi-code/mcp.json`), written as the proxy's `--workspace`; null for the user's own files.
 */
export function projectOfConfig(path: string, home: string): string | null {
  const m =
    /^(\/.*?)\/(?:\.mcp\.json|\.cursor\/mcp\.json|\.gemini\/settings\.json|\.codex\/config\.toml|\.kimi-code\/mcp\.json)$/
      .exec(path);
  if (!m || m[1] === home || m[1] === "") return null;
  return m[1];
}

export function runMcpWrap(args: string[]): Promise<number> {
  return Promise.resolve(mcpWrap(args));
}

/** `guard mcp wrap` (also run by `guard install --agent A --wrap-mcp`). */
export function mcpWrap(args: string[]): number {
  let file: string | null = null;
  let dryRun = false;
  let unwrap = false;
  let only: string[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--dry-run") dryRun = true;
    else if (a === "--unwrap") unwrap = true;
    else if (a === "--only" || a.startsWith("--only=")) {
      const v = a === "--only" ? args[++i] : a.slice("--only=".length);
      if (!v) {
        err(`guard mcp wrap: --only needs a list of server names\n${USAGE}`);
        return 2;
      }
      only = [...(only ?? []), ...v.split(",").map((s) => s.trim()).filter((s) => s)];
    } else if (a.startsWith("-") && a !== "-") {
      err(`guard mcp wrap: unknown option ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    } else if (file === null) file = a;
    else {
      err(`guard mcp wrap: one configuration file at a time\n${USAGE}`);
      return 2;
    }
  }
  if (file === null) {
    err(USAGE);
    return 2;
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard mcp wrap: HOME is not set to an absolute path");
    return 2;
  }
  const path = resolveUserPath(file, home);
  let before: string;
  try {
    before = Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      err(`guard mcp wrap: ${path} does not exist`);
    } else if (isPermissionError(e)) {
      err(`guard mcp wrap: cannot read ${path}`);
      err(permissionHint(path));
    } else err(`guard mcp wrap: cannot read ${path}: ${(e as Error).message}`);
    return 2;
  }
  if (/\.toml$/.test(path)) return wrapToml(path, home, before, { unwrap, only, dryRun });
  let config: unknown;
  try {
    config = JSON.parse(before);
  } catch (e) {
    err(`guard mcp wrap: ${path} is not valid JSON: ${(e as Error).message.split("\n")[0]}`);
    return 2;
  }
  if (!isObj(config) || !hasMcpServers(config)) {
    err(`guard mcp wrap: ${path} has no "mcpServers" table`);
    return 2;
  }
  const result = transformConfig(config, {
    unwrap,
    only,
    launcherFor: (cmd) => launcher(home, cmd),
    remoteLauncherFor: (url) => remoteLauncher(home, url),
    // Cursor and Kimi Code read a bare url as a remote server (Streamable HTTP).
    bareUrl: /(^|\/)\.cursor\/mcp\.json$|(^|\/)\.kimi(-code)?\/mcp\.json$/.test(path),
    workspace: projectOfConfig(path, home) ?? undefined,
  });
  if (only) {
    const seen = new Set(result.servers.map((s) => s.name));
    const missing = only.filter((n) => !seen.has(n));
    if (missing.length) {
      err(`guard mcp wrap: no server named ${missing.map((m) => JSON.stringify(m)).join(", ")}`);
      return 2;
    }
  }
  const next = result.changed ? renderJson(result.value, before) : before;
  if (/(^|\/)\.copilot\/mcp-config\.json$/.test(path)) {
    for (const s of result.servers) {
      if (s.name.includes("-") && s.status !== "skipped") {
        out(
          `note: Copilot CLI names this server's tools ${
            printable(s.name)
          }-<tool>; with a hyphen in the server name the hook cannot tell server from tool (rename it for one decision across hook and proxy)`,
        );
      }
    }
  }
  return finish(path, home, before, next, result.servers, {
    unwrap,
    dryRun,
    hide: (d) => hideHeaderValues(d, result.value, config as Obj),
  });
}

/** Codex's config.toml: `[mcp_servers.<name>]` tables, edited as text (mcp_toml.ts). */
function wrapToml(
  path: string,
  home: string,
  before: string,
  o: { unwrap: boolean; only?: string[]; dryRun: boolean },
): number {
  let r;
  try {
    r = transformToml(before, {
      unwrap: o.unwrap,
      only: o.only,
      launcherFor: (cmd) => launcher(home, cmd),
      wrappedShape,
      proxyName,
      workspace: projectOfConfig(path, home) ?? undefined,
    });
  } catch (e) {
    err(`guard mcp wrap: ${path}: ${(e as Error).message.split("\n")[0]} (nothing written)`);
    return 2;
  }
  if (!r.servers.length && !/^\s*\[\s*mcp_servers[\s.]/m.test(before)) {
    err(`guard mcp wrap: ${path} has no [mcp_servers.<name>] table`);
    return 2;
  }
  if (o.only) {
    const seen = new Set(r.servers.map((s) => s.name));
    const missing = o.only.filter((n) => !seen.has(n));
    if (missing.length) {
      err(`guard mcp wrap: no server named ${missing.map((m) => JSON.stringify(m)).join(", ")}`);
      return 2;
    }
  }
  return finish(path, home, before, r.text, r.servers, {
    unwrap: o.unwrap,
    dryRun: o.dryRun,
    hide: (d) => d,
  });
}

/** Shows the diff, writes the file (with a backup) and reports every server. */
function finish(
  path: string,
  home: string,
  before: string,
  next: string,
  servers: ServerReport[],
  o: { unwrap: boolean; dryRun: boolean; hide: (diff: string) => string },
): number {
  const { unwrap, dryRun } = o;
  const result = { servers };
  let edit: EditResult;
  try {
    // ~/.claude.json: guard may write the file but not create files next to it.
    edit = applyEdit(path, before, next, dryRun, () => {
      const state = stateDirFor(home);
      ensureStateDir(state);
      ensureSubdir(`${state}/backups`);
      return `${state}/backups`;
    });
  } catch (e) {
    if (!isPermissionError(e)) throw e;
    out(o.hide(applyEdit(path, before, next, true).diff));
    for (const s of result.servers) out(reportLine(s));
    err(permissionHint(path));
    return 2;
  }
  if (edit.diff) out(o.hide(edit.diff));
  for (const s of result.servers) out(reportLine(s));
  if (!result.servers.length) out("no MCP servers in this file");
  if (!edit.changed) out(`${path}: nothing to change`);
  else if (dryRun) out("dry run: nothing written");
  else {
    if (edit.backup) out(`backup: ${edit.backup}`);
    out(unwrap ? `unwrapped: ${path}` : `wrapped: ${path} (restart the client to use it)`);
  }
  return 0;
}

/** An agent's MCP client configuration file. */
export interface McpConfigFile {
  agent: string;
  path: string;
}

/**
 * Every MCP client configuration guard knows, for `guard doctor` and `guard install --agent A`:
 * the user's, and the project's when `project` is given. `agent` is install's agent name where it
 * has one (claude, codex, gemini, cursor, copilot, kimi) and "claude-desktop" otherwise.
 */
export function mcpConfigFiles(home: string, project: string | null = null): McpConfigFile[] {
  const files: McpConfigFile[] = [
    { agent: "claude", path: `${home}/.claude.json` },
    { agent: "claude-desktop", path: `${home}/.config/Claude/claude_desktop_config.json` },
    { agent: "cursor", path: `${home}/.cursor/mcp.json` },
    { agent: "gemini", path: `${home}/.gemini/settings.json` },
    { agent: "codex", path: `${home}/.codex/config.toml` },
    { agent: "copilot", path: `${home}/.copilot/mcp-config.json` },
    { agent: "kimi", path: `${home}/.kimi-code/mcp.json` },
    { agent: "kimi", path: `${home}/.kimi/mcp.json` },
  ];
  if (project) {
    files.push(
      { agent: "claude", path: `${project}/.mcp.json` },
      { agent: "cursor", path: `${project}/.cursor/mcp.json` },
      { agent: "gemini", path: `${project}/.gemini/settings.json` },
      { agent: "codex", path: `${project}/.codex/config.toml` },
    );
  }
  return files;
}

/** What `guard mcp wrap` would do to a configuration's text, without writing anything. */
export interface OutsideGuard {
  /** Servers that run outside guard now (wrap would wrap them, or re-wrap a stale launcher). */
  outside: string[];
  /** Servers guard cannot carry, with why. */
  skipped: string[];
  /** Servers already behind guard. */
  wrapped: number;
}

/** The servers of one configuration file's text that run outside guard; null: not readable as one. */
export function serversOutsideGuard(
  path: string,
  text: string,
  launcherFor: LauncherFor,
  remoteLauncherFor: RemoteLauncherFor,
): OutsideGuard | null {
  let servers: ServerReport[];
  try {
    if (/\.toml$/.test(path)) {
      servers = transformToml(text, { unwrap: false, launcherFor, wrappedShape, proxyName })
        .servers;
    } else {
      const config = JSON.parse(text);
      if (!isObj(config)) return null;
      servers = transformConfig(config, {
        unwrap: false,
        launcherFor,
        remoteLauncherFor,
        bareUrl: /(^|\/)\.cursor\/mcp\.json$|(^|\/)\.kimi(-code)?\/mcp\.json$/.test(path),
      }).servers;
    }
  } catch {
    return null;
  }
  const label = (s: ServerReport) => `${s.name}${s.scope ? ` (${s.scope})` : ""}`;
  return {
    outside: servers.filter((s) => s.status === "wrapped" || s.status === "rewrapped").map(label),
    skipped: servers.filter((s) => s.status === "skipped").map((s) => `${label(s)}: ${s.reason}`),
    wrapped: servers.filter((s) => s.status === "already wrapped").length,
  };
}

/** The servers of every known configuration that run outside guard (for doctor and install). */
export function mcpOutsideGuard(
  home: string,
  project: string | null,
  agent?: string,
): { file: McpConfigFile; result: OutsideGuard | null }[] {
  const found: { file: McpConfigFile; result: OutsideGuard | null }[] = [];
  for (const file of mcpConfigFiles(home, project)) {
    if (agent !== undefined && file.agent !== agent) continue;
    let text: string;
    try {
      text = Deno.readTextFileSync(file.path);
    } catch {
      continue; // absent (or not readable): nothing configured there that guard can see
    }
    found.push({
      file,
      result: serversOutsideGuard(
        file.path,
        text,
        (cmd) => launcher(home, cmd),
        (url) => remoteLauncher(home, url),
      ),
    });
  }
  return found;
}
