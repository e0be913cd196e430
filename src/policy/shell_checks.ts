/**
 * Per-command checks: evaluates the rule table's declarative command patterns
 * and the named analyses (protected delete targets, guard's own state and
 * installation, hook configuration, write targets, metadata destinations,
 * sed/awk programs, shell metacharacters, safe list). Credential reads and
 * uploads are no longer spelled here: the program tables say which values name
 * files a program reads or sends (roles `read`, `upload`, `upload-ref`, remote
 * operands), and the effects are judged by zone.
 */
import { gitLoss } from "./loss.ts";
import {
  DANGEROUS_ENV,
  DANGEROUS_ENV_RE,
  GIT_DANGEROUS_CONFIG,
  GIT_GLOBAL_ARG_OPTS,
  GIT_LISTING,
  GIT_READONLY,
  GIT_WRITING_OPTS,
  NETWORK_CLIENTS,
  SAFE_COMMANDS,
} from "../shell/commands.ts";
import { classifyDestination, urlsInText } from "../zones/net.ts";
import {
  basename,
  globMatchesExactly,
  hasGlob,
  normalize,
  resolve,
  within,
} from "../zones/paths.ts";
import { COMMAND_RULES, type CommandMatch, type Rule } from "../core/rules.ts";
import {
  classifyGlob,
  classifyPath,
  CRITICAL_SYSTEM_DIRS,
  HARMLESS_DEVICES,
  isProtectedRoot,
  mentionsState,
  type PathEnv,
  type PathHit,
} from "../zones/sensitive_paths.ts";
import { judgeEffect } from "./effect_checks.ts";
import { unitEffects } from "../shell/effects.ts";
import { awkDanger, sedScriptDanger } from "../shell/sed_awk.ts";
import type { ZoneEnv } from "../zones/zones.ts";
import type { ShellAnalyzer, Unit } from "../shell/shell_analysis.ts";
import { type RWord, UNKNOWN } from "../shell/words.ts";

/** Options that take a value before the subcommand, per command. */
const SUB_ARG_OPTS: Record<string, Set<string>> = {
  git: GIT_GLOBAL_ARG_OPTS,
  aws: new Set([
    "--profile",
    "--region",
    "--output",
    "--endpoint-url",
    "--query",
    "--cli-read-timeout",
    "--cli-connect-timeout",
    "--ca-bundle",
    "--color",
  ]),
  kubectl: new Set([
    "-n",
    "--namespace",
    "--context",
    "--cluster",
    "--kubeconfig",
    "--user",
    "-s",
    "--server",
  ]),
  gcloud: new Set([
    "--project",
    "--account",
    "--configuration",
    "--format",
    "--verbosity",
    "--impersonate-service-account",
  ]),
  gh: new Set(["-R", "--repo", "--hostname"]),
  op: new Set(["--account", "--config", "--session"]),
  security: new Set([]),
};

const GUARD_NAMES = new Set(["guard", "aiguard"]);
/** Programs that run another program named in their arguments (`npx guard`, `deno task guard`). */
const GUARD_RUNNERS = new Set([
  "deno",
  "npx",
  "node",
  "bunx",
  "bun",
  "pnpx",
  "pnpm",
  "yarn",
  "npm",
  "corepack",
  "tsx",
  "ts-node",
]);
const GUARD_PRIVILEGED = new Set([
  "approve",
  "deny",
  "totp",
  "touchid",
  "trust",
  "install",
  "uninstall",
  "audit",
  "log",
  "stats",
  "mcp",
  "proxy",
  "import-claude-permissions",
  "watch",
  "suggest",
  "rules",
  "forget",
]);

export interface CheckEnv extends ZoneEnv {
  /** The guard executable names to recognise (basename of the binary). */
  guardNames: Set<string>;
}

export function cmdName(u: Unit): string {
  return u.name;
}

/** Does the argument list contain an option (short options also inside clusters)? */
export function hasFlag(args: RWord[], flag: string): boolean {
  for (const w of args) {
    const v = w.value;
    if (v === "--") break;
    if (v === flag) return true;
    if (flag.startsWith("--")) {
      if (v.startsWith(flag + "=")) return true;
    } else if (flag.length === 2 && /^-[A-Za-z0-9]{2,}$/.test(v) && v.includes(flag[1])) {
      return true;
    }
  }
  return false;
}

