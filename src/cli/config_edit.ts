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

/** Applies `next` to `path`: diff, backup, atomic write. With `dryRun`, only the diff. */
export function applyEdit(path: string, before: string, next: string, dryRun: boolean): EditResult {
  if (before === next) return { path, changed: false, diff: "", backup: null, written: false };
  const diff = `--- ${path}\n+++ ${path} (guard)\n${lineDiff(before, next)}`;
  if (dryRun) return { path, changed: true, diff, backup: null, written: false };
  let mode = 0o600;
  let backup: string | null = null;
  try {
    const info = Deno.statSync(path);
    mode = (info.mode ?? 0o600) & 0o777;
    const base = `${path}.guard-backup-${stamp()}`;
    for (let n = 0;; n++) {
      backup = n ? `${base}-${n}` : base;
      try {
        Deno.writeTextFileSync(backup, before, { mode, createNew: true });
        break;
      } catch (e) {
        if (!(e instanceof Deno.errors.AlreadyExists) || n > 100) throw e;
      }
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (dir) Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const tmp = `${path}.guard-tmp-${crypto.randomUUID()}`;
  Deno.writeTextFileSync(tmp, next, { mode, createNew: true });
  Deno.renameSync(tmp, path);
  return { path, changed: true, diff, backup, written: true };
}

/** A permission problem explained with the command that has the access needed. */
export function permissionHint(path: string): string {
  return `guard has no permission to write ${path} (its flags grant only ~/.aiguard and the ` +
    `agents' configuration directories in your home). Apply the diff above yourself, or run guard ` +
    `with --allow-read=${path} --allow-write=${path} added to its flags.`;
}
