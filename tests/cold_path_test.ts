/**
 * The cold path's structure (ADR 0024): what a hook process loads before it decides. Timing is
 * the benchmark's business (scripts/bench.ts); these tests check structure only — which modules
 * the hook's static graph holds, and that the lazily read tables answer exactly as the eager
 * ones did.
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../scripts/guard_flags.ts";
import { grammarLine, grammarOf } from "../src/shell/programs/index.ts";
import { fastParse } from "../src/shell/parse/fast_lexer.ts";
import { loadTreeSitter, parseWithTreeSitter } from "../src/shell/parse/tree_sitter.ts";
import { generate } from "./fuzz/shell_gen.ts";

await loadTreeSitter();
// A generous budget: this checks structure, not speed (a loaded machine must not fail it).
const ts = (s: string) => parseWithTreeSitter(s, performance.now() + 60_000, 60_000);

interface InfoModule {
  specifier: string;
  dependencies?: { specifier?: string; isDynamic?: boolean; code?: { specifier?: string } }[];
}

/** `deno info --json entry`: every module it names, literal dynamic imports included. */
async function infoOf(entry: string): Promise<{ roots: string[]; modules: InfoModule[] }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** The modules `entry` loads before any of its code runs (static imports only, transitively). */
async function staticGraph(entry: string): Promise<Set<string>> {
  const info = await infoOf(entry);
  const bySpec = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const walk = (s: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    for (const d of bySpec.get(s)?.dependencies ?? []) {
      if (!d.isDynamic && d.code?.specifier) walk(d.code.specifier);
    }
  };
  walk(info.roots[0]);
  return new Set([...seen].map((s) => s.replace(`file://${REPO_ROOT}/`, "")));
}

Deno.test("the hook's static graph holds no detector rules, no tree-sitter, no npm package", async () => {
  const graph = await staticGraph("src/cli/main.ts");
  assert.ok(graph.has("src/cli/evaluate.ts"));
  for (
    const m of [
      "src/detect/detect.ts",
      "src/detect/secrets.ts",
      "src/detect/injection.ts",
      "src/detect/directive.ts",
      "src/detect/normalize.ts",
      "src/shell/parse/tree_sitter.ts",
      "src/shell/parse/cst_to_ir.ts",
      "src/shell/parse/repair.ts",
      "src/flow/mcp_capabilities.ts",
      "src/audit/audit_recover.ts",
      "src/audit/audit_keys.ts",
      "src/state/challenges.ts",
      "src/state/passes.ts",
    ]
  ) {
    assert.ok(!graph.has(m), `${m} is loaded by every hook call`);
  }
  for (const m of graph) {
    assert.ok(!m.startsWith("npm:") && !m.includes("registry.npmjs.org"), `${m} on the hook path`);
  }
});

Deno.test("the engine's graph holds no literal dynamic import: Deno would prepare its target on every start", async () => {
  // A literal `import("…")` makes Deno load and prepare what it names (and set up npm resolution
  // for a package) when the importing module loads, whether or not it ever runs; the engine's
  // late imports go through src/core/late.ts's computed specifiers instead.
  const info = await infoOf("src/cli/evaluate.ts");
  const graph = await staticGraph("src/cli/evaluate.ts");
  const literal: string[] = [];
  for (const m of info.modules) {
    const rel = m.specifier.replace(`file://${REPO_ROOT}/`, "");
    if (!graph.has(rel)) continue;
    for (const d of m.dependencies ?? []) {
      if (d.isDynamic) literal.push(`${rel} → ${d.specifier}`);
    }
  }
  assert.deepEqual(literal, [], "literal dynamic imports on the hook path");
  assert.ok(graph.has("src/core/late.ts"));
});

Deno.test("the program grammar read line by line is the generated file's, program by program", async () => {
  const file = await Deno.readTextFile(`${REPO_ROOT}/src/shell/programs/grammar.generated.json`);
  const programs = (JSON.parse(file) as { programs: Record<string, string> }).programs;
  const names = Object.keys(programs);
  assert.ok(names.length > 100);
  for (const name of names) {
    assert.equal(grammarLine(file, name), programs[name], name);
    assert.deepEqual(grammarOf(name), JSON.parse(programs[name]), name);
  }
  for (const absent of ["", "nosuchprogram", "__proto__", "constructor", "generated_by", "o"]) {
    assert.ok(!Object.hasOwn(programs, absent));
    assert.equal(grammarLine(file, absent), undefined, absent);
  }
});

