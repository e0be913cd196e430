/**
 * How each real agent CLI is configured and run headless against the mock
 * model, and how its own tools are named: the only per-agent knowledge the
 * scenarios need. Every switch here was seen to work with the pinned version
 * (tests/e2e/agents.json); a version whose switches or tools changed fails
 * the suite with the mock's complaint ("the scripted tool … is not offered").
 */
import type { AgentId } from "./install_agents.ts";
import type { CaseDirs } from "./harness.ts";
import type { ScriptedCall } from "./mock_model.ts";
import { MOCK_URL } from "./run_case.ts";
import { guardEnv } from "../../scripts/guard_flags.ts";

export interface AgentCommand {
  argv: string[];
  /** `{URL}` is replaced by the mock model's address inside the sandbox. */
  env: Record<string, string>;
}

export interface Driver {
  agent: AgentId;
  /** What a user has configured before installing guard (provider, auth, telemetry off). */
  configure(c: CaseDirs): Promise<void>;
  /** One headless prompt in the project directory. `readDir` widens the agent's file access. */
  command(c: CaseDirs, bin: string, opts?: { readDir?: string }): AgentCommand;
  /** A call of the agent's shell tool. */
  shell(command: string): ScriptedCall;
  /** A call of the agent's own file-read tool (Codex has none: its shell). */
  read(path: string): ScriptedCall;
  /** Whether the agent calls PostToolUse (AfterTool) hooks that guard wires. */
  post: boolean;
}

const PROMPT = "Run the tool call you are given.";

/**
 * The environment every agent gets: nothing of the test runner's own but the Deno cache (a
 * user's shell profile would set DENO_DIR the same way; the MCP proxy, started by the agent,
 * needs it to find guard's packages offline).
 */
export function baseEnv(c: CaseDirs): Record<string, string> {
  return {
    HOME: c.home,
    PATH: "/usr/local/bin:/usr/bin:/bin",
    TMPDIR: c.tmp,
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    DENO_DIR: guardEnv(c.home).DENO_DIR,
  };
}

async function writeJson(path: string, v: unknown): Promise<void> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
  await Deno.writeTextFile(path, JSON.stringify(v, null, 2) + "\n");
}

export const claude: Driver = {
  agent: "claude",
  configure: async (c) => {
    await Deno.mkdir(`${c.home}/.claude`, { recursive: true, mode: 0o700 });
  },
  command: (c, bin, opts = {}) => ({
    argv: [
      bin,
      "-p",
      PROMPT,
      "--output-format",
      "json",
      "--allowedTools",
      "Bash,Read",
      ...(opts.readDir ? ["--add-dir", opts.readDir] : []),
    ],
    env: {
      ...baseEnv(c),
      ANTHROPIC_BASE_URL: "{URL}",
      ANTHROPIC_API_KEY: "sk-ant-e2e-mock",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
    },
  }),
  shell: (command) => ({ name: "Bash", input: { command } }),
  read: (path) => ({ name: "Read", input: { file_path: path } }),
  post: true,
};

export const gemini: Driver = {
  agent: "gemini",
  configure: async (c) => {
    await writeJson(`${c.home}/.gemini/settings.json`, {
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
    });
  },
  command: (c, bin, opts = {}) => ({
    argv: [
      bin,
      "-p",
      PROMPT,
      "--approval-mode",
      "yolo",
      "-m",
      "gemini-2.5-flash",
      ...(opts.readDir ? ["--include-directories", opts.readDir] : []),
    ],
    env: {
      ...baseEnv(c),
      GEMINI_API_KEY: "gemini-e2e-mock",
      GOOGLE_GEMINI_BASE_URL: "{URL}",
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GEMINI_CLI_NO_RELAUNCH: "true",
    },
  }),
  shell: (command) => ({ name: "run_shell_command", input: { command } }),
  read: (path) => ({ name: "read_file", input: { file_path: path } }),
  post: true,
};

export const copilot: Driver = {
  agent: "copilot",
  configure: async (c) => {
    await Deno.mkdir(`${c.home}/.copilot`, { recursive: true, mode: 0o700 });
  },
  command: (c, bin) => ({
    argv: [
      bin,
      "-p",
      PROMPT,
      "--allow-all-tools",
      "--allow-all-paths",
      "--no-auto-update",
      "--disable-client-telemetry",
      "--no-custom-instructions",
    ],
    env: {
      ...baseEnv(c),
      COPILOT_OFFLINE: "true",
      COPILOT_AUTO_UPDATE: "false",
      COPILOT_PROVIDER_BASE_URL: "{URL}/v1",
      COPILOT_PROVIDER_API_KEY: "copilot-e2e-mock",
      COPILOT_MODEL: "mock-model",
      // The CLI unpacks its own package on first run: once per machine, not once per home.
      COPILOT_PKG_CACHE_HOME: `${bin.slice(0, bin.indexOf("/node_modules/"))}/copilot-pkg`,
    },
  }),
  shell: (command) => ({ name: "bash", input: { command, description: "e2e" } }),
  read: (path) => ({ name: "view", input: { path } }),
  post: true,
};

export const codex: Driver = {
  agent: "codex",
  configure: async (c) => {
    await Deno.mkdir(`${c.home}/.codex`, { recursive: true, mode: 0o700 });
    await Deno.writeTextFile(
      `${c.home}/.codex/config.toml`,
      [
        'model = "gpt-5.5"',
        'model_provider = "mock"',
        "",
        "[model_providers.mock]",
        'name = "mock"',
        `base_url = "${MOCK_URL}/v1"`,
        'wire_api = "responses"',
        "",
        "[analytics]",
        "enabled = false",
        "",
        "[features]",
        "plugins = false",
        "",
      ].join("\n"),
    );
  },
  command: (c, bin) => ({
    argv: [bin, "exec", "--skip-git-repo-check", "-s", "danger-full-access", PROMPT],
    env: baseEnv(c),
  }),
  // The model calls `exec_command {cmd}`; Codex's hooks see it as `Bash {command}`.
  shell: (command) => ({ name: "exec_command", input: { cmd: command } }),
  // Codex has no file-read tool of its own: it reads with its shell.
  read: (path) => ({ name: "exec_command", input: { cmd: `cat ${path}` } }),
  post: true,
};

export const DRIVERS: Record<AgentId, Driver> = { claude, codex, gemini, copilot };
