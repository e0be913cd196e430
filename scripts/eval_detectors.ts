/**
 * Detector quality on the evaluation sets in `tests/eval/` (provenance in each
 * set's PROVENANCE.md): prompt-injection detection rate on attacks, false
 * positive rate on benign documents, secret recall and precision.
 *
 *   deno task eval                # both splits, rates only
 *   deno task eval --show dev     # also list a split's misses and false alarms (dev, test)
 *   deno task eval --no-trained   # without the trained layer's held-out families report
 *
 * dev was used for tuning from the start; test was held out for its first
 * measurement and used for tuning afterwards; holdout (written last) is never
 * shown, only its rates. Exported for the tests and the bench.
 */
import { scanInjection } from "../src/detect/injection.ts";
import { findSecrets } from "../src/detect/secrets.ts";
import { REPO_ROOT } from "./guard_flags.ts";
import { report as trainedReport } from "./train_injection.ts";
import { shippedModel } from "../src/detect/injection_model.ts";

export type Split = "dev" | "test" | "holdout";

interface Attack {
  id: string;
  family: string;
  carrier: string;
  technique: string;
  text: string;
}
interface Benign {
  id: string;
  kind: string;
  text: string;
}
interface SecretDoc {
  id: string;
  context: string;
  text: string;
  secrets: { family: string; value: string }[];
}

