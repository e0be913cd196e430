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

export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** Splits normalised text into sentences of at most 500 characters. */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let pos = 0;
  const push = (a: number, b: number) => {
    for (let s = a; s < b; s += 500) {
      const e = Math.min(b, s + 500);
      const t = text.slice(s, e);
      if (/[a-z]{3}/.test(t)) out.push({ start: s, end: e, text: t.trim() });
    }
  };
  SPLIT.lastIndex = 0;
  for (const m of text.matchAll(SPLIT)) {
    if (m.index! > pos) push(pos, m.index!);
    pos = m.index! + m[0].length;
  }
  if (pos < text.length) push(pos, text.length);
  return out;
}

/** Cheap gate: a sentence can only score if it addresses an AI, says "you", mentions the user or commands. */
export function candidate(s: string): boolean {
  return AI_RE.test(s) || YOU_RE.test(s) || USER_RE.test(s) || IMPERATIVE_START.test(s);
}
