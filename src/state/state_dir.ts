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

/** Checks (and creates when missing) the state directory. Throws StateError. */
export async function ensureStateDir(dir: string, create = true): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(dir);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      throw new StateError(`cannot inspect ${dir}: ${(e as Error).message}`);
    }
    if (!create) return false;
    await Deno.mkdir(dir, { mode: 0o700 });
    await Deno.chmod(dir, 0o700);
    info = await Deno.lstat(dir);
  }
  checkInfo(dir, info, true);
  return true;
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

/** Ensures a subdirectory of the state directory exists with mode 0700. */
export async function ensureSubdir(dir: string): Promise<void> {
  try {
    checkInfo(dir, await Deno.lstat(dir), true);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    await Deno.mkdir(dir, { mode: 0o700 });
    await Deno.chmod(dir, 0o700);
  }
}

/** Writes a file atomically with mode 0600 (temporary file + rename). */
export async function writePrivateFile(path: string, data: string): Promise<void> {
  const tmp = `${path}.tmp-${crypto.randomUUID()}`;
  await Deno.writeTextFile(tmp, data, { mode: 0o600, createNew: true });
  await Deno.chmod(tmp, 0o600);
  await Deno.rename(tmp, path);
}
