/**
 * Which inline code a simple command runs, and what that code does: `python3 -c CODE`,
 * `python3 -`/`/dev/stdin` or no script with a heredoc, here-string or static `echo … |`,
 * `node -e`/`-p`/`--eval`, `node -` and stdin, `deno eval`, `bun -e`, `perl -e`/`-E` (with
 * `-n`/`-p`/`-i` on its operands), `ruby -e`, `php -r`. The code is handed to its language's
 * analyser; its effects join the unit's, and the shell commands it runs are analysed as shell.
 * Null: guard does not analyse this spelling (the interpreter's table then asks as before).
 * Pure.
 */
import type { Unit } from "../unit.ts";
import type { RWord } from "../words.ts";
import { Acc, analyserFor, type InlineResult, MAX_INLINE_CODE } from "./code.ts";

/** Languages read by the scanner (src/shell/inline/scripts.ts). */
type ScriptLanguage = "perl" | "ruby" | "php";

export type { InlineResult } from "./code.ts";

type Lang = "python" | "javascript" | "typescript" | ScriptLanguage;

interface Program {
  lang: Lang;
  /** The code's text; null: it comes from standard input. */
  code: RWord | null;
  /** Words after the code (perl's files, the script's arguments). */
  rest: RWord[];
  /** perl's -n / -p / -i (with the backup suffix, or ""). */
  perl?: { loop: boolean; inplace: boolean };
  /** node -p / deno eval -p: the value of the last expression is printed. */
  print?: boolean;
}

const PYTHON = /^(python([23](\.\d+)?)?|pypy3?)$/;
const NODE = /^(node|nodejs)$/;

/** Finds the code of a python command line. */
function pythonProgram(args: RWord[]): Program | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w.dynamic) return null;
    const v = w.value;
    if (v === "-" || v === "/dev/stdin") {
      return { lang: "python", code: null, rest: args.slice(i + 1) };
    }
    if (!v.startsWith("-") || v === "--") {
      if (v === "--") continue;
      return null; // a script file
    }
    if (/^-[WXQ]$/.test(v)) {
      i++;
      continue;
    }
    const m = /^-([bBdEhiIOPqsSuvVx]*)c(.*)$/s.exec(v);
    if (m) {
      if (m[2]) return { lang: "python", code: { ...w, value: m[2] }, rest: args.slice(i + 1) };
      const code = args[i + 1];
      return code ? { lang: "python", code, rest: args.slice(i + 2) } : null;
    }
    if (/^-[bBdEhiIOPqsSuvVx]+$|^-[WX].+$|^--(version|help)$/.test(v)) continue;
    return null; // -m MODULE and anything else: not inline code guard reads
  }
  return { lang: "python", code: null, rest: [] };
}

const NODE_VALUE =
  /^--(stack-size|max-old-space-size|max-semi-space-size|title|input-type|conditions|inspect-port|unhandled-rejections|stack-trace-limit)$/;

function nodeProgram(args: RWord[], lang: Lang = "javascript"): Program | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w.dynamic) return null;
    const v = w.value;
    if (v === "-") return { lang, code: null, rest: args.slice(i + 1) };
    if (/^(-e|--eval|-p|--print|-pe|-ep)$/.test(v)) {
      const code = args[i + 1];
      const print = /p/.test(v.replace("--eval", ""));
      return code ? { lang, code, rest: args.slice(i + 2), print } : null;
    }
    const eq = /^--(eval|print)=(.*)$/s.exec(v);
    if (eq) {
      return {
        lang,
        code: { ...w, value: eq[2] },
        rest: args.slice(i + 1),
        print: eq[1] === "print",
      };
    }
    if (!v.startsWith("-")) return null; // a script file
    if (NODE_VALUE.test(v)) {
      i++;
      continue;
    }
    // Options that load other code or files are left to the program table.
    if (
      /^(-r|--require|--import|--loader|--experimental-loader|--env-file|-C|--watch|--test)/.test(v)
    ) return null;
    if (/^--[a-z0-9-]+(=.*)?$/.test(v) || /^-[i]$/.test(v)) continue;
    return null;
  }
  return { lang, code: null, rest: [] };
}

function denoProgram(args: RWord[]): Program | null {
  if (args[0]?.value !== "eval" || args[0].dynamic) return null;
  let print = false;
  for (let i = 1; i < args.length; i++) {
    const w = args[i];
    if (w.dynamic) return null;
    const v = w.value;
    if (v === "-p" || v === "--print") print = true;
    if (
      /^(-p|--print|-q|--quiet|--no-check|--check|-A|--allow-all)$|^--(ext|v8-flags|unstable[a-z-]*|log-level|seed|location)(=.*)?$/
        .test(v)
    ) continue;
    if (/^--ext$/.test(v)) {
      i++;
      continue;
    }
    if (v.startsWith("-")) return null;
    return { lang: "typescript", code: w, rest: args.slice(i + 1), print };
  }
  return null;
}

