/** Each adapter maps its agent's payloads into the one ToolCall shape, and rejects bad ones. */
import assert from "node:assert/strict";
import { patchTargets } from "../src/adapters/claude.ts";
import { InputError } from "../src/adapters/payload.ts";
import { adapt, detectAgent } from "../src/adapters/registry.ts";

const env = (tool: string, input: unknown, extra: Record<string, unknown> = {}) => ({
  session_id: "s",
  cwd: "/w",
  hook_event_name: "PreToolUse",
  tool_name: tool,
  tool_input: input,
  ...extra,
});

/** [agent, tool, input, expected subset of the ToolCall]. */
const MAPPINGS: [string | null, string, unknown, Record<string, unknown>][] = [
  ["claude", "Bash", { command: "ls", description: "list" }, { kind: "shell", command: "ls" }],
  ["claude", "Read", { file_path: "/w/a" }, { kind: "file", op: "read", paths: ["/w/a"] }],
  ["claude", "Write", { file_path: "/w/a", content: "x" }, {
    kind: "file",
    op: "write",
    paths: ["/w/a"],
    contents: ["x"],
  }],
  ["claude", "Edit", { file_path: "/w/a", old_string: "a", new_string: "b" }, {
    kind: "file",
    op: "write",
    contents: ["b"],
  }],
  ["claude", "MultiEdit", {
    file_path: "/w/a",
    edits: [{ old_string: "a", new_string: "b" }, { old_string: "c", new_string: "d" }],
  }, { kind: "file", contents: ["b", "d"] }],
  ["claude", "NotebookEdit", { notebook_path: "/w/n.ipynb", new_source: "print(1)" }, {
    kind: "file",
    op: "write",
    paths: ["/w/n.ipynb"],
  }],
  ["claude", "Glob", { pattern: "**/*.ts" }, {
    kind: "file",
    op: "list",
    paths: ["/w", "/w/**/*.ts"],
  }],
  ["claude", "Glob", { path: "/home/u", pattern: "**/totp-secret" }, {
    kind: "file",
    op: "list",
    paths: ["/home/u", "/home/u/**/totp-secret"],
  }],
  ["claude", "Glob", { pattern: "/home/u/.aiguard/*" }, {
    kind: "file",
    op: "list",
    paths: ["/w", "/home/u/.aiguard/*"],
  }],
  ["claude", "Grep", { pattern: "x", path: "/w/src" }, {
    kind: "file",
    op: "search",
    paths: ["/w/src"],
  }],
  ["claude", "WebFetch", { url: "https://e.com", prompt: "p" }, {
    kind: "web",
    url: "https://e.com",
    query: null,
  }],
  ["claude", "WebSearch", { query: "deno" }, { kind: "web", url: null, query: "deno" }],
  ["claude", "mcp__github__create_issue", { title: "t" }, {
    kind: "mcp",
    server: "github",
    name: "create_issue",
  }],
  ["claude", "TodoWrite", { todos: [] }, { kind: "other" }],
  ["codex", "Bash", { command: ["git", "status"] }, {
    kind: "shell",
    command: "git status",
    agent: "codex",
  }],
  ["codex", "Bash", { command: ["bash", "-lc", "echo 'a b'"] }, {
    kind: "shell",
    command: "bash -lc 'echo '\\''a b'\\'''",
  }],
  [
    "codex",
    "apply_patch",
    { input: "*** Begin Patch\n*** Add File: src/x.ts\n+hi\n*** End Patch" },
    { kind: "file", op: "write", paths: ["src/x.ts"] },
  ],
  ["kimi", "Shell", { command: "ls" }, { kind: "shell", command: "ls", agent: "kimi" }],
  ["kimi", "ReadFile", { path: "/w/a" }, { kind: "file", op: "read", paths: ["/w/a"] }],
  ["kimi", "WriteFile", { path: "/w/a", content: "x", mode: "overwrite" }, {
    kind: "file",
    op: "write",
    contents: ["x"],
  }],
  ["kimi", "StrReplaceFile", { path: "/w/a", edit: { old: "a", new: "b" } }, {
    kind: "file",
    contents: ["b"],
  }],
  ["kimi", "StrReplaceFile", {
    path: "/w/a",
    edit: [{ old: "a", new: "b" }, { old: "c", new: "d" }],
  }, { kind: "file", contents: ["b", "d"] }],
  ["kimi", "Glob", { pattern: "*.py", directory: "/w/src" }, {
    kind: "file",
    op: "list",
    paths: ["/w/src", "/w/src/*.py"],
  }],
  ["kimi", "FetchURL", { url: "https://e.com" }, { kind: "web", url: "https://e.com" }],
  ["kimi", "SearchWeb", { query: "q" }, { kind: "web", query: "q" }],
  ["kimi", "SetTodoList", { todos: [] }, { kind: "other", agent: "kimi" }],
  // Kimi Code (the TypeScript successor): Claude-like names with `path`.
  ["kimi", "Bash", { command: "ls", timeout: 5 }, { kind: "shell", command: "ls" }],
  ["kimi", "Read", { path: "/w/a", line_offset: 1 }, { kind: "file", op: "read", paths: ["/w/a"] }],
  ["kimi", "Write", { path: "/w/a", content: "x", mode: "append" }, {
    kind: "file",
    op: "write",
    paths: ["/w/a"],
    contents: ["x"],
  }],
  ["kimi", "Edit", { path: "/w/a", old_string: "a", new_string: "b" }, {
    kind: "file",
    op: "write",
    paths: ["/w/a"],
    contents: ["b"],
  }],
  ["kimi", "Read", { file_path: "/w/b" }, { kind: "file", op: "read", paths: ["/w/b"] }],
];

