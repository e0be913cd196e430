/**
 * The suite's report: the agent × scenario matrix and the hook's cost per
 * tool call in each agent, printed at the end of `deno task e2e` and written
 * to `e2e-results.json` at the repository root (the README's agent table and
 * `deno task stats` read it).
 */
import { REPO_ROOT } from "../../scripts/guard_flags.ts";
import { AGENT_IDS, type AgentId, pin } from "./install_agents.ts";

export type CellStatus = "pass" | "fail" | "n/a";

interface Cell {
  status: CellStatus;
  ms: number;
  detail?: string;
}

export interface HookCost {
  /** Median wall time of one headless run with one tool call, without and with guard (ms). */
  withoutMs: number;
  withMs: number;
  runs: number;
  /** Hook calls per tool call (PreToolUse, and PostToolUse where wired). */
  hooksPerCall: number;
  /**
   * The installed hook command itself, as the agent's configuration holds it, run through `sh -c`
   * with this agent's PreToolUse payload (median ms), and the same line on an empty script (the
   * floor: what any Deno hook costs). Precise where the whole-run difference above is noise.
   */
  hookMs?: number;
  floorMs?: number;
}

const cells = new Map<string, Map<string, Cell>>();
const costs = new Map<string, HookCost>();
/** The same cost with the resident evaluator up (`guard serve`, docs/adr/0023). */
const warmCosts = new Map<string, HookCost>();
const scenarioOrder: string[] = [];

/** The matrix's columns, in the order the scenarios are declared. */
export function planScenarios(ids: string[]): void {
  for (const id of ids) if (!scenarioOrder.includes(id)) scenarioOrder.push(id);
}

export function recordCell(
  agent: AgentId,
  scenario: string,
  status: CellStatus,
  ms: number,
  detail?: string,
): void {
  if (!scenarioOrder.includes(scenario)) scenarioOrder.push(scenario);
  if (!cells.has(agent)) cells.set(agent, new Map());
  cells.get(agent)!.set(scenario, { status, ms, detail: detail?.split("\n")[0].slice(0, 300) });
}

export function recordCost(agent: AgentId, cost: HookCost): void {
  costs.set(agent, cost);
}

export function recordWarmCost(agent: AgentId, cost: HookCost): void {
  warmCosts.set(agent, cost);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

/** Prints the matrix; writes e2e-results.json when every agent ran (a filtered run writes nothing). */
export function writeMatrix(): void {
  const agents = AGENT_IDS.filter((a) => cells.has(a));
  const w = Math.max(10, ...scenarioOrder.map((s) => s.length)) + 2;
  const lines = [
    pad("agent", 22) + scenarioOrder.map((s) => pad(s, w)).join("") +
    "hook cost / tool call (cold; warm)",
  ];
  for (const a of agents) {
    const row = cells.get(a)!;
    const cost = costs.get(a);
    const costText = cost
      ? `${(cost.withMs - cost.withoutMs).toFixed(0)} ms (${cost.withoutMs.toFixed(0)} → ${
        cost.withMs.toFixed(0)
      } ms, median of ${cost.runs})`
      : "—";
    const warm = warmCosts.get(a);
    const warmText = warm
      ? `; warm ${(warm.withMs - warm.withoutMs).toFixed(0)} ms (${warm.withoutMs.toFixed(0)} → ${
        warm.withMs.toFixed(0)
      } ms)${
        warm.hookMs !== undefined && warm.floorMs !== undefined
          ? `, hook itself ${warm.hookMs.toFixed(0)} ms (floor ${warm.floorMs.toFixed(0)})`
          : ""
      }`
      : "";
    lines.push(
      pad(`${a} ${pin(a).version}`, 22) +
        scenarioOrder.map((s) => pad(row.get(s)?.status ?? "—", w)).join("") + costText + warmText,
    );
  }
  console.log("\n" + lines.join("\n") + "\n");
  const complete = agents.length === AGENT_IDS.length &&
    agents.every((a) => scenarioOrder.every((s) => cells.get(a)!.has(s)));
  if (!complete) return;
  const out = {
    generated: new Date().toISOString(),
    deno: Deno.version.deno,
    agents: Object.fromEntries(agents.map((a) => [a, {
      package: pin(a).package,
      version: pin(a).version,
      scenarios: Object.fromEntries(cells.get(a)!),
      cost: costs.get(a) ?? null,
      warmCost: warmCosts.get(a) ?? null,
    }])),
  };
  Deno.writeTextFileSync(`${REPO_ROOT}/e2e-results.json`, JSON.stringify(out, null, 2) + "\n");
}
