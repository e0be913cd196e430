/**
 * Tables of places that matter, and the classification of a path against them.
 *
 * Each table row names the rule it feeds. Paths are matched after resolution
 * (absolute, normalised); glob words are matched with "could expand to"
 * semantics, so `~/.s*` reaches `~/.ssh` and `~/.aws/cred*` reaches the AWS
 * credentials file.
 */
import {
  basename,
  componentMatches,
  globMatchesExactly,
  globReachesParts,
  hasGlob,
  normalize,
  splitPath,
  within,
} from "./paths.ts";

export type PathClass =
  | "state" // guard's own state directory
  | "guard" // guard's executable or installation
  | "hook-config" // an agent's hook configuration
  | "credential" // secrets: keys, tokens, .env files
  | "startup" // shell start-up and persistence files
  | "authorized-keys"
  | "system" // operating-system locations
  | "device" // block devices and raw memory
  | "git-internal"; // .git/hooks, .git/config

export interface PathEnv {
  home: string;
  stateDir: string;
  guardPaths: string[];
}

export interface PathHit {
  cls: PathClass;
  /** The protected place it reached (for messages). */
  place: string;
}

/** Credential locations relative to the home directory. Dirs cover everything below. */
const CREDENTIAL_HOME_DIRS = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".config/gcloud",
  ".azure",
  ".kube",
  ".password-store",
  "Library/Keychains",
  ".local/share/keyrings",
  ".config/gh",
  ".oci",
  ".docker",
  ".terraform.d",
  ".config/op",
  ".vault-token",
];

/** Files below a credential dir that are not secret (`config` only under ~/.ssh: kube's holds tokens). */
const CREDENTIAL_EXCEPTIONS = ["*.pub"];
const SSH_EXCEPTIONS = [
  "*.pub",
  "known_hosts",
  "known_hosts.old",
  "config",
  "authorized_keys",
  "authorized_keys2",
];

const CREDENTIAL_HOME_FILES = [
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".gem/credentials",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".config/hub",
  ".claude/.credentials.json",
  ".codex/auth.json",
  ".pgpass",
  ".my.cnf",
  ".boto",
  ".s3cfg",
  ".composer/auth.json",
  ".config/gh/hosts.yml",
  ".bash_history",
  ".zsh_history",
];

const CREDENTIAL_ABS = [
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/sudoers",
  "/etc/master.passwd",
  "/etc/ssh/ssh_host_*_key",
  "/Library/Keychains",
  "/var/db/sudo",
  // Every process's and every thread's environment, and its memory (which holds the environment
  // too). `/proc/PID/cmdline` is not here: `ps` shows every command line to every user.
  "/proc/self/environ",
  "/proc/*/environ",
  "/proc/*/task/*/environ",
  "/proc/*/mem",
  "/proc/*/task/*/mem",
  "/proc/kcore",
];

/** Credential files recognised by name anywhere. */
const CREDENTIAL_NAMES = [
  ".env",
  ".env.*",
  "*.env",
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "*.jks",
  "*.keystore",
  "*.ppk",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
  ".htpasswd",
  "terraform.tfstate",
  "terraform.tfstate.backup",
  "credentials.json",
  "service-account*.json",
  ".netrc",
  ".pgpass",
];

/** Names matching CREDENTIAL_NAMES that are templates, not secrets. */
const CREDENTIAL_NAME_EXCEPTIONS = [
  ".env.example",
  ".env.sample",
  ".env.template",
  ".env.dist",
  ".env.defaults",
  ".env.schema",
  "*.pub.pem",
];

/** Samples used to test whether a glob word could name a credential file. */
const CREDENTIAL_NAME_SAMPLES = [
  ".env",
  ".env.local",
  "prod.env",
  ".env.production",
  "server.pem",
  "server.key",
  "cert.p12",
  "id_rsa",
  "id_ed25519",
  "id_ecdsa",
  ".htpasswd",
  "terraform.tfstate",
  "credentials.json",
];

const STARTUP_HOME = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".zlogout",
  ".cshrc",
  ".tcshrc",
  ".kshrc",
  ".mkshrc",
  ".xprofile",
  ".xinitrc",
  ".xsession",
  ".pam_environment",
  ".config/fish/config.fish",
  ".config/fish/conf.d",
  ".config/fish/functions",
  ".config/autostart",
  ".config/systemd/user",
  ".config/environment.d",
  "Library/LaunchAgents",
  ".ssh/rc",
  ".ssh/config",
  ".ssh/environment",
  ".gitconfig",
  ".config/git/config",
  ".config/git/attributes",
  ".bashrc.d",
  ".zshrc.d",
  ".oh-my-zsh/custom",
];

