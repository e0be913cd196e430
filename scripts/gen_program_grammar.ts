/**
 * `deno run -A scripts/gen_program_grammar.ts [--fig-dir DIR] [--check]`
 *
 * Writes src/shell/programs/grammar.generated.json: for each program guard
 * knows by name, its OPTION GRAMMAR (every option spelling, whether it takes a
 * value, its subcommands), taken from the Fig autocomplete specs of a pinned
 * `@withfig/autocomplete` release and corrected by the hand-checked
 * scripts/grammar_overrides.json. See src/shell/programs/PROVENANCE.md.
 *
 * The package is fetched with `npm pack` (its package.json `exports` hide the
 * build/ files from `npm:` imports), checked against the pinned integrity,
 * unpacked into a temporary directory and its build/<program>.js modules are
 * imported. `--fig-dir DIR` uses an already unpacked package instead.
 *
 * The file is compact, one program per line (guard reads it on the hook path);
 * deno.json excludes it from `deno fmt`.
 *
 * `--check` writes nothing: it compares the generated grammar with the help of
 * the real programs on this machine (see CHECKS) and prints every difference.
 *
 * The help parsers are exported for tests/program_grammar_test.ts.
 */

/** 0: a flag; 1: takes a value (glued or the next word); 2: an optional value (glued only). */
export type Arity = 0 | 1 | 2;

export interface Grammar {
  o: Record<string, Arity>;
  /** Options that take more than one separate value (jq --arg NAME VALUE): the count. */
  n?: Record<string, number>;
  s?: Record<string, Grammar>;
}

export const FIG_PACKAGE = "@withfig/autocomplete";
export const FIG_VERSION = "2.692.3";
/** `npm view @withfig/autocomplete@2.692.3 dist.integrity` */
const FIG_INTEGRITY =
  "sha512-zxN7K8W+qWGc2ejWksd92xwAyCZ0faHvnk3c7jUoWkkk5e5iQf3/4mOLheFvYLoUWR5a36571VJ1DdyxmAWJZA==";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
export const OUTPUT = `${ROOT}/src/shell/programs/grammar.generated.json`;
export const OVERRIDES = `${ROOT}/scripts/grammar_overrides.json`;

/** The programs guard names. */
export const PROGRAMS = [
  ..."rm rmdir cp mv ln mkdir touch cat head tail less more sort uniq cut tr wc tee dd".split(" "),
  ..."chmod chown chgrp install shred truncate split csplit stat du df ls find xargs".split(" "),
  ..."grep egrep fgrep rg ag sed awk gawk diff cmp comm patch file readlink realpath".split(" "),
  ..."basename dirname echo printf env nice nohup timeout time watch sudo doas su git".split(" "),
  ..."gh npm npx pnpm yarn bun deno node python python3 pip pip3 uv poetry pipx pytest".split(" "),
  ..."ruby gem bundle perl php composer cargo rustc rustup go java javac mvn gradle".split(" "),
  ..."make cmake ninja tsc eslint prettier jest vitest black ruff mypy flake8 curl".split(" "),
  ..."wget ssh scp rsync nc socat tar zip unzip gzip gunzip bzip2 xz 7z docker".split(" "),
  ..."docker-compose podman kubectl helm terraform aws gcloud az jq yq tmux screen".split(" "),
  ..."crontab systemctl launchctl kill pkill killall ps top htop lsof openssl base64".split(" "),
  ..."xxd od hexdump strings zsh bash sh fish vim nano code open xdg-open which whereis".split(" "),
  ..."type command man tldr date cal hostname whoami id uname printenv history alias".split(" "),
  ..."export source ping dig nslookup host ifconfig ip netstat ss mount umount fdisk".split(" "),
  ..."mkfs brew apt apt-get yum dnf pacman snap flatpak".split(" "),
];

/** Subcommand levels kept below the program. */
const MAX_DEPTH = 3;
/** CLIs whose specs are huge: the top level and the first subcommand level only. */
const HUGE = new Set(["aws", "gcloud", "az", "kubectl", "helm"]);

// deno-lint-ignore no-explicit-any
type Any = any;

// ---------------------------------------------------------------------------
// Fig specs → grammar

