/**
 * Editing a user's configuration file safely (guard install/uninstall, guard
 * mcp wrap, guard import-claude-permissions): show a diff, keep a timestamped
 * backup of the old file, write the new one atomically with the old mode, and
 * do nothing at all when the content would not change (idempotent).
 */

export interface EditResult {
  path: string;
  changed: boolean;
  diff: string;
  backup: string | null;
  written: boolean;
}

/** A line diff (LCS) in unified style without hunks: ` ` kept, `-` removed, `+` added. */
export function lineDiff(a: string, b: string, context = 2): string {
  const x = a === "" ? [] : a.replace(/\n$/, "").split("\n");
  const y = b === "" ? [] : b.replace(/\n$/, "").split("\n");
  const ops: string[] = [];
  if (x.length * y.length > 4_000_000) {
    for (const l of x) ops.push(`-${l}`);
    for (const l of y) ops.push(`+${l}`);
  } else {
    const n = x.length, m = y.length;
    const t = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        t[i][j] = x[i] === y[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
      }
    }
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i] === y[j]) {
        ops.push(` ${x[i]}`);
        i++;
        j++;
      } else if (j < m && (i === n || t[i][j + 1] >= t[i + 1][j])) ops.push(`+${y[j++]}`);
      else ops.push(`-${x[i++]}`);
    }
  }
  // Keep only changed lines and a little context around them.
  const keep = new Array(ops.length).fill(false);
  ops.forEach((o, k) => {
    if (o[0] === " ") return;
    for (let d = -context; d <= context; d++) if (ops[k + d] !== undefined) keep[k + d] = true;
  });
  const out: string[] = [];
  let skipped = false;
  ops.forEach((o, k) => {
    if (keep[k]) {
      out.push(o);
      skipped = false;
    } else if (!skipped) {
      out.push("…");
      skipped = true;
    }
  });
  return out.join("\n");
}

/**
 * Guard's own block in a text configuration file (TOML), between marker lines: removed wherever
 * it stands, with the line break that ended it.
 */
export function dropMarkedBlock(text: string, begin: string, end: string): string {
  const start = text.indexOf(begin);
  if (start < 0) return text;
  const stop = text.indexOf(end, start);
  return text.slice(0, start) +
    (stop >= 0 ? text.slice(stop + end.length).replace(/^\n/, "") : "");
}

/**
 * `text` with guard's block (`body`, ending in a line break) appended after a blank line, between
 * the marker lines; with `body` null, only the end tidied (one final line break, or nothing).
 */
export function appendMarkedBlock(
  text: string,
  begin: string,
  end: string,
  body: string | null,
): string {
  const rest = text.replace(/\n{3,}$/, "\n\n");
  if (rest.trim() === "") return body === null ? "" : `${begin}\n${body}${end}\n`;
  if (body === null) return rest.replace(/\n+$/, "\n");
  const sep = rest.endsWith("\n\n") ? "" : rest.endsWith("\n") ? "\n" : "\n\n";
  return `${rest}${sep}${begin}\n${body}${end}\n`;
}

export function readOrEmpty(path: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "";
    throw e;
  }
}

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.(\d+)Z$/, "$1Z");
}

/** Missing permission, in Deno's old and new spellings. */
export function isPermissionError(e: unknown): boolean {
  return e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable;
}

function mayWrite(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "write", path }).state === "granted";
  } catch {
    return false;
  }
}

/** A path the user typed: `~/…` against home, relative against the working directory. */
export function resolveUserPath(p: string, home: string): string {
  if (p === "~" || p.startsWith("~/")) return home + p.slice(1);
  if (p.startsWith("/")) return p;
  let cwd: string | undefined;
  try {
    cwd = Deno.env.get("PWD");
  } catch { /* no env permission */ }
  if (!cwd) {
    try {
      cwd = Deno.cwd();
    } catch { /* no read permission on the working directory */ }
  }
  return `${(cwd ?? "/").replace(/\/+$/, "")}/${p.replace(/^\.\//, "")}`;
}

/** Writes `text` to `<base>`, or `<base>-1`, `-2`… if taken; returns the path used. */
function writeNew(base: string, text: string, mode: number): string {
  for (let n = 0;; n++) {
    const path = n ? `${base}-${n}` : base;
    try {
      Deno.writeTextFileSync(path, text, { mode, createNew: true });
      return path;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists) || n > 100) throw e;
    }
  }
}

/**
 * Applies `next` to `path`: diff, backup, atomic write. With `dryRun`, only the diff.
 *
 * The backup and the temporary file go next to the file. Where guard may write the file but not
 * create files beside it (`~/.claude.json` is granted alone, not the home directory), they go to
 * `spareDir()` instead (a directory guard owns), and the new content is renamed into place — or
 * written in place when that directory is on another file system.
 */
export function applyEdit(
  path: string,
  before: string,
  next: string,
  dryRun: boolean,
  spareDir?: () => string,
): EditResult {
  if (before === next) return { path, changed: false, diff: "", backup: null, written: false };
  const diff = `--- ${path}\n+++ ${path} (guard)\n${lineDiff(before, next)}`;
  if (dryRun) return { path, changed: true, diff, backup: null, written: false };
  let mode = 0o600;
  let exists = true;
  try {
    mode = (Deno.statSync(path).mode ?? 0o600) & 0o777;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    exists = false;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (dir) Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  let backup: string | null = null;
  let tmp: string;
  try {
    if (exists) backup = writeNew(`${path}.guard-backup-${stamp()}`, before, mode);
    tmp = writeNew(`${path}.guard-tmp-${crypto.randomUUID()}`, next, mode);
  } catch (e) {
    if (!isPermissionError(e) || !spareDir || !exists || !mayWrite(path)) throw e;
    const dir = spareDir();
    const name = path.split("/").pop() || "config";
    backup = writeNew(`${dir}/${name}.guard-backup-${stamp()}`, before, 0o600);
    tmp = writeNew(`${dir}/.${name}.guard-tmp-${crypto.randomUUID()}`, next, mode);
  }
  try {
    Deno.renameSync(tmp, path);
  } catch (e) {
    Deno.removeSync(tmp);
    if (isPermissionError(e) || e instanceof Deno.errors.NotFound) throw e;
    Deno.writeTextFileSync(path, next); // the spare directory is on another file system
  }
  return { path, changed: true, diff, backup, written: true };
}

/** A permission problem explained with the command that has the access needed. */
export function permissionHint(path: string): string {
  return `guard has no permission to write ${path} (its flags grant only ~/.aiguard and the ` +
    `agents' configuration directories in your home). Apply the diff above yourself, or run guard ` +
    `with --allow-read=${path} --allow-write=${path} added to its flags.`;
}
