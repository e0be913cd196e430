/**
 * The program tables by name, compiled on first use: the generated option
 * grammar (Fig specs, checked against `--help`) merged with the tables'
 * own options and roles.
 */
import type { Arity, OptionGrammar, ParseStyle } from "./options.ts";
import { BUILD } from "./build.ts";
import { CONTAINERS } from "./containers.ts";
import { COREUTILS } from "./coreutils.ts";
import { GIT } from "./git.ts";
import GENERATED from "./grammar.generated.json" with { type: "text" };
import { INTERPRETER_SPECS } from "./interpreters.ts";
import { NETWORK } from "./network.ts";
import type { OptionSpec, ProgramSpec, Role } from "./types.ts";

export type { OptionSpec, ProgramSpec, Role };

export const FAMILIES: Record<string, ProgramSpec[]> = {
  coreutils: COREUTILS,
  git: GIT,
  build: BUILD,
  interpreters: INTERPRETER_SPECS,
  network: NETWORK,
  containers: CONTAINERS,
};

export interface CompiledProgram {
  name: string;
  spec: ProgramSpec;
  /** Every option spelling and its arity. */
  arity: Record<string, Arity>;
  /** Roles of the options the table names. */
  roles: Map<string, OptionSpec>;
  style: ParseStyle;
  /** Compiled subcommands (lazily), `*` for the rest. */
  sub(name: string): CompiledProgram | null;
}

const BY_NAME = new Map<string, ProgramSpec>();
for (const list of Object.values(FAMILIES)) {
  for (const p of list) for (const n of p.names ?? []) if (!BY_NAME.has(n)) BY_NAME.set(n, p);
}

/**
 * Each program's grammar is a JSON string on a line of its own in the generated file
 * (`"name":"…",`: scripts/gen_program_grammar.ts writes one program a line, and a JSON string
 * holds no raw newline). The file is imported as text, not as JSON: parsing all of it (430 KB)
 * on every hook start cost more than the rest of the tables; a command that names a program
 * parses that program's line only, once.
 */
const PARSED = new Map<string, OptionGrammar | undefined>();
export function grammarOf(name: string): OptionGrammar | undefined {
  if (PARSED.has(name)) return PARSED.get(name);
  const text = grammarLine(GENERATED, name);
  const g = text === undefined ? undefined : JSON.parse(text) as OptionGrammar;
  PARSED.set(name, g);
  return g;
}

/** The grammar text of `name` in the generated file's `programs`, or undefined. */
export function grammarLine(file: string, name: string): string | undefined {
  const key = `\n${JSON.stringify(name)}:"`;
  const at = file.indexOf(key, file.indexOf(`"programs":{`));
  if (at < 0) return undefined;
  let end = file.indexOf("\n", at + 1);
  if (end < 0) end = file.length;
  if (file[end - 1] === ",") end--;
  return JSON.parse(file.slice(at + key.length - 1, end)) as string;
}

function compile(
  name: string,
  spec: ProgramSpec,
  grammar: OptionGrammar | undefined,
  parent: CompiledProgram | null,
  inherit = false,
): CompiledProgram {
  const arity: Record<string, Arity> = { ...(grammar?.o ?? {}) };
  const roles = new Map<string, OptionSpec>();
  for (const [keys, v] of Object.entries(spec.opts ?? {})) {
    const o: OptionSpec = typeof v === "string" ? { role: v } : v;
    for (const k of keys.split("|")) {
      roles.set(k, o);
      if (o.arity !== undefined) arity[k] = o.arity;
      else if (!(k in arity)) {
        arity[k] = o.role && o.role !== "flag" && o.role !== "recursive" ? 1 : 0;
      }
    }
  }
  // A subcommand declared "same" is the program again: it keeps the parent's options.
  if (parent && inherit) {
    for (const [k, a] of Object.entries(parent.arity)) if (!(k in arity)) arity[k] = a;
    for (const [k, r] of parent.roles) if (!roles.has(k)) roles.set(k, r);
  }
  const style: ParseStyle = {
    abbrev: spec.style?.abbrev ?? true,
    permute: spec.style?.permute ?? true,
    singleDashLong: spec.style?.singleDashLong ?? false,
    terminators: spec.style?.terminators,
  };
  const cache = new Map<string, CompiledProgram | null>();
  const self: CompiledProgram = {
    name,
    spec,
    arity,
    roles,
    style,
    sub(s: string): CompiledProgram | null {
      if (cache.has(s)) return cache.get(s)!;
      const subs = spec.subs;
      let out: CompiledProgram | null = null;
      if (subs) {
        const raw = Object.hasOwn(subs, s) ? subs[s] : subs["*"];
        if (raw) {
          const sg = grammar?.s?.[s];
          const subSpec: ProgramSpec = raw === "same"
            ? { ...spec, subs: undefined, style: { ...spec.style, permute: true } }
            : raw;
          out = compile(
            `${name} ${s}`,
            subSpec,
            sg ?? (raw === "same" ? grammar : undefined),
            self,
            raw === "same",
          );
        }
      }
      cache.set(s, out);
      return out;
    },
  };
  return self;
}

const COMPILED = new Map<string, CompiledProgram | null>();

/** The compiled table of a program (by its basename), or null when guard has none. */
export function programFor(name: string): CompiledProgram | null {
  let hit = COMPILED.get(name);
  if (hit !== undefined) return hit;
  const spec = BY_NAME.get(name);
  hit = spec
    ? compile(name, spec, grammarOf(name) ?? grammarOf(spec.names?.[0] ?? name), null)
    : null;
  COMPILED.set(name, hit);
  return hit;
}
