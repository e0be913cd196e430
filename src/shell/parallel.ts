/**
 * GNU parallel as data and a pure expansion: its options (which take a value, which name an
 * argument file, which replace the replacement string), its argument sources (`:::` words,
 * `::::` files, `-a` files, stdin) and its replacement strings (`{}`, `{.}`, `{/}`, `{//}`,
 * `{/.}`, `{n}`, `{#}`, `{%}`, `-I STR`). `expandParallel` turns one `parallel …` into the
 * command lines it runs, each in both readings — the words as the argv (what `-q` runs) and the
 * words joined into the text parallel hands its shell — so the analysis judges the concrete
 * commands. Literal arguments give concrete commands (`parallel rm -rf {} ::: build` is
 * `rm -rf build`); an argument from stdin or a file is unknown.
 */
import { literalWord, type RWord, unknownWord } from "./words.ts";

/** Options that set a replacement string of their own (each takes a value, none is modelled). */
const RPL_STRING_OPTS = [
  "--rpl",
  "--extensionreplace",
  "--er",
  "--basenamereplace",
  "--bnr",
  "--dirnamereplace",
  "--dnr",
  "--seqreplace",
  "--slotreplace",
];

/** Options that take a separate value (`-j 4`); a value may also be glued (`-j4`, `--jobs=4`). */
const ARG_OPTS = new Set([
  "-j",
  "--jobs",
  "-P",
  "--max-procs",
  "-N",
  "-n",
  "--max-args",
  "-L",
  "--max-lines",
  "-l",
  "-s",
  "--max-chars",
  "-S",
  "--sshlogin",
  "--slf",
  "--sshloginfile",
  "-a",
  "--arg-file",
  "--delay",
  "--timeout",
  "--joblog",
  "--results",
  "--res",
  "--colsep",
  "-C",
  "-d",
  "--delimiter",
  "-E",
  "--eof",
  "--tagstring",
  "--wd",
  "--workdir",
  "--basefile",
  "--bf",
  "--transfer-file",
  "--tf",
  "--return",
  "--load",
  "--memfree",
  "--block",
  "--block-size",
  "--header",
  "--retries",
  "--shebang-wrap",
  "--tmpdir",
  "--env",
  "--halt",
  "--termseq",
  "--ssh",
  "--sqlmaster",
  "--sqlworker",
  "--limit",
  "--id",
  "--semaphorename",
  "--semaphoretimeout",
  "--st",
  "-I",
  "--replace",
  ...RPL_STRING_OPTS,
]);

/** Options whose value is a file of arguments (read at run time: unknown here). */
const ARG_FILE_OPTS = new Set(["-a", "--arg-file"]);

/** Options that set the replacement string (`-I XX`, `--replace=XX`; `-i` and `--replace` alone: `{}`). */
const REPLACE_OPTS = new Set(["-I", "--replace", "-i"]);

/** Options whose value can only be glued: alone, the next word is not theirs. */
const OPTIONAL_VALUE_OPTS = new Set(["--replace", "-i"]);

/** Options that change the replacement strings in ways not modelled: every argument is unknown. */
const OPAQUE_OPTS = new Set([
  ...RPL_STRING_OPTS,
  "--plus",
  "--colsep",
  "-C",
]);

/** Options that feed stdin to the command instead of arguments. */
const PIPE_OPTS = new Set(["--pipe", "--spreadstdin", "--pipepart", "--pipe-part"]);

/** Above this many argument combinations, the arguments count as unknown (bounded work). */
export const MAX_COMBOS = 16;

/** The name a replaced unknown argument has inside the shell text (cleared before analysis). */
export const PARALLEL_ARG_VAR = "__guard_parallel_arg";

