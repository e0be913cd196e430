/**
 * Sentence-level directive scoring: the generic signal behind indirect prompt
 * injection — a sentence in *data* that speaks to the AI reading it and tells
 * it to do something (or not to tell its user). Regex rules catch known
 * phrasings; this scorer catches new ones from their ingredients.
 *
 * Each sentence of the normalised text gets binary features (addresses an AI,
 * second person, mentions "the user", starts with an imperative, a modal
 * directive, refers to the reader's own answer or session, secrecy, override
 * vocabulary, risky objects: URLs, addresses, secrets, shell commands,
 * destructive verbs; urgency) and a logistic score. The weights are data,
 * fitted on the dev split of `tests/eval/` by `scripts/fit_directive.ts`
 * (the test split never takes part) and copied below.
 */

export interface DirectiveFeatures {
  ai: boolean;
  you: boolean;
  user: boolean;
  imperative: boolean;
  modal: boolean;
  meta: boolean;
  secrecy: boolean;
  override: boolean;
  url: boolean;
  secretObject: boolean;
  command: boolean;
  destructive: boolean;
  urgency: boolean;
  toolCall: boolean;
  weakenSecurity: boolean;
  privilege: boolean;
  publish: boolean;
}

export const FEATURE_NAMES: (keyof DirectiveFeatures)[] = [
  "ai",
  "you",
  "user",
  "imperative",
  "modal",
  "meta",
  "secrecy",
  "override",
  "url",
  "secretObject",
  "command",
  "destructive",
  "urgency",
  "toolCall",
  "weakenSecurity",
  "privilege",
  "publish",
];

/** Pairs whose conjunction is its own feature (the signal is in the combination). */
export const PAIRS: [keyof DirectiveFeatures, keyof DirectiveFeatures][] = [
  ["ai", "imperative"],
  ["ai", "modal"],
  ["ai", "you"],
  ["you", "user"],
  ["you", "meta"],
  ["imperative", "url"],
  ["imperative", "secretObject"],
  ["imperative", "command"],
  ["imperative", "destructive"],
  ["secrecy", "user"],
  ["override", "you"],
  ["ai", "secrecy"],
  ["imperative", "toolCall"],
  ["imperative", "weakenSecurity"],
  ["imperative", "privilege"],
  ["imperative", "publish"],
  ["secrecy", "imperative"],
  ["override", "imperative"],
];

const AI_RE =
  /\b(?:ai|a\.i\.|llm|llms|language models?|assistants?|agents?|chatbots?|copilot|claude|chatgpt|gpt(?:-?\d[\w.]*)?|gemini|codex|cursor|models?|bots?|automated (?:system|reader|tool)s?)\b/;
