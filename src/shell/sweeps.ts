/**
 * Recursive reads that sweep credential files. guard may not read the workspace, so whether a
 * recursive search returns what `.env`, keys and tokens files hold is decided from what the
 * command says: its pattern (would it match the lines such files hold?), its output (lines, or
 * only names and counts?), which files the program reads (grep reads dotfiles; ripgrep and ag
 * skip hidden and ignored files unless told otherwise) and the globs that name its files. Pure;
 * nothing here runs unless a search is recursive.
 */
import { componentMatches } from "../zones/paths.ts";

/**
 * What credential files hold, one line each: dotenv names and values, private key armour,
 * registry tokens, service-account JSON. A search pattern that matches one of these lines
 * returns that line from every such file it reaches. The values are random on purpose: an
 * ordinary code search (`import`, `useEffect`, `TODO`) matches none of them.
 */
const CREDENTIAL_LINES = [
  "API_KEY=Q7Z2K8W4V6N3R9T5B1M0",
  "AWS_ACCESS_KEY_ID=AKIAQ7Z2K8W4V6N3R9T5",
  "AWS_SECRET_ACCESS_KEY=Q7Z2K8W4V6N3R9T5B1M0/H6C1D5Y0E8A2",
  "DATABASE_URL=postgres://svc:Q7Z2K8W4V6@10.20.30.40:5432/Q7Z2",
  "DB_PASSWORD=Q7Z2K8W4V6N3",
  "GITHUB_TOKEN=ghp_Q7Z2K8W4V6N3R9T5B1M0H6C1D5Y0E8A2",
  "SECRET_KEY=9f86d081884c7d659a2feaa0c55ad015",
  'OPENAI_API_KEY="sk-Q7Z2K8W4V6N3R9T5B1M0"',
  "-----BEGIN OPENSSH PRIVATE KEY-----",
  "-----BEGIN RSA PRIVATE KEY-----",
  "//registry.npmjs.org/:_authToken=npm_Q7Z2K8W4V6N3R9T5B1M0",
  "password = pypi-Q7Z2K8W4V6N3R9T5B1M0",
  '  "private_key": "-----BEGIN PRIVATE KEY-----\\nQ7Z2K8W4V6N3",',
  '  "client_secret": "Q7Z2K8W4V6N3R9T5B1M0",',
];

/** Names of credential files, for globs: could `--include=GLOB` / `-g GLOB` select one? */
const CREDENTIAL_FILE_SAMPLES = [
  ".env",
  ".env.local",
  ".env.production",
  "prod.env",
  "server.pem",
  "server.key",
  "cert.p12",
  "id_rsa",
  "id_ed25519",
  ".npmrc",
  ".pypirc",
  ".netrc",
  "credentials.json",
  "service-account.json",
  "terraform.tfstate",
];

export type Syntax = "basic" | "extended" | "perl" | "fixed";

export interface SearchSpec {
  /** The patterns (`-e` each, or the first operand); null for one known only at run time. */
  patterns: (string | null)[];
  syntax: Syntax;
  ignoreCase: boolean;
  /** ripgrep's and ag's smart case: case-insensitive when the pattern has no capital. */
  smartCase: boolean;
  word: boolean;
  line: boolean;
  invert: boolean;
}

const POSIX_CLASS: Readonly<Record<string, string>> = {
  alpha: "A-Za-z",
  digit: "0-9",
  alnum: "A-Za-z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: "\\s",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
  print: " -~",
  graph: "!-~",
  word: "A-Za-z0-9_",
  cntrl: "\\x00-\\x1f",
};

/** A POSIX bracket expression from `i` (at `[`) as a JS class; the index after it. */
function bracket(p: string, i: number): { src: string; end: number } | null {
  let j = i + 1;
  let src = "[";
  if (p[j] === "^") {
    src += "^";
    j++;
  }
  if (p[j] === "]") {
    src += "\\]";
    j++;
  }
  for (; j < p.length; j++) {
    const c = p[j];
    if (c === "]") return { src: src + "]", end: j + 1 };
    if (c === "[" && p[j + 1] === ":") {
      const close = p.indexOf(":]", j + 2);
      if (close < 0) return null;
      const cls = POSIX_CLASS[p.slice(j + 2, close)];
      if (cls === undefined) return null;
      src += cls;
      j = close + 1;
    } else if (c === "\\" || c === "[") src += "\\" + c;
    else src += c;
  }
  return null;
}

