/**
 * MCP tool heuristics: a tool's name (tokens → verb and noun classes → ordered
 * rules), its input schema's property names, its annotations, and as a last
 * resort its title and description, mapped to capabilities. Loaded only where
 * MCP tools are classified; it registers itself with capabilities.ts.
 */
import {
  type Capability,
  capsOf,
  type Classification,
  EX,
  M_EXTERNAL,
  M_NE,
  M_RL,
  M_RX,
  maskOf,
  NE,
  registerMcpClassifier,
  RL,
  RP,
  RX,
  SM,
  type ToolDefinition,
  WL,
  words,
} from "./capabilities.ts";

// ---------------------------------------------------------------------------
// MCP tool heuristics: tokens of the name → verb classes and noun classes → rules

type Verb = "exec" | "send" | "post" | "egress" | "write" | "change" | "fetch" | "read";
type Noun = "secret" | "dm" | "message" | "web" | "hook" | "remote" | "fs" | "code" | "info";

const VERB_WORDS: Readonly<Record<Verb, string>> = {
  exec: "run execute exec eval evaluate spawn invoke interpret",
  send:
    "send resend reply respond tweet retweet notify comment forward broadcast announce invite dm",
  post: "post",
  egress: "upload push publish deploy submit share transfer",
  write: `write create add new make mkdir insert append update edit modify patch set save put apply
    replace change upsert store touch assign commit`,
  change: `delete remove rm unlink close archive move mv rename copy cp merge lock unlock resolve
    dismiss cancel clear reset revert kill`,
  fetch: "fetch download browse navigate crawl scrape visit goto curl wget clone",
  read: `get read list search find query view show describe lookup retrieve return load check
    inspect scan cat grep diff peek watch poll receive preview summarize ls`,
};

/** "info" nouns with no verb mean reading (`sender_info`, `directory_tree`). */
const NOUN_WORDS: Readonly<Record<Noun, string>> = {
  secret: `secret password passwd passphrase credential creds apikey keychain keyring keystore
    vault bitwarden lastpass 1password onepassword totp otp env`,
  dm: "dm",
  message: `message msg email mail gmail inbox mailbox chat channel thread comment issue pr pull
    review discussion post tweet toot sms reply conversation notification ticket mention feed
    timeline forum sender recipient room slack discord telegram whatsapp twitter mastodon reddit
    subreddit`,
  web: `web webpage website site url uri http https html internet online browser google bing
    duckduckgo brave tavily serp serpapi exa api request endpoint`,
  hook: "webhook ftp sftp",
  remote: `gist bucket object s3 blob gcs repo repository release package readme page wiki article
    news npm pypi crate artifact workflow commit`,
  fs: `file filename path directory dir folder fs filesystem disk media notebook workspace local
    symlink cwd git patch`,
  code: `command cmd shell bash sh zsh powershell pwsh terminal console script code python py js
    javascript node typescript ruby repl sql snippet`,
  info: "info details status count history stats summary metadata log tree usage size stat",
};

/** Two-token nouns, checked before single tokens (`get_api_key`, `create_pull_request`). */
const PHRASES: ReadonlyMap<string, Noun> = new Map<string, Noun>([
  ...words("api access secret private ssh").map((w) => [`${w} key`, "secret"] as const),
  ...words("access auth oauth refresh bearer session").map((w) =>
    [`${w} token`, "secret"] as const
  ),
  ["direct message", "dm"],
  ["private message", "dm"],
  ["pull request", "message"],
  ["merge request", "message"],
]);

const wordMap = <T extends string>(table: Readonly<Record<T, string>>): Map<string, T> =>
  new Map(
    Object.entries<string>(table).flatMap(([k, list]) => words(list).map((w) => [w, k as T])),
  );
const VERBS = wordMap(VERB_WORDS), NOUNS = wordMap(NOUN_WORDS);

/** Description words that, with a url property, mean the tool fetches that URL. */
const FETCH_DESC = new Set(
  words(
    "fetch download retrieve scrape crawl browse visit web webpage website page html http https",
  ),
);

const KNOWN = new Set<string>([...VERBS.keys(), ...NOUNS.keys(), ...FETCH_DESC]);
for (const p of PHRASES.keys()) for (const w of words(p)) KNOWN.add(w);

/** A token's table form: plural and third-person endings removed when that gives a known word. */
function canon(t: string): string {
  if (KNOWN.has(t) || !t.endsWith("s")) return t;
  for (const c of [t.slice(0, -1), t.slice(0, -2), t.slice(0, -3) + "y"]) {
    if (KNOWN.has(c)) return c;
  }
  return t;
}

const CAMEL_RUN = /([A-Z]+)([A-Z][a-z])/g;
const CAMEL = /([a-z0-9])([A-Z])/g;
const NON_ALNUM = /[^a-z0-9]+/;

