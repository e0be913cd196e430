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
    /\bsystem\s*\(/.test(prog) || prog.includes("|&") || prog.includes("@load") ||
    /\binplace\b/.test(prog)
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