const LOWER_LINES = CREDENTIAL_LINES.map((l) => l.toLowerCase());

/** Regex source with its letters lower-cased, escapes (`\W`, `\S`) kept as they are. */
function lowerSource(src: string): string {
  let out = "";
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "\\") {
      out += src.slice(i, i + 2);
      i++;
    } else out += src[i].toLowerCase();
  }
  return out;
}

/** A grep pattern as JavaScript regex source, or null when it cannot be translated. */
export function patternSource(p: string, syntax: Syntax): string | null {
  if (syntax === "fixed") return p.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
  if (syntax === "perl") return p;
  const bre = syntax === "basic";
  let out = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") {
      const n = p[i + 1];
      if (n === undefined) return null;
      i++;
      if (bre && "(){}|+?".includes(n)) out += n;
      else if (/[0-9]/.test(n)) return null; // a back-reference: not in a linear engine
      else if (n === "<" || n === ">") out += "\\b";
      else if (/[A-Za-z]/.test(n) && !"wWsSbBdD".includes(n)) out += n;
      else out += "\\" + n;
    } else if (c === "[") {
      const b = bracket(p, i);
      if (!b) return null;
      out += b.src;
      i = b.end - 1;
    } else if (bre && "(){}|+?".includes(c)) out += "\\" + c;
    else if (c === "*" && (out === "" || out.endsWith("(") || out.endsWith("|"))) out += "\\*";
    else if (c === "/") out += "\\/";
    else out += c;
  }
  return out;
}

/**
 * Would the search print a line of a credential file? A pattern known only at run time, one
 * that cannot be translated, or an inverted match of anything but a match-all: yes.
 */
export function matchesCredentialLines(s: SearchSpec): boolean {
  if (s.patterns.length === 0) return false;
  for (const p of s.patterns) {
    if (p === null) return true;
    let src = patternSource(p, s.syntax);
    if (src === null) return true;
    if (s.word) src = `(?:^|[^A-Za-z0-9_])(?:${src})(?:[^A-Za-z0-9_]|$)`;
    if (s.line) src = `^(?:${src})$`;
    const ci = s.ignoreCase || (s.smartCase && !/[A-Z]/.test(p));
    let re: RegExp;
    try {
      // Linear-time engine: patterns come from commands (attacker-controlled text). It has no
      // `i` flag: a case-insensitive search is the lower-cased pattern over lower-cased lines.
      re = new RegExp(ci ? lowerSource(src) : src, "l");
    } catch {
      return true; // not a pattern the linear engine takes: assume it matches
    }
    for (const line of ci ? LOWER_LINES : CREDENTIAL_LINES) {
      if (re.test(line) !== s.invert) return true;
    }
  }
  return false;
}

/** Ordinary project files: a glob that selects these as well as credentials names neither. */
const PLAIN_FILE_SAMPLES = [
  "main.ts",
  "index.js",
  "README.md",
  "package.json",
  "tsconfig.json",
  "config.yaml",
  "app.py",
  "Makefile",
];

/** gitignore-style glob matching (ripgrep's `-g`, grep's `--include`): `*` takes a leading dot. */
function globMatches(name: string, file: string): boolean {
  return componentMatches(name, file) ||
    (file.startsWith(".") && componentMatches(name, "\u0001" + file));
}

/**
 * Which files a file glob (`--include`, `-g`, `--glob`) selects: credential files by name
 * (`.env*`, `*.pem`, `id_rsa*`), everything (`*`, `*.json`: credentials among ordinary files),
 * or no credential file (`*.ts`).
 */
export function globSelectsCredentials(glob: string): "names" | "all" | "none" {
  const name = glob.slice(glob.lastIndexOf("/") + 1);
  if (name === "" || name === "**") return "all";
  if (!CREDENTIAL_FILE_SAMPLES.some((f) => globMatches(name, f))) return "none";
  return PLAIN_FILE_SAMPLES.some((f) => globMatches(name, f)) ? "all" : "names";
}