interface Ctx {
  buildDir: string;
  notes: Set<string>;
  warnings: string[];
}

async function loadModule(buildDir: string, name: string): Promise<Any | null> {
  const file = `${buildDir}/${name}.js`;
  try {
    Deno.statSync(file);
  } catch {
    return null;
  }
  return await import(`file://${file}`);
}

/** Arity of a Fig option from its `args`. */
function figArity(opt: Any): Arity {
  const a = opt.args;
  if (a === undefined || a === null) return 0;
  const list = Array.isArray(a) ? a : [a];
  if (list.length === 0) return 0;
  return list.some((x: Any) => !x?.isOptional) ? 1 : 2;
}

/**
 * The grammar keys of a Fig option name: "-r" as is; "--execute=COMMAND" (a
 * Fig spec that wrote the value into the name) is "--execute" with a value,
 * "--foo[=X]" an optional one; a bare word with a separator (dd's `if`) is an
 * operand prefix "if="; anything else (a word with spaces, "silent") is not an
 * option and is dropped.
 */
function optionKeys(name: unknown, opt: Any, arity: Arity): [string, Arity][] {
  if (typeof name !== "string") return [];
  const n = name.trim();
  if (n === "" || n === "-" || n === "--" || /\s/.test(n)) return [];
  if (/^[-+]/.test(n)) {
    const br = n.indexOf("[=");
    if (br > 1) return [[n.slice(0, br), 2]];
    const eq = n.indexOf("=");
    if (eq > 1) return [[n.slice(0, eq), 1]];
    return [[n, arity]];
  }
  if (/^[a-z][a-z0-9_]*$/i.test(n) && arity !== 0 && opt.requiresSeparator) return [[`${n}=`, 1]];
  return [];
}

const RANK: Record<Arity, number> = { 0: 0, 2: 1, 1: 2 };

function addOption(
  o: Record<string, Arity>,
  key: string,
  arity: Arity,
  ctx: Ctx,
  where: string,
  own: Set<string>,
): void {
  if (own.has(key) && o[key] !== arity) {
    // The same spelling twice in one spec with different arities: keep the one with a value.
    ctx.warnings.push(`${where}: ${key} declared as ${o[key]} and ${arity}`);
    if (RANK[arity] <= RANK[o[key]]) return;
  }
  own.add(key);
  o[key] = arity;
}

async function resolveLoadSpec(sub: Any, ctx: Ctx, where: string): Promise<Any> {
  const ls = sub.loadSpec;
  if (ls === undefined) return sub;
  let loaded: Any = null;
  if (typeof ls === "string") {
    const m = await loadModule(ctx.buildDir, ls);
    if (m === null) ctx.notes.add(`${where}: loadSpec ${ls} not in the package`);
    else if (typeof m.default === "function") {
      ctx.notes.add(`${where}: loadSpec ${ls} is generated at run time`);
    } else loaded = m.default;
  } else if (typeof ls === "object" && ls !== null) loaded = ls;
  else ctx.notes.add(`${where}: loadSpec is generated at run time`);
  if (loaded === null) return sub;
  return {
    ...loaded,
    options: [...(sub.options ?? []), ...(loaded.options ?? [])],
    subcommands: loaded.subcommands ?? sub.subcommands,
  };
}