const STARTUP_ABS = [
  "/etc/profile",
  "/etc/profile.d",
  "/etc/bash.bashrc",
  "/etc/bashrc",
  "/etc/zshrc",
  "/etc/zsh",
  "/etc/zprofile",
  "/etc/zshenv",
  "/etc/environment",
  "/etc/crontab",
  "/etc/cron.d",
  "/etc/cron.daily",
  "/etc/cron.hourly",
  "/etc/cron.weekly",
  "/etc/cron.monthly",
  "/var/spool/cron",
  "/etc/systemd",
  "/etc/init.d",
  "/etc/rc.local",
  "/etc/ld.so.preload",
  "/etc/sudoers.d",
  "/Library/LaunchDaemons",
  "/Library/LaunchAgents",
  "/etc/gitconfig",
];

const AUTHORIZED_KEYS = ["authorized_keys", "authorized_keys2"];

const SYSTEM_DIRS = [
  "/etc",
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/boot",
  "/sys",
  "/proc",
  "/opt",
  "/var",
  "/srv",
  "/root",
  "/System",
  "/Library",
  "/Applications",
  "/private/etc",
  "/private/var",
  "/snap",
  "/nix",
];

/** Exceptions inside SYSTEM_DIRS that are ordinary scratch space. */
const SYSTEM_EXCEPTIONS = ["/var/tmp", "/var/folders", "/private/var/folders", "/private/tmp"];

/** Raw devices: writing to them destroys disks or memory. */
const DEVICE_GLOBS = [
  "sd*",
  "hd*",
  "vd*",
  "xvd*",
  "nvme*",
  "mmcblk*",
  "disk*",
  "rdisk*",
  "md*",
  "dm-*",
  "mapper",
  "loop*",
  "mem",
  "kmem",
  "port",
  "sr*",
];

/** Devices that are harmless to write to. */
export const HARMLESS_DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/full",
  "/dev/random",
  "/dev/urandom",
]);

/** Hook configuration of each supported agent, relative to home. */
const HOOK_CONFIG_HOME = [
  ".claude/settings*.json",
  ".kimi-code/config.toml",
  ".kimi/config.toml",
  ".codex/hooks.json",
  ".codex/config.toml",
  ".gemini/settings.json",
  ".cursor/hooks.json",
  ".copilot/config.json",
  // Copilot CLI's user-level hooks (a directory of *.json) and its settings (inline hooks).
  ".copilot/hooks",
  ".copilot/settings.json",
  ".config/github-copilot/hooks",
  // Gemini CLI drops every hook, user hooks included, in a folder it does not trust.
  ".gemini/trustedFolders.json",
  // The resident evaluator's service units (ADR 0023): the hook trusts what answers on its socket,
  // so the command these units start is as much guard's as the hook line is.
  ".config/systemd/user/aiguard.service",
  "Library/LaunchAgents/dev.aiguard.serve.plist",
  // MCP client configuration: a server added there runs outside guard proxy.
  ".claude.json",
  ".cursor/mcp.json",
  ".gemini/mcp.json",
  ".copilot/mcp-config.json",
  ".kimi-code/mcp.json",
  ".kimi/mcp.json",
  ".config/Claude/claude_desktop_config.json",
  "Library/Application Support/Claude/claude_desktop_config.json",
];

/** Hook configuration inside any project (matched on trailing path components). */
const HOOK_CONFIG_ANYWHERE = [
  [".claude", "settings*.json"],
  [".codex", "hooks.json"],
  [".codex", "config.toml"],
  [".gemini", "settings.json"],
  [".cursor", "hooks.json"],
  [".kimi-code", "config.toml"],
  // Copilot CLI: `disableAllHooks` in a trusted repository switches off every hook.
  [".github", "copilot", "settings.json"],
  [".github", "copilot", "settings.local.json"],
  // MCP client configuration inside a project.
  [".mcp.json"],
  [".cursor", "mcp.json"],
  [".vscode", "mcp.json"],
  [".kimi-code", "mcp.json"],
];

/** Directories inside any project that hold hook configuration. */
const HOOK_DIRS_ANYWHERE = [[".github", "hooks"]];

const HOOK_CONFIG_ABS = [
  "/etc/claude-code",
  "/Library/Application Support/ClaudeCode",
  "/etc/codex",
  // Gemini CLI's system settings (`guard install --managed` writes its hook there).
  "/etc/gemini-cli",
  "/Library/Application Support/GeminiCli",
  // guard's managed policy (ADR 0027): what every user's decisions run under.
  "/etc/aiguard",
  "/Library/Application Support/aiguard",
];

