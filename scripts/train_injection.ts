/**
 * Trains the injection layer (src/detect/injection_model.ts) offline and
 * reproducibly, and reports it on families it never saw (ADR 0025).
 *
 *   deno task train-injection            # build the corpus, train, calibrate, write the model, report
 *   deno task train-injection --report   # only the report, with the shipped model
 *
 * Corpus (scripts/injection_corpus.ts): benign documents and code installed
 * on the machine, split by package into train / calibrate / holdout; attacks
 * generated from goals × templates × carriers × obfuscations × languages,
 * every attack with a held-out template, carrier, goal or language kept out
 * of training. The `tests/eval` dev and test splits join training (their
 * holdout split never does).
 *
 * Training: logistic regression on windows of `WINDOW` tokens (hashed word
 * unigrams and bigrams, 2^BITS buckets), AdaGrad, two rounds — the second
 * adds each benign training document's best-scoring window as a hard
 * negative. Calibration: on the calibrate split the block point is the
 * window logit that 0.5 % of documents and of code files exceed plus
 * BLOCK_MARGIN logits, the spotlight point the one 2 % exceed.
 *
 *   deno task train-injection --validate  # train without the tests/eval test split, report on it
 *   deno task eval-authors                # each hand-written corpus left out in turn (--leave-each-out)
 *
 * Hand-written corpora (scripts/corpus/authored/*.json, one author each) join training: their
 * attacks by the windows over their marked payloads, their benign documents as hard negatives.
 * `--leave-out=<author>` trains without one and reports on it.
 */
import { normalize } from "../src/detect/normalize.ts";
import {
  bestWindow,
  forEachToken,
  type InjectionModel,
  readableWindow,
  serializeModel,
  shippedModel,
  tokenKind,
} from "../src/detect/injection_model.ts";
import { scanInjection } from "../src/detect/injection.ts";
import {
  type Attack,
  type BenignDoc,
  gatherBenign,
  generateAttacks,
  generateNearMisses,
  HELD_OUT,
  isHeldOut,
  prng,
  SEED,
} from "./injection_corpus.ts";
import { REPO_ROOT } from "./guard_flags.ts";

const BITS = numArg("bits", 18);
const VALIDATE = Deno.args.includes("--validate");
/** `--leave-out=<author>`: train without that author's corpus and report on it. */
const LEAVE_OUT = Deno.args.find((a) => a.startsWith("--leave-out="))?.slice(12) ?? null;
/** `--name=<number>` from the command line, else `fallback` (experiments; the defaults ship). */
function numArg(name: string, fallback: number): number {
  const a = Deno.args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
}
const WINDOW = numArg("window", 16);
/** Word prefixes as features (injection_model.ts `PREFIX`); `--prefixes=0` trains without. */
const PREFIXES = numArg("prefixes", 1) === 1;
/** Only windows that read as text (injection_model.ts `readableWindow`); `--readable=0`: all. */
const READABLE = numArg("readable", 1) === 1;
/** How much one hand-written attack's windows weigh against a generated one's. */
const AUTHORED_WEIGHT = numArg("authored-weight", 8);
/** How much a hand-written benign document's windows weigh against an evaluation set's. */
const AUTHORED_BENIGN_WEIGHT = numArg("authored-benign-weight", 0.3);
/** Logits added to the calibrate split's 0.5 % point to make the block point. */
const BLOCK_MARGIN = numArg("block-margin", 2.5);
const MODEL_PATH = `${REPO_ROOT}/src/detect/injection_model.bin`;

interface Tokens {
  uni: Uint32Array;
  bi: Uint32Array;
  /** A word's prefix hash (0: none). */
  pre: Uint32Array;
  /** injection_model.ts `tokenKind` of each token. */
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
}

