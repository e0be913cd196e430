/**
 * The managed policy on disk: `<root>/policy.toml`, then `<root>/policy.d/*.toml` in name order,
 * where the root is fixed per platform (MANAGED_DIR: `/etc/aiguard`, or
 * `/Library/Application Support/aiguard` on macOS) — never an environment variable or an argument
 * a user could point elsewhere. The root is a parameter only here and in the pure merge, for
 * tests; production callers pass MANAGED_DIR.
 *
 * Every directory and file must be root's and not writable by group or others, a regular file or
 * directory (never a symlink), UTF-8 TOML: anything else raises PolicyError naming the file (and
 * line), and the caller fails closed. The hook pays one stat when the root does not exist.
 */
import { PolicyError } from "../policy/user_policy.ts";
import type { ManagedSource } from "../policy/managed_policy.ts";
import { late } from "../core/late.ts";

/** The managed policy directory of this platform. */
export const MANAGED_DIR = Deno.build.os === "darwin"
  ? "/Library/Application Support/aiguard"
  : "/etc/aiguard";

/** Both platforms' directories (the `guard` task grants read on both). */
export const MANAGED_DIRS = ["/etc/aiguard", "/Library/Application Support/aiguard"];

/** Largest managed file read. */
const MAX_BYTES = 1024 * 1024;
/** Most files read from policy.d. */
const MAX_FILES = 256;

function octal(mode: number): string {
  return "0" + (mode & 0o777).toString(8);
}

/** The fix for an unsound managed path. */
function fix(path: string, dir: boolean): string {
  return `run (as root): chown root:root '${path}' && chmod ${dir ? 755 : 644} '${path}'`;
}

/** Root's, not a symlink, of the right type, not writable by group or others. */
function checkManaged(path: string, info: Deno.FileInfo, dir: boolean): void {
  if (info.isSymlink) {
    throw new PolicyError(
      path,
      null,
      `is a symlink; a managed file must be a regular file (${fix(path, dir)})`,
    );
  }
  if (dir ? !info.isDirectory : !info.isFile) {
    throw new PolicyError(path, null, `is not a ${dir ? "directory" : "regular file"}`);
  }
  if (info.uid !== null && info.uid !== 0) {
    throw new PolicyError(path, null, `is owned by uid ${info.uid}, not root; ${fix(path, dir)}`);
  }
  if (info.mode !== null && (info.mode & 0o022) !== 0) {
    throw new PolicyError(
      path,
      null,
      `is writable by group or others (mode ${octal(info.mode)}); ${fix(path, dir)}`,
    );
  }
}

function lstat(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    // Without the read grant guard cannot know whether a managed policy exists: it stops.
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      throw new PolicyError(
        path,
        null,
        "guard may not read the managed policy directory (a hook installed by an older guard?): " +
          "run `guard install --agent <agent>` again",
      );
    }
    throw new PolicyError(path, null, `cannot be inspected: ${(e as Error).message}`);
  }
}

/** The managed files under `root`, checked, in merge order (null: there is no managed policy). */
export function managedFiles(root: string): string[] | null {
  const info = lstat(root);
  if (info === null) return null;
  checkManaged(root, info, true);
  const files: string[] = [];
  const names = new Set<string>();
  try {
    for (const e of Deno.readDirSync(root)) names.add(e.name);
  } catch (e) {
    throw new PolicyError(root, null, `cannot be listed: ${(e as Error).message}`);
  }
  if (names.has("policy.toml")) files.push(`${root}/policy.toml`);
  if (names.has("policy.d")) {
    const d = `${root}/policy.d`;
    checkManaged(d, lstat(d)!, true);
    const drop: string[] = [];
    for (const e of Deno.readDirSync(d)) {
      if (e.name.endsWith(".toml") && !e.name.startsWith(".")) drop.push(e.name);
    }
    if (drop.length > MAX_FILES) {
      throw new PolicyError(d, null, `holds more than ${MAX_FILES} .toml files`);
    }
    // Name order by code unit (not the locale): 10-x.toml before 20-y.toml, the same everywhere.
    drop.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const n of drop) files.push(`${d}/${n}`);
  }
  return files;
}

/** Reads, checks and parses one managed file. */
async function readSource(path: string): Promise<ManagedSource> {
  const info = lstat(path);
  if (info === null) throw new PolicyError(path, null, "disappeared while being read");
  checkManaged(path, info, false);
  if (info.size > MAX_BYTES) throw new PolicyError(path, null, `is larger than ${MAX_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Deno.readFileSync(path));
  } catch (e) {
    if (e instanceof TypeError) throw new PolicyError(path, null, "not valid UTF-8");
    throw new PolicyError(path, null, `cannot be read: ${(e as Error).message}`);
  }
  const { parse } = await late<typeof import("./toml.ts")>("./toml.ts", import.meta.url);
  try {
    return { path, text, data: parse(text) as Record<string, unknown> };
  } catch (e) {
    const err = e as Error & { line?: number };
    throw new PolicyError(
      path,
      typeof err.line === "number" ? err.line : null,
      `TOML syntax error: ${err.message.split("\n")[0]}`,
    );
  }
}

/** The managed files under `root`, read and parsed ([] when there are none). */
export async function readManagedSources(root: string): Promise<ManagedSource[]> {
  const files = managedFiles(root);
  if (files === null) return [];
  const out: ManagedSource[] = [];
  for (const f of files) out.push(await readSource(f));
  return out;
}
