/**
 * `deno task bench`: guard's performance, in one run.
 *
 *   1. Hook end-to-end (process start → exit) per payload class, interleaved
 *      with the floor: a bare `deno run` of an empty script with the exact
 *      production flags (read from the `guard` task in deno.json).
 *   2. In-process decisions per second on a realistic command mix.
 *   3. Adversarial worst cases, in process and end-to-end.
 *   4. The approval path with 1,000 pending challenges.
 *   5. The audit log: appends per second, and `guard audit verify` of
 *      100,000 entries.
 *   6. The output detectors: scanning speed, and quality on tests/eval.
 *   7. The MCP proxy: small calls direct / through a bare pipe / through
 *      `guard proxy`, a 10 MiB tool result and a 10 MiB resources/read.
 *   8. Flow tracking: a session with 1,000 tracked results.
 *   9. Generated shell (tests/fuzz/shell_gen.ts): $GUARD_BENCH_FUZZ_INPUTS
 *      inputs (default 100,000) never throw, decide the same with the fast
 *      path on and off, and are each decided in ≤ 100 ms in process.
 *  10. The corpus: adversarial cases right (per class), routine calls untouched, all cases.
 *  11. Asks left in a replayed session with remembered approvals (out of band, native).
 *  12. The resident evaluator (`guard serve`, scripts/bench_warm.ts): warm vs cold vs floor per
 *      payload class in one interleaved run, and decisions/s under 4 concurrent clients.
 *
 * Prints tables and writes `bench-results.json` in the repo root. Targets are
 * reported as PASS/MISS; a miss never makes the bench exit non-zero.
 */
import { type EngineContext, evaluate } from "../src/policy/engine.ts";
import { type CompiledPolicy, compilePolicy, EMPTY_POLICY } from "../src/policy/user_policy.ts";
import type { ToolCall } from "../src/core/types.ts";
import type { Evaluation } from "../src/policy/evaluation.ts";
import { makeShellParser } from "../src/shell/parse/parser.ts";
import { loadTreeSitter, parseWithTreeSitter } from "../src/shell/parse/tree_sitter.ts";
import { expand } from "brace-expansion";
import { parse as parseToml } from "smol-toml";
import {
  clientRunFlags,
  guardEnv,
  guardFlags,
  HOOK_TS,
  hookRunFlags,
  MAIN_TS,
  proxyRunArgs,
  REPO_ROOT,
  runFlags,
  tempHome,
} from "./guard_flags.ts";
import { ADVERSARIAL, E2E_CLASSES, type E2EClass, MIX, type ToolInput } from "./bench_inputs.ts";
import { consumeApproval, pruneIfDue } from "../src/state/approvals.ts";
import { challengeToken, writeChallenge } from "../src/state/challenges.ts";
import { ensureStateDir } from "../src/state/state_dir.ts";
import { appendAudit } from "../src/audit/audit_log.ts";
import { writeLargeLog } from "./audit_fixture.ts";
import { detect } from "../src/detect/detect.ts";
import { injectionQuality, secretQuality, type Split } from "./eval_detectors.ts";
import {
  admitCall,
  checkFlow,
  decodeFlowState,
  DEFAULT_FLOW,
  encodeFlowState,
  newFlowState,
  recordResult,
} from "../src/flow/flow.ts";
import { flowCallOf } from "../src/policy/flow_call.ts";
import { sessionKey } from "../src/state/sessions.ts";
import { inputAt, kindAt, showInput } from "../tests/fuzz/shell_gen.ts";
import { corpusFigures } from "./bench_corpus.ts";
import { askReplayFigures } from "./bench_asks.ts";
import { autostartLine, WARM_HEADERS, warmFigures, warmRows } from "./bench_warm.ts";
import { BIG_RESOURCE, BIG_TOOL, bigMedian } from "./bench_proxy_big.ts";

const E2E_WARMUPS = 3;
const E2E_RUNS = 40;
const RATIO_TARGET = 1.5;
/** The cold path's worst class (issue 23): ≤ 2.0× the floor. */
const WORST_RATIO_TARGET = 2.0;
const DPS_TARGET = 50_000;
const ADV_TARGET_MS = 100;
const ADV_INPROC_RUNS = 5;
const ADV_E2E_RUNS = 3;
const MIX_ROUNDS = 5;
const MIX_ROUND_MS = 450; // × rounds ≥ 2 s of the full mix
const SUBSET_ROUND_MS = 250;
const OUT_FILE = `${REPO_ROOT}/bench-results.json`;
const PENDING = 1_000;
const APPROVAL_TARGET_MS = 2;
const AUDIT_APPENDS = 2_000;
const AUDIT_APPEND_ROUNDS = 3;
const AUDIT_APPEND_TARGET = 2_000;
const AUDIT_VERIFY_ENTRIES = 100_000;
const AUDIT_VERIFY_RUNS = 3;
const AUDIT_VERIFY_TARGET_S = 2;

// ---------------------------------------------------------------- statistics

interface Stats {
  n: number;
  median: number;
  p90: number;
  min: number;
  max: number;
}

function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  return {
    n: s.length,
    median: quantile(s, 0.5),
    p90: quantile(s, 0.9),
    min: s[0],
    max: s[s.length - 1],
  };
}

/** Deterministic PRNG (mulberry32) for shuffling class order per round. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: T[], r: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// ---------------------------------------------------------------- output

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "-");
const int = (x: number) => Math.round(x).toLocaleString("en-US");
const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");

function table(headers: string[], rows: string[][]): void {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(w[i])).join("  ").trimEnd();
  console.log(line(headers));
  console.log(w.map((n) => "-".repeat(n)).join("  "));
  for (const r of rows) console.log(line(r));
  console.log();
}

function heading(s: string): void {
  console.log(`\n== ${s} ${"=".repeat(Math.max(0, 74 - s.length))}\n`);
}

// ---------------------------------------------------------------- processes

interface Run {
  code: number;
  stderr: string;
  stdout: string;
  ms: number;
}

/**
 * `deno run <flags> <script> <args>` with `stdin`, timed spawn → exit (as agents run it); the
 * flags are the hook's unless given (the installed thin client's: `clientRunFlags`).
 */
async function spawnTimed(
  script: string,
  args: string[],
  home: string,
  stdin: Uint8Array,
  flags: string[] = hookRunFlags(home),
): Promise<Run> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [...flags, script, ...args],
    cwd: REPO_ROOT,
    env: guardEnv(home),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const t0 = performance.now();
  const child = cmd.spawn();
  const w = child.stdin.getWriter();
  try {
    await w.write(stdin);
    await w.close();
  } catch {
    // the child may exit before reading everything
  }
  const out = await child.output();
  const ms = performance.now() - t0;
  const dec = new TextDecoder();
  return { code: out.code, stderr: dec.decode(out.stderr), stdout: dec.decode(out.stdout), ms };
}

/** "allow", "ask <rule>", "block <rule>", "fail <rule>" from a hook run. */
function outcome(r: Run): string {
  // Claude Code's stop is exit 0 with a JSON `permissionDecision` on stdout whose reason is
  // guard's line: an exit 0 is an allow only when neither stream holds guard's stop. An ask is
  // "APPROVAL NEEDED" (out of band) or "ASK" (routed to the agent's own prompt).
  const m = /guard: (BLOCKED|APPROVAL NEEDED|ASK|FAIL-CLOSED) \[([^\]]+)\]/.exec(
    `${r.stderr}\n${r.stdout}`,
  );
  if (!m) return r.code === 0 ? "allow" : `exit ${r.code}: ${r.stderr.trim().slice(0, 60)}`;
  const kind = m[1] === "BLOCKED" ? "block" : m[1] === "FAIL-CLOSED" ? "fail" : "ask";
  return `${kind} ${m[2]}`;
}

function matchesExpect(o: string, expect: E2EClass["expect"]): boolean {
  const action = o.split(" ")[0];
  return expect === "ask-or-block" ? action === "ask" || action === "block" : action === expect;
}