function matchesAny(name: string, pats: string[]): boolean {
  return pats.some((p) => componentMatches(p, name));
}

/** Matches `rel` (home-relative path, components) against a home-relative glob. */
function relMatch(relParts: string[], pat: string, dirMode: boolean): boolean {
  const p = pat.split("/");
  if (relParts.length < p.length) return false;
  if (!dirMode && relParts.length !== p.length) return false;
  for (let i = 0; i < p.length; i++) if (!componentMatches(p[i], relParts[i])) return false;
  return true;
}

function homeRel(abs: string, home: string): string[] | null {
  if (!within(abs, home) || abs === home) return null;
  return abs.slice(home.length + 1).split("/");
}

function tailMatch(parts: string[], pats: string[], dirMode: boolean): boolean {
  for (let start = 0; start + pats.length <= parts.length; start++) {
    let ok = true;
    for (let i = 0; i < pats.length; i++) {
      if (!componentMatches(pats[i], parts[start + i])) {
        ok = false;
        break;
      }
    }
    if (ok && (dirMode || start + pats.length === parts.length)) return true;
  }
  return false;
}

function credentialName(name: string): boolean {
  return matchesAny(name, CREDENTIAL_NAMES) && !matchesAny(name, CREDENTIAL_NAME_EXCEPTIONS);
}

/** First components (relative to home) that any home table can match. */
const HOME_FIRST = new Set(
  [...CREDENTIAL_HOME_DIRS, ...CREDENTIAL_HOME_FILES, ...STARTUP_HOME, ...HOOK_CONFIG_HOME].map((
    p,
  ) => p.split("/")[0]),
);
const ANYWHERE_DIRS = new Set([...HOOK_CONFIG_ANYWHERE, ...HOOK_DIRS_ANYWHERE].map((p) => p[0]));
const ABS_FIRST = new Set(
  [...CREDENTIAL_ABS, ...STARTUP_ABS, ...HOOK_CONFIG_ABS, ...SYSTEM_DIRS].map((p) =>
    p.split("/")[1]
  ),
);

/** Could `name` be a credential file name? (Every pattern has a dot or starts with id_.) */
function maybeCredentialName(name: string): boolean {
  return name.includes(".") || name.startsWith("id_");
}

/** The environment with every path in lower case (memoised per environment). */
const FOLDED = new WeakMap<PathEnv, PathEnv>();
function folded(env: PathEnv): PathEnv {
  let f = FOLDED.get(env);
  if (!f) {
    f = {
      home: env.home.toLowerCase(),
      stateDir: env.stateDir.toLowerCase(),
      guardPaths: env.guardPaths.map((g) => g.toLowerCase()),
    };
    FOLDED.set(env, f);
  }
  return f;
}

const UPPER = /[A-Z\u00c0-\uffff]/;

/** Adds the hits of the case-folded spelling (case-insensitive file systems) to `hits`. */
function withFolded(
  p: string,
  env: PathEnv,
  hits: PathHit[],
  classify: (p: string, env: PathEnv) => PathHit[],
): PathHit[] {
  if (!UPPER.test(p)) return hits;
  for (const h of classify(p.toLowerCase(), folded(env))) {
    if (!hits.some((x) => x.cls === h.cls)) hits.push(h);
  }
  return hits;
}

/**
 * Classifies a literal absolute path. Names are compared case-insensitively as well (macOS
 * and Windows file systems are): `~/.SSH/ID_RSA` is the key.
 */
export function classifyPath(absIn: string, env: PathEnv): PathHit[] {
  return withFolded(absIn, env, classifyPathExact(absIn, env), classifyPathExact);
}

