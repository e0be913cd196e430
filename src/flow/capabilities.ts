/**
 * Capabilities: what a tool call or shell program can do, in a fixed vocabulary
 * used by flow tracking (taint across calls; the "lethal trifecta" of untrusted
 * content + private data + a way out):
 *
 *  - reads-local               ordinary local files and project data
 *  - reads-private             credentials, secrets managers, private DMs, password stores
 *  - reads-untrusted-external  content written outside: web pages, search results, emails,
 *                              issue/PR comments, chat messages, package READMEs
 *  - writes-local              modifies local files or state
 *  - executes                  runs code or commands
 *  - network-egress            can carry data off the machine (any request with a URL,
 *                              query or body, uploads, git push, ssh/scp)
 *  - sends-message             sends a message to people (email, chat, comments, webhooks)
 *
 * Everything is data: per-agent tables of built-in tools, word tables and ordered
 * rules for MCP tool names and schemas, and a program table for shell commands.
 * Pure: no I/O.
 */

import { CAPABILITIES, type Capability } from "./capability_names.ts";
export { CAPABILITIES, type Capability };

/** An MCP tool as in tools/list. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  /** JSON Schema object; its property names are evidence (url, to, body, command, …). */
  inputSchema?: unknown;
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    openWorldHint?: boolean;
    [k: string]: unknown;
  };
}

export interface Classification {
  /** Sorted in CAPABILITIES order, no duplicates. */
  caps: Capability[];
  source: "builtin" | "heuristic" | "override" | "unknown";
  reason: string;
}

export const RL = "reads-local", RP = "reads-private", RX = "reads-untrusted-external";
export const WL = "writes-local", EX = "executes", NE = "network-egress", SM = "sends-message";

// Capability sets are bit masks internally (bit i = CAPABILITIES[i]).
const BIT: ReadonlyMap<string, number> = new Map(CAPABILITIES.map((c, i) => [c, 1 << i]));

export function maskOf(caps: readonly string[]): number {
  let m = 0;
  for (const c of caps) m |= BIT.get(c) ?? 0;
  return m;
}

export function capsOf(mask: number): Capability[] {
  return CAPABILITIES.filter((_, i) => (mask & (1 << i)) !== 0);
}

export const M_RL = maskOf([RL]), M_RX = maskOf([RX]), M_WL = maskOf([WL]), M_NE = maskOf([NE]);
export const M_EX = maskOf([EX]), M_EXTERNAL = M_RX | M_NE;

