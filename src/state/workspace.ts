/**
 * The workspace: the project a session works in, handed to the pure engine as
 * `EvalContext.workspace` (docs/design/effects-13.md, "Zones").
 *
 * It is the git root of the session's first call's cwd (the nearest directory,
 * walking up, that holds a `.git` directory or file), or that cwd itself when
 * there is none. The home directory, `/`, the home's ancestors, `/home` and
 * `/Users`, system directories (and everything inside them), the scratch roots
 * (`/tmp` itself …), guard's state directory and guard's installation are never
 * a workspace; a git root that is one of those (dotfiles versioned at `~`) is
 * not used, the cwd is.
 *
 * The walk reads only what guard may read: the installed hook is granted the
 * state directory alone, so there a stat of a project directory is refused
 * (Deno's `NotCapable`). A refused stat stops the walk and the cwd is the
 * workspace (never a guess further up, which could only be wider); a refused
 * `realPath` leaves the lexical form. The anchoring — the first call of a
 * session with a valid workspace sets it, later calls never change it — is
 * `anchorWorkspace`, on the session's flow state.
 */
import type { FlowState } from "../flow/flow.ts";
import { within } from "../zones/paths.ts";

/** What bounds a workspace: the engine context's own fields. */
export interface WorkspaceBounds {
  home: string;
  stateDir: string;
  guardPaths: string[];
}

/** The file-system calls the walk makes (tests pass their own to model refusals). */
export interface WorkspaceProbe {
  /** Throws (NotFound, NotCapable, …) like Deno.lstatSync when `path` is not there or not readable. */
  lstat(path: string): unknown;
  /** Like Deno.realPathSync. */
  realPath(path: string): string;
}

export const DENO_PROBE: WorkspaceProbe = {
  lstat: (p) => Deno.lstatSync(p),
  realPath: (p) => Deno.realPathSync(p),
};

/** Directories walked up from the cwd looking for `.git`, at most. */
export const MAX_WALK = 40;

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
const SCRATCH = ["/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp"];
/** macOS's per-user temporary directories (`$TMPDIR`, `/var/folders/xx/yyyy/T`). */
const MAC_TMPDIR = /^(?:\/private)?\/var\/folders\/[^/]+\/[^/]+\/T$/;
/** Where home directories live. */
const HOMES = ["/home", "/Users"];

/**
 * The canonical lexical form of an absolute directory: `//`, `.` and `..` collapsed, a trailing
 * `/` dropped, and `/proc/self/root` (or `/proc/thread-self/root`, the process's own root) taken
 * for `/` wherever it appears, as the kernel does. Null for a relative or NUL-bearing path.
 */
export function canonicalDir(p: string): string | null {
  if (!p.startsWith("/") || p.includes("\0")) return null;
  const out: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
    if (
      out.length === 3 && out[0] === "proc" && (out[1] === "self" || out[1] === "thread-self") &&
      out[2] === "root"
    ) out.length = 0;
  }
  return "/" + out.join("/");
}

