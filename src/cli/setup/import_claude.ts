/**
 * `guard import-claude-permissions [--settings PATH]… [--dry-run]`: reads
 * Claude Code's `permissions.allow/ask/deny` and merges equivalent guard rules
 * into `~/.aiguard/policy.toml` (deny → block, ask → ask, allow → allow).
 *
 * Each Claude rule becomes one linear-time regex over the text guard matches
 * (shell commands per simple command; `<Tool> <absolute path>`, `WebFetch
 * <url>`, `mcp__<server>__<tool> <JSON>`). A shape guard cannot express
 * faithfully is skipped and reported, never guessed; where a restrictive rule
 * (deny, ask) cannot be placed exactly it may be widened, never narrowed, and
 * that is reported too.
 *
 * The imported rules live in the top-level `block`, `ask` and `allow` arrays,
 * between marker comments inside each array. A run replaces what is between
 * the markers (so a rule removed from Claude's settings disappears on the next
 * run) and changes nothing outside those arrays (inside them, at most a comma
 * after the user's last entry); rules the user already has outside the
 * markers are not repeated.
 */
import { compileLinear, compilePolicy, PolicyError } from "../../policy/user_policy.ts";
import { policyPath } from "../../state/policy_file.ts";
import { checkInfo, ensureStateDir, stateDirFor, StateError } from "../../state/state_dir.ts";
import { applyEdit, isPermissionError, readOrEmpty, resolveUserPath } from "./config_edit.ts";
import { err, out, printable } from "../io.ts";

const USAGE = "usage: guard import-claude-permissions [--settings PATH]… [--dry-run]";

export const BEGIN_MARKER =
  "# --- imported from Claude Code permissions (guard import-claude-permissions) ---";
export const END_MARKER = "# --- end of import ---";

export type ClaudeKind = "allow" | "ask" | "deny";
export type GuardKind = "block" | "ask" | "allow";
export const KIND_MAP: Record<ClaudeKind, GuardKind> = {
  deny: "block",
  ask: "ask",
  allow: "allow",
};

/** Where a rule's relative paths are resolved. */
export interface RuleContext {
  home: string;
  /** The project a project settings file belongs to; null for the user's settings. */
  projectDir: string | null;
}

export type Translation = { regex: string; note?: string } | { skip: string };

/** The tools guard sees for Claude's Read rules (Claude applies them to Grep, Glob, LS too). */
export const READ_TOOLS = ["Read", "Glob", "Grep", "LS", "NotebookRead"];
/** The tools guard sees for Claude's Edit (and Write) rules: every built-in file editor. */
export const EDIT_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit"];
/** Read-only tools: a bare allow of them is redundant in guard (see translateRule). */
const READ_ONLY_BARE = new Set(["Read", "Glob", "Grep", "LS"]);
/** Words that start guard's texts for non-shell tools: a shell allow must not start with them. */
const TOOL_WORDS =
  /^(Read|Write|Edit|MultiEdit|NotebookEdit|NotebookRead|Glob|Grep|LS|WebFetch|WebSearch|mcp__\S*)( |$)/;

/** Escapes regex metacharacters (not `/` or `-`, which need none here). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

type Token = { lit: string } | { star: true };

/** Splits a Claude Bash specifier into literal text and `*` wildcards (`\*` is a literal star). */
function bashTokens(spec: string): Token[] {
  const tokens: Token[] = [];
  let lit = "";
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c === "\\" && (spec[i + 1] === "*" || spec[i + 1] === "\\")) {
      lit += spec[++i];
    } else if (c === "*") {
      if (lit) tokens.push({ lit });
      lit = "";
      tokens.push({ star: true });
    } else lit += c;
  }
  if (lit) tokens.push({ lit });
  return tokens;
}