async function convert(
  spec: Any,
  depth: number,
  maxDepth: number,
  inherited: Map<string, Arity>,
  ctx: Ctx,
  where: string,
): Promise<Grammar> {
  const o: Record<string, Arity> = {};
  for (const [k, a] of inherited) o[k] = a;
  const own = new Set<string>();
  const persistent = new Map(inherited);
  if (spec.generateSpec) ctx.notes.add(`${where}: generateSpec (run-time part) ignored`);
  for (const opt of spec.options ?? []) {
    if (opt === null || typeof opt !== "object") continue;
    let arity = figArity(opt);
    // wget's Fig spec writes the value into one name (["-e", "--execute=COMMAND"]).
    const spelled = [opt.name].flat().filter((n: unknown) => typeof n === "string" && /^-/.test(n));
    if (arity === 0 && spelled.some((n: string) => /^-[^=[]+=/.test(n))) arity = 1;
    else if (arity === 0 && spelled.some((n: string) => /^-[^=[]+\[=/.test(n))) arity = 2;
    if (Array.isArray(opt.args) && opt.args.filter((a: Any) => !a?.isOptional).length > 1) {
      ctx.warnings.push(
        `${where}: ${JSON.stringify(opt.name)} has several args in Fig (kept as 1)`,
      );
    }
    for (const name of [opt.name].flat()) {
      for (const [key, a] of optionKeys(name, opt, arity)) {
        addOption(o, key, a, ctx, where, own);
        if (opt.isPersistent) persistent.set(key, o[key]);
      }
    }
  }
  const g: Grammar = { o: sortKeys(o) };
  const subs = spec.subcommands ?? [];
  if (subs.length > 0 && depth < maxDepth) {
    const s: Record<string, Grammar> = {};
    for (const raw of subs) {
      if (raw === null || typeof raw !== "object") continue;
      const names = [raw.name].flat().filter((n) =>
        typeof n === "string" && n !== "" && !/\s/.test(n)
      );
      if (names.length === 0) continue;
      // Fig sometimes spells modes as subcommands (tar's --create, cmake's --build, screen's
      // -r): for the parser they are options of this level (flags; an override says otherwise).
      for (const n of names) if (/^[-+]/.test(n) && !(n in g.o)) g.o[n] = 0;
      const sub = await resolveLoadSpec(raw, ctx, `${where} ${names[0]}`);
      const sg = await convert(sub, depth + 1, maxDepth, persistent, ctx, `${where} ${names[0]}`);
      for (const n of names) if (!(n in s)) s[n] = sg;
    }
    if (Object.keys(s).length > 0) g.s = sortKeys(s);
    g.o = sortKeys(g.o);
  }
  return g;
}

function sortKeys<T>(r: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k];
  return out;
}

// ---------------------------------------------------------------------------
// Overrides

/**
 * scripts/grammar_overrides.json: `{ "<program>": Override }` where an Override
 * has option spellings (keys starting with "-" or "+", or an operand prefix
 * ending in "=") mapped to 0|1|2 (null removes a spelling Fig invented),
 * subcommands (other keys) mapped to an Override, and metadata:
 * `_checked` (what it was checked against), `_same_as` (another program's
 * grammar, e.g. egrep → grep), `_drop_subcommands` (Fig's "subcommands" are
 * not subcommands, e.g. sed's script commands), `_flatten_subcommands` (they
 * are modes whose options belong to the program, e.g. tar's -c and -x),
 * `_values` (options that take several separate values: the count), `_note`.
 * A subcommand's override applies to all its aliases.
 */
type Override = Record<string, unknown>;

export function applyOverride(g: Grammar, ov: Override): Grammar {
  const out: Grammar = { o: { ...g.o } };
  if (g.n) out.n = { ...g.n };
  if (ov._flatten_subcommands) {
    const merge = (s: Grammar) => {
      for (const [k, a] of Object.entries(s.o)) if (!(k in out.o)) out.o[k] = a;
      for (const sub of Object.values(s.s ?? {})) merge(sub);
    };
    for (const sub of Object.values(g.s ?? {})) merge(sub);
  } else if (g.s && !ov._drop_subcommands) out.s = { ...g.s };
  for (const [k, v] of Object.entries(ov)) {
    if (k.startsWith("_")) continue;
    if (/^[-+]/.test(k) || k.endsWith("=")) {
      if (v === null) delete out.o[k];
      else if (v === 0 || v === 1 || v === 2) out.o[k] = v;
      else throw new Error(`override ${k}: ${JSON.stringify(v)} is not 0, 1, 2 or null`);
    } else if (v !== null && typeof v === "object") {
      out.s ??= {};
      const before = out.s[k];
      const after = applyOverride(before ?? { o: {} }, v as Override);
      for (const [name, sg] of Object.entries(out.s)) if (sg === before) out.s[name] = after;
      out.s[k] = after;
    } else throw new Error(`override ${k}: a subcommand needs an object`);
  }
  const values = ov._values as Record<string, number> | undefined;
  if (values) {
    out.n = { ...out.n, ...values };
    for (const k of Object.keys(values)) out.o[k] ??= 1;
  }
  out.o = sortKeys(out.o);
  if (out.n) out.n = sortKeys(out.n);
  if (out.s) out.s = sortKeys(out.s);
  return out;
}

// ---------------------------------------------------------------------------
// Real programs' help (for --check and the tests)

/**
 * Options from a GNU-style help or man page: lines whose text is only option
 * spellings separated by ", " (`-o, --output=FILE`, `-i[SUFFIX], --in-place[=SUFFIX]`,
 * `-e script, --expression=script`, curl's `-o, --output <file>`, git's
 * `--max-depth <depth>` and `--[no-]foo`), followed by two spaces and a
 * description or by the end of the line.
 *
 * A short option without a value of its own gets the value of the long option
 * on its line: with `sameOption` (git's `-h`, where a line is one option) always;
 * otherwise only when that value is a placeholder (`FILE`, `<file>`; not a
 * literal as in `-p, --indicator-style=slash`), a required one always
 * ("Mandatory arguments to long options are mandatory for short options too")
 * and an optional one when the help says "Mandatory and optional arguments to
 * long options are also mandatory or optional for the corresponding short
 * option" (xargs). A long option spelled bare in one place and with a value in
 * another (sort's `--check`, `--check=quiet`) takes an optional value.
 * Placeholders (git's `-NUM`, diff's `--GTYPE-group-format`) are skipped.
 */
export function parseHelp(
  text: string,
  sameOption = false,
  maxIndent = Infinity,
): Map<string, Arity> {
  const inherit = sameOption ||
    /mandatory or optional for the corresponding short/i.test(text.replace(/\s+/g, " "));
  const out = new Map<string, Arity>();
  const longSeen = new Map<string, Set<Arity>>();
  for (const line of text.split("\n")) {
    // rsync starts its option lines in the first column; gawk separates its columns by tabs.
    const m = /^(\s*)(-.*)$/.exec(line);
    if (!m || m[1].replace(/\t/g, "        ").length > maxIndent) continue;
    const spec = m[2].replace(/\t+(?=-)/g, ", ").replace(/\t/g, "  ");
    const parsed = parseOptionLine(spec)?.filter((p) => !/[A-Z]{2,}|</.test(p.name));
    if (!parsed) continue;
    const longs = parsed.filter((p) => p.name.startsWith("--"));
    for (const p of longs) {
      if (!longSeen.has(p.name)) longSeen.set(p.name, new Set());
      longSeen.get(p.name)!.add(p.arity);
    }
    const carried = longs.filter((p) => sameOption || p.placeholder).map((p) => p.arity);
    for (const p of parsed) {
      if (p.name.startsWith("--") || out.has(p.name)) continue;
      let a = p.arity;
      if (p.arg === "" && carried.length > 0) {
        if (carried.includes(1)) a = 1;
        else if (inherit && carried.includes(2)) a = 2;
      }
      out.set(p.name, a);
    }
  }
  for (const [name, seen] of longSeen) {
    out.set(name, seen.has(2) || (seen.has(0) && seen.has(1)) ? 2 : seen.has(1) ? 1 : 0);
  }
  return out;
}

export interface LineOption {
  name: string;
  arity: Arity;
  /** The value as the line spells it ("" for none). */
  arg: string;
  /** The value is a placeholder (FILE, <file>), not a literal (slash, quiet). */
  placeholder: boolean;
}

const NAME = String
  .raw`--?(?:\[no-\])?(?:[A-Za-z0-9?#:](?:[A-Za-z0-9_-]|\.(?=[A-Za-z0-9]))*|<[^>]*>)`;
const VALUE = [
  String.raw`\[=[^\]]*\]`, // --in-place[=SUFFIX]: optional
  String.raw`\[[^\]]*\]`, // -i[SUFFIX]: optional, attached
  String.raw`=[^\s,]+`, // --output=FILE, --bytes=[+]NUM
  String.raw` <[^>]*>\S*`, // curl, git: --output <file>, -c <name>=<value>
  String.raw` \[[^\]\s]*\]\S*`, // curl: --proxy [protocol://]host[:port]
  String.raw` (?:[A-Za-z](?:[^\s,]*[^\s,.])?|'[^']*')(?=$|,|  )`, // -e script, -w local[:remote]
  String.raw`<[^>]*>\S*`, // git: -L<start>,<end>:<file>
].join("|");
const TOKEN = new RegExp(`^(${NAME})(${VALUE})?(?:\\.\\.\\.)?`); // rg: <PATTERN>...

/** The options of one help line, or null when the line is not only options. */
export function parseOptionLine(spec: string): LineOption[] | null {
  const out: LineOption[] = [];
  let rest = spec.trimEnd();
  while (true) {
    const m = TOKEN.exec(rest);
    if (!m) return null;
    const raw = m[2] ?? "";
    const arg = raw.trim();
    // A separate word is always a required value; only an attached `[…]` is optional.
    const arity: Arity = raw.startsWith("[") ? 2 : arg !== "" ? 1 : 0;
    const placeholder = raw.startsWith(" ") || /[A-Z]|</.test(arg);
    const names = m[1].includes("[no-]")
      ? [m[1].replace("[no-]", ""), m[1].replace("[no-]", "no-")]
      : [m[1]];
    for (const name of names) out.push({ name, arity, arg, placeholder });
    rest = rest.slice(m[0].length);
    if (rest === "" || /^ {2}/.test(rest)) return out;
    // curl: "--cert <certificate[:password]> Client certificate…", "--disallow-username-in-url
    // Disallow…" (one space before the description)
    if (/^ [A-Za-z(]/.test(rest) && /^ [<[]/.test(m[2] ?? "")) return out;
    if (/^ [A-Z][a-z]/.test(rest) && m[1].startsWith("--") && !m[2]) return out;
    const sep = /^,\s*/.exec(rest);
    if (!sep) return null;
    rest = rest.slice(sep[0].length);
    if (rest === "") return out;
  }
}

/** dd's operands (`  if=FILE   read from FILE`): `if=` takes a value. */
export function parseOperands(text: string): Map<string, Arity> {
  const out = new Map<string, Arity>();
  for (const m of text.matchAll(/^ {2}([a-z]+)=[A-Z]+\s/gm)) out.set(`${m[1]}=`, 1);
  for (const m of text.matchAll(/\(or ([a-z]+)=[A-Z]+\)/g)) out.set(`${m[1]}=`, 1);
  return out;
}

/**
 * A usage synopsis (`usage: ssh [-46AaCf] [-B bind_interface] …`, `usage: git
 * [-C <path>] [--exec-path[=<path>]] …`): every bracketed group, its
 * alternatives separated by "|"; a group of one dash and several letters is a
 * cluster of flags.
 */
export function parseUsage(text: string): Map<string, Arity> {
  const out = new Map<string, Arity>();
  const groups: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "[") {
      if (depth++ === 0) start = i + 1;
    } else if (text[i] === "]" && depth > 0 && --depth === 0) groups.push(text.slice(start, i));
  }
  for (const g of groups) {
    const cluster = /^-([A-Za-z0-9]{2,})$/.exec(g.trim());
    if (cluster) {
      for (const c of cluster[1]) out.set(`-${c}`, 0);
      continue;
    }
    for (const alt of g.split(/\s+\|\s+/)) {
      for (const p of parseOptionLine(alt.replace(/\s+/g, " ").trim()) ?? []) {
        if (!/</.test(p.name) && !out.has(p.name)) out.set(p.name, p.arity);
      }
    }
  }
  return out;
}

/**
 * GNU find's `--help`: the primaries listed after "Positional options",
 * "Normal options", "Tests" and "Actions"; a following word in capitals (or
 * `[-/]MODE`, `N[bcwkMG]`, `[bcdpfls]`) is its value.
 */
export function parseFindHelp(text: string): Map<string, Arity> {
  const out = new Map<string, Arity>();
  let on = false;
  for (const line of text.split("\n")) {
    if (/^(Positional options|Normal options|Tests|Actions)/.test(line)) {
      on = true;
      continue;
    }
    if (/^\S/.test(line)) on = false;
    if (!on) continue;
    const words = line.trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (!/^-[a-z][a-z0-9_-]*$/.test(w)) continue;
      const next = words[i + 1] ?? "";
      const takes = /^(?:[A-Z]+|\[[^\]]*\][A-Z]*|N\[[^\]]*\])$/.test(next);
      out.set(w, takes ? 1 : 0);
    }
  }
  return out;
}

