/**
 * Claude Code adapter (also used for OpenAI Codex CLI, which speaks the same
 * wire format with `apply_patch` as its edit tool and `turn_id` added).
 *
 * PreToolUse payload → ToolCall. Exit code 0 lets the call run; exit code 2
 * stops it and shows stderr to the model (blocks and asks alike: approval is
 * out of band).
 */
import type { ToolCall } from "../core/types.ts";
import {
  type Envelope,
  envelope,
  globPaths,
  InputError,
  mcpParts,
  type Obj,
  optStr,
  searchPaths,
  str,
} from "./payload.ts";

function base(agent: string, e: Envelope) {
  return { agent, tool: e.tool, cwd: e.cwd, session: e.session, input: e.input };
}

/** Files an `apply_patch` patch touches, and the lines it adds. */
export function patchTargets(patch: string): { paths: string[]; added: string[] } {
  const paths: string[] = [];
  const added: string[] = [];
  for (const line of patch.split("\n")) {
    const m = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/.exec(line) ??
      /^\*\*\* Move to: (.+)$/.exec(line) ??
      /^(?:\+\+\+|---) (?:[ab]\/)?(.+)$/.exec(line);
    if (m) {
      const p = m[1].trim();
      if (p !== "/dev/null" && !paths.includes(p)) paths.push(p);
    } else if (line.startsWith("+") && !line.startsWith("+++")) added.push(line.slice(1));
  }
  return { paths, added: added.length ? [added.join("\n")] : [] };
}

function shellCommand(input: Obj): string {
  const c = input.command;
  if (typeof c === "string") return c;
  // Codex may send argv arrays; quote each word for the shell analysis.
  if (Array.isArray(c) && c.length > 0 && c.every((x) => typeof x === "string")) {
    const words = c as string[];
    return words.map((
      w,
    ) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
  }
  throw new InputError("tool_input.command must be a string");
}

/** Maps a Claude-Code-shaped envelope into a ToolCall. */
export function claudeToolCall(e: Envelope, agent = "claude"): ToolCall {
  const b = base(agent, e);
  const i = e.input;
  switch (e.tool) {
    case "Bash":
    case "shell":
    case "local_shell":
      return { ...b, kind: "shell", command: shellCommand(i) };
    case "Read":
      return {
        ...b,
        kind: "file",
        op: "read",
        paths: [str(i, "file_path", "tool_input")],
        contents: [],
      };
    case "NotebookRead":
      return {
        ...b,
        kind: "file",
        op: "read",
        paths: [str(i, "notebook_path", "tool_input")],
        contents: [],
      };
    case "Write":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "file_path", "tool_input")],
        contents: [str(i, "content", "tool_input")],
      };
    case "Edit":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "file_path", "tool_input")],
        contents: [str(i, "new_string", "tool_input")],
      };
    case "MultiEdit": {
      const edits = i.edits;
      if (!Array.isArray(edits)) throw new InputError("tool_input.edits must be an array");
      const contents = edits.map((ed, k) => {
        if (!ed || typeof ed !== "object") {
          throw new InputError(`tool_input.edits[${k}] must be an object`);
        }
        return str(ed as Obj, "new_string", `tool_input.edits[${k}]`);
      });
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "file_path", "tool_input")],
        contents,
      };
    }
    case "NotebookEdit":
      return {
        ...b,
        kind: "file",
        op: "write",
        paths: [str(i, "notebook_path", "tool_input")],
        contents: [optStr(i, "new_source", "tool_input") ?? ""],
      };
    case "Glob": {
      const paths = globPaths(
        optStr(i, "path", "tool_input") ?? e.cwd,
        str(i, "pattern", "tool_input"),
      );
      return { ...b, kind: "file", op: "list", paths, contents: [] };
    }
    case "LS":
      return {
        ...b,
        kind: "file",
        op: "list",
        paths: [str(i, "path", "tool_input")],
        contents: [],
      };
    case "Grep": {
      const pattern = str(i, "pattern", "tool_input");
      // `glob` picks the files searched (`.env*`, `**/*.pem`), and a search printing lines
      // (`output_mode: "content"`) returns what they hold: judged as the paths it reaches.
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
    case "WebFetch":
      return { ...b, kind: "web", url: str(i, "url", "tool_input"), query: null };
    case "WebSearch":
      return { ...b, kind: "web", url: null, query: str(i, "query", "tool_input") };
    case "apply_patch":
    case "ApplyPatch": {
      const text = typeof i.input === "string"
        ? i.input
        : typeof i.patch === "string"
        ? i.patch
        : typeof i.command === "string"
        ? i.command
        : null;
      if (text === null) {
        throw new InputError("tool_input of apply_patch must carry the patch text");
      }
      const t = patchTargets(text);
      if (t.paths.length === 0) throw new InputError("apply_patch names no file");
      return { ...b, kind: "file", op: "write", paths: t.paths, contents: [text] };
    }
  }
  if (e.tool.startsWith("mcp__")) return { ...b, kind: "mcp", ...mcpParts(e.tool), args: i };
  return { ...b, kind: "other" };
}

export function claudeAdapter(payload: unknown, agent = "claude"): ToolCall {
  return claudeToolCall(envelope(payload), agent);
}