/** `Bash(<spec>)` → a regex over one simple command. */
export function bashRegex(spec: string, kind: ClaudeKind): Translation {
  const s = spec.trim();
  if (s === "") return { skip: "empty Bash() specifier" };
  let body: string;
  let leadingStar = false;
  const legacy = /^(.*):\*$/s.exec(s);
  if (legacy) {
    // `npm run test:*`: the prefix, then nothing or a space and anything (a word boundary).
    const prefix = legacy[1].trimEnd();
    if (prefix === "" || /^[\s*]*$/.test(prefix)) {
      return { skip: "matches every command (guard cannot limit that to shell calls)" };
    }
    const pt = bashTokens(prefix);
    if (pt.some((t) => "star" in t)) {
      return { skip: "a wildcard before :* is not a Claude prefix rule" };
    }
    body = `${escapeRegex(pt.map((t) => ("lit" in t ? t.lit : "")).join(""))}( .*)?`;
  } else {
    const tokens = bashTokens(s);
    const stars = tokens.filter((t) => "star" in t).length;
    if (tokens.every((t) => "star" in t || t.lit.trim() === "")) {
      return { skip: "matches every command (guard cannot limit that to shell calls)" };
    }
    leadingStar = "star" in tokens[0];
    const last = tokens[tokens.length - 1];
    const beforeLast = tokens[tokens.length - 2];
    if (
      stars === 1 && "star" in last && beforeLast && "lit" in beforeLast &&
      /\s$/.test(beforeLast.lit)
    ) {
      // `ls *`: a single trailing ` *` is optional (matches `ls` and `ls -la`, not `lsof`).
      body = `${escapeRegex(beforeLast.lit.trimEnd())}( .*)?`;
      tokens.splice(-2, 2);
      body = tokens.map((t) => ("star" in t ? ".*" : escapeRegex(t.lit))).join("") + body;
    } else {
      body = tokens.map((t) => ("star" in t ? ".*" : escapeRegex(t.lit))).join("");
    }
  }
  if (kind === "allow") {
    if (leadingStar) {
      return { skip: "an allow starting with * would also match other tools' calls" };
    }
    const word = TOOL_WORDS.exec(s);
    if (word) {
      return { skip: `an allow starting with "${word[1]}" would also match that tool's calls` };
    }
  }
  return { regex: `^${body}$` };
}

/** Converts a gitignore-style glob (after its base) to regex text. */
function globToRegex(glob: string): string {
  let outText = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\" && i + 1 < glob.length) {
      outText += escapeRegex(glob[++i]);
    } else if (glob.startsWith("/**/", i)) {
      outText += "/(.*/)?";
      i += 3;
    } else if (glob.startsWith("**", i)) {
      outText += ".*";
      i += 1;
    } else if (c === "*") outText += "[^/]*";
    else if (c === "?") outText += "[^/]";
    else outText += escapeRegex(c);
  }
  return outText;
}

/** Resolves leading `../` against `dir`; null when `..` appears elsewhere. */
function climb(dir: string, rel: string): { dir: string; rel: string } | null {
  while (rel.startsWith("../")) {
    dir = dir.replace(/\/[^/]*$/, "") || "/";
    rel = rel.slice(3);
  }
  if (rel.split("/").some((seg) => seg === "..")) return null;
  return { dir: dir.replace(/\/+$/, ""), rel };
}

/**
 * A Claude path pattern (gitignore syntax) → regex text for the absolute path:
 * `//abs` absolute, `~/` the home directory, `/p` and `./p` the project
 * directory, a bare `name` (no inner slash) at any depth below it. `**` spans
 * directories, `*` and `?` stay within one. A pattern also covers what is
 * inside a matched directory, as in gitignore.
 */
export function pathRegex(spec: string, ctx: RuleContext, kind: ClaudeKind): Translation {
  const p = spec.trim();
  if (p === "") return { skip: "empty path" };
  if (p.startsWith("!")) return { skip: "negated patterns are not translated" };
  if (/(^|[^\\])[[\]]/.test(p)) return { skip: "character classes ([…]) are not translated" };
  let base: string;
  let rest: string;
  let note: string | undefined;
  if (p.startsWith("//")) {
    base = "";
    rest = p.slice(1);
  } else if (p === "~" || p.startsWith("~/")) {
    base = ctx.home.replace(/\/+$/, "");
    rest = p.slice(1);
  } else if (p.startsWith("~")) {
    return { skip: "~user paths are not translated" };
  } else {
    let rel: string;
    let anchored: boolean;
    if (p.startsWith("/")) {
      rel = p.slice(1);
      anchored = true;
    } else if (p.startsWith("./")) {
      rel = p.slice(2);
      anchored = true;
    } else {
      rel = p;
      anchored = rel.replace(/\/+$/, "").includes("/");
    }
    if (ctx.projectDir) {
      const c = climb(ctx.projectDir, rel);
      if (!c) return { skip: "'..' inside a path is not translated" };
      base = c.dir === "/" ? "" : c.dir;
      rest = (anchored ? "/" : "/**/") + c.rel;
    } else {
      if (kind === "allow") {
        return {
          skip: "a relative path in the user's settings depends on the project (use ~/ or //)",
        };
      }
      if (rel.split("/").some((seg) => seg === "..")) {
        return { skip: "'..' inside a path is not translated" };
      }
      base = "";
      rest = "/**/" + rel;
      note = "relative path in the user's settings: widened to every directory";
    }
  }
  if (rest.split("/").some((seg) => seg === "..")) {
    return { skip: "'..' inside a path is not translated" };
  }
  let suffix = "(/.*)?";
  if (rest.endsWith("/**")) {
    rest = rest.slice(0, -3);
    suffix = "/.*";
  } else if (rest.length > 1 && rest.endsWith("/")) {
    rest = rest.replace(/\/+$/, "");
    suffix = "/.*";
  }
  if (base === "" && (rest === "" || rest === "/")) {
    if (kind === "allow") return { skip: "an allow for every path is not imported" };
    return { regex: "/.*", ...(note ? { note } : {}) };
  }
  const body = escapeRegex(base) + globToRegex(rest) + suffix;
  return { regex: body, ...(note ? { note } : {}) };
}