/** Arguments that are not options (`-` alone and everything after `--` count). */
export function positionals(args: RWord[]): RWord[] {
  const out: RWord[] = [];
  let ended = false;
  for (const w of args) {
    if (!ended && w.value === "--") {
      ended = true;
      continue;
    }
    if (ended || !w.value.startsWith("-") || w.value === "-" || w.dynamic) out.push(w);
  }
  return out;
}

/** Subcommand (first non-option argument, skipping option values known for the command). */
function subcommand(name: string, args: RWord[]): { sub: string | null; rest: RWord[] } {
  const valued = SUB_ARG_OPTS[name] ?? new Set<string>();
  let i = 0;
  while (i < args.length) {
    const v = args[i].value;
    if (v === "--") return { sub: args[i + 1]?.value ?? null, rest: args.slice(i + 2) };
    if (!v.startsWith("-") || v === "-") break;
    i += valued.has(v) ? 2 : 1;
  }
  return { sub: args[i]?.value ?? null, rest: args.slice(i + 1) };
}

/** Declarative command rules indexed by command name. */
const RULES_BY_COMMAND = new Map<string, [Rule, CommandMatch][]>();
for (const r of COMMAND_RULES) {
  for (const m of Array.isArray(r.match) ? r.match : [r.match!]) {
    for (const c of m.cmd) {
      const list = RULES_BY_COMMAND.get(c) ?? [];
      list.push([r, m]);
      RULES_BY_COMMAND.set(c, list);
    }
  }
}

export function matchCommand(m: CommandMatch, u: Unit): string | null {
  const name = cmdName(u);
  if (!m.cmd.includes(name)) return null;
  let args = u.argv.slice(1);
  if (m.noArgs) return args.length === 0 ? name : null;
  let label = name;
  if (m.sub) {
    const s = subcommand(name, args);
    if (!s.sub || !m.sub.includes(s.sub)) return null;
    args = s.rest;
    label += " " + s.sub;
  }
  if (!m.flags && !m.args && !m.anyArg) return label;
  for (const f of m.flags ?? []) if (hasFlag(args, f)) return `${label} ${f}`;
  if (m.args) {
    for (const w of positionals(args)) if (m.args.test(w.value)) return `${label} ${w.display}`;
  }
  if (m.anyArg) {
    for (const w of args) {
      if (m.anyArg.test(w.value)) return `${label} ${w.display}`;
    }
  }
  return null;
}

/** Every word a unit carries: argv, assignment values, redirection targets, heredocs. */
function allWords(u: Unit): RWord[] {
  const out: RWord[] = [...u.argv];
  for (const a of u.assigns) if (a.value) out.push(a.value);
  for (const r of u.redirs) {
    if (r.target) out.push(r.target);
    if (r.heredoc) out.push(r.heredoc);
  }
  return out;
}

/** Candidate paths inside a word value: itself, after `=`, after a leading `@`, after `host:`. */
function pathCandidates(v: string): string[] {
  const out = [v];
  const eq = v.indexOf("=");
  if (eq > 0 && eq < v.length - 1) out.push(v.slice(eq + 1));
  if (v.startsWith("@") && v.length > 1) out.push(v.slice(1));
  if (v.startsWith("<") && v.length > 1) out.push(v.slice(1));
  const m = /^[A-Za-z0-9._-]+(@[A-Za-z0-9._-]+)?:(.+)$/.exec(v);
  if (m && !v.includes("://")) out.push(m[2]);
  return out;
}

const memo = new WeakMap<PathEnv, Map<string, PathHit[]>>();

function classifyCached(abs: string, glob: boolean, env: PathEnv): PathHit[] {
  let m = memo.get(env);
  if (!m) memo.set(env, m = new Map());
  const key = (glob ? "g" : "p") + abs;
  let hits = m.get(key);
  if (!hits) {
    hits = glob ? classifyGlob(abs, env) : classifyPath(abs, env);
    if (m.size > 50_000) m.clear();
    m.set(key, hits);
  }
  return hits;
}

