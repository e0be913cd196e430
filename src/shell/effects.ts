/**
 * What a simple command does: its program's table (src/shell/programs/)
 * parses its arguments (options with values, clusters, `--`, GNU
 * abbreviations) and names the role of every operand and option value; the
 * result is a list of effects on resolved paths, programs that run, and
 * network destinations. Pure.
 */
import { type Arity, parseArgs, type ParsedArgs, resolveLong } from "./programs/options.ts";
import { type CompiledProgram, programFor } from "./programs/index.ts";
import type { Role } from "./programs/types.ts";
import { basename, expandHome, hasGlob, resolve, trimSlashes } from "../zones/paths.ts";
import { HARMLESS_DEVICES } from "../zones/sensitive_paths.ts";
import type { Unit } from "./unit.ts";
import { awkDanger, awkGetlineReads, sedScriptDanger } from "./sed_awk.ts";
import {
  globSelectsCredentials,
  matchesCredentialLines,
  type SearchSpec,
  type Syntax,
} from "./sweeps.ts";
import { literalWord, type RWord, UNKNOWN } from "./words.ts";

export type { Effect, PathRef, UnitEffects } from "./unit.ts";
import type { Effect, PathRef, UnitEffects } from "./unit.ts";

const WRITE_REDIRS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

function pathRef(w: RWord, v: string, cwd: string | null): PathRef {
  if (v.includes(UNKNOWN)) return { abs: null, glob: false, display: w.display };
  const glob = w.glob && hasGlob(v);
  return { abs: resolve(v, cwd), glob, display: w.display };
}

/** Effects of the redirections every unit carries, whatever its program. */
function redirEffects(u: Unit, out: Effect[]): void {
  for (const r of u.redirs) {
    const t = r.target;
    if (!t) continue;
    const write = WRITE_REDIRS.has(r.op) || (r.op === ">&" && !/^(\d+-?|-)$/.test(t.value));
    const read = r.op === "<" || r.op === "<>";
    if (!write && !read) continue;
    for (const v of t.values) {
      if (!t.dynamic && (HARMLESS_DEVICES.has(v) || /^\/dev\/fd\/[0-2]$/.test(v))) continue;
      // bash's /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT open network connections.
      const net = /^\/dev\/(tcp|udp)\/([^/]+)\/(\d+)/.exec(v);
      if (net) {
        out.push({ k: "network", dest: `${net[2]}:${net[3]}`, upload: write });
        continue;
      }
      const p = pathRef(t, v, u.cwd);
      if (write) out.push({ k: "write", path: p, redirect: true });
      if (read) out.push({ k: "read", path: p, recursive: false });
    }
  }
}

/**
 * curl expands `{a,b}` and `[1-3]` / `[a-c]` in URLs (unless -g): the hosts it may reach.
 * Bounded; ranges contribute both ends, which is enough to see every kind of host.
 */
