/**
 * Property test over generated shell (tests/fuzz/shell_gen.ts), fixed seed:
 *
 *   1. `evaluate` never throws. The harness passes tree-sitter and a brace
 *      expander, so even the capability exceptions (NeedFullParser,
 *      NeedCapability) must not escape here.
 *   2. The decision (action and rule) is the same with the fast path enabled
 *      and disabled (tree-sitter only).
 *
 * Timing (the third property, ≤ 100 ms per input) belongs to the benchmark:
 * `deno task bench`, section "fuzz". A failure prints each input JSON-escaped
 * with both decisions, ready to be added to tests/corpus; `inputAt(SEED, i)`
 * rebuilds input i alone.
 */
import assert from "node:assert/strict";
import { evaluate } from "../src/policy/engine.ts";
import type { EngineContext } from "../src/policy/engine.ts";
import { context, shellCall } from "./harness.ts";
import { inputAt, kindAt, showInput } from "./fuzz/shell_gen.ts";

const SEED = 0x5eed_2026;
const COUNT = 3_000;

/**
 * Inputs skipped on purpose, each with the reason. Empty: a known failure is
 * reported by the test (so it stays visible) rather than hidden here.
 */
const KNOWN_FAILURES: string[] = [];

function decide(command: string, ctx: EngineContext): string {
  try {
    const { decision } = evaluate(shellCall(command), ctx);
    return `${decision.action} ${decision.rule}`;
  } catch (e) {
    const err = e as Error;
    return `THROWS ${err?.name ?? typeof e}: ${String(err?.message ?? e).slice(0, 200)}`;
  }
}

Deno.test(`fuzz: ${COUNT} generated commands never throw and decide the same with and without the fast path`, () => {
  const fast = context(undefined, true);
  const slow = context(undefined, false);
  const throws: string[] = [];
  const disagree: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const cmd = inputAt(SEED, i);
    if (KNOWN_FAILURES.includes(cmd)) continue;
    const a = decide(cmd, fast);
    const b = decide(cmd, slow);
    const shown = showInput(cmd);
    const input = shown.length <= 2000
      ? shown
      : `${shown.slice(0, 300)}… (${cmd.length} chars; inputAt(${SEED}, ${i}))`;
    const line = `#${i} [${
      kindAt(SEED, i)
    }] ${input}\n    fast path: ${a}\n    tree-sitter only: ${b}`;
    if (a.startsWith("THROWS") || b.startsWith("THROWS")) throws.push(line);
    else if (a !== b) disagree.push(line);
  }
  const report = (title: string, xs: string[]) =>
    xs.length
      ? `${title}: ${xs.length}\n${xs.slice(0, 40).join("\n")}${xs.length > 40 ? "\n  …" : ""}\n`
      : "";
  const msg = report("property 1, evaluate threw", throws) +
    report("property 2, fast path and tree-sitter disagree", disagree);
  assert.ok(msg === "", `seed ${SEED}, ${COUNT} inputs\n${msg}`);
});