function perlProgram(args: RWord[]): Program | null {
  let loop = false;
  let inplace = false;
  let code: RWord | null = null;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i];
    if (w.dynamic) return null;
    const v = w.value;
    if (v === "--") {
      i++;
      break;
    }
    if (!v.startsWith("-") || v === "-") break;
    // A cluster: -pi, -lne, -i.bak, -pi.orig -e …; -e/-E take the rest or the next word.
    let j = 1;
    for (; j < v.length; j++) {
      const c = v[j];
      if (c === "n" || c === "p") loop = true;
      else if (c === "i") {
        inplace = true;
        j = v.length; // -i[SUFFIX]: the rest is the backup suffix
      } else if (c === "e" || c === "E") {
        const glued = v.slice(j + 1);
        if (glued) code = { ...w, value: (code ? code.value + "\n" : "") + glued };
        else {
          const nxt = args[++i];
          if (!nxt || nxt.dynamic) return null;
          code = { ...nxt, value: (code ? code.value + "\n" : "") + nxt.value };
        }
        j = v.length;
      } else if (/[lawWsTtcU0-9]/.test(c)) continue;
      else if (c === "M" || c === "m" || c === "I") {
        // -MFile::Path=remove_tree: a module guard reads as part of the code.
        const rest = v.slice(j + 1) || args[++i]?.value || "";
        const mod = rest.split("=")[0];
        const before: string = code === null ? "" : (code as RWord).value;
        if (c !== "I") code = { ...w, value: `use ${mod};\n` + before };
        j = v.length;
      } else return null;
    }
  }
  if (!code) return null;
  return { lang: "perl", code, rest: args.slice(i), perl: { loop, inplace } };
}

function simpleE(args: RWord[], lang: ScriptLanguage, flag: RegExp): Program | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w.dynamic) return null;
    if (flag.test(w.value)) {
      const code = args[i + 1];
      return code && !code.dynamic ? { lang, code, rest: args.slice(i + 2) } : null;
    }
    if (!w.value.startsWith("-")) return null;
    if (lang === "ruby" && /^-r/.test(w.value)) continue; // -ropen-uri: the analyser sees the call
    if (!/^-[wWlnpsa]$/.test(w.value)) return null;
  }
  return null;
}

function programOf(name: string, args: RWord[]): Program | null {
  if (PYTHON.test(name)) return pythonProgram(args);
  if (NODE.test(name)) return nodeProgram(args);
  if (name === "bun") {
    return /^(-e|--eval|-p|--print)$/.test(args[0]?.value ?? "")
      ? nodeProgram(args, "typescript")
      : null;
  }
  if (name === "deno") return denoProgram(args);
  if (name === "perl") return perlProgram(args);
  if (name === "ruby") return simpleE(args, "ruby", /^-e$/);
  if (name === "php") return simpleE(args, "php", /^-r$/);
  return null;
}

/** Does this interpreter command read its program from standard input? */
export function readsProgramFromStdin(name: string, argv: RWord[]): boolean {
  const p = programOf(name, argv.slice(1));
  return p !== null && p.code === null;
}

/**
 * What the inline code of `u` does; `stdin` is the program text fed on standard input (a heredoc,
 * a here-string, static `echo … |`), when known. Null when guard does not analyse this command.
 */
export function inlineProgram(
  u: Unit,
  name: string,
  home: string,
  stdin: string | null,
): InlineResult | null {
  const p = programOf(name, u.argv.slice(1));
  if (!p) return null;
  const text = p.code ? (p.code.dynamic ? null : p.code.value) : stdin;
  if (text === null) return null;
  const acc = new Acc(p.lang, home, u.cwd);
  acc.args = p.rest.map((w) => (w.dynamic ? null : w.value));
  if (text.length > MAX_INLINE_CODE) {
    acc.rule(
      "inline.parse-error",
      `${p.lang}: ${text.length} characters of code (over ${MAX_INLINE_CODE})`,
    );
    return acc.result();
  }
  // The analysers load with their grammars, only when inline code is met (NeedCapability).
  const family = p.lang === "perl" || p.lang === "ruby" || p.lang === "php" ? "scripts" : p.lang;
  analyserFor(family)(text, acc, { print: p.print, rest: p.rest, perl: p.perl });
  return acc.result();
}