/** Why `dir` (canonical) can never be a workspace, or null when it can be one. Pure. */
export function workspaceRefusal(dir: string, b: WorkspaceBounds): string | null {
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
  if (SCRATCH.includes(dir) || MAC_TMPDIR.test(dir)) return "a scratch directory itself";
  // A project inside a scratch directory is one (scratch is a parent, not a system directory).
  if (SCRATCH.some((s) => dir.startsWith(s + "/"))) return null;
  if (/^(?:\/private)?\/var\/folders\/[^/]+\/[^/]+\/T\//.test(dir)) return null;
  // root's home is a system directory, except to root itself (HOME=/root: its projects).
  if (home !== "/root" || !dir.startsWith("/root/")) {
    for (const s of SYSTEM) if (within(dir, s)) return `inside the system directory ${s}`;
    if (/^\/lib[^/]*(?:\/|$)/.test(dir)) return "inside a system library directory";
  }
  return null;
}

export interface FoundWorkspace {
  /** The workspace, or null when there is none. */
  workspace: string | null;
  /** How it was found: the git root, the cwd (no git root, or none guard may read), or none. */
  source: "git-root" | "cwd" | "none";
  /** Why there is none, or why the git root was not used. */
  note?: string;
}

function isRefusal(e: unknown): boolean {
  return e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied;
}

/**
 * The workspace of a start directory (see the module comment). At most one realPath and
 * MAX_WALK lstat calls; in the installed hook, one of each (both refused).
 */
export function findWorkspace(
  cwd: string,
  b: WorkspaceBounds,
  probe: WorkspaceProbe = DENO_PROBE,
): FoundWorkspace {
  const lexical = canonicalDir(cwd);
  if (lexical === null) return { workspace: null, source: "none", note: "not an absolute path" };
  const refusedLexical = workspaceRefusal(lexical, b);
  if (refusedLexical) return { workspace: null, source: "none", note: refusedLexical };
  let start = lexical;
  try {
    start = canonicalDir(probe.realPath(lexical)) ?? lexical;
  } catch { /* missing, or not readable by guard: the lexical form */ }
  // A symlink to the home or a system directory is what it points at.
  const refused = start === lexical ? null : workspaceRefusal(start, b);
  if (refused) return { workspace: null, source: "none", note: `${refused} (through a symlink)` };
  let dir = start;
  let note: string | undefined;
  for (let level = 0; level < MAX_WALK; level++) {
    try {
      probe.lstat(dir === "/" ? "/.git" : `${dir}/.git`);
      return { workspace: dir, source: "git-root" };
    } catch (e) {
      if (isRefusal(e)) {
        note = "the git root is looked for only where guard may read";
        break;
      }
    }
    const parent = dir.slice(0, dir.lastIndexOf("/")) || "/";
    if (parent === dir) break;
    const stop = workspaceRefusal(parent, b);
    if (stop) {
      // No git root below it (a repository at `~` versions dotfiles; it is not a project).
      if (parent === canonicalDir(b.home)) {
        try {
          probe.lstat(`${parent}/.git`);
          note = "the git root is the home directory: not a workspace";
        } catch { /* none there either */ }
      }
      break;
    }
    dir = parent;
  }
  return { workspace: start, source: "cwd", ...(note ? { note } : {}) };
}

/**
 * A workspace named by hand (`guard explain --workspace`, `guard proxy --workspace`):
 * canonicalised like a cwd, symlinks resolved where guard may read. `none` is no workspace.
 * Returns the workspace, or an error message.
 */
export function namedWorkspace(
  dir: string,
  b: WorkspaceBounds,
  probe: WorkspaceProbe = DENO_PROBE,
): { workspace: string | null } | { error: string } {
  if (dir === "none") return { workspace: null };
  const lexical = canonicalDir(dir);
  if (lexical === null) return { error: `--workspace must be absolute (or none): ${dir}` };
  let real = lexical;
  try {
    real = canonicalDir(probe.realPath(lexical)) ?? lexical;
  } catch { /* the lexical form */ }
  const refused = workspaceRefusal(lexical, b) ?? workspaceRefusal(real, b);
  if (refused) return { error: `${dir} is never a workspace: ${refused}` };
  return { workspace: real };
}

/**
 * The workspace of one call. With a session's flow state: the anchored one when set (re-checked,
 * never replaced), else this call's — stored when it is one (`changed`: save the state). Without
 * a session: this call's.
 */
export function anchorWorkspace(
  state: FlowState | null,
  cwd: string,
  b: WorkspaceBounds,
  probe: WorkspaceProbe = DENO_PROBE,
): { workspace: string | null; changed: boolean } {
  if (state?.workspace !== undefined) {
    // Bounds may have changed since (guard moved): what is refused now is no workspace.
    const w = canonicalDir(state.workspace);
    return { workspace: w && !workspaceRefusal(w, b) ? w : null, changed: false };
  }
  const found = findWorkspace(cwd, b, probe).workspace;
  if (state && found !== null) {
    state.workspace = found;
    return { workspace: found, changed: true };
  }
  return { workspace: found, changed: false };
}
