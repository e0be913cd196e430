/**
 * `guard mcp wrap` for Codex's `config.toml`: every `[mcp_servers.<name>]` table with a
 * `command` runs behind `guard proxy`. The file is edited as text, byte-exact outside the two
 * values that change (`command` and `args`), so comments, ordering and formatting survive; the
 * values are found by a small TOML scanner (strings, arrays, inline tables and comments) and the
 * result is parsed again with smol-toml and checked before anything is written.
 *
 * A wrapped table carries one comment line above its `command`,
 * `# aiguard-original: {"command": <text>, "args": <text or null>}`, holding the exact source
 * text of both values: `--unwrap` puts them back byte for byte (and removes an `args` line guard
 * added). Without that line (it was deleted) the original is rebuilt from the wrapped args.
 * Remote tables (`url`) and inline tables are left alone and reported.
 */
import { parse } from "smol-toml";
import type { Launcher } from "../flags.ts";

type Obj = Record<string, unknown>;

/** What happened to one server (mcp_wrap.ts's ServerReport). */
export interface ServerReport {
  scope: string | null;
  name: string;
  status: "wrapped" | "rewrapped" | "already wrapped" | "unwrapped" | "not wrapped" | "skipped";
  reason?: string;
}

/** mcp_wrap.ts's recognition of a wrapped entry and its proxy names, passed in (no import circle). */
export interface WrapKnowledge {
  launcherFor: (cmd: string) => Launcher;
  wrappedShape: (
    entry: Obj,
    current?: Launcher,
  ) => { proxyAt: number; dashAt: number; command: string; args: string[] } | null;
  proxyName: (name: string) => string;
}

export const TOML_MARKER = "# aiguard-original: ";

/** A `key = value` line of the file, with the source spans of its value. */
interface KeyValue {
  /** The table header it is under (dotted keys, unquoted); [] at the top. */
  table: string[];
  key: string;
  lineStart: number;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
  /** After the line's newline (or the end of the text). */
  lineEnd: number;
}

interface Header {
  table: string[];
  start: number;
  /** After the header line's newline. */
  end: number;
}

/** The text of a dotted key (`a."b.c".d`) as its parts. */
function dotted(s: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    while (s[i] === " " || s[i] === "\t") i++;
    if (s[i] === '"') {
      let j = i + 1;
      while (j < n && s[j] !== '"') j += s[j] === "\\" ? 2 : 1;
      try {
        out.push(JSON.parse(s.slice(i, j + 1)));
      } catch {
        return null;
      }
      i = j + 1;
    } else if (s[i] === "'") {
      const j = s.indexOf("'", i + 1);
      if (j < 0) return null;
      out.push(s.slice(i + 1, j));
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(s.slice(i));
      if (!m) return null;
      out.push(m[0]);
      i += m[0].length;
    }
    while (s[i] === " " || s[i] === "\t") i++;
    if (i < n) {
      if (s[i] !== ".") return null;
      i++;
    }
  }
  return out;
}

/** Where the string starting at `i` ends (after its closing quote). */
function skipString(t: string, i: number): number {
  const q = t[i];
  if (t.startsWith(q.repeat(3), i)) {
    let j = i + 3;
    for (;;) {
      const k = t.indexOf(q.repeat(3), j);
      if (k < 0) throw new Error("unterminated multi-line string");
      if (q === '"') {
        let bs = 0;
        for (let b = k - 1; b >= i + 3 && t[b] === "\\"; b--) bs++;
        if (bs % 2) {
          j = k + 1;
          continue;
        }
      }
      let end = k + 3;
      while (t[end] === q && end - k < 5) end++; // up to two quotes may end the content
      return end;
    }
  }
  let j = i + 1;
  while (j < t.length && t[j] !== q && t[j] !== "\n") j += q === '"' && t[j] === "\\" ? 2 : 1;
  if (t[j] !== q) throw new Error("unterminated string");
  return j + 1;
}

