/**
 * `guard suggest` end to end through the real CLI (production flags): real asks made by the
 * hook, grouped by shape, counted, ordered, filtered by --since, silent in proof mode; and
 * `--apply N` behind the second factor writes a rule the hook then honours.
 */
import assert from "node:assert/strict";
import { runGuard, tempHome } from "../scripts/guard_flags.ts";
import { codeFor, enrolled } from "./totp_helpers.ts";
import { buildSuggestions } from "../src/cli/approval/suggest.ts";
import type { AuditEntry } from "../src/audit/audit_entry.ts";
import type { CallShape } from "../src/shell/call_shape.ts";
import { makeRemembered } from "../src/policy/remembered.ts";

function bash(command: string, cwd: string, session: string, extra: object = {}): string {
  return JSON.stringify({
    session_id: session,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    ...extra,
  });
}

interface Ask {
  command: string;
  cwd: string;
  session: string;
}

/** Runs the hook for each ask; every one must ask out of band (exit 2, a challenge). */
async function ask(home: string, asks: Ask[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const a of asks) {
    const r = await runGuard(home, ["evaluate"], bash(a.command, a.cwd, a.session));
    assert.equal(r.code, 2, `${a.command}: ${r.stderr}`);
    const m = /AIGUARD_CHALLENGE:([0-9a-f]{12})/.exec(r.stderr);
    assert.ok(m, `no challenge for ${a.command}: ${r.stderr}`);
    tokens.push(m[1]);
  }
  return tokens;
}

interface JsonProposal {
  n: number;
  description: string;
  shape: { risk: string; units: { program: string; sub: string[] }[] };
  count: number;
  out_of_band: number;
  native: number;
  let_run: number;
  never_let_run: boolean;
  high_risk: boolean;
  workspaces: string[];
  sessions: number;
  first: string;
  last: string;
  example: string;
  scope: string;
  workspace: string | null;
}

interface JsonSuggest {
  asks: number;
  unshaped: number;
  critical: number;
  covered: number;
  proposals: JsonProposal[];
}