/** What to compare the grammar with: a program (and subcommand path) and how to read its help. */
export interface Check {
  program: string;
  path?: string[];
  /** The command whose output lists the options. */
  cmd: string[];
  env?: Record<string, string>;
  parse: "help" | "usage" | "find" | "operands";
  /** A help line is one option: its short spelling takes what its long one takes. */
  sameOption?: boolean;
  /** Option lines are indented at most this much (deeper ones are descriptions). */
  maxIndent?: number;
  /** The command that prints the version (default `<program> --version`). */
  version?: string[];
  /** Spellings whose help line is wrong or incomplete: why the grammar differs. */
  except?: Record<string, string>;
  /** `--version` must print this for the program to be the one the overrides were checked on. */
  identity?: RegExp;
}

const MAN = { MANWIDTH: "250", MANPAGER: "cat", PAGER: "cat", LANG: "C", LC_ALL: "C" };
const GNU = /\bGNU\b/;

export const CHECKS: Check[] = [
  ...["sort", "sed", "grep", "rm", "cp", "mv", "ln", "mkdir", "tee", "xargs", "tar", "chmod"]
    .map((p) => ({ program: p, cmd: [p, "--help"], parse: "help" as const, identity: GNU })),
  ...["chown", "touch", "cat", "head", "tail", "diff", "ls", "env", "timeout", "nice"]
    .map((p) => ({ program: p, cmd: [p, "--help"], parse: "help" as const, identity: GNU })),
  { program: "gawk", cmd: ["gawk", "--help"], parse: "help", identity: GNU },
  {
    program: "wget",
    cmd: ["wget", "--help"],
    parse: "help",
    identity: GNU,
    except: { "--hsts-file": "wget --help omits its value; man wget: --hsts-file=file" },
  },
  { program: "rsync", cmd: ["rsync", "--help"], parse: "help", identity: /^rsync +version/ },
  { program: "rg", cmd: ["rg", "--help"], parse: "help", maxIndent: 8, identity: /^ripgrep / },
  {
    program: "awk",
    cmd: ["awk", "-W", "usage"],
    version: ["awk", "-W", "version"],
    parse: "help",
    identity: /^mawk /,
  },
  { program: "dd", cmd: ["dd", "--help"], parse: "operands", identity: /coreutils/ },
  {
    program: "find",
    cmd: ["find", "--help"],
    parse: "find",
    identity: GNU,
    except: { "-regextype": "find --help lists it bare; man find: -regextype type" },
  },
  { program: "curl", cmd: ["curl", "--help", "all"], parse: "help", identity: /^curl /m },
  { program: "ssh", cmd: ["ssh"], version: ["ssh", "-V"], parse: "usage", identity: /OpenSSH/ },
  { program: "git", cmd: ["git", "-h"], parse: "usage", identity: /^git version/ },
  ...["grep", "commit", "push", "config", "branch", "switch", "checkout", "clone", "fetch"]
    .map((s) => gitCheck(s)),
  ...["pull", "add", "reset", "clean", "tag", "rebase", "merge", "apply", "rm", "mv"]
    .map((s) => gitCheck(s)),
  ...["log", "diff", "show"].map((s) => ({
    program: "git",
    path: [s],
    cmd: ["man", `git-${s}`],
    env: MAN,
    parse: "help" as const,
    identity: /^git version/,
  })),
];

