/**
 * The corpus figures for the bench and the README: how many adversarial cases get the decision
 * they must get (per class), how many routine calls run untouched, and the whole corpus. Uses
 * the corpus test's own harness, so the figures are exactly what `deno task test` checks.
 */
import { adversarialClasses } from "../tests/corpus/adversarial.ts";
import { CORPUS } from "../tests/corpus/index.ts";
import type { Case } from "../tests/corpus/types.ts";
import { runCase } from "../tests/corpus/run.ts";

export interface CorpusFigures {
  adversarial: { cases: number; right: number; byClass: Record<string, [number, number]> };
  routine: { cases: number; allowed: number; expectedAllow: number };
  corpus: { cases: number; right: number; categories: number };
}

function right(c: Case): boolean {
  const d = runCase(c).decision;
  return d.action === c.expect || (c.alsoOk?.includes(d.action) ?? false);
}

export function corpusFigures(): CorpusFigures {
  const byClass: Record<string, [number, number]> = {};
  let aRight = 0, aCases = 0;
  for (const [cls, cases] of Object.entries(adversarialClasses)) {
    const r = cases.filter(right).length;
    byClass[cls] = [r, cases.length];
    aRight += r;
    aCases += cases.length;
  }
  const routine = CORPUS.routine;
  const allowed = routine.filter((c) => runCase(c).decision.action === "allow").length;
  let cRight = 0, cCases = 0;
  for (const cases of Object.values(CORPUS)) {
    for (const c of cases) {
      cCases++;
      if (right(c)) cRight++;
    }
  }
  return {
    adversarial: { cases: aCases, right: aRight, byClass },
    routine: {
      cases: routine.length,
      allowed,
      expectedAllow: routine.filter((c) => c.expect === "allow").length,
    },
    corpus: { cases: cCases, right: cRight, categories: Object.keys(CORPUS).length },
  };
}

if (import.meta.main) console.log(JSON.stringify(corpusFigures(), null, 2));
