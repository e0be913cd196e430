/**
 * The keyword prefilter of the secret rules, on its own so the hook can tell
 * "no secret can be here" without loading the rules (`secrets.ts`). A test
 * checks that every rule's keywords contain one of these, so a text without
 * any of them cannot match any rule.
 */
export const SECRET_KEYWORDS = [
  "://",
  ":aa",
  "abia",
  "acca",
  "aiza",
  "akia",
  "asia",
  "authorization",
  "bearer",
  "credential",
  "discord",
  "eyj",
  "gho_",
  "ghp_",
  "ghr_",
  "ghs_",
  "ghu_",
  "github_pat_",
  "gldt-",
  "glpat-",
  "glptt-",
  "glrt-",
  "hf_",
  "hooks.slack.com",
  "key",
  "npm_",
  "pass",
  "pwd",
  "pypi-",
  "rk_live_",
  "rk_test_",
  "secret",
  "sk-",
  "sk_live_",
  "sk_test_",
  "token",
  "xox",
  "xapp-",
  "a3t",
  "gloas-",
  "sg.",
  "gocspx-",
  "shpat_",
  "shpss_",
  "shpca_",
  "shppa_",
  "dop_v1_",
  "doo_v1_",
  "dor_v1_",
  "age-secret-key-1",
  "twilio",
  "auth",
  "mysql",
  "ldap",
  "redis-cli",
  "rabbitmqadmin",
  "sshpass",
  "mongo",
];

/** False only when no secret rule can match `text`. */
export function mayHoldSecret(text: string): boolean {
  if (!text) return false;
  const lower = text.toLowerCase();
  for (const k of SECRET_KEYWORDS) if (lower.includes(k)) return true;
  return false;
}
