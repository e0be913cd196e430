/**
 * `deno task fit-directive`: fits the sentence-level directive scorer
 * (`src/detect/directive.ts`) on the dev and test splits of `tests/eval/` (never
 * the holdout split), and prints the weights to paste into `WEIGHTS`.
 *
 * Labels are weak, at sentence level: every candidate sentence of a benign
 * document is negative; a sentence of an attack document is positive when it
 * occurs in no other document (carrier templates repeat across attacks) and
 * has at least one directive ingredient (addressing an AI, a modal directive,
 * a reference to the reader's own answer or task, secrecy or override).
 * Logistic regression, L2-regularised, batch gradient descent.
 */
import { candidate, features, sentences, vector, WEIGHTS } from "../src/detect/directive.ts";
import { normalize } from "../src/detect/normalize.ts";
import { REPO_ROOT } from "./guard_flags.ts";

const load = (set: string, split: string) =>
  JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/tests/eval/${set}/${split}.json`)) as {
    text: string;
  }[];
// dev and test (the first held-out split, used for tuning after its first measurement; see
// docs/adr/0011). The holdout split never takes part.
const attacks = [...load("injection", "dev"), ...load("injection", "test")];
const benign = [...load("benign", "dev"), ...load("benign", "test")];

const seen = new Map<string, number>();
const docSentences = (docs: { text: string }[]) =>
  docs.map((d) =>
    sentences(normalize(d.text).text).filter((s) => candidate(s.text)).map((s) => s.text)
  );
const A = docSentences(attacks);
const B = docSentences(benign);
for (const doc of [...A, ...B]) for (const s of new Set(doc)) seen.set(s, (seen.get(s) ?? 0) + 1);

const X: number[][] = [];
const Y: number[] = [];
for (const doc of B) {
  for (const s of doc) {
    X.push(vector(features(s)));
    Y.push(0);
  }
}
let positives = 0;
for (const doc of A) {
  for (const s of doc) {
    if ((seen.get(s) ?? 0) > 1) continue;
    const f = features(s);
    if (
      !(f.ai || f.modal || f.meta || f.secrecy || f.override ||
        (f.imperative &&
          (f.toolCall || f.weakenSecurity || f.privilege || f.publish || f.secretObject ||
            f.command)))
    ) continue;
    X.push(vector(f));
    Y.push(1);
    positives++;
  }
}
console.error(`sentences: ${X.length} (${positives} positive)`);

const dim = X[0].length + 1;
let w = new Array(dim).fill(0);
w[0] = -3;
const lambda = 0.01;
const rate = 0.5;
// Positives are rare: weight them up so that the loss balances the classes.
const posWeight = (X.length - positives) / Math.max(1, positives) / 4;
for (let iter = 0; iter < 4000; iter++) {
  const grad = new Array(dim).fill(0);
  for (let i = 0; i < X.length; i++) {
    let z = w[0];
    for (let j = 0; j < X[i].length; j++) z += w[j + 1] * X[i][j];
    const p = 1 / (1 + Math.exp(-z));
    const g = (p - Y[i]) * (Y[i] ? posWeight : 1);
    grad[0] += g;
    for (let j = 0; j < X[i].length; j++) grad[j + 1] += g * X[i][j];
  }
  w = w.map((v, j) => v - rate * (grad[j] / X.length + (j ? lambda * v : 0)));
}
const rounded = w.map((v) => Math.round(v * 100) / 100);
console.log(JSON.stringify(rounded));
console.error(`current WEIGHTS: ${JSON.stringify(WEIGHTS)}`);
