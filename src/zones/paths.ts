/**
 * Pure path arithmetic for the analysis: normalisation, resolution against a
 * working directory, containment, and bash-style glob matching of path
 * components (so `~/.a*` is recognised as reaching `~/.aiguard`).
 *
 * Glob matching is written here rather than taken from a library on purpose
 * (ADR 0003): the libraries measured cost 27–50 ms to import under Deno because
 * they load Node's `path` module, and guard needs only bash's component rules.
 */

/** Collapses `//`, `/./` and `..` lexically. Returns an absolute path for absolute input. */
const NEEDS_NORMALIZING = /\/\/|\/\.\.?(\/|$)|^\.\.?(\/|$)|.\/$/;

export function normalize(p: string): string {
  if (p.startsWith("/") && !NEEDS_NORMALIZING.test(p)) return p;
  const abs = p.startsWith("/");
  const out: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length && out[out.length - 1] !== "..") out.pop();
      else if (!abs) out.push("..");
      continue;
    }
    out.push(seg);
  }
  const joined = out.join("/");
  return abs ? "/" + joined : joined || ".";
}

/**
 * Resolves `p` against `cwd` (null when the cwd is unknown and `p` is relative). The kernel's
 * own aliases are followed first: `/proc/self/root/X` is `/X`, `/proc/self/cwd/X` is `cwd/X`;
 * what cannot be known statically (another process's cwd, a path through an open file
 * descriptor, `..` out of `/dev/fd`) resolves to null.
 */
export function resolve(p: string, cwd: string | null): string | null {
  const abs = p.startsWith("/") ? p : cwd === null ? null : cwd + "/" + p;
  if (abs === null) return null;
  if (abs.includes("/proc/") || abs.includes("/dev/fd")) return resolveKernelAliases(abs, cwd);
  return normalize(abs);
}

const PID = /^(\d+|self|thread-self)$/;
const TID = /^\d+$/;

/**
 * Where the per-process entries (`root`, `cwd`, `fd`, `environ` …) of a `/proc` path start: after
 * `/proc/PID` (2) or after a thread's `/proc/PID/task/TID` (4), which has the same entries;
 * -1 when the path is not below a process. A glob in the PID (or TID) slot could name any
 * process (`/proc/*`, `/proc/[0-9]*`).
 */
function procEntryAt(out: string[]): number {
  if (out[0] !== "proc" || out.length < 2 || !(PID.test(out[1]) || hasGlob(out[1]))) return -1;
  if (out.length >= 4 && out[2] === "task" && (TID.test(out[3]) || hasGlob(out[3]))) return 4;
  return 2;
}

function resolveKernelAliases(abs: string, cwd: string | null): string | null {
  const out: string[] = [];
  const comps = abs.split("/").filter((c) => c !== "" && c !== ".");
  for (let i = 0; i < comps.length; i++) {
    const c = comps[i];
    if (c === "..") {
      // `..` right after /dev/fd or a descriptor leaves for a place only the process knows.
      if (out.length >= 2 && out[0] === "dev" && out[1] === "fd") return null;
      const at = procEntryAt(out);
      if (at > 0 && out.length > at && (out[at] === "fd" || out[at] === "cwd")) return null;
      out.pop();
      continue;
    }
    out.push(c);
    const at = procEntryAt(out);
    if (at > 0 && out.length === at + 1) {
      const own = out[1] === "self" || out[1] === "thread-self";
      if (c === "root") out.length = 0;
      else if (c === "cwd") {
        // A thread of this process shares its working directory; another process's is unknown.
        if (!own || hasGlob(out[3] ?? "")) return null;
        const base = cwd === null ? null : resolve(cwd, null);
        if (base === null || base.startsWith("/proc/")) return null;
        out.length = 0;
        out.push(...base.split("/").filter((x) => x));
      } else if (c === "fd" && i + 2 < comps.length) return null;
    }
    if (out.length === 3 && out[0] === "dev" && out[1] === "fd") {
      // /dev/fd/3 (or /dev/fd/3/x): whatever descriptor 3 is; 0–2 are the terminal streams.
      if (i + 1 < comps.length || !/^[0-2]$/.test(c)) return null;
    }
    if (at > 0 && out.length === at + 2 && out[at] === "fd" && !/^[0-2]$/.test(c)) return null;
  }
  return "/" + out.join("/");
}

/** True when `child` equals `parent` or lies below it. Both must be normalised. */
/** `~` and `~/…` against the home directory; any other path as it is. */
export function expandHome(p: string, home: string): string {
  return p === "~" ? home : p.startsWith("~/") ? home + p.slice(1) : p;
}

export function within(child: string, parent: string): boolean {
  if (parent === "/") return child.startsWith("/");
  return child === parent || child.startsWith(parent + "/");
}

/** True when `a` is a strict ancestor of `b`. */
export function ancestorOf(a: string, b: string): boolean {
  return a !== b && within(b, a);
}

/**
 * `p` without trailing slashes. A loop, not `/\/+$/`: that regex backtracks over every run of
 * slashes, quadratic on a word of 20,000 slashes (attacker-controlled text).
 */
