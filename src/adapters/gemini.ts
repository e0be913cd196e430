/**
 * Gemini CLI adapter. `BeforeTool` / `AfterTool` payloads look like Claude
 * Code's (`session_id, cwd, hook_event_name, tool_name, tool_input`, plus
 * `mcp_context` for MCP tools and `tool_response` after the call); the tools
 * are Gemini's own: `run_shell_command {command, directory|dir_path}`,
 * `read_file`, `read_many_files`, `write_file`, `replace`, `list_directory`,
 * `glob`, `search_file_content` (now `grep_search`), `web_fetch {prompt}`,
 * `google_web_search`. Older and newer parameter spellings are both accepted.
 *
 * MCP tools are recognised by `mcp_context.server_name`, or by their name
 * (`mcp__srv__tool`, `mcp_srv_tool`, `srv__tool`), and named
 * `mcp__<server>__<tool>` in the ToolCall like every other agent's.
 */
import { classifyDestination, destinationsInText } from "../zones/net.ts";
import type { ToolCall } from "../core/types.ts";
import {
  type AdaptedCall,
  asObject,
  type Envelope,
  envelope,
  globPaths,
  InputError,
  mcpToolName,
  nonEmpty,
  type Obj,
  optStr,
  optStrArray,
  resolveDir,
  searchPaths,
  someStrs,
  str,
  strsOf,
} from "./payload.ts";

const DIR = ["path", "dir_path"] as const;

const RANK: Readonly<Record<string, number>> = {
  metadata: 3,
  loopback: 2,
  private: 2,
  "link-local": 2,
  unknown: 1,
};

/**
 * The http(s) URLs in a prompt, in order, trailing punctuation dropped, in any spelling the
 * shell's URL reader knows (`HTTP:\\host`, `//host/x`, `hxxp://`; zones/net.ts).
 */
export function promptUrls(text: string): string[] {
  const out: string[] = [];
  for (const u of destinationsInText(text, false)) {
    if (/^https?:\/\//i.test(u) && !out.includes(u)) out.push(u);
  }
  return out;
}

/**
 * The URL a `web_fetch` prompt is judged by: the first one, unless a later one goes somewhere
 * riskier (cloud metadata, then private/loopback, then an unparseable host). Gemini fetches
 * every URL in the prompt; the ToolCall carries one, so it carries the worst.
 */
export function promptUrl(text: string): string | null {
  let best: string | null = null;
  let bestRank = -1;
  for (const u of promptUrls(text)) {
    const r = RANK[classifyDestination(u)?.cls ?? "unknown"] ?? 0;
    if (r > bestRank) [best, bestRank] = [u, r];
  }
  return best;
}

/** Server and tool of a Gemini MCP call, or null for a built-in tool. */
export function geminiMcp(tool: string, context: unknown): { server: string; name: string } | null {
  const fromName = mcpNameParts(tool);
  if (context !== undefined && context !== null) {
    const c = asObject(context, "payload.mcp_context");
    const server = nonEmpty(
      str(c, "server_name", "payload.mcp_context"),
      "mcp_context.server_name",
    );
    const original = c.tool_name;
    const name = typeof original === "string" && original !== ""
      ? original
      : fromName?.name ?? tool;
    return { server, name };
  }
  return fromName;
}

function mcpNameParts(tool: string): { server: string; name: string } | null {
  const split = (rest: string, sep: string) => {
    const i = rest.indexOf(sep);
    return i > 0 && i + sep.length < rest.length
      ? { server: rest.slice(0, i), name: rest.slice(i + sep.length) }
      : null;
  };
  if (tool.startsWith("mcp__")) return split(tool.slice(5), "__");
  if (tool.startsWith("mcp_")) return split(tool.slice(4), "_");
  return split(tool, "__");
}

/** Maps a Gemini CLI envelope into a ToolCall. */
export function geminiToolCall(e: Envelope, mcpContext?: unknown): ToolCall {
  const b = { agent: "gemini", tool: e.tool, cwd: e.cwd, session: e.session, input: e.input };
  const i: Obj = e.input;
  const w = "tool_input";
  const mcp = geminiMcp(e.tool, mcpContext);
  if (mcp) {
    return { ...b, tool: mcpToolName(mcp.server, mcp.name), kind: "mcp", ...mcp, args: i };
  }
  switch (e.tool) {
    case "run_shell_command": {
      const command = str(i, "command", w);
      const dirs = strsOf(i, ["directory", "dir_path"], w);
      if (dirs.length > 1) throw new InputError(`${w}.directory and dir_path disagree`);
      const cwd = dirs.length ? resolveDir(dirs[0], e.cwd, `${w}.directory`) : e.cwd;
      return { ...b, cwd, kind: "shell", command };
    }
    case "read_file":
      return {
        ...b,
        kind: "file",
        op: "read",
        paths: someStrs(i, ["absolute_path", "file_path", "path"], w),
        contents: [],
      };
    case "read_many_files": {
      const paths = [...optStrArray(i, "paths", w) ?? [], ...optStrArray(i, "include", w) ?? []];
      if (paths.length === 0) throw new InputError(`${w}.paths|include must name a file`);
      return { ...b, kind: "file", op: "read", paths, contents: [] };
    }
    case "write_file":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "file_path", w)],
        contents: [str(i, "content", w)],
      };
    case "replace":
      str(i, "old_string", w);
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "file_path", w)],
        contents: [str(i, "new_string", w)],
      };
    case "list_directory":
      return { ...b, kind: "file", op: "list", paths: someStrs(i, DIR, w), contents: [] };
    case "glob": {
      const pattern = str(i, "pattern", w);
      const dirs = strsOf(i, DIR, w);
      const paths = globPaths(dirs.length ? dirs : [e.cwd], pattern);
      return { ...b, kind: "file", op: "list", paths, contents: [] };
    }
    case "search_file_content":
    case "grep_search": {
      const pattern = str(i, "pattern", w);
      const dirs = strsOf(i, DIR, w);
      // `include` picks the files searched (`*.env`, `**/.env*`), and the matching lines come
      // back (grep_search prints them): judged as the paths it reaches.
      const include = optStr(i, "include", w);
      const base = dirs.length ? dirs : [e.cwd];
      return {
        ...b,
        kind: "file",
        op: "search",
        paths: searchPaths(base, e.cwd, include, { pattern, ignoreCase: true }),
        contents: [],
      };
    }
    case "web_fetch": {
      const prompt = str(i, "prompt", w);
      const url = promptUrl(prompt);
      return { ...b, kind: "web", url, query: url === null ? prompt : null };
    }
    case "google_web_search":
      return { ...b, kind: "web", url: null, query: str(i, "query", w) };
  }
  return { ...b, kind: "other" };
}

/** A Gemini CLI hook payload: BeforeTool → PreToolUse, AfterTool → PostToolUse. */
export function geminiAdapter(payload: unknown): AdaptedCall {
  const p = asObject(payload, "payload");
  const event = p.hook_event_name === "BeforeTool"
    ? "PreToolUse"
    : p.hook_event_name === "AfterTool"
    ? "PostToolUse"
    : null;
  if (event === null) {
    throw new InputError(
      `unsupported Gemini CLI hook event ${
        JSON.stringify(p.hook_event_name)
      } (guard evaluate handles BeforeTool and AfterTool)`,
    );
  }
  const call = geminiToolCall(envelope(p), p.mcp_context);
  if (event === "PreToolUse") return { event, call };
  if (p.tool_response === undefined) {
    throw new InputError("AfterTool payload has no tool_response");
  }
  return { event, call, response: p.tool_response };
}