function classifyPathExact(absIn: string, env: PathEnv): PathHit[] {
  const abs = normalize(absIn);
  const hits: PathHit[] = [];
  const parts = abs.split("/").filter((s) => s);
  const name = parts[parts.length - 1] ?? "";
  if (within(abs, env.stateDir) || STATE_COMPONENT.test(abs)) {
    hits.push({ cls: "state", place: env.stateDir });
  }
  for (const g of env.guardPaths) {
    if (within(abs, g)) hits.push({ cls: "guard", place: g });
  }
  const relAll = homeRel(abs, env.home);
  const rel = relAll && HOME_FIRST.has(relAll[0]) ? relAll : null;
  const absFirst = ABS_FIRST.has(parts[0] ?? "");
  if (rel && HOOK_CONFIG_HOME.some((p) => relMatch(rel, p, p.endsWith("/hooks")))) {
    hits.push({ cls: "hook-config", place: abs });
  }
  if (
    (parts.some((p) => ANYWHERE_DIRS.has(p)) &&
      (HOOK_CONFIG_ANYWHERE.some((p) => tailMatch(parts, p, false)) ||
        HOOK_DIRS_ANYWHERE.some((p) => tailMatch(parts, p, true)))) ||
    (absFirst && HOOK_CONFIG_ABS.some((d) => within(abs, d)))
  ) {
    if (!hits.some((h) => h.cls === "hook-config")) hits.push({ cls: "hook-config", place: abs });
  }
  // Credentials
  let cred = false;
  if (rel) {
    if (
      CREDENTIAL_HOME_DIRS.some((d) => relMatch(rel, d, true)) &&
      !(rel.length > 1 &&
        matchesAny(name, rel[0] === ".ssh" ? SSH_EXCEPTIONS : CREDENTIAL_EXCEPTIONS))
    ) cred = true;
    if (CREDENTIAL_HOME_FILES.some((f) => relMatch(rel, f, false))) cred = true;
  }
  if (absFirst && CREDENTIAL_ABS.some((p) => globMatchesExactly(p, abs) || within(abs, p))) {
    cred = true;
  }
  if (!cred && maybeCredentialName(name) && credentialName(name)) cred = true;
  if (cred) hits.push({ cls: "credential", place: abs });
  // Start-up and persistence files
  if (
    (rel && STARTUP_HOME.some((p) => relMatch(rel, p, true))) ||
    (absFirst && STARTUP_ABS.some((p) => within(abs, p)))
  ) {
    hits.push({ cls: "startup", place: abs });
  }
  if (AUTHORIZED_KEYS.includes(name) && parts[parts.length - 2] === ".ssh") {
    hits.push({ cls: "authorized-keys", place: abs });
  }
  if (parts[0] === "dev" && parts.length >= 2 && !HARMLESS_DEVICES.has(abs)) {
    if (parts[1] === "fd" || parts[1] === "pts" || parts[1] === "shm") {
      // file descriptors, terminals and shared memory are not disks
    } else if (DEVICE_GLOBS.some((g) => componentMatches(g, parts[1]))) {
      hits.push({ cls: "device", place: abs });
    } else hits.push({ cls: "system", place: abs });
  } else if (
    absFirst && SYSTEM_DIRS.some((d) => within(abs, d)) &&
    !SYSTEM_EXCEPTIONS.some((d) => within(abs, d)) &&
    !within(abs, env.home)
  ) {
    hits.push({ cls: "system", place: abs });
  }
  if (
    abs.includes("/.git/") &&
    (tailMatch(parts, [".git", "hooks"], true) || tailMatch(parts, [".git", "config"], false))
  ) {
    hits.push({ cls: "git-internal", place: abs });
  }
  return hits;
}

/**
 * Classifies an absolute glob path with "could expand to" semantics: a hit
 * means some expansion of the glob is, or lies below, the protected place.
 */
const HOME_TABLES_SPLIT = {
  credential: [...CREDENTIAL_HOME_DIRS, ...CREDENTIAL_HOME_FILES].map(splitPath),
  startup: STARTUP_HOME.map(splitPath),
  hook: HOOK_CONFIG_HOME.map((p) => splitPath(p.replace("settings*.json", "settings.json"))),
};

const CREDENTIAL_ABS_SPLIT = CREDENTIAL_ABS.map(splitPath);

/** Could two glob paths (component lists) name the same path? */
function globsMeet(a: string[], b: string[]): boolean {
  if (a.length !== b.length && !a.includes("**")) return false;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === "**") return true;
    if (hasGlob(a[i]) && hasGlob(b[i])) continue;
    if (!componentMatches(a[i], b[i]) && !componentMatches(b[i], a[i])) return false;
  }
  return a.length === b.length;
}

export function classifyGlob(globIn: string, env: PathEnv): PathHit[] {
  return withFolded(globIn, env, classifyGlobExact(globIn, env), classifyGlobExact);
}