export function trimSlashes(p: string): string {
  let end = p.length;
  while (end > 0 && p.charCodeAt(end - 1) === 47) end--;
  return end === p.length ? p : p.slice(0, end);
}

export function basename(p: string): string {
  const n = trimSlashes(p);
  const i = n.lastIndexOf("/");
  return i >= 0 ? n.slice(i + 1) : n;
}

export function dirname(p: string): string {
  const n = trimSlashes(p);
  const i = n.lastIndexOf("/");
  if (i < 0) return ".";
  return i === 0 ? "/" : n.slice(0, i);
}

const GLOB_CHARS = /[*?[]/;

export function hasGlob(s: string): boolean {
  return GLOB_CHARS.test(s);
}

const reCache = new Map<string, RegExp | null>();

/**
 * Converts one bash glob component (`*`, `?`, `[…]`, no `/`) to a RegExp, or
 * null when the component has no glob characters.
 */
function componentRe(pat: string): RegExp | null {
  const hit = reCache.get(pat);
  if (hit !== undefined) return hit;
  if (!hasGlob(pat)) {
    reCache.set(pat, null);
    return null;
  }
  if (pat.length > 256) {
    const any = /^[^/]*$/s; // absurdly long pattern: assume it could match anything (fail safe)
    reCache.set(pat, any);
    return any;
  }
  let re = "^";
  for (let i = 0; i < pat.length; i++) {
    const c = pat[i];
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      // A bracket expression with POSIX classes (`[[:alpha:]]`) or equivalence classes:
      // any single character (the conservative reading: it could match).
      const posix = /^\[!?\^?(?:[^\]\[]|\[[:=.][^\]]*[:=.]\])*\]/.exec(pat.slice(i));
      if (posix && posix[0].includes("[", 1)) {
        re += "[^/]";
        i += posix[0].length - 1;
        continue;
      }
      const close = pat.indexOf("]", i + 2);
      if (close < 0) {
        re += "\\[";
        continue;
      }
      let body = pat.slice(i + 1, close);
      let neg = false;
      if (body[0] === "!" || body[0] === "^") {
        neg = true;
        body = body.slice(1);
      }
      body = body.replace(/[\\\]^]/g, (m) => "\\" + m);
      re += neg ? `[^/${body}]` : `[${body}]`;
      i = close;
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  let r: RegExp;
  try {
    // Linear-time engine: patterns come from commands (attacker-controlled text).
    r = new RegExp(re + "$", "ls");
  } catch {
    r = /^[^/]*$/s; // malformed class or no linear engine: assume it could match anything
  }
  if (reCache.size > 1000) reCache.clear();
  reCache.set(pat, r);
  return r;
}

/**
 * Does the glob component `pat` match the literal name `name`, as bash would
 * (without dotglob: a leading `.` must be matched by a literal `.`)?
 */
export function componentMatches(pat: string, name: string): boolean {
  if (!hasGlob(pat)) return pat === name;
  if (name.startsWith(".") && !pat.startsWith(".")) return false;
  if (name === "." || name === "..") return pat === name;
  if (!pat.includes("?") && !pat.includes("[")) return starMatch(pat, name);
  return componentRe(pat)!.test(name);
}

/** Does `pat` match `name` as find's `-name` does (fnmatch: `*` matches a leading `.` too)? */
export function fnmatchComponent(pat: string, name: string): boolean {
  if (!hasGlob(pat)) return pat === name;
  return componentRe(pat)!.test(name);
}

/** Matches a pattern whose only wildcard is `*`, without building a RegExp. */
function starMatch(pat: string, name: string): boolean {
  const pieces = pat.split("*");
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (!name.startsWith(first)) return false;
  if (name.length < first.length + last.length || !name.endsWith(last)) return false;
  let pos = first.length;
  const end = name.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const k = name.indexOf(pieces[i], pos);
    if (k < 0 || k + pieces[i].length > end) return false;
    pos = k + pieces[i].length;
  }
  return true;
}

/**
 * Could the (absolute, normalised) glob path `pattern` expand to `target` or to
 * a path below it? Used to decide whether a glob reaches a protected place.
 */
export function globReaches(pattern: string, target: string): boolean {
  return globReachesParts(splitPath(pattern), splitPath(target));
}

/** Path components without empty segments. */
export function splitPath(p: string): string[] {
  return p.split("/").filter((s) => s !== "");
}

/** `globReaches` on pre-split components. */
export function globReachesParts(p: string[], t: string[]): boolean {
  if (p.length < t.length) return false;
  for (let i = 0; i < t.length; i++) {
    if (p[i] === "**") return true;
    if (!componentMatches(p[i], t[i])) return false;
  }
  return true;
}

/**
 * Could the glob path `pattern` expand to exactly `target`, or (with
 * `orAncestor`) to one of its ancestors?
 */
export function globMatchesExactly(pattern: string, target: string): boolean {
  const p = pattern.split("/").filter((s) => s !== "");
  const t = target.split("/").filter((s) => s !== "");
  if (p.length !== t.length) return false;
  for (let i = 0; i < t.length; i++) if (!componentMatches(p[i], t[i])) return false;
  return true;
}

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