/** Classifies a word (every expansion, every path candidate) against the path tables. */
/** Per-word results: several checks classify the same words of a unit. */
export function classifyWord(w: RWord, cwd: string | null, env: PathEnv): PathHit[] {
  const key = w.value + "\u0000" + (cwd ?? "");
  const m = w.memo;
  if (m && m.key === key && m.env === env) return m.hits as PathHit[];
  const hits = classifyWordUncached(w, cwd, env);
  w.memo = { key, env, hits };
  return hits;
}

function classifyWordUncached(w: RWord, cwd: string | null, env: PathEnv): PathHit[] {
  const hits: PathHit[] = [];
  // Options without a value (`-la`, `--oneline`) name no path.
  if (!w.dynamic && w.value.startsWith("-") && !/[=/@~.]/.test(w.value)) return hits;
  for (const value of w.values) {
    for (const cand of pathCandidates(value)) {
      if (cand.includes(UNKNOWN)) {
        // Unknown prefix: classify only the known tail by name.
        const tail = cand.slice(cand.lastIndexOf(UNKNOWN) + 1);
        if (tail.includes("/")) {
          for (const h of classifyPath("/" + UNKNOWN + tail, env)) {
            if (h.cls === "credential" || h.cls === "hook-config" || h.cls === "authorized-keys") {
              hits.push(h);
            }
          }
        }
        continue;
      }
      const abs = resolve(cand, cwd) ?? (cand.includes("/") ? null : "/" + UNKNOWN + "/" + cand);
      if (abs === null) {
        for (const h of classifyPath("/" + UNKNOWN + "/" + cand, env)) {
          if (h.cls === "credential" || h.cls === "hook-config") hits.push(h);
        }
        continue;
      }
      hits.push(...classifyCached(abs, w.glob && hasGlob(cand), env));
    }
  }
  return hits;
}

/** Paths a unit writes: redirection targets and the operands of writing commands. */
/** Static components of a glob path and whether the rest is only "broad" patterns. */
function broadGlobOver(p: string): string | null {
  const comps = p.split("/").filter((s) => s);
  let i = 0;
  while (i < comps.length && !hasGlob(comps[i])) i++;
  if (i === comps.length) return null;
  const broad = comps.slice(i).every((c) => c.replace(/\[[^\]]*\]|[*?.]/g, "") === "");
  return broad ? "/" + comps.slice(0, i).join("/") : null;
}

type TargetKind = "protected" | "system" | "dynamic" | "ok";

