/**
 * Cursor adapter. Cursor's hooks are per action, not per tool:
 * `beforeShellExecution {command, cwd}`, `beforeMCPExecution {tool_name,
 * tool_input (a JSON string), url | command}` and `beforeReadFile {file_path,
 * content}`, each with `conversation_id` and `workspace_roots`. They map to the
 * tools Cursor's agent calls (`Shell`, `mcp__<server>__<tool>`, `Read`).
 * Cursor has no PostToolUse here: every payload is a PreToolUse.
 */
import { basename } from "../zones/paths.ts";
import {
  absolutePath,
  type AdaptedCall,
  asObject,
  InputError,
  jsonObject,
  mcpToolName,
  nonEmpty,
  type Obj,
  optStr,
  serverSlug,
  str,
} from "./payload.ts";

export const CURSOR_EVENTS = ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"];

/** The working directory: `cwd` when Cursor sends one, else the first workspace root. */
function cursorCwd(p: Obj): string {
  const cwd = optStr(p, "cwd");
  if (cwd) return absolutePath(cwd, "payload.cwd");
  const roots = p.workspace_roots;
  if (roots !== undefined && roots !== null) {
    if (!Array.isArray(roots)) throw new InputError("payload.workspace_roots must be an array");
    if (roots.length > 0) {
      if (typeof roots[0] !== "string") {
        throw new InputError("payload.workspace_roots[0] must be a string");
      }
      return absolutePath(roots[0], "payload.workspace_roots[0]");
    }
  }
  throw new InputError("payload has neither cwd nor workspace_roots");
}

/** Programs that start an MCP server named by their next argument (`npx -y @x/server-github`). */
const LAUNCHERS = new Set([
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pipx",
  "uv",
  "node",
  "deno",
  "bun",
  "python",
  "python3",
]);
const LAUNCHER_VERBS = new Set(["run", "x", "dlx", "exec", "tool"]);

/**
 * The server of a Cursor MCP call: the host of its URL, else the program its command starts
 * (the package after a launcher such as `npx`/`uvx`/`node`, without `@version`), reduced to
 * [A-Za-z0-9_.-]; "cursor" when nothing usable is left.
 */
export function cursorServer(url: string | null, command: string | null): string {
  if (url) {
    try {
      const s = serverSlug(new URL(url).hostname);
      if (s) return s;
    } catch { /* not a URL: try the command */ }
  }
  if (command) {
    const words = command.trim().split(/\s+/).filter((x) => x !== "");
    let k = 0;
    if (words.length > 1 && LAUNCHERS.has(basename(words[0]))) {
      k = 1;
      while (
        k < words.length - 1 && (words[k].startsWith("-") || LAUNCHER_VERBS.has(words[k]))
      ) k++;
      if (words[k]?.startsWith("-")) k = 0;
    }
    const w = words[k] ?? "";
    const s = serverSlug(basename(w).replace(/(.)@[^@/]*$/, "$1"));
    if (s) return s;
  }
  return "cursor";
}

/** A Cursor hook payload. */
export function cursorAdapter(payload: unknown): AdaptedCall {
  const p = asObject(payload, "payload");
  const event = str(p, "hook_event_name");
  if (!CURSOR_EVENTS.includes(event)) {
    throw new InputError(
      `unsupported Cursor hook event ${JSON.stringify(event)} (guard evaluate handles ${
        CURSOR_EVENTS.join(", ")
      })`,
    );
  }
  const cwd = cursorCwd(p);
  const session = optStr(p, "conversation_id") ?? "";
  const b = { agent: "cursor", cwd, session };
  switch (event) {
    case "beforeShellExecution": {
      const command = str(p, "command");
      return {
        event: "PreToolUse",
        call: { ...b, tool: "Shell", input: { command }, kind: "shell", command },
      };
    }
    case "beforeMCPExecution": {
      const name = nonEmpty(str(p, "tool_name"), "payload.tool_name");
      const args = jsonObject(p.tool_input, "payload.tool_input");
      const server = cursorServer(optStr(p, "url"), optStr(p, "command"));
      return {
        event: "PreToolUse",
        call: {
          ...b,
          tool: mcpToolName(server, name),
          input: args,
          kind: "mcp",
          server,
          name,
          args,
        },
      };
    }
    default: {
      // beforeReadFile; `content` (what Cursor is about to show the model) stays out of the
      // ToolCall, so it never reaches the audit log or a challenge file.
      const path = nonEmpty(str(p, "file_path"), "payload.file_path");
      optStr(p, "content");
      return {
        event: "PreToolUse",
        call: {
          ...b,
          tool: "Read",
          input: { file_path: path },
          kind: "file",
          op: "read",
          paths: [path],
          contents: [],
        },
      };
    }
  }
}
