/**
 * Runs the table-driven corpus in tests/corpus/: one test per case, named
 * `<category>#<index> <command> → <expected>`.
 */
import assert from "node:assert/strict";
import { hasRule, RULES } from "../src/core/rules.ts";
import { CORPUS } from "./corpus/index.ts";
import { runCase } from "./corpus/run.ts";
import type { Case } from "./corpus/types.ts";

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

function ruleMatches(expected: string, got: string): boolean {
  return expected.endsWith(".") ? got.startsWith(expected) : got === expected;
}

for (const [category, cases] of Object.entries(CORPUS)) {
  cases.forEach((c, i) => {
    Deno.test(`${category}#${i} ${label(c)}`, () => {
      const { decision } = runCase(c);
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
  const { evaluate } = await import("../src/policy/engine.ts");
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