function gitCheck(sub: string): Check {
  return {
    program: "git",
    path: [sub],
    cmd: ["git", sub, "-h"],
    parse: "help",
    sameOption: true,
    identity: /^git version/,
  };
}

/** Runs a check's command; null when the program is not on this machine. */
export async function runHelp(c: Check): Promise<string | null> {
  try {
    const out = await new Deno.Command(c.cmd[0], {
      args: c.cmd.slice(1),
      env: c.env,
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
    }).output();
    const dec = new TextDecoder();
    return dec.decode(out.stdout) + dec.decode(out.stderr);
  } catch {
    return null;
  }
}

/** The `--version` text of a check's program (git for git subcommands), or null. */
export async function versionOf(c: Check): Promise<string | null> {
  const v = c.version ?? [c.program, "--version"];
  return await runHelp({ ...c, cmd: v, env: undefined });
}

export function parseCheck(c: Check, text: string): Map<string, Arity> {
  if (c.parse === "find") return parseFindHelp(text);
  if (c.parse === "usage") return parseUsage(text);
  if (c.parse === "operands") {
    const m = parseHelp(text, c.sameOption, c.maxIndent);
    for (const [k, a] of parseOperands(text)) m.set(k, a);
    return m;
  }
  return parseHelp(text, c.sameOption, c.maxIndent);
}