function load<T>(set: string, split: Split): T[] {
  return JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/tests/eval/${set}/${split}.json`));
}

export interface InjectionQuality {
  attacks: number;
  detected: number;
  detectionRate: number;
  benign: number;
  falseAlarms: number;
  falsePositiveRate: number;
  byFamily: Record<string, { n: number; detected: number }>;
  byTechnique: Record<string, { n: number; detected: number }>;
  missed: { id: string; family: string; technique: string; score: number }[];
  alarms: { id: string; kind: string; score: number; rules: string[] }[];
  bytes: number;
}

export function injectionQuality(split: Split): InjectionQuality {
  const attacks = load<Attack>("injection", split);
  const benign = load<Benign>("benign", split);
  const q: InjectionQuality = {
    attacks: attacks.length,
    detected: 0,
    detectionRate: 0,
    benign: benign.length,
    falseAlarms: 0,
    falsePositiveRate: 0,
    byFamily: {},
    byTechnique: {},
    missed: [],
    alarms: [],
    bytes: 0,
  };
  for (const a of attacks) {
    const r = scanInjection(a.text);
    q.bytes += a.text.length;
    const f = q.byFamily[a.family] ??= { n: 0, detected: 0 };
    const t = q.byTechnique[a.technique] ??= { n: 0, detected: 0 };
    f.n++;
    t.n++;
    if (r.flagged) {
      q.detected++;
      f.detected++;
      t.detected++;
    } else q.missed.push({ id: a.id, family: a.family, technique: a.technique, score: r.score });
  }
  for (const b of benign) {
    const r = scanInjection(b.text);
    q.bytes += b.text.length;
    if (r.flagged) {
      q.falseAlarms++;
      q.alarms.push({
        id: b.id,
        kind: b.kind,
        score: r.score,
        rules: [...new Set(r.hits.map((h) => h.rule))],
      });
    }
  }
  q.detectionRate = q.detected / Math.max(1, q.attacks);
  q.falsePositiveRate = q.falseAlarms / Math.max(1, q.benign);
  return q;
}

export interface SecretQuality {
  documents: number;
  expected: number;
  found: number;
  recall: number;
  findings: number;
  correct: number;
  precision: number;
  byFamily: Record<string, { n: number; found: number }>;
  missed: { id: string; family: string; value: string }[];
  wrong: { id: string; rule: string; text: string }[];
}

export function secretQuality(split: Split): SecretQuality {
  const docs = load<SecretDoc>("secrets", split);
  const q: SecretQuality = {
    documents: docs.length,
    expected: 0,
    found: 0,
    recall: 0,
    findings: 0,
    correct: 0,
    precision: 0,
    byFamily: {},
    missed: [],
    wrong: [],
  };
  for (const d of docs) {
    const hits = findSecrets(d.text);
    // Expected spans: every occurrence of each expected value.
    const spans: { family: string; value: string; start: number; end: number }[] = [];
    for (const s of d.secrets) {
      let i = d.text.indexOf(s.value);
      while (i >= 0) {
        spans.push({ ...s, start: i, end: i + s.value.length });
        i = d.text.indexOf(s.value, i + 1);
      }
    }
    for (const s of d.secrets) {
      q.expected++;
      const f = q.byFamily[s.family] ??= { n: 0, found: 0 };
      f.n++;
      const mine = spans.filter((x) => x.value === s.value);
      // Found when every occurrence is covered completely (no partial secret left).
      const ok = mine.length > 0 &&
        mine.every((x) => hits.some((h) => h.start <= x.start && h.end >= x.end));
      if (ok) {
        q.found++;
        f.found++;
      } else q.missed.push({ id: d.id, family: s.family, value: s.value });
    }
    for (const h of hits) {
      q.findings++;
      if (spans.some((x) => h.start < x.end && x.start < h.end)) q.correct++;
      else q.wrong.push({ id: d.id, rule: h.rule, text: d.text.slice(h.start, h.end) });
    }
  }
  q.recall = q.found / Math.max(1, q.expected);
  q.precision = q.correct / Math.max(1, q.findings);
  return q;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

if (import.meta.main) {
  const show = Deno.args.includes("--show") ? Deno.args[Deno.args.indexOf("--show") + 1] : null;
  if (show === "holdout") {
    console.error("the holdout split is held out: its misses are not shown (rates only)");
    Deno.exit(2);
  }
  const splits: Split[] = ["dev", "test"];
  try {
    Deno.statSync(`${REPO_ROOT}/tests/eval/injection/holdout.json`);
    splits.push("holdout");
  } catch { /* not written yet */ }
  if (!Deno.args.includes("--no-trained")) {
    // The trained layer on families it never saw (templates, carriers, goals, languages) and on
    // packages it never saw (ADR 0025); the corpus is rebuilt from what is installed here.
    console.log("== trained layer: held-out families ==");
    await trainedReport(shippedModel());
  }
  for (const split of splits) {
    const iq = injectionQuality(split);
    console.log(`== ${split} ==`);
    console.log(
      `injection: ${iq.detected}/${iq.attacks} attacks detected (${pct(iq.detectionRate)}), ` +
        `${iq.falseAlarms}/${iq.benign} benign documents flagged (${pct(iq.falsePositiveRate)})`,
    );
    console.log(
      "  by family:    " +
        Object.entries(iq.byFamily).map(([k, v]) => `${k} ${v.detected}/${v.n}`).join(", "),
    );
    console.log(
      "  by technique: " +
        Object.entries(iq.byTechnique).map(([k, v]) => `${k} ${v.detected}/${v.n}`).join(", "),
    );
    if (split === "holdout") continue; // the secret set has no holdout split
    const sq = secretQuality(split);
    console.log(
      `secrets: recall ${sq.found}/${sq.expected} (${
        pct(sq.recall)
      }), precision ${sq.correct}/${sq.findings} (${pct(sq.precision)})`,
    );
    const weak = Object.entries(sq.byFamily).filter(([, v]) => v.found < v.n);
    if (weak.length) {
      console.log(
        "  families below 100 %: " + weak.map(([k, v]) => `${k} ${v.found}/${v.n}`).join(", "),
      );
    }
    if (show === split) {
      for (const m of iq.missed) {
        console.log(`  MISSED ${m.id} ${m.family}/${m.technique} score ${m.score}`);
      }
      for (const a of iq.alarms) {
        console.log(`  ALARM  ${a.id} ${a.kind} score ${a.score} ${a.rules.join(",")}`);
      }
      for (const m of sq.missed) {
        console.log(`  SECRET MISSED ${m.id} ${m.family} ${m.value.slice(0, 50)}`);
      }
      for (const w of sq.wrong) {
        console.log(`  SECRET WRONG  ${w.id} ${w.rule} ${w.text.slice(0, 60)}`);
      }
    }
  }
}