function classifyDeleteTarget(
  w: RWord,
  v: string,
  cwd: string | null,
  home: string,
): { kind: TargetKind; path: string } {
  if (w.otherHome && !v.includes(UNKNOWN)) {
    const p = normalize(v);
    if (p.split("/").length <= 3) return { kind: "protected", path: w.display };
  }
  if (v.includes(UNKNOWN)) {
    const prefix = v.slice(0, v.indexOf(UNKNOWN));
    if (prefix === "") return { kind: "dynamic", path: w.display };
    if (prefix.endsWith("/")) {
      const p = resolve(prefix, cwd);
      if (p !== null && (isProtectedRoot(p, home) || CRITICAL_SYSTEM_DIRS.has(p))) {
        return { kind: "dynamic", path: w.display };
      }
    }
    return { kind: "ok", path: w.display };
  }
  const p = resolve(v, cwd);
  if (p === null) {
    if (/^(\.\.?)(\/.*)?$/.test(v) || /^[*?[.\/]+$/.test(v)) return { kind: "dynamic", path: v };
    return { kind: "ok", path: v };
  }
  if (w.glob && hasGlob(v)) {
    const over = broadGlobOver(p);
    if (over !== null) {
      if (isProtectedRoot(over, home)) return { kind: "protected", path: p };
      if (CRITICAL_SYSTEM_DIRS.has(over)) return { kind: "system", path: p };
    }
    const ancestors: string[] = [];
    for (let a = normalize(home); a !== "/"; a = a.slice(0, a.lastIndexOf("/")) || "/") {
      ancestors.push(a);
    }
    if (globMatchesExactly(p, "/") || ancestors.some((a) => globMatchesExactly(p, a))) {
      return { kind: "protected", path: p };
    }
    for (const d of CRITICAL_SYSTEM_DIRS) {
      if (globMatchesExactly(p, d)) return { kind: "system", path: p };
    }
    return { kind: "ok", path: p };
  }
  if (isProtectedRoot(p, home)) return { kind: "protected", path: p };
  if (CRITICAL_SYSTEM_DIRS.has(p)) return { kind: "system", path: p };
  return { kind: "ok", path: p };
}

function rmCheck(u: Unit, an: ShellAnalyzer, env: CheckEnv): void {
  const name = cmdName(u);
  // A program named by a variable or a glob (`/???/r?`, `?HOME=x`) could be rm.
  const dynamicName = u.argv[0]?.dynamic || globName(u);
  if (name !== "rm" && !dynamicName) return;
  const args = u.argv.slice(1);
  const recursive = hasFlag(args, "-r") || hasFlag(args, "-R") || hasFlag(args, "--recursive");
  const force = hasFlag(args, "-f") || hasFlag(args, "--force");
  if (dynamicName && !(recursive && force)) return;
  if (hasFlag(args, "--no-preserve-root")) an.find("abs.rm-no-preserve-root", u.id, u.text);
  if (!recursive) return;
  for (const t of positionals(args)) {
    for (const v of t.values) {
      const c = classifyDeleteTarget(t, v, u.cwd, env.home);
      if (c.kind === "protected") {
        an.find(force ? "abs.rm-protected" : "fs.rm-recursive-protected", u.id, c.path);
      } else if (c.kind === "system") an.find("fs.rm-recursive-protected", u.id, c.path);
      else if (c.kind === "dynamic") an.find("fs.rm-dynamic-target", u.id, c.path);
    }
  }
}

function stateCheck(u: Unit, an: ShellAnalyzer, env: CheckEnv): void {
  for (const w of allWords(u)) {
    for (const v of w.values) {
      if (mentionsState(v)) {
        an.find("abs.guard-state", u.id, w.display.slice(0, 80));
        return;
      }
    }
    if (classifyWord(w, u.cwd, env).some((h) => h.cls === "state")) {
      an.find("abs.guard-state", u.id, w.display.slice(0, 80));
      return;
    }
  }
}

function guardApproveCheck(u: Unit, an: ShellAnalyzer, env: CheckEnv): void {
  const name = cmdName(u);
  const words = u.argv.slice(1);
  let isGuard = GUARD_NAMES.has(name) || env.guardNames.has(name);
  if (!isGuard && GUARD_RUNNERS.has(name)) {
    isGuard = words.some((w) =>
      GUARD_NAMES.has(basename(w.value)) || env.guardNames.has(basename(w.value)) ||
      w.values.some((v) => {
        const p = resolve(v, u.cwd);
        return p !== null && env.guardPaths.some((g) => within(p, g));
      })
    );
  }
  if (!isGuard) {
    const p = u.argv[0] && !u.argv[0].dynamic ? resolve(u.argv[0].value, u.cwd) : null;
    isGuard = p !== null && u.argv[0].value.includes("/") &&
      env.guardPaths.some((g) => within(p, g));
  }
  if (isGuard && words.some((w) => GUARD_PRIVILEGED.has(w.value))) {
    an.find("abs.guard-approve", u.id, u.text.slice(0, 80));
  }
}

function envInjectionCheck(u: Unit, an: ShellAnalyzer): void {
  const names: string[] = u.assigns.map((a) => a.name);
  const cmd = cmdName(u);
  if (
    cmd === "export" || cmd === "declare" || cmd === "typeset" || cmd === "env" || cmd === "set"
  ) {
    for (const w of u.argv.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*|BASH_FUNC_[^=]*%%)=/.exec(w.value);
      if (m) names.push(m[1]);
    }
  }
  for (const n of names) {
    if (!DANGEROUS_ENV.has(n) && !DANGEROUS_ENV_RE.test(n)) continue;
    an.find(n.startsWith("GIT_") ? "git.config-injection" : "exec.env-injection", u.id, n);
  }
}