function tokensOf(text: string): Tokens {
  const uni: number[] = [];
  const bi: number[] = [];
  const pre: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const kind: number[] = [];
  forEachToken(text, (u, b, s, e, p) => {
    uni.push(u);
    bi.push(b);
    pre.push(p);
    start.push(s);
    end.push(e);
    kind.push(tokenKind(text, s, e));
  });
  return {
    uni: Uint32Array.from(uni),
    bi: Uint32Array.from(bi),
    pre: Uint32Array.from(pre),
    kind: Uint8Array.from(kind),
    start: Int32Array.from(start),
    end: Int32Array.from(end),
  };
}

/** Is the window of tokens [a, b) one the model scores (always, without READABLE)? */
function readableAt(t: Tokens, a: number, b: number): boolean {
  if (!READABLE) return true;
  let tokens = 0, words = 0;
  for (let i = a; i < b; i++) {
    if (t.kind[i]) tokens++;
    if (t.kind[i] === 2) words++;
  }
  return readableWindow(tokens, words);
}

/** The feature indices of tokens [a, b). */
function features(t: Tokens, a: number, b: number, mask: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) {
    out.push(t.uni[i] & mask, (t.bi[i] ^ 0x5bd1e995) & mask);
    if (PREFIXES && t.pre[i]) out.push(t.pre[i] & mask);
  }
  return out;
}

interface Example {
  f: number[];
  y: number;
  weight: number;
}

class Trainer {
  w: Float64Array;
  g: Float64Array;
  bias = 0;
  gb = 1e-8;
  constructor(readonly bits: number) {
    this.w = new Float64Array(1 << bits);
    this.g = new Float64Array(1 << bits).fill(1e-8);
  }
  logit(f: number[]): number {
    let s = this.bias;
    for (const i of f) s += this.w[i];
    return s;
  }
  fit(examples: Example[], epochs: number, seed: number, lr = 0.2, l2 = 1e-7): void {
    const r = prng(seed);
    const order = examples.map((_, i) => i);
    for (let e = 0; e < epochs; e++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      for (const k of order) {
        const ex = examples[k];
        const p = 1 / (1 + Math.exp(-this.logit(ex.f)));
        const grad = (p - ex.y) * ex.weight;
        for (const i of ex.f) {
          const gi = grad + l2 * this.w[i];
          this.g[i] += gi * gi;
          this.w[i] -= (lr * gi) / Math.sqrt(this.g[i]);
        }
        this.gb += grad * grad;
        this.bias -= (lr * grad) / Math.sqrt(this.gb);
      }
    }
  }
  /** Quantised to int8; the logit of a window is bias + scale × Σ int8. */
  model(spotlight = 0, block = 0): InjectionModel {
    let max = 0;
    for (const x of this.w) max = Math.max(max, Math.abs(x));
    const scale = max / 127 || 1;
    const weights = new Int8Array(this.w.length);
    for (let i = 0; i < this.w.length; i++) weights[i] = Math.round(this.w[i] / scale);
    return {
      bits: this.bits,
      window: WINDOW,
      prefixes: PREFIXES,
      readable: READABLE,
      scale,
      bias: this.bias,
      spotlight,
      block,
      weights,
    };
  }
}

/** Windows of an attack document that cover its payload. */
function attackExamples(a: Attack, mask: number, weight: number): Example[] {
  const doc = normalize(a.text).text;
  const pay = normalize(a.payload).text.trim();
  const t = tokensOf(doc);
  const n = t.uni.length;
  const out: Example[] = [];
  const at = doc.indexOf(pay);
  if (at < 0 || n === 0) {
    const p = tokensOf(pay);
    const m = p.uni.length;
    for (let s = 0; s + WINDOW <= Math.max(m, WINDOW); s += 4) {
      if (!readableAt(p, s, Math.min(m, s + WINDOW))) continue;
      out.push({ f: features(p, s, Math.min(m, s + WINDOW), mask), y: 1, weight });
    }
    return out;
  }
  // Token range of the payload.
  let a0 = 0;
  while (a0 < n && t.end[a0] <= at) a0++;
  let b0 = a0;
  while (b0 < n && t.start[b0] < at + pay.length) b0++;
  const len = b0 - a0;
  if (n <= WINDOW) {
    return readableAt(t, 0, n) ? [{ f: features(t, 0, n, mask), y: 1, weight }] : [];
  }
  const need = Math.min(len, WINDOW) * 0.7;
  for (let s = Math.max(0, a0 - WINDOW); s + WINDOW <= n && s < b0; s += 2) {
    const overlap = Math.min(b0, s + WINDOW) - Math.max(a0, s);
    if (overlap >= need && readableAt(t, s, s + WINDOW)) {
      out.push({ f: features(t, s, s + WINDOW, mask), y: 1, weight });
    }
  }
  return out;
}

