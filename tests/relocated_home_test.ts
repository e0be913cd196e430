/**
 * Zones by specificity, over the whole corpus: the same cases with the home
 * moved under /tmp (`HOME=/tmp/u/home`, as in containers and CI) must get the
 * same decisions as with the home at /home/user. The workspace lies inside the
 * home, the home inside scratch, scratch inside `/`: the most specific zone
 * wins, whatever the nesting on disk.
 *
 * Every "/home/user" in a case (its command, paths, cwd, policy) is rewritten to
 * the new home; the state directory and deno's cache move with it. The few
 * cases whose meaning changes with the move (they name `/tmp` itself, which is
 * now an ancestor of the home) are listed with the reason.
 */
import assert from "node:assert/strict";
import { type EngineContext, evaluate } from "../src/policy/engine.ts";
import { type CompiledPolicy, compilePolicy, EMPTY_POLICY } from "../src/policy/user_policy.ts";
import type { ToolCall } from "../src/core/types.ts";
import { makeShellParser } from "../src/shell/parse/parser.ts";
import { loadTreeSitter, parseWithTreeSitter } from "../src/shell/parse/tree_sitter.ts";
import "../src/flow/mcp_capabilities.ts";
import { expand } from "brace-expansion";
import { parse as parseToml } from "smol-toml";
import { CORPUS } from "./corpus/index.ts";
import { toolCall } from "./corpus/run.ts";
import type { Case } from "./corpus/types.ts";
import { CWD, shellCall } from "./harness.ts";

await loadTreeSitter();

const OLD = "/home/user";

/** Homes to move the fixture to: under scratch, at scratch's top, and deeper. */
const HOMES = ["/tmp/u/home", "/tmp/h", "/var/tmp/ci/u"];

function context(home: string, policy: CompiledPolicy): EngineContext {
  return {
    home,
    stateDir: `${home}/.aiguard`,
    guardPaths: ["/opt/guard", `${home}/.deno/bin/deno`, `${home}/.cache/deno`],
    policy,
    parser: makeShellParser((s) => parseWithTreeSitter(s, performance.now() + 5000, 5000)),
    brace: (s: string) => expand(s, { max: 1000 }),
  };
}

/** The case with every mention of the old home replaced (JSON round trip keeps it exact). */
function moved<T>(v: T, home: string): T {
  return JSON.parse(JSON.stringify(v).replaceAll(OLD, home));
}

/**
 * Cases whose meaning is not the same after the move, with why. A case is left out when its
 * text names the directory the home moved into (it is now the home's ancestor, so a recursive
 * delete of it is an Absolute Block where it was scratch before), or `..` steps that climb from
 * the home into what is now scratch.
 */
function changesMeaning(c: Case, home: string): string | null {
  const text = JSON.stringify("cmd" in c ? c.cmd : c.call);
  const parent = home.slice(0, home.indexOf("/", 1)); // "/tmp" or "/var"
  // `/tmp`, `/tmp/`, `/var/tmp` … named on their own: now an ancestor of the home.
  if (new RegExp(`${parent}(/tmp)?/?(["' ;)|&]|$)`).test(text.replaceAll('\\"', '"'))) {
    return "names the directory that now holds the home";
  }
  if (/\.\.\/\.\.|~\/\.\./.test(text)) return "climbs out of the home by `..`";
  // What lies around the old home (its parent /home, other users' homes, globs and escapes that
  // spell it) does not move with it.
  const rest = text.replaceAll(OLD, "");
  if (/home|\/h[*?[]|\/\[h\]|~[a-z]|\/\.\.\/user|\.\.\/sibling/.test(rest)) {
    return "names what lies around the old home, which does not move";
  }
  return null;
}

const policies = new Map<string, CompiledPolicy>();
function policy(text: string | undefined, home: string): CompiledPolicy {
  if (text === undefined) return EMPTY_POLICY;
  const key = `${home}\u0000${text}`;
  let p = policies.get(key);
  if (!p) {
    p = compilePolicy(
      parseToml(text) as Record<string, unknown>,
      `${home}/.aiguard/policy.toml`,
      text,
      null,
    );
    policies.set(key, p);
  }
  return p;
}

function decideMoved(c: Case, home: string): string {
  const m = moved(c, home);
  const ctx = context(home, policy(m.policy, home));
  const cwd = moved(CWD, home);
  const call: ToolCall = "cmd" in m
    ? shellCall(m.cmd, m.cwd ?? cwd)
    : toolCall({ ...m.call, cwd: m.call.cwd ?? cwd });
  return evaluate(call, ctx).decision.action;
}

for (const home of HOMES) {
  Deno.test(`zones by specificity: the corpus decides the same with HOME=${home}`, () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const [category, cases] of Object.entries(CORPUS)) {
      for (const c of cases) {
        if (changesMeaning(c, home)) continue;
        compared++;
        const got = decideMoved(c, home);
        const ok = got === c.expect || (c.alsoOk?.includes(got as Case["expect"]) ?? false);
        if (!ok) {
          wrong.push(
            `${category}: ${JSON.stringify("cmd" in c ? c.cmd : c.call).slice(0, 120)} → ${got}, ` +
              `expected ${c.expect}`,
          );
        }
      }
    }
    assert.ok(compared > 1000, `only ${compared} cases compared`);
    assert.deepEqual(wrong, [], `${wrong.length} of ${compared} cases differ`);
  });
}