/** The separators of `words`: space, newline, tab, carriage return. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** Whitespace-separated words (by hand: this runs over every table at start-up, on the hook path). */
export function words(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32;
    if (isSpace(c)) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Built-in tools of each agent

type BuiltinRow = { agents: string; tools: string; caps: readonly Capability[] };

const BUILTIN_ROWS: readonly BuiltinRow[] = [
  { agents: "claude codex", tools: "Bash SlashCommand", caps: [EX] },
  { agents: "claude codex", tools: "Read NotebookRead Glob Grep LS BashOutput Skill", caps: [RL] },
  { agents: "claude codex", tools: "Write Edit MultiEdit NotebookEdit", caps: [WL] },
  { agents: "claude codex", tools: "KillShell KillBash", caps: [WL] },
  // A GET carries data out in its URL / query string.
  { agents: "claude codex", tools: "WebFetch WebSearch ReadMcpResourceTool", caps: [RX, NE] },
  { agents: "claude codex", tools: "ListMcpResourcesTool", caps: [RX] },
  { agents: "claude codex", tools: "Task Agent TodoWrite ExitPlanMode AskUserQuestion", caps: [] },
  { agents: "codex", tools: "shell local_shell exec_command write_stdin", caps: [EX] },
  { agents: "codex", tools: "apply_patch ApplyPatch", caps: [WL] },
  { agents: "codex", tools: "read_file list_dir grep_files view_image", caps: [RL] },
  { agents: "codex", tools: "web_search", caps: [RX, NE] },
  { agents: "codex", tools: "update_plan", caps: [] },
  { agents: "kimi", tools: "Shell", caps: [EX] },
  { agents: "kimi", tools: "ReadFile Glob Grep ReadMediaFile", caps: [RL] },
  { agents: "kimi", tools: "WriteFile StrReplaceFile", caps: [WL] },
  { agents: "kimi", tools: "FetchURL SearchWeb", caps: [RX, NE] },
  // SendDMail sends a note back to the agent's own earlier checkpoint, not to people.
  { agents: "kimi", tools: "Task SetTodoList Think SendDMail", caps: [] },
  { agents: "gemini", tools: "run_shell_command", caps: [EX] },
  { agents: "gemini", tools: "read_file read_many_files list_directory glob", caps: [RL] },
  { agents: "gemini", tools: "search_file_content", caps: [RL] },
  { agents: "gemini", tools: "write_file replace save_memory", caps: [WL] },
  { agents: "gemini", tools: "web_fetch google_web_search", caps: [RX, NE] },
  { agents: "gemini", tools: "write_todos", caps: [] },
  { agents: "cursor", tools: "Shell shell run_terminal_cmd", caps: [EX] },
  { agents: "cursor", tools: "read_file Read list_dir codebase_search grep_search", caps: [RL] },
  { agents: "cursor", tools: "grep file_search glob_file_search read_lints", caps: [RL] },
  { agents: "cursor", tools: "edit_file write Write Edit search_replace delete_file", caps: [WL] },
  { agents: "cursor", tools: "web_search", caps: [RX, NE] },
  { agents: "cursor", tools: "todo_write", caps: [] },
  { agents: "copilot", tools: "bash shell write_bash", caps: [EX] },
  { agents: "copilot", tools: "view read read_bash glob grep", caps: [RL] },
  { agents: "copilot", tools: "create edit str_replace str_replace_editor stop_bash", caps: [WL] },
  { agents: "copilot", tools: "web_fetch", caps: [RX, NE] },
];

/** One word: non-empty, no separator (`"curl wget"` is one unknown program, no table word). */
function oneWord(name: string): boolean {
  const w = words(name);
  return w.length === 1 && w[0] === name;
}

/**
 * Whether the whitespace-separated `list` holds the one word `word`: a substring search with its
 * ends checked, no split and no copy (unknown programs search the rows on every call).
 */
function listHas(list: string, word: string): boolean {
  const sep = (i: number) => i < 0 || i >= list.length || isSpace(list.charCodeAt(i));
  for (let at = list.indexOf(word); at >= 0; at = list.indexOf(word, at + 1)) {
    if (sep(at - 1) && sep(at + word.length)) return true;
  }
  return false;
}

// The tables are built per agent and per program on first use, not at import: a hook call
// needs one agent's row and a few programs, and building all of them cost the cold hook more
// than any single lookup (ADR 0024).
const BUILTINS = new Map<string, Map<string, number>>();

function builtinTable(agent: string): Map<string, number> {
  let table = BUILTINS.get(agent);
  if (table) return table;
  table = new Map<string, number>();
  if (!oneWord(agent)) return table;
  for (const row of BUILTIN_ROWS) {
    if (!listHas(row.agents, agent)) continue;
    for (const tool of words(row.tools)) table.set(tool, maskOf(row.caps));
  }
  BUILTINS.set(agent, table);
  return table;
}

/** Built-in tools of each agent: "claude" | "codex" | "kimi" | "gemini" | "cursor" | "copilot". */
export function builtinCapabilities(agent: string, tool: string): Capability[] | null {
  const mask = builtinTable(agent).get(tool);
  return mask === undefined ? null : capsOf(mask);
}

// ---------------------------------------------------------------------------
// MCP tool heuristics live in mcp_capabilities.ts, loaded only where MCP tools are
// classified (the proxy, and the hook for mcp__ tools): most hook calls never pay for them.

let mcpClassifier: ((def: ToolDefinition) => Classification) | null = null;

/** Are the MCP heuristics loaded (the engine judges MCP reads only then)? */
export function mcpClassifierLoaded(): boolean {
  return mcpClassifier !== null;
}

/** Called by mcp_capabilities.ts when it loads. */
export function registerMcpClassifier(f: (def: ToolDefinition) => Classification): void {
  mcpClassifier = f;
}

function classifyMcp(def: ToolDefinition): Classification {
  if (!mcpClassifier) {
    // A programming error, never a silent default: guard fails closed on it.
    throw new Error("MCP heuristics not loaded (import src/flow/mcp_capabilities.ts first)");
  }
  return mcpClassifier(def);
}

/**
 * Servers that are remote services: their "files" and "writes" live on the service
 * (`mcp__github__get_file_contents` reads content others wrote; its writes leave the machine).
 */
const REMOTE_SERVER_WORDS = `github gitlab bitbucket gitea slack discord gmail google gdrive drive
  notion jira confluence atlassian linear asana trello figma salesforce hubspot zendesk intercom
  dropbox onedrive sharepoint outlook teams telegram whatsapp twitter reddit sentry stripe shopify
  airtable supabase vercel netlify cloudflare aws gcp azure huggingface`;
let remoteServers: ReadonlySet<string> | null = null;

function remoteServer(server: string): boolean {
  const set = remoteServers ??= new Set(words(REMOTE_SERVER_WORDS));
  return server.toLowerCase().split(/[^a-z0-9]+/).some((t) => set.has(t));
}

function parseMcpName(tool: string): { server: string; name: string } | null {
  if (!tool.startsWith("mcp__")) return null;
  const rest = tool.slice(5);
  const i = rest.indexOf("__");
  return i > 0 && i + 2 < rest.length
    ? { server: rest.slice(0, i), name: rest.slice(i + 2) }
    : null;
}

/**
 * Any tool: overrides first (exact tool name as the agent spells it, then `mcp__<server>__*`),
 * then the agent's built-in table, then for names "mcp__<server>__<tool>" (or when def is given)
 * the MCP heuristics. Unknown non-MCP tools: source "unknown", conservatively external.
 */
export function classifyTool(
  agent: string,
  tool: string,
  def?: ToolDefinition,
  overrides?: Readonly<Record<string, readonly Capability[]>>,
): Classification {
  const mcp = parseMcpName(tool);
  if (overrides) {
    const wildcard = mcp ? `mcp__${mcp.server}__*` : null;
    for (const key of [tool, wildcard]) {
      if (key === null || !Object.hasOwn(overrides, key)) continue;
      const suffix = key === tool ? "" : ` ${key}`;
      return {
        caps: capsOf(maskOf(overrides[key])),
        source: "override",
        reason: `override: policy [flow.tools]${suffix}`,
      };
    }
  }
  const builtin = builtinTable(agent).get(tool);
  if (builtin !== undefined) {
    return { caps: capsOf(builtin), source: "builtin", reason: `built-in table: ${agent} ${tool}` };
  }
  if (mcp || def) {
    const c = classifyMcp(def ?? { name: mcp?.name ?? tool });
    if (!mcp || !remoteServer(mcp.server)) return c;
    let mask = maskOf(c.caps);
    if (!(mask & (M_RL | M_WL))) return c;
    mask = (mask & ~(M_RL | M_WL)) | (mask & M_RL ? M_RX : 0) | (mask & M_WL ? M_NE : 0);
    return {
      ...c,
      caps: capsOf(mask),
      reason: `${c.reason}; server ${mcp.server}: remote service`,
    };
  }
  return {
    caps: [RX, NE],
    source: "unknown",
    reason: `unknown ${agent} tool ${tool}: assumed external (conservative default)`,
  };
}

// ---------------------------------------------------------------------------
// Shell programs

interface CommandRow {
  /** Program names, space-separated. */
  p: string;
  /** Leading positional words; alternatives split by "|"; "" is a bare invocation. */
  sub?: string;
  /** Options selecting the row: a whole `--long`/`-long` word or a letter in a `-abc` bundle. */
  flag?: string;
  /** A flag row adds its caps instead of replacing them. */
  add?: true;
  /** Applies when a non-option argument names a remote host (`host:path`, `h::mod`, `rsync://`). */
  remote?: true;
  caps: readonly Capability[];
}

/** Global options that take a separate value, skipped when looking for subcommands. */
const VALUE_OPTS: Readonly<Record<string, string>> = {
  git: "-C -c --git-dir --work-tree --namespace",
  gh: "-R --repo",
  npm: "--prefix -w --workspace",
  pnpm: "-C --dir -F --filter",
  yarn: "--cwd",
  aws: "--profile --region --output --endpoint-url",
  gcloud: "--project --account --configuration",
  az: "--subscription",
  kubectl: "-n --namespace --context --kubeconfig --cluster --user -o --output",
  oc: "-n --namespace --context --kubeconfig --cluster --user -o --output",
  docker: "-H --host --context --config",
  op: "--account --vault",
};

const INSTALL = [RX, NE, EX] as const;

const COMMAND_ROWS: readonly CommandRow[] = [
  // Web clients: any request can carry data in its URL.
  { p: "curl wget http https xh aria2c lynx w3m", caps: [RX, NE] },
  { p: "nc ncat netcat socat telnet ssh scp sftp ftp lftp", caps: [NE] },
  { p: "ping dig nslookup host whois", caps: [NE] }, // DNS names carry data too
  { p: "rsync", caps: [WL] },
  { p: "rsync", remote: true, caps: [NE] },
  { p: "mail mailx sendmail mutt neomutt msmtp ssmtp swaks", caps: [SM, NE] },
  { p: "git", caps: [EX] }, // unknown subcommands may be aliases (`!sh …`)
  { p: "git", sub: "push", caps: [NE] },
  { p: "git", sub: "send-email", caps: [SM, NE] },
  { p: "git", sub: "clone|fetch|pull|ls-remote|submodule update|remote update", caps: [RX, NE] },
  { p: "git", sub: "status|log|diff|show|blame|grep|ls-files|rev-parse|describe", caps: [RL] },
  { p: "git", sub: "shortlog|reflog|branch", caps: [RL] },
  { p: "git", sub: "add|commit|checkout|switch|restore|reset|rebase|merge|stash|tag", caps: [WL] },
  { p: "git", sub: "rm|mv|apply|am|init|cherry-pick|revert|clean|config|worktree|gc", caps: [WL] },
  { p: "git", sub: "remote add|remote remove", caps: [WL] },
  { p: "gh", caps: [RX, NE] }, // talks to GitHub; reading brings in what others wrote
  { p: "gh", sub: "issue comment|pr comment|pr review|issue create|pr create", caps: [SM, NE] },
  { p: "gh", sub: "release create|gist create|issue edit|pr edit", caps: [SM, NE] },
  { p: "gh", sub: "pr merge|pr close|issue close|repo create|release upload", caps: [NE] },
  { p: "gh", sub: "secret set|workflow run|run rerun", caps: [NE] },
  { p: "gh", sub: "issue view|pr view|pr diff|api|search|repo clone|auth status", caps: [RX, NE] },
  { p: "gh", sub: "auth token", caps: [RP] },
  { p: "gh", sub: "auth status", flag: "-t --show-token", add: true, caps: [RP] },
  { p: "gh", sub: "api", flag: "-f -F --field --raw-field --input", add: true, caps: [SM] },
  // Package managers: installing runs the packages' scripts.
  { p: "npm pnpm yarn bun", caps: [EX] },
  { p: "npm pnpm yarn bun", sub: "run|test|start|run-script|build", caps: [EX] },
  { p: "npm pnpm yarn bun", sub: "publish|npm publish", caps: [NE] },
  { p: "npm pnpm yarn bun", sub: "install|i|ci|add|update|up|upgrade|exec|dlx|x", caps: INSTALL },
  { p: "npm pnpm yarn bun", sub: "create|install-test|it", caps: INSTALL },
  { p: "npm pnpm yarn", sub: "view|info|show|search|outdated|audit", caps: [RX, NE] },
  { p: "yarn", sub: "", caps: INSTALL },
  { p: "npx pnpx bunx uvx", caps: INSTALL },
  { p: "pip pip3", caps: [EX] },
  { p: "pip pip3", sub: "install", caps: INSTALL },
  { p: "pip pip3", sub: "download", caps: [RX, NE] },
  { p: "pip pip3", sub: "uninstall", caps: [WL] },
  { p: "pip pip3", sub: "list|show|freeze|check", caps: [RL] },
  { p: "uv poetry", caps: [EX] },
  { p: "uv poetry", sub: "add|sync|lock|install|update|pip install|tool install", caps: INSTALL },
  { p: "uv poetry", sub: "publish", caps: [NE] },
  { p: "twine", caps: [RL] },
  { p: "twine", sub: "upload|register", caps: [NE] },
  { p: "cargo gem", caps: [EX] },
  { p: "cargo gem", sub: "publish|push", caps: [NE] },
  { p: "cargo gem", sub: "install", caps: INSTALL },
  { p: "cargo", sub: "add|fetch|update|search", caps: [RX, NE] },
  { p: "go deno", caps: [EX] },
  { p: "go deno", sub: "get|install|add|cache|mod download", caps: [RX, NE] },
  { p: "deno", sub: "publish", caps: [NE] },
  { p: "docker podman", caps: [EX] },
  { p: "docker podman", sub: "push|login", caps: [NE] },
  { p: "docker podman", sub: "pull", caps: [RX, NE] },
  // Cloud CLIs send every request off the machine.
  { p: "aws gcloud az kubectl oc gsutil", caps: [NE] },
  { p: "aws", sub: "s3 cp|s3 sync|s3 mv", caps: [NE] },
  { p: "aws", sub: "secretsmanager get-secret-value|ssm get-parameter", caps: [RP, NE] },
  { p: "aws", sub: "ssm get-parameters|ssm get-parameters-by-path", caps: [RP, NE] },
  { p: "aws", sub: "configure get|configure export-credentials", caps: [RP] },
  { p: "gcloud", sub: "secrets versions access|auth print-access-token", caps: [RP, NE] },
  { p: "az", sub: "keyvault secret show|account get-access-token", caps: [RP, NE] },
  { p: "kubectl oc", sub: "get secret|get secrets|describe secret", caps: [RP, NE] },
  { p: "kubectl oc", sub: "exec|run|debug", caps: [EX, NE] },
  // Secret stores.
  { p: "security", caps: [RL] },
  { p: "security", sub: "find-generic-password|find-internet-password|dump-keychain", caps: [RP] },
  { p: "pass gopass", caps: [RP] }, // `pass NAME` shows NAME
  { p: "pass gopass", sub: "|ls|list|find|search", caps: [RL] },
  { p: "pass gopass", sub: "insert|add|generate|edit|rm|remove|mv|cp|init", caps: [WL] },
  { p: "pass gopass", sub: "git push", caps: [NE] },
  { p: "op", caps: [RP] },
  { p: "op", sub: "run", caps: [RP, EX] },
  { p: "vault", caps: [NE] },
  { p: "vault", sub: "read|kv get|kv list", caps: [RP] },
  { p: "secret-tool", caps: [RP] },
  { p: "gpg gpg2", caps: [RL] },
  { p: "gpg gpg2", flag: "-d --decrypt --export-secret-keys --export-secret-subkeys", caps: [RP] },
  { p: "gpg gpg2", flag: "--send-keys", add: true, caps: [NE] },
  { p: "gpg gpg2", flag: "--recv-keys --fetch-keys --search-keys", add: true, caps: [RX, NE] },
  { p: "printenv env", caps: [RP] }, // the environment commonly holds API tokens
  // Interpreters, shells, build tools.
  { p: "python python2 python3 node ruby perl php sh bash zsh dash ksh fish lua", caps: [EX] },
  { p: "Rscript java make cmake ninja gradle mvn pytest jest vitest tsc", caps: [EX] },
  { p: "osascript pwsh powershell xargs", caps: [EX] },
  // Reading.
  { p: "cat head tail less more grep egrep fgrep rg ag ack find fd ls wc diff jq yq", caps: [RL] },
  { p: "sed awk gawk sort uniq cut tr file stat du df tree realpath readlink", caps: [RL] },
  { p: "basename dirname which whereis xxd hexdump od strings nl column cmp comm", caps: [RL] },
  { p: "md5sum sha1sum sha256sum shasum base64 bat tac rev fold paste join", caps: [RL] },
  { p: "zcat zgrep zless locate", caps: [RL] },
  { p: "sed", flag: "-i --in-place", caps: [WL] },
  { p: "yq", flag: "-i --inplace", caps: [WL] },
  { p: "sort", flag: "-o --output", add: true, caps: [WL] },
  { p: "find", flag: "-delete -fprint -fprintf -fls", add: true, caps: [WL] },
  { p: "find", flag: "-exec -execdir -ok -okdir", add: true, caps: [EX] },
  // Writing.
  { p: "cp mv rm mkdir rmdir touch tee chmod chown chgrp ln dd install truncate", caps: [WL] },
  { p: "shred unlink tar zip unzip gzip gunzip bzip2 xz patch mktemp split", caps: [WL] },
  // Nothing.
  { p: "echo printf true false cd pwd test [ sleep date whoami id uname yes seq", caps: [] },
  { p: "clear exit type :", caps: [] },
];

type FlagHit = { sub?: string; add: boolean; mask: number };

interface Program {
  base: number;
  subs: Map<string, number>;
  /** Most positional words any sub row needs. */
  depth: number;
  flags: Map<string, FlagHit[]>;
  /** Mask for remote invocations, -1 when the program has no remote row. */
  remote: number;
  valueOpts: ReadonlySet<string>;
}

const PROGRAMS = new Map<string, Program>();

/** The program table of `name` (null: no row names it), built from its rows on first use. */
function programOf(name: string): Program | null {
  const known = PROGRAMS.get(name);
  if (known !== undefined) return known;
  if (!oneWord(name)) return null;
  let prog: Program | null = null;
  for (const row of COMMAND_ROWS) {
    if (!listHas(row.p, name)) continue;
    const mask = maskOf(row.caps);
    if (!prog) {
      const valueOpts = new Set(words(VALUE_OPTS[name] ?? ""));
      prog = { base: M_EX, subs: new Map(), depth: 0, flags: new Map(), remote: -1, valueOpts };
    }
    if (row.flag !== undefined) {
      if (row.sub !== undefined && !prog.subs.has(row.sub)) throw new Error(`no sub ${row.sub}`);
      for (const f of words(row.flag)) {
        const list = prog.flags.get(f) ?? [];
        list.push({ sub: row.sub, add: row.add === true, mask });
        prog.flags.set(f, list);
      }
    } else if (row.remote) prog.remote = mask;
    else if (row.sub !== undefined) {
      for (const alt of row.sub.split("|")) {
        const key = words(alt);
        prog.subs.set(key.join(" "), mask);
        prog.depth = Math.max(prog.depth, key.length);
      }
    } else prog.base = mask;
  }
  // Only the table's own programs are kept: an unknown name costs a scan each time, never memory
  // in the resident evaluator.
  if (prog) PROGRAMS.set(name, prog);
  return prog;
}

/** Every program the shell table names (for tests that build each table). */
export function tablePrograms(): string[] {
  return [...new Set(COMMAND_ROWS.flatMap((r) => words(r.p)))];
}

const DASH = 45;

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Flag rows an option word selects: the whole word (before `=`), else each letter of a bundle. */
function collectFlags(arg: string, flags: Map<string, FlagHit[]>, out: FlagHit[]): void {
  const eq = arg.indexOf("=");
  const whole = flags.get(eq > 0 ? arg.slice(0, eq) : arg);
  if (whole) {
    out.push(...whole);
    return;
  }
  if (arg.charCodeAt(1) === DASH) return;
  for (let i = 1; i < arg.length && isLetter(arg.charCodeAt(i)); i++) {
    const hit = flags.get(`-${arg[i]}`);
    if (hit) out.push(...hit);
  }
}

/** `host:path`, `user@host:path`, `host::module`, `rsync://host/module` (a colon before any slash). */
function isRemoteArg(arg: string): boolean {
  if (arg.startsWith("rsync://") || arg.includes("::")) return true;
  const colon = arg.indexOf(":");
  if (colon <= 0) return false;
  const slash = arg.indexOf("/");
  return slash === -1 || slash > colon;
}

/** `python3.12` → `python`, `gpg2` → `gpg`: looked up when the exact name is unknown. */
function withoutVersion(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === "." || (name[end - 1] >= "0" && name[end - 1] <= "9"))) {
    end--;
  }
  return name.slice(0, end);
}

