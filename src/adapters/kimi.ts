/**
 * Kimi Code CLI adapter. Payloads look like Claude Code's; the tool names and
 * inputs differ (`Shell {command}`, `ReadFile {path}`, `WriteFile {path,
 * content}`, `StrReplaceFile {path, edit: {old, new} | [...]}`, `Glob`, `Grep`,
 * `FetchURL {url}`, `SearchWeb {query}`). Kimi's PreToolUse is deny-only: an
 * ask is delivered as exit 2 carrying the challenge.
 */
import type { ToolCall } from "../core/types.ts";
import { claudeToolCall } from "./claude.ts";
import { envelope, InputError, type Obj, optStr, str } from "./payload.ts";

export function kimiAdapter(payload: unknown): ToolCall {
  const e = envelope(payload);
  const b = { agent: "kimi", tool: e.tool, cwd: e.cwd, session: e.session, input: e.input };
  const i = e.input;
  switch (e.tool) {
    case "Shell":
      return { ...b, kind: "shell", command: str(i, "command", "tool_input") };
    case "ReadFile":
    case "ReadMediaFile":
      return {
        ...b,
        kind: "file",
        op: "read",
        paths: [str(i, "path", "tool_input")],
        contents: [],
      };
    case "WriteFile":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "path", "tool_input")],
        contents: [str(i, "content", "tool_input")],
      };
    case "StrReplaceFile": {
      const edit = i.edit;
      const edits = Array.isArray(edit) ? edit : [edit];
      const contents = edits.map((ed, k) => {
        if (!ed || typeof ed !== "object") {
          throw new InputError(`tool_input.edit[${k}] must be an object`);
        }
        return str(ed as Obj, "new", `tool_input.edit[${k}]`);
      });
      return { ...b, kind: "file", op: "write", paths: [str(i, "path", "tool_input")], contents };
    }
    case "PatchFile":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "path", "tool_input")],
        contents: [optStr(i, "diff", "tool_input") ?? ""],
      };
    case "Glob":
      str(i, "pattern", "tool_input");
      return {
        ...b,
        kind: "file",
        op: "list",
        paths: [optStr(i, "directory", "tool_input") ?? e.cwd],
        contents: [],
      };
    case "Grep":
      str(i, "pattern", "tool_input");
      return {
        ...b,
        kind: "file",
        op: "search",
        paths: [optStr(i, "path", "tool_input") ?? e.cwd],
        contents: [],
      };
    case "FetchURL":
      return { ...b, kind: "web", url: str(i, "url", "tool_input"), query: null };
    case "SearchWeb":
      return { ...b, kind: "web", url: null, query: str(i, "query", "tool_input") };
  }
  // Kimi also exposes MCP tools and may share Claude-style names.
  return claudeToolCall(e, "kimi");
}