/** Strided windows of a benign document. */
function benignExamples(text: string, mask: number, r: () => number, cap: number): Example[] {
  const t = tokensOf(normalize(text).text);
  const n = t.uni.length;
  if (n === 0) return [];
  if (n <= WINDOW) return [{ f: features(t, 0, n, mask), y: 0, weight: 1 }];
  const out: Example[] = [];
  const stride = Math.max(WINDOW / 2, Math.floor((n - WINDOW) / cap));
  for (let s = Math.floor(r() * stride); s + WINDOW <= n; s += stride) {
    out.push({ f: features(t, s, s + WINDOW, mask), y: 0, weight: 1 });
    // A short text is one short window: benign short texts (a line, a title, a log entry) too.
    if (r() < 0.3) {
      const len = 1 + Math.floor(r() * (WINDOW - 1));
      out.push({ f: features(t, s, s + len, mask), y: 0, weight: 1 });
    }
  }
  return out;
}

/** The best window of a benign document as a hard negative. */
function hardNegative(text: string, tr: Trainer, mask: number): Example | null {
  const t = tokensOf(normalize(text).text);
  const n = t.uni.length;
  if (n <= WINDOW) return null;
  let best = -Infinity;
  let at = 0;
  let sum = 0;
  const c = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    c[i] = tr.w[t.uni[i] & mask] + tr.w[(t.bi[i] ^ 0x5bd1e995) & mask] +
      (PREFIXES && t.pre[i] ? tr.w[t.pre[i] & mask] : 0);
    sum += c[i];
    if (i >= WINDOW) sum -= c[i - WINDOW];
    if (i >= WINDOW - 1 && sum > best && readableAt(t, i - WINDOW + 1, i + 1)) {
      best = sum;
      at = i - WINDOW + 1;
    }
  }
  if (best === -Infinity) return null;
  return { f: features(t, at, at + WINDOW, mask), y: 0, weight: 2 };
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

const modelLogit = (text: string, m: InjectionModel) =>
  bestWindow(normalize(text).text, m)?.logit ?? -Infinity;

interface EvalDoc {
  text: string;
  group: string;
}

/** One item of a hand-written corpus (scripts/corpus/authored/<author>.json). */
export interface AuthoredItem {
  id: string;
  kind: "attack" | "benign";
  carrier: string;
  family: string;
  language: string;
  text: string;
  /** Attacks: the injected span, a substring of `text`. */
  payload?: string;
}

export const AUTHORED_DIR = Deno.args.find((a) => a.startsWith("--authored-dir="))?.slice(15) ??
  `${REPO_ROOT}/scripts/corpus/authored`;

/** The hand-written corpora by author (file name without `.json`), in name order. */
export function loadAuthored(): Map<string, AuthoredItem[]> {
  const names = [...Deno.readDirSync(AUTHORED_DIR)].map((e) => e.name)
    .filter((n) => n.endsWith(".json") && n !== "leave-one-out.json").sort();
  return new Map(
    names.map((n) => [n.slice(0, -5), JSON.parse(Deno.readTextFileSync(`${AUTHORED_DIR}/${n}`))]),
  );
}

function loadEval(set: string, split: string): { text: string }[] {
  return JSON.parse(Deno.readTextFileSync(`${REPO_ROOT}/tests/eval/${set}/${split}.json`));
}

export interface Report {
  modelBytes: number;
  corpus: Record<string, number>;
  modelAlone: Record<string, string>;
  combined: Record<string, string>;
}

