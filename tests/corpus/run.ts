/** Runs one corpus case through the in-process engine (the corpus test and the bench share it). */
import type { CompiledPolicy } from "../../src/policy/user_policy.ts";
import type { ToolCall } from "../../src/core/types.ts";
import type { Evaluation } from "../../src/policy/evaluation.ts";
import { CWD, decide, decideCall, policyFrom } from "../harness.ts";
import type { Case, ToolCallish } from "./types.ts";

const policies = new Map<string, CompiledPolicy>();
function policy(text: string | undefined): CompiledPolicy | undefined {
  if (text === undefined) return undefined;
  let p = policies.get(text);
  if (!p) {
    p = policyFrom(text);
    policies.set(text, p);
  }
  return p;
}

export function toolCall(c: ToolCallish): ToolCall {
  const base = { agent: "test", cwd: c.cwd ?? CWD, session: "t" };
  switch (c.kind) {
    case "file": {
      const tool = c.tool ??
        (c.op === "write" ? "Write" : c.op === "read" ? "Read" : c.op === "list" ? "LS" : "Grep");
      const contents = c.contents ?? [];
      return {
        ...base,
        kind: "file",
        tool,
        op: c.op,
        paths: c.paths,
        contents,
        input: { paths: c.paths, contents },
      };
    }
    case "web": {
      const url = c.url ?? null;
      const query = c.query ?? null;
      return {
        ...base,
        kind: "web",
        tool: c.tool ?? (url ? "WebFetch" : "WebSearch"),
        url,
        query,
        input: c.input ?? { url, query },
      };
    }
    case "mcp":
      return {
        ...base,
        kind: "mcp",
        tool: c.tool ?? `mcp__${c.server}__${c.name}`,
        server: c.server,
        name: c.name,
        args: c.args,
        input: c.args,
      };
    case "other":
      return { ...base, kind: "other", tool: c.tool, input: c.input ?? {} };
  }
}

export function runCase(c: Case): Evaluation {
  const p = policy(c.policy);
  if ("cmd" in c) return decide(c.cmd, { cwd: c.cwd, policy: p });
  return decideCall(toolCall(c.call), p);
}
