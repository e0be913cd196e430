/**
 * Kimi adapter, for both of Moonshot's CLIs. Payloads look like Claude Code's
 * (`tool_call_id` instead of `tool_use_id`); the tools differ by product:
 * - kimi-cli (Python, `~/.kimi`): `Shell {command}`, `ReadFile {path}`,
 *   `WriteFile {path, content}`, `StrReplaceFile {path, edit: {old, new} | [...]}`,
 *   `Glob`, `Grep`, `FetchURL {url}`, `SearchWeb {query}`;
 * - Kimi Code (TypeScript, `~/.kimi-code`): `Bash {command, cwd?}`, `Read {path}`,
 *   `Write {path, content}`, `Edit {path, old_string, new_string}`.
 * PreToolUse is deny-only in both: an ask is delivered as exit 2 carrying the challenge.
 */
import type { ToolCall } from "../core/types.ts";
import { claudeToolCall } from "./claude.ts";
import {
  envelope,
  globPaths,
  InputError,
  type Obj,
  optStr,
  resolveDir,
  searchPaths,
  str,
} from "./payload.ts";

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
      return {
        ...b,
        kind: "file",
        op: "list",
        paths: globPaths(
          optStr(i, "directory", "tool_input") ?? e.cwd,
          str(i, "pattern", "tool_input"),
        ),
        contents: [],
      };
    case "Grep": {
      const pattern = str(i, "pattern", "tool_input");
      const dir = optStr(i, "path", "tool_input") ?? e.cwd;
      const glob = optStr(i, "glob", "tool_input");
      const lines = i.output_mode === "content" ? { pattern, ignoreCase: i["-i"] === true } : null;
      return {
        ...b,
        kind: "file",
        op: "search",
        paths: searchPaths(dir, e.cwd, glob, lines),
        contents: [],
      };
    }
    case "Bash": {
      // Kimi Code runs the command in `cwd` when given: relative paths mean that directory.
      const dir = optStr(i, "cwd", "tool_input");
      const cwd = dir === null ? e.cwd : resolveDir(dir, e.cwd, "tool_input.cwd");
      return { ...b, cwd, kind: "shell", command: str(i, "command", "tool_input") };
    }
    case "Read":
    case "Write":
    case "Edit":
      if (!("path" in i)) break; // Claude-style names and inputs: handled below
      return {
        ...b,
        kind: "file",
        op: e.tool === "Read" ? "read" : "write",
        paths: [str(i, "path", "tool_input")],
        contents: e.tool === "Read"
          ? []
          : [str(i, e.tool === "Write" ? "content" : "new_string", "tool_input")],
      };
    case "FetchURL":
      return { ...b, kind: "web", url: str(i, "url", "tool_input"), query: null };
    case "SearchWeb":
      return { ...b, kind: "web", url: null, query: str(i, "query", "tool_input") };
  }
  // Kimi also exposes MCP tools and may share Claude-style names.
  return claudeToolCall(e, "kimi");
}