function payload(t: ToolInput, home: string, cwd: string): Uint8Array {
  const withHome = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll("{HOME}", home));
  return new TextEncoder().encode(JSON.stringify({
    session_id: "bench-session",
    transcript_path: `${home}/transcript.jsonl`,
    cwd,
    permission_mode: "default",
    hook_event_name: t.response ? "PostToolUse" : "PreToolUse",
    tool_name: t.tool,
    tool_input: withHome(t.input),
    ...(t.response ? { tool_response: withHome(t.response) } : {}),
  }));
}

async function writePolicy(home: string, toml: string): Promise<void> {
  const dir = `${home}/.aiguard`;
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  await Deno.chmod(dir, 0o700);
  await Deno.writeTextFile(`${dir}/policy.toml`, toml, { mode: 0o600 });
  await Deno.chmod(`${dir}/policy.toml`, 0o600);
}

// ---------------------------------------------------------------- in-process engine

await loadTreeSitter();

function context(home: string, policy: CompiledPolicy = EMPTY_POLICY): EngineContext {
  return {
    home,
    stateDir: `${home}/.aiguard`,
    guardPaths: [REPO_ROOT],
    policy,
    parser: makeShellParser((s) => parseWithTreeSitter(s, performance.now() + 5000), {
      fastPath: true,
    }),
    brace: (s: string) => expand(s, { max: 1000 }),
  };
}

function policyFrom(toml: string): CompiledPolicy {
  return compilePolicy(parseToml(toml) as Record<string, unknown>, "/bench/policy.toml", toml);
}

function shellCall(command: string, cwd: string): ToolCall {
  return {
    kind: "shell",
    agent: "claude",
    tool: "Bash",
    cwd,
    session: "bench",
    input: { command },
    command,
  };
}

function tryEvaluate(
  call: ToolCall,
  ctx: EngineContext,
): { ev: Evaluation | null; error: string | null } {
  try {
    return { ev: evaluate(call, ctx), error: null };
  } catch (e) {
    return { ev: null, error: `${(e as Error).name}: ${(e as Error).message}`.slice(0, 80) };
  }
}

const brief = (ev: Evaluation | null, error: string | null) =>
  ev ? `${ev.decision.action} ${ev.decision.rule}` : `throw ${error}`;

// ---------------------------------------------------------------- environment