function gitConfigCheck(u: Unit, an: ShellAnalyzer): void {
  if (cmdName(u) !== "git") return;
  const args = u.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (!v.startsWith("-")) {
      if (v === "config") {
        // The file option's value is not the key: `git config -f .git/config core.pager x`.
        const rest = args.slice(i + 1).filter((w, k, all) =>
          !/^(-f|--file|--blob)$/.test(w.value) &&
          !/^(-f|--file|--blob)$/.test(all[k - 1]?.value ?? "") &&
          !/^(--file|--blob)=/.test(w.value)
        );
        const pos = positionals(rest);
        const writes = pos.length >= 2 || rest.some((w) =>
          /^--(add|replace-all|unset|unset-all|rename-section|remove-section|edit)$/.test(w.value)
        ) ||
          (pos[0]?.value === "set");
        const key = (pos[0]?.value === "set" ? pos[1]?.value : pos[0]?.value)?.toLowerCase() ?? "";
        if (
          writes && GIT_DANGEROUS_CONFIG.some((k) =>
            key.startsWith(k)
          )
        ) {
          an.find("git.config-injection", u.id, `git config ${key}`);
        }
      }
      return;
    }
    if (v === "-c" || v === "--config-env" || v.startsWith("--config-env=") || v.startsWith("-c")) {
      an.find("git.config-injection", u.id, `${v} ${args[i + 1]?.display ?? ""}`.trim());
      return;
    }
    if (GIT_GLOBAL_ARG_OPTS.has(v)) i++;
  }
}

export { awkDanger, sedScriptDanger };

export { urlsInText };
const METADATA_LITERALS =
  /169\.254\.169\.254|metadata\.google\.internal|100\.100\.100\.200|fd00:ec2::254|169\.254\.170\.2/i;

function metadataCheck(u: Unit, an: ShellAnalyzer): void {
  // A read-only command (echo, grep, cat …) cannot reach the network: addresses are data.
  if (safeUnit(u) !== null) return;
  const net = NETWORK_CLIENTS.has(cmdName(u));
  for (const w of allWords(u)) {
    for (const v of w.values) {
      // Every metadata spelling needs a digit, a colon or the word "metadata"/"instance".
      if (!net && !v.includes(":") && !v.includes("metadata") && !v.includes("169.254")) continue;
      if (METADATA_LITERALS.test(v)) {
        an.find("net.cloud-metadata", u.id, w.display.slice(0, 80));
        return;
      }
      const cands: string[] = [];
      if (v.includes("://")) cands.push(...urlsInText(v));
      if (net && !v.startsWith("-") && !v.includes(UNKNOWN)) cands.push(v);
      if (net && v.startsWith("--") && v.includes("=")) cands.push(v.slice(v.indexOf("=") + 1));
      for (const c of cands) {
        const d = classifyDestination(c);
        if (d && d.cls === "metadata") {
          an.find("net.cloud-metadata", u.id, d.host);
          return;
        }
      }
    }
  }
}

function sedParts(u: Unit): { scripts: RWord[]; inPlace: boolean; scriptFile: boolean } {
  const args = u.argv.slice(1);
  const scripts: RWord[] = [];
  let scriptFile = false;
  let inPlace = false;
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "-e" || v === "--expression") {
      if (args[i + 1]) scripts.push(args[i + 1]);
      i++;
    } else if (v.startsWith("--expression=")) scripts.push({ ...args[i], value: v.slice(13) });
    else if (v === "-f" || v === "--file" || v.startsWith("--file=")) {
      scriptFile = true;
      if (v === "-f" || v === "--file") i++;
    } else if (/^-[a-zA-Z]*i/.test(v) || v.startsWith("--in-place")) inPlace = true;
    else if (/^-[a-zA-Z]*[ef]$/.test(v) && v.length > 2) {
      if (v.endsWith("e") && args[i + 1]) scripts.push(args[i + 1]);
      else scriptFile = true;
      i++;
    }
  }
  if (!scripts.length && !scriptFile) {
    const first = positionals(args)[0];
    if (first) scripts.push(first);
  }
  return { scripts, inPlace, scriptFile };
}