async function suggestJson(home: string, extra: string[] = []): Promise<JsonSuggest> {
  const r = await runGuard(home, ["suggest", "--json", ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const sub = (p: JsonProposal) => p.shape.units.map((u) => [u.program, ...u.sub].join(" ")).join();

function rulesOf(home: string): { id: string; scope: string; workspace?: string }[] {
  try {
    return JSON.parse(Deno.readTextFileSync(`${home}/.aiguard/remembered.json`)).rules;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
}

function events(home: string): string[] {
  return Deno.readTextFileSync(`${home}/.aiguard/audit.jsonl`).trim().split("\n")
    .map((l) => JSON.parse(l).event);
}

const A = "/tmp/projA";
const B = "/tmp/projB";
const C = "/tmp/projC";

Deno.test("no audit log: no asks recorded, and an empty JSON list", async () => {
  const home = await tempHome("guard-suggest-");
  const r = await runGuard(home, ["suggest"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^no asks recorded/);
  const j = await suggestJson(home);
  assert.deepEqual(j, { asks: 0, unshaped: 0, critical: 0, covered: 0, proposals: [] });
});

Deno.test("grouping by shape: values, paths and sessions vary inside a group; counts, projects, order, marks", async () => {
  const home = await tempHome("guard-suggest-");
  await ask(home, [
    // One shape: option values, paths and sessions differ, projects too.
    { command: "mystery-tool build --jobs=4 ./src/a.c", cwd: A, session: "s1" },
    { command: "mystery-tool build --jobs=8 ./lib/b.c", cwd: A, session: "s2" },
    { command: "mystery-tool build --jobs=2 c.c", cwd: B, session: "s3" },
    { command: "mystery-tool build --jobs=16 ./x/y/z.c", cwd: A, session: "s1" },
    // Another subcommand: another shape.
    { command: "mystery-tool deploy", cwd: A, session: "s1" },
    { command: "mystery-tool deploy", cwd: A, session: "s4" },
    { command: "mystery-tool deploy", cwd: A, session: "s4" },
    // High risk: shown, marked.
    { command: "curl -d @notes.txt https://api.example.com/x", cwd: C, session: "s5" },
    // Critical: never proposed.
    { command: ":(){ :|:& };:", cwd: C, session: "s5" },
  ]);
  const j = await suggestJson(home);
  assert.equal(j.asks, 9);
  assert.equal(j.critical, 1);
  assert.equal(j.unshaped, 0);
  const want = [
    {
      sub: "mystery-tool build",
      count: 4,
      workspaces: [A, B],
      sessions: 3,
      scope: "always",
      workspace: null,
      high: false,
    },
    {
      sub: "mystery-tool deploy",
      count: 3,
      workspaces: [A],
      sessions: 2,
      scope: "project",
      workspace: A,
      high: false,
    },
    {
      sub: "curl",
      count: 1,
      workspaces: [C],
      sessions: 1,
      scope: "project",
      workspace: C,
      high: true,
    },
  ];
  assert.equal(j.proposals.length, want.length, JSON.stringify(j.proposals.map(sub)));
  for (const [i, w] of want.entries()) {
    const p = j.proposals[i];
    assert.equal(p.n, i + 1);
    assert.equal(sub(p), w.sub);
    assert.equal(p.count, w.count, w.sub);
    assert.equal(p.out_of_band, w.count, w.sub);
    assert.equal(p.native, 0);
    assert.equal(p.let_run, 0);
    assert.equal(p.never_let_run, true);
    assert.deepEqual(p.workspaces, w.workspaces, w.sub);
    assert.equal(p.sessions, w.sessions, w.sub);
    assert.equal(p.scope, w.scope, w.sub);
    assert.equal(p.workspace, w.workspace, w.sub);
    assert.equal(p.high_risk, w.high, w.sub);
    assert.ok(p.first <= p.last);
  }
  assert.equal(j.proposals[0].example, "mystery-tool build --jobs=16 ./x/y/z.c", "the latest ask");
  assert.ok(!j.proposals.some((p) => p.shape.risk === "critical"));
  // The text: one summary line per proposal, the marks, the apply hint; the same numbers.
  const r = await runGuard(home, ["suggest"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^ {2}1\. `mystery-tool build --jobs <arg> <path:workspace> \[default\.ask, ≤medium\]` — asked 4 times in 2 projects \(4 out of band, 0 native; 0 let run\)$/m,
  );
  assert.match(r.stdout, /^ {2}2\. `mystery-tool deploy .*asked 3 times in 1 project \(/m);
  assert.match(r.stdout, /^ {2}3\. `curl .*\n\s+HIGH RISK/m);
  assert.match(r.stdout, /never let run/);
  assert.match(r.stdout, /projects: \/tmp\/projA, \/tmp\/projB; 3 sessions/);
  assert.match(r.stdout, /scope: +project \/tmp\/projA/);
  assert.match(r.stdout, /apply: +guard suggest --apply 2/);
  assert.doesNotMatch(r.stdout, /:\(\)|fork/i);
  assert.match(r.stdout, /1 critical \(never remembered\)/);
  // Stable: the same log lists the same numbers.
  assert.deepEqual((await suggestJson(home)).proposals.map((p) => [p.n, p.description]), [
    ...j.proposals.map((p) => [p.n, p.description]),
  ]);
});

Deno.test("counts: which asks were let run (approved and retried)", async () => {
  const { home, uri } = await enrolled();
  // Asked, approved, retried: let run.
  const [token] = await ask(home, [{ command: "mystery-tool build ./a.c", cwd: A, session: "s1" }]);
  assert.equal((await runGuard(home, ["approve", token], codeFor(uri, 30) + "\n")).code, 0);
  const retry = await runGuard(home, ["evaluate"], bash("mystery-tool build ./a.c", A, "s1"));
  assert.equal(retry.code, 0, retry.stderr);
  assert.ok(events(home).includes("approval.consumed"));
  // The same call asked again after its approval was used, and another never approved.
  await ask(home, [
    { command: "mystery-tool build ./a.c", cwd: A, session: "s1" },
    { command: "mystery-tool build ./d.c", cwd: A, session: "s3" },
  ]);
  const [p, ...rest] = (await suggestJson(home)).proposals;
  assert.equal(rest.length, 0);
  const got = {
    count: p.count,
    oob: p.out_of_band,
    native: p.native,
    letRun: p.let_run,
    never: p.never_let_run,
  };
  assert.deepEqual(got, { count: 3, oob: 3, native: 0, letRun: 1, never: false });
  const r = await runGuard(home, ["suggest"]);
  assert.match(r.stdout, /asked 3 times in 1 project \(3 out of band, 0 native; 1 let run\)/);
  assert.doesNotMatch(r.stdout, /never let run/);
});

Deno.test("--since: only asks from then on", async () => {
  const home = await tempHome("guard-suggest-");
  await ask(home, [
    { command: "mystery-tool old", cwd: A, session: "s1" },
    { command: "mystery-tool old", cwd: A, session: "s1" },
  ]);
  await new Promise((r) => setTimeout(r, 50));
  const mid = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 50));
  await ask(home, [{ command: "mystery-tool new", cwd: A, session: "s1" }]);
  const cases: { since: string[]; want: string[] }[] = [
    { since: [], want: ["mystery-tool old", "mystery-tool new"] },
    { since: ["--since", "1h"], want: ["mystery-tool old", "mystery-tool new"] },
    { since: ["--since", mid], want: ["mystery-tool new"] },
    { since: [`--since=${mid}`], want: ["mystery-tool new"] },
  ];
  for (const c of cases) {
    const j = await suggestJson(home, c.since);
    assert.deepEqual(j.proposals.map(sub), c.want, c.since.join(" "));
  }
  const later = new Date(Date.now() + 3600_000).toISOString();
  const none = await runGuard(home, ["suggest", "--since", later]);
  assert.equal(none.code, 0);
  assert.match(none.stdout, /^no asks recorded in the last /);
  const bad = await runGuard(home, ["suggest", "--since", "yesterday"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--since "yesterday"/);
});

Deno.test("audit privacy modes: proof mode logs no shapes, and suggest says why", async () => {
  const cases = [
    { mode: "proof", proposals: 0, message: /proof mode \(\[audit\] mode = "proof"/ },
    { mode: "redacted", proposals: 1, message: /1 suggested rule from 2 asks/ },
    { mode: "verbatim", proposals: 1, message: /1 suggested rule from 2 asks/ },
  ];
  for (const c of cases) {
    const home = await tempHome("guard-suggest-");
    Deno.mkdirSync(`${home}/.aiguard`, { mode: 0o700 });
    Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, `[audit]\nmode = "${c.mode}"\n`, {
      mode: 0o600,
    });
    await ask(home, [
      { command: "mystery-tool build --fast", cwd: A, session: "s1" },
      { command: "mystery-tool build --fast", cwd: B, session: "s2" },
    ]);
    const j = await suggestJson(home);
    assert.equal(j.asks, 2, c.mode);
    assert.equal(j.proposals.length, c.proposals, c.mode);
    assert.equal(j.unshaped, 2 - 2 * c.proposals, c.mode);
    const r = await runGuard(home, ["suggest"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, c.message, c.mode);
  }
});

Deno.test("--apply N with the right code: the rule is written, the hook honours it in its scope, and it is not proposed again", async () => {
  const { home, uri } = await enrolled();
  await ask(home, [
    { command: "mystery-tool build --fast ./a.c", cwd: A, session: "s1" },
    { command: "mystery-tool build --fast ./b.c", cwd: A, session: "s2" },
    { command: "mystery-tool deploy", cwd: A, session: "s1" },
  ]);
  const before = await suggestJson(home);
  const build = before.proposals.find((p) => sub(p) === "mystery-tool build")!;
  assert.equal(build.n, 1);
  assert.equal(build.scope, "project");
  const r = await runGuard(home, ["suggest", "--apply", "1"], codeFor(uri, 30) + "\n");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Remember this shape as r[0-9a-f]{8}\?/);
  assert.match(r.stdout, /mystery-tool build --fast <path:workspace>/);
  const m = /remembered as (r[0-9a-f]{8}) \(project \/tmp\/projA\)/.exec(r.stdout);
  assert.ok(m, r.stdout);
  assert.match(r.stdout, new RegExp(`guard forget ${m[1]}`));
  assert.deepEqual(rulesOf(home).map((x) => [x.id, x.scope, x.workspace]), [
    [m[1], "project", A],
  ]);
  assert.ok(events(home).includes("remembered.added"));
  // Not proposed again; deploy keeps its number.
  const after = await suggestJson(home);
  assert.equal(after.covered, 1);
  assert.deepEqual(after.proposals.map((p) => [p.n, sub(p)]), [[2, "mystery-tool deploy"]]);
  const text = await runGuard(home, ["suggest"]);
  assert.match(text.stdout, /1 already remembered/);
  assert.doesNotMatch(text.stdout, /mystery-tool build/);
  // Applying a covered proposal writes nothing and asks no code.
  const again = await runGuard(home, ["suggest", "--apply", "1"]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, new RegExp(`already covered by remembered rule ${m[1]}`));
  assert.equal(rulesOf(home).length, 1);
  // The hook: the same shape runs in that project (other paths, another session) ...
  const hook = [
    { command: "mystery-tool build --fast ./other/z.c", cwd: A, want: 0 },
    { command: "mystery-tool build --fast ./a.c", cwd: A, want: 0 },
    // ... while another shape, and the same shape in another project, still ask.
    { command: "mystery-tool deploy", cwd: A, want: 2 },
    { command: "mystery-tool build --fast ./a.c", cwd: B, want: 2 },
  ];
  for (const h of hook) {
    const e = await runGuard(home, ["evaluate"], bash(h.command, h.cwd, "s9"));
    assert.equal(e.code, h.want, `${h.command} in ${h.cwd}: ${e.stderr}`);
  }
  assert.ok(events(home).includes("remembered"));
});

Deno.test("--apply N with a wrong code: nothing is written and the call still asks", async () => {
  const { home, uri } = await enrolled();
  await ask(home, [{ command: "mystery-tool build --fast", cwd: A, session: "s1" }]);
  const right = codeFor(uri, 30);
  const wrong = right.slice(0, 5) + String((Number(right[5]) + 1) % 10);
  const r = await runGuard(home, ["suggest", "--apply", "1"], wrong + "\n");
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stderr, /not remembered — wrong code/);
  assert.deepEqual(rulesOf(home), []);
  assert.ok(events(home).includes("approval.auth-failed"));
  assert.ok(!events(home).includes("remembered.added"));
  const e = await runGuard(home, ["evaluate"], bash("mystery-tool build --fast", A, "s1"));
  assert.equal(e.code, 2);
  // No code at all: the same.
  const none = await runGuard(home, ["suggest", "--apply", "1"], "");
  assert.equal(none.code, 1);
  assert.deepEqual(rulesOf(home), []);
});

Deno.test("--apply refusals: out of range, project scope across projects, bad arguments — nothing written", async () => {
  const { home, uri } = await enrolled();
  await ask(home, [
    { command: "mystery-tool build", cwd: A, session: "s1" },
    { command: "mystery-tool build", cwd: B, session: "s2" },
  ]);
  const cases: { args: string[]; code: number; stderr: RegExp }[] = [
    { args: ["--apply", "2"], code: 2, stderr: /no proposal 2 \(numbers run 1 to 1/ },
    { args: ["--apply", "0"], code: 2, stderr: /no proposal 0/ },
    { args: ["--apply", "99"], code: 2, stderr: /no proposal 99/ },
    {
      args: ["--apply", "1", "--scope", "project"],
      code: 1,
      stderr: /more than one place \(\/tmp\/projA, \/tmp\/projB\).*--scope always/,
    },
    { args: ["--apply", "1", "--scope", "session"], code: 2, stderr: /--scope needs project/ },
    { args: ["--apply", "one"], code: 2, stderr: /--apply needs a proposal number/ },
    { args: ["--apply"], code: 2, stderr: /--apply needs a value/ },
    { args: ["--scope", "always"], code: 2, stderr: /--scope goes with --apply/ },
    { args: ["--json", "--apply", "1"], code: 2, stderr: /--json lists/ },
    { args: ["--bogus"], code: 2, stderr: /unknown argument "--bogus"/ },
  ];
  for (const c of cases) {
    // A valid code on stdin: a refusal must not depend on the factor failing.
    const r = await runGuard(home, ["suggest", ...c.args], codeFor(uri, 30) + "\n");
    assert.equal(r.code, c.code, `${c.args.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, c.stderr, c.args.join(" "));
    assert.deepEqual(rulesOf(home), [], c.args.join(" "));
  }
  assert.ok(!events(home).some((e) => e?.startsWith("approval.")), "no factor was asked");
});

Deno.test("--apply --scope always: a group asked in several projects runs everywhere", async () => {
  const { home, uri } = await enrolled();
  await ask(home, [
    { command: "mystery-tool build", cwd: A, session: "s1" },
    { command: "mystery-tool build", cwd: B, session: "s2" },
    { command: "mystery-tool deploy", cwd: A, session: "s1" },
  ]);
  // The default for a group from several projects is always; naming it changes nothing.
  const r = await runGuard(
    home,
    ["suggest", "--apply", "1", "--scope", "always"],
    codeFor(uri, 30) + "\n",
  );
  assert.equal(r.code, 0, r.stderr);
  const m = /remembered as (r[0-9a-f]{8}) \(always/.exec(r.stdout);
  assert.ok(m, r.stdout);
  assert.deepEqual(rulesOf(home).map((x) => [x.id, x.scope]), [[m[1], "always"]]);
  for (const cwd of [A, B, C]) {
    const e = await runGuard(home, ["evaluate"], bash("mystery-tool build", cwd, "s7"));
    assert.equal(e.code, 0, `${cwd}: ${e.stderr}`);
  }
  const d = await runGuard(home, ["evaluate"], bash("mystery-tool deploy", C, "s7"));
  assert.equal(d.code, 2);
  assert.deepEqual((await suggestJson(home)).proposals.map(sub), ["mystery-tool deploy"]);
});

// ── The grouping itself, on hand-made entries: what the CLI cannot produce yet (native asks
// with shapes), run matching by token and order, critical and malformed shapes, coverage. ──

const SHAPE = {
  tool: "shell",
  rule: "default.ask",
  risk: "medium" as const,
  units: [{
    rule: "default.ask",
    program: "mystery-tool",
    sub: ["build"],
    options: [],
    operands: [],
    effects: [],
  }],
  args: [],
};

interface E {
  seq: number;
  event: string;
  token: string;
  channel?: "native" | "out-of-band";
  workspace?: string | null;
  shape?: unknown;
  risk?: string;
}

function entries(es: E[]): AuditEntry[] {
  return es.map((e) => ({
    seq: e.seq,
    prev_hash: "",
    mac: "",
    hash: "",
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, e.seq)).toISOString(),
    source: "hook:claude",
    session: `s${e.seq % 2}`,
    tool: "Bash",
    call: `mystery-tool build #${e.seq}`,
    decision: { action: "ask", risk: e.risk ?? "medium", rule: "default.ask", warning: "" },
    token: e.token,
    event: e.event,
    ...(e.channel
      ? {
        ask: {
          shape: (e.shape ?? SHAPE) as CallShape,
          workspace: e.workspace === undefined ? A : e.workspace,
          channel: e.channel,
        },
      }
      : {}),
  }));
}

const oob = (seq: number, token: string, o: Partial<E> = {}): E => ({
  seq,
  token,
  event: "challenge.created",
  channel: "out-of-band",
  ...o,
});
const nat = (seq: number, token: string, o: Partial<E> = {}): E => ({
  seq,
  token,
  event: "ask.native",
  channel: "native",
  ...o,
});
const ran = (seq: number, token: string, event = "approval.consumed"): E => ({
  seq,
  token,
  event,
});

const UNIT_CASES: {
  title: string;
  es: E[];
  want: { asks: number; unshaped?: number; critical?: number; groups: number[][] };
}[] = [
  {
    title: "native asks count as native; ask.native.allowed lets one run",
    es: [nat(1, "t1"), ran(2, "t1", "ask.native.allowed"), nat(3, "t2"), oob(4, "t3")],
    // [count, out of band, native, let run]
    want: { asks: 3, groups: [[3, 1, 2, 1]] },
  },
  {
    title: "one run answers one ask of its token",
    es: [oob(1, "t1"), oob(2, "t1"), ran(3, "t1")],
    want: { asks: 2, groups: [[2, 2, 0, 1]] },
  },
  {
    title: "order is by seq: a run logged before the ask does not count",
    es: [oob(5, "t1"), ran(2, "t1"), oob(7, "t2"), ran(9, "t2")],
    want: { asks: 2, groups: [[2, 2, 0, 1]] },
  },
  {
    title: "a remembered rule's allow, or a run of another token, is not the ask let run",
    es: [oob(1, "t1"), ran(2, "t1", "remembered"), ran(3, "t9")],
    want: { asks: 1, groups: [[1, 1, 0, 0]] },
  },
  {
    title: "critical and malformed shapes are never proposed; shapeless asks are counted",
    es: [
      oob(1, "t1", { risk: "critical", shape: { ...SHAPE, risk: "critical" } }),
      oob(2, "t2", { shape: { tool: "shell" } }),
      { seq: 3, token: "t3", event: "challenge.created" },
      oob(4, "t4"),
    ],
    want: { asks: 4, unshaped: 2, critical: 1, groups: [[1, 1, 0, 0]] },
  },
  {
    title: "more asks first",
    es: [
      oob(1, "t1", { shape: { ...SHAPE, units: [{ ...SHAPE.units[0], sub: ["x"] }] } }),
      oob(2, "t2"),
      oob(3, "t3"),
      oob(4, "t4", { shape: { ...SHAPE, units: [{ ...SHAPE.units[0], sub: ["y"] }] } }),
    ],
    want: { asks: 4, groups: [[2, 2, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0]] },
  },
];

for (const c of UNIT_CASES) {
  Deno.test(`grouping: ${c.title}`, () => {
    const s = buildSuggestions(entries(c.es), []);
    assert.equal(s.asks, c.want.asks);
    assert.equal(s.unshaped, c.want.unshaped ?? 0);
    assert.equal(s.critical, c.want.critical ?? 0);
    assert.deepEqual(
      s.groups.map((g) => [g.count, g.outOfBand, g.native, g.letRun]),
      c.want.groups,
    );
    assert.deepEqual(s.groups.map((g) => g.n), s.groups.map((_, i) => i + 1));
  });
}

Deno.test("grouping: ties go to the latest ask", () => {
  const x = { ...SHAPE, units: [{ ...SHAPE.units[0], sub: ["x"] }] };
  const y = { ...SHAPE, units: [{ ...SHAPE.units[0], sub: ["y"] }] };
  const s = buildSuggestions(entries([oob(1, "a", { shape: x }), oob(2, "b", { shape: y })]), []);
  assert.deepEqual(s.groups.map((g) => g.shape.units[0].sub[0]), ["y", "x"]);
});

Deno.test("coverage: a rule covers a proposal only in the scope the proposal would get", async () => {
  const rule = async (scope: "project" | "always", workspace: string | null) => {
    const r = await makeRemembered(SHAPE, scope, { session: "", workspace }, "x", "totp", 0);
    assert.ok(!("refused" in r));
    return r;
  };
  const one = entries([oob(1, "t1"), oob(2, "t2")]); // projA only: project scope
  const two = entries([oob(1, "t1"), oob(2, "t2", { workspace: B })]); // always scope
  const cases = [
    { es: one, rules: [await rule("project", A)], covered: true },
    { es: one, rules: [await rule("project", B)], covered: false },
    { es: one, rules: [await rule("always", null)], covered: true },
    { es: two, rules: [await rule("project", A), await rule("project", B)], covered: false },
    { es: two, rules: [await rule("always", null)], covered: true },
  ];
  for (const [i, c] of cases.entries()) {
    const [g] = buildSuggestions(c.es, c.rules).groups;
    assert.equal(g.coveredBy !== null, c.covered, `case ${i}`);
  }
});