/** Recall of the held-out attacks at the thresholds that keep benign docs and code at ≤ fpr. */
export async function report(m: InjectionModel, print = true): Promise<Report> {
  const benign = (await benignCorpus()).filter((b) => b.split === "holdout");
  const attacks = generateAttacks().filter(isHeldOut);
  const docs = benign.filter((b) => b.kind === "doc");
  const code = benign.filter((b) => b.kind === "code");
  const out: Report = {
    modelBytes: serializeModel(m).length,
    corpus: { attacks: attacks.length, benignDocs: docs.length, benignCode: code.length },
    modelAlone: {},
    combined: {},
  };
  const pct = (a: number, n: number) => `${a}/${n} (${(100 * a / Math.max(1, n)).toFixed(1)} %)`;
  const aLog = attacks.map((a) => modelLogit(a.text, m));
  const dLog = docs.map((d) => modelLogit(d.text, m));
  const cLog = code.map((d) => modelLogit(d.text, m));
  for (const fpr of [0.01, 0.001]) {
    const t = Math.max(quantile(dLog, 1 - fpr), quantile(cLog, 1 - fpr));
    const hit = aLog.filter((x) => x > t).length;
    out.modelAlone[`recall at <= ${fpr * 100} % benign`] = `${pct(hit, attacks.length)}; docs ${
      pct(dLog.filter((x) => x > t).length, docs.length)
    }, code ${pct(cLog.filter((x) => x > t).length, code.length)}`;
  }
  // Combined with the rules, as shipped: the score guard acts on.
  const score = (text: string) => scanInjection(text, { model: m }).score;
  const aS = attacks.map((a) => score(a.text));
  const dS = docs.map((d) => score(d.text));
  const cS = code.map((d) => score(d.text));
  const rulesOnly = attacks.filter((a) => scanInjection(a.text, { model: false }).flagged).length;
  out.combined["rules alone, block (0.7)"] = pct(rulesOnly, attacks.length);
  for (const [name, t] of [["block (0.7)", 0.7], ["spotlight (0.5)", 0.5]] as const) {
    out.combined[name] = `attacks ${pct(aS.filter((x) => x >= t).length, attacks.length)}; docs ${
      pct(dS.filter((x) => x >= t).length, docs.length)
    }, code ${pct(cS.filter((x) => x >= t).length, code.length)}`;
  }
  for (const fpr of [0.01, 0.001]) {
    const t = Math.max(quantile(dS, 1 - fpr), quantile(cS, 1 - fpr));
    out.combined[`recall at <= ${fpr * 100} % benign (score > ${t.toFixed(3)})`] = pct(
      aS.filter((x) => x > t).length,
      attacks.length,
    );
  }
  for (const [dim, held] of Object.entries(HELD_OUT)) {
    for (const v of held) {
      const ids = attacks.map((a, i) => [a, i] as const).filter(([a]) =>
        (a as unknown as Record<string, string>)[dim] === v
      );
      out.combined[`held-out ${dim} ${v}`] = pct(
        ids.filter(([, i]) => aS[i] >= 0.7).length,
        ids.length,
      );
    }
  }
  if (VALIDATE) {
    const ta = loadEval("injection", "test");
    const tb = loadEval("benign", "test");
    const sc = (d: { text: string }) => scanInjection(d.text, { model: m }).score;
    out.combined["VALIDATE tests/eval test attacks (0.7 / 0.5)"] = `${
      pct(ta.filter((d) => sc(d) >= 0.7).length, ta.length)
    } / ${pct(ta.filter((d) => sc(d) >= 0.5).length, ta.length)}`;
    out.combined["VALIDATE tests/eval test benign (0.7 / 0.5)"] = `${
      pct(tb.filter((d) => sc(d) >= 0.7).length, tb.length)
    } / ${pct(tb.filter((d) => sc(d) >= 0.5).length, tb.length)}`;
  }
  const hold = loadEval("injection", "holdout");
  const holdB = loadEval("benign", "holdout");
  out.combined["tests/eval holdout attacks (0.7)"] = pct(
    hold.filter((d) => scanInjection(d.text, { model: m }).flagged).length,
    hold.length,
  );
  out.combined["tests/eval holdout benign flagged (0.7)"] = pct(
    holdB.filter((d) => scanInjection(d.text, { model: m }).flagged).length,
    holdB.length,
  );
  if (print) {
    console.log(`model: ${out.modelBytes} bytes; holdout corpus: ${JSON.stringify(out.corpus)}`);
    console.log("model alone (held-out families, holdout packages):");
    for (const [k, v] of Object.entries(out.modelAlone)) console.log(`  ${k}: ${v}`);
    console.log("combined with the rules (one score):");
    for (const [k, v] of Object.entries(out.combined)) console.log(`  ${k}: ${v}`);
  }
  return out;
}