function curlGlob(v: string): string[] {
  // An IPv6 literal in brackets is not a range (curl recognises it).
  if (!/[[{]/.test(v) || /^[a-z]+:\/\/\[[0-9a-fA-F:.%]*:[0-9a-fA-F:.%]*\]/i.test(v)) return [v];
  let out = [v];
  for (let round = 0; round < 8; round++) {
    const next: string[] = [];
    let changed = false;
    for (const s of out) {
      const m = /\{([^{}]*)\}|\[([^\]]*)\]/.exec(s);
      if (!m) {
        next.push(s);
        continue;
      }
      changed = true;
      const alts = m[1] !== undefined
        ? m[1].split(",")
        : (/^(.+?)-(.+?)(?::\d+)?$/.exec(m[2])?.slice(1, 3) ?? [m[2]]);
      for (const a of alts.slice(0, 16)) {
        next.push(s.slice(0, m.index) + a + s.slice(m.index + m[0].length));
      }
    }
    out = next.slice(0, 64);
    if (!changed) break;
  }
  return out;
}

/** A word holding the value of a glued option (`--output=F`, `-oF`). */
function gluedWord(w: RWord, value: string, home: string): RWord {
  // bash expands a tilde after `=` in words that look like assignments; assume the worst.
  const v = expandHome(value, home);
  return { ...w, value: v, values: [v], display: value, memo: null };
}

interface Ctx {
  u: Unit;
  home: string;
  out: Effect[];
  cwd: string | null;
  recursive: boolean;
  inplace: boolean;
  targetDir: RWord | null;
  /** The destination becomes a mirror of the sources (rsync --delete). */
  mirror?: boolean;
  /** A permission change that only adds permissions (`chmod +x`, `chmod -R u+w`). */
  permAdd?: boolean;
}

/** A remote operand of scp/rsync: `[user@]host:path`, `host::module`, `rsync://host/…`. */
const REMOTE_OPERAND =
  /^(?:rsync:\/\/([^/]+)|(?:[A-Za-z0-9._-]+@)?([A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])::?)/;

/** The host a remote operand names, or null for a local path (`C:\…` is a drive, not a host). */
function remoteHost(v: string): string | null {
  if (/^[A-Za-z]:[\\/]/.test(v) || v.startsWith("/") || v.startsWith("./")) return null;
  const m = REMOTE_OPERAND.exec(v);
  if (!m) return null;
  return (m[1] ?? m[2]).replace(/^.*@/, "");
}

function roleEffects(
  ctx: Ctx,
  role: Role,
  w: RWord,
  display: string,
  fileRef?: RegExp,
): void {
  const { out } = ctx;
  const paths = () => w.values.map((v) => pathRef(w, v, ctx.cwd));
  switch (role) {
    case "flag":
    case "data":
    case "recursive":
    case "inplace":
    case "mirror":
    case "env":
      return;
    case "read":
      for (const p of paths()) out.push({ k: "read", path: p, recursive: ctx.recursive });
      if (ctx.inplace) { for (const p of paths()) out.push({ k: "write", path: p }); }
      return;
    case "list":
      for (const p of paths()) out.push({ k: "list", path: p, recursive: ctx.recursive });
      return;
    case "write":
      for (const p of paths()) out.push({ k: "write", path: p, recursive: ctx.recursive });
      return;
    case "target-dir":
      for (const p of paths()) out.push({ k: "write", path: p });
      return;
    case "truncate":
      for (const p of paths()) out.push({ k: "write", path: p, truncate: true });
      return;
    case "perm": {
      const perm = ctx.permAdd ? "add" : "set";
      for (const p of paths()) out.push({ k: "write", path: p, recursive: ctx.recursive, perm });
      return;
    }
    case "write-prefix":
      for (const p of paths()) {
        out.push({ k: "write", path: p });
        if (p.abs !== null) out.push({ k: "write", path: { ...p, abs: p.abs + "*", glob: true } });
      }
      return;
    case "delete":
      for (const p of paths()) out.push({ k: "delete", path: p, recursive: ctx.recursive });
      return;
    case "exec-file":
      // A script named by URL or registry specifier is fetched and run (`deno run https://…`).
      if (w.values.some((v) => /^(https?|ftp|npm|jsr|data|blob):/i.test(v))) {
        out.push({ k: "rule", rule: "exec.remote-script", display });
        return;
      }
      for (const p of paths()) out.push({ k: "exec", what: "file", path: p, display });
      return;
    case "exec-program":
      out.push({ k: "exec", what: "program", path: null, display });
      return;
    case "exec-inline":
      out.push({ k: "exec", what: "inline", path: null, display });
      return;
    case "url":
      for (const v of w.values) {
        for (const d of ctx.u.name === "curl" ? curlGlob(v) : [v]) {
          out.push({ k: "network", dest: d, upload: false });
        }
      }
      return;
    case "upload":
      for (const p of paths()) out.push({ k: "read", path: p, recursive: false });
      out.push({ k: "network", dest: "", upload: true });
      return;
    case "upload-ref": {
      // A value that names a file sends it; anything else is text.
      let sends = false;
      for (const v of w.values) {
        const m = fileRef?.exec(v);
        if (!m) continue;
        sends = true;
        const f = m[1];
        if (f !== "-" && f !== "") {
          out.push({ k: "read", path: pathRef(w, f, ctx.cwd), recursive: false });
        }
      }
      if (sends) out.push({ k: "network", dest: "", upload: true });
      return;
    }
    case "cwd": {
      // Working in DIR reads it (`git -C ~/.aiguard log` reads guard's state).
      for (const p of paths()) out.push({ k: "list", path: p, recursive: false });
      const v = w.dynamic ? null : resolve(w.value, ctx.cwd);
      ctx.cwd = v;
      return;
    }
    case "config":
    case "unknown":
      out.push({ k: "rule", rule: "option.unknown", display });
      return;
  }
}

/** Parses `args` with a program's table and records the effects of its options. */
function parseWith(prog: CompiledProgram, args: RWord[], ctx: Ctx): ParsedArgs {
  const parsed = parseArgs(args.map((w) => w.value), prog.arity, prog.style, UNKNOWN);
  for (const o of parsed.opts) {
    const spec = prog.roles.get(o.key);
    if (!spec) continue;
    // grep -d recurse (any abbreviation: `--dir=rec`) is -r.
    if (
      (o.key === "-d" || o.key === "--directories") && o.value && "recurse".startsWith(o.value) &&
      o.value.length >= 1
    ) {
      ctx.recursive = true;
    }
    if (spec.rule) ctx.out.push({ k: "rule", rule: spec.rule, display: args[o.at].display });
    if (spec.role === "recursive") ctx.recursive = true;
    if (spec.role === "inplace") ctx.inplace = true;
    if (spec.role === "mirror") ctx.mirror = true;
  }
  for (const o of parsed.opts) {
    const spec = prog.roles.get(o.key);
    if (
      !spec?.role || spec.role === "recursive" || spec.role === "inplace" || spec.role === "mirror"
    ) continue;
    if (o.extraAt !== undefined) {
      // Two-word options (`jq --rawfile NAME FILE`): the role is the second word's.
      roleEffects(ctx, spec.role, args[o.extraAt], `${o.key} ${args[o.extraAt].display}`);
      continue;
    }
    if (o.value === null) {
      if (spec.role === "exec-program" || spec.role === "unknown" || spec.role === "config") {
        roleEffects(ctx, spec.role, args[o.at], args[o.at].display);
      }
      continue;
    }
    const w = o.valueAt !== null ? args[o.valueAt] : gluedWord(args[o.at], o.value, ctx.home);
    if (spec.role === "target-dir") ctx.targetDir = w;
    roleEffects(ctx, spec.role, w, `${o.key} ${w.display}`, spec.fileRef);
  }
  if (prog.spec.unknownOptions !== "ignore") {
    for (const x of parsed.unknown) {
      ctx.out.push({ k: "rule", rule: "option.unknown", display: `${prog.name} ${x}` });
    }
    for (const i of parsed.dynamic) {
      ctx.out.push({
        k: "rule",
        rule: "option.unknown",
        display: `${prog.name} ${args[i].display}`,
      });
    }
  }
  return parsed;
}

function operandRoles(
  prog: CompiledProgram,
  ctx: Ctx,
  operands: RWord[],
  parsed?: ParsedArgs,
): void {
  const spec = prog.spec;
  const remote = spec.remoteOperands ? remoteCopy(ctx, operands) : null;
  if (spec.destLast) {
    let sources = operands;
    let dest: RWord | null = ctx.targetDir;
    if (!dest && operands.length >= 2) {
      dest = operands[operands.length - 1];
      sources = operands.slice(0, -1);
    } else if (!dest && spec.destLast === "link" && operands.length === 1) {
      dest = literalWord(basename(operands[0].value)); // ln -s TARGET: a link in the cwd
    }
    // The local side of a remote copy: what is read here, what lands here.
    if (remote) sources = sources.filter((s) => !remote.has(s));
    if (dest && remote?.has(dest)) dest = null;
    for (const s of sources) {
      if (spec.destLast === "move") {
        const to = dest && !dest.dynamic ? pathRef(dest, dest.value, ctx.cwd) : undefined;
        for (const v of s.values) {
          ctx.out.push({
            k: "delete",
            path: pathRef(s, v, ctx.cwd),
            recursive: false,
            move: true,
            ...(to ? { to } : {}),
          });
        }
      }
      roleEffects(ctx, "read", s, s.display);
    }
    if (dest && dest !== ctx.targetDir) roleEffects(ctx, "write", dest, dest.display);
    // rsync --delete: what the destination holds beyond the sources is deleted.
    if (dest && ctx.mirror) {
      for (const v of dest.values) {
        ctx.out.push({ k: "delete", path: pathRef(dest, v, ctx.cwd), recursive: true });
      }
    }
    // The copies land at DEST/basename(SOURCE).
    if (dest && !dest.dynamic) {
      for (const s of sources) {
        if (s.dynamic) continue;
        const v = trimSlashes(dest.value) + "/" + basename(s.value);
        roleEffects(ctx, "write", { ...dest, value: v, values: [v], memo: null }, v);
      }
    }
    return;
  }
  let roles = spec.operands ?? ["data"];
  // grep -e PATTERN / -f FILE (rg, ag, jq -f …): no pattern operand, every operand is a path.
  if (
    roles[0] === "data" && roles[1] === "read" &&
    parsed?.opts.some((o) => /^(-e|--regexp|-f|--file|--from-file)$/.test(o.key))
  ) roles = ["read"];
  operands.forEach((w, i) => {
    const role = roles[Math.min(i, roles.length - 1)];
    roleEffects(ctx, role, w, w.display, spec.operandFileRef);
  });
  // A recursive search with no path searches the current directory.
  const pathAt = roles.findIndex((r) => r === "read");
  if (ctx.recursive && pathAt >= 0 && operands.length <= pathAt) {
    roleEffects(ctx, "read", literalWord("."), ". (the current directory)");
  }
}

/**
 * scp/rsync operands on another host: the copy reaches that host (`net.remote-copy`, and the
 * host judged as a destination). Returns the remote operands (none: null), whose local side
 * does not exist: a remote source is not read here, a remote destination not written here.
 */
function remoteCopy(ctx: Ctx, operands: RWord[]): Set<RWord> | null {
  let remote: Set<RWord> | null = null;
  for (const w of operands) {
    for (const v of w.values) {
      const host = remoteHost(v);
      if (host === null) continue;
      (remote ??= new Set()).add(w);
      ctx.out.push({ k: "network", dest: host, upload: false });
    }
  }
  if (remote) {
    // Named by the program alone: the host is the network effect's (a remembered approval of
    // `scp a host:b` covers `scp a host:d`, not another host).
    ctx.out.push({ k: "rule", rule: "net.remote-copy", display: `${ctx.u.name} (a remote copy)` });
  }
  return remote;
}

/** Words of the operands, by index. */
function pick(args: RWord[], idx: number[]): RWord[] {
  return idx.map((i) => args[i]);
}

const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/|^\/opt\/homebrew\/bin\/|^\/nix\/|^\/snap\/bin\//;

/** The effects of one unit; the effects of the inline code it runs replace "runs inline code". */
export function unitEffects(u: Unit, home: string): UnitEffects {
  const r = programEffects(u, home);
  if (!u.inline) return r;
  const own = r.effects.filter((e) =>
    !(e.k === "exec" && e.what === "inline") &&
    !(e.k === "rule" && e.rule === "exec.inline-code") &&
    !(e.k === "exec" && e.what === "file" && /^(-|\/dev\/stdin)$/.test(e.display))
  );
  return { ...r, effects: [...own, ...u.inline.effects], known: true };
}

function programEffects(u: Unit, home: string): UnitEffects {
  const out: Effect[] = [];
  redirEffects(u, out);
  if (u.transparent || u.argv.length === 0) return { effects: out, known: true, program: null };
  const a0 = u.argv[0];
  if (a0.dynamic || (a0.glob && hasGlob(a0.value))) {
    return { effects: out, known: false, program: null };
  }
  const ctx: Ctx = {
    u,
    home,
    out,
    cwd: u.cwd,
    recursive: false,
    inplace: false,
    targetDir: null,
  };
  // A program named by path outside the system directories: a file that runs.
  if (a0.value.includes("/") && !SYSTEM_BIN.test(a0.value)) {
    for (const v of a0.values) {
      out.push({ k: "exec", what: "file", path: pathRef(a0, v, u.cwd), display: a0.display });
    }
    return { effects: out, known: true, program: null };
  }
  let prog = programFor(u.name);
  if (!prog) return { effects: out, known: false, program: null };
  let args = u.argv.slice(1);
  if (prog.spec.recursive) ctx.recursive = true;
  if (u.name === "chmod") {
    // `chmod -x FILE`: a mode that starts with a dash is the mode operand, not an option.
    const m = args.findIndex((w) =>
      /^-[rwxXstugoa]+$/.test(w.value) && !/^-[Rcfv]+$/.test(w.value)
    );
    if (m >= 0) args = [...args.slice(0, m), literalWord("--"), ...args.slice(m)];
    // A symbolic mode that only adds (`+x`, `u+w,g+r`) takes no permission away.
    const mode = args.find((w) => !w.value.startsWith("-") || m >= 0 && w === args[m + 1]);
    ctx.permAdd = !!mode && !mode.dynamic && /^([ugoa]*\+[rwxXst]+,?)+$/.test(mode.value);
  }
  if (prog.spec.special === "find" || prog.spec.special === "tar") {
    if (prog.spec.special === "find") findEffects(ctx, args);
    else tarEffects(ctx, args);
    return { effects: out, known: true, program: prog.name };
  }
  let parsed = parseWith(prog, args, ctx);
  // Subcommands: the first operand selects the table for the rest.
  for (let depth = 0; prog.spec.subs && depth < 3; depth++) {
    const first = parsed.operands[0];
    const w = first === undefined ? null : args[first];
    if (!w) break;
    if (w.dynamic) {
      out.push({ k: "rule", rule: "default.ask", display: `${prog.name} ${w.display}` });
      return { effects: out, known: true, program: prog.name };
    }
    const sub = prog.sub(w.value);
    if (!sub) {
      out.push({ k: "rule", rule: "default.ask", display: `${prog.name} ${w.value}` });
      return { effects: out, known: true, program: prog.name };
    }
    args = args.slice(first + 1);
    prog = sub;
    if (prog.spec.recursive) ctx.recursive = true;
    parsed = parseWith(prog, args, ctx);
  }
  const spec = prog.spec;
  if (spec.rule) out.push({ k: "rule", rule: spec.rule, display: prog.name });
  if (spec.runs === "project") {
    out.push({
      k: "exec",
      what: "project",
      path: { abs: ctx.cwd, glob: false, display: ctx.cwd ?? "(unknown directory)" },
      display: prog.name,
    });
  }
  const operands = pick(args, parsed.operands);
  switch (spec.special) {
    case "sed":
      sedEffects(ctx, args, parsed);
      break;
    case "awk":
      awkEffects(ctx, prog, args, parsed);
      break;
    case "dd":
      for (const w of operands) {
        const m = /^(if|of)=(.*)$/s.exec(w.value);
        if (!m) continue;
        roleEffects(ctx, m[1] === "if" ? "read" : "write", gluedWord(w, m[2], home), w.display);
      }
      break;
    case "git-object":
      if (parsed.opts.some((o) => o.key === "--no-index")) {
        // Outside any repository: plain files, searched or compared recursively.
        const pat = prog.name.endsWith(" grep") &&
          !parsed.opts.some((o) => o.key === "-e" || o.key === "-f");
        const paths = pat ? operands.slice(1) : operands;
        ctx.recursive = true;
        const from = out.length;
        for (const w of paths.length ? paths : [literalWord(".")]) {
          roleEffects(ctx, "read", w, w.display);
        }
        if (prog.name.endsWith(" grep")) sweepEffects(ctx, prog, parsed, operands, from);
        ctx.recursive = false;
        break;
      }
      gitObjectEffects(ctx, args, parsed);
      if (spec.destLast || (spec.operands && spec.operands[0] !== "data")) {
        operandRoles(prog, ctx, operands, parsed);
      }
      break;
    case "container-run":
      containerRunEffects(ctx, args, parsed);
      break;
    case "sqlite":
      if (operands[0]) roleEffects(ctx, "write", operands[0], operands[0].display);
      for (const w of operands.slice(1)) {
        // Dot-commands run programs and touch files: `.shell`, `.system`, `.output`, `.load` …
        if (
          w.dynamic ||
          /(^|\n)\s*\.(sh|shell|system|output|once|import|load|read|backup|restore|save|open|excel|log|cd)\b/
            .test(w.value)
        ) {
          ctx.out.push({
            k: "rule",
            rule: "exec.inline-code",
            display: `sqlite3 ${w.display.slice(0, 60)}`,
          });
        }
      }
      break;
    case "interpreter": {
      // `python -m http.server -d DIR`: a local server that hands out DIR.
      const mod = parsed.opts.find((o) => o.key === "-m")?.value;
      if (mod === "http.server" || mod === "SimpleHTTPServer") {
        const d = args.findIndex((w) => w.value === "-d" || w.value === "--directory");
        const dir = d >= 0 ? args[d + 1] : literalWord(".");
        if (dir) {
          ctx.recursive = true;
          roleEffects(ctx, "read", dir, `${mod} serves ${dir.display}`);
          ctx.recursive = false;
        }
      }
      // `-c CODE` / `-m MODULE` / `-e CODE`: what follows is arguments, not a script file —
      // arguments the code or module may open (`ruby -e 'puts gets' FILE`, `perl -ne … FILE`).
      if (
        parsed.opts.some((o) => o.key === "-m" || prog.roles.get(o.key)?.role === "exec-inline")
      ) {
        for (const w of operands) roleEffects(ctx, "read", w, w.display);
        break;
      }
      operandRoles(prog, ctx, operands, parsed);
      break;
    }
    case "env-dump":
      envDumpEffects(ctx, operands);
      operandRoles(prog, ctx, operands, parsed);
      break;
    default: {
      const from = out.length;
      operandRoles(prog, ctx, operands, parsed);
      sweepEffects(ctx, prog, parsed, operands, from);
    }
  }
  // `patch -d DIR < x.patch`: the files the patch names are written below DIR.
  if (spec.patchesCwd && operands.length === 0) {
    out.push({
      k: "write",
      path: { abs: ctx.cwd, glob: false, display: ctx.cwd ?? "(unknown directory)" },
    });
  }
  // `http POST url < body.json`: what the standard input holds is sent.
  if (spec.stdinBody && u.redirs.some((r) => r.op === "<")) {
    out.push({ k: "network", dest: "", upload: true });
  }
  return { effects: out, known: true, program: prog.name };
}

/** A path standing for the files a listing found below a directory (find's `{}`, xargs). */
function listed(p: PathRef): boolean {
  return p.glob && p.abs !== null && p.abs.includes("/**/");
}

/** Programs that print the files they read (`find . -type f -exec cat {} +` prints them all). */
const DUMPERS = new Set([
  "cat",
  "tac",
  "nl",
  "head",
  "tail",
  "less",
  "more",
  "most",
  "bat",
  "batcat",
  "base64",
  "base32",
  "basenc",
  "xxd",
  "od",
  "hexdump",
  "hd",
  "strings",
  "sort",
  "paste",
  "fold",
  "rev",
  "column",
  "pr",
  "fmt",
  "expand",
  "iconv",
  "cut",
  "uniq",
  "shuf",
  "zcat",
]);

/** Searchers by family: which files they read unless told otherwise, and their pattern syntax. */
const SEARCHERS: Readonly<Record<string, { hidden: boolean; syntax: Syntax }>> = {
  grep: { hidden: true, syntax: "basic" },
  rg: { hidden: false, syntax: "perl" },
  ag: { hidden: false, syntax: "perl" },
};
/** Options after which a search prints names or counts, never lines. */
const NO_LINES = new Set([
  "-l",
  "--files-with-matches",
  "-c",
  "--count",
  "--count-matches",
  "-q",
  "--quiet",
  "--silent",
  "--files",
  "--files-without-match",
  "--files-without-matches",
]);

/**
 * A recursive read whose contents leave with what it read (sweeps.ts): a search that prints the
 * lines credential files hold or that names those files by glob, a copy or an archive of a
 * tree written elsewhere or to stdout. Marks the unit's recursive reads (from `from` on); the
 * zone check (is the tree the workspace, does the copy leave it) is the policy's.
 */
function sweepEffects(
  ctx: Ctx,
  prog: CompiledProgram,
  parsed: ParsedArgs,
  operands: RWord[],
  from: number,
): void {
  const family = prog.spec.names?.[0] ?? prog.name;
  const mark = (to: "out" | PathRef, only?: Set<RWord>) => {
    for (let i = from; i < ctx.out.length; i++) {
      const e = ctx.out[i];
      if (e.k !== "read") continue;
      if (only) {
        if (![...only].some((w) => w.display === e.path.display)) continue;
        e.recursive = true;
      }
      // A read of every file a listing found (`find … -exec cat {} +`) reads the tree as well.
      if (e.recursive || listed(e.path)) e.sweep = to;
    }
  };
  const ref = (w: RWord): "out" | PathRef =>
    w.value === "-" ? "out" : pathRef(w, w.values[0] ?? w.value, ctx.cwd);
  const fromListing = ctx.out.slice(from).some((e) => e.k === "read" && listed(e.path));
  if (family === "cp" || family === "rsync") {
    const dest = ctx.targetDir ?? (operands.length >= 2 ? operands[operands.length - 1] : null);
    if ((ctx.recursive || fromListing) && dest) mark(ref(dest));
    return;
  }
  if (family === "zip") {
    if (ctx.recursive && operands[0]) mark(ref(operands[0]));
    return;
  }
  // `7z a ARCHIVE DIR…` (and `u`) adds each DIR with everything below it; the subcommand's table
  // is `7z a` (its operands start at the archive).
  if (/^7z[azr]? [au]$/.test(prog.name)) {
    if (operands[0]) mark(ref(operands[0]), new Set(operands.slice(1)));
    return;
  }
  // ack reads dotfiles as grep does; ugrep skips hidden files unless `-.`, as ripgrep does.
  const kind = family === "grep" || prog.name === "ack" || prog.name === "git grep"
    ? "grep"
    : family === "rg" || prog.name === "ugrep"
    ? "rg"
    : family;
  const searcher = SEARCHERS[kind];
  if (!searcher) {
    if (fromListing && DUMPERS.has(prog.name)) mark("out");
    return;
  }
  if (!ctx.recursive && !fromListing) return;
  const keys = new Set(parsed.opts.map((o) => o.key));
  const has = (...k: string[]) => k.some((x) => keys.has(x));
  // Globs that pick the files: naming credential files reads them, whatever the pattern.
  const globs = parsed.opts.filter((o) =>
    o.value !== null && /^(--include|-g|--glob|--iglob)$/.test(o.key) &&
    !(kind === "grep" && o.key === "-g")
  ).map((o) => (o.key === "--iglob" ? o.value!.toLowerCase() : o.value!));
  let selectsAll = !globs.some((g) => !g.startsWith("!"));
  for (const g of globs) {
    if (g.startsWith("!")) continue;
    const sel = globSelectsCredentials(g.includes(UNKNOWN) ? "*" : g);
    if (sel === "names") {
      ctx.out.push({
        k: "rule",
        rule: "secrets.credential-access",
        display: `${prog.name} ${g} (names credential files)`,
      });
      return;
    }
    if (sel === "all") selectsAll = true;
  }
  if (!selectsAll) return;
  if ([...keys].some((k) => NO_LINES.has(k)) || (kind !== "rg" && keys.has("-L"))) return;
  const us = parsed.opts.filter((o) => o.key === "-u" || o.key === "--unrestricted").length;
  // Files named one by one (a listing's) are searched whatever their names.
  const hidden = searcher.hidden || fromListing || has("--hidden", "-.") ||
    (kind === "rg" ? us >= 2 : us >= 1);
  if (!hidden) return;
  const patterns: (string | null)[] = [];
  for (const o of parsed.opts) {
    if (o.key === "-e" || o.key === "--regexp") patterns.push(o.value);
    if (o.key === "-f" || o.key === "--file") patterns.push(null);
  }
  if (!patterns.length && operands[0]) {
    patterns.push(
      operands[0].dynamic || operands[0].value.includes(UNKNOWN) ? null : operands[0].value,
    );
  }
  const n = prog.name;
  const spec: SearchSpec = {
    patterns: patterns.map((p) => (p !== null && p.includes(UNKNOWN) ? null : p)),
    syntax: has("-F", "--fixed-strings", "-Q", "--literal") || n === "fgrep"
      ? "fixed"
      : has("-P", "--perl-regexp")
      ? "perl"
      : has("-E", "--extended-regexp") || n === "egrep"
      ? (kind === "grep" ? "extended" : searcher.syntax)
      : searcher.syntax,
    ignoreCase: has("-i", "--ignore-case", "-y"),
    smartCase: has("-S", "--smart-case") || (family === "ag" && !has("-s", "--case-sensitive")),
    word: has("-w", "--word-regexp"),
    line: has("-x", "--line-regexp"),
    invert: has("-v", "--invert-match"),
  };
  if (matchesCredentialLines(spec)) mark("out");
}

/** Options of `docker run` that hand the container the host (root-equivalent). */
const HOST_ACCESS =
  /^--(privileged|cap-add|device|security-opt|userns|cgroupns|device-cgroup-rule|gpus)$/;
const HOST_NAMESPACE = /^--(pid|net|network|ipc|uts)$/;

/** `docker run`: the container is the project's unless it is given the host or host paths. */
function containerRunEffects(ctx: Ctx, args: RWord[], parsed: ParsedArgs): void {
  for (const o of parsed.opts) {
    const shown = `${o.key}${o.value !== null ? " " + o.value : ""}`;
    if (HOST_ACCESS.test(o.key)) {
      ctx.out.push({ k: "rule", rule: "container.run", display: shown });
    } else if (HOST_NAMESPACE.test(o.key) && o.value === "host") {
      ctx.out.push({ k: "rule", rule: "container.run", display: shown });
    } else if (
      (o.key === "-v" || o.key === "--volume" || o.key === "--mount") && o.value !== null
    ) {
      const w = o.valueAt !== null ? args[o.valueAt] : gluedWord(args[o.at], o.value, ctx.home);
      const src = o.key === "--mount"
        ? /(?:^|,)(?:source|src)=([^,]*)/.exec(w.value)?.[1] ?? null
        : w.value.split(":")[0];
      if (src === null || w.dynamic) {
        ctx.out.push({ k: "rule", rule: "container.run", display: shown });
        continue;
      }
      // A named volume is the container's own; a host path is read and written by it.
      if (!/^[./~]/.test(src) && !src.includes("/")) continue;
      if (/docker\.sock/.test(src)) {
        ctx.out.push({ k: "rule", rule: "container.run", display: shown });
        continue;
      }
      const pw = gluedWord(w, src, ctx.home);
      const saved = ctx.recursive;
      ctx.recursive = true;
      roleEffects(ctx, "read", pw, shown);
      roleEffects(ctx, "write", pw, shown);
      ctx.recursive = saved;
    } else if (o.key === "--env-file" && o.value !== null) {
      const w = o.valueAt !== null ? args[o.valueAt] : gluedWord(args[o.at], o.value, ctx.home);
      roleEffects(ctx, "read", w, shown);
    }
  }
}

function envDumpEffects(ctx: Ctx, operands: RWord[]): void {
  const name = ctx.u.name;
  if (name === "ps") {
    // BSD-style `ps e`, `ps auxeww`, `ps -ef e`: environment of every process.
    for (const w of ctx.u.argv.slice(1)) {
      if (w.dynamic || (!w.value.startsWith("-") && /^[A-Za-z]*e[A-Za-z]*$/.test(w.value))) {
        ctx.out.push({ k: "rule", rule: "secrets.env-dump", display: `ps ${w.display}` });
        return;
      }
    }
    return;
  }
  if (name.startsWith("docker") || name.startsWith("podman") || name.startsWith("nerdctl")) {
    // `docker inspect` prints the container's environment unless a format leaves it out.
    const fmt = ctx.u.argv.findIndex((w) =>
      w.value === "-f" || w.value === "--format" || w.value.startsWith("--format=")
    );
    const f = fmt < 0
      ? null
      : ctx.u.argv[fmt].value.includes("=")
      ? ctx.u.argv[fmt].value
      : ctx.u.argv[fmt + 1]?.value ?? "";
    if (f === null || /Env|json\s+\.|\{\{\s*\.\s*\}\}|Config/.test(f)) {
      ctx.out.push({ k: "rule", rule: "secrets.env-dump", display: "docker inspect" });
    }
    return;
  }
  const filter = operands[0];
  if (
    filter &&
    (filter.dynamic || /\benv\b|\$ENV\b|\$__loc__|input_filename|\$__prog_args/.test(filter.value))
  ) {
    ctx.out.push({ k: "rule", rule: "secrets.env-dump", display: `${name} ${filter.display}` });
  }
}

/** `HEAD:.env`, `:0:path`, `:path` and pathspecs after `--`: contents from the repository. */
/** Operands that can only be revisions: `^A`, `@{u}`, `A..B`, `A...B`, `HEAD~2`, `A^2`, an object id. */
const GIT_REVISION = /^[\^@]|(^|[^/])\.\.\.?([^/]|$)|[\^~]\d*$|^[0-9a-f]{7,40}$/;

function gitObjectEffects(ctx: Ctx, args: RWord[], parsed: ParsedArgs): void {
  const dashdash = args.findIndex((w) => w.value === "--");
  for (const i of parsed.operands) {
    const w = args[i];
    if (w.dynamic) continue;
    const m = /^[^:]*:(?:[0-3]:)?(.+)$/s.exec(w.value);
    if (m && !w.value.includes("://")) {
      roleEffects(ctx, "read", gluedWord(w, m[1], ctx.home), w.display);
    } else if (dashdash >= 0 && i > dashdash) roleEffects(ctx, "read", w, w.display);
    // Before `--`, git takes an operand that names a file as a pathspec (`git blame .env`,
    // `git add .env`, `git archive HEAD .env`): it may be read, whatever else it could be.
    else if (!GIT_REVISION.test(w.value)) {
      roleEffects(ctx, "read", w, w.display);
    }
  }
}

function sedEffects(ctx: Ctx, args: RWord[], parsed: ParsedArgs): void {
  const scripts: RWord[] = [];
  let fromFile = false;
  for (const o of parsed.opts) {
    if (o.key === "-e" || o.key === "--expression") {
      if (o.value !== null) {
        scripts.push(o.valueAt !== null ? args[o.valueAt] : gluedWord(args[o.at], o.value, ""));
      }
    }
    if (o.key === "-f" || o.key === "--file") fromFile = true;
  }
  let files = pick(args, parsed.operands);
  if (!scripts.length && !fromFile && files.length) {
    scripts.push(files[0]);
    files = files.slice(1);
  }
  for (const s of scripts) {
    if (s.dynamic || sedScriptDanger(s.value) !== "safe") {
      ctx.out.push({ k: "rule", rule: "exec.sed-exec-write", display: s.display.slice(0, 60) });
    }
  }
  if (fromFile) ctx.out.push({ k: "rule", rule: "exec.sed-exec-write", display: "sed -f" });
  for (const f of files) roleEffects(ctx, "read", f, f.display);
}

function awkEffects(ctx: Ctx, prog: CompiledProgram, args: RWord[], parsed: ParsedArgs): void {
  let programs: RWord[] = [];
  let fromFile = false;
  for (const o of parsed.opts) {
    const spec = prog.roles.get(o.key);
    if (spec?.role === "exec-file") fromFile = true;
    if ((o.key === "-e" || o.key === "--source") && o.value !== null) {
      programs.push(o.valueAt !== null ? args[o.valueAt] : gluedWord(args[o.at], o.value, ""));
    }
  }
  let files = pick(args, parsed.operands);
  if (!programs.length && !fromFile && files.length) {
    programs = [files[0]];
    files = files.slice(1);
  }
  // Variables given on the command line (`-v f=PATH`, operands `f=PATH`): what getline may read.
  const vars = new Map<string, string>();
  for (const o of parsed.opts) {
    if ((o.key === "-v" || o.key === "--assign") && o.value !== null) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(o.value);
      if (m) vars.set(m[1], m[2].includes(UNKNOWN) ? UNKNOWN : m[2]);
    }
  }
  for (const f of files) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(f.value);
    if (m) vars.set(m[1], f.dynamic ? UNKNOWN : m[2]);
  }
  for (const p of programs) {
    if (p.dynamic || awkDanger(p.value)) {
      ctx.out.push({ k: "rule", rule: "exec.awk-system", display: p.display.slice(0, 60) });
      continue;
    }
    if (/\b(ENVIRON|PROCINFO|SYMTAB)\b/.test(p.value)) {
      // SYMTAB["ENV" "IRON"] is ENVIRON by another name.
      ctx.out.push({ k: "rule", rule: "secrets.env-dump", display: p.display.slice(0, 60) });
    }
    // `getline < FILE` reads FILE, whatever the operands are.
    for (const path of p.value.includes("getline") ? awkGetlineReads(p.value, vars) : []) {
      if (path === null || path.includes(UNKNOWN)) {
        ctx.out.push({
          k: "read",
          path: { abs: null, glob: false, display: `getline < … in ${p.display.slice(0, 40)}` },
          recursive: false,
        });
      } else {
        const w: RWord = {
          ...p,
          value: path,
          values: [path],
          display: path,
          glob: false,
          memo: null,
        };
        roleEffects(ctx, "read", w, `getline < ${path}`);
      }
    }
  }
  // Operands of the form NAME=VALUE are assignments, not files.
  for (const f of files) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(f.value)) continue;
    roleEffects(ctx, "read", f, f.display);
  }
}

