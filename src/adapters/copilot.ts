/**
 * GitHub Copilot CLI adapter. `preToolUse` payloads are `{timestamp, cwd,
 * toolName, toolArgs}` with `toolArgs` a JSON string; `postToolUse` adds
 * `toolResult`. Copilot sends no session id (one is used when present).
 * Tools: `bash`/`shell {command}`, `view`/`read {path}`, `create {path,
 * file_text}`, `edit`/`str_replace {path, new_str}`, `str_replace_editor
 * {command, path, …}`, `web_fetch {url}`; MCP tools are `mcp__srv__tool`,
 * `srv/tool` or (Copilot CLI's own naming) `srv-tool`, and are named
 * `mcp__<server>__<tool>` in the ToolCall.
 */
import type { ToolCall } from "../core/types.ts";
import {
  absolutePath,
  type AdaptedCall,
  asObject,
  InputError,
  jsonObject,
  mcpParts,
  mcpToolName,
  nonEmpty,
  type Obj,
  optStr,
  someStrs,
  str,
} from "./payload.ts";

const NEW_TEXT = ["new_str", "new_string"];

type Base = { agent: string; tool: string; cwd: string; session: string; input: unknown };

function write(b: Base, path: string, contents: string[]): ToolCall {
  return { ...b, kind: "file", op: "write", paths: [path], contents };
}

/** Maps a Copilot tool name and its decoded arguments into a ToolCall. */
export function copilotToolCall(
  tool: string,
  i: Obj,
  cwd: string,
  session: string,
): ToolCall {
  const b = { agent: "copilot", tool, cwd, session, input: i };
  const w = "toolArgs";
  switch (tool) {
    case "bash":
    case "shell":
      return { ...b, kind: "shell", command: str(i, "command", w) };
    case "view":
    case "read":
      return { ...b, kind: "file", op: "read", paths: [str(i, "path", w)], contents: [] };
    case "create":
      return write(b, str(i, "path", w), someStrs(i, ["file_text", "content"], w));
    case "edit":
    case "str_replace":
      return write(b, str(i, "path", w), someStrs(i, NEW_TEXT, w));
    case "str_replace_editor": {
      // Anthropic's text editor tool: one tool, the action in `command`.
      const path = str(i, "path", w);
      const action = optStr(i, "command", w);
      if (action === "view") return { ...b, kind: "file", op: "read", paths: [path], contents: [] };
      if (action === "create") return write(b, path, someStrs(i, ["file_text", "content"], w));
      if (action === "undo_edit") return write(b, path, [""]);
      return write(b, path, someStrs(i, NEW_TEXT, w));
    }
    case "web_fetch":
      return { ...b, kind: "web", url: str(i, "url", w), query: null };
  }
  if (tool.startsWith("mcp__")) return { ...b, kind: "mcp", ...mcpParts(tool), args: i };
  const slash = tool.indexOf("/");
  if (slash >= 0) {
    const server = tool.slice(0, slash);
    const name = tool.slice(slash + 1);
    return { ...b, tool: mcpToolName(server, name), kind: "mcp", server, name, args: i };
  }
  // Copilot CLI names an MCP tool `<server>-<tool>` (its own tools have no hyphen): split at the
  // first hyphen, so the hook judges the call `guard proxy --name <server>` judges (a server name
  // with a hyphen cannot be told apart; guard mcp wrap says so).
  const dash = tool.indexOf("-");
  if (dash > 0 && dash < tool.length - 1) {
    const server = tool.slice(0, dash);
    const name = tool.slice(dash + 1);
    return { ...b, tool: mcpToolName(server, name), kind: "mcp", server, name, args: i };
  }
  return { ...b, kind: "other" };
}

/** A Copilot CLI hook payload (preToolUse, or postToolUse when `toolResult` is present). */
export function copilotAdapter(payload: unknown): AdaptedCall {
  const p = asObject(payload, "payload");
  const tool = nonEmpty(str(p, "toolName"), "payload.toolName");
  const args = jsonObject(p.toolArgs, "payload.toolArgs");
  const cwd = absolutePath(str(p, "cwd"), "payload.cwd");
  const session = optStr(p, "sessionId") ?? optStr(p, "session_id") ?? "";
  const call = copilotToolCall(tool, args, cwd, session);
  if (!("toolResult" in p)) return { event: "PreToolUse", call };
  if (p.toolResult === undefined || p.toolResult === null) {
    throw new InputError("postToolUse payload has no toolResult");
  }
  return { event: "PostToolUse", call, response: p.toolResult };
}