function awkProgram(u: Unit): RWord | null | "file" {
  const args = u.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "-f" || v.startsWith("--file")) return "file";
    if (v === "-v" || v === "-F" || v === "--assign" || v === "--field-separator") {
      i++;
      continue;
    }
    if (v === "-i" || v === "--include" || v === "-l" || v === "--load" || v === "-E") {
      return "file";
    }
    if (v.startsWith("-") && v !== "-") continue;
    return args[i];
  }
  return null;
}

function sedAwkCheck(u: Unit, an: ShellAnalyzer): void {
  const name = cmdName(u);
  if (name === "sed") {
    const { scripts } = sedParts(u);
    for (const s of scripts) {
      if (!s.dynamic && sedScriptDanger(s.value) === "danger") {
        an.find("exec.sed-exec-write", u.id, s.display.slice(0, 60));
      }
    }
  } else if (name === "awk" || name === "gawk" || name === "mawk" || name === "nawk") {
    const p = awkProgram(u);
    if (p && p !== "file" && !p.dynamic && awkDanger(p.value)) {
      an.find("exec.awk-system", u.id, p.display.slice(0, 60));
    }
  }
}

function metacharCheck(u: Unit, an: ShellAnalyzer): void {
  if (u.argv[0]?.dynamic || globName(u)) {
    an.find("shell.dynamic-command", u.id, u.argv[0].display);
  }
  // A program with a table: its effects say what the unknown words can reach.
  if (u.effects?.known) return;
  if (u.subst) an.find("shell.substitution", u.id, u.text.slice(0, 80));
  else if (u.argv.slice(1).some((w) => w.dynamic) || u.redirs.some((r) => r.target?.dynamic)) {
    an.find(
      "shell.expansion",
      u.id,
      u.argv.filter((w) => w.dynamic).map((w) => w.display).join(" "),
    );
  }
}

/** Is the program named by an unquoted glob (it runs whatever file the glob matches)? */
function globName(u: Unit): boolean {
  const a0 = u.argv[0];
  return !!a0 && a0.glob && hasGlob(a0.value);
}

/** Runs every check on one unit, recording findings on the analyzer. */
export function checkUnit(u: Unit, an: ShellAnalyzer, env: CheckEnv): void {
  rmCheck(u, an, env);
  stateCheck(u, an, env);
  guardApproveCheck(u, an, env);
  envInjectionCheck(u, an);
  gitConfigCheck(u, an);
  metadataCheck(u, an);
  sedAwkCheck(u, an);
  for (const [r, m] of RULES_BY_COMMAND.get(cmdName(u)) ?? []) {
    if (an.findings.length && an.hasFinding(r.id, u.id)) continue;
    const hit = matchCommand(m, u);
    if (hit) an.find(r.id, u.id, hit);
  }
  if (cmdName(u) === "dd") {
    for (const w of u.argv) {
      if (w.value.startsWith("of=/dev/") && !HARMLESS_DEVICES.has(normalize(w.value.slice(3)))) {
        an.find("disk.dd-device", u.id, w.value);
      }
    }
  }
  if (/^mkfs(\.|$)/.test(cmdName(u))) an.find("disk.format", u.id, cmdName(u));
  effectsCheck(u, an, env);
  metacharCheck(u, an);
}