/** find's primaries that take a value, and what the value is. */
const FIND_PRIMARIES: Record<string, Role | "flag"> = {
  "-name": "data",
  "-iname": "data",
  "-path": "data",
  "-ipath": "data",
  "-wholename": "data",
  "-iwholename": "data",
  "-regex": "data",
  "-iregex": "data",
  "-regextype": "data",
  "-lname": "data",
  "-ilname": "data",
  "-type": "data",
  "-xtype": "data",
  "-size": "data",
  "-perm": "data",
  "-user": "data",
  "-group": "data",
  "-uid": "data",
  "-gid": "data",
  "-mtime": "data",
  "-mmin": "data",
  "-atime": "data",
  "-amin": "data",
  "-ctime": "data",
  "-cmin": "data",
  "-maxdepth": "data",
  "-mindepth": "data",
  "-links": "data",
  "-inum": "data",
  "-used": "data",
  "-fstype": "data",
  "-context": "data",
  "-printf": "data",
  "-newer": "list",
  "-anewer": "list",
  "-cnewer": "list",
  "-samefile": "list",
  "-newerXY": "list",
  "-files0-from": "read",
  "-fprint": "write",
  "-fprint0": "write",
  "-fls": "write",
};
const FIND_FLAGS = new Set([
  "-print",
  "-print0",
  "-ls",
  "-prune",
  "-quit",
  "-true",
  "-false",
  "-empty",
  "-readable",
  "-writable",
  "-executable",
  "-nouser",
  "-nogroup",
  "-depth",
  "-d",
  "-mount",
  "-xdev",
  "-noleaf",
  "-follow",
  "-daystart",
  "-ignore_readdir_race",
  "-noignore_readdir_race",
  "-not",
  "-and",
  "-or",
  "-a",
  "-o",
  "!",
  "(",
  ")",
  ",",
  "-H",
  "-L",
  "-P",
  "-delete",
  "-help",
  "--help",
  "-version",
  "--version",
]);