/** The grammar a check is about (a subcommand's), or null. */
/** Reads the generated file (each program's grammar is a JSON string in it). */
export function readOutput(text: string): Output {
  const raw = JSON.parse(text) as Omit<Output, "programs"> & { programs: Record<string, string> };
  const programs: Record<string, Grammar> = {};
  for (const [k, v] of Object.entries(raw.programs)) programs[k] = JSON.parse(v);
  return { ...raw, programs } as Output;
}

export function grammarAt(programs: Record<string, Grammar>, c: Check): Grammar | null {
  let g: Grammar | undefined = programs[c.program];
  for (const s of c.path ?? []) g = g?.s?.[s];
  return g ?? null;
}

// ---------------------------------------------------------------------------
// Main

async function figBuildDir(figDir: string | undefined): Promise<string> {
  if (figDir) return `${figDir.replace(/\/$/, "")}/build`;
  const tmp = await Deno.makeTempDir({ prefix: "fig-autocomplete-" });
  const pack = await new Deno.Command("npm", {
    args: ["pack", `${FIG_PACKAGE}@${FIG_VERSION}`, "--json", "--pack-destination", tmp],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!pack.success) throw new Error("npm pack failed");
  const info = JSON.parse(new TextDecoder().decode(pack.stdout))[0];
  if (info.integrity !== FIG_INTEGRITY) {
    throw new Error(`npm pack: integrity ${info.integrity}, pinned ${FIG_INTEGRITY}`);
  }
  const tgz = `${tmp}/${info.filename}`;
  const digest = await crypto.subtle.digest("SHA-512", await Deno.readFile(tgz));
  const sri = "sha512-" + btoa(String.fromCharCode(...new Uint8Array(digest)));
  if (sri !== FIG_INTEGRITY) throw new Error(`${tgz}: ${sri}, pinned ${FIG_INTEGRITY}`);
  const tar = await new Deno.Command("tar", { args: ["xzf", tgz, "-C", tmp] }).output();
  if (!tar.success) throw new Error("tar failed");
  const pkg = JSON.parse(await Deno.readTextFile(`${tmp}/package/package.json`));
  if (pkg.version !== FIG_VERSION) throw new Error(`unpacked ${pkg.version}`);
  return `${tmp}/package/build`;
}

export interface Output {
  source: string;
  generated_by: string;
  missing: string[];
  skipped: Record<string, string>;
  partial: Record<string, string[]>;
  from_overrides: string[];
  programs: Record<string, Grammar>;
}

async function generate(buildDir: string): Promise<{ out: Output; warnings: string[] }> {
  const overrides: Record<string, Override> = JSON.parse(await Deno.readTextFile(OVERRIDES));
  const programs: Record<string, Grammar> = {};
  const missing: string[] = [];
  const skipped: Record<string, string> = {};
  const partial: Record<string, string[]> = {};
  const fromOverrides: string[] = [];
  const warnings: string[] = [];
  const fig: Record<string, Grammar> = {};
  for (const p of PROGRAMS) {
    const m = await loadModule(buildDir, p);
    if (m === null) continue;
    const spec = m.default;
    if (typeof spec !== "object" || spec === null) {
      skipped[p] = "the spec is generated at run time (versioned or a function)";
      continue;
    }
    const ctx: Ctx = { buildDir, notes: new Set(), warnings };
    const g = await convert(spec, 0, HUGE.has(p) ? 1 : MAX_DEPTH, new Map(), ctx, p);
    if (Object.keys(g.o).length === 0 && !g.s && spec.generateSpec) {
      skipped[p] = "no static options: the spec is generated at run time (generateSpec)";
      continue;
    }
    if (ctx.notes.size > 0) partial[p] = [...ctx.notes];
    fig[p] = g;
  }
  for (const p of PROGRAMS) {
    const ov = overrides[p];
    const same = ov?._same_as as string | undefined;
    let g: Grammar | undefined = fig[p];
    if (same !== undefined) {
      g = fig[same] ?? { o: {} };
      if (overrides[same]) g = applyOverride(g, overrides[same]);
    }
    if (ov) {
      if (fig[p] === undefined) fromOverrides.push(p);
      g = applyOverride(g ?? { o: {} }, ov);
      delete skipped[p];
    }
    if (g === undefined) {
      if (!(p in skipped)) missing.push(p);
      continue;
    }
    programs[p] = g;
  }
  for (const p of Object.keys(overrides)) {
    if (!p.startsWith("_") && !PROGRAMS.includes(p)) {
      throw new Error(`override for ${p}, which is not in PROGRAMS`);
    }
  }
  return {
    out: {
      source: `${FIG_PACKAGE}@${FIG_VERSION}`,
      generated_by: "scripts/gen_program_grammar.ts",
      missing,
      skipped,
      partial,
      from_overrides: fromOverrides,
      programs: sortKeys(programs),
    },
    warnings,
  };
}

/**
 * One program per line, each program's grammar as a JSON string: the file is read on the hook
 * path, and parsing strings is about ten times cheaper than building every object; the engine
 * parses only the programs a command names (src/shell/programs/index.ts).
 */
export function serialize(out: Output): string {
  const { programs, ...head } = out;
  const lines = Object.entries(programs).map(([k, g]) =>
    `${JSON.stringify(k)}:${JSON.stringify(JSON.stringify(g))}`
  );
  const h = JSON.stringify(head);
  return `${h.slice(0, -1)},"programs":{\n${lines.join(",\n")}\n}}\n`;
}

async function check(): Promise<number> {
  const out = readOutput(await Deno.readTextFile(OUTPUT));
  let diffs = 0;
  for (const c of CHECKS) {
    const label = [c.program, ...(c.path ?? [])].join(" ");
    const text = await runHelp(c);
    const version = await versionOf(c);
    if (text === null || version === null || (c.identity && !c.identity.test(version))) {
      console.log(`# ${label}: not on this machine (or not the checked implementation)`);
      continue;
    }
    const g = grammarAt(out.programs, c);
    const help = parseCheck(c, text);
    console.log(`# ${label}: ${help.size} options in the help (${version.split("\n")[0]})`);
    for (const [k, a] of help) {
      const have = g?.o[k];
      if (have === a || c.except?.[k]) continue;
      diffs++;
      console.log(`  ${k}: help ${a}, grammar ${have ?? "missing"}`);
    }
  }
  console.log(`${diffs} differences`);
  return diffs;
}

if (import.meta.main) {
  const args = Deno.args;
  if (args.includes("--check")) Deno.exit((await check()) === 0 ? 0 : 1);
  const i = args.indexOf("--fig-dir");
  const buildDir = await figBuildDir(i >= 0 ? args[i + 1] : undefined);
  const { out, warnings } = await generate(buildDir);
  for (const w of warnings) console.error(`warning: ${w}`);
  const text = serialize(out);
  await Deno.writeTextFile(OUTPUT, text);
  console.log(
    `${Object.keys(out.programs).length} programs (${out.from_overrides.length} from the ` +
      `overrides only), ${out.missing.length} missing, ${
        Object.keys(out.skipped).length
      } skipped; ${new TextEncoder().encode(text).length} bytes → ${OUTPUT}`,
  );
  if (i < 0) await Deno.remove(buildDir.replace(/\/package\/build$/, ""), { recursive: true });
}
