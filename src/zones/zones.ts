/**
 * Zones: where a resolved path lies, from the strictest down. guard's own
 * zone (its state, program, deno and cache, agents' hook and MCP client
 * configuration) → credentials → system → the home directory, `/` and their
 * ancestors → outside the workspace → scratch (`/tmp`) → the workspace.
 * Pure: the workspace is what the front end anchored in session state.
 */
import { within } from "./paths.ts";
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

/** Is `dir` a place that can never be a workspace (home, `/`, their ancestors, system)? */
export function unfitWorkspace(dir: string, env: PathEnv): boolean {
  if (dir === "/" || within(env.home, dir)) return true;
  if (within(dir, env.stateDir)) return true;
  if (env.guardPaths.some((g) => within(dir, g) || within(g, dir))) return true;
  return classifyPath(dir, env).some((h) => h.cls === "system" || h.cls === "device");
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
