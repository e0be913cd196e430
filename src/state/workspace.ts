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
import { canonicalDir } from "../zones/paths.ts";
import { workspaceRefusal } from "../zones/zones.ts";

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

// What can never be a workspace is one pure function of the zones (src/zones/zones.ts), which the
// engine's fallback workspace uses too.
export { canonicalDir, workspaceRefusal };

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
