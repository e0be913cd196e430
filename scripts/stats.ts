/**
 * `deno task stats [--write]`: the numbers tables, produced from the code (tests, corpus, rules),
 * the latest `deno task bench` results (bench-results.json) and the latest `deno task e2e` matrix
 * (e2e-results.json). With --write it replaces the full table between `<!-- stats:begin -->` and
 * `<!-- stats:end -->` in docs/numbers.md, and the short one (the rows of `SHORT`, at most 15)
 * between `<!-- stats:short:begin -->` and `<!-- stats:short:end -->` in README.md.
 */
import { CORPUS } from "../tests/corpus/index.ts";
import { RULES } from "../src/core/rules.ts";
import { SECRET_RULES } from "../src/detect/secrets.ts";
import { INJECTION_RULES } from "../src/detect/injection.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");

// deno-lint-ignore no-explicit-any
type Any = any;

function countTests(): { declarations: number; files: number } {
  let declarations = 0, files = 0;
  for (const dir of ["tests", "tests/e2e"]) {
    for (const e of Deno.readDirSync(`${ROOT}/${dir}`)) {
      if (!e.name.endsWith("_test.ts")) continue;
      files++;
      const text = Deno.readTextFileSync(`${ROOT}/${dir}/${e.name}`);
      declarations += [...text.matchAll(/\bDeno\.test\(/g)].length;
    }
  }
  return { declarations, files };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const n0 = (x: number) => Math.round(x).toLocaleString("en-US");

const AGENT_NAMES: Record<string, string> = {
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  copilot: "Copilot CLI",
};

/** A difference in whole milliseconds with its sign: +31, −74. */
const signedMs = (x: number) => (x < 0 ? `−${n0(-x)}` : `+${n0(x)}`);

/** Rows from `deno task e2e` (e2e-results.json): the real agents' matrix and hook cost. */
export function e2eRows(e2e: Any): [string, string][] {
  if (!e2e?.agents) return [];
  const agents = Object.entries(e2e.agents) as [string, Any][];
  let pass = 0, total = 0;
  for (const [, a] of agents) {
    for (const c of Object.values(a.scenarios) as Any[]) {
      if (c.status === "n/a") continue;
      total++;
      if (c.status === "pass") pass++;
    }
  }
  const names = agents.map(([id, a]) => `${AGENT_NAMES[id] ?? id} ${a.version}`).join(", ");
  const costs = agents.filter(([, a]) => a.cost).map(([id, a]) =>
    `${AGENT_NAMES[id] ?? id} ${signedMs(a.cost.withMs - a.cost.withoutMs)} ms (${
      n0(a.cost.withoutMs)
    } → ${n0(a.cost.withMs)})`
  );
  const runs = agents.find(([, a]) => a.cost)?.[1].cost.runs;
  const warm = agents.filter(([, a]) => a.warmCost?.hookMs !== undefined).map(([id, a]) =>
    `${AGENT_NAMES[id] ?? id} ${n0(a.warmCost.hookMs)} ms (floor ${n0(a.warmCost.floorMs)})`
  );
  // Whole headless sessions with the evaluator up, with and without guard.
  const sessions = agents.filter(([, a]) => a.warmCost?.withMs !== undefined).map(([id, a]) =>
    `${AGENT_NAMES[id] ?? id} ${signedMs(a.warmCost.withMs - a.warmCost.withoutMs)} ms`
  );
  const warmRuns = agents.find(([, a]) => a.warmCost)?.[1].warmCost.runs;
  return [
    ["real agents (`deno task e2e`)", `${pass} of ${total} scenario runs pass in ${names}`],
    ...(costs.length
      ? [[
        "hook cost per tool call in the real agents, cold (no evaluator; Pre + Post)",
        `${costs.join("; ")}; median of ${runs} headless runs with and without guard`,
      ] as [string, string]]
      : []),
    ...(warm.length
      ? [[
        "the installed hook in each agent's configuration, warm (`guard serve` up)",
        `${
          warm.join("; ")
        } per hook call; a tool call pays it twice (Pre + Post). Whole sessions ` +
        `with and without guard: ${sessions.join("; ")} (median of ${warmRuns} runs each)`,
      ] as [string, string]]
      : []),
  ];
}

/**
 * The detector before it trained on the hand-written corpora — commit 5ae9d62's model beside
 * today's rules — over all twenty corpora (ADR 0025, fifth pass).
 */
const AUTHORS_BEFORE = {
  attacks: 2700,
  blocked: 843,
  marked: 1477,
  benign: 2349,
  benignBlocked: 167,
};

/** The leave-one-author-out row (`deno task eval-authors`, scripts/corpus/authored). */
export function authorRows(lo: Any): [string, string][] {
  if (!lo?.authors) return [];
  const p = (k: number, n: number) => `${(100 * k / Math.max(1, n)).toFixed(1)} %`;
  const b = AUTHORS_BEFORE;
  return [[
    `prompt injection, other authors (${lo.authors} hand-written corpora, each left out of training)`,
    `${p(lo.blocked, lo.attacks)} of ${lo.attacks} attacks blocked, ${
      p(lo.marked, lo.attacks)
    } at least spotlighted; ${
      p(lo.benignBlocked, lo.benign)
    } of ${lo.benign} hard benign blocked; ` +
    `installed-package holdout ≤ ${p(lo.packagesBlockedMax, lo.packages)} (before: ${
      p(b.blocked, b.attacks)
    } / ${p(b.marked, b.attacks)}, ${p(b.benignBlocked, b.benign)}; target 95 % / 1 %)`,
  ]];
}

export function statsRows(bench: Any, e2e: Any = null, authors: Any = null): [string, string][] {
  const t = countTests();
  const corpus = Object.values(CORPUS).reduce((n, c) => n + c.length, 0);
  const rows: [string, string][] = [
    [
      "code",
      `${RULES.length} policy rules, ${SECRET_RULES.length} secret rules, ${INJECTION_RULES.length} injection rules (all data, each with an id)`,
    ],
    ["corpus", `${corpus} table-driven shell and tool cases (\`tests/corpus/\`), all passing`],
    [
      "tests",
      `${t.declarations} \`Deno.test\` declarations in ${t.files} files (many table-driven: \`deno task test\` reports each case)`,
    ],
  ];
  rows.push(...e2eRows(e2e));
  if (!bench) return rows;
  const cf = bench.corpus;
  if (cf) {
    const share = (a: number, b: number) => `${n0(a)} of ${n0(b)} (${pct(a / b)})`;
    rows.push([
      "adversarial cases (effects and zones, `tests/corpus/adversarial.ts`)",
      `${share(cf.adversarial.right, cf.adversarial.cases)} get the decision they must get`,
    ]);
    rows.push([
      "routine work (`tests/corpus/routine.ts`: builds, tests, git, files, servers, MCP reads)",
      `${share(cf.routine.allowed, cf.routine.cases)} run untouched`,
    ]);
  }
  const asks: Any[] = bench.asks?.runs ?? [];
  const at = (session: string, mode: string, rem: string) =>
    asks.find((r) =>
      r.session.startsWith(session) && r.mode.startsWith(mode) && r.remember === rem
    );
  const rb = at("routine corpus", "bypass", "first-hour");
  const db = at("routine corpus +", "bypass", "first-sight");
  const dn = at("routine corpus +", "default", "first-sight");
  if (rb && db && dn) {
    const p2 = (r: Any) => `${r.outOfBand} of ${n0(r.calls)} (${pct(r.outOfBand / r.calls)})`;
    rows.push([
      "asks out of band in a replayed session, Claude Code bypassPermissions (target ≤ 2 %)",
      `routine corpus with the first hour's remembered approvals: ${
        p2(rb)
      }; with a day's repeated asks added, each remembered at first sight: ${
        p2(db)
      }; default mode in a terminal: ${dn.native} native prompts, ${dn.outOfBand} out of band`,
    ]);
  }
  const fz = bench.fuzz;
  if (fz) {
    rows.push([
      "generated shell (`tests/fuzz/shell_gen.ts`), in process",
      `${
        n0(fz.inputs)
      } inputs: ${fz.property1Throws.count} crashes, ${fz.property2Disagreements.count} fast/tree-sitter disagreements, ${fz.property3OverTarget.count} over ${fz.targetMs} ms (max ${
        f1(fz.decisionMs.max)
      } ms, p99 ${f2(fz.decisionMs.p99)} ms)`,
    ]);
  }
  const warm = bench.warm;
  if (warm?.typical) {
    const worst = Math.max(...warm.classes.map((c: Any) => c.warmRatio));
    const nat = warm.typical.nativeRatio;
    if (nat !== null && nat !== undefined) {
      // The installed hook is the native client where a C compiler built it: the targets are its.
      const worstNat = Math.max(...warm.classes.map((c: Any) => c.nativeRatio ?? Infinity));
      rows.push([
        "hook warm (`guard serve` up), typical mix, Claude Code payloads, as installed (native client)",
        `${f1(warm.typical.nativeMs)} ms = ${f2(nat)}× a bare \`deno run\` of ${
          f1(warm.typical.floorMs)
        } ms (target 1.1×: ${nat <= 1.1 ? "met" : "missed"}); worst class ${
          f2(worstNat)
        }× (target 1.25×: ${
          worstNat <= 1.25 ? "met" : "missed"
        }); without a C compiler (Deno thin client) ${f2(warm.typical.ratio)}×, worst ${
          f2(worst)
        }×; ${n0(warm.concurrent.perSecond)} decisions/s with 4 concurrent clients`,
      ]);
    } else {
      rows.push([
        "hook warm (`guard serve` up), typical mix, Claude Code payloads",
        `${f2(warm.typical.ratio)}× a bare \`deno run\` (target 1.1×: ${
          warm.typical.ratio <= 1.1 ? "met" : "missed"
        }); worst class ${f2(worst)}× (target 1.25×: ${worst <= 1.25 ? "met" : "missed"}); ${
          n0(warm.concurrent.perSecond)
        } decisions/s with 4 concurrent clients`,
      ]);
    }
  }
  const auto = warm?.autostart;
  if (auto) {
    rows.push([
      "native client starting the evaluator it finds down (no service manager, no session-start hook)",
      `that call ${f1(auto.firstCallMs)} ms (${
        f1(auto.plainColdMs)
      } ms when it starts nothing); answering ${n0(auto.upAfterMs)} ms later, after ${
        n0(auto.coldCalls)
      } back-to-back calls in-process; then ${f1(auto.warmCallMs)} ms a call`,
    ]);
  }
  const mix = bench.e2e?.typicalMix;
  if (mix) {
    rows.push([
      "hook cold (no evaluator), typical mix (shell allow, ask, file tool), audit and flow included",
      `median ${f1(mix.guard.median)} ms vs ${
        f1(mix.floor.median)
      } ms for a bare \`deno run\`: ratio ${f2(mix.ratio)} (target 1.5: ${
        mix.ratio <= 1.5 ? "met" : "missed"
      })`,
    ]);
  }
  const subsets: Any[] = bench.throughput?.subsets ?? [];
  const overall = subsets.find((x) => x.subset === "overall");
  const fast = subsets.find((x) => x.subset === "fast path");
  if (overall) {
    rows.push([
      `decisions/s in process (${overall.commands}-command mix)`,
      `${n0(overall.decisionsPerSec)} (target 50,000: ${
        overall.decisionsPerSec >= 50000 ? "met" : "missed"
      }); fast path ${n0(fast?.decisionsPerSec ?? NaN)}`,
    ]);
  }
  const ap = bench.approvals;
  if (ap) {
    rows.push([
      `approval check with ${ap.pending} pending challenges`,
      `${f2(ap.inProcessMs.full.median)} ms per ask in process (${
        ap.addedInProcessMs < 0 ? "−" : "+"
      }${f2(Math.abs(ap.addedInProcessMs))} ms vs none; target ≤ 2 ms)`,
    ]);
  }
  const au = bench.audit;
  if (au) {
    rows.push([
      "audit log",
      `${n0(au.appendsPerSec.median)} appends/s (target ≥ 2,000); verify ${
        n0(au.verify.entries)
      } entries in ${f2(au.verify.ms.median / 1000)} s (target ≤ 2 s)`,
    ]);
  }
  const q = bench.detectors?.quality;
  if (q) {
    const hold = q.holdout?.injection;
    const sec = q.test?.secrets;
    if (sec) {
      rows.push([
        "secrets, held-out split",
        `recall ${pct(sec.recall)}, precision ${pct(sec.precision)}`,
      ]);
    }
    if (hold) {
      rows.push([
        "prompt injection, holdout",
        `${pct(hold.detectionRate)} of ${hold.attacks} attacks detected, ${
          pct(hold.falsePositiveRate)
        } of ${hold.benign} benign flagged (target 95 % / 1 %)`,
      ]);
    }
  }
  rows.push(...authorRows(authors));
  const px = bench.proxy;
  if (px?.results) {
    const g = px.results["guard proxy"], b = px.results["bare pipe"], d = px.results["direct"];
    rows.push([
      "MCP proxy, 10,000 small calls",
      `${n0(g.callsPerSec)} calls/s = ${
        f2(g.callsPerSec / b.callsPerSec)
      }× a bare pipe (target 0.9×); +${
        f2(g.latencyMs.median - d.latencyMs.median)
      } ms median vs direct (target ≤ 0.3)`,
    ]);
    const big = px.bigResult;
    if (big) {
      rows.push([
        "MCP proxy, 10 MiB result (streamed scan)",
        `${n0(big.ms)} ms (direct ${n0(big.directMs)}; target 200 ms); peak RSS ${
          n0(big.peakRssMiB ?? NaN)
        } MiB from ${n0(big.baseRssMiB ?? NaN)} idle (target ≤ 3× the message: +30)`,
      ]);
    }
    const doc = px.bigDocument;
    if (doc) {
      rows.push([
        `MCP proxy, ${n0(doc.mb)} MB result of real documents`,
        `${n0(doc.ms)} ms${doc.withheld ? " to withhold it" : ""} (direct ${
          n0(doc.directMs)
        }); peak RSS ${n0(doc.peakRssMiB ?? NaN)} MiB from ${n0(doc.baseRssMiB ?? NaN)} idle`,
      ]);
    }
    const http = px.http;
    if (http) {
      rows.push([
        "MCP proxy, Streamable HTTP upstream (`guard proxy --url`)",
        `${n0(http.proxy.callsPerSec)} calls/s = ${
          f2(http.proxy.callsPerSec / http.direct.callsPerSec)
        }× the SDK client direct (target 0.9×); median ${f2(http.proxy.medianMs)} ms vs ${
          f2(http.direct.medianMs)
        }`,
      ]);
    }
  }
  const fl = bench.flow;
  if (fl) {
    rows.push([
      `flow tracking, session with ${fl.results} results`,
      `${Math.round(fl.sessionBytes / 1024)} KiB on disk (≤ 1 MiB); +${
        f2(fl.inProcessMs.median)
      } ms in process; end to end ${
        fl.e2eLocalWithSessionMs
          ? signed(fl.e2eLocalWithSessionMs.median - fl.e2eLocalWithoutSessionMs.median) +
            " ms for a local call, "
          : ""
      }${
        signed(fl.e2eWithSessionMs.median - fl.e2eWithoutSessionMs.median)
      } ms for an egress call (≤ 5 ms; below 0: within the run's noise)`,
    ]);
  }
  return rows;
}

/** A difference with its sign (+1.3, −4.3). */
function signed(x: number): string {
  return x < 0 ? `−${f1(-x)}` : `+${f1(x)}`;
}

/** The rows of the README's short table (label prefixes), in order; the rest are in docs/numbers.md. */
export const SHORT = [
  "corpus",
  "real agents",
  "hook cost per tool call",
  "the installed hook in each agent",
  "adversarial cases",
  "routine work",
  "hook warm",
  "hook cold",
  "decisions/s",
  "audit log",
  "secrets",
  "prompt injection",
  "MCP proxy, 10,000",
  "MCP proxy, 10 MiB",
  "flow tracking",
];

export function statsTable(
  bench: Any,
  e2e: Any = null,
  only?: string[],
  authors: Any = null,
): string {
  const all = statsRows(bench, e2e, authors);
  const rows = only ? only.flatMap((p) => all.filter(([label]) => label.startsWith(p))) : all;
  const w = Math.max(...rows.map((r) => r[0].length), 7);
  const v = Math.max(...rows.map((r) => r[1].length), 7);
  const line = (a: string, b: string) => `| ${a.padEnd(w)} | ${b.padEnd(v)} |`;
  return [
    line("", ""),
    `| ${"-".repeat(w)} | ${"-".repeat(v)} |`,
    ...rows.map(([a, b]) => line(a, b)),
  ]
    .join("\n");
}

if (import.meta.main) {
  let bench: Any = null;
  try {
    bench = JSON.parse(Deno.readTextFileSync(`${ROOT}/bench-results.json`));
  } catch { /* no benchmark yet: code figures only */ }
  let e2e: Any = null;
  try {
    e2e = JSON.parse(Deno.readTextFileSync(`${ROOT}/e2e-results.json`));
  } catch { /* no end-to-end run yet */ }
  let authors: Any = null;
  try {
    authors = JSON.parse(
      Deno.readTextFileSync(`${ROOT}/scripts/corpus/authored/leave-one-out.json`),
    );
  } catch { /* no leave-one-author-out run yet */ }
  const table = statsTable(bench, e2e, undefined, authors);
  if (!Deno.args.includes("--write")) console.log(table);
  else {
    const write = (rel: string, marker: string, text: string) => {
      const path = `${ROOT}/${rel}`;
      const doc = Deno.readTextFileSync(path);
      const begin = `<!-- ${marker}:begin -->`, end = `<!-- ${marker}:end -->`;
      const a = doc.indexOf(begin), b = doc.indexOf(end);
      if (a < 0 || b < a) {
        console.error(`${rel} has no ${begin} … ${end} section`);
        Deno.exit(2);
      }
      Deno.writeTextFileSync(path, `${doc.slice(0, a)}${begin}\n\n${text}\n\n${doc.slice(b)}`);
    };
    write("docs/numbers.md", "stats", table);
    const short = statsTable(bench, e2e, SHORT, authors);
    write("README.md", "stats:short", short);
    console.log(
      `docs/numbers.md: ${statsRows(bench, e2e, authors).length} rows; README.md: ${
        short.split("\n").length - 2
      } rows`,
    );
  }
}