/** snake_case, kebab-case, camelCase, dots and spaces → lower-case table words. */
function tokens(s: string): string[] {
  return s.replace(CAMEL_RUN, "$1 $2").replace(CAMEL, "$1 $2").toLowerCase().split(NON_ALNUM)
    .filter((t) => t !== "").map(canon);
}

type Analysis = { verbs: { cls: Verb; tok: string }[]; nouns: Map<Noun, string> };

/**
 * Verbs and nouns of a token list. A word that is both (post, comment, reply, tweet, commit)
 * is a verb only when no verb came before it: `post_message` posts, `get_post` reads.
 */
function analyse(toks: readonly string[], infoReads: boolean): Analysis {
  const verbs: Analysis["verbs"] = [];
  const nouns = new Map<Noun, string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const phrase = i + 1 < toks.length ? PHRASES.get(`${t} ${toks[i + 1]}`) : undefined;
    if (phrase) {
      if (!nouns.has(phrase)) nouns.set(phrase, `${t}_${toks[++i]}`);
      else i++;
      continue;
    }
    const v = VERBS.get(t), n = NOUNS.get(t);
    if (v && (!n || verbs.length === 0)) verbs.push({ cls: v, tok: t });
    else if (n && !nouns.has(n)) nouns.set(n, t);
  }
  const info = nouns.get("info");
  if (infoReads && verbs.length === 0 && info) verbs.push({ cls: "read", tok: info });
  return { verbs, nouns };
}

interface NameRule {
  /** Verb classes (space-separated); "none" matches a name without a verb. */
  verbs: string;
  /** Noun classes, any of which must be present; absent: any object. */
  nouns?: string;
  caps: readonly Capability[];
  /** The object is unknown: the caps are a guess (annotations may refine them). */
  assumed?: true;
}

/** First matching row per verb wins; rows of different verbs in one name add up. */
const NAME_RULES: readonly NameRule[] = [
  { verbs: "exec", caps: [EX] },
  { verbs: "send", caps: [SM, NE] },
  { verbs: "post egress write", nouns: "message dm", caps: [SM, NE] },
  { verbs: "post egress", caps: [NE] },
  { verbs: "change", nouns: "message dm", caps: [NE] },
  { verbs: "write change", nouns: "secret fs code", caps: [WL] },
  { verbs: "write change", nouns: "remote web hook", caps: [NE] },
  { verbs: "write change", caps: [WL, NE], assumed: true },
  { verbs: "fetch read", nouns: "secret", caps: [RP] },
  { verbs: "fetch read", nouns: "dm", caps: [RP, RX] },
  { verbs: "fetch read", nouns: "message", caps: [RX] },
  { verbs: "fetch", caps: [RX, NE] },
  { verbs: "read", nouns: "web", caps: [RX, NE] },
  { verbs: "read", nouns: "remote hook", caps: [RX] },
  { verbs: "read", nouns: "fs code", caps: [RL] },
  { verbs: "read", caps: [RX], assumed: true },
  { verbs: "none", nouns: "secret", caps: [RP] },
  { verbs: "none", nouns: "dm", caps: [RP, RX, SM, NE] },
  { verbs: "none", nouns: "message", caps: [RX, SM, NE] },
  { verbs: "none", nouns: "web remote", caps: [RX, NE] },
  { verbs: "none", nouns: "hook", caps: [NE] },
  { verbs: "none", nouns: "code", caps: [EX] },
  { verbs: "none", nouns: "fs", caps: [RL, WL] },
];

const COMPILED_RULES = NAME_RULES.map((r) => ({
  verbs: new Set(words(r.verbs)),
  nouns: r.nouns === undefined ? null : (words(r.nouns) as Noun[]),
  mask: maskOf(r.caps),
  assumed: r.assumed === true,
}));

/** strong: caps the words give; assumed: caps guessed for an unknown object. */
type Evidence = { strong: number; assumed: number; reasons: string[] };

function applyRules(an: Analysis, origin: string, ev: Evidence): boolean {
  const verbs = an.verbs.length ? an.verbs : [{ cls: "none", tok: "" }];
  let matched = false;
  for (const v of verbs) {
    const rule = COMPILED_RULES.find((r) =>
      r.verbs.has(v.cls) && (r.nouns === null || r.nouns.some((n) => an.nouns.has(n)))
    );
    if (!rule) continue;
    matched = true;
    if (rule.assumed) ev.assumed |= rule.mask;
    else ev.strong |= rule.mask;
    const noun = rule.nouns?.find((n) => an.nouns.has(n));
    const what = [v.tok && `${v.tok}_*`, noun && an.nouns.get(noun)].filter(Boolean).join(" on ");
    ev.reasons.push(`${origin}: ${what}${rule.assumed ? " (object unknown)" : ""}`);
  }
  return matched;
}

