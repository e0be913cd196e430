/**
 * In-process test harness: the real engine with tree-sitter loaded, a fixed
 * home (/home/user), state dir, guard install path and an optional policy.
 */
import { type EngineContext, evaluate } from "../src/policy/engine.ts";
import { type CompiledPolicy, compilePolicy, EMPTY_POLICY } from "../src/policy/user_policy.ts";
import type { ToolCall } from "../src/core/types.ts";
import type { Evaluation } from "../src/policy/evaluation.ts";
import { makeShellParser } from "../src/shell/parse/parser.ts";
import { loadTreeSitter, parseWithTreeSitter } from "../src/shell/parse/tree_sitter.ts";
import { loadGrammar } from "../src/shell/inline/grammars.ts";
import "../src/flow/mcp_capabilities.ts";
import { expand } from "brace-expansion";
import { parse as parseToml } from "smol-toml";

export const HOME = "/home/user";
export const STATE = "/home/user/.aiguard";
export const GUARD_INSTALL = "/opt/guard";
export const CWD = "/home/user/project";

await loadTreeSitter();
await loadGrammar("python", 5000);
await loadGrammar("javascript", 5000);
await loadGrammar("typescript", 5000);
await loadGrammar("scripts");

export function policyFrom(toml: string, secretIds: Set<string> | null = null): CompiledPolicy {
  return compilePolicy(
    parseToml(toml) as Record<string, unknown>,
    "/home/user/.aiguard/policy.toml",
    toml,
    secretIds,
  );
}

export function context(policy: CompiledPolicy = EMPTY_POLICY, fastPath = true): EngineContext {
  return {
    home: HOME,
    stateDir: STATE,
    // As the CLI protects them: the install, the deno that runs it, and deno's cache.
    guardPaths: [GUARD_INSTALL, `${HOME}/.deno/bin/deno`, `${HOME}/.cache/deno`],
    policy,
    // A generous parse budget: the 60 ms production budget is a limit on stalls, not meaning, and
    // under a loaded CI machine it would make a large input's decision depend on timing.
    parser: makeShellParser(
      (s) => parseWithTreeSitter(s, performance.now() + 5000, 5000),
      { fastPath },
    ),
    brace: (s: string) => expand(s, { max: 1000 }),
  };
}

const DEFAULT_CTX = context();

export function shellCall(command: string, cwd = CWD): ToolCall {
  return {
    kind: "shell",
    agent: "test",
    tool: "Bash",
    cwd,
    session: "t",
    input: { command },
    command,
  };
}

export function decide(
  command: string,
  opts: { cwd?: string; policy?: CompiledPolicy } = {},
): Evaluation {
  const ctx = opts.policy ? context(opts.policy) : DEFAULT_CTX;
  return evaluate(shellCall(command, opts.cwd), ctx);
}

export function decideCall(call: ToolCall, policy?: CompiledPolicy): Evaluation {
  return evaluate(call, policy ? context(policy) : DEFAULT_CTX);
}