function classifyGlobExact(globIn: string, env: PathEnv): PathHit[] {
  const glob = normalize(globIn);
  const hits: PathHit[] = [];
  const gp = splitPath(glob);
  if (globReachesParts(gp, splitPath(env.stateDir))) {
    hits.push({ cls: "state", place: env.stateDir });
  }
  for (const g of env.guardPaths) {
    if (globReachesParts(gp, splitPath(g))) hits.push({ cls: "guard", place: g });
  }
  // Home tables only matter when the glob can be below home and its first component there can match.
  const hp = splitPath(env.home);
  const first = gp[hp.length];
  const underHome = gp.length > hp.length && hp.every((c, i) => componentMatches(gp[i], c)) &&
    (hasGlob(first)
      ? [...HOME_FIRST].some((f) => componentMatches(first, f))
      : HOME_FIRST.has(first));
  const rest = underHome ? gp.slice(hp.length) : [];
  const reachesAny = (list: string[][]) =>
    underHome && list.some((rel) => globReachesParts(rest, rel));
  if (
    reachesAny(HOME_TABLES_SPLIT.credential) || CREDENTIAL_ABS_SPLIT.some((c) => globsMeet(gp, c))
  ) {
    hits.push({ cls: "credential", place: glob });
  } else {
    const name = basename(glob);
    if (CREDENTIAL_NAME_SAMPLES.some((s) => componentMatches(name, s) && credentialName(s))) {
      hits.push({ cls: "credential", place: glob });
    }
  }
  if (reachesAny(HOME_TABLES_SPLIT.startup)) hits.push({ cls: "startup", place: glob });
  if (reachesAny(HOME_TABLES_SPLIT.hook)) hits.push({ cls: "hook-config", place: glob });
  return hits;
}

/** `.aiguard` as a whole name (not `.aiguard-notes.txt`, a sibling of the state directory). */
const STATE_NAME = /\.aiguard(?![A-Za-z0-9_.-])/i;
/** A path component named .aiguard (any case: case-insensitive file systems). */
const STATE_COMPONENT = /\/\.aiguard(\/|$)/i;

/** Does the text mention guard's state directory name, in any letter case? */
export function mentionsState(text: string): boolean {
  return STATE_NAME.test(text);
}

/**
 * The credential or hook-configuration place of the home tables that lies strictly below the
 * directory `dir` (a recursive read of `dir` reaches it), if any. Names that are credentials
 * anywhere (`.env`, `*.pem`) are not looked for: every project tree could hold one.
 */
export function protectedBelow(dir: string, env: PathEnv): PathHit | null {
  const d = normalize(dir);
  const home = normalize(env.home);
  if (!within(home, d) && !within(d, home)) {
    const dp = splitPath(d);
    for (const p of CREDENTIAL_ABS_SPLIT) {
      // `/proc/*/environ` lies below `/proc/1` and `/proc/self/task/2` below nothing it names.
      if (p.length > dp.length && dp.every((c, i) => componentMatches(p[i], c))) {
        return { cls: "credential", place: "/" + p.join("/") };
      }
    }
    return null;
  }
  for (const rel of [...CREDENTIAL_HOME_DIRS, ...CREDENTIAL_HOME_FILES]) {
    const p = home + "/" + rel;
    if (p !== d && within(p, d)) return { cls: "credential", place: p };
  }
  for (const rel of HOOK_CONFIG_HOME) {
    const p = home + "/" + rel.replace("settings*.json", "settings.json");
    if (p !== d && within(p, d)) return { cls: "hook-config", place: p };
  }
  return null;
}

const HOOK_DIR_NAMES = new Set([
  ".claude",
  ".codex",
  ".gemini",
  ".cursor",
  ".kimi-code",
  ".kimi",
  ".copilot",
]);

/** Is `p` a directory that holds an agent's hook configuration (so deleting or moving it disables guard)? */
export function isHookDir(p: string, home: string): boolean {
  const name = basename(p);
  if (HOOK_DIR_NAMES.has(name)) return true;
  if (name === "hooks" && basename(p.slice(0, p.length - 6)) === ".github") return true;
  return name === ".github" || (p !== home && within(home + "/.config/github-copilot", p));
}

/** Is `abs` one of the places whose recursive deletion is catastrophic? */
export function isProtectedRoot(abs: string, home: string): boolean {
  const p = normalize(abs);
  if (p === "/") return true;
  if (p === normalize(home)) return true;
  // Ancestors of home (/home, /Users) hold every user's files.
  return within(home, p);
}

/** Top-level system directories whose recursive deletion or chmod wrecks the machine. */
export const CRITICAL_SYSTEM_DIRS = new Set([
  "/bin",
  "/boot",
  "/dev",
  "/etc",
  "/lib",
  "/lib32",
  "/lib64",
  "/opt",
  "/proc",
  "/root",
  "/sbin",
  "/srv",
  "/sys",
  "/usr",
  "/var",
  "/System",
  "/Library",
  "/Applications",
  "/Users",
  "/home",
  "/private",
  "/usr/bin",
  "/usr/lib",
  "/usr/local",
  "/usr/sbin",
  "/nix",
  "/snap",
]);