/** One author's corpus through the detector trained without it. */
export interface AuthorResult {
  author: string;
  attacks: number;
  blocked: number;
  /** Blocked or spotlighted (score ≥ 0.5). */
  marked: number;
  benign: number;
  benignBlocked: number;
  benignMarked: number;
  /** Attacks blocked per family: [blocked, of]. */
  byFamily: Record<string, [number, number]>;
  /** The installed packages' holdout split (documents and code) blocked by the same model. */
  packagesBlocked: number;
  packages: number;
}

/** The left-out author's corpus, through the shipped detector with model `m`. */
export async function reportAuthor(m: InjectionModel, who: string): Promise<AuthorResult> {
  const items = loadAuthored().get(who) ?? [];
  const sc = (d: { text: string }) => scanInjection(d.text, { model: m }).score;
  const pkgs = (await benignCorpus()).filter((b) => b.split === "holdout").map(sc);
  const attacks = items.filter((x) => x.kind === "attack");
  const a = attacks.map(sc);
  const byFamily: Record<string, [number, number]> = {};
  attacks.forEach((x, i) => {
    const f = byFamily[x.family] ??= [0, 0];
    f[1]++;
    if (a[i] >= 0.7) f[0]++;
  });
  const b = items.filter((x) => x.kind === "benign").map(sc);
  const r: AuthorResult = {
    author: who,
    attacks: a.length,
    blocked: a.filter((x) => x >= 0.7).length,
    marked: a.filter((x) => x >= 0.5).length,
    benign: b.length,
    benignBlocked: b.filter((x) => x >= 0.7).length,
    benignMarked: b.filter((x) => x >= 0.5).length,
    byFamily,
    packagesBlocked: pkgs.filter((x) => x >= 0.7).length,
    packages: pkgs.length,
  };
  const pct = (k: number, n: number) => `${k}/${n} (${(100 * k / Math.max(1, n)).toFixed(1)} %)`;
  console.log(
    `  ${who} by family: ${
      Object.entries(byFamily).map(([k, [h, n]]) => `${k} ${h}/${n}`).join(", ")
    }; holdout packages flagged ${r.packagesBlocked}/${r.packages}`,
  );
  console.log(
    `left out ${who}: attacks blocked ${pct(r.blocked, r.attacks)}, spotlighted+ ${
      pct(r.marked, r.attacks)
    }; benign blocked ${pct(r.benignBlocked, r.benign)}, spotlighted+ ${
      pct(r.benignMarked, r.benign)
    }`,
  );
  return r;
}

let benignCache: Promise<BenignDoc[]> | null = null;
/** The installed packages' benign corpus, gathered once per process. */
function benignCorpus(): Promise<BenignDoc[]> {
  return benignCache ??= gatherBenign();
}

/** Where `--leave-each-out` writes its figures (stats.ts puts them in the README). */
export const LEAVE_ONE_OUT_PATH = `${REPO_ROOT}/scripts/corpus/authored/leave-one-out.json`;

/**
 * Each author left out in turn: a model trained on the others (and everything else), scored on
 * that author's corpus. Pooled totals over all authors, per author, and the settings.
 */