/** Computes the unit's effects and records the verdict of every one that may not simply run. */
function effectsCheck(u: Unit, an: ShellAnalyzer, env: CheckEnv): void {
  const ue = unitEffects(u, env.home);
  if (u.runsFile) {
    const w = u.runsFile.word;
    for (const v of w.values) {
      ue.effects.push({
        k: "exec",
        what: "file",
        path: v.includes(UNKNOWN) ? { abs: null, glob: false, display: w.display } : {
          abs: resolve(v, u.cwd),
          glob: w.glob && hasGlob(v),
          display: w.display,
        },
        display: w.display,
      });
    }
    ue.known = true;
  }
  // The loss model's judgement of what the VCS's own command destroys (history, uncommitted work).
  if (u.name === "git" && ue.known) {
    const g = gitLoss(u.argv.slice(1).map((w) => (w.dynamic ? null : w.value)));
    if (g) ue.effects.push({ k: "rule", rule: g.rule, display: `${g.detail}: loses ${g.lost}` });
  }
  u.effects = ue;
  // A program guard has no table for: any word that names a place in guard's zone touches it,
  // and any word that names a credential may read it.
  if (!ue.known && !u.transparent) {
    for (const w of u.argv.slice(1)) {
      const hits = classifyWord(w, u.cwd, env);
      const hit = hits.find((h) => h.cls === "guard" || h.cls === "hook-config") ??
        hits.find((h) => h.cls === "credential");
      if (hit) {
        an.find(
          hit.cls === "guard"
            ? "abs.guard-zone-read"
            : hit.cls === "hook-config"
            ? "abs.hook-config-write"
            : "secrets.credential-access",
          u.id,
          hit.cls === "credential" ? w.display : `${u.name || w.display} ${hit.place}`,
        );
        break;
      }
    }
  }
  // What a command changes names its verdict before what it reads (`sed -i` on a hook file is
  // a hook-configuration write, whatever else it reads there).
  const changesFirst = [
    ...ue.effects.filter((e) => e.k === "write" || e.k === "delete"),
    ...ue.effects.filter((e) => e.k !== "write" && e.k !== "delete"),
  ];
  for (const e of changesFirst) {
    const v = judgeEffect(e, env, u.name || null);
    if (!v) continue;
    // A script outside the workspace that is sourced keeps its own rule.
    const id = v.rule === "exec.script-file" && u.runsFile ? u.runsFile.rule : v.rule;
    an.find(id, u.id, v.detail);
  }
}

/** The safe tier: is this unit a read-only command? Returns the rule detail, or null. */
export function safeUnit(u: Unit): string | null {
  if (u.safe === undefined) u.safe = safeUnitUncached(u);
  return u.safe;
}

function safeUnitUncached(u: Unit): string | null {
  const name = cmdName(u);
  const spec = SAFE_COMMANDS[name];
  if (!spec) return null;
  const args = u.argv.slice(1);
  for (const f of spec.noFlags ?? []) if (hasFlag(args, f)) return null;
  if (spec.maxArgs !== undefined && positionals(args).length > spec.maxArgs) return null;
  switch (spec.check) {
    case "noArgs":
      if (args.length) return null;
      break;
    case "sed": {
      const { scripts, inPlace, scriptFile } = sedParts(u);
      if (inPlace || scriptFile || scripts.length === 0) return null;
      if (scripts.some((s) => s.dynamic || sedScriptDanger(s.value) !== "safe")) return null;
      break;
    }
    case "awk": {
      const p = awkProgram(u);
      if (!p || p === "file" || p.dynamic || awkDanger(p.value)) return null;
      break;
    }
    case "find":
      if (
        args.some((w) =>
          /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/.test(w.value)
        )
      ) return null;
      break;
    case "git": {
      const { sub, rest } = subcommand("git", args);
      if (
        args.some((w) =>
          w.value === "-c" || w.value.startsWith("--config-env") || w.value === "--exec-path"
        )
      ) return null;
      if (!sub) return null;
      if (
        rest.some((w) => GIT_WRITING_OPTS.some((o) => w.value === o || w.value.startsWith(o + "=")))
      ) return null;
      if (GIT_READONLY.has(sub)) break;
      const listing = GIT_LISTING[sub];
      if (!listing) return null;
      const pos = positionals(rest);
      if (
        sub === "config" || sub === "stash" || sub === "worktree" || sub === "submodule" ||
        sub === "remote"
      ) {
        const ok = rest.length === 0 && sub === "remote" ||
          rest.some((w) => listing.listFlags.includes(w.value.split("=")[0]));
        if (!ok) return null;
        if (sub === "config" && pos.length > 1 && !rest.some((w) => /^--get/.test(w.value))) {
          return null;
        }
        if (sub === "remote" && pos.length > 0 && !["show", "get-url"].includes(pos[0].value)) {
          return null;
        }
        break;
      }
      const opts = rest.filter((w) => w.value.startsWith("-"));
      if (!opts.every((w) => listing.listFlags.includes(w.value.split("=")[0]))) return null;
      if (
        pos.length &&
        !opts.some((w) =>
          ["--list", "-l", "--contains", "--merged", "--no-merged", "--points-at", "--no-contains"]
            .includes(w.value.split("=")[0])
        )
      ) return null;
      break;
    }
  }
  return name;
}