function findEffects(ctx: Ctx, args: RWord[]): void {
  let i = 0;
  while (i < args.length && /^-[HLP]$|^-D$|^-O\d$/.test(args[i].value)) {
    i += args[i].value === "-D" ? 2 : 1;
  }
  const starts: RWord[] = [];
  while (i < args.length && !/^[-(!)]/.test(args[i].value)) starts.push(args[i++]);
  if (!starts.length) starts.push(literalWord("."));
  const saved = ctx.recursive;
  ctx.recursive = true;
  for (const s of starts) roleEffects(ctx, "list", s, s.display);
  const exprAt = i;
  for (; i < args.length; i++) {
    const v = args[i].value;
    if (v === "-delete") {
      // Only what comes before -delete narrows it (`find . -delete -name x` deletes everything).
      const narrowed = findNarrowing(args.slice(exprAt, i));
      for (const s of starts) {
        for (const sv of s.values) {
          const p = pathRef(s, sv, ctx.cwd);
          if (narrowed === "empty") {
            ctx.out.push({ k: "delete", path: p, recursive: true, empty: true });
          } else if (narrowed && p.abs !== null) {
            // Only entries with these names go: START/**/NAME, as find's `{}` is judged.
            for (const n of narrowed) {
              const abs = trimSlashes(p.abs) + "/**/" + n;
              ctx.out.push({
                k: "delete",
                path: { abs, glob: true, display: `${s.display} -name ${n}` },
                recursive: false,
              });
            }
          } else ctx.out.push({ k: "delete", path: p, recursive: true });
        }
      }
      continue;
    }
    if (v === "-exec" || v === "-execdir" || v === "-ok" || v === "-okdir") {
      // The command is analysed as its own unit; skip to its terminator.
      while (i < args.length && args[i].value !== ";" && args[i].value !== "+") i++;
      continue;
    }
    if (v === "-fprintf") {
      if (args[i + 1]) roleEffects(ctx, "write", args[i + 1], args[i + 1].display);
      i += 2;
      continue;
    }
    const role = FIND_PRIMARIES[v] ?? (/^-newer[amcBt][amcBt]$/.test(v) ? "data" : undefined);
    if (role !== undefined) {
      if (args[i + 1] && role !== "data") {
        const saveRec: boolean = ctx.recursive;
        ctx.recursive = false;
        roleEffects(ctx, role as Role, args[i + 1], `${v} ${args[i + 1].display}`);
        ctx.recursive = saveRec;
      }
      i++;
      continue;
    }
    if (FIND_FLAGS.has(v)) continue;
    if (args[i].dynamic) {
      ctx.out.push({ k: "rule", rule: "option.unknown", display: `find ${args[i].display}` });
      continue;
    }
    if (v.startsWith("-")) {
      ctx.out.push({ k: "rule", rule: "option.unknown", display: `find ${v}` });
    }
  }
  ctx.recursive = saved;
}

