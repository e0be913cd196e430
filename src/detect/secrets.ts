/**
 * Secret rules, as data: id, description, keyword prefilter, pattern, an
 * optional entropy gate, and positive and negative examples that the tests
 * run. Used to redact logged calls, MCP results and `guard scan --redact`
 * output (`[REDACTED:<rule-id>]`, never a partial secret), and to report
 * findings. The user's policy adds rules, disables rules and allows values
 * (`[secrets]`, compiled with the linear-time engine).
 *
 * Patterns are written without nested quantifiers; a keyword prefilter skips
 * every rule whose keywords do not occur in the text (lower-cased). One pass
 * of a literal search (`secret_keywords.ts`) finds the keywords, and for each
 * built-in rule the literals its matches start with (`STARTS`), so a rule that
 * runs is tried only where a match can start, not across the whole text.
 * False-positive guards: UUIDs, git SHAs and other bare hex digests, lockfile
 * integrity hashes, base64 data URIs (images), SSH public keys, documented
 * example keys and placeholders are never reported.
 */
import {
  type Found,
  KeywordCheck,
  literalMap,
  LiteralSet,
  mayBeSpecial,
  searchable,
  SECRET_KEYWORDS,
} from "./secret_keywords.ts";

export interface SecretRule {
  id: string;
  description: string;
  /** Lower-case substrings, one of which must occur for the rule to run. Empty: always run. */
  keywords: string[];
  /** Must have the global flag. The secret is the whole match, or group `secret` when named. */
  pattern: RegExp;
  /** Minimum Shannon entropy (bits/char) of the secret, for generic rules. */
  minEntropy?: number;
  /** Strings the rule must find a secret in, and strings it must not. */
  examples?: { match: string[]; noMatch: string[] };
  /**
   * For generic rules: whether the matched value is a secret at all (not an
   * identifier, property access, call, keyword or a reference to another name).
   */
  accept?: (secret: string, m: RegExpExecArray, text: string) => boolean;
}

const S = (
  id: string,
  description: string,
  keywords: string[],
  pattern: RegExp,
  match: string[],
  noMatch: string[],
  minEntropy?: number,
): SecretRule => ({
  id,
  description,
  keywords,
  pattern,
  ...(minEntropy !== undefined ? { minEntropy } : {}),
  examples: { match, noMatch },
});

// Example values are assembled at run time so this file never holds a
// string that secret scanners (ours included) would flag in the repository.
const rep = (c: string, n: number) => c.repeat(n);
const AB = "aB3dE5gH7jK9mN2pQ4sT6vW8yZ1cF0hJ"; // 32 mixed characters
const mixed = (n: number) => (AB.repeat(Math.ceil(n / AB.length))).slice(0, n);