async function leaveEachOut(): Promise<void> {
  const results: AuthorResult[] = [];
  for (const who of loadAuthored().keys()) results.push(await reportAuthor(await train(who), who));
  const sum = (k: keyof AuthorResult) => results.reduce((a, r) => a + (r[k] as number), 0);
  const out = {
    what: "each hand-written corpus scored by the detector trained without it (ADR 0025)",
    settings: {
      window: WINDOW,
      prefixes: PREFIXES,
      readable: READABLE,
      authoredWeight: AUTHORED_WEIGHT,
      authoredBenignWeight: AUTHORED_BENIGN_WEIGHT,
      blockMargin: BLOCK_MARGIN,
    },
    authors: results.length,
    attacks: sum("attacks"),
    blocked: sum("blocked"),
    marked: sum("marked"),
    benign: sum("benign"),
    benignBlocked: sum("benignBlocked"),
    benignMarked: sum("benignMarked"),
    packagesBlockedMax: Math.max(...results.map((r) => r.packagesBlocked)),
    packages: results[0]?.packages ?? 0,
    results,
  };
  Deno.writeTextFileSync(LEAVE_ONE_OUT_PATH, JSON.stringify(out, null, 2) + "\n");
  const pct = (k: number, n: number) => `${(100 * k / Math.max(1, n)).toFixed(1)} %`;
  console.log(
    `all ${out.authors} authors left out in turn: attacks blocked ${out.blocked}/${out.attacks} (${
      pct(out.blocked, out.attacks)
    }), blocked or spotlighted ${pct(out.marked, out.attacks)}; hard benign blocked ${
      pct(out.benignBlocked, out.benign)
    }; installed-package holdout blocked at most ${out.packagesBlockedMax}/${out.packages}`,
  );
  console.log(`wrote ${LEAVE_ONE_OUT_PATH}`);
}

