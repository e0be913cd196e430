/**
 * The residue classes through each agent's own payload (issue 22, item 3): every field of every
 * web tool is read for destinations in any spelling, and a search tool's file glob is judged as
 * the paths it reaches. Payload → adapter → engine, table-driven, with controls.
 */
import assert from "node:assert/strict";
import { adapt, type AgentName } from "../src/adapters/registry.ts";
import { decideCall } from "./harness.ts";

type Obj = Record<string, unknown>;

const P = "/home/user/project";

function claudeLike(tool: string, input: Obj): Obj {
  return {
    session_id: "s",
    transcript_path: "/tmp/t.json",
    cwd: P,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  };
}

function gemini(tool: string, input: Obj): Obj {
  return {
    session_id: "g",
    transcript_path: "/tmp/t.json",
    cwd: P,
    hook_event_name: "BeforeTool",
    timestamp: "2026-01-01T00:00:00Z",
    tool_name: tool,
    tool_input: input,
  };
}

function copilot(tool: string, args: Obj): Obj {
  return { timestamp: 1767225600000, cwd: P, toolName: tool, toolArgs: JSON.stringify(args) };
}

/** [agent, payload, expected action, expected rule (or null for any)]. */
const CASES: [AgentName, Obj, "allow" | "ask" | "block", string | null][] = [
  // ── Claude Code: WebFetch {url, prompt}, WebSearch {query, allowed_domains} ──
  [
    "claude",
    claudeLike("WebFetch", { url: "http://a9fea9fe.nip.io/", prompt: "x" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "claude",
    claudeLike("WebFetch", {
      url: "https://example.com/",
      prompt: "then fetch hxxp://169[.]254[.]169[.]254/latest/meta-data",
    }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "claude",
    claudeLike("WebFetch", {
      url: "https://example.com/",
      prompt: "and HTTP:\\\\0xA9FEA9FE\\latest",
    }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "claude",
    claudeLike("WebFetch", {
      url: "https://example.com/",
      prompt: "also read 10.0.0.7:8080/admin",
    }),
    "ask",
    "net.private-host",
  ],
  [
    "claude",
    claudeLike("WebFetch", { url: "https://docs.deno.com/", prompt: "summarise" }),
    "allow",
    null,
  ],
  [
    "claude",
    claudeLike("WebSearch", { query: "see http://[::ffff:169.254.169.254]/" }),
    "block",
    "net.cloud-metadata",
  ],
  ["claude", claudeLike("WebSearch", { query: "what is 169.254.169.254" }), "allow", null],
  [
    "claude",
    claudeLike("WebSearch", { query: "deno", allowed_domains: ["docs.deno.com"] }),
    "allow",
    null,
  ],
  // ── Codex: Claude's wire format ──
  [
    "codex",
    claudeLike("WebFetch", { url: "https://e.com", prompt: "//169.254.169.254/x" }),
    "block",
    "net.cloud-metadata",
  ],
  // ── Kimi Code: FetchURL {url}, SearchWeb {query} ──
  [
    "kimi",
    claudeLike("FetchURL", { url: "http://169-254-169-254.sslip.io/" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "kimi",
    claudeLike("SearchWeb", { query: "http://fd00-ec2--254.sslip.io/latest" }),
    "block",
    "net.cloud-metadata",
  ],
  ["kimi", claudeLike("FetchURL", { url: "https://example.com/" }), "allow", null],
  // ── Gemini CLI: web_fetch {prompt} (the URLs are the prompt's), google_web_search {query} ──
  [
    "gemini",
    gemini("web_fetch", { prompt: "Summarise http://0xA9FEA9FE/latest please" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "compare https://e.com/a and HTTP://169.254.169.254.NIP.IO/b" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "read http:\\\\169.254.169.254\\latest" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "fetch 169.254.169.254/latest/meta-data now" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "get http://%31%36%39.254.169.254/" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "get http://169。254。169。254/" }),
    "block",
    "net.cloud-metadata",
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "get http://user@169.254.169.254/" }),
    "block",
    "net.cloud-metadata",
  ],
  ["gemini", gemini("web_fetch", { prompt: "get http://192.168.0.1/" }), "ask", "net.private-host"],
  [
    "gemini",
    gemini("web_fetch", { prompt: "Summarise https://example.com/a, please." }),
    "allow",
    null,
  ],
  [
    "gemini",
    gemini("web_fetch", { prompt: "list the 10.0.1 changes at https://github.com/o/r" }),
    "allow",
    null,
  ],
  [
    "gemini",
    gemini("google_web_search", { query: "http://169.254.169.254/latest" }),
    "block",
    "net.cloud-metadata",
  ],
  ["gemini", gemini("google_web_search", { query: "deno fmt" }), "allow", null],
  // ── Copilot CLI: web_fetch {url} ──
  [
    "copilot",
    copilot("web_fetch", { url: "http://169.254.169.254.nip.io/" }),
    "block",
    "net.cloud-metadata",
  ],
  ["copilot", copilot("web_fetch", { url: "https://example.com/" }), "allow", null],
  // ── Search tools: a file glob that names credential files reads them ──
  [
    "claude",
    claudeLike("Grep", { pattern: "KEY", path: P, glob: ".env*" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: ".", glob: "**/*.pem" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: "x", path: P, glob: "**/credentials.json" }),
    "ask",
    "secrets.credential-access",
  ],
  ["claude", claudeLike("Grep", { pattern: "TODO", path: P, glob: "*.ts" }), "allow", null],
  ["claude", claudeLike("Grep", { pattern: "TODO", path: P }), "allow", null],
  [
    "kimi",
    claudeLike("Grep", { pattern: "KEY", path: P, glob: "*.env" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "gemini",
    gemini("grep_search", { pattern: "KEY", dir_path: P, include: "**/.env*" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "gemini",
    gemini("search_file_content", { pattern: "KEY", include: "*.key" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "gemini",
    gemini("grep_search", { pattern: "TODO", dir_path: P, include: "*.ts" }),
    "allow",
    null,
  ],
  // ── Search tools printing matching lines of the workspace: judged by the pattern ──
  [
    "claude",
    claudeLike("Grep", { pattern: "API_KEY", output_mode: "content" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: "password", path: P, output_mode: "content" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: "secret", "-i": true, output_mode: "content" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: ".", output_mode: "content", glob: "*" }),
    "ask",
    "secrets.credential-access",
  ],
  ["claude", claudeLike("Grep", { pattern: "API_KEY" }), "allow", null],
  ["claude", claudeLike("Grep", { pattern: "API_KEY", output_mode: "count" }), "allow", null],
  ["claude", claudeLike("Grep", { pattern: "useEffect", output_mode: "content" }), "allow", null],
  [
    "claude",
    claudeLike("Grep", { pattern: "password", path: `${P}/src`, output_mode: "content" }),
    "allow",
    null,
  ],
  [
    "claude",
    claudeLike("Grep", { pattern: "password", output_mode: "content", glob: "*.ts" }),
    "allow",
    null,
  ],
  [
    "kimi",
    claudeLike("Grep", { pattern: "TOKEN|SECRET", output_mode: "content" }),
    "ask",
    "secrets.credential-access",
  ],
  ["gemini", gemini("grep_search", { pattern: "api_key" }), "ask", "secrets.credential-access"],
  ["gemini", gemini("grep_search", { pattern: "useEffect" }), "allow", null],
  ["gemini", gemini("grep_search", { pattern: "api_key", dir_path: `${P}/src` }), "allow", null],
  // ── A file tool reading another process's or another thread's environment ──
  [
    "claude",
    claudeLike("Read", { file_path: "/proc/self/task/12/environ" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "gemini",
    gemini("read_file", { absolute_path: "/proc/1/task/1/environ" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "copilot",
    copilot("view", { path: "/proc/thread-self/environ" }),
    "ask",
    "secrets.credential-access",
  ],
  [
    "kimi",
    claudeLike("ReadFile", { path: "/proc/1/root/home/user/.aws/credentials" }),
    "ask",
    "secrets.credential-access",
  ],
  ["claude", claudeLike("Read", { file_path: "/proc/self/status" }), "allow", null],
];

Deno.test("residue: web fields, search globs and environments through every agent's payload", () => {
  const wrong: string[] = [];
  for (const [agent, payload, action, rule] of CASES) {
    const { call } = adapt(payload, agent);
    const d = decideCall(call).decision;
    if (d.action !== action || (rule !== null && d.rule !== rule)) {
      wrong.push(
        `${agent} ${JSON.stringify(payload.tool_input ?? payload.toolArgs)}: ` +
          `want ${action} ${rule ?? ""}, got ${d.action} ${d.rule}`,
      );
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("residue: the agent table has blocks, asks and allows for each class", () => {
  for (const a of ["allow", "ask", "block"]) assert.ok(CASES.some((c) => c[2] === a), a);
  assert.ok(CASES.length >= 40, `${CASES.length}`);
});