/** stdout of a helper program, or "" (/proc is not readable under `--allow-read` alone). */
async function sh(cmd: string, args: string[]): Promise<string> {
  try {
    const out = await new Deno.Command(cmd, {
      args,
      cwd: REPO_ROOT,
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return new TextDecoder().decode(out.stdout).trim();
  } catch {
    return "";
  }
}

const loadavg = async () => (await sh("cat", ["/proc/loadavg"])).split(" ").slice(0, 3).join(" ");

const base = await tempHome("guard-bench-");
const home = `${base}/home`;
await Deno.mkdir(home, { mode: 0o700 });
const cwd = `${home}/project`;
const floorScript = `${base}/floor/empty.ts`;
await Deno.mkdir(`${base}/floor`);
await Deno.writeTextFile(floorScript, "");

const env = {
  date: new Date().toISOString(),
  deno: Deno.version.deno,
  v8: Deno.version.v8,
  typescript: Deno.version.typescript,
  os: `${Deno.build.os}-${Deno.build.arch}`,
  cpus: navigator.hardwareConcurrency,
  cpuModel: /model name\s*:\s*(.+)/.exec(await sh("cat", ["/proc/cpuinfo"]))?.[1]?.trim() ?? "",
  loadavgStart: await loadavg(),
  loadavgEnd: "",
  git: (await sh("git", ["rev-parse", "--short", "HEAD"])) +
    ((await sh("git", ["status", "--porcelain", "src"])) ? "+dirty(src)" : ""),
  guardFlags: guardFlags("$HOME"),
  hookFlags: hookRunFlags("$HOME").slice(1),
};

heading("Environment");
table(["key", "value"], [
  ["date", env.date],
  ["deno", `${env.deno} (v8 ${env.v8}, ts ${env.typescript})`],
  ["os", env.os],
  ["cpus", `${env.cpus} × ${env.cpuModel}`],
  ["loadavg", env.loadavgStart],
  ["git", env.git],
  ["guard flags", env.guardFlags.join(" ")],
  ["hook flags (what agents run)", env.hookFlags.join(" ")],
]);

const benchStart = performance.now();
try {
  // ============================================================ 1. end-to-end
  heading(
    `1. Hook end-to-end vs floor (${E2E_WARMUPS} warm-ups + ${E2E_RUNS} runs each, interleaved)`,
  );
  const encoded = E2E_CLASSES.map((c) => c.calls.map((t) => payload(t, home, cwd)));
  const client = clientRunFlags(home);
  const floorMs = E2E_CLASSES.map(() => [] as number[]);
  const guardMs = E2E_CLASSES.map(() => [] as number[]);
  const outcomes = E2E_CLASSES.map((c) => c.calls.map(() => new Map<string, number>()));
  const r = rng(0xb3c4);
  for (let round = 0; round < E2E_WARMUPS + E2E_RUNS; round++) {
    const warm = round < E2E_WARMUPS;
    for (const ci of shuffle(E2E_CLASSES.map((_, i) => i), r)) {
      const k = round % encoded[ci].length;
      const p = encoded[ci][k];
      const f = await spawnTimed(floorScript, [], home, p, client);
      // The installed hook as agents run it — the thin client with no evaluator up, so it
      // evaluates in-process: the cold path (section 12 times the warm one).
      const g = await spawnTimed(HOOK_TS, ["evaluate", "--agent", "claude"], home, p, client);
      if (f.code !== 0) throw new Error(`floor run failed (exit ${f.code}): ${f.stderr}`);
      const o = outcome(g);
      outcomes[ci][k].set(o, (outcomes[ci][k].get(o) ?? 0) + 1);
      if (!warm) {
        floorMs[ci].push(f.ms);
        guardMs[ci].push(g.ms);
      }
    }
  }
  const inProcCtx = context(home);
  const e2eClasses = E2E_CLASSES.map((c, ci) => {
    const fs = stats(floorMs[ci]);
    const gs = stats(guardMs[ci]);
    const ratio = gs.median / fs.median;
    const calls = c.calls.map((t, k) => {
      const seen = [...outcomes[ci][k].entries()];
      const parser = t.tool === "Bash"
        ? tryEvaluate(shellCall(String(t.input.command), cwd), inProcCtx).ev?.trace.parser ??
          "error"
        : "none";
      return {
        tool: t.tool,
        input: t.input,
        parser,
        outcomes: Object.fromEntries(seen),
        asExpected: seen.every(([o]) => matchesExpect(o, c.expect)),
      };
    });
    return {
      id: c.id,
      label: c.label,
      expect: c.expect,
      typical: c.typical,
      calls,
      floor: fs,
      guard: gs,
      deltaMedianMs: gs.median - fs.median,
      ratio,
      pass: ratio <= RATIO_TARGET,
      floorSamples: floorMs[ci],
      guardSamples: guardMs[ci],
    };
  });
  const isPost = (c: E2EClass) => c.calls.some((t) => t.response !== undefined);
  const mixOf = (pick: (c: E2EClass) => boolean) => {
    const ids = E2E_CLASSES.map((c, i) => (pick(c) ? i : -1)).filter((i) => i >= 0);
    const floor = stats(ids.flatMap((i) => floorMs[i]));
    const guard = stats(ids.flatMap((i) => guardMs[i]));
    const ratio = guard.median / floor.median;
    return { classes: ids.map((i) => E2E_CLASSES[i].id), floor, guard, ratio };
  };
  // The typical mix is the PreToolUse one (classes a–c, as before); PostToolUse has its own.
  const typ = mixOf((c) => c.typical && !isPost(c));
  const typicalMix = { ...typ, pass: typ.ratio <= RATIO_TARGET };
  const typPost = mixOf((c) => c.typical && isPost(c));
  const typicalPost = { ...typPost, pass: typPost.ratio <= RATIO_TARGET };
  // The worst class, PreToolUse and PostToolUse alike, against its own floor.
  const worstClass = e2eClasses.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const worst = {
    class: worstClass.id,
    ratio: worstClass.ratio,
    pass: worstClass.ratio <= WORST_RATIO_TARGET,
  };
  const allFloor = stats(floorMs.flat());
  table(
    [
      "class",
      "floor med",
      "floor p90",
      "guard med",
      "guard p90",
      "Δ med",
      "ratio",
      `≤${RATIO_TARGET}`,
      "decision (parser)",
    ],
    [
      ...e2eClasses.map((c) => [
        `${c.id} ${c.label}`,
        f1(c.floor.median),
        f1(c.floor.p90),
        f1(c.guard.median),
        f1(c.guard.p90),
        f1(c.deltaMedianMs),
        f2(c.ratio),
        verdict(c.pass),
        c.calls.map((x) =>
          `${Object.keys(x.outcomes).join("/")} (${x.parser})${x.asExpected ? "" : " UNEXPECTED"}`
        )
          .join("; "),
      ]),
      ...[["typical PreToolUse mix", typicalMix], ["typical PostToolUse mix", typicalPost]].map((
        [label, m],
      ) => {
        const x = m as typeof typicalMix;
        return [
          `${label} (${x.classes.join("+")})`,
          f1(x.floor.median),
          f1(x.floor.p90),
          f1(x.guard.median),
          f1(x.guard.p90),
          f1(x.guard.median - x.floor.median),
          f2(x.ratio),
          verdict(x.pass),
          "",
        ];
      }),
      [
        `worst class (${worst.class}), target ≤${WORST_RATIO_TARGET}`,
        "",
        "",
        "",
        "",
        "",
        f2(worst.ratio),
        verdict(worst.pass),
        "",
      ],
    ],
  );
  console.log(
    `times in ms; floor over all classes: median ${f1(allFloor.median)}, p90 ${f1(allFloor.p90)}`,
  );

  // ============================================================ 2. throughput
  heading(`2. In-process decisions per second (${MIX.length} commands, tree-sitter loaded)`);
  const ctx = context("/home/user");
  const mixCwd = "/home/user/project";
  const mixInfo = MIX.map((command) => {
    const { ev, error } = tryEvaluate(shellCall(command, mixCwd), ctx);
    return { command, parser: ev?.trace.parser ?? "error", decision: brief(ev, error), error };
  });
  const usable = mixInfo.filter((m) => !m.error);
  const subsets: Record<string, ToolCall[]> = {
    overall: usable.map((m) => shellCall(m.command, mixCwd)),
    "fast path": usable.filter((m) => m.parser === "fast").map((m) => shellCall(m.command, mixCwd)),
    "tree-sitter": usable.filter((m) => m.parser === "tree-sitter").map((m) =>
      shellCall(m.command, mixCwd)
    ),
  };
  let sink = 0;
  const runFor = (calls: ToolCall[], ms: number): number => {
    if (!calls.length) return NaN;
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    do {
      for (const c of calls) sink += evaluate(c, ctx).decision.action.length;
      n += calls.length;
      t = performance.now();
    } while (t - t0 < ms);
    return n / ((t - t0) / 1000);
  };
  runFor(subsets.overall, 500); // warm-up
  const rates: Record<string, number[]> = { overall: [], "fast path": [], "tree-sitter": [] };
  for (let i = 0; i < MIX_ROUNDS; i++) {
    rates.overall.push(runFor(subsets.overall, MIX_ROUND_MS));
    rates["fast path"].push(runFor(subsets["fast path"], SUBSET_ROUND_MS));
    rates["tree-sitter"].push(runFor(subsets["tree-sitter"], SUBSET_ROUND_MS));
  }
  if (sink === 0) console.log("(sink)");
  const throughput = Object.entries(subsets).map(([name, calls]) => {
    const s = stats(rates[name]);
    return {
      subset: name,
      commands: calls.length,
      decisionsPerSec: s.median,
      roundRates: rates[name],
      usPerDecision: 1e6 / s.median,
      pass: name === "overall" ? s.median >= DPS_TARGET : null,
    };
  });
  table(
    [
      "subset",
      "commands",
      "decisions/s (median)",
      "min..max of rounds",
      "µs/decision",
      `≥${int(DPS_TARGET)}`,
    ],
    throughput.map((t) => [
      t.subset,
      String(t.commands),
      int(t.decisionsPerSec),
      `${int(Math.min(...t.roundRates))}..${int(Math.max(...t.roundRates))}`,
      f1(t.usPerDecision),
      t.pass === null ? "" : verdict(t.pass),
    ]),
  );
  const errs = mixInfo.filter((m) => m.error);
  if (errs.length) {
    console.log(`excluded (threw): ${errs.map((m) => JSON.stringify(m.command)).join(", ")}`);
  }
  // Slowest commands of the mix, measured one by one (median of 20).
  const perCmd = usable.map((m) => {
    const call = shellCall(m.command, mixCwd);
    const xs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      evaluate(call, ctx);
      xs.push(performance.now() - t0);
    }
    return { ...m, medianUs: stats(xs).median * 1000 };
  });
  const slowest = [...perCmd].sort((a, b) => b.medianUs - a.medianUs).slice(0, 5);
  console.log("slowest commands of the mix (median of 20, µs):");
  table(
    ["µs", "parser", "decision", "command"],
    slowest.map((
      m,
    ) => [f1(m.medianUs), m.parser, m.decision, JSON.stringify(m.command).slice(0, 60)]),
  );

  // ============================================================ 3. adversarial
  heading(
    `3. Adversarial worst cases (in process: ${ADV_INPROC_RUNS} runs; end-to-end: ${ADV_E2E_RUNS} runs)`,
  );
  const adversarial = [];
  for (const a of ADVERSARIAL) {
    const policy = a.policy ? policyFrom(a.policy) : EMPTY_POLICY;
    const actx = context(home, policy);
    const call = shellCall(a.command, cwd);
    const xs: number[] = [];
    let res: { ev: Evaluation | null; error: string | null } = { ev: null, error: null };
    for (let i = 0; i < ADV_INPROC_RUNS; i++) {
      const t0 = performance.now();
      res = tryEvaluate(call, actx);
      xs.push(performance.now() - t0);
    }
    const inproc = stats(xs);
    // The user regexes alone, against the whole command (isolates the regex engine).
    let regexMs: number | null = null;
    if (policy.rules.length) {
      const rs: number[] = [];
      for (let i = 0; i < ADV_INPROC_RUNS; i++) {
        const t0 = performance.now();
        for (const rule of policy.rules) rule.re.test(a.command);
        rs.push(performance.now() - t0);
      }
      regexMs = stats(rs).median;
    }
    const ahome = a.policy ? `${base}/home-${a.id}` : home;
    if (a.policy) {
      await Deno.mkdir(ahome, { mode: 0o700 });
      await writePolicy(ahome, a.policy);
    }
    const p = payload({ tool: "Bash", input: { command: a.command } }, ahome, `${ahome}/project`);
    const es: number[] = [];
    const eo = new Set<string>();
    for (let i = 0; i < ADV_E2E_RUNS; i++) {
      const g = await spawnTimed(MAIN_TS, ["evaluate"], ahome, p);
      es.push(g.ms);
      eo.add(outcome(g));
    }
    const e2e = stats(es);
    adversarial.push({
      id: a.id,
      label: a.label,
      commandChars: a.command.length,
      payloadBytes: p.length,
      policy: a.policy ?? null,
      decision: brief(res.ev, res.error),
      parser: res.ev?.trace.parser ?? "error",
      inProcess: { ...inproc, samples: xs },
      userRegexMedianMs: regexMs,
      pass: inproc.median <= ADV_TARGET_MS,
      e2e: {
        ...e2e,
        samples: es,
        minusFloorMedianMs: e2e.median - allFloor.median,
        outcomes: [...eo],
      },
    });
  }
  table(
    [
      "case",
      "chars",
      "decision (parser)",
      "inproc med",
      "max",
      `≤${ADV_TARGET_MS}`,
      "user re",
      "e2e med",
      "e2e-floor",
      "e2e decision",
    ],
    adversarial.map((a) => [
      a.label,
      int(a.commandChars),
      `${a.decision} (${a.parser})`,
      f1(a.inProcess.median),
      f1(a.inProcess.max),
      verdict(a.pass),
      a.userRegexMedianMs === null ? "" : f2(a.userRegexMedianMs),
      f1(a.e2e.median),
      f1(a.e2e.minusFloorMedianMs),
      a.e2e.outcomes.join(" / "),
    ]),
  );
  console.log(
    `times in ms; PASS/MISS judges the in-process median; e2e includes the CLI's fixed start-up ` +
      `(floor median ${
        f1(allFloor.median)
      } ms, subtracted in e2e-floor); "user re" = the policy regexes alone`,
  );

  // ============================================================ 4. approvals
  heading(`4. Approval check with ${PENDING.toLocaleString("en-US")} pending challenges`);
  /** The hook's approval-path work for one ask: token, consume attempt, prune check, challenge write. */
  const approvalWork = async (stateDir: string, command: string) => {
    const token = await challengeToken(command);
    const now = Date.now();
    await consumeApproval(stateDir, token, command, "/w", now);
    pruneIfDue(stateDir, now);
    writeChallenge(stateDir, {
      token,
      tool: "Bash",
      agent: "bench",
      call: command,
      cwd: "/w",
      session: "b",
      risk: "medium",
      warning: "bench",
      rule: "default.ask",
      created_at: new Date(now).toISOString(),
    });
  };
  const emptyHome = await tempHome("guard-bench-appr-");
  const fullHome = await tempHome("guard-bench-appr-");
  for (const h of [emptyHome, fullHome]) ensureStateDir(`${h}/.aiguard`);
  for (let i = 0; i < PENDING; i++) {
    const call = `npm run task-${i}`;
    writeChallenge(`${fullHome}/.aiguard`, {
      token: await challengeToken(call),
      tool: "Bash",
      agent: "bench",
      call,
      cwd: "/w",
      session: "b",
      risk: "medium",
      warning: "bench",
      rule: "default.ask",
      created_at: new Date().toISOString(),
    });
  }
  const pruneStart = performance.now();
  pruneIfDue(`${fullHome}/.aiguard`, Date.now(), true);
  const pruneMs = performance.now() - pruneStart;
  const inproc: Record<string, number[]> = { empty: [], full: [] };
  for (let i = 0; i < 300; i++) {
    for (const [k, h] of [["empty", emptyHome], ["full", fullHome]] as const) {
      const t = performance.now();
      await approvalWork(`${h}/.aiguard`, `npm test --shard=${i % 7}`);
      if (i >= 20) inproc[k].push(performance.now() - t);
    }
  }
  const e2eAsk: Record<string, number[]> = { empty: [], full: [] };
  const askPayload = payload(
    { tool: "Bash", input: { command: "mystery-tool lint" } },
    emptyHome,
    cwd,
  );
  for (let i = 0; i < 3 + 30; i++) {
    for (const [k, h] of [["empty", emptyHome], ["full", fullHome]] as const) {
      const r = await spawnTimed(MAIN_TS, ["evaluate"], h, askPayload);
      if (r.code !== 2) {
        throw new Error(`approval bench: expected an ask, got ${r.code} ${r.stderr}`);
      }
      if (i >= 3) e2eAsk[k].push(r.ms);
    }
  }
  const ip = { empty: stats(inproc.empty), full: stats(inproc.full) };
  const ee = { empty: stats(e2eAsk.empty), full: stats(e2eAsk.full) };
  const addedInproc = ip.full.median - ip.empty.median;
  const addedE2e = ee.full.median - ee.empty.median;
  table(
    ["measure", "0 pending", `${PENDING} pending`, "added", `≤${APPROVAL_TARGET_MS} ms`],
    [
      [
        "approval path in process (median ms)",
        f2(ip.empty.median),
        f2(ip.full.median),
        f2(addedInproc),
        verdict(ip.full.median <= APPROVAL_TARGET_MS),
      ],
      [
        "ask through the CLI (median ms)",
        f1(ee.empty.median),
        f1(ee.full.median),
        f1(addedE2e),
        verdict(addedE2e <= APPROVAL_TARGET_MS),
      ],
      [
        `one pruning sweep over ${PENDING} challenges (ms, at most once a minute)`,
        "",
        f1(pruneMs),
        "",
        "",
      ],
    ],
  );
  console.log("the approval path = challenge token, consume attempt, prune check, challenge write");
  await Deno.remove(emptyHome, { recursive: true }).catch(() => {});
  await Deno.remove(fullHome, { recursive: true }).catch(() => {});
  const approvals = {
    pending: PENDING,
    inProcessMs: ip,
    addedInProcessMs: addedInproc,
    e2eAskMs: ee,
    addedE2eMs: addedE2e,
    pruneSweepMs: pruneMs,
    target: APPROVAL_TARGET_MS,
  };

  // ============================================================ 5. audit log
  heading("5. Audit log: appends per second (one process, lock included) and verification");
  const appendRates: number[] = [];
  for (let round = 0; round < AUDIT_APPEND_ROUNDS; round++) {
    const h = await tempHome("guard-bench-audit-");
    const dir = `${h}/.aiguard`;
    ensureStateDir(dir);
    const t = performance.now();
    for (let i = 0; i < AUDIT_APPENDS; i++) {
      await appendAudit(dir, {
        time: new Date().toISOString(),
        source: "hook:claude",
        session: "bench",
        tool: "Bash",
        call: `git -C /home/user/project log --oneline -n ${i} -- src/module_${i}.ts`,
        decision: {
          action: "allow",
          risk: "low",
          rule: "safe.readonly",
          warning: "Read-only command (git)",
          remediation: "",
        },
        event: "PreToolUse",
      });
    }
    appendRates.push(AUDIT_APPENDS / ((performance.now() - t) / 1000));
    await Deno.remove(h, { recursive: true }).catch(() => {});
  }
  appendRates.sort((a, b) => a - b);
  const appendMedian = appendRates[Math.floor(appendRates.length / 2)];

  const vHome = await tempHome("guard-bench-verify-");
  const vDir = `${vHome}/.aiguard`;
  ensureStateDir(vDir);
  const genStart = performance.now();
  const logBytes = writeLargeLog(vDir, AUDIT_VERIFY_ENTRIES);
  const genS = (performance.now() - genStart) / 1000;
  const verifyRuns: number[] = [];
  let verifyLine = "";
  for (let i = 0; i < 1 + AUDIT_VERIFY_RUNS; i++) {
    const t = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: [...runFlags(vHome), MAIN_TS, "audit", "verify"],
      cwd: REPO_ROOT,
      env: guardEnv(vHome),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const ms = performance.now() - t;
    verifyLine = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1) ?? "";
    if (out.code !== 0) throw new Error(`audit bench: verify failed: ${verifyLine}`);
    if (i > 0) verifyRuns.push(ms); // the first run warms the module cache
  }
  const vs = stats(verifyRuns);
  await Deno.remove(vHome, { recursive: true }).catch(() => {});
  table(
    ["measure", "median", "range", "target", ""],
    [
      [
        `appends per second (${AUDIT_APPEND_ROUNDS} × ${AUDIT_APPENDS}, redacted mode, checkpoint every 100)`,
        appendMedian.toFixed(0),
        `${appendRates[0].toFixed(0)}–${appendRates.at(-1)!.toFixed(0)}`,
        `≥${AUDIT_APPEND_TARGET}`,
        verdict(appendMedian >= AUDIT_APPEND_TARGET),
      ],
      [
        `guard audit verify, ${AUDIT_VERIFY_ENTRIES.toLocaleString("en-US")} entries (${
          (logBytes / 1e6).toFixed(0)
        } MB), process start to exit (s)`,
        (vs.median / 1000).toFixed(2),
        `${(vs.min / 1000).toFixed(2)}–${(vs.max / 1000).toFixed(2)}`,
        `≤${AUDIT_VERIFY_TARGET_S}`,
        verdict(vs.median / 1000 <= AUDIT_VERIFY_TARGET_S),
      ],
    ],
  );
  console.log(`verify said: ${verifyLine} (log generated in ${genS.toFixed(1)} s)`);
  const audit = {
    appendsPerSec: { median: appendMedian, all: appendRates, target: AUDIT_APPEND_TARGET },
    verify: {
      entries: AUDIT_VERIFY_ENTRIES,
      bytes: logBytes,
      ms: vs,
      targetS: AUDIT_VERIFY_TARGET_S,
      output: verifyLine,
    },
  };

  // ============================================================ 6. detectors
  heading("6. Output detectors: scanning speed and quality on tests/eval");
  const corpus: string[] = [];
  for (const set of ["benign", "injection", "secrets"]) {
    for (const split of ["dev", "test"]) {
      for (
        const d of JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/tests/eval/${set}/${split}.json`))
      ) {
        corpus.push(d.text);
      }
    }
  }
  const corpusBytes = corpus.reduce((a, t) => a + new TextEncoder().encode(t).length, 0);
  const mbps = (fn: (t: string) => unknown, texts: string[], bytes: number) => {
    for (const t of texts.slice(0, 50)) fn(t);
    const rates: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      for (const t of texts) fn(t);
      rates.push(bytes / 1e6 / ((performance.now() - t0) / 1000));
    }
    rates.sort((a, b) => a - b);
    return rates[1];
  };
  const big = corpus.join("\n\n").repeat(Math.ceil(10e6 / corpusBytes)).slice(0, 10_000_000);
  const bigBytes = new TextEncoder().encode(big).length;
  const speed = {
    documents: corpus.length,
    corpusBytes,
    perDocument: {
      both: mbps((t) => detect(t), corpus, corpusBytes),
      secrets: mbps((t) => detect(t, { injection: false }), corpus, corpusBytes),
      injection: mbps((t) => detect(t, { secrets: false }), corpus, corpusBytes),
    },
    oneDocument10MB: mbps((t) => detect(t), [big], bigBytes),
  };
  const quality: Record<string, unknown> = {};
  const splits = ["dev", "test"] as Split[];
  try {
    Deno.statSync(`${REPO_ROOT}/tests/eval/injection/holdout.json`);
    splits.push("holdout" as Split);
  } catch { /* no holdout split yet */ }
  const qrows: string[][] = [];
  for (const split of splits) {
    const iq = injectionQuality(split);
    const sq = split === "holdout" ? null : secretQuality(split);
    quality[split] = {
      injection: {
        attacks: iq.attacks,
        detectionRate: iq.detectionRate,
        benign: iq.benign,
        falsePositiveRate: iq.falsePositiveRate,
      },
      secrets: sq && { recall: sq.recall, precision: sq.precision, expected: sq.expected },
    };
    qrows.push([
      split,
      `${(iq.detectionRate * 100).toFixed(1)} % of ${iq.attacks}`,
      `${(iq.falsePositiveRate * 100).toFixed(1)} % of ${iq.benign}`,
      verdict(iq.detectionRate >= 0.95 && iq.falsePositiveRate <= 0.01),
      sq ? `${(sq.recall * 100).toFixed(1)} %` : "-",
      sq ? `${(sq.precision * 100).toFixed(1)} %` : "-",
      sq ? verdict(sq.recall >= 0.95 && sq.precision >= 0.95) : "",
    ]);
  }
  table([
    "split",
    "injection detected",
    "benign flagged",
    "≥95/≤1",
    "secret recall",
    "precision",
    "≥95/95",
  ], qrows);
  table(
    ["scan speed (MB/s)", "median of 3", "target ≥50", ""],
    [
      [
        `per document, both detectors (${corpus.length} docs, ${
          (corpusBytes / 1e6).toFixed(1)
        } MB)`,
        speed.perDocument.both.toFixed(1),
        "",
        verdict(speed.perDocument.both >= 50),
      ],
      ["per document, secrets only", speed.perDocument.secrets.toFixed(1), "", ""],
      ["per document, injection only", speed.perDocument.injection.toFixed(1), "", ""],
      [
        "one 10 MB document, both detectors",
        speed.oneDocument10MB.toFixed(1),
        "",
        verdict(speed.oneDocument10MB >= 50),
      ],
    ],
  );
  console.log(
    "dev and test were used for tuning (test after its first measurement); holdout is the untouched split",
  );
  const detectors = { speed, quality, targets: { mbps: 50, detection: 0.95, falsePositive: 0.01 } };

  // ============================================================ 7. MCP proxy
  heading(
    "7. MCP proxy: 10,000 small tools/call, direct vs a bare pipe vs guard proxy; 10 MiB result and resource",
  );
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const pHome = await tempHome("guard-bench-mcp-");
  ensureStateDir(`${pHome}/.aiguard`);
  Deno.writeTextFileSync(
    `${pHome}/.aiguard/policy.toml`,
    'allow = ["^mcp__bench__(notes|big) "]\n',
    { mode: 0o600 },
  );
  const fixture = [Deno.execPath(), "run", "-A", `${REPO_ROOT}/tests/fixtures/mcp_server.ts`];
  const variants: [string, string[]][] = [
    ["direct", fixture],
    ["bare pipe", [
      Deno.execPath(),
      "run",
      "--allow-run",
      `${REPO_ROOT}/scripts/bare_pipe.ts`,
      ...fixture,
    ]],
    [
      "guard proxy",
      [Deno.execPath(), ...proxyRunArgs(pHome, "bench", fixture)],
    ],
  ];
  const PROXY_CALLS = 10_000;
  const proxyRows: string[][] = [];
  const proxyResults: Record<string, { callsPerSec: number; latencyMs: Stats }> = {};
  let bigScan:
    | {
      ms: number;
      mib: number;
      peakRssMiB: number | null;
      baseRssMiB: number | null;
      directMs: number;
    }
    | null = null;
  for (const [label, cmd] of variants) {
    const transport = new StdioClientTransport({
      command: cmd[0],
      args: cmd.slice(1),
      env: guardEnv(pHome),
      stderr: "ignore",
      // The SDK's default read buffer is 10 MiB: a 10 MiB result with its JSON envelope exceeds it.
      maxBufferSize: 64 * 1024 * 1024,
    });
    const client = new Client({ name: "bench", version: "1" });
    await client.connect(transport);
    await client.listTools();
    for (let i = 0; i < 200; i++) {
      await client.callTool({ name: "notes", arguments: { text: `warm-up ${i}` } });
    }
    const lat: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < PROXY_CALLS; i++) {
      const a = performance.now();
      await client.callTool({ name: "notes", arguments: { text: `note number ${i}` } });
      lat.push(performance.now() - a);
    }
    const ms = performance.now() - t0;
    proxyResults[label] = { callsPerSec: PROXY_CALLS / (ms / 1000), latencyMs: stats(lat) };
    await client.close();
  }
  // The 10 MiB messages are measured with a raw line client (scripts/bench_proxy_big.ts): a
  // tool result and a resources/read answer, both scanned as they arrive.
  const bigRun = async (
    cmd: string[],
    req: { method: string; params: Record<string, unknown> },
  ) => {
    const r = await bigMedian(cmd, pHome, req.method, req.params);
    if (r.withheld || r.bytes < 10 * 1024 * 1024) {
      throw new Error(`proxy bench: the 10 MiB ${req.method} answer was withheld`);
    }
    return r;
  };
  const bigMedianTool = (cmd: string[], args: Record<string, unknown>) =>
    bigMedian(cmd, pHome, "tools/call", { name: "big", arguments: args });
  const bigDirect = await bigRun(variants[0][1], BIG_TOOL);
  const bigProxy = await bigRun(variants[2][1], BIG_TOOL);
  const resDirect = await bigRun(variants[0][1], BIG_RESOURCE);
  const resProxy = await bigRun(variants[2][1], BIG_RESOURCE);
  const bigResource = {
    ms: resProxy.ms,
    mib: 10,
    peakRssMiB: resProxy.peakRssMiB,
    baseRssMiB: resProxy.baseRssMiB,
    directMs: resDirect.ms,
  };
  bigScan = {
    ms: bigProxy.ms,
    mib: 10,
    peakRssMiB: bigProxy.peakRssMiB,
    baseRssMiB: bigProxy.baseRssMiB,
    directMs: bigDirect.ms,
  };
  // A 10 MB result of real documents (the detector corpus of section 6 joined: prose, code,
  // configuration, some of it hostile): slower to scan than lorem ipsum, and withheld.
  const docFile = `${pHome}/corpus-10mb.txt`;
  Deno.writeTextFileSync(docFile, big);
  const docDirect = await bigMedianTool(variants[0][1], { file: docFile });
  const docProxy = await bigMedianTool(variants[2][1], { file: docFile });
  const bigDoc = {
    mb: bigBytes / 1e6,
    ms: docProxy.ms,
    directMs: docDirect.ms,
    withheld: docProxy.withheld,
    peakRssMiB: docProxy.peakRssMiB,
    baseRssMiB: docProxy.baseRssMiB,
  };
  const direct = proxyResults["direct"];
  const bare = proxyResults["bare pipe"];
  const guarded = proxyResults["guard proxy"];
  for (const [label] of variants) {
    const r = proxyResults[label];
    proxyRows.push([
      label,
      r.callsPerSec.toFixed(0),
      f2(r.latencyMs.median),
      f2(r.latencyMs.p90),
      (r.callsPerSec / bare.callsPerSec).toFixed(2),
      f2(r.latencyMs.median - direct.latencyMs.median),
    ]);
  }
  table(["path", "calls/s", "median ms", "p90 ms", "× bare", "added vs direct (ms)"], proxyRows);
  const bigR = bigScan!;
  table(
    ["measure", "value", "target", ""],
    [
      [
        "proxy throughput vs bare pipe",
        (guarded.callsPerSec / bare.callsPerSec).toFixed(2) + "×",
        "≥0.9×",
        verdict(guarded.callsPerSec / bare.callsPerSec >= 0.9),
      ],
      [
        "added median latency vs direct (ms)",
        f2(guarded.latencyMs.median - direct.latencyMs.median),
        "≤0.3",
        verdict(guarded.latencyMs.median - direct.latencyMs.median <= 0.3),
      ],
      [
        "10 MiB result through the proxy, scanned (ms; direct in brackets)",
        `${f1(bigR.ms)} (${f1(bigR.directMs)})`,
        "≤200",
        verdict(bigR.ms <= 200),
      ],
      [
        "peak RSS of the proxy (MiB; idle before the big result)",
        `${bigR.peakRssMiB?.toFixed(0) ?? "-"} (${bigR.baseRssMiB?.toFixed(0) ?? "-"})`,
        "≤3× message",
        bigR.peakRssMiB !== null && bigR.baseRssMiB !== null
          ? verdict(bigR.peakRssMiB - bigR.baseRssMiB <= 3 * bigR.mib)
          : "",
      ],
      [
        "10 MiB resources/read through the proxy, scanned (ms; direct in brackets)",
        `${f1(bigResource.ms)} (${f1(bigResource.directMs)})`,
        "≤200",
        verdict(bigResource.ms <= 200),
      ],
      [
        "peak RSS of the proxy for it (MiB; idle before)",
        `${bigResource.peakRssMiB?.toFixed(0) ?? "-"} (${
          bigResource.baseRssMiB?.toFixed(0) ?? "-"
        })`,
        "≤3× message",
        bigResource.peakRssMiB !== null && bigResource.baseRssMiB !== null
          ? verdict(bigResource.peakRssMiB - bigResource.baseRssMiB <= 3 * bigResource.mib)
          : "",
      ],
      [
        `${bigDoc.mb.toFixed(0)} MB of real documents through the proxy (ms; direct in brackets)`,
        `${f1(bigDoc.ms)} (${f1(bigDoc.directMs)})${bigDoc.withheld ? ", withheld" : ""}`,
        "",
        "",
      ],
      [
        "peak RSS of the proxy for them (MiB; idle before)",
        `${bigDoc.peakRssMiB?.toFixed(0) ?? "-"} (${bigDoc.baseRssMiB?.toFixed(0) ?? "-"})`,
        "≤3× message",
        bigDoc.peakRssMiB !== null && bigDoc.baseRssMiB !== null
          ? verdict(bigDoc.peakRssMiB - bigDoc.baseRssMiB <= 3 * bigDoc.mb / 1.048576)
          : "",
      ],
    ],
  );
  // Streamable HTTP upstream: the SDK client straight to a local server vs the SDK's stdio
  // client through `guard proxy --url` to the same server (scripts/bench_http.ts).
  const { benchHttpUpstream } = await import("./bench_http.ts");
  const http = await benchHttpUpstream(2000);
  table(["Streamable HTTP upstream", "calls/s", "median ms", "× direct", ""], [
    [
      "SDK client → server (HTTP)",
      http.direct.callsPerSec.toFixed(0),
      f2(http.direct.medianMs),
      "1.00",
      "",
    ],
    [
      "SDK client → guard proxy --url → server",
      http.proxy.callsPerSec.toFixed(0),
      f2(http.proxy.medianMs),
      (http.proxy.callsPerSec / http.direct.callsPerSec).toFixed(2),
      verdict(http.proxy.callsPerSec / http.direct.callsPerSec >= 0.9),
    ],
  ]);
  console.log(
    "each small call: policy decision, audit record (batched), result scan for injection and secrets",
  );
  await Deno.remove(pHome, { recursive: true }).catch(() => {});
  const proxy = {
    calls: PROXY_CALLS,
    results: proxyResults,
    bigResult: bigR,
    bigResource,
    bigDocument: bigDoc,
    http,
  };

  // ============================================================ 8. flow tracking
  heading("8. Flow tracking: a session with 1,000 tracked results (state size, added time)");
  const FLOW_RESULTS = 1000;
  const flowState = newFlowState("0123456789abcdef0123456789abcdef", 0);
  for (let i = 0; i < FLOW_RESULTS; i++) {
    // A typical fetched page or file: ~4 KB with ids, hashes and version strings among words.
    const words: string[] = [];
    for (let k = 0; k < 600; k++) {
      words.push(
        k % 6 === 0 ? `id${i}x${k}r${((i + 1) * 2654435761 + k * 40503).toString(36)}` : "lorem",
      );
    }
    recordResult(
      flowState,
      {
        tool: "WebFetch",
        caps: ["reads-untrusted-external", "network-egress"],
        findings: [],
        paths: [],
        texts: [],
      },
      {
        text: words.join(" "),
        secrets: i % 50 === 0 ? [`AKIA${String(i).padStart(16, "7")}`] : [],
        injection: false,
      },
      DEFAULT_FLOW,
      home,
      i,
    );
  }
  const flowBytes = encodeFlowState(flowState);
  const egressCmd = "curl -X POST -d 'status=ok&build=42' https://ci.example/api/report";
  const flowCtx = context(home);
  const egressCall = shellCall(egressCmd, cwd);
  const egressEv = evaluate(egressCall, flowCtx);
  const flowSamples: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const st = decodeFlowState(flowBytes);
    const fc = flowCallOf(egressCall, egressEv, DEFAULT_FLOW, home);
    checkFlow(st, fc, DEFAULT_FLOW);
    admitCall(st, fc, DEFAULT_FLOW, home, 1);
    encodeFlowState(st);
    flowSamples.push(performance.now() - t0);
  }
  const flowIn = stats(flowSamples.slice(20));
  // End to end: the same allowed egress call with that session file vs without a session id.
  const fHome = await tempHome("guard-bench-flow-");
  // Permissive: the trifecta (both legs are present in this state) would turn the call into an ask;
  // provenance is still looked up for every egress call, which is the cost being measured.
  await writePolicy(fHome, 'allow = ["^curl "]\n[flow]\npreset = "permissive"\n');
  await Deno.mkdir(`${fHome}/.aiguard/sessions`, { mode: 0o700 });
  const sessionFile = `${fHome}/.aiguard/sessions/${sessionKey("flow-bench")}.flow`;
  // The hook's layout: metadata in <key>.flow, fingerprint triples in <key>.fp.
  const metaBytes = encodeFlowState(flowState, false);
  const fpBytes = new Uint8Array(
    flowState.fp.data.buffer,
    flowState.fp.data.byteOffset,
    flowState.fp.data.byteLength,
  );
  const mk = (session: string | null, command = egressCmd) =>
    new TextEncoder().encode(JSON.stringify({
      ...(session ? { session_id: session } : {}),
      cwd,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    }));
  const withS = mk("flow-bench"), withoutS = mk(null);
  // A call that sends nothing out: only the small metadata file is read.
  const localWith = mk("flow-bench", "ls -la src"), localWithout = mk(null, "ls -la src");
  const eWith: number[] = [], eWithout: number[] = [];
  const lWith: number[] = [], lWithout: number[] = [];
  for (let round = 0; round < 3 + 30; round++) {
    Deno.writeFileSync(sessionFile, metaBytes, { mode: 0o600 });
    Deno.writeFileSync(sessionFile.replace(/\.flow$/, ".fp"), fpBytes, { mode: 0o600 });
    const a = await spawnTimed(MAIN_TS, ["evaluate"], fHome, withS);
    const b = await spawnTimed(MAIN_TS, ["evaluate"], fHome, withoutS);
    if (a.code !== 0 || b.code !== 0) {
      throw new Error(`flow bench: unexpected decision: ${a.stderr} ${b.stderr}`);
    }
    const c = await spawnTimed(MAIN_TS, ["evaluate"], fHome, localWith);
    const d = await spawnTimed(MAIN_TS, ["evaluate"], fHome, localWithout);
    if (round >= 3) {
      eWith.push(a.ms);
      eWithout.push(b.ms);
      lWith.push(c.ms);
      lWithout.push(d.ms);
    }
  }
  await Deno.remove(fHome, { recursive: true }).catch(() => {});
  const ew = stats(eWith), eo = stats(eWithout);
  const lw = stats(lWith), lo = stats(lWithout);
  table(
    ["measure", "value", "target", ""],
    [
      [
        `session file with ${FLOW_RESULTS} results (${flowState.fp.size} fingerprints), KiB`,
        (flowBytes.length / 1024).toFixed(0),
        "≤1024",
        verdict(flowBytes.length <= 1024 * 1024),
      ],
      [
        "in process: load + check + admit + save (median ms)",
        f2(flowIn.median),
        "≤5",
        verdict(flowIn.median <= 5),
      ],
      [
        "hook end to end, a local call (ls) with that session vs none (median ms)",
        `${f1(lw.median)} vs ${f1(lo.median)} (+${f1(lw.median - lo.median)})`,
        "≤5 added",
        verdict(lw.median - lo.median <= 5),
      ],
      [
        "hook end to end, an egress call (curl POST) with that session vs none (median ms)",
        `${f1(ew.median)} vs ${f1(eo.median)} (+${f1(ew.median - eo.median)})`,
        "≤5 added",
        verdict(ew.median - eo.median <= 5),
      ],
    ],
  );
  const flowBench = {
    results: FLOW_RESULTS,
    fingerprints: flowState.fp.size,
    sessionBytes: flowBytes.length,
    inProcessMs: flowIn,
    e2eWithSessionMs: ew,
    e2eWithoutSessionMs: eo,
    e2eLocalWithSessionMs: lw,
    e2eLocalWithoutSessionMs: lo,
  };

  // ============================================================ 9. generated shell (fuzz)
  const FUZZ_INPUTS = Number(Deno.env.get("GUARD_BENCH_FUZZ_INPUTS") ?? 100_000);
  const FUZZ_SEED = Number(Deno.env.get("GUARD_BENCH_FUZZ_SEED") ?? 0xb3c4_f022);
  if (!Number.isSafeInteger(FUZZ_INPUTS) || FUZZ_INPUTS < 0 || !Number.isSafeInteger(FUZZ_SEED)) {
    throw new Error("GUARD_BENCH_FUZZ_INPUTS and GUARD_BENCH_FUZZ_SEED must be integers");
  }
  const FUZZ_TARGET_MS = 100;
  const FUZZ_SHOWN = 5;
  heading(
    `9. Generated shell (tests/fuzz/shell_gen.ts, seed ${FUZZ_SEED}): ${
      int(FUZZ_INPUTS)
    } inputs, fast path on and off`,
  );
  // The harness's paths (tests/harness.ts): the generator aims at /home/user and /opt/guard.
  const fuzzFast: EngineContext = { ...context("/home/user"), guardPaths: ["/opt/guard"] };
  const fuzzSlow: EngineContext = {
    ...fuzzFast,
    parser: makeShellParser((s) => parseWithTreeSitter(s, performance.now() + 5000), {
      fastPath: false,
    }),
  };
  const fuzzCwd = "/home/user/project";
  const fuzzDecide = (command: string, c: EngineContext): string => {
    const { ev, error } = tryEvaluate(shellCall(command, fuzzCwd), c);
    return ev ? `${ev.decision.action} ${ev.decision.rule}` : `THROWS ${error}`;
  };
  interface FuzzCase {
    index: number;
    kind: string;
    chars: number;
    input: string;
    fast: string;
    slow: string;
    ms: number;
  }
  const fuzzCase = (i: number, cmd: string, fast: string, slow: string, ms: number): FuzzCase => ({
    index: i,
    kind: kindAt(FUZZ_SEED, i),
    chars: cmd.length,
    input: cmd.length <= 2000 ? cmd : cmd.slice(0, 2000),
    fast,
    slow,
    ms,
  });
  for (let i = 0; i < Math.min(500, FUZZ_INPUTS); i++) { // warm-up, untimed
    const cmd = inputAt(FUZZ_SEED + 1, i);
    fuzzDecide(cmd, fuzzFast);
    fuzzDecide(cmd, fuzzSlow);
  }
  const fuzzStart = performance.now();
  const fuzzMs = new Float64Array(FUZZ_INPUTS);
  let slowMax = 0;
  const threw: FuzzCase[] = [];
  const disagreed: FuzzCase[] = [];
  const overTarget: FuzzCase[] = [];
  const byKind: Record<string, { inputs: number; maxMs: number; failures: number }> = {};
  for (let i = 0; i < FUZZ_INPUTS; i++) {
    const cmd = inputAt(FUZZ_SEED, i);
    let t0 = performance.now();
    const fast = fuzzDecide(cmd, fuzzFast);
    let ms = performance.now() - t0;
    if (ms > FUZZ_TARGET_MS) {
      // Once more, so that a GC pause or a busy neighbour does not count: the faster run is kept.
      t0 = performance.now();
      fuzzDecide(cmd, fuzzFast);
      ms = Math.min(ms, performance.now() - t0);
    }
    fuzzMs[i] = ms;
    t0 = performance.now();
    const slow = fuzzDecide(cmd, fuzzSlow);
    slowMax = Math.max(slowMax, performance.now() - t0);
    const k = byKind[kindAt(FUZZ_SEED, i)] ??= { inputs: 0, maxMs: 0, failures: 0 };
    k.inputs++;
    k.maxMs = Math.max(k.maxMs, ms);
    const bad = fast.startsWith("THROWS") || slow.startsWith("THROWS") || fast !== slow ||
      ms > FUZZ_TARGET_MS;
    if (!bad) continue;
    k.failures++;
    const c = fuzzCase(i, cmd, fast, slow, ms);
    if (fast.startsWith("THROWS") || slow.startsWith("THROWS")) threw.push(c);
    else if (fast !== slow) disagreed.push(c);
    if (ms > FUZZ_TARGET_MS) overTarget.push(c);
  }
  const fuzzSeconds = (performance.now() - fuzzStart) / 1000;
  const sortedMs = [...fuzzMs].sort((a, b) => a - b);
  const fuzzP99 = quantile(sortedMs, 0.99);
  const fuzzMax = sortedMs[sortedMs.length - 1] ?? NaN;
  table(
    ["property", "value", "target", ""],
    [
      ["inputs run (each with the fast path on and off)", int(FUZZ_INPUTS), "", ""],
      ["1. evaluate threw", String(threw.length), "0", threw.length ? "FAIL" : "PASS"],
      [
        "2. fast path and tree-sitter decide differently (action or rule)",
        String(disagreed.length),
        "0",
        disagreed.length ? "FAIL" : "PASS",
      ],
      [
        `3. decisions over ${FUZZ_TARGET_MS} ms (fast path on)`,
        String(overTarget.length),
        "0",
        overTarget.length ? "FAIL" : "PASS",
      ],
      [
        "   per-input decision time, median / p99 / max (ms)",
        `${f2(quantile(sortedMs, 0.5))} / ${f2(fuzzP99)} / ${f1(fuzzMax)}`,
        `≤${FUZZ_TARGET_MS}`,
        "",
      ],
      ["   tree-sitter only: max (ms)", f1(slowMax), "", ""],
    ],
  );
  table(
    ["kind", "inputs", "max ms", "failing inputs"],
    Object.entries(byKind).map((
      [kind, k],
    ) => [kind, int(k.inputs), f1(k.maxMs), String(k.failures)]),
  );
  console.log(
    `${fuzzSeconds.toFixed(0)} s; times are one evaluation with the fast path on (an input over ` +
      `${FUZZ_TARGET_MS} ms is timed twice, the faster run kept); inputAt(seed, index) rebuilds an input`,
  );
  for (
    const [title, xs] of [
      ["property 1, evaluate threw", threw],
      ["property 2, fast path and tree-sitter disagree", disagreed],
      [`property 3, over ${FUZZ_TARGET_MS} ms`, overTarget],
    ] as const
  ) {
    if (!xs.length) continue;
    console.log(
      `\nFUZZ FAILURE: ${title}: ${xs.length} input(s); the first ${
        Math.min(FUZZ_SHOWN, xs.length)
      }:`,
    );
    for (const c of xs.slice(0, FUZZ_SHOWN)) {
      const shown = showInput(c.input);
      console.log(
        `  #${c.index} [${c.kind}, ${int(c.chars)} chars, ${f1(c.ms)} ms] ${
          c.chars <= 2000 && shown.length <= 400 ? shown : shown.slice(0, 400) + "…"
        }\n      fast path: ${c.fast}\n      tree-sitter only: ${c.slow}`,
      );
    }
  }
  const fuzz = {
    generator: "tests/fuzz/shell_gen.ts",
    seed: FUZZ_SEED,
    inputs: FUZZ_INPUTS,
    seconds: fuzzSeconds,
    kinds: byKind,
    targetMs: FUZZ_TARGET_MS,
    decisionMs: { median: quantile(sortedMs, 0.5), p99: fuzzP99, max: fuzzMax },
    treeSitterOnlyMaxMs: slowMax,
    property1Throws: { count: threw.length, first: threw.slice(0, FUZZ_SHOWN) },
    property2Disagreements: { count: disagreed.length, first: disagreed.slice(0, FUZZ_SHOWN) },
    property3OverTarget: { count: overTarget.length, first: overTarget.slice(0, FUZZ_SHOWN) },
  };

  // ============================================================ 10. the corpus (effects and zones)
  heading("10. The corpus: adversarial cases right, routine calls untouched, the whole corpus");
  const cf = corpusFigures();
  const share = (a: number, b: number) =>
    `${int(a)} of ${int(b)} (${((a / b) * 100).toFixed(1)} %)`;
  table(["set", "right"], [
    [
      "adversarial cases (tests/corpus/adversarial.ts)",
      share(cf.adversarial.right, cf.adversarial.cases),
    ],
    ...Object.entries(cf.adversarial.byClass).map(([k, [r, n]]) => [`  ${k}`, share(r, n)]),
    [
      "routine calls that run untouched (tests/corpus/routine.ts)",
      share(cf.routine.allowed, cf.routine.cases),
    ],
    ["the whole corpus (every category)", share(cf.corpus.right, cf.corpus.cases)],
  ]);

  // ============================================================ 11. asks a user lives with
  heading("11. Asks left in a session, with the approvals a user remembers (Claude Code)");
  const asks = await askReplayFigures();
  console.log(
    `routine corpus: ${asks.routine} calls; the day adds ${asks.dayAsks} repeated asks (tests/corpus/session_asks.ts)`,
  );
  table(
    ["session", "mode", "remembered", "out of band", "native prompt", "covered by a rule"],
    asks.runs.map((r) => [
      r.session,
      r.mode,
      r.remember === "none" ? "nothing" : `${r.remember} (${r.rules} rules)`,
      `${r.outOfBand} (${((r.outOfBand / r.calls) * 100).toFixed(2)} %)`,
      String(r.native),
      String(r.remembered),
    ]),
  );

  // ============================================================ 12. the resident evaluator
  heading("12. The resident evaluator: warm vs cold vs floor, and 4 concurrent clients");
  const warm = await warmFigures();
  table(WARM_HEADERS, warmRows(warm));
  console.log(
    `${warm.concurrent.clients} concurrent clients: ${
      int(warm.concurrent.perSecond)
    } decisions/s (${warm.runs} runs a class; loadavg ${await loadavg()})`,
  );
  if (warm.autostart) console.log(autostartLine(warm.autostart));

  const totalS = (performance.now() - benchStart) / 1000;
  env.loadavgEnd = await loadavg();
  const results = {
    warm,
    schema: "guard-bench/1",
    env,
    targets: {
      e2eRatio: RATIO_TARGET,
      e2eWorstRatio: WORST_RATIO_TARGET,
      decisionsPerSec: DPS_TARGET,
      adversarialMs: ADV_TARGET_MS,
      approvalAddedMs: APPROVAL_TARGET_MS,
      auditAppendsPerSec: AUDIT_APPEND_TARGET,
      auditVerifyS: AUDIT_VERIFY_TARGET_S,
    },
    e2e: {
      warmups: E2E_WARMUPS,
      runs: E2E_RUNS,
      floorScript: "empty .ts file, same flags, cwd = repo root",
      floorAll: allFloor,
      classes: e2eClasses,
      typicalMix,
      typicalPost,
      worst,
    },
    throughput: {
      rounds: MIX_ROUNDS,
      roundMs: { overall: MIX_ROUND_MS, subsets: SUBSET_ROUND_MS },
      subsets: throughput,
      mix: perCmd.map((m) => ({
        command: m.command,
        parser: m.parser,
        decision: m.decision,
        medianUs: m.medianUs,
      })),
      excluded: errs.map((m) => ({ command: m.command, error: m.error })),
    },
    adversarial,
    approvals,
    audit,
    detectors,
    proxy,
    flow: flowBench,
    fuzz,
    corpus: cf,
    asks,
    totalSeconds: totalS,
  };
  await Deno.writeTextFile(OUT_FILE, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nloadavg at end: ${env.loadavgEnd}`);
  console.log(`wrote ${OUT_FILE} (bench took ${totalS.toFixed(0)} s)`);
} finally {
  await Deno.remove(base, { recursive: true }).catch(() => {});
}