/** The headers and key/value lines of a TOML text (never the contents of strings). */
export function scanToml(t: string): { headers: Header[]; kvs: KeyValue[] } {
  const headers: Header[] = [];
  const kvs: KeyValue[] = [];
  let table: string[] = [];
  let i = 0;
  const n = t.length;
  const eol = (from: number) => {
    const k = t.indexOf("\n", from);
    return k < 0 ? n : k + 1;
  };
  while (i < n) {
    const lineStart = i;
    while (t[i] === " " || t[i] === "\t") i++;
    if (i >= n) break;
    const c = t[i];
    if (c === "\n" || c === "\r" || c === "#") {
      i = eol(i);
      continue;
    }
    if (c === "[") {
      const arr = t[i + 1] === "[";
      const close = t.indexOf(arr ? "]]" : "]", i);
      if (close < 0) throw new Error("unterminated table header");
      const parts = dotted(t.slice(i + (arr ? 2 : 1), close));
      if (!parts) throw new Error("table header not understood");
      table = arr ? [...parts, "[]"] : parts;
      const end = eol(close);
      headers.push({ table, start: lineStart, end });
      i = end;
      continue;
    }
    // key = value
    let j = i;
    while (j < n && t[j] !== "=" && t[j] !== "\n") {
      if (t[j] === '"' || t[j] === "'") j = skipString(t, j);
      else j++;
    }
    if (t[j] !== "=") throw new Error("a line that is neither a table nor key = value");
    const key = t.slice(i, j).trim();
    let v = j + 1;
    while (t[v] === " " || t[v] === "\t") v++;
    let depth = 0;
    let k = v;
    let last = v;
    while (k < n) {
      const ch = t[k];
      if (ch === '"' || ch === "'") {
        k = skipString(t, k);
        last = k;
        continue;
      }
      if (ch === "#") {
        k = t.indexOf("\n", k);
        if (k < 0) k = n;
        continue;
      }
      if (ch === "\n") {
        if (depth === 0) break;
        k++;
        continue;
      }
      if (ch === "[" || ch === "{") depth++;
      else if (ch === "]" || ch === "}") depth--;
      if (ch !== " " && ch !== "\t" && ch !== "\r") last = k + 1;
      k++;
    }
    kvs.push({
      table,
      key,
      lineStart,
      keyStart: i,
      valueStart: v,
      valueEnd: last,
      lineEnd: k < n ? k + 1 : n,
    });
    i = k < n ? k + 1 : n;
  }
  return { headers, kvs };
}

/** A TOML basic string (JSON's escapes are TOML's). */
export function tomlString(s: string): string {
  return JSON.stringify(s).replace(/\u007f/g, "\\u007f");
}

export function tomlArray(a: string[]): string {
  return `[${a.map(tomlString).join(", ")}]`;
}