export const SECRET_RULES: SecretRule[] = [
  {
    ...S(
      "private-key",
      "PEM, OpenSSH or PGP private key block",
      ["private key"],
      /-----BEGIN[A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]{16,16384}?-----END[A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g,
      [
        `-----BEGIN OPENSSH PRIVATE KEY-----\n${mixed(64)}\n-----END OPENSSH PRIVATE KEY-----`,
        `"private_key": "-----BEGIN PRIVATE KEY-----\\n${
          mixed(64)
        }\\n-----END PRIVATE KEY-----\\n"`,
      ],
      [
        `-----BEGIN CERTIFICATE-----\n${mixed(64)}\n-----END CERTIFICATE-----`,
        `key="-----BEGIN PRIVATE KEY-----\\nXXXX\\nXXXX\\nXXXX\\n-----END PRIVATE KEY-----"`,
      ],
    ),
    accept: keyBody,
  },
  S(
    "aws-access-key-id",
    "AWS access key id",
    ["akia", "asia", "abia", "acca", "a3t"],
    /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
    ["aws_access_key_id = AKIA" + "QWERTYUIOPASDFGH"],
    ["AKIAIOSFODNN7EXAMPLE", "AKIA" + "1234"],
  ),
  S(
    "aws-secret-access-key",
    "AWS secret access key next to its name",
    ["aws_secret", "secret_access_key", "secretaccesskey", "aws secret"],
    /(?:aws_?secret_?access_?key|secret_?access_?key|aws secret access key)(?:\\?["']?\s{0,4}(?:[:=]|=>)\s{0,4}\\?["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])|[^\n]{0,80}?["'](?<secret>[A-Za-z0-9/+]{40})["'])/gi,
    [`AWS_SECRET_ACCESS_KEY=${mixed(40)}`, `"SecretAccessKey": "${mixed(38)}+/"`],
    ["aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ),
  S(
    "github-token",
    "GitHub personal, OAuth, user-to-server, server-to-server or refresh token",
    ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g,
    ["token: ghp_" + mixed(36)],
    ["ghp_" + "short", "the ghp_ prefix marks a classic token"],
  ),
  S(
    "github-fine-grained-pat",
    "GitHub fine-grained personal access token",
    ["github_pat_"],
    /\bgithub_pat_[A-Za-z0-9_]{82}\b/g,
    ["github_pat_" + mixed(82)],
    ["github_pat_" + "x"],
  ),
  S(
    "gitlab-token",
    "GitLab personal, project, pipeline-trigger, runner or deploy token",
    ["glpat-", "glptt-", "glrt-", "gldt-", "gloas-"],
    /\bgl(?:pat|ptt|rt|dt|oas)-[A-Za-z0-9_.-]{20,}\b/g,
    ["glpat-" + mixed(20)],
    ["glpat-" + "abc"],
  ),
  S(
    "slack-token",
    "Slack bot, user, app or configuration token",
    ["xox", "xapp-"],
    /\b(?:xox[abposre]-[0-9A-Za-z-]{10,250}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)\b/g,
    ["SLACK_BOT_TOKEN=xoxb-123456789012-123456789012-" + mixed(24)],
    ["xoxb-"],
  ),
  S(
    "slack-webhook",
    "Slack incoming webhook URL",
    ["hooks.slack.com"],
    /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/]{20,}/g,
    ["https://hooks.slack.com/services/T01234567/B01234567/" + mixed(24)],
    ["https://hooks.slack.com/"],
  ),
  S(
    "discord-webhook",
    "Discord webhook URL",
    ["discord"],
    /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/[A-Za-z0-9_-]{60,}/g,
    ["https://discord.com/api/webhooks/123456789012345678/" + mixed(68)],
    ["https://discord.com/developers/docs"],
  ),
  S(
    "telegram-bot-token",
    "Telegram bot token",
    [":aa"],
    /(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
    ["bot1234567890:AA" + mixed(33)],
    ["12:30:AA meeting"],
  ),
  S(
    "stripe-key",
    "Stripe secret or restricted key (live or test)",
    ["sk_live_", "rk_live_", "sk_test_", "rk_test_"],
    /\b[rs]k_(?:live|test)_[A-Za-z0-9]{20,247}\b/g,
    ["sk_live_" + mixed(24)],
    ["sk_test_" + rep("X", 24), "pk_live_" + mixed(24)],
  ),
  S(
    "anthropic-api-key",
    "Anthropic API key",
    ["sk-ant-"],
    /\bsk-ant-(?:api|admin|sid)\d{2}-[A-Za-z0-9_-]{80,}/g,
    ["sk-ant-api03-" + mixed(95)],
    ["sk-ant-api03-"],
  ),
  S(
    "openai-api-key",
    "OpenAI API key",
    ["sk-"],
    /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}/g,
    ["sk-proj-" + mixed(48), "sk-" + mixed(20) + "T3BlbkFJ" + mixed(20)],
    ["sk-proj-", "risk-free"],
  ),
  S(
    "huggingface-token",
    "Hugging Face access token",
    ["hf_"],
    /\bhf_[A-Za-z]{34}\b/g,
    ["HF_TOKEN=hf_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH"],
    ["hf_" + "short"],
  ),
  S(
    "npm-token",
    "npm access token",
    ["npm_"],
    /\bnpm_[A-Za-z0-9]{36}\b/g,
    ["//registry.npmjs.org/:_authToken=npm_" + mixed(36)],
    ["npm_config_cache"],
  ),
  S(
    "pypi-token",
    "PyPI upload token",
    ["pypi-"],
    /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g,
    ["password = pypi-AgEIcHlwaS5vcmc" + mixed(60)],
    ["pypi-upload"],
  ),
  S(
    "gcp-api-key",
    "Google API key",
    ["aiza"],
    /\bAIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    ["key=AIza" + mixed(35)],
    ["AIza" + "short"],
  ),
  S(
    "gcp-oauth-client-secret",
    "Google OAuth client secret",
    ["gocspx-"],
    /\bGOCSPX-[A-Za-z0-9_-]{28}\b/g,
    ["GOCSPX-" + mixed(28)],
    ["GOCSPX-"],
  ),
  S(
    "azure-storage-key",
    "Azure storage account key in a connection string or setting",
    ["accountkey", "account_key", "storage_key"],
    /(?:AccountKey=|account_?key["']?\s{0,3}[:=]\s{0,3}["']?|AZURE_STORAGE_KEY=)(?<secret>[A-Za-z0-9+/]{86}==)/gi,
    ["DefaultEndpointsProtocol=https;AccountName=x;AccountKey=" + mixed(86) + "==;"],
    ["AccountKey=<your-key>"],
  ),
  S(
    "sendgrid-api-key",
    "SendGrid API key",
    ["sg."],
    /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
    ["SG." + mixed(22) + "." + mixed(43)],
    ["SG.sender"],
  ),
  S(
    "twilio-api-key",
    "Twilio API key",
    ["twilio"],
    /\bSK[0-9a-f]{32}\b/g,
    ["TWILIO_API_KEY=SK" + "0123456789abcdef0123456789abcdef"],
    ["SKU1234"],
  ),
  S(
    "shopify-token",
    "Shopify access token or shared secret",
    ["shpat_", "shpss_", "shpca_", "shppa_"],
    /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g,
    ["shpat_" + "0123456789abcdef0123456789abcdef"],
    ["shpat_"],
  ),
  S(
    "digitalocean-token",
    "DigitalOcean personal access or OAuth token",
    ["dop_v1_", "doo_v1_", "dor_v1_"],
    /\bdo[opr]_v1_[a-f0-9]{64}\b/g,
    ["dop_v1_" + "0123456789abcdef".repeat(4)],
    ["dop_v1_"],
  ),
  S(
    "age-secret-key",
    "age encryption secret key",
    ["age-secret-key-1"],
    /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g,
    ["AGE-SECRET-KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".repeat(2).slice(0, 58)],
    ["age-keygen -o key.txt"],
  ),
  S(
    "jwt",
    "JSON Web Token",
    ["eyj"],
    /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    ["Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + mixed(43)],
    ["eyJhbGciOiJIUzI1NiJ9"],
  ),
  S(
    "db-url-password",
    "Password in a database or message-broker URL",
    ["://"],
    /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|clickhouse|cockroachdb|couchdb|neo4j|oracle|jdbc:[a-z]+)(?:\+[a-z0-9]+)?:\/\/[^\s:/@'"]{1,128}:(?<secret>[^\s@'"/]{1,256})@/gi,
    ["postgres://app:" + mixed(16) + "@db.internal:5432/app"],
    ["postgres://localhost:5432/app", "postgres://user:password@localhost/db"],
  ),
  S(
    "url-credentials",
    "Password in an http, ftp or other URL",
    ["://"],
    /\b(?:https?|ftps?|sftp|ssh|git|smtps?|imaps?|ldaps?|wss?):\/\/[^\s:/@'"]{1,64}:(?<secret>[^\s@'"/]{6,128})@/gi,
    ["https://deploy:" + mixed(20) + "@git.example.com/repo.git"],
    ["https://user:password@example.com", "https://github.com/o/r"],
    3.0,
  ),
  S(
    "authorization-header",
    "Bearer, Basic or token credentials in an Authorization header",
    ["authorization", "bearer"],
    /\b(?:authorization\s{0,3}[:=]\s{0,3}["']?\s{0,3}(?:bearer|basic|token|bot)|bearer)\s{1,4}(?<secret>[A-Za-z0-9._~+/=-]{16,})/gi,
    ['curl -H "Authorization: Bearer ' + mixed(32) + '"'],
    ["Authorization: Bearer <token>", "Authorization: Bearer $TOKEN"],
  ),
  S(
    "cli-password-flag",
    "Password or token passed as a command-line option",
    ["pass", "token", "secret", "key"],
    /(?:^|\s)--?(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|access-token|auth-token|secret-key)(?:=|\s{1,4})["']?(?<secret>[^\s"']{6,})/gi,
    ["mysql --password=" + mixed(16), "gh auth login --token " + mixed(20)],
    ["--password-stdin", "--token $GITHUB_TOKEN", "--password=password"],
    2.5,
  ),
  S(
    "cli-short-password",
    "Password given to a database or directory client with a short option (-p…, -w, -a)",
    ["mysql", "ldap", "redis-cli", "rabbitmqadmin", "sshpass", "mongo"],
    /\b(?:mysql(?:dump|admin|sh)?\b[^\n|;]{0,120}?\s-p(?<secret>[^\s"'\x60-][^\s"'\x60]{5,})|ldap\w*\b[^\n|;]{0,160}?\s-w\s{1,3}["']?(?<secret>[^\s"']{6,})|redis-cli\b[^\n|;]{0,120}?\s-a\s{1,3}["']?(?<secret>[^\s"']{6,})|rabbitmqadmin\b[^\n|;]{0,120}?\s-p\s{1,3}["']?(?<secret>[^\s"']{6,})|sshpass\s{1,3}-p\s{0,3}["']?(?<secret>[^\s"']{6,})|mongo(?:sh)?\b[^\n|;]{0,120}?\s(?:-p|--password)\s{1,3}["']?(?<secret>[^\s"']{6,}))/g,
    [
      "mysql -h db -u admin -p" + mixed(18) + " payments",
      "redis-cli -h cache -p 6379 -a " + mixed(16),
    ],
    ["mysql -h db -u admin -p payments", "redis-cli -h cache -p 6379 ping"],
    2.5,
  ),
  S(
    "env-secret",
    "Secret-named environment variable assigned a high-entropy value",
    [
      "password",
      "passwd",
      "pwd",
      "secret",
      "token",
      "api_key",
      "apikey",
      "access_key",
      "private_key",
      "auth",
    ],
    /(?:^|[\s;])(?:export\s{1,4})?[A-Z0-9_]{0,40}(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH)[A-Z0-9_]{0,40}=(?<secret>[^\s"'#;]{8,256})/g,
    ["DB_PASSWORD=" + mixed(18), "export STRIPE_SECRET=" + mixed(24)],
    ["DB_PASSWORD=changeme", "GITHUB_TOKEN=${GITHUB_TOKEN}"],
    3.0,
  ),
  S(
    "password-assignment",
    "Quoted password assigned in code or configuration",
    ["pass", "pwd"],
    /(?:password|passwd|pwd|passphrase)["']?\s{0,4}(?:[:=]|=>)\s{0,4}(?<q>["'])(?<secret>[^"'\s]{8,128})\k<q>/gi,
    ['db_password: "' + mixed(14) + '"'],
    ['password: "password123"', "password = ''"],
    3.0,
  ),
  {
    ...S(
      "generic-secret-assignment",
      "key/secret/token/credential assignment whose value looks like a secret (length, entropy, " +
        "character classes; never an identifier, property access, call or reference)",
      ["key", "secret", "token", "credential", "auth"],
      /(?:key|secret|token|credential|auth)s?[A-Za-z0-9_.-]{0,24}(?<nq>["'`]?)\s{0,4}(?<op>=>|:=|\|\||\?\?|,|[:=])\s{0,4}(?<q>["'`]?)(?<secret>[A-Za-z0-9/+_.=-]{16,256})/gi,
      [
        'api_key = "' + mixed(32) + '"',
        '"client_secret": "' + mixed(24) + '"',
        "SECRET_KEY: " + mixed(40),
        "const key = process.env.API_KEY || '" + mixed(30) + "';",
        'os.environ.get("SIGNING_KEY", "' + mixed(36) + '")',
      ],
      [
        'api_key = "your-api-key-here"',
        "token = " + rep("x", 20),
        'key: "0123456789abcdef0123456789abcdef01234567"',
        "exports.JwtTokenAudience = exports.JwtTokenIssuerClaimName = void 0;",
        'init.credentials = this.withCredentials ? "include" : "same-origin";',
        "const progressToken = this._taskProgressTokens.get(taskId);",
        "key = require_jsx_utils.normalizeIntrinsicElementKey(key);",
        "export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';",
        'keyword: "unevaluatedProperties",',
        "const authHeader = req.headers.authorization;",
      ],
      3.0,
    ),
    accept: opaqueValue,
  },
];

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (!s) return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const PLACEHOLDER_WORDS = new Set([
  "password",
  "passwd",
  "pass",
  "secret",
  "token",
  "changeme",
  "change-me",
  "change_me",
  "example",
  "dummy",
  "sample",
  "placeholder",
  "redacted",
  "hunter2",
  "letmein",
  "admin",
  "root",
  "test",
  "testing",
  "none",
  "null",
  "undefined",
  "true",
  "false",
]);

const SEQUENTIAL = "0123456789abcdefghijklmnopqrstuvwxyz0123456789";
const HEX_RUN = "0123456789abcdef".repeat(17);
const KEYBOARD = "qwertyuiopasdfghjklzxcvbnm1234567890";

/** Values that look like secrets but are known not to be. */
export function benignValue(secret: string): boolean {
  const s = secret.replace(/^["'`]+|["'`,;]+$/g, "");
  const lower = s.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower)) return true;
  // Short hex (abbreviated git SHAs, ids); longer hex values next to a secret's name are keys.
  if (/^[0-9a-f]+$/i.test(s) && s.length <= 12) return true;
  if (
    /^(?:password|passwd|secret|changeme|admin|test|qwerty|letmein|welcome|default)\d{0,6}[!.]?$/i
      .test(s)
  ) {
    return true;
  }
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)) return true; // UUID
  if (
    /example|EXAMPLE|sample|dummy|placeholder|changeme|your[-_]?|my[-_]?(?:api|secret|token|key|pass)|fake|xxxx|XXXX|\*{3,}|•{3,}|\.\.\.|<[^>]*>|\$\{|\$\(|^\$[A-Z_]|%[A-Z_]+%|\{\{/
      .test(s)
  ) {
    return true;
  }
  if (/^(.)\1{5,}$/.test(s)) return true; // aaaaaa…
  if (
    lower.length >= 6 &&
    (SEQUENTIAL.includes(lower) || KEYBOARD.includes(lower) || HEX_RUN.includes(lower))
  ) return true;
  if (/^sha(?:1|256|384|512)[-:]/i.test(s)) return true; // integrity / digest references
  // References to where the secret lives, not the secret.
  if (
    /^(?:process\.env|os\.environ|import\.meta\.env|env\.|ENV\[|getenv|secrets\.|vault:|arn:aws)/i
      .test(s)
  ) return true;
  if (/^p[k]_(?:live|test)_/.test(s)) return true; // Stripe publishable keys are public
  // The JSON Web Token every tutorial shows (jwt.io's example, signed with "your-256-bit-secret").
  if (s.endsWith(".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")) return true;
  if (/^AgB[A-Za-z0-9+/]{40,}/.test(s)) return true; // sealed-secrets ciphertext
  if (/^LS0tLS1CRUdJTi(?:BDRVJUSUZJQ0FURS|BQVUJMSUMgS0VZ)/.test(s)) return true; // base64 of a certificate or public key
  if (/^(?:linux|windows|macos|darwin|ubuntu)-/i.test(s)) return true; // CI cache keys
  return false;
}

/** A private key block holds key material, not a placeholder (`XXXX`, `...`): 24 base64 characters, 3 bits/char. */
function keyBody(block: string): boolean {
  const body = block.replace(/-----(?:BEGIN|END)[A-Z ]*-----/g, "").replace(
    /\\n|[^A-Za-z0-9+/=]/g,
    "",
  );
  return body.length >= 24 && entropy(body) >= 3;
}

/** JavaScript, Python and shell words a value can be instead of a literal. */
const KEYWORDS = new Set(
  (
    "true false null undefined none nil this self new void typeof instanceof function return " +
    "await async yield require import export class super default"
  ).split(" "),
);

/**
 * Whether a value is made of words (an identifier, a dotted property chain, a
 * kebab-case or path-like name, `UPPER_SNAKE`): at most four digits in at
 * most two runs; its letters either mostly lower case (camelCase) or all upper
 * case, not mixed as random keys are; and each word (camelCase humps and
 * acronyms split) pronounceable: no run of five consonants, a vowel in every
 * word of five letters or more (acronyms up to five letters excepted).
 */
export function wordLike(v: string): boolean {
  const digitRuns = v.match(/[0-9]+/g) ?? [];
  let digits = 0;
  for (const d of digitRuns) digits += d.length;
  if (digits > 4 || digitRuns.length > 2) return false;
  let letters = 0;
  let upper = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      letters++;
      upper++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  if (letters < 4) return false;
  const ratio = upper / letters;
  if (ratio > 0.34 && ratio < 0.9) return false;
  const words = v.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+/g) ?? [];
  for (const w of words) {
    if (w.length <= 5 && /^[A-Z]+$/.test(w)) continue;
    if (/[^aeiouy]{5}/i.test(w)) return false;
    if (w.length >= 5 && !/[aeiouy]/i.test(w)) return false;
  }
  return true;
}

/** A run no key holds: an alphabet table (`ABCDEFGHIJKLMNOP…`, a base64 codec's). */
const ALPHABET_RUN = /abcdefghijklmnop|ABCDEFGHIJKLMNOP/;

/**
 * A generic assignment's value is reported only when it looks like a secret:
 * a whole quoted literal, or an unquoted configuration value (`KEY: v`,
 * `KEY=v`) that is not a call, an index or a member chain (`a.b.c`); never
 * a keyword or made of
 * words; hex needs 32 characters; other values mix at least two character
 * classes with 3.5 bits/char (entropy gate on the rule for hex: 3.0).
 */
function opaqueValue(secret: string, m: RegExpExecArray, text: string): boolean {
  const q = m.groups?.q ?? "";
  const op = m.groups?.op ?? "";
  const after = text.charAt(m.index + m[0].length);
  if (q) {
    if (after !== q) return false; // only part of a longer literal (or a template with ${…})
  } else {
    // An unquoted value is a secret only in configuration shapes (`KEY: v`, `KEY=v`).
    if (op !== ":" && op !== "=") return false;
    if (after === "(" || after === "[" || after === "<") return false; // a call or an index
    if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(secret)) return false; // a.b.c
  }
  if (KEYWORDS.has(secret.toLowerCase())) return false;
  if (wordLike(secret) || ALPHABET_RUN.test(secret)) return false;
  if (/^[0-9a-f]+$/i.test(secret)) return secret.length >= 32;
  let classes = 0;
  if (/[a-z]/.test(secret)) classes++;
  if (/[A-Z]/.test(secret)) classes++;
  if (/[0-9]/.test(secret)) classes++;
  if (/[/+_=.-]/.test(secret)) classes++;
  return classes >= 2 && entropy(secret) >= 3.5;
}

const ID_NAME =
  /(?:_id|id|ids|fingerprint|hash|digest|checksum|sha\d*|version|name|url|path|file|type|length|size|count)["']?\s{0,4}(?:[:=]|=>)\s{0,4}["']?$/i;

/** Spans of text that are never secrets: data URIs, integrity hashes, SSH public keys, certificates. */
export const SAFE_SPANS = [
  /data:[a-z]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]{16,}/gi,
  /\b(?:sha1|sha256|sha384|sha512)-[A-Za-z0-9+/]{20,}={0,2}/g,
  /\bh1:[A-Za-z0-9+/]{40,}={0,2}/g,
  /\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/]{20,}={0,3}/g,
  /-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|X509 CRL|CERTIFICATE REQUEST)-----[\s\S]{0,16384}?-----END [A-Z0-9 ]{3,30}-----/g,
  /\bsha256:[0-9a-f]{64}\b/g,
];

/** Where matches of each SAFE_SPANS pattern can start: literals every match begins with. */
const SAFE_STARTS: Starts[] = [
  at(["data:"]),
  at(["sha"]),
  at(["h1:"]),
  at(["ssh-", "ecdsa-", "sk-ssh-"]),
  at(["-----begin"]),
  at(["sha"]),
];

/**
 * Whether [start, end) lies inside a SAFE_SPANS match: the matches sorted by
 * start, with the furthest end reached so far, so one binary search answers.
 */
function safeSpans(
  text: string,
  found: Found,
): (start: number, end: number) => boolean {
  const spans: [number, number][] = [];
  for (const re of SAFE_SPANS) {
    re.lastIndex = 0;
    for (const m of patternMatches(re, text, found)) {
      spans.push([m.index!, m.index! + m[0].length]);
    }
  }
  spans.sort((x, y) => x[0] - y[0]);
  const starts = Float64Array.from(spans, (x) => x[0]);
  const reach = new Float64Array(spans.length);
  let far = -Infinity;
  spans.forEach(([, b], i) => (reach[i] = far = Math.max(far, b)));
  return (start, end) => {
    // The last span starting at or before `start`.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1] >= end;
  };
}

// ── Where matches start ─────────────────────────────────────────────────────

/**
 * A pattern's possible match starts, from the offsets of literals (searched
 * ASCII case-insensitively): every match of the pattern starts at one of the
 * returned offsets (a superset is fine; each is tried). `literals` are the
 * literals `starts` reads.
 */
interface Starts {
  literals: string[];
  starts(found: Found, text: string): number[];
}

function occurrences(found: Found, literal: string): readonly number[] {
  const at = found.get(literal);
  if (!at) throw new Error(`literal ${JSON.stringify(literal)} was not searched`);
  return at;
}

/** Matches start at an occurrence of one of `literals`, moved by one of `shifts`. */
function at(literals: string[], shifts: number[] = [0]): Starts {
  return {
    literals,
    starts(found) {
      const out: number[] = [];
      for (const l of literals) {
        for (const p of occurrences(found, l)) for (const d of shifts) out.push(p + d);
      }
      return out;
    },
  };
}

/** The upper-case names env-secret's pattern needs, by the literal that finds them. */
const ENV_NAMES: [string, string][] = [
  "PASSWORD",
  "PASSWD",
  "PWD",
  "SECRET",
  "TOKEN",
  "API_KEY",
  "APIKEY",
  "ACCESS_KEY",
  "ACCESSKEY",
  "PRIVATE_KEY",
  "PRIVATEKEY",
  "AUTH",
].map((n) => [n.toLowerCase(), n]);

const upperWord = (c: number) => (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * The built-in rules' match starts. Each entry is checked against its
 * pattern: a match begins with one of the literals (at the shift given), so
 * trying the pattern, anchored, at those offsets finds every match a scan of
 * the whole text finds (tests/detect_starts_test.ts compares the two).
 */
const STARTS: Record<string, Starts> = {
  // -----BEGIN … PRIVATE KEY-----
  "private-key": at(["-----begin"]),
  "aws-access-key-id": at(["a3t", "akia", "asia", "abia", "acca"]),
  // aws_?secret_?access_?key | secret_?access_?key | aws secret access key
  "aws-secret-access-key": at(["aws", "secret"]),
  "github-token": at(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]),
  "github-fine-grained-pat": at(["github_pat_"]),
  "gitlab-token": at(["glpat-", "glptt-", "glrt-", "gldt-", "gloas-"]),
  "slack-token": at(["xox", "xapp-"]),
  // https://hooks.slack.com/
  "slack-webhook": at(["hooks.slack.com"], [-8]),
  // https://discord, https://ptb.discord, https://canary.discord
  "discord-webhook": at(["discord"], [-8, -12, -15]),
  // 8 to 10 digits, then :AA
  "telegram-bot-token": at([":aa"], [-10, -9, -8]),
  "stripe-key": at(["sk_live_", "rk_live_", "sk_test_", "rk_test_"]),
  "anthropic-api-key": at(["sk-ant-"]),
  "openai-api-key": at(["sk-"]),
  "huggingface-token": at(["hf_"]),
  "npm-token": at(["npm_"]),
  "pypi-token": at(["pypi-"]),
  "gcp-api-key": at(["aiza"]),
  "gcp-oauth-client-secret": at(["gocspx-"]),
  // AccountKey= | account_?key… | AZURE_STORAGE_KEY=
  "azure-storage-key": at(["accountkey", "account_key", "storage_key"], [0, -6]),
  "sendgrid-api-key": at(["sg."]),
  // SK + 32 hex, case-sensitive: found with indexOf, only when the rule runs
  "twilio-api-key": {
    literals: [],
    starts(_found, text) {
      const out: number[] = [];
      for (let p = text.indexOf("SK"); p >= 0; p = text.indexOf("SK", p + 1)) out.push(p);
      return out;
    },
  },
  "shopify-token": at(["shpat_", "shpss_", "shpca_", "shppa_"]),
  "digitalocean-token": at(["dop_v1_", "doo_v1_", "dor_v1_"]),
  "age-secret-key": at(["age-secret-key-1"]),
  "jwt": at(["eyj"]),
  "db-url-password": at([
    "postgres",
    "mysql",
    "mariadb",
    "mongo",
    "redis",
    "amqp",
    "mssql",
    "sqlserver",
    "clickhouse",
    "cockroachdb",
    "couchdb",
    "neo4j",
    "oracle",
    "jdbc:",
  ]),
  // scheme of 2 (ws) to 5 (https) letters, then ://
  "url-credentials": at(["://"], [-5, -4, -3, -2]),
  "authorization-header": at(["authorization", "bearer"]),
  // (^|\s) -name or --name: the last dash is the literal's
  "cli-password-flag": at(
    ["-pass", "-token", "-api", "-secret", "-client", "-access", "-auth"],
    [-2, -1, 0],
  ),
  "cli-short-password": at(["mysql", "ldap", "redis-cli", "rabbitmqadmin", "sshpass", "mongo"]),
  // (^|[\s;]) (export\s{1,4})? [A-Z0-9_]{0,40} NAME: the prefix before NAME is the whole run of
  // [A-Z0-9_] in front of it (the character before the prefix is a space or `;`), so the match
  // starts just before that run, or before `export` and 1 to 4 spaces in front of it.
  "env-secret": {
    literals: ENV_NAMES.map(([l]) => l),
    starts(found, text) {
      const out: number[] = [];
      for (const [l, name] of ENV_NAMES) {
        for (const a of occurrences(found, l)) {
          if (!text.startsWith(name, a)) continue;
          let x = a;
          while (x > 0 && a - x < 40 && upperWord(text.charCodeAt(x - 1))) x--;
          out.push(x - 1, x);
          for (let k = 1; k <= 4; k++) out.push(x - k - 7, x - k - 6);
        }
      }
      return out;
    },
  },
  "password-assignment": at(["pass", "pwd"]),
  "generic-secret-assignment": at(["key", "secret", "token", "credential", "auth"]),
};

function stickyTwin(re: RegExp): RegExp {
  return new RegExp(re.source, re.flags.replace("g", "") + "y");
}

/**
 * The matches `text.matchAll(global)` yields, when every match starts at one
 * of `starts`: the pattern's sticky twin tried at each start in order,
 * skipping starts inside the previous match.
 */
function* matchesFrom(text: string, sticky: RegExp, starts: number[]): Generator<RegExpExecArray> {
  const sorted = Float64Array.from(starts).sort();
  let from = 0;
  let prev = -1;
  for (const p of sorted) {
    if (p < from || p === prev || p > text.length) continue;
    prev = p;
    sticky.lastIndex = p;
    const m = sticky.exec(text);
    if (!m) continue;
    yield m;
    from = m[0].length ? p + m[0].length : p + 1;
  }
}

/**
 * The matches of a rule with an `accept` check: like `patternMatches`, but a
 * match the check turns down does not hide the matches that start inside it
 * (`key = process.env.API_KEY || "…"`: the value after `||` is still tried).
 */
function* acceptedMatches(r: SecretRule, text: string, found: Found): Generator<RegExpExecArray> {
  const a = ANCHORED.get(r.pattern);
  const starts = a ? Float64Array.from(a.starts.starts(found, text)).sort() : null;
  const sticky = a?.sticky ?? stickyTwin(r.pattern);
  let from = 0;
  let prev = -1;
  const tryAt = (p: number): RegExpExecArray | null => {
    sticky.lastIndex = p;
    return sticky.exec(text);
  };
  const all = starts ?? (function* () {
    for (let p = 0; p <= text.length; p++) yield p;
  })();
  for (const p of all) {
    if (p < from || p === prev || p > text.length) continue;
    prev = p;
    const m = tryAt(p);
    if (!m) continue;
    const secret = m.groups?.secret ?? m[0];
    if (!r.accept!(secret, m, text)) continue;
    yield m;
    from = m[0].length ? p + m[0].length : p + 1;
  }
}

/** The built-in patterns (rules and SAFE_SPANS) with their sticky twins and match starts. */
const ANCHORED = new WeakMap<RegExp, { sticky: RegExp; starts: Starts }>();

/**
 * The matches of a global `pattern` in `text`, as `text.matchAll(pattern)`
 * yields them: tried only where they can start for the built-in patterns, a
 * scan of the whole text for others. `found` must cover the pattern's start
 * literals (`startLiterals`). Exported for the tests, which compare it with
 * `matchAll`.
 */
export function patternMatches(
  pattern: RegExp,
  text: string,
  found = literalMap(text, startLiterals(pattern)),
): Iterable<RegExpExecArray> {
  const a = ANCHORED.get(pattern);
  return a ? matchesFrom(text, a.sticky, a.starts.starts(found, text)) : text.matchAll(pattern);
}

/** The literals whose occurrences `patternMatches` needs for `pattern` (none: whole-text scan). */
export function startLiterals(pattern: RegExp): string[] {
  return ANCHORED.get(pattern)?.starts.literals ?? [];
}

export interface SecretHit {
  rule: string;
  start: number;
  end: number;
}

export interface SecretOptions {
  rules?: SecretRule[];
  /** Values never reported (linear-time regexes from the policy). */
  allow?: RegExp[];
}

/** Finds secrets in `text` (non-overlapping, leftmost first, overlaps merged). */
export function findSecrets(text: string, opts: SecretOptions | SecretRule[] = {}): SecretHit[] {
  const o: SecretOptions = Array.isArray(opts) ? { rules: opts } : opts;
  const rules = o.rules ?? SECRET_RULES;
  if (!text) {
    // Only an empty match is possible, and an empty secret is never reported.
    for (const r of rules) {
      if (!r.keywords.length || r.keywords.includes("")) r.pattern.lastIndex = 0;
    }
    return [];
  }
  const p = prepared(rules);
  const found = p.literals.find(text);
  const has = new KeywordCheck(text, found);
  const hits: SecretHit[] = [];
  let safe: ((start: number, end: number) => boolean) | null = null;
  for (let ri = 0; ri < rules.length; ri++) {
    const r = rules[ri];
    if (r.keywords.length && !gateOpen(p, ri, found, has)) continue;
    r.pattern.lastIndex = 0;
    for (
      const m of r.accept ? acceptedMatches(r, text, found) : patternMatches(r.pattern, text, found)
    ) {
      const secret = m.groups?.secret ?? m[0];
      if (!secret) continue;
      if (r.id !== "private-key" && benignValue(secret)) continue;
      // Identifiers and digests named like keys (private_key_id, key_fingerprint, cache_key_hash).
      if (
        r.id === "generic-secret-assignment" &&
        ID_NAME.test(m[0].slice(0, m[0].length - secret.length))
      ) {
        continue;
      }
      if (r.minEntropy !== undefined && entropy(secret) < r.minEntropy) continue;
      if (o.allow?.some((a) => a.test(secret))) continue;
      const start = m.groups?.secret !== undefined ? m.index! + m[0].lastIndexOf(secret) : m.index!;
      const end = start + secret.length;
      safe ??= safeSpans(text, found);
      if (safe(start, end)) continue;
      hits.push({ rule: r.id, start, end });
    }
  }
  return mergeHits(hits);
}

/** Hits leftmost first, overlapping ones merged: the union is masked, never a partial secret. */
export function mergeHits(hits: SecretHit[]): SecretHit[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretHit[] = [];
  for (const h of sorted) {
    const last = out[out.length - 1];
    if (last && h.start < last.end) {
      last.end = Math.max(last.end, h.end);
      continue;
    }
    out.push({ ...h });
  }
  return out;
}

/**
 * A rule list made ready: one literal set with every rule's searchable
 * keywords and the literals built-in matches start with. Kept for the last
 * few lists, and reused while the rules, their patterns and keywords are the
 * same ones.
 */
interface Prepared {
  rules: SecretRule[];
  patterns: RegExp[];
  keywordLists: string[][];
  keywords: string[][];
  /**
   * Per rule, each keyword's index in the literal set (-1: not searchable), and whether
   * KELVIN SIGN or İ could stand in it.
   */
  gates: Int32Array[];
  special: Uint8Array[];
  literals: LiteralSet;
}

/** Whether one of the rule's keywords occurs in the lower-cased text. */
function gateOpen(p: Prepared, ri: number, found: Found, has: KeywordCheck): boolean {
  const g = p.gates[ri];
  const keywords = p.keywords[ri];
  for (let j = 0; j < g.length; j++) {
    const li = g[j];
    if (li < 0) {
      if (has.has(keywords[j])) return true;
    } else if (found.at[li].length > 0) return true;
  }
  if (!has.special()) return false; // no KELVIN SIGN or İ: no keyword occurs only thanks to one
  for (let j = 0; j < g.length; j++) {
    if (g[j] >= 0 && p.special[ri][j] === 1 && has.viaSpecial(keywords[j])) return true;
  }
  return false;
}

const preparedLists: Prepared[] = [];

/** Whether `p` was made from these rules, patterns and keywords (plain loops: asked every call). */
function samePrepared(p: Prepared, rules: SecretRule[]): boolean {
  if (p.rules.length !== rules.length) return false;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (r !== p.rules[i] || r.pattern !== p.patterns[i] || r.keywords !== p.keywordLists[i]) {
      return false;
    }
    const ks = r.keywords;
    const was = p.keywords[i];
    if (ks.length !== was.length) return false;
    for (let j = 0; j < ks.length; j++) if (ks[j] !== was[j]) return false;
  }
  return true;
}

function prepared(rules: SecretRule[]): Prepared {
  for (const p of preparedLists) if (samePrepared(p, rules)) return p;
  const literals: string[] = [];
  for (const r of rules) {
    for (const k of r.keywords) if (searchable(k)) literals.push(k);
    literals.push(...startLiterals(r.pattern));
  }
  for (const re of SAFE_SPANS) literals.push(...startLiterals(re));
  const set = new LiteralSet(literals);
  const p: Prepared = {
    rules: [...rules],
    patterns: rules.map((r) => r.pattern),
    keywordLists: rules.map((r) => r.keywords),
    keywords: rules.map((r) => [...r.keywords]),
    gates: rules.map((r) =>
      Int32Array.from(r.keywords, (k) => searchable(k) ? set.indexOf(k) : -1)
    ),
    special: rules.map((r) => Uint8Array.from(r.keywords, (k) => mayBeSpecial(k) ? 1 : 0)),
    literals: set,
  };
  if (preparedLists.length >= 8) preparedLists.pop();
  preparedLists.unshift(p);
  return p;
}

/** Replaces each secret with `[REDACTED:<rule-id>]`. */
export function redact(text: string, opts: SecretOptions | SecretRule[] = {}): string {
  const hits = findSecrets(text, opts);
  if (!hits.length) return text;
  let out = "";
  let pos = 0;
  for (const h of hits) {
    out += text.slice(pos, h.start) + `[REDACTED:${h.rule}]`;
    pos = h.end;
  }
  return out + text.slice(pos);
}

/** The built-in rules minus `disable`, plus the user's rules. */
export function effectiveRules(extra: SecretRule[] = [], disable: string[] = []): SecretRule[] {
  const off = new Set(disable);
  return [...SECRET_RULES.filter((r) => !off.has(r.id)), ...extra];
}

/** Whether the keyword prefilter can vouch for `rules` (every rule has covered keywords). */
export function prefilterCovers(rules: SecretRule[]): boolean {
  return rules.every((r) =>
    r.keywords.length > 0 && r.keywords.every((k) => SECRET_KEYWORDS.some((p) => k.includes(p)))
  );
}

for (const r of SECRET_RULES) {
  if (STARTS[r.id]) {
    ANCHORED.set(r.pattern, { sticky: stickyTwin(r.pattern), starts: STARTS[r.id] });
  }
}
SAFE_SPANS.forEach((re, i) => ANCHORED.set(re, { sticky: stickyTwin(re), starts: SAFE_STARTS[i] }));