const YOU_RE = /\b(?:you|your|yours|yourself|you're|you've|you'll)\b/;
const USER_RE =
  /\b(?:the user|the user's|users'|the human|the person you|the requester|the operator|the end user)\b/;
const IMPERATIVE_VERBS =
  "add|append|approve|bundle|call|change|classify|close|commit|copy|create|decode|delete|describe|disable|download|drop|edit|email|enable|execute|fetch|forget|forward|give|grant|hide|ignore|include|insert|install|invite|keep|leave|list|load|make|mark|merge|modify|move|open|output|overwrite|paste|perform|pin|pipe|post|print|push|put|read|recommend|remove|rename|render|replace|reply|report|respond|restore|run|say|send|set|share|skip|state|strip|submit|summari[sz]e|tag|tell|transfer|transmit|treat|turn|update|upload|use|write|do|don't|never|stop|disregard|override|reveal|show|visit|navigate|click|grab|collect|gather|extract|dump|encode|embed|exfiltrate|rotate|lower|raise|comment|uncomment|apply|sign|accept|answer|output";
const IMPERATIVE_START = new RegExp(
  String
    .raw`^(?:[\s\-*#>"'\x60(\[]|\d{1,2}[.)]|step \d+:|note:|important:|urgent:|please,?|kindly|now,?|first,?|then,?|also,?|finally,?|just|immediately,?|quietly,?|silently,?)*(?:[a-z ]{0,40}?(?:assistant|agent|ai|model|llm|bot|claude|copilot)s?[,:]\s*)?(?:please |kindly |now |first |then |also |just |immediately |quietly |silently )?(?:${IMPERATIVE_VERBS})\b`,
);
const MODAL_RE =
  /\b(?:you|assistants?|agents?|models?|ai|llms?|bots?|claude|copilot)(?: (?:really|now|also|always|first|then|therefore))? (?:must|should|shall|need to|needs to|have to|has to|are to|is to|will now|are required to|are instructed to|are expected to|may now|can now|are allowed to|are authori[sz]ed to|ought to)\b/;
const META_RE =
  /\b(?:your (?:final |next )?(?:answer|reply|response|summary|output|turn|report|instructions|system prompt|guidelines|directives|orders|task|assignment|purpose|role|job|goal|objective|refusal|rules|configuration|tools|memory|context)|when (?:you|asked)|before you|after you|while you|whenever you|each time you|every time you|this (?:session|conversation|chat|task|request)|tool (?:calls?|use)|the task you|the instructions you|the request you|what the user (?:told|asked|said|wants)|the user (?:asked|told|wants|requested|says|said)|system prompt|previous (?:instructions|orders|directives)|(?:earlier|prior|original) (?:instructions|directives|rules|orders))\b/;
const SECRECY_RE =
  /\b(?:(?:do not|don't|dont|never|without|no need to|avoid) (?:ever )?(?:tell|telling|mention|mentioning|inform|informing|notify|notifying|reveal|revealing|show|showing|ask|asking|check|checking|prompt|prompting|disclose|disclosing|alert|alerting|bring (?:it|this) up|say anything|report)|quietly|silently|secretly|discreetly|covertly|stealthily|without (?:confirmation|approval|permission|consent)|not for the user|keep (?:it|this|that) (?:secret|hidden|confidential|between)|leave (?:it|this|that|them|out)|out of (?:your|the) (?:summary|answer|reply|response|report|changelog)|between us|must not (?:see|know)|does not need to know|hide this|conceal)\b/;
const OVERRIDE_RE =
  /\b(?:ignore|disregard|forget|overrid\w*|supersed\w*|obsolete|void|rescind\w*|revok\w*|cancell?ed|outrank\w*|no longer apply|do not apply|don't apply|real (?:task|job|instruction)|true (?:purpose|task)|actual (?:task|assignment|job)|new (?:instructions|directive|role|task|orders)|from now on|pretend|jailbreak|unrestricted|no restrictions|developer mode|maintenance mode|audit mode|resets? your|scrap whatever|whatever the user)\b/;
const URL_RE = /(?:https?:\/\/|\bwww\.|[\w.+-]+@[\w-]+\.[\w.-]+|webhook)/;
const SECRET_OBJECT_RE =
  /(?:\.ssh|id_rsa|id_ed25519|\.env\b|\.aws|credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|private keys?|environment variables?|env vars?|system prompt|conversation|chat history|transcript|cookies?|session|\.npmrc|\.netrc|authorized_keys|\/etc\/passwd|keychain|wallet)/;
const COMMAND_RE =
  /(?:\bcurl\b|\bwget\b|\bbash\b|\bsh -c\b|\|\s*(?:ba|z)?sh\b|\bsudo\b|\brm -|\bchmod\b|\bgit (?:push|commit|reset|tag)|\beval\b|\bbase64 -d|\bpowershell|\biex\b|\bos\.system|\bsubprocess|\bnpm (?:install|i)\b|\bpip install\b|\bcrontab\b|\bssh-keygen\b|~\/\.bashrc)/;
const DESTRUCTIVE_RE =
  /\b(?:delete|deleting|remove|removing|drop|wipe|erase|overwrite|disable|disabling|deactivate|turn off|switch off|force[- ]push|--force|truncate|revoke|lower the|comment out|rename)\b/;
const URGENCY_RE =
  /\b(?:immediately|right away|right now|at once|urgent|asap|before (?:doing anything else|anything else|responding|answering|continuing|you (?:answer|respond|reply|continue))|critical|mandatory|required)\b/;

const TOOL_CALL_RE =
  /\b(?:call|invoke|run|use|trigger|execute|with)\s+(?:the\s+)?[\x60'"]?[a-z]+_[a-z0-9_]+|\b(?:the|your)\s+[a-z]+(?:_[a-z]+)?\s+tool\b|\btools?(?:'s)?\s+[a-z]+_[a-z_]+/;
const WEAKEN_RE =
  /\b(?:disable|disabling|turn off|switch off|switch on|lower|loosen|bypass|skip|dismiss|suppress|silence|allow (?:public|less secure|anonymous|all)|auto-approve|approve (?:all|every)|--no-verify|verify\s*=\s*false|\|\| true|comment(?:ing)? (?:it )?out|set [^.]{0,40} to (?:off|false|0|none|public))\b[^.]{0,60}?\b(?:security|scan|checks?|tests?|backups?|log(?:ging)?|hooks?|2fa|mfa|two-factor|alerts?|polic(?:y|ies)|csp|headers?|rate limit(?:er)?|firewall|protection|verification|ssl|tls|certificates?|audit|monitoring|dependabot|secrets? scanning|refunds?|reviews?|approvals?|confirmations?)\b/;
const PRIVILEGE_RE =
  /\b(?:grant|give|add|invite|promote|elevate|assign)\b[^.]{0,60}?\b(?:admin|administrator|owner|write (?:access|scope)|full (?:access|scope)|root|sudo|maintainer|collaborator|role)\b|\b(?:transfer|wire|send|pay|refund|payout)\b[^.]{0,40}?\b(?:funds|money|payment|\$\d|£\d|€\d|usd|eur|gbp|account|iban|wallet)\b|\b(?:create|generate|mint|issue)\b[^.]{0,30}?\b(?:api key|token|access key|personal access token|credentials?)\b/;
const PUBLISH_RE =
  /\b(?:public|publicly|gist|pastebin|paste site|new paste|share the link|world-readable|anyone with the link|post (?:it|them|this) (?:in|to|on)|upload (?:it|them|this)|webhook|#general|public channel)\b/;

export function features(sentence: string): DirectiveFeatures {
  return {
    ai: AI_RE.test(sentence),
    you: YOU_RE.test(sentence),
    user: USER_RE.test(sentence),
    imperative: IMPERATIVE_START.test(sentence),
    modal: MODAL_RE.test(sentence),
    meta: META_RE.test(sentence),
    secrecy: SECRECY_RE.test(sentence),
    override: OVERRIDE_RE.test(sentence),
    url: URL_RE.test(sentence),
    secretObject: SECRET_OBJECT_RE.test(sentence),
    command: COMMAND_RE.test(sentence),
    destructive: DESTRUCTIVE_RE.test(sentence),
    urgency: URGENCY_RE.test(sentence),
    toolCall: TOOL_CALL_RE.test(sentence),
    weakenSecurity: WEAKEN_RE.test(sentence),
    privilege: PRIVILEGE_RE.test(sentence),
    publish: PUBLISH_RE.test(sentence),
  };
}

/** The feature vector: the single features, then the pairs. */
export function vector(f: DirectiveFeatures): number[] {
  return [
    ...FEATURE_NAMES.map((k) => (f[k] ? 1 : 0)),
    ...PAIRS.map(([a, b]) => (f[a] && f[b] ? 1 : 0)),
  ];
}

/**
 * Logistic weights: bias, then one per entry of `vector`. Fitted on the dev
 * split by `deno task fit-directive`; see docs/adr/0011.
 */
export const WEIGHTS: number[] = [
  -2.42,
  0.84,
  -0.17,
  0.69,
  0.04,
  0.56,
  0.92,
  1.01,
  0.69,
  0.81,
  -0.08,
  0.74,
  0.26,
  -0.02,
  0.88,
  0.3,
  0.26,
  0.41,
  0.04,
  0.6,
  0.64,
  0.28,
  1.16,
  0.71,
  0.52,
  0.34,
  0.07,
  0.37,
  0.53,
  0.18,
  0.59,
  0.22,
  0.17,
  0.33,
  0.63,
  -0.06,
];

export function score(v: number[], w: number[] = WEIGHTS): number {
  let z = w[0];
  for (let i = 0; i < v.length; i++) z += w[i + 1] * v[i];
  return 1 / (1 + Math.exp(-z));
}

/** Sentence boundaries: line breaks, sentence punctuation, HTML block tags, cell separators. */
const SPLIT =
  /\n|(?<=[.!?])\s+|<\/?(?:p|div|td|th|tr|li|br|h[1-6]|section|span|pre|code)\b[^>]{0,200}>|\|(?=\s)|\\n|",\s*"|<!--|-->/g;
const SPLIT_STICKY = new RegExp(SPLIT.source, "y");
/** Characters at or after which a SPLIT match can start (`splitsAt`). */
const SPLIT_AT = /[\n<|\\"\-.!?]/g;

export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** Splits normalised text into sentences of at most 500 characters. */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  sentenceChunks(text, splitStarts(text), (s, e) => {
    const t = text.slice(s, e);
    if (/[a-z]{3}/.test(t)) out.push({ start: s, end: e, text: t.trim() });
  });
  return out;
}

/** Offsets (ascending) where a SPLIT match can start in `text`. */
export function splitStarts(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(SPLIT_AT)) {
    const p = splitFrom(text, m.index!, m[0].charCodeAt(0));
    if (p >= 0) out.push(p);
  }
  return out;
}

/**
 * Whether a SPLIT match can start relative to a character: 1 at it (`\n`,
 * `<`, `|`, `\`, `"`, `-`), 2 just after it (`.`, `!`, `?`), 0 neither.
 */
export function splitsAt(c: number): 0 | 1 | 2 {
  if (c === 10 || c === 60 || c === 124 || c === 92 || c === 34 || c === 45) return 1;
  return c === 46 || c === 33 || c === 63 ? 2 : 0;
}

/** JavaScript's `\s`, by UTF-16 unit. */
export const SPACE = new Uint8Array(65536);
for (const c of "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff") {
  SPACE[c.charCodeAt(0)] = 1;
}
SPACE.fill(1, 0x2000, 0x200b);

/**
 * Where a SPLIT match can start for the character `c` at `i` (`splitsAt` not
 * 0): `i` or `i + 1`, or -1 when the characters after rule SPLIT out (`.`
 * `!` `?` and `|` need a space after, `-` needs `->`, `"` a comma, `\` an n).
 */
export function splitFrom(text: string, i: number, c: number): number {
  const next = text.charCodeAt(i + 1);
  if (c === 46 || c === 33 || c === 63) return SPACE[next] === 1 ? i + 1 : -1;
  if (c === 124) return SPACE[next] === 1 ? i : -1;
  if (c === 45) return next === 45 && text.charCodeAt(i + 2) === 62 ? i : -1;
  if (c === 34) return next === 44 ? i : -1;
  if (c === 92) return next === 110 ? i : -1;
  return i;
}

/**
 * The raw sentence chunks of `text` — [start, end) before `sentences` drops
 * the letterless ones and trims them — given ascending offsets `splitAt` that
 * include every place a SPLIT match can start: SPLIT is tried there,
 * anchored, instead of across the whole text. `each` returning false stops.
 */
export function sentenceChunks(
  text: string,
  splitAt: number[],
  each: (start: number, end: number) => boolean | void,
): void {
  let pos = 0;
  const push = (a: number, b: number) => {
    for (let s = a; s < b; s += 500) if (each(s, Math.min(b, s + 500)) === false) return false;
    return true;
  };
  for (const p of splitAt) {
    if (p < pos || p >= text.length) continue;
    SPLIT_STICKY.lastIndex = p;
    const m = SPLIT_STICKY.exec(text);
    if (!m) continue;
    if (p > pos && !push(pos, p)) return;
    pos = p + m[0].length;
  }
  if (pos < text.length) push(pos, text.length);
}

/** Cheap gate: a sentence can only score if it addresses an AI, says "you", mentions the user or commands. */
export function candidate(s: string): boolean {
  return AI_RE.test(s) || YOU_RE.test(s) || USER_RE.test(s) || IMPERATIVE_START.test(s);
}

// ── A gate for the gate ──────────────────────────────────────────────────────
//
// Most sentences of a long text are not candidates, and `candidate` reads each one four times.
// What it needs can be read off the words instead. AI_RE, YOU_RE and USER_RE only match a word
// between word boundaries, so one of their CUES is a whole run of letters in the sentence (a run
// of the text, or the sentence's first or last run when the sentence cuts a word);
// IMPERATIVE_START needs the sentence's first run of letters to begin with one of its verbs or
// lead-in words (LEAD_WORDS), or an AI name right before a `,` or `:` (A_WORDS, the addressee).

/** Which of AI_RE, YOU_RE, USER_RE a cue belongs to, and IMPERATIVE_START's bit. */
export const CUE_AI = 1;
export const CUE_YOU = 2;
export const CUE_USER = 4;
export const CUE_IMPERATIVE = 8;

/** Letter runs that AI_RE, YOU_RE or USER_RE can match as a whole (`a.i.` aside), by regex. */
export const CUES = new Map<string, number>([
  ...["ai", "llm", "llms", "model", "models", "assistant", "assistants", "agent", "agents"],
  ...["chatbot", "chatbots", "copilot", "claude", "chatgpt", "gpt", "gemini", "codex", "cursor"],
  ...["bot", "bots", "automated"],
].map((w): [string, number] => [w, CUE_AI]));
for (const w of ["you", "your", "yours", "yourself"]) CUES.set(w, CUE_YOU);
for (const w of ["user", "users", "human", "person", "requester", "operator"]) {
  CUES.set(w, CUE_USER);
}

/** The names IMPERATIVE_START accepts before `,` or `:` (its addressee), with an optional s. */
const A_WORDS = ["assistant", "agent", "ai", "model", "llm", "bot", "claude", "copilot"];

/** IMPERATIVE_START's lead-in words and the letters each verb starts with. */
const LEAD_WORDS = new Set([
  ..."step note important urgent please kindly now first then also finally just".split(" "),
  ..."immediately quietly silently".split(" "),
  ...IMPERATIVE_VERBS.split("|").map((v) => /^[a-z]*/.exec(v)![0]).filter((v) => v),
]);
const isLetter = (c: number) => c >= 97 && c <= 122;

/**
 * LEAD_WORDS as a trie over a–z: node × 26 + letter → child (0: none; the root is 0), and
 * whether a node ends a lead word.
 */
const LEAD_CHILD: number[] = [];
const LEAD_END: boolean[] = [false];
for (const w of LEAD_WORDS) {
  let node = 0;
  for (let k = 0; k < w.length; k++) {
    if (!isLetter(w.charCodeAt(k))) throw new Error(`lead word ${w} is not a–z`);
    const slot = node * 26 + w.charCodeAt(k) - 97;
    if (!LEAD_CHILD[slot]) {
      LEAD_CHILD[slot] = LEAD_END.length;
      LEAD_END.push(false);
    }
    node = LEAD_CHILD[slot];
  }
  LEAD_END[node] = true;
}
const LEAD_TRIE = Int32Array.from({ length: LEAD_END.length * 26 }, (_, i) => LEAD_CHILD[i] ?? 0);

/** Whether the run of letters text[x, y) begins with one of LEAD_WORDS (read in place). */
function leadPrefix(text: string, x: number, y: number): boolean {
  let node = 0;
  for (let k = x; k < y; k++) {
    node = LEAD_TRIE[node * 26 + text.charCodeAt(k) - 97];
    if (node === 0) return false;
    if (LEAD_END[node]) return true;
  }
  return false;
}

/** Where the cues are: offsets, ascending, of each kind. */
export interface CueOffsets {
  /** Runs of letters that are CUES of AI_RE (and `a` of `a.i.`), YOU_RE, USER_RE. */
  ai: number[];
  you: number[];
  user: number[];
  /** Each `,` or `:` right after a run of letters that ends in one of A_WORDS (or it plus s). */
  address: number[];
}

/**
 * Which of `candidate`'s four regexes can match `text.slice(start, end).trim()`
 * (CUE_AI | CUE_YOU | CUE_USER | CUE_IMPERATIVE): a bit is clear only when its
 * regex cannot match. 0: not a candidate.
 */
export function mayBeCandidate(text: string, start: number, end: number, at: CueOffsets): number {
  let can = (anyIn(at.ai, start, end) ? CUE_AI : 0) | (anyIn(at.you, start, end) ? CUE_YOU : 0) |
    (anyIn(at.user, start, end) ? CUE_USER : 0) |
    (anyIn(at.address, start, end) ? CUE_IMPERATIVE : 0);
  // The first and last runs of letters, cut at the sentence's ends.
  let x = start;
  while (x < end && !isLetter(text.charCodeAt(x))) x++;
  if (x === end) return can;
  let y = x + 1;
  while (y < end && isLetter(text.charCodeAt(y))) y++;
  const first = text.slice(x, y);
  can |= CUES.get(first) ?? 0;
  if (first === "a" && text.startsWith(".i.", y)) can |= CUE_AI;
  if ((can & CUE_IMPERATIVE) === 0 && leadPrefix(text, x, y)) can |= CUE_IMPERATIVE;
  let z = end;
  while (!isLetter(text.charCodeAt(z - 1))) z--;
  let u = z - 1;
  while (u > start && isLetter(text.charCodeAt(u - 1))) u--;
  return can | (CUES.get(text.slice(u, z)) ?? 0);
}

/** Whether a sorted list has a value in [a, b). */
function anyIn(list: number[], a: number, b: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < a) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] < b;
}

/** A_WORDS by their last letter. */
const A_BY_LAST = new Map<number, string[]>();
for (const w of A_WORDS) {
  const c = w.charCodeAt(w.length - 1);
  A_BY_LAST.set(c, [...(A_BY_LAST.get(c) ?? []), w]);
}

/** Whether the run of letters text[from, to) ends in one of A_WORDS, with or without an s. */
export function endsInAddressee(text: string, from: number, to: number): boolean {
  for (let e = to; e > to - 2 && e > from; e--) {
    if (e < to && text.charCodeAt(e) !== 115) break; // the optional s
    for (const w of A_BY_LAST.get(text.charCodeAt(e - 1)) ?? []) {
      if (e - w.length >= from && text.startsWith(w, e - w.length)) return true;
    }
  }
  return false;
}

// ── Scoring with an early exit ───────────────────────────────────────────────

/** Each feature's regex. */
const FEATURE_RES: Record<keyof DirectiveFeatures, RegExp> = {
  ai: AI_RE,
  you: YOU_RE,
  user: USER_RE,
  imperative: IMPERATIVE_START,
  modal: MODAL_RE,
  meta: META_RE,
  secrecy: SECRECY_RE,
  override: OVERRIDE_RE,
  url: URL_RE,
  secretObject: SECRET_OBJECT_RE,
  command: COMMAND_RE,
  destructive: DESTRUCTIVE_RE,
  urgency: URGENCY_RE,
  toolCall: TOOL_CALL_RE,
  weakenSecurity: WEAKEN_RE,
  privilege: PRIVILEGE_RE,
  publish: PUBLISH_RE,
};

/** The order features are read in after `candidate`'s four: the most telling first. */
const LATER: (keyof DirectiveFeatures)[] = [
  "secrecy",
  "meta",
  "toolCall",
  "url",
  "command",
  "override",
  "modal",
  "publish",
  "secretObject",
  "destructive",
  "urgency",
  "weakenSecurity",
  "privilege",
];

/** FEATURE_NAMES, PAIRS and WEIGHTS as indices and numbers, for `scoreIfAtLeast`. */
export interface Bounds {
  weights: number[];
  names: (keyof DirectiveFeatures)[];
  pairs: [keyof DirectiveFeatures, keyof DirectiveFeatures][];
  /** Regexes by feature index; candidate's four, then the others in reading order. */
  res: RegExp[];
  first: number[];
  later: number[];
  pairA: Int32Array;
  pairB: Int32Array;
  /** Null when the exported tables no longer fit these (then features are read the plain way). */
  usable: boolean;
}

let cachedBounds: Bounds | null = null;

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function samePairs(a: readonly (readonly [unknown, unknown])[], b: typeof PAIRS): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1]) return false;
  return true;
}