/** Letters as `[aA]` classes: guard's rules have no case-insensitive flag. */
function foldCase(s: string): string {
  return s.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

/** `WebFetch(domain:<host>)` / `domain:*.<host>` → a regex over `WebFetch <url>`. */
export function domainRegex(spec: string, kind: ClaudeKind): Translation {
  const m =
    /^domain:(\*\.)?([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)$/
      .exec(spec.trim());
  if (!m) return { skip: "only WebFetch(domain:<host>) and domain:*.<host> are translated" };
  // Deny and ask also catch upper-case spellings; an allow stays exact (lower case).
  const restrictive = kind !== "allow";
  const host = escapeRegex(m[2].toLowerCase());
  const scheme = restrictive ? `${foldCase("http")}[sS]?` : "https?";
  const userinfo = "([^/?#@\\\\]*@)?";
  const sub = m[1] ? "([^/?#@\\\\:]*\\.)?" : "";
  return {
    regex: `^WebFetch ${scheme}://${userinfo}${sub}${restrictive ? foldCase(host) : host}\\.?` +
      "(:[0-9]*)?([/?#].*)?$",
  };
}

/** One Claude permission rule → one guard regex, or why it was skipped. */
export function translateRule(rule: string, kind: ClaudeKind, ctx: RuleContext): Translation {
  const r = rule.trim();
  if (r.startsWith("mcp__")) {
    const m = /^mcp__([A-Za-z0-9_.-]+?)(?:__(.+))?$/.exec(r);
    if (!m) return { skip: "unknown MCP rule shape" };
    const server = escapeRegex(m[1]);
    if (m[2] === undefined || m[2] === "*") return { regex: `^mcp__${server}__` };
    if (!/^[A-Za-z0-9_.-]+$/.test(m[2])) return { skip: "MCP tool wildcards are not translated" };
    return { regex: `^mcp__${server}__${escapeRegex(m[2])} ` };
  }
  const m = /^([A-Za-z][A-Za-z0-9_]*)(?:\((.*)\))?$/s.exec(r);
  if (!m) return { skip: "unknown rule shape" };
  const [, tool, spec] = m;
  if (spec === undefined) {
    if (tool === "Bash") {
      return { skip: "a bare Bash rule covers every command (guard cannot limit that to shell)" };
    }
    if (kind === "allow") {
      if (READ_ONLY_BARE.has(tool)) {
        // guard allows ordinary reads already; `^Read ` would only lift its asks for
        // credential files (~/.ssh, ~/.aws, .env, …).
        return {
          skip:
            `guard allows ordinary ${tool} calls already; an allow for every one would lift its asks for credential files`,
        };
      }
      return { skip: `allowing every ${tool} call is not imported` };
    }
    if (tool === "Read") return { regex: `^(${READ_TOOLS.join("|")}) ` };
    if (tool === "Edit" || tool === "Write") return { regex: `^(${EDIT_TOOLS.join("|")}) ` };
    return { regex: `^${tool}( |$)` };
  }
  switch (tool) {
    case "Bash":
      return bashRegex(spec, kind);
    case "Read":
    case "Edit":
    case "Write": {
      const t = pathRegex(spec, ctx, kind);
      if ("skip" in t) return t;
      const tools = tool === "Read" ? READ_TOOLS : EDIT_TOOLS;
      return { ...t, regex: `^(${tools.join("|")}) ${t.regex}$` };
    }
    case "WebFetch":
      return domainRegex(spec, kind);
  }
  return { skip: `${tool}(…) rules are not translated` };
}

/** The project directory of a settings file: null for the user's own settings. */
export function projectDirOf(settingsPath: string, home: string): string | null {
  const h = home.replace(/\/+$/, "");
  const dir = settingsPath.replace(/\/[^/]*$/, "");
  if (dir === `${h}/.claude`) return null;
  if (dir.endsWith("/.claude")) return dir.slice(0, -"/.claude".length) || "/";
  return dir || "/";
}

export interface ImportedRule {
  kind: GuardKind;
  regex: string;
  rule: string;
  source: string;
  note?: string;
}

export interface SkippedRule {
  kind: ClaudeKind;
  rule: string;
  source: string;
  reason: string;
}

/** Translates the `permissions` of one parsed settings file. */
export function translateSettings(
  settings: unknown,
  source: string,
  ctx: RuleContext,
): { imported: ImportedRule[]; skipped: SkippedRule[] } {
  const imported: ImportedRule[] = [];
  const skipped: SkippedRule[] = [];
  const perms = (settings as { permissions?: unknown } | null)?.permissions;
  if (!perms || typeof perms !== "object" || Array.isArray(perms)) return { imported, skipped };
  for (const kind of ["deny", "ask", "allow"] as const) {
    const list = (perms as Record<string, unknown>)[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      skipped.push({ kind, rule: `permissions.${kind}`, source, reason: "not a list" });
      continue;
    }
    for (const rule of list) {
      if (typeof rule !== "string") {
        skipped.push({ kind, rule: JSON.stringify(rule), source, reason: "not a string" });
        continue;
      }
      const t = translateRule(rule, kind, ctx);
      if ("skip" in t) {
        skipped.push({ kind, rule, source, reason: t.skip });
        continue;
      }
      const re = compileLinear(t.regex);
      if (typeof re === "string") {
        if (/v8-flags/.test(re)) throw new Error(re);
        skipped.push({ kind, rule, source, reason: re });
        continue;
      }
      imported.push({
        kind: KIND_MAP[kind],
        regex: t.regex,
        rule,
        source,
        ...(t.note ? { note: t.note } : {}),
      });
    }
  }
  return { imported, skipped };
}

// ---------------------------------------------------------------------------
// policy.toml: find the top-level arrays and edit only them.

interface ArraySpan {
  /** Offset of the key. */
  keyAt: number;
  /** Offset of `[` and of the matching `]`. */
  open: number;
  close: number;
  /** Elements: offsets of their source text. */
  elements: { start: number; end: number }[];
  /** Whether a comma follows the last element. */
  trailingComma: boolean;
  /** Comments inside the array: offset of `#` and the comment text. */
  comments: { at: number; text: string }[];
}

interface TopLevel {
  arrays: Map<string, ArraySpan>;
  /** Offset of the first table header line (text.length when there is none). */
  headerAt: number;
}

class Scanner {
  i = 0;
  constructor(readonly t: string) {}

  skipLineSpace(): void {
    while (this.t[this.i] === " " || this.t[this.i] === "\t") this.i++;
  }

  /** Skips whitespace, newlines and comments, recording comments. */
  skipAll(comments?: { at: number; text: string }[]): void {
    for (;;) {
      const c = this.t[this.i];
      if (c === " " || c === "\t" || c === "\r" || c === "\n") this.i++;
      else if (c === "#") {
        const at = this.i;
        while (this.i < this.t.length && this.t[this.i] !== "\n") this.i++;
        comments?.push({ at, text: this.t.slice(at, this.i).replace(/\r$/, "") });
      } else return;
    }
  }

  string(): void {
    const t = this.t;
    const q = t[this.i];
    if (t.startsWith(q.repeat(3), this.i)) {
      this.i += 3;
      while (this.i < t.length) {
        if (q === '"' && t[this.i] === "\\") {
          this.i += 2;
          continue;
        }
        if (t.startsWith(q.repeat(3), this.i)) {
          this.i += 3;
          // Up to two more quotes belong to the string.
          for (let k = 0; k < 2 && t[this.i] === q; k++) this.i++;
          return;
        }
        this.i++;
      }
      return;
    }
    this.i++;
    while (this.i < t.length && t[this.i] !== q) {
      if (q === '"' && t[this.i] === "\\") this.i++;
      this.i++;
    }
    this.i++;
  }

  /** Skips one value; for arrays, returns their shape. */
  value(): Omit<ArraySpan, "keyAt"> | null {
    const t = this.t;
    const c = t[this.i];
    if (c === '"' || c === "'") {
      this.string();
      return null;
    }
    if (c === "[") {
      const open = this.i++;
      const elements: { start: number; end: number }[] = [];
      const comments: { at: number; text: string }[] = [];
      let trailingComma = false;
      for (;;) {
        this.skipAll(comments);
        if (this.i >= t.length) break;
        if (t[this.i] === "]") break;
        const start = this.i;
        this.value();
        elements.push({ start, end: this.i });
        trailingComma = false;
        this.skipAll(comments);
        if (t[this.i] === ",") {
          this.i++;
          trailingComma = true;
        }
      }
      const close = this.i++;
      return { open, close, elements, trailingComma, comments };
    }
    if (c === "{") {
      let depth = 0;
      while (this.i < t.length) {
        const d = t[this.i];
        if (d === '"' || d === "'") {
          this.string();
          continue;
        }
        if (d === "{" || d === "[") depth++;
        if (d === "}" || d === "]") depth--;
        this.i++;
        if (depth === 0) return null;
      }
      return null;
    }
    while (this.i < t.length && !/[\s,\]}#]/.test(t[this.i])) this.i++;
    return null;
  }
}

/** Finds the top-level `block`, `ask` and `allow` arrays of a valid TOML text. */
function scanTopLevel(text: string): TopLevel {
  const s = new Scanner(text);
  const arrays = new Map<string, ArraySpan>();
  for (;;) {
    s.skipAll();
    if (s.i >= text.length) return { arrays, headerAt: text.length };
    if (text[s.i] === "[") {
      return { arrays, headerAt: text.lastIndexOf("\n", s.i - 1) + 1 };
    }
    const keyAt = s.i;
    let parts = 0;
    let name = "";
    while (s.i < text.length && text[s.i] !== "=") {
      const c = text[s.i];
      if (c === '"' || c === "'") {
        const from = s.i;
        s.string();
        name = text.slice(from + 1, s.i - 1);
        parts++;
      } else if (c === ".") {
        parts++;
        s.i++;
      } else if (c === " " || c === "\t") s.i++;
      else {
        const from = s.i;
        while (s.i < text.length && /[A-Za-z0-9_-]/.test(text[s.i])) s.i++;
        if (s.i === from) s.i++;
        name = text.slice(from, s.i);
        parts++;
      }
    }
    s.i++; // '='
    s.skipLineSpace();
    const v = s.value();
    if (v && parts === 1 && (name === "block" || name === "ask" || name === "allow")) {
      arrays.set(name, { keyAt, ...v });
    }
    // The rest of the line: spaces and perhaps a comment.
    while (s.i < text.length && text[s.i] !== "\n") s.i++;
  }
}

/** A TOML string for a regex: a literal string when possible (no escaping of `\`). */
export function tomlString(s: string): string {
  // deno-lint-ignore no-control-regex -- control characters need a basic string
  if (!/['\x00-\x1f\x7f]/.test(s)) return `'${s}'`;
  return JSON.stringify(s);
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const e = text.indexOf("\n", at);
  return e < 0 ? text.length : e + 1;
}

export interface MergeResult {
  text: string;
  /** Per kind: the user's own entries (outside the markers) and the imported ones written. */
  user: Record<GuardKind, string[]>;
  imported: Record<GuardKind, string[]>;
}

/**
 * Merges `wanted` (per kind, in order) into the policy text: each top-level
 * array keeps the user's entries and gets the imported ones not already there
 * between the markers. `text` must be valid TOML (the caller parsed it).
 */
export async function mergePolicyText(
  text: string,
  wanted: Record<GuardKind, string[]>,
): Promise<MergeResult> {
  const { parse } = await import("smol-toml");
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const top = scanTopLevel(text);
  const edits: { at: number; end: number; insert: string; seq: number }[] = [];
  const edit = (at: number, end: number, insert: string) =>
    edits.push({ at, end, insert, seq: edits.length });
  const user = { block: [], ask: [], allow: [] } as Record<GuardKind, string[]>;
  const imported = { block: [], ask: [], allow: [] } as Record<GuardKind, string[]>;
  const newArrays: string[] = [];
  const block = (entries: string[], indent: string) =>
    [
      indent + BEGIN_MARKER,
      ...entries.map((e) => `${indent}${tomlString(e)},`),
      indent + END_MARKER,
    ]
      .map((l) => l + eol).join("");
  for (const kind of ["block", "ask", "allow"] as const) {
    const span = top.arrays.get(kind);
    let begin: number | null = null;
    let end: number | null = null;
    if (span) {
      for (const c of span.comments) {
        if (c.text.trim() === BEGIN_MARKER && begin === null) begin = c.at;
        else if (c.text.trim() === END_MARKER && begin !== null && end === null) end = c.at;
      }
      if (begin === null || end === null) begin = end = null;
      for (const el of span.elements) {
        if (begin !== null && end !== null && el.start > begin && el.start < end) continue;
        const v = (parse(`v = ${text.slice(el.start, el.end)}`) as { v: unknown }).v;
        if (typeof v === "string") user[kind].push(v);
      }
    }
    const add = [...new Set(wanted[kind])].filter((r) => !user[kind].includes(r));
    imported[kind] = add;
    if (span && begin !== null && end !== null) {
      const from = lineStart(text, begin);
      const to = lineEnd(text, end);
      const indent = text.slice(from, begin);
      const onlyOurs = user[kind].length === 0 && span.comments.length === 2 &&
        span.elements.every((el) => el.start > begin! && el.start < end!);
      if (!add.length && onlyOurs && text.slice(to, span.close).trim() === "") {
        // The whole assignment was written by an earlier import: take it out again.
        const a = lineStart(text, span.keyAt);
        let b = lineEnd(text, span.close);
        // …with the blank line an import put after it.
        const blankBefore = a === 0 || /\n\r?\n$/.test(text.slice(0, a));
        const next = /^\r?\n/.exec(text.slice(b));
        if (blankBefore && next) b += next[0].length;
        edit(a, b, "");
      } else edit(from, to, add.length ? block(add, indent) : "");
    } else if (span && add.length) {
      const last = span.elements[span.elements.length - 1];
      if (last && !span.trailingComma) edit(last.end, last.end, ",");
      const closeLine = lineStart(text, span.close);
      if (text.slice(closeLine, span.close).trim() === "") {
        edit(closeLine, closeLine, block(add, "  "));
      } else edit(span.close, span.close, eol + block(add, "  "));
    } else if (!span && add.length) {
      newArrays.push(`${kind} = [${eol}${block(add, "  ")}]${eol}`);
    }
  }
  if (newArrays.length) {
    let at = top.headerAt;
    if (at < text.length) {
      // Keep a comment block that introduces the first table with it.
      while (at > 0) {
        const prev = lineStart(text, at - 1);
        if (!text.slice(prev, at).trimStart().startsWith("#")) break;
        at = prev;
      }
    }
    let insert = newArrays.join("");
    if (at > 0 && !text.slice(0, at).endsWith("\n")) insert = eol + insert;
    if (at < text.length && text.slice(at).trim() !== "") insert += eol;
    edit(at, at, insert);
  }
  // From the end backwards; at one offset, the later edit first (it lands after the earlier).
  edits.sort((a, b) => b.at - a.at || b.seq - a.seq);
  let next = text;
  for (const e of edits) next = next.slice(0, e.at) + e.insert + next.slice(e.end);
  return { text: next, user, imported };
}

// ---------------------------------------------------------------------------
// The command.

function readHint(path: string): string {
  return `guard has no permission to read ${path} (its flags grant only ~/.aiguard and the ` +
    `agents' configuration directories in your home). Run guard with --allow-read=${path} added ` +
    `to its flags, or copy the rules into ~/.claude/settings.json.`;
}

export async function runImportClaude(args: string[]): Promise<number> {
  let dryRun = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--dry-run") dryRun = true;
    else if (a === "--settings" || a.startsWith("--settings=")) {
      const v = a === "--settings" ? args[++i] : a.slice("--settings=".length);
      if (!v) {
        err(`guard import-claude-permissions: --settings needs a path\n${USAGE}`);
        return 2;
      }
      files.push(v);
    } else {
      err(`guard import-claude-permissions: unexpected ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    }
  }
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) {
    err("guard import-claude-permissions: HOME is not set to an absolute path");
    return 2;
  }
  const sources = files.length
    ? files.map((f) => resolveUserPath(f, home))
    : [`${home}/.claude/settings.json`];
  const imported: ImportedRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const path of sources) {
    let text: string;
    try {
      text = Deno.readTextFileSync(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) {
        err(`guard import-claude-permissions: ${path} does not exist`);
      } else if (isPermissionError(e)) {
        err(`guard import-claude-permissions: cannot read ${path}`);
        err(readHint(path));
      } else {
        err(`guard import-claude-permissions: cannot read ${path}: ${(e as Error).message}`);
      }
      return 2;
    }
    let settings: unknown;
    try {
      settings = JSON.parse(text);
    } catch (e) {
      err(
        `guard import-claude-permissions: ${path} is not valid JSON: ${
          (e as Error).message.split("\n")[0]
        }`,
      );
      return 2;
    }
    try {
      const t = translateSettings(settings, path, { home, projectDir: projectDirOf(path, home) });
      imported.push(...t.imported);
      skipped.push(...t.skipped);
    } catch (e) {
      err(`guard import-claude-permissions: ${(e as Error).message}`);
      return 2;
    }
  }

  const stateDir = stateDirFor(home);
  const file = policyPath(stateDir);
  try {
    // A dry run creates nothing, not even the state directory.
    if (ensureStateDir(stateDir, !dryRun)) {
      try {
        checkInfo(file, Deno.lstatSync(file), false);
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      }
    }
  } catch (e) {
    if (e instanceof StateError) {
      err(`guard import-claude-permissions: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const before = readOrEmpty(file);
  const { parse } = await import("smol-toml");
  try {
    parse(before);
  } catch (e) {
    err(
      `guard import-claude-permissions: ${file} does not parse (${
        (e as Error).message.split("\n")[0]
      }); fix it first`,
    );
    return 2;
  }
  const wanted: Record<GuardKind, string[]> = { block: [], ask: [], allow: [] };
  for (const r of imported) wanted[r.kind].push(r.regex);
  const merged = await mergePolicyText(before, wanted);
  try {
    const data = parse(merged.text) as Record<string, unknown>;
    for (const kind of ["block", "ask", "allow"] as const) {
      const expect = [...merged.user[kind], ...merged.imported[kind]];
      const got = (data[kind] as unknown[] | undefined) ?? [];
      if (JSON.stringify(got) !== JSON.stringify(expect)) {
        throw new Error(`the merged "${kind}" array is not what was intended`);
      }
    }
    const ids = data.secrets === undefined
      ? null
      : new Set((await import("../../detect/secrets.ts")).SECRET_RULES.map((r) => r.id));
    compilePolicy(data, file, merged.text, ids);
  } catch (e) {
    const why = e instanceof PolicyError ? e.message : (e as Error).message.split("\n")[0];
    err(
      `guard import-claude-permissions: the merged policy would be invalid, nothing written: ${why}`,
    );
    return 2;
  }
  const edit = applyEdit(file, before, merged.text, dryRun);
  if (edit.diff) out(edit.diff);
  const n = (k: GuardKind) => merged.imported[k].length;
  const already = (k: GuardKind) =>
    [...new Set(wanted[k])].filter((r) => merged.user[k].includes(r)).length;
  const dup = already("allow") + already("ask") + already("block");
  out(
    `imported ${n("allow")} allow / ${n("ask")} ask / ${n("block")} block from ${sources.length} ` +
      `settings file${sources.length === 1 ? "" : "s"}${
        dup ? ` (${dup} already in your own rules)` : ""
      }`,
  );
  for (const r of imported) {
    if (r.note) out(`  note: ${printable(r.rule)} → ${printable(r.regex)}: ${r.note}`);
  }
  if (imported.some((r) => r.kind === "allow" && /^(Read|Edit|Write)\(/.test(r.rule))) {
    out(
      "  note: an imported file allow also lifts guard's own asks (credential files, shell " +
        "start-up files, …) for the paths it covers",
    );
  }
  if (skipped.length) {
    out(`skipped ${skipped.length}:`);
    for (const s of skipped) out(`  ${s.kind} ${printable(s.rule)}: ${s.reason}`);
  }
  if (!edit.changed) out(`${file}: nothing to change`);
  else if (dryRun) out("dry run: nothing written");
  else {
    if (edit.backup) out(`backup: ${edit.backup}`);
    out(`updated ${file}`);
  }
  return 0;
}