/**
 * One simple shell command after parsing: argv[0] is the program name (basename taken,
 * wrappers removed by the caller). One pass over argv; Map lookups only.
 */
export function commandCapabilities(argv: readonly string[]): Capability[] {
  if (argv.length === 0) return [];
  const prog = programOf(argv[0]) ?? programOf(withoutVersion(argv[0]));
  if (!prog) return [EX];
  const pos: string[] = [];
  const hits: FlagHit[] = [];
  let positionals = 0, remote = false, options = true;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (options && a.length > 1 && a.charCodeAt(0) === DASH) {
      if (a === "--") options = false;
      else if (prog.valueOpts.has(a)) i++;
      else if (prog.flags.size) collectFlags(a, prog.flags, hits);
      continue;
    }
    positionals++;
    if (prog.remote >= 0 && !remote) remote = isRemoteArg(a);
    if (pos.length < prog.depth) {
      const slash = a.indexOf("/"); // `kubectl get secret/name`
      pos.push(slash > 0 ? a.slice(0, slash) : a);
    }
  }
  let key: string | undefined;
  if (positionals === 0 && prog.subs.has("")) key = "";
  for (let k = pos.length; k > 0 && key === undefined; k--) {
    const cand = k === 1 ? pos[0] : pos.slice(0, k).join(" ");
    if (prog.subs.has(cand)) key = cand;
  }
  let mask = key === undefined ? prog.base : prog.subs.get(key) ?? prog.base;
  if (remote) mask = prog.remote;
  for (const h of hits) {
    if (h.sub === undefined || h.sub === key) mask = h.add ? mask | h.mask : h.mask;
  }
  return capsOf(mask);
}