/**
 * What find's expression narrows a `-delete` to: only empty entries, only entries with these
 * names (`-name`/`-iname` values, never negated), or null (anything below the starts).
 * `-path X -prune` only skips X and narrows nothing.
 */
function findNarrowing(expr: RWord[]): "empty" | string[] | null {
  const names: string[] = [];
  let empty = false;
  let ors = 0;
  for (let k = 0; k < expr.length; k++) {
    const v = expr[k].value;
    if (expr[k].dynamic || v === "!" || v === "-not") return null;
    if (v === "-empty") empty = true;
    if (v === "-o" || v === "-or" || v === ",") ors++;
    if (/^-(i?path|i?wholename|i?regex)$/.test(v)) {
      if (expr[k + 2]?.value !== "-prune") return null;
      // `-path X -prune -o …`: the pruned branch deletes nothing.
      k += /^(-o|-or)$/.test(expr[k + 3]?.value ?? "") ? 3 : 2;
      continue;
    }
    if (v === "-name" || v === "-iname") {
      const n = expr[k + 1];
      if (!n || n.dynamic || n.value.includes("/")) return null;
      names.push(n.value);
      k++;
    }
  }
  // With alternatives, a branch without a name (or not only empty) may delete anything.
  if (empty) return ors ? null : "empty";
  return names.length > ors ? names : null;
}

