/**
 * Secret rules, as data: id, description, keyword prefilter, pattern.
 *
 * Used to redact logged commands (`[REDACTED:<rule-id>]`, never a partial
 * secret). The output-side detector (issue 5) builds on the same table.
 * Patterns are written to run in linear time (no nested quantifiers) and a
 * keyword prefilter skips rules whose keywords do not occur at all.
 */

export interface SecretRule {
  id: string;
  description: string;
  /** Lower-case substrings, one of which must occur for the rule to run. Empty: always run. */
  keywords: string[];
  /** Must have the global flag. The secret is the whole match, or group `secret` when named. */
  pattern: RegExp;
  /** Minimum Shannon entropy (bits/char) of the secret, for generic rules. */
  minEntropy?: number;
}

export const SECRET_RULES: SecretRule[] = [
  {
    id: "private-key",
    description: "PEM or OpenSSH private key block",
    keywords: ["private key"],
    pattern:
      /-----BEGIN[A-Z ]{0,40}PRIVATE KEY( BLOCK)?-----[\s\S]{16,16384}?-----END[A-Z ]{0,40}PRIVATE KEY( BLOCK)?-----/g,
  },
  {
    id: "aws-access-key-id",
    description: "AWS access key id",
    keywords: ["akia", "asia", "abia", "acca"],
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
  },
  {
    id: "aws-secret-access-key",
    description: "AWS secret access key assignment",
    keywords: ["aws_secret", "secret_access_key", "secretaccesskey"],
    pattern:
      /(?:aws_?secret_?access_?key|secretaccesskey)["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
  },
  {
    id: "github-token",
    description: "GitHub personal, OAuth, app or refresh token",
    keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g,
  },
  {
    id: "github-fine-grained-pat",
    description: "GitHub fine-grained personal access token",
    keywords: ["github_pat_"],
    pattern: /\bgithub_pat_[A-Za-z0-9_]{82}\b/g,
  },
  {
    id: "gitlab-token",
    description: "GitLab personal, pipeline or runner token",
    keywords: ["glpat-", "glptt-", "glrt-", "gldt-"],
    pattern: /\bgl(?:pat|ptt|rt|dt)-[A-Za-z0-9_-]{20,}\b/g,
  },
  {
    id: "slack-token",
    description: "Slack bot, user, app or config token",
    keywords: ["xox"],
    pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  },
  {
    id: "slack-webhook",
    description: "Slack incoming webhook URL",
    keywords: ["hooks.slack.com"],
    pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9_/]{20,}/g,
  },
  {
    id: "discord-token",
    description: "Discord bot token or webhook",
    keywords: ["discord"],
    pattern:
      /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{60,}/g,
  },
  {
    id: "telegram-bot-token",
    description: "Telegram bot token",
    keywords: [":aa"],
    pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g,
  },
  {
    id: "stripe-key",
    description: "Stripe secret or restricted key",
    keywords: ["sk_live_", "rk_live_", "sk_test_", "rk_test_"],
    pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{20,}\b/g,
  },
  {
    id: "anthropic-api-key",
    description: "Anthropic API key",
    keywords: ["sk-ant-"],
    pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}\b/g,
  },
  {
    id: "openai-api-key",
    description: "OpenAI API key",
    keywords: ["sk-"],
    pattern:
      /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}\b/g,
  },
  {
    id: "huggingface-token",
    description: "Hugging Face access token",
    keywords: ["hf_"],
    pattern: /\bhf_[A-Za-z]{34}\b/g,
  },
  {
    id: "npm-token",
    description: "npm access token",
    keywords: ["npm_"],
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
  },
  {
    id: "pypi-token",
    description: "PyPI upload token",
    keywords: ["pypi-"],
    pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}\b/g,
  },
  {
    id: "gcp-api-key",
    description: "Google API key",
    keywords: ["aiza"],
    pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g,
  },
  {
    id: "azure-storage-key",
    description: "Azure storage account key in a connection string",
    keywords: ["accountkey="],
    pattern: /AccountKey=(?<secret>[A-Za-z0-9+/]{86}==)/g,
  },
  {
    id: "jwt",
    description: "JSON Web Token",
    keywords: ["eyj"],
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}\b/g,
  },
  {
    id: "db-url-password",
    description: "Password in a database or service URL",
    keywords: ["://"],
    pattern:
      /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver):\/\/[^\s:/@'"]{1,128}:(?<secret>[^\s@'"/]{1,256})@/gi,
  },
  {
    id: "authorization-header",
    description: "Bearer or Basic credentials in an Authorization header",
    keywords: ["authorization", "bearer"],
    pattern:
      /\b(?:authorization:\s*(?:bearer|basic|token)|bearer)\s+(?<secret>[A-Za-z0-9._~+/=-]{16,})/gi,
  },
  {
    id: "cli-password-flag",
    description: "Password passed as a command-line option",
    keywords: ["pass", "token", "secret", "key"],
    pattern:
      /(?:^|\s)--?(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|access-token|auth-token)(?:=|\s+)["']?(?<secret>[^\s"']{6,})/gi,
    minEntropy: 2.5,
  },
  {
    id: "generic-secret-assignment",
    description: "key/secret/token/password assignment with a high-entropy value",
    keywords: ["key", "secret", "token", "password", "passwd", "pwd", "credential"],
    pattern:
      /\b[A-Za-z0-9_.-]{0,40}(?:key|secret|token|password|passwd|pwd|credential)s?["']?\s{0,4}[:=]\s{0,4}["']?(?<secret>[A-Za-z0-9/+_.=-]{16,200})/gi,
    minEntropy: 3.5,
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

/** Values that look like secrets but are known not to be. */
function benign(secret: string): boolean {
  if (/^[0-9a-f]{40}$/i.test(secret)) return true; // git SHA-1
  if (/^[0-9a-f]{64}$/i.test(secret)) return true; // sha256 digests in lockfiles
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(secret)) return true; // UUID
  if (/EXAMPLE|example|XXXXXXXX|xxxxxxxx|\*{4,}|<[^>]*>|\$\{|\$\(/.test(secret)) return true;
  return false;
}

export interface SecretHit {
  rule: string;
  start: number;
  end: number;
}

/** Finds secrets in `text` (non-overlapping, leftmost first). */
export function findSecrets(text: string, rules: SecretRule[] = SECRET_RULES): SecretHit[] {
  const lower = text.toLowerCase();
  const hits: SecretHit[] = [];
  for (const r of rules) {
    if (r.keywords.length && !r.keywords.some((k) => lower.includes(k))) continue;
    r.pattern.lastIndex = 0;
    for (const m of text.matchAll(r.pattern)) {
      const secret = m.groups?.secret ?? m[0];
      if (!secret || benign(secret)) continue;
      if (r.minEntropy !== undefined && entropy(secret) < r.minEntropy) continue;
      const start = m.groups?.secret !== undefined ? m.index! + m[0].lastIndexOf(secret) : m.index!;
      hits.push({ rule: r.id, start, end: start + secret.length });
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretHit[] = [];
  for (const h of hits) {
    const last = out[out.length - 1];
    if (last && h.start < last.end) {
      last.end = Math.max(last.end, h.end); // overlapping: mask the union, never leave a partial secret
      continue;
    }
    out.push({ ...h });
  }
  return out;
}

/** Replaces each secret with `[REDACTED:<rule-id>]`. */
export function redact(text: string, rules: SecretRule[] = SECRET_RULES): string {
  const hits = findSecrets(text, rules);
  if (!hits.length) return text;
  let out = "";
  let pos = 0;
  for (const h of hits) {
    out += text.slice(pos, h.start) + `[REDACTED:${h.rule}]`;
    pos = h.end;
  }
  return out + text.slice(pos);
}