async function train(leaveOut: string | null = LEAVE_OUT): Promise<InjectionModel> {
  const mask = (1 << BITS) - 1;
  const r = prng(SEED + 1);
  const benign: BenignDoc[] = await benignCorpus();
  const train = benign.filter((b) => b.split === "train");
  const calib = benign.filter((b) => b.split === "calibrate");
  const attacks = generateAttacks().filter((a) => !isHeldOut(a));
  // --validate keeps the test split out of training, to measure other authors' text with it.
  const evalSplits = VALIDATE ? ["dev"] : ["dev", "test"];
  const extraBenign: EvalDoc[] = evalSplits.flatMap((s) => loadEval("benign", s)).map(
    (d) => ({ text: d.text, group: "eval" }),
  );
  const extraAttacks = evalSplits.flatMap((s) => loadEval("injection", s));
  // The hand-written corpora (other authors than the generator), all but a left-out one.
  const authored = [...loadAuthored()].filter(([who]) => who !== leaveOut).flatMap(([, v]) => v);
  const authoredAttacks = authored.filter((x) => x.kind === "attack");
  extraBenign.push(
    ...authored.filter((x) => x.kind === "benign").map((x) => ({
      text: x.text,
      group: "authored",
    })),
  );
  const examples: Example[] = [];
  const negTexts = [...train.map((b) => b.text), ...extraBenign.map((d) => d.text)];
  for (const t of negTexts) examples.push(...benignExamples(t, mask, r, 60));
  // The evaluation sets' benign documents are hard negatives (prose about injections, security
  // advisories, agent docs): every window of them, weighted up.
  const hardWeight = (d: EvalDoc) => d.group === "authored" ? AUTHORED_BENIGN_WEIGHT : 1;
  for (const d of extraBenign) {
    for (const ex of benignExamples(d.text, mask, r, 400)) {
      examples.push({ ...ex, weight: 3 * hardWeight(d) });
    }
  }
  // Benign sentences with the attack templates' words (set … aside, you must call …): whole.
  for (const s of generateNearMisses(1600)) {
    for (const ex of benignExamples(s, mask, r, 4)) examples.push({ ...ex, weight: 3 });
  }
  const negCount = examples.length;
  const pos: Example[] = [];
  for (const a of attacks) {
    pos.push(...attackExamples(a, mask, 1));
    // The payload on its own too: short tool outputs are one sentence with no carrier around it.
    pos.push(...attackExamples({ ...a, text: a.payload }, mask, 1));
  }
  // The eval attacks carry no payload span: their windows are scored by the model itself (round 2).
  const posWeight = Math.min(20, negCount / Math.max(1, pos.length));
  for (const p of pos) p.weight = posWeight;
  examples.push(...pos);
  // Hand-written attacks: fewer, and worth more than one generated attack each.
  for (const a of authoredAttacks) {
    const att = { text: a.text, payload: a.payload ?? a.text } as Attack;
    const wt = posWeight * AUTHORED_WEIGHT;
    for (const ex of attackExamples(att, mask, wt)) examples.push(ex);
    for (const ex of attackExamples({ ...att, text: att.payload }, mask, wt)) examples.push(ex);
  }
  console.log(
    `corpus: ${train.length} benign train docs (+${extraBenign.length} eval), ${calib.length} calibrate, ` +
      `${attacks.length} train attacks; ${negCount} negative and ${pos.length} positive windows`,
  );
  const tr = new Trainer(BITS);
  tr.fit(examples, 3, SEED);
  // Round 2: each benign document's best window as a hard negative; each eval attack's best window
  // as a positive (the window the model finds is the one to learn).
  for (const t of negTexts) {
    const h = hardNegative(t, tr, mask);
    if (h) examples.push(h);
  }
  for (const d of extraBenign) {
    const h = hardNegative(d.text, tr, mask);
    if (h) examples.push({ ...h, weight: 6 * hardWeight(d) });
  }
  for (const d of extraAttacks) {
    const t = tokensOf(normalize(d.text).text);
    const n = t.uni.length;
    if (!n) continue;
    let best = -Infinity;
    let at = 0;
    for (let s = 0; s + Math.min(n, WINDOW) <= n; s++) {
      if (!readableAt(t, s, Math.min(n, s + WINDOW))) continue;
      const v = tr.logit(features(t, s, Math.min(n, s + WINDOW), mask));
      if (v > best) [best, at] = [v, s];
    }
    if (best === -Infinity) continue;
    examples.push({ f: features(t, at, Math.min(n, at + WINDOW), mask), y: 1, weight: posWeight });
  }
  tr.fit(examples, 2, SEED + 2);
  // Calibrate on packages never trained on.
  let m = tr.model();
  const cDocs = calib.filter((b) => b.kind === "doc").map((b) => modelLogit(b.text, m));
  const cCode = calib.filter((b) => b.kind === "code").map((b) => modelLogit(b.text, m));
  // The 0.5 % point, plus a margin: one outlier of a few hundred calibrate documents moved the
  // 0.2 % point (their maximum) by four logits from one training run to the next, and the
  // holdout packages are not the calibrate ones.
  const block = Math.max(quantile(cDocs, 0.995), quantile(cCode, 0.995)) + BLOCK_MARGIN;
  const spotlight = Math.max(quantile(cDocs, 0.98), quantile(cCode, 0.98));
  m = tr.model(Math.min(spotlight, block - 0.01), block);
  console.log(
    `calibration: spotlight logit ${m.spotlight.toFixed(3)}, block logit ${m.block.toFixed(3)}`,
  );
  return m;
}

if (import.meta.main) {
  let m: InjectionModel;
  if (Deno.args.includes("--leave-each-out")) {
    await leaveEachOut();
    Deno.exit(0);
  }
  if (Deno.args.includes("--report")) m = shippedModel();
  else {
    m = await train();
    if (LEAVE_OUT) {
      await reportAuthor(m, LEAVE_OUT);
      Deno.exit(0);
    }
    if (VALIDATE) {
      await report(m);
      Deno.exit(0);
    }
    Deno.writeFileSync(MODEL_PATH, serializeModel(m));
    console.log(`wrote ${MODEL_PATH}`);
  }
  await report(m);
}