export interface TomlWrapResult {
  text: string;
  changed: boolean;
  servers: ServerReport[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Wraps or unwraps the `[mcp_servers.<name>]` tables of a Codex `config.toml` (see the module
 * comment). Throws when the text is not TOML or the result does not parse back as intended.
 */
export function transformToml(
  text: string,
  opts: { unwrap: boolean; only?: string[]; workspace?: string } & WrapKnowledge,
): TomlWrapResult {
  const { wrappedShape, proxyName } = opts;
  const parsed = parse(text) as Obj;
  const servers: ServerReport[] = [];
  const table = parsed.mcp_servers;
  if (!table || typeof table !== "object") return { text, changed: false, servers };
  const { headers, kvs } = scanToml(text);
  const nl = text.includes("\r\n") ? "\r\n" : "\n";
  const edits: Edit[] = [];
  const expect: [string, string, string[]][] = [];
  for (const [name, entry] of Object.entries(table as Obj)) {
    if (opts.only && !opts.only.includes(name)) continue;
    const report = (status: ServerReport["status"], reason?: string) =>
      servers.push({ scope: null, name, status, ...(reason ? { reason } : {}) });
    const header = headers.find((h) =>
      h.table.length === 2 && h.table[0] === "mcp_servers" && h.table[1] === name
    );
    if (!header || !entry || typeof entry !== "object") {
      report("skipped", "not a [mcp_servers.<name>] table (an inline table: wrap it by hand)");
      continue;
    }
    const e = entry as Obj;
    // The scanner gives every line under a header that header's own key array.
    const mine = kvs.filter((kv) => kv.table === header.table);
    const cmd = mine.find((kv) => kv.key === "command");
    const argsKv = mine.find((kv) => kv.key === "args");
    if (typeof e.url === "string") {
      report("skipped", "remote (url): Codex connects to it itself");
      continue;
    }
    if (!cmd || typeof e.command !== "string" || e.command === "") {
      report("skipped", "no command");
      continue;
    }
    if (
      e.args !== undefined && !(Array.isArray(e.args) && e.args.every((a) => typeof a === "string"))
    ) {
      report("skipped", "args not a list of strings");
      continue;
    }
    if (e.args !== undefined && !argsKv) {
      report("skipped", "args not on a line of its own (wrap it by hand)");
      continue;
    }
    const args = (e.args as string[] | undefined) ?? [];
    const sectionEnd = headers.find((h) => h.start > header.start)?.start ?? text.length;
    const section = text.slice(header.end, sectionEnd);
    const m = new RegExp(`^[ \\t]*${TOML_MARKER.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(.*)$`, "m")
      .exec(section);
    const markerStart = m ? header.end + m.index : -1;
    let marker: { command: string; args: string | null } | null = null;
    if (m) {
      try {
        const v = JSON.parse(m[1].replace(/\r$/, ""));
        if (typeof v.command === "string" && (v.args === null || typeof v.args === "string")) {
          marker = v;
        }
      } catch { /* not ours: rebuilt from the args */ }
    }
    const markerEnd = m ? (text.indexOf("\n", markerStart) + 1 || text.length) : -1;
    const shape = wrappedShape({ command: e.command, args }, opts.launcherFor(e.command));
    if (opts.unwrap) {
      if (!shape) {
        report("not wrapped");
        continue;
      }
      if (marker) {
        edits.push({ start: cmd.valueStart, end: cmd.valueEnd, text: marker.command });
        if (argsKv) {
          if (marker.args === null) {
            // The line guard added; as the file's last line it came with a newline before it.
            let start = argsKv.lineStart;
            if (argsKv.lineEnd === text.length && !text.endsWith("\n")) {
              start -= text.slice(0, start).endsWith("\r\n") ? 2 : 1;
            }
            edits.push({ start, end: argsKv.lineEnd, text: "" });
          } else edits.push({ start: argsKv.valueStart, end: argsKv.valueEnd, text: marker.args });
        }
        edits.push({ start: markerStart, end: markerEnd, text: "" });
      } else {
        edits.push({ start: cmd.valueStart, end: cmd.valueEnd, text: tomlString(shape.command) });
        if (argsKv) {
          edits.push({
            start: argsKv.valueStart,
            end: argsKv.valueEnd,
            text: tomlArray(shape.args),
          });
        }
      }
      expect.push([name, shape.command, shape.args]);
      report("unwrapped");
      continue;
    }
    let command = e.command;
    let orig = args;
    let status: ServerReport["status"] = "wrapped";
    let proxied = proxyName(name);
    if (shape) {
      const l = opts.launcherFor(shape.command);
      const same = e.command === l.command && shape.proxyAt === l.prefix.length &&
        l.prefix.every((w, i) => args[i] === w);
      if (same) {
        report("already wrapped");
        continue;
      }
      command = shape.command;
      orig = shape.args;
      status = "rewrapped";
      const nameAt = args.indexOf("--name", shape.proxyAt);
      if (nameAt >= 0 && nameAt + 1 < shape.dashAt) proxied = args[nameAt + 1];
    }
    const l = opts.launcherFor(command);
    const ws = opts.workspace ? ["--workspace", opts.workspace] : [];
    const wrapped = [...l.prefix, "proxy", "--name", proxied, ...ws, "--", command, ...orig];
    edits.push({ start: cmd.valueStart, end: cmd.valueEnd, text: tomlString(l.command) });
    if (argsKv) {
      edits.push({ start: argsKv.valueStart, end: argsKv.valueEnd, text: tomlArray(wrapped) });
    } else {
      const indent = text.slice(cmd.lineStart, cmd.keyStart);
      const lineText = `${indent}args = ${tomlArray(wrapped)}${nl}`;
      // After the command line (which may be the file's last, without a newline).
      const at = cmd.lineEnd;
      const needNl = at === text.length && !text.endsWith("\n");
      // At the end of a file without a final newline, the added line has none either.
      edits.push({
        start: at,
        end: at,
        text: needNl ? nl + lineText.slice(0, -nl.length) : lineText,
      });
    }
    if (!shape) {
      const saved = {
        command: text.slice(cmd.valueStart, cmd.valueEnd),
        args: argsKv ? text.slice(argsKv.valueStart, argsKv.valueEnd) : null,
      };
      const indent = text.slice(cmd.lineStart, cmd.keyStart);
      edits.push({
        start: cmd.lineStart,
        end: cmd.lineStart,
        text: `${indent}${TOML_MARKER}${JSON.stringify(saved)}${nl}`,
      });
    }
    expect.push([name, l.command, wrapped]);
    report(status);
  }
  if (!edits.length) return { text, changed: false, servers };
  // From the end backwards (an insertion at the same place as a replacement goes first).
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const ed of edits) out = out.slice(0, ed.start) + ed.text + out.slice(ed.end);
  // Fail closed: the new file must say exactly what was meant, and nothing else may move.
  const again = parse(out) as Obj;
  const t2 = again.mcp_servers as Obj;
  for (const [name, command, args] of expect) {
    const e = t2?.[name] as Obj | undefined;
    if (
      !e || e.command !== command ||
      JSON.stringify(e.args ?? []) !== JSON.stringify(args)
    ) {
      throw new Error(`the edited [mcp_servers.${name}] does not read back as intended`);
    }
  }
  const strip = (v: Obj) => {
    const c = structuredClone(v);
    for (const s of Object.values((c.mcp_servers ?? {}) as Obj)) {
      if (s && typeof s === "object") {
        delete (s as Obj).command;
        delete (s as Obj).args;
      }
    }
    return JSON.stringify(c);
  };
  if (strip(again) !== strip(parsed)) {
    throw new Error("the edit changed more than command and args");
  }
  return { text: out, changed: out !== text, servers };
}
