/**
 * `deno task e2e`: guard inside the real agent CLIs (pinned in agents.json),
 * each run headless in its own sandbox against the mock model, guard wired
 * only by `guard install`. Prints the agent × scenario matrix at the end and
 * writes it, with the hook's cost per tool call, to `e2e-results.json`.
 */
import { AGENT_IDS, agentBins, type AgentId, pin } from "./install_agents.ts";
import { DRIVERS } from "./drivers.ts";
import { COST, FIX_SCENARIOS, REMOTE_MCP, SCENARIOS, SESSION_START, WARM } from "./scenarios.ts";
import { ASK_SCENARIOS } from "./ask_scenarios.ts";
import { NATIVE_PROMPT } from "./interactive.ts";
import { sandboxProblem } from "./sandbox.ts";
import { planScenarios, recordCell, writeMatrix } from "./matrix.ts";

const problem = sandboxProblem();
if (problem) console.error(`guard e2e: SKIPPED: ${problem}`);

const only = (Deno.env.get("GUARD_E2E_AGENTS_ONLY") ?? "").split(",").filter(Boolean);
const scenarioFilter = (Deno.env.get("GUARD_E2E_SCENARIOS") ?? "").split(",").filter(Boolean);

let bins: Record<AgentId, string> | null = null;
let binsError: string | null = null;
if (!problem) {
  try {
    bins = await agentBins();
  } catch (e) {
    binsError = (e as Error).message;
  }
}

/** Every scenario, in the order the matrix shows them. */
const ALL = [
  ...SCENARIOS,
  ...ASK_SCENARIOS,
  NATIVE_PROMPT,
  ...FIX_SCENARIOS,
  REMOTE_MCP,
  COST,
  WARM,
  SESSION_START,
];

planScenarios(ALL.map((s) => s.id));

for (const agent of AGENT_IDS) {
  if (only.length && !only.includes(agent)) continue;
  const d = DRIVERS[agent];
  for (const s of ALL) {
    if (scenarioFilter.length && !scenarioFilter.includes(s.id)) continue;
    const skip = s.skip?.[agent];
    Deno.test({
      name: `e2e ${agent} ${pin(agent).version}: ${s.id} — ${s.title}`,
      ignore: !!problem || !!skip,
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        if (binsError) throw new Error(binsError);
        if (!d) throw new Error(`no driver for ${agent}`);
        const t0 = performance.now();
        try {
          await s.run(d, bins![agent]);
          recordCell(agent, s.id, "pass", performance.now() - t0);
        } catch (e) {
          recordCell(agent, s.id, "fail", performance.now() - t0, (e as Error).message);
          throw e;
        }
      },
    });
    if (skip) recordCell(agent, s.id, "n/a", 0, skip);
  }
}

Deno.test({
  name: "e2e: matrix (agent × scenario) and hook cost",
  ignore: !!problem,
  fn: () => {
    writeMatrix();
  },
});