/** tar: the mode decides what the operands are. */
const TAR_VALUE: Record<string, Role> = {
  "-f": "data",
  "--file": "data",
  "-C": "cwd",
  "--directory": "cwd",
  "-T": "read",
  "--files-from": "read",
  "-X": "read",
  "--exclude-from": "read",
  "-I": "exec-program",
  "--use-compress-program": "exec-program",
  "--to-command": "exec-program",
  "--checkpoint-action": "exec-program",
  "--rsh-command": "exec-program",
  "--rmt-command": "exec-program",
  "-F": "exec-program",
  "--info-script": "exec-program",
  "--new-volume-script": "exec-program",
  "--exclude": "data",
  "--transform": "data",
  "--xform": "data",
  "--strip-components": "data",
  "-b": "data",
  "--blocking-factor": "data",
  "--owner": "data",
  "--group": "data",
  "--mode": "data",
  "--mtime": "data",
  "--format": "data",
  "-H": "data",
  "--label": "data",
  "-V": "data",
  "--exclude-vcs-ignores": "flag",
  "--newer": "data",
  "-N": "data",
  "--after-date": "data",
  "--suffix": "data",
  "--sort": "data",
  "--checkpoint": "data",
  "--occurrence": "data",
  "--tape-length": "data",
  "-L": "data",
  "--index-file": "write",
  "-g": "write",
  "--listed-incremental": "write",
  "--warning": "data",
  "--quoting-style": "data",
  "--backup": "data",
  "--level": "data",
};
const TAR_MODES: Record<string, "create" | "extract" | "list" | "delete"> = {
  c: "create",
  r: "create",
  u: "create",
  A: "create",
  x: "extract",
  t: "list",
  d: "list",
  "--create": "create",
  "--append": "create",
  "--update": "create",
  "--catenate": "create",
  "--concatenate": "create",
  "--extract": "extract",
  "--get": "extract",
  "--list": "list",
  "--diff": "list",
  "--compare": "list",
  "--delete": "delete",
};
const TAR_FLAGS_ASK = new Set(["-P", "--absolute-names", "--remove-files", "--overwrite-dir"]);

