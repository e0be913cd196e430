/**
 * The shape of an asked call: what a remembered approval covers. A shell command's shape is,
 * per simple command that asked, its program, its subcommand (the leading plain words), the
 * names of its options, its operands reduced to their kind (a path's zone, a URL's host, any
 * other word) and its effects with their zones; another tool's shape is its name and its
 * arguments reduced the same way. Two calls of one shape differ only in what the shape leaves
 * out. Pure.
 */
import { hostOf } from "../zones/net.ts";
import { expandHome, resolve } from "../zones/paths.ts";
import type { Unit } from "./shell_analysis.ts";
import type { EffectTrace, Risk } from "../core/types.ts";
import { UNKNOWN } from "./words.ts";
import { type ZoneEnv, zoneOf } from "../zones/zones.ts";

/** Zones from the most permissive to the strictest: a shape covers its own zone and those below. */
export const ZONE_STRICTNESS = [
  "workspace",
  "scratch",
  "outside",
  "root",
  "system",
  "credential",
  "guard",
] as const;

/** Leading plain words taken as the subcommand (`npm run test`, `cargo bench`, `git remote`). */
const MAX_SUB = 2;

/**
 * Zones where a shape names the exact path, not just the zone: approving one read of
 * `~/.ssh/id_rsa` never covers another credential, one write under `/etc` never all of `/etc`.
 */
const EXACT_ZONES: ReadonlySet<string> = new Set(["root", "system", "credential", "guard"]);

export interface UnitShape {
  /** The rule the simple command asked with. */
  rule: string;
  program: string;
  sub: string[];
  /** Option names (`-x`, `--long`), sorted. */
  options: string[];
  /** Operand kinds: `path:<zone>`, `url:<host>`, `arg`; sorted, distinct. */
  operands: string[];
  /** Effects: `<effect>@<zone or destination>`; sorted, distinct. */
  effects: string[];
}

function looksLikePath(w: string): boolean {
  return w.includes("/") || w === "." || w === ".." || w.startsWith("~") ||
    /^[^=:]+\.[A-Za-z0-9]{1,8}$/.test(w);
}

/** `path:<zone>`, and the path itself in the zones a shape names exactly. */
function pathShape(abs: string, env: ZoneEnv): string {
  const z = zoneOf(abs, env).zone;
  return EXACT_ZONES.has(z) ? `path:${z}:${abs}` : `path:${z}`;
}

/** A word reduced to its kind. */
export function operandShape(w: string, cwd: string | null, env: ZoneEnv): string {
  // `@file` (curl, httpie, gh): the file it names, taken the strictest way (`@~/x` as the home's).
  if (w.length > 1 && w.startsWith("@")) {
    const rest = w.slice(1);
    const abs = resolve(expandHome(rest, env.home), cwd);
    return abs === null ? "file:unknown" : `file:${pathShape(abs, env).slice(5)}`;
  }
  const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(w) ? hostOf(w) : null;
  if (url !== null) return `url:${url.toLowerCase()}`;
  // scp/rsync style `[user@]host:path`: the host is what matters.
  const remote = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):/.exec(w);
  if (remote && !w.startsWith("/")) return `remote:${remote[1].toLowerCase()}`;
  if (looksLikePath(w)) {
    const abs = resolve(expandHome(w, env.home), cwd);
    return abs === null ? "path:unknown" : pathShape(abs, env);
  }
  return "arg";
}

/**
 * The shape of one simple command, or null when it has none a rule could name (no static
 * program name, or words only known at run time).
 */
export function unitShape(
  u: Unit,
  rule: string,
  effects: EffectTrace[],
  env: ZoneEnv,
): UnitShape | null {
  if (!u.name || u.argv.length === 0 || u.argv[0].dynamic) return null;
  const words = u.argv.slice(1);
  if (words.some((w) => w.dynamic || w.value.includes(UNKNOWN) || w.subst)) return null;
  const sub: string[] = [];
  const options = new Set<string>();
  const operands = new Set<string>();
  let opts = true;
  for (const w of words) {
    const v = w.value;
    if (opts && v === "--") {
      opts = false;
      continue;
    }
    if (opts && v.length > 1 && v.startsWith("-")) {
      const eq = v.indexOf("=");
      options.add(eq > 0 ? v.slice(0, eq) : v);
      if (eq > 0) operands.add(operandShape(v.slice(eq + 1), u.cwd, env));
      continue;
    }
    const kind = operandShape(v, u.cwd, env);
    if (sub.length < MAX_SUB && options.size === 0 && operands.size === 0 && kind === "arg") {
      sub.push(v);
      continue;
    }
    operands.add(kind);
  }
  const eff = new Set(
    effects.map((e) =>
      e.zone === null
        ? `${e.effect}@${effectTarget(e)}`
        : `${e.effect}@${e.zone}${EXACT_ZONES.has(e.zone) ? `:${e.target}` : ""}`
    ),
  );
  for (const r of u.redirs) {
    if (r.target?.dynamic || r.heredoc?.dynamic) return null;
    // A here-string's text is data like an operand; a heredoc is named (its body is not).
    if (r.op === "<<<") operands.add("stdin:text");
    else if (r.heredoc || r.op === "<<" || r.op === "<<-") operands.add("stdin:heredoc");
    else if (r.target) operands.add(`redirect:${operandShape(r.target.value, u.cwd, env)}`);
  }
  // Environment set for the command changes what it does: each name is part of the shape.
  for (const a of u.assigns) {
    if (a.value?.dynamic) return null;
    options.add(`${a.name}=`);
  }
  // A program named by a path is that file, not whatever else has its name.
  const first = u.argv[0].value;
  const program = first.includes("/")
    ? resolve(expandHome(first, env.home), u.cwd) ?? first
    : u.name;
  return {
    rule,
    program,
    sub,
    options: [...options].sort(),
    operands: [...operands].sort(),
    effects: [...eff].sort(),
  };
}

function effectTarget(e: EffectTrace): string {
  if (e.effect === "network" || e.effect === "upload") {
    return (hostOf(e.target) ?? e.target).toLowerCase();
  }
  if (e.effect.startsWith("exec")) return e.target;
  return e.effect === "rule" ? e.target : "unknown";
}

/** The shape of a tool's arguments (file, web, MCP and other tools): `key=kind`, sorted. */
export function argShape(input: unknown, cwd: string | null, env: ZoneEnv): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, key: string, depth: number) => {
    if (depth > 6 || out.size > 200) {
      out.add(`${key}=deep`);
      return;
    }
    if (typeof v === "string") out.add(`${key}=${operandShape(v, cwd, env)}`);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, `${key}[]`, depth + 1));
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        walk(x, key ? `${key}.${k}` : k, depth + 1);
      }
    } else out.add(`${key}=${v === null ? "null" : typeof v}`);
  };
  walk(input, "", 0);
  return [...out].sort();
}

/** The shape of a whole asked call. */
export interface CallShape {
  /** shell, file:<op>, web, or the tool's name (MCP and other tools). */
  tool: string;
  /** The rule the call asked with. */
  rule: string;
  risk: Risk;
  /** Shell: the shape of every simple command that asked. */
  units: UnitShape[];
  /** Other tools: their arguments reduced to kinds. */
  args: string[];
}

/** Is zone `a` no stricter than zone `b`? */
export function zoneWithin(a: string, b: string): boolean {
  const ia = (ZONE_STRICTNESS as readonly string[]).indexOf(a);
  const ib = (ZONE_STRICTNESS as readonly string[]).indexOf(b);
  if (ia < 0 || ib < 0) return a === b;
  return ia <= ib;
}
