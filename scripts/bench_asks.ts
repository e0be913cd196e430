/**
 * Asks a user lives with (issue 14): the routine corpus (tests/corpus/routine.ts) and a working
 * day's repeated asks (tests/corpus/session_asks.ts), shuffled into one session with a fixed
 * seed and replayed through the engine, the remembered-rule matcher and the ask router exactly
 * as the hook uses them. The user remembers (`--remember project`) the low and medium risk asks
 * they meet in the first hour (the first eighth of an eight-hour session), or — the ceiling —
 * every such ask when it first appears; high-risk asks they approve one by one. Counted: calls
 * asked out of band, calls asked in the agent's own prompt, runs covered by a remembered rule;
 * in Claude Code's bypassPermissions mode (no human at the prompt: every ask out of band) and in
 * its default mode in a terminal (low and medium risk in the prompt).
 */
import { CORPUS } from "../tests/corpus/index.ts";
import { SESSION_ASKS } from "../tests/corpus/session_asks.ts";
import { toolCall } from "../tests/corpus/run.ts";
import type { Case } from "../tests/corpus/types.ts";
import { context, CWD, policyFrom, shellCall } from "../tests/harness.ts";
import { type EngineContext, evaluate } from "../src/policy/engine.ts";
import type { ToolCall } from "../src/core/types.ts";
import { type AskContext, routeAsk } from "../src/policy/ask_route.ts";
import {
  callShape,
  makeRemembered,
  rememberedFor,
  type RememberedRule,
} from "../src/policy/remembered.ts";

export interface ReplayRun {
  session: string;
  mode: string;
  remember: string;
  calls: number;
  outOfBand: number;
  native: number;
  remembered: number;
  rules: number;
}

export interface AskReplay {
  routine: number;
  dayAsks: number;
  runs: ReplayRun[];
}

export type RememberModel = "none" | "first-hour" | "first-sight";

/** A small deterministic PRNG (mulberry32), so every run replays the same session. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Item {
  call: ToolCall;
  ctx: EngineContext;
}

function session(withDay: boolean): { items: Item[]; routine: number; day: number } {
  const base = context();
  const ctxOf = new Map<string, EngineContext>();
  const items: Item[] = [];
  const push = (c: Case) => {
    let ctx = base;
    if (c.policy !== undefined) {
      ctx = ctxOf.get(c.policy) ?? context(policyFrom(c.policy));
      ctxOf.set(c.policy, ctx);
    }
    const call = "cmd" in c ? shellCall(c.cmd, c.cwd ?? CWD) : toolCall(c.call);
    items.push({ call: { ...call, agent: "claude", session: "day" }, ctx });
  };
  for (const c of CORPUS.routine) push(c);
  const routine = items.length;
  if (withDay) { for (const cmd of SESSION_ASKS) push({ cmd, expect: "ask" } as Case); }
  const rand = rng(14);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return { items, routine, day: items.length - routine };
}

async function replay(
  name: string,
  items: Item[],
  asker: AskContext,
  remember: RememberModel,
): Promise<ReplayRun> {
  const rules: RememberedRule[] = [];
  const firstHour = Math.ceil(items.length / 8);
  let outOfBand = 0, native = 0, remembered = 0;
  for (let i = 0; i < items.length; i++) {
    const { call, ctx } = items[i];
    const ev = evaluate(call, ctx);
    const d = ev.decision;
    if (d.action !== "ask") continue;
    const shaped = callShape(call, ev, ctx);
    const key = { session: call.session, workspace: CWD };
    if ("shape" in shaped && rememberedFor(rules, shaped.shape, key)) {
      remembered++;
      continue;
    }
    const route = routeAsk(asker, d.risk, "auto");
    if (route.channel === "native") native++;
    else outOfBand++;
    const inTime = remember === "first-sight" || (remember === "first-hour" && i < firstHour);
    if (inTime && (d.risk === "low" || d.risk === "medium") && "shape" in shaped) {
      const r = await makeRemembered(shaped.shape, "project", key, "", "replay", 0);
      if (!("refused" in r)) rules.push(r);
    }
  }
  return {
    session: name,
    mode: asker.mode === "bypassPermissions" ? "bypassPermissions" : "default (terminal)",
    remember,
    calls: items.length,
    outOfBand,
    native,
    remembered,
    rules: rules.length,
  };
}

export async function askReplayFigures(): Promise<AskReplay> {
  const runs: ReplayRun[] = [];
  let routine = 0, dayAsks = 0;
  for (const withDay of [false, true]) {
    const s = session(withDay);
    routine = s.routine;
    if (withDay) dayAsks = s.day;
    const name = withDay ? "routine corpus + a day's repeated asks" : "routine corpus";
    for (const mode of ["bypassPermissions", "default"]) {
      for (const remember of ["none", "first-hour", "first-sight"] as const) {
        const asker = { agent: "claude", mode, interactive: true };
        runs.push(await replay(name, s.items, asker, remember));
      }
    }
  }
  return { routine, dayAsks, runs };
}

if (import.meta.main) console.log(JSON.stringify(await askReplayFigures(), null, 2));
