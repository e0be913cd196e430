/**
 * Runs the table-driven corpus in tests/corpus/: one test per case, named
 * `<category>#<index> <command> → <expected>`.
 */
import assert from "node:assert/strict";
import type { CompiledPolicy } from "../src/core/policy.ts";
import { hasRule, RULES } from "../src/core/rules.ts";
import type { Evaluation, ToolCall } from "../src/core/types.ts";
import { CORPUS } from "./corpus/index.ts";
import type { Case, ToolCallish } from "./corpus/types.ts";
import { CWD, decide, decideCall, policyFrom } from "./harness.ts";

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

function toolCall(c: ToolCallish): ToolCall {
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
        input: { url, query },
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

function label(c: Case): string {
  let s: string;
  if ("cmd" in c) s = JSON.stringify(c.cmd);
  else {
    const k = c.call;
    const what = k.kind === "file"
      ? `${k.op} ${k.paths.join(",")}`
      : k.kind === "web"
      ? (k.url ?? k.query ?? "")
      : k.kind === "mcp"
      ? `${k.server}.${k.name} ${JSON.stringify(k.args)}`
      : `${k.tool} ${JSON.stringify(k.input ?? {})}`;
    s = `[${k.kind}] ${what}`;
  }
  if (s.length > 90) s = s.slice(0, 87) + "…";
  const extra = [
    c.policy ? `policy ${JSON.stringify(c.policy)}` : "",
    "cwd" in c && c.cwd ? `cwd ${c.cwd}` : "",
  ]
    .filter(Boolean).join(", ");
  return `${s}${extra ? ` (${extra})` : ""} → ${c.expect}${c.rule ? ` ${c.rule}` : ""}`;
}

function run(c: Case): Evaluation {
  const p = policy(c.policy);
  if ("cmd" in c) return decide(c.cmd, { cwd: c.cwd, policy: p });
  return decideCall(toolCall(c.call), p);
}

function ruleMatches(expected: string, got: string): boolean {
  return expected.endsWith(".") ? got.startsWith(expected) : got === expected;
}

for (const [category, cases] of Object.entries(CORPUS)) {
  cases.forEach((c, i) => {
    Deno.test(`${category}#${i} ${label(c)}`, () => {
      const { decision } = run(c);
      const got = `${decision.action} ${decision.rule}`;
      if (decision.action !== c.expect) {
        assert.ok(
          c.alsoOk?.includes(decision.action),
          `expected ${c.expect}${c.rule ? ` (${c.rule})` : ""}, got ${got}` +
            (c.note ? ` — note: ${c.note}` : ""),
        );
        return;
      }
      if (c.rule) {
        assert.ok(ruleMatches(c.rule, decision.rule), `expected rule ${c.rule}, got ${got}`);
      }
    });
  });
}

Deno.test("corpus: every expected rule id exists", () => {
  const bad: string[] = [];
  for (const cases of Object.values(CORPUS)) {
    for (const c of cases) {
      if (!c.rule) continue;
      const ok = c.rule.endsWith(".")
        ? RULES.some((r) => r.id.startsWith(c.rule!))
        : hasRule(c.rule);
      if (!ok) bad.push(c.rule);
    }
  }
  assert.deepEqual(bad, []);
});

Deno.test("corpus: at least 330 cases", () => {
  const n = Object.values(CORPUS).reduce((a, cs) => a + cs.length, 0);
  assert.ok(n >= 330, `only ${n} cases`);
});

Deno.test("every shell case decides the same with the fast path disabled (tree-sitter only)", async () => {
  const { context, shellCall } = await import("./harness.ts");
  const { evaluate } = await import("../src/core/engine.ts");
  const slow = context(undefined, false);
  for (const cases of Object.values(CORPUS)) {
    for (const c of cases) {
      if (!("cmd" in c) || c.policy) continue;
      const a = evaluate(shellCall(c.cmd, c.cwd), context()).decision;
      const b = evaluate(shellCall(c.cmd, c.cwd), slow).decision;
      assert.deepEqual(b, a, `fast path and tree-sitter disagree on ${JSON.stringify(c.cmd)}`);
    }
  }
});
