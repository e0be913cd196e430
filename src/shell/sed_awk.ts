/**
 * Scanners for sed scripts and awk programs: do they run commands or touch files? Linear
 * scans only (the text is attacker-controlled, up to 64 KiB).
 */

/** Scans a sed script for commands that execute or touch files: e, w, W, r, R and s///e,w. */
export function sedScriptDanger(script: string): "safe" | "danger" | "unknown" {
  let i = 0;
  const n = script.length;
  const skipWs = () => {
    while (i < n && /[\s;]/.test(script[i])) i++;
  };
  const readDelimited = (d: string): boolean => {
    while (i < n && script[i] !== d) {
      if (script[i] === "\\") i++;
      else if (script[i] === "\n") return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const toEol = () => {
    while (i < n && script[i] !== "\n") i++;
  };
  let guard = 0;
  while (i < n) {
    if (++guard > 10_000) return "unknown";
    skipWs();
    if (i >= n) break;
    // addresses
    for (let a = 0; a < 2; a++) {
      if (/[0-9]/.test(script[i])) { while (i < n && /[0-9~]/.test(script[i])) i++; }
      else if (script[i] === "$") i++;
      else if (script[i] === "/") {
        i++;
        if (!readDelimited("/")) return "unknown";
        while (i < n && /[IM]/.test(script[i])) i++;
      } else if (script[i] === "\\") {
        const d = script[i + 1];
        i += 2;
        if (!d || !readDelimited(d)) return "unknown";
      }
      if (script[i] === "," && a === 0) {
        i++;
        continue;
      }
      break;
    }
    while (i < n && /[\s!]/.test(script[i])) i++;
    const c = script[i++];
    if (c === undefined) break;
    if ("{}".includes(c)) continue;
    if ("eErRwW".includes(c)) return "danger";
    if (c === "s" || c === "y") {
      const d = script[i++];
      if (!d || d === "\n" || d === "\\") return "unknown";
      if (!readDelimited(d) || !readDelimited(d)) return "unknown";
      if (c === "s") {
        const start = i;
        while (i < n && !/[;\n}]/.test(script[i])) i++;
        const flags = script.slice(start, i);
        if (/[ew]/.test(flags)) return "danger";
      }
      continue;
    }
    if ("aic".includes(c)) {
      toEol();
      continue;
    }
    if (":btTvl".includes(c)) {
      while (i < n && !/[;\n]/.test(script[i])) i++;
      continue;
    }
    if ("pdDnNgGhHxqQz=FP".includes(c)) continue;
    if (c === "#") {
      toEol();
      continue;
    }
    return "unknown";
  }
  return "safe";
}

/**
 * Does an awk program run commands or write files? Linear scans only: the
 * program is attacker-controlled text of up to 64 KiB.
 */
export function awkDanger(prog: string): boolean {
  if (
    /\bsystem\s*\(/.test(prog) || prog.includes("|&") || /@\s*(load|include)\b/.test(prog) ||
    /\binplace\b/.test(prog) || INDIRECT_CALL.test(prog)
  ) {
    return true;
  }
  if (/\|\s*getline/.test(prog)) return true;
  // print/printf with a redirection (`>`, `>>`) or a pipe (`|`) in the same statement
  for (const stmt of prog.split(/[;{}\n]/)) {
    const at = stmt.search(/\bprintf?\b/);
    if (at >= 0 && (stmt.indexOf(">", at) >= 0 || stmt.indexOf("|", at) >= 0)) return true;
  }
  return false;
}

/**
 * gawk's indirect call `@name(…)`: the function is whatever string `name` holds at run time,
 * `"system"` included (`f = "sys" "tem"; @f("id")`, or a name read from the input).
 */
const INDIRECT_CALL = /@\s*[A-Za-z_$][A-Za-z0-9_:]*\s*[([]/;

/** One awk string literal's value (escapes as awk reads them), from `"` at `i`; null if open. */
function awkString(prog: string, i: number): { value: string; end: number } | null {
  let v = "";
  for (let j = i + 1; j < prog.length; j++) {
    const c = prog[j];
    if (c === '"') return { value: v, end: j + 1 };
    if (c === "\n") return null;
    if (c === "\\" && j + 1 < prog.length) {
      const n = prog[++j];
      v += n === "n" ? "\n" : n === "t" ? "\t" : n;
    } else v += c;
  }
  return null;
}

/** A concatenation of string literals (`"/proc/self/" "environ"`), or null if it is anything else. */
function literalConcat(expr: string): string | null {
  let e = expr.trim();
  while (e.startsWith("(") && e.endsWith(")")) e = e.slice(1, -1).trim();
  let out = "";
  let i = 0;
  let any = false;
  while (i < e.length) {
    if (/\s/.test(e[i])) {
      i++;
      continue;
    }
    if (e[i] !== '"') return null;
    const s = awkString(e, i);
    if (!s) return null;
    out += s.value;
    i = s.end;
    any = true;
  }
  return any ? out : null;
}

/**
 * The files an awk program reads with `getline < FILE` (and `getline var < FILE`): each a path
 * when FILE is a string literal, a concatenation of literals, or a variable given only literal
 * values (by `-v` or in the program); null in `paths` for a file known only at run time.
 * Linear: one pass over the text per `getline`.
 */
export function awkGetlineReads(
  prog: string,
  vars: ReadonlyMap<string, string>,
): (string | null)[] {
  const out: (string | null)[] = [];
  let at = prog.indexOf("getline");
  while (at >= 0 && out.length < 64) {
    let i = at + 7;
    // An optional target variable: NAME, NAME[…] or $expr, then `<`.
    while (i < prog.length && /[ \t]/.test(prog[i])) i++;
    if (/[A-Za-z_$]/.test(prog[i] ?? "")) {
      while (i < prog.length && /[A-Za-z0-9_$]/.test(prog[i])) i++;
      if (prog[i] === "[") {
        const close = prog.indexOf("]", i);
        i = close < 0 ? prog.length : close + 1;
      }
      while (i < prog.length && /[ \t]/.test(prog[i])) i++;
    }
    if (prog[i] === "<") {
      let j = i + 1;
      let depth = 0;
      let inStr = false;
      for (; j < prog.length; j++) {
        const c = prog[j];
        if (inStr) {
          if (c === "\\") j++;
          else if (c === '"') inStr = false;
          continue;
        }
        if (c === '"') inStr = true;
        else if (c === "(") depth++;
        else if (c === ")") {
          if (depth === 0) break;
          depth--;
        } else if (depth === 0 && /[;}\n|&>]/.test(c)) break;
      }
      const expr = prog.slice(i + 1, j).trim();
      const lit = literalConcat(expr);
      if (lit !== null) out.push(lit);
      else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(expr)) out.push(...varValues(prog, expr, vars));
      else out.push(null);
      at = prog.indexOf("getline", j);
    } else at = prog.indexOf("getline", i);
  }
  return out.filter((p) => p !== "-" && p !== "/dev/stdin");
}

/** The values a variable is given: by `-v`, and by `NAME = "literal"` in the program. */
function varValues(
  prog: string,
  name: string,
  vars: ReadonlyMap<string, string>,
): (string | null)[] {
  const out: (string | null)[] = [];
  const v = vars.get(name);
  if (v !== undefined) out.push(v);
  let at = prog.indexOf(name);
  while (at >= 0 && out.length < 16) {
    const before = prog[at - 1] ?? "";
    let i = at + name.length;
    if (!/[A-Za-z0-9_$]/.test(before) && !/[A-Za-z0-9_]/.test(prog[i] ?? "")) {
      while (/[ \t]/.test(prog[i] ?? "")) i++;
      const lead = prog.slice(Math.max(0, at - 12), at);
      if (/(getline|\bin)\s*$|,\s*$/.test(lead) || /^\s*(\bin\b|\[)/.test(prog.slice(i))) {
        // Set by getline, a for-in loop, sub/gsub/split's last argument, or an array: unknown.
        out.push(null);
      } else if (prog[i] === "=" && prog[i + 1] !== "=") {
        let j = i + 1;
        while (j < prog.length && !/[;}\n]/.test(prog[j])) {
          if (prog[j] === '"') {
            const s = awkString(prog, j);
            j = s ? s.end : prog.length;
          } else j++;
        }
        out.push(literalConcat(prog.slice(i + 1, j)));
      } else if (
        /^[+\-*/%^]=|^\+\+|^--/.test(prog.slice(i, i + 2)) ||
        /(\+\+|--)$/.test(prog.slice(Math.max(0, at - 2), at))
      ) {
        out.push(null);
      }
    }
    at = prog.indexOf(name, at + name.length);
  }
  // Set nowhere we can see (ARGV, the input, getline itself): known only at run time.
  return out.length ? out : [null];
}