/**
 * `scoreIfAtLeast`'s view of WEIGHTS, FEATURE_NAMES and PAIRS. They are
 * exported (and could change), so each scan asks again; the answer is reused
 * while they stay the same.
 */
export function directiveBounds(): Bounds {
  const c = cachedBounds;
  if (
    c && sameList(c.weights, WEIGHTS) && sameList(c.names, FEATURE_NAMES) &&
    samePairs(c.pairs, PAIRS)
  ) return c;
  const names = [...FEATURE_NAMES];
  const index = new Map(names.map((k, i) => [k, i]));
  const pairs = PAIRS.map(([a, b]): [keyof DirectiveFeatures, keyof DirectiveFeatures] => [a, b]);
  const first = (["ai", "you", "user", "imperative"] as const).map((k) => index.get(k) ?? -1);
  const later = LATER.map((k) => index.get(k) ?? -1);
  const usable = names.length <= 30 && new Set(names).size === names.length &&
    names.every((k) => FEATURE_RES[k] !== undefined) &&
    pairs.every(([a, b]) => index.has(a) && index.has(b)) &&
    [...first, ...later].every((i) => i >= 0) && first.length + later.length === names.length &&
    WEIGHTS.length === names.length + pairs.length + 1;
  cachedBounds = {
    weights: [...WEIGHTS],
    names,
    pairs,
    res: names.map((k) => FEATURE_RES[k]),
    first,
    later,
    pairA: Int32Array.from(pairs, ([a]) => index.get(a) ?? 0),
    pairB: Int32Array.from(pairs, ([, b]) => index.get(b) ?? 0),
    usable,
  };
  return cachedBounds;
}