/**
 * Evidence from inputSchema property names (lower case, separators removed): a row needs one of
 * `props`, one of `also` when given, a fetching word in the description when `desc`, and not
 * only verbs of the `notVerbs` classes (reading tools have filter fields). First row per group.
 */
interface SchemaRule {
  group: string;
  props: string;
  also?: string;
  desc?: true;
  notVerbs?: string;
  caps: readonly Capability[];
  why: string;
}

const URL = "url uri urls uris href link website webpage endpoint webhookurl targeturl";
const TO = `to recipient recipients cc bcc channel channelid channelname chatid phone phonenumber
  toaddress emailaddress threadts conversationid roomid userid`;
const BODY = "body message text content subject htmlbody markdown msg comment caption";
const CMD = "command cmd script code shellcommand commandline";
const SCHEMA_RULES: readonly SchemaRule[] = [
  { group: "url", props: URL, desc: true, caps: [RX, NE], why: "url property, fetching" },
  { group: "url", props: URL, caps: [NE], why: "url property" },
  { group: "send", props: TO, also: BODY, notVerbs: "read fetch", caps: [SM, NE], why: "to+body" },
  { group: "exec", props: CMD, notVerbs: "read fetch", caps: [EX], why: "command property" },
];

const COMPILED_SCHEMA = SCHEMA_RULES.map((r) => ({
  ...r,
  propSet: new Set(words(r.props)),
  alsoSet: r.also === undefined ? null : new Set(words(r.also)),
  notSet: new Set(words(r.notVerbs ?? "")),
  mask: maskOf(r.caps),
}));

const SEPARATORS = /[^a-z0-9]/g;

function propNames(schema: unknown): Set<string> {
  const props = schema && typeof schema === "object"
    ? (schema as { properties?: unknown }).properties
    : undefined;
  if (!props || typeof props !== "object" || Array.isArray(props)) return new Set();
  return new Set(Object.keys(props).map((k) => k.toLowerCase().replace(SEPARATORS, "")));
}

/** MCP tool heuristics from name, title, description, inputSchema property names and annotations. */
export function classifyMcpTool(def: ToolDefinition): Classification {
  const ev: Evidence = { strong: 0, assumed: 0, reasons: [] };
  // Definitions come from servers: treat every field as untyped.
  const text = (v: unknown): string => typeof v === "string" ? v : "";
  const descToks = tokens(text(def.description).slice(0, 400));
  // The name decides; title and then the description's first words stand in when it says nothing.
  // Those two need a verb: a noun alone in prose is too weak.
  let an = analyse(tokens(text(def.name)), true);
  let recognised = applyRules(an, "name", ev);
  const fallbacks: [string, string[]][] = [
    ["title", tokens(text(def.title))],
    ["description", descToks.slice(0, 40)],
  ];
  for (const [origin, toks] of fallbacks) {
    if (recognised) break;
    an = analyse(toks, false);
    if (an.verbs.length) recognised = applyRules(an, origin, ev);
  }
  if (!recognised) {
    an = { verbs: [], nouns: new Map() };
    ev.assumed |= M_EXTERNAL;
    ev.reasons.push("unrecognised: assumed external");
  }
  const props = propNames(def.inputSchema);
  const desc = descToks.some((t) => FETCH_DESC.has(t));
  const done = new Set<string>();
  for (const r of props.size ? COMPILED_SCHEMA : []) {
    if (done.has(r.group) || ![...r.propSet].some((p) => props.has(p))) continue;
    if (r.alsoSet && ![...r.alsoSet].some((p) => props.has(p))) continue;
    if (r.desc && !desc) continue;
    if (an.verbs.length && an.verbs.every((v) => r.notSet.has(v.cls))) continue;
    done.add(r.group);
    if (r.mask & ~ev.strong) ev.reasons.push(`schema: ${r.why}`);
    ev.strong |= r.mask;
  }
  const hints = def.annotations;
  if (hints?.openWorldHint === true) {
    const add = hints.readOnlyHint === true ? M_RX : M_NE;
    if (add & ~ev.strong) ev.reasons.push("annotations: openWorldHint");
    ev.strong |= add;
  } else if (hints?.openWorldHint === false && ev.assumed & M_EXTERNAL) {
    // A closed-world tool: guesses about the outside world become guesses about local state.
    ev.assumed = (ev.assumed & ~M_EXTERNAL) | (ev.assumed & M_RX ? M_RL : 0);
    ev.reasons.push("annotations: openWorldHint=false");
  }
  return {
    caps: capsOf(ev.strong | ev.assumed),
    source: "heuristic",
    reason: [...new Set(ev.reasons)].join("; "),
  };
}

registerMcpClassifier(classifyMcpTool);