/**
 * Generated inputs (by index, seed 0x5eed_2026) whose fast-path IR differed from tree-sitter's
 * before the fast path was widened, and still does: a word of some 50 `$X` expansions in a row,
 * whose last one tree-sitter-bash reads as text. The decision is the same either way
 * (tests/fuzz_test.ts); the parsers' disagreement is the decision engine's to settle.
 */
const KNOWN_IR_DIFFERENCES = new Set([2296, 2481, 4652]);

/** Every command the fast path takes has exactly tree-sitter's IR; returns how many it took. */
function sameAsTreeSitter(cmds: Iterable<string>, skip = new Set<number>()): {
  taken: number;
  all: number;
} {
  let taken = 0;
  let all = 0;
  for (const c of cmds) {
    if (skip.has(all++)) continue;
    const f = fastParse(c);
    if (!f) continue;
    taken++;
    const t = ts(c);
    // Past tree-sitter's time budget (a 10 KB generated line) there is no IR to compare with.
    if (t.limit) continue;
    assert.deepEqual(
      t.errors,
      [],
      `fast path took ${JSON.stringify(c)}, which tree-sitter rejects`,
    );
    assert.deepEqual(f.body, t.body, `IR differs for ${JSON.stringify(c)}`);
  }
  return { taken, all };
}

Deno.test("fast path ≡ tree-sitter on every generated command it takes (tests/fuzz)", () => {
  const { taken } = sameAsTreeSitter(generate(0x5eed_2026, 5_000), KNOWN_IR_DIFFERENCES);
  assert.ok(taken > 500, `only ${taken} generated commands took the fast path`);
});

Deno.test("routine work: loops, lists, pipelines and substitutions take the fast path, with tree-sitter's IR", async () => {
  const { routine } = await import("./corpus/routine.ts");
  const cmds = routine.flatMap((c) => "cmd" in c ? [c.cmd] : []);
  const { taken, all } = sameAsTreeSitter(cmds);
  assert.ok(taken / all > 0.8, `only ${taken} of ${all} routine commands took the fast path`);
  const widened = [
    `for f in $(ls src); do wc -l "$f"; done > out.txt && git add -A`,
    "for f in *.ts; do wc -l $f; done",
    "for f in a b; do echo $f; cat $f | head -5; done 2>&1 | sort",
    "git log --oneline $(git merge-base HEAD main)..HEAD",
    'echo "$(date) done" >> log.txt',
    "kill $(cat server.pid) || true",
    ...COMMIT_MESSAGES,
  ];
  const r = sameAsTreeSitter(widened);
  assert.equal(r.taken, widened.length);
});

/** `"$(cat <<'DELIM'⏎…⏎DELIM⏎)"` as agents write commit messages. */
const commit = (body: string, delim = "EOF", tail = ')"') =>
  `git commit -m "$(cat <<'${delim}'\n${body}${delim}\n${tail}`;

const COMMIT_MESSAGES = [
  commit("fix: a thing\n\nMore text.\n"),
  commit(""),
  commit('a "quoted" $HOME `x` $(y) ) ( ; && | > < # not a comment\n'),
  commit("x\n", "MSG"),
  `git add -A && ${
    commit(
      "fix: x\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n" +
        "Co-Authored-By: Claude <noreply@anthropic.com>\n",
    )
  } && git status`,
  `${commit("x\n")} --no-verify`,
  commit("a\ttab\n"),
  commit("x EOF\nyEOF\n"),
];

Deno.test("commit-message heredocs: the fast path takes the plain form and declines the rest", () => {
  for (
    const c of [
      commit("x\nEOFX\n"), // tree-sitter-bash ends the body there, bash does not
      commit("EOF \n"),
      commit(" EOF\n"),
      commit("x\n", "EOF", ') "'),
      commit("x\n", "EOF", ")"),
      commit("a\n", "EOF", ')"\necho x'),
      commit("a\r\n"),
      commit("\\n back\\\\slash\n"), // tree-sitter-bash loses a body that starts with `\`
      `git commit -m "$(cat <<EOF\nx $HOME\nEOF\n)"`, // unquoted delimiter: the body expands
    ]
  ) {
    assert.equal(fastParse(c), null, `fast path took ${JSON.stringify(c)}`);
  }
});