/**
 * `candidate(s) ? score(vector(features(s))) : null`, and null as well as soon
 * as the score cannot reach `min` whatever the features not yet read (each
 * unread feature and pair counted at its weight when positive, nothing when
 * negative). The score returned is the one `score` computes, bit for bit.
 * `can` (from `mayBeCandidate`) names which of candidate's four regexes can
 * match; the others are not read.
 */
export function scoreIfAtLeast(
  s: string,
  min: number,
  b = directiveBounds(),
  can = CUE_AI | CUE_YOU | CUE_USER | CUE_IMPERATIVE,
): number | null {
  if (!b.usable) return candidate(s) ? score(vector(features(s))) : null;
  const n = b.names.length;
  // candidate's four (ai, you, user, imperative), each read only when it can match.
  let got = 0;
  for (let k = 0; k < 4; k++) {
    if ((can & (1 << k)) !== 0 && b.res[b.first[k]].test(s)) got |= 1 << k;
  }
  if (!got) return null;
  const v = new Array<number>(n).fill(0);
  let known = 0;
  for (let k = 0; k < 4; k++) {
    const i = b.first[k];
    v[i] = (got >> k) & 1;
    known |= 1 << i;
  }
  const w = b.weights;
  for (let k = 0; k < b.later.length; k++) {
    // A bound after candidate's four and after each further four.
    if (k % 4 === 0) {
      let z = w[0];
      for (let i = 0; i < n; i++) {
        const wi = w[i + 1];
        z += known & (1 << i) ? v[i] * wi : wi > 0 ? wi : 0;
      }
      for (let p = 0; p < b.pairA.length; p++) {
        const a = b.pairA[p];
        const c = b.pairB[p];
        const wi = w[n + 1 + p];
        const ka = (known & (1 << a)) !== 0;
        const kc = (known & (1 << c)) !== 0;
        if ((ka && !v[a]) || (kc && !v[c])) continue;
        z += ka && kc ? wi : wi > 0 ? wi : 0;
      }
      // Float sums in another order may differ in the last bits: stay clear of them.
      if (score([], [z + 1e-9]) < min) return null;
    }
    const i = b.later[k];
    v[i] = b.res[i].test(s) ? 1 : 0;
    known |= 1 << i;
  }
  // vector(features(s)), from the same readings.
  const vec = v.slice();
  for (let p = 0; p < b.pairA.length; p++) vec.push(v[b.pairA[p]] && v[b.pairB[p]] ? 1 : 0);
  return score(vec);
}
