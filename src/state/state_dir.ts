/**
 * guard's state directory (`$HOME/.aiguard`): created 0700, files 0600, and
 * refused when it is a symlink, not a directory, group- or world-writable, or
 * owned by another user.
 */

export class StateError extends Error {}

export function stateDirFor(home: string): string {
  return home.replace(/\/+$/, "") + "/.aiguard";
}

function octal(mode: number): string {
  return "0" + (mode & 0o777).toString(8);
}

/** Checks (and creates when missing) the state directory. Throws StateError. Synchronous: the hook path avoids async round trips. */
export function ensureStateDir(dir: string, create = true): boolean {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(dir);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      throw new StateError(`cannot inspect ${dir}: ${(e as Error).message}`);
    }
    if (!create) return false;
    makeDir(dir);
    info = Deno.lstatSync(dir);
  }
  checkInfo(dir, info, true);
  return true;
}

/**
 * Creates a directory 0700 (the umask can only remove bits). Agents run hooks in parallel, so on
 * a fresh machine several first calls race to create it: losing that race is not an error, and
 * what the winner made must still pass the same checks (the callers check it next).
 */
function makeDir(dir: string): void {
  try {
    Deno.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
  }
}

/** Refuses symlinks, wrong types, group/world-writable modes and foreign owners. */
export function checkInfo(path: string, info: Deno.FileInfo, dir: boolean): void {
  if (info.isSymlink) throw new StateError(`${path} is a symlink; refusing to use it`);
  if (dir && !info.isDirectory) throw new StateError(`${path} is not a directory`);
  if (!dir && !info.isFile) throw new StateError(`${path} is not a regular file`);
  if (info.mode !== null && (info.mode & 0o022) !== 0) {
    throw new StateError(
      `${path} is group- or world-writable (mode ${octal(info.mode)}); run: chmod go-w ${path}`,
    );
  }
  if (info.uid !== null) {
    const me = Deno.uid();
    if (me !== null && info.uid !== me) {
      throw new StateError(`${path} is owned by uid ${info.uid}, not by you (uid ${me})`);
    }
  }
}

/** The state directory of `$HOME`, created or checked; StateError when HOME is unusable. */
export function userStateDir(): string {
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) throw new StateError("HOME is not set to an absolute path");
  const dir = stateDirFor(home);
  ensureStateDir(dir);
  return dir;
}

/** Ensures a subdirectory of the state directory exists with mode 0700. */
export function ensureSubdir(dir: string): void {
  try {
    checkInfo(dir, Deno.lstatSync(dir), true);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    makeDir(dir);
    checkInfo(dir, Deno.lstatSync(dir), true);
  }
}

/** Writes a file atomically with mode 0600 (temporary file + rename). */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${crypto.randomUUID()}`;
  if (typeof data === "string") Deno.writeTextFileSync(tmp, data, { mode: 0o600, createNew: true });
  else Deno.writeFileSync(tmp, data, { mode: 0o600, createNew: true });
  Deno.renameSync(tmp, path);
}

/** Runs `fn` holding an exclusive lock on `lockPath` (created 0600; released on close). */
export function withFileLock<T>(lockPath: string, fn: () => T): T {
  const lock = Deno.openSync(lockPath, { create: true, write: true, mode: 0o600 });
  try {
    lock.lockSync(true);
    return fn();
  } finally {
    try {
      lock.unlockSync();
    } catch { /* closing releases it */ }
    lock.close();
  }
}