let TAR_LONG: Record<string, Arity> | null = null;
/** Every long option of tar: the generated grammar's and the table's above. */
function tarLongOptions(): Record<string, Arity> {
  if (TAR_LONG) return TAR_LONG;
  const o: Record<string, Arity> = {};
  for (const [k, a] of Object.entries(programFor("tar")?.arity ?? {})) {
    if (k.startsWith("--")) o[k] = a;
  }
  for (const k of [...Object.keys(TAR_VALUE), ...Object.keys(TAR_MODES), ...TAR_FLAGS_ASK]) {
    if (k.startsWith("--")) o[k] ??= TAR_VALUE[k] ? 1 : 0;
  }
  return TAR_LONG = o;
}

function tarEffects(ctx: Ctx, argsIn: RWord[]): void {
  let args = argsIn;
  // Old style: `tar czf out.tgz dir` (the first word is a cluster without a dash).
  if (args[0] && !args[0].value.startsWith("-") && /^[A-Za-z]+$/.test(args[0].value)) {
    args = [
      { ...args[0], value: "-" + args[0].value, values: ["-" + args[0].value] },
      ...args.slice(1),
    ];
  }
  let mode: "create" | "extract" | "list" | "delete" | null = null;
  let archive: RWord | null = null;
  const operands: RWord[] = [];
  const shortValue = new Set(["f", "C", "T", "X", "I", "F", "b", "H", "V", "N", "L", "g"]);
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const v = w.value;
    if (v === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const spelled = eq > 0 ? v.slice(0, eq) : v;
      // GNU tar takes any unambiguous prefix of a long option (`--to-com`, `--use-comp`).
      const key = resolveLong(spelled, tarLongOptions(), true) ?? spelled;
      if (!(key in tarLongOptions()) && !ctx.u.argv[0].dynamic) {
        ctx.out.push({ k: "rule", rule: "option.unknown", display: `tar ${spelled}` });
      }
      if (TAR_MODES[key]) mode = TAR_MODES[key];
      if (TAR_FLAGS_ASK.has(key)) {
        ctx.out.push({ k: "rule", rule: "option.unknown", display: `tar ${key}` });
      }
      const role = TAR_VALUE[key];
      if (role) {
        const val = eq > 0 ? gluedWord(w, v.slice(eq + 1), ctx.home) : args[++i];
        if (!val) continue;
        if (key === "--file") archive = val;
        else roleEffects(ctx, role, val, `${key} ${val.display}`);
      }
      continue;
    }
    if (v.startsWith("-") && v.length > 1 && !w.dynamic) {
      for (let k = 1; k < v.length; k++) {
        const c = v[k];
        if (TAR_MODES[c]) mode = TAR_MODES[c];
        if (c === "P") ctx.out.push({ k: "rule", rule: "option.unknown", display: "tar -P" });
        if (shortValue.has(c)) {
          const rest = v.slice(k + 1);
          const val = rest ? gluedWord(w, rest, ctx.home) : args[++i];
          if (val) {
            if (c === "f") archive = val;
            else roleEffects(ctx, TAR_VALUE["-" + c] ?? "data", val, `-${c} ${val.display}`);
          }
          break;
        }
      }
      continue;
    }
    operands.push(w);
  }
  const saved = ctx.recursive;
  if (mode === "create") {
    if (archive && archive.value !== "-") roleEffects(ctx, "write", archive, archive.display);
    ctx.recursive = true;
    const from = ctx.out.length;
    for (const o of operands) roleEffects(ctx, "read", o, o.display);
    // The archive holds the trees, credential files included: on stdout, or where it is written.
    const to = !archive || archive.value === "-"
      ? "out"
      : pathRef(archive, archive.values[0] ?? archive.value, ctx.cwd);
    for (let i = from; i < ctx.out.length; i++) {
      const e = ctx.out[i];
      if (e.k === "read") e.sweep = to;
    }
  } else if (mode === "extract") {
    if (archive && archive.value !== "-") roleEffects(ctx, "read", archive, archive.display);
    // Members land below the target directory (GNU tar strips `/` and refuses `..`); members
    // named on the command line land at their names there.
    const dir = ctx.cwd;
    ctx.out.push({ k: "write", path: { abs: dir, glob: false, display: dir ?? "(unknown)" } });
    for (const o of operands) {
      const member = o.values.map((v) => v.replace(/^\/+/, ""));
      roleEffects(
        ctx,
        "write",
        { ...o, value: member[0] ?? o.value, values: member, memo: null },
        o.display,
      );
    }
  } else if (mode === "list") {
    if (archive && archive.value !== "-") roleEffects(ctx, "read", archive, archive.display);
  } else {
    ctx.out.push({ k: "rule", rule: "option.unknown", display: "tar (no mode)" });
  }
  ctx.recursive = saved;
}
