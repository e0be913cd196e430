/**
 * Zones: where a resolved path lies, from the strictest down. guard's own
 * zone (its state, program, deno and cache, agents' hook and MCP client
 * configuration) → credentials → system → the home directory, `/` and their
 * ancestors → outside the workspace → scratch (`/tmp`) → the workspace.
 * The workspace, the home and scratch nest by specificity (the most specific
 * that holds a path wins), whatever their nesting on disk. And the one answer
 * to "can this directory be a workspace?" (`workspaceRefusal`), which the
 * session's anchoring (src/state/workspace.ts) and the engine's fallback share.
 * Pure: the workspace is what the front end anchored in session state.
 */
import { canonicalDir, within } from "./paths.ts";
import { classifyGlob, classifyPath, type PathEnv, type PathHit } from "./sensitive_paths.ts";

export type Zone =
  | "guard"
  | "credential"
  | "system"
  | "root" // `/`, the home directory and their ancestors
  | "outside"
  | "scratch"
  | "workspace";

export interface ZoneEnv extends PathEnv {
  /** The anchored workspace, or null when there is none. */
  workspace: string | null;
}

export interface ZoneOf {
  zone: Zone;
  /** The protected classes the path (or glob) reaches. */
  hits: PathHit[];
}

const SCRATCH = ["/tmp", "/var/tmp", "/private/tmp", "/private/var/folders", "/var/folders"];
const GUARD_CLASSES = new Set(["state", "guard", "hook-config"]);

/** System directories: neither they nor anything inside them is a workspace. */
const SYSTEM = [
  "/etc",
  "/usr",
  "/bin",
  "/sbin",
  "/opt",
  "/var",
  "/proc",
  "/sys",
  "/dev",
  "/boot",
  "/root",
  "/run",
  "/System",
  "/Library",
  "/Applications",
  "/private",
  "/nix",
  "/snap",
  "/srv",
];
/** Scratch roots: not a workspace themselves; a project inside one is. */
const SCRATCH_ROOTS = ["/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp"];
/** macOS's per-user temporary directories (`$TMPDIR`, `/var/folders/xx/yyyy/T`). */
const MAC_TMPDIR = /^(?:\/private)?\/var\/folders\/[^/]+\/[^/]+\/T$/;
/** Where home directories live. */
const HOMES = ["/home", "/Users"];

/** Why `dir` (canonical) can never be a workspace, or null when it can be one. Pure. */
export function workspaceRefusal(dir: string, b: PathEnv): string | null {
  if (dir === "/") return "the root directory";
  const home = canonicalDir(b.home) ?? b.home;
  if (dir === home) return "the home directory";
  if (within(home, dir)) return "an ancestor of the home directory";
  if (HOMES.includes(dir)) return "the directory of home directories";
  if (within(dir, canonicalDir(b.stateDir) ?? b.stateDir)) return "guard's state directory";
  for (const g of b.guardPaths) {
    const c = canonicalDir(g);
    if (c && c !== "/" && within(dir, c)) return "guard's installation";
  }
  if (SCRATCH_ROOTS.includes(dir) || MAC_TMPDIR.test(dir)) return "a scratch directory itself";
  // A project inside a scratch directory is one (scratch is a parent, not a system directory).
  if (SCRATCH_ROOTS.some((s) => dir.startsWith(s + "/"))) return null;
  if (/^(?:\/private)?\/var\/folders\/[^/]+\/[^/]+\/T\//.test(dir)) return null;
  // root's home is a system directory, except to root itself (HOME=/root: its projects).
  if (home !== "/root" || !dir.startsWith("/root/")) {
    for (const s of SYSTEM) if (within(dir, s)) return `inside the system directory ${s}`;
    if (/^\/lib[^/]*(?:\/|$)/.test(dir)) return "inside a system library directory";
  }
  // A place the tables class as system or a device. (A directory that holds guard's
  // installation may be a workspace: guard's zone is judged before the workspace's.)
  if (classifyPath(dir, b).some((h) => h.cls === "system" || h.cls === "device")) {
    return "a system location";
  }
  return null;
}

/** Is `dir` a place that can never be a workspace (home, `/`, their ancestors, system …)? */
export function unfitWorkspace(dir: string, env: PathEnv): boolean {
  return workspaceRefusal(dir, env) !== null;
}

const MEMO = new WeakMap<ZoneEnv, Map<string, ZoneOf>>();

/** The zone of an absolute path (a glob: the strictest place any expansion could be). */
export function zoneOf(abs: string, env: ZoneEnv, glob = false): ZoneOf {
  // Memoised per environment (the engine keeps one per context): a command names the same
  // paths several times, and classifying one costs microseconds.
  let m = MEMO.get(env);
  if (!m) MEMO.set(env, m = new Map());
  const key = (glob ? "g" : "p") + abs;
  let z = m.get(key);
  if (!z) {
    z = zoneOfUncached(abs, env, glob);
    if (m.size > 20_000) m.clear();
    m.set(key, z);
  }
  return z;
}

function zoneOfUncached(abs: string, env: ZoneEnv, glob: boolean): ZoneOf {
  const hits = glob ? classifyGlob(abs, env) : classifyPath(abs, env);
  if (hits.some((h) => GUARD_CLASSES.has(h.cls))) return { zone: "guard", hits };
  if (hits.some((h) => h.cls === "credential")) return { zone: "credential", hits };
  if (hits.some((h) => h.cls === "system" || h.cls === "device")) return { zone: "system", hits };
  if (abs === "/" || within(env.home, abs)) return { zone: "root", hits };
  return { zone: nested(abs, env), hits };
}

/**
 * The workspace, the home and scratch nest (workspace inside home inside scratch inside `/`)
 * whatever their places on disk: the most specific that holds the path wins. A home under
 * `/tmp` is the home, not scratch; a workspace under `/tmp` is the workspace. The home's files
 * are "outside" (the workspace's outside), as for a home under `/home`.
 */
function nested(abs: string, env: ZoneEnv): Zone {
  const ws = env.workspace && within(abs, env.workspace) ? env.workspace.length : -1;
  const home = within(abs, env.home) ? env.home.length : -1;
  let scratch = -1;
  for (const d of SCRATCH) if (within(abs, d) && abs !== d) scratch = Math.max(scratch, d.length);
  if (ws >= 0 && ws >= home && ws >= scratch) return "workspace";
  if (home >= 0 && home >= scratch) return "outside";
  return scratch >= 0 ? "scratch" : "outside";
}