const DEFAULT_RPL = /\{(\d+)?(\.|\/\/|\/\.|\/)?\}|\{#\}|\{%\}/g;

export interface ParallelLine {
  /** The command's words, replacements applied (what `parallel -q` runs); empty: none. */
  argv: RWord[];
  /** The command line parallel hands its shell, or null when a word is unknown. */
  text: string | null;
  /** An unknown argument lands inside quotes of the line: its shell text cannot be known. */
  opaque?: boolean;
}

export interface ParallelPlan {
  /** No command: the arguments are themselves commands (`parallel ::: 'cmd1' 'cmd2'`). */
  commands: RWord[] | null;
  /** Commands read from stdin (no command, no `:::`). */
  commandsFromStdin: boolean;
  /** The command lines run (one per argument combination, or one with unknown arguments). */
  lines: ParallelLine[];
  /** `{= perl =}` replacement strings: Perl code that runs. */
  perl: string | null;
  /** `--pipe`: the command runs with the input on its stdin, words as given. */
  pipe: boolean;
}

/** Single quotes for the shell unless the value is plain. */
function shq(v: string): string {
  return /^[A-Za-z0-9_\/.,:@%+=-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

function transform(v: string, mod: string | undefined): string {
  const base = v.replace(/\/+$/, "").replace(/^.*\//, "") || v;
  switch (mod) {
    case ".":
      return v.replace(/\.[^./]*$/, "");
    case "/":
      return base;
    case "//": {
      const t = v.replace(/\/+$/, "");
      const k = t.lastIndexOf("/");
      return k < 0 ? "." : k === 0 ? "/" : t.slice(0, k);
    }
    case "/.":
      return base.replace(/\.[^.]*$/, "");
    default:
      return v;
  }
}

/** An argument: its value, or null when unknown. */
type Arg = string | null;

/** `maxCombos`: how many concrete lines the caller can still afford (else arguments are unknown). */
export function expandParallel(argv: RWord[], maxCombos = MAX_COMBOS): ParallelPlan {
  const args = argv.slice(1);
  let i = 0;
  let rpl: string | null = null;
  let opaque = false;
  let argFile = false;
  let pipe = false;
  let quote = false;
  // `sem` is `parallel --semaphore`: the command runs once, as given.
  let semaphore = (argv[0]?.value ?? "").replace(/^.*\//, "") === "sem";
  while (i < args.length) {
    const w = args[i];
    const v = w.value;
    if (w.dynamic || !v.startsWith("-") || v === "-" || v.startsWith(":::")) break;
    if (v === "--") {
      i++;
      break;
    }
    const eq = v.indexOf("=");
    const long = v.startsWith("--");
    const key = long && eq > 0 ? v.slice(0, eq) : long ? v : v.slice(0, 2);
    const glued = long ? (eq > 0 ? v.slice(eq + 1) : null) : v.length > 2 ? v.slice(2) : null;
    const takes = ARG_OPTS.has(key);
    const value = takes ? (glued ?? args[i + 1]?.value ?? "") : null;
    if (ARG_FILE_OPTS.has(key)) argFile = true;
    if (OPAQUE_OPTS.has(key)) opaque = true;
    if (PIPE_OPTS.has(key)) pipe = true;
    if (key === "--quote" || (!long && /^-[a-zA-Z]*q/.test(v) && !ARG_OPTS.has(key))) quote = true;
    if (key === "--semaphore") semaphore = true;
    // `-I R` (its value required), `--replace[=R]` and `-i[R]` (theirs only glued; alone `{}`).
    if (REPLACE_OPTS.has(key)) rpl = (key === "-I" ? value : glued) || "{}";
    if (OPTIONAL_VALUE_OPTS.has(key) && glued === null) {
      i++;
      continue;
    }
    i += takes && glued === null ? 2 : 1;
    if (!takes && !long && v.length > 2) {
      // a cluster of flags (`-qk`): one glued to a value-taking option ends it (`-kj2`)
      for (let k = 1; k < v.length; k++) {
        const o = "-" + v[k];
        if (ARG_FILE_OPTS.has(o)) argFile = true;
        if (ARG_OPTS.has(o)) {
          if (k === v.length - 1) i++;
          break;
        }
      }
    }
  }
  const rest = args.slice(i);
  const isMarker = (w: RWord) => !w.dynamic && /^::::?\+?$/.test(w.value);
  const sep = rest.findIndex(isMarker);
  const cmd = sep >= 0 ? rest.slice(0, sep) : rest;
  // Argument sources: each `:::` group, `::::` files and `-a` files (unknown), else stdin.
  const sources: Arg[][] = [];
  if (sep >= 0) {
    let cur: Arg[] | null = null;
    for (const w of rest.slice(sep)) {
      if (isMarker(w)) {
        cur = w.value.startsWith("::::") ? null : [];
        if (cur) sources.push(cur);
        else sources.push([null]);
        continue;
      }
      if (cur) cur.push(w.dynamic ? null : w.value);
    }
  }
  if (argFile || (sep < 0 && !pipe && !semaphore)) sources.push([null]);
  const perlWord = cmd.find((w) => w.value.includes("{="));
  const plan: ParallelPlan = {
    commands: null,
    commandsFromStdin: false,
    lines: [],
    perl: perlWord ? perlWord.display : null,
    pipe,
  };
  if (cmd.length === 0) {
    if (sep >= 0) plan.commands = rest.slice(sep).filter((w) => !isMarker(w));
    else plan.commandsFromStdin = !pipe && !semaphore;
    return plan;
  }
  if (pipe || semaphore) {
    // The words as given, and (semaphore) the line its shell runs.
    const known = cmd.every((w) => !w.dynamic);
    plan.lines.push({
      argv: cmd,
      text: semaphore && known && !quote ? cmd.map((w) => w.value).join(" ") : null,
    });
    return plan;
  }
  // Every combination of one argument from each source (bounded).
  let combos: Arg[][] = [[]];
  for (const s of sources) {
    const vals = s.length ? s : [null];
    const next: Arg[][] = [];
    for (const c of combos) for (const v of vals) next.push([...c, v]);
    combos = next;
    if (combos.length > maxCombos) break;
  }
  if (opaque || combos.length > maxCombos) combos = [sources.map(() => null)];
  if (combos.length === 0 || combos[0].length === 0) combos = [[null]];
  const re = rpl === null
    ? DEFAULT_RPL
    : new RegExp(rpl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");
  const hasRpl = cmd.some((w) => !w.dynamic && w.value.search(re) >= 0);
  for (const combo of combos) {
    const l = line(cmd, combo, re, rpl === null, hasRpl);
    // `-q` runs the words as they are; otherwise parallel's shell parses the joined line, and a
    // first word with blanks in it (`parallel 'echo {}'`) is shell text, not a program name.
    if (quote) l.text = null;
    else if (/\s/.test(l.argv[0]?.value ?? "") && l.text !== null) l.argv = [];
    plan.lines.push(l);
  }
  return plan;
}

/** The values one replacement string stands for in one combination (null: unknown). */
function replaced(m: RegExpMatchArray, combo: Arg[], defaults: boolean): Arg[] {
  if (!defaults) return combo;
  if (m[0] === "{#}" || m[0] === "{%}") return ["1"];
  const n = m[1] ? Number(m[1]) : 0;
  const picked = n ? [n <= combo.length ? combo[n - 1] : null] : combo;
  return picked.map((v) => (v === null ? null : transform(v, m[2])));
}

function line(cmd: RWord[], combo: Arg[], re: RegExp, defaults: boolean, hasRpl: boolean) {
  const out: RWord[] = [];
  const text: string[] = [];
  let known = true;
  let opaque = false;
  const unknownText = `"\${${PARALLEL_ARG_VAR}}"`;
  for (const w of cmd) {
    if (w.dynamic) {
      out.push(w);
      known = false;
      continue;
    }
    re.lastIndex = 0;
    const matches = [...w.value.matchAll(re)];
    if (!matches.length) {
      out.push(w);
      text.push(w.value);
      continue;
    }
    const whole = matches.length === 1 && matches[0][0] === w.value;
    if (whole) {
      const vals = replaced(matches[0], combo, defaults);
      for (const v of vals) out.push(v === null ? unknownWord(w.display) : literalWord(v));
      text.push(vals.map((v) => (v === null ? unknownText : shq(v))).join(" "));
      continue;
    }
    // Inside a longer word: text with the values spliced in, shell-quoted as parallel does.
    let unknown = false;
    const sub = w.value.replace(re, (...m) => {
      const vals = replaced(m as unknown as RegExpMatchArray, combo, defaults);
      if (vals.includes(null)) unknown = true;
      return vals.map((v) => (v === null ? unknownText : shq(v))).join(" ");
    });
    out.push(unknown ? unknownWord(w.display) : literalWord(sub));
    text.push(sub);
    // parallel quotes an argument for an unquoted place: inside the word's own quotes an unknown
    // argument is unquoted shell text (`'{}'` becomes `''ARG''`), so the line is unknown.
    if (unknown && /['"\\`$]/.test(w.value)) opaque = true;
  }
  if (!hasRpl) {
    for (const v of combo) {
      out.push(v === null ? unknownWord("{parallel input}") : literalWord(v));
      text.push(v === null ? unknownText : shq(v));
    }
  }
  return { argv: out, text: known ? text.join(" ") : null, opaque };
}