Deno.test("Kimi Code's Bash runs in its own cwd: relative paths are judged against it", () => {
  for (
    const [dir, want] of [["/srv/app", "/srv/app"], ["sub", "/w/sub"], ["..", "/"]] as const
  ) {
    const { call } = adapt(env("Bash", { command: "ls", cwd: dir }, { tool_call_id: "c" }), null);
    assert.equal(call.cwd, want, dir);
  }
  assert.throws(
    () => adapt(env("Bash", { command: "ls", cwd: 7 }, { tool_call_id: "c" }), null),
    InputError,
  );
});

Deno.test("adapters map payloads into ToolCalls", () => {
  for (const [agent, tool, input, want] of MAPPINGS) {
    const { call } = adapt(env(tool, input), agent as "claude" | "codex" | "kimi");
    for (const [k, v] of Object.entries(want)) {
      assert.deepEqual((call as unknown as Record<string, unknown>)[k], v, `${agent} ${tool}.${k}`);
    }
    assert.equal(call.cwd, "/w");
    assert.equal(call.session, "s");
  }
});

Deno.test("agent detection from payload shape", () => {
  assert.equal(detectAgent(env("Shell", {}, { tool_call_id: "c" })), "kimi");
  assert.equal(detectAgent(env("Bash", {}, { turn_id: "t" })), "codex");
  assert.equal(detectAgent(env("Bash", {})), "claude");
});

/** Payloads every adapter must reject. */
const BAD: [string, unknown][] = [
  ["null", null],
  ["array", []],
  ["no tool_input", { hook_event_name: "PreToolUse", tool_name: "Bash", cwd: "/w" }],
  ["tool_input array", env("Bash", ["ls"])],
  ["empty tool_name", env("", {})],
  ["numeric command", env("Bash", { command: 1 })],
  ["empty argv command", env("Bash", { command: [] })],
  ["relative cwd", { ...env("Bash", { command: "ls" }), cwd: "w" }],
  ["NUL in cwd", { ...env("Bash", { command: "ls" }), cwd: "/w\0x" }],
  ["cwd missing", { ...env("Bash", { command: "ls" }), cwd: undefined }],
  ["session_id not string", { ...env("Bash", { command: "ls" }), session_id: 7 }],
  ["PostToolUse", { ...env("Bash", { command: "ls" }), hook_event_name: "PostToolUse" }],
  ["Write without content", env("Write", { file_path: "/w/a" })],
  ["MultiEdit edit not object", env("MultiEdit", { file_path: "/w/a", edits: [1] })],
  ["apply_patch without text", env("apply_patch", { foo: 1 })],
  ["apply_patch naming no file", env("apply_patch", { input: "nothing" })],
  ["Kimi StrReplaceFile without new", {
    ...env("StrReplaceFile", { path: "/w/a", edit: { old: "a" } }),
    tool_call_id: "c",
  }],
];

Deno.test("malformed payloads raise InputError (fail closed)", () => {
  for (const [name, p] of BAD) {
    assert.throws(() => adapt(p, null), InputError, name);
  }
});

Deno.test("apply_patch targets: add/update/delete/move and unified diff headers", () => {
  const t = patchTargets(
    "*** Begin Patch\n*** Update File: a.ts\n@@\n-x\n+y\n*** Delete File: b.ts\n*** Add File: c.ts\n+new\n*** Move to: d.ts\n*** End Patch",
  );
  assert.deepEqual(t.paths, ["a.ts", "b.ts", "c.ts", "d.ts"]);
  assert.deepEqual(t.added, ["y\nnew"]);
  assert.deepEqual(patchTargets("--- a/x.ts\n+++ b/x.ts\n@@\n+z").paths, ["x.ts"]);
});
