/**
 * Judges effects by zone: any effect on guard's own zone is an Absolute
 * Block; credentials ask; writes and deletes outside the workspace ask;
 * recursive deletes of home, `/` and their ancestors block; inside the
 * workspace (and scratch) the loss model (loss.ts) judges what would be
 * lost: the workspace root and VCS stores block, mass loss asks, the rest
 * runs. Programs that run, network
 * destinations and table-declared rules are judged here too. Pure.
 */
import type { Effect, PathRef } from "../shell/effects.ts";
import { classifyDestination } from "../zones/net.ts";
import { ancestorOf, within } from "../zones/paths.ts";
import {
  CRITICAL_SYSTEM_DIRS,
  HARMLESS_DEVICES,
  isHookDir,
  isProtectedRoot,
  mentionsState,
  type PathClass,
  type PathHit,
  protectedBelow,
} from "../zones/sensitive_paths.ts";
import { type ZoneEnv, zoneOf } from "../zones/zones.ts";
import { pathLoss } from "./loss.ts";
import { globSelectsCredentials } from "../shell/sweeps.ts";

/** A verdict on one effect: a rule id (from rules.ts) and its detail; null when it may run. */
export interface EffectVerdict {
  rule: string;
  detail: string;
  /** What would be lost (the loss model, src/policy/loss.ts), for explain. */
  lost?: string;
}

/** The rule a write into each protected class raises (the effect checks and the old write check). */
export const WRITE_CLASS_RULE: Partial<Record<PathClass, string>> = {
  state: "abs.guard-state",
  guard: "abs.guard-self-modify",
  "hook-config": "abs.hook-config-write",
  credential: "write.credential-file",
  startup: "persist.startup-write",
  "authorized-keys": "persist.authorized-keys",
  system: "fs.system-write",
  device: "disk.device-write",
  "git-internal": "write.git-internal",
};
const ORDER = [
  "state",
  "guard",
  "hook-config",
  "credential",
  "authorized-keys",
  "startup",
  "device",
  "system",
  "git-internal",
];

function strictest(hits: PathHit[]): PathHit | null {
  let best: PathHit | null = null;
  for (const h of hits) {
    if (!best || ORDER.indexOf(h.cls) < ORDER.indexOf(best.cls)) best = h;
  }
  return best;
}

/** Does a recursive effect on `dir` cover guard's zone? Returns the rule, or null. */
function coversGuard(dir: string, env: ZoneEnv): string | null {
  if (dir === env.stateDir || ancestorOf(dir, env.stateDir)) return "abs.guard-state";
  if (env.guardPaths.some((g) => dir === g || ancestorOf(dir, g))) return "abs.guard-zone-read";
  return null;
}

/**
 * A glob DIR, then `**`, then NAME stands for paths below DIR (find's `{}`, what xargs gets from a
 * listing): judged as a recursive effect on DIR, unless NAME itself names a protected file.
 */
function below(p: PathRef): { dir: string; name: string } | null {
  if (!p.glob || p.abs === null) return null;
  const i = p.abs.indexOf("/**/");
  if (i < 0 || p.abs.indexOf("/**/", i + 1) >= 0) return null;
  const name = p.abs.slice(i + 4);
  if (name.includes("/")) return null;
  return { dir: p.abs.slice(0, i) || "/", name };
}

function readVerdict(
  p: PathRef,
  recursive: boolean,
  env: ZoneEnv,
  plain = false,
  sweep?: "out" | PathRef,
): EffectVerdict | null {
  if (p.abs === null) return { rule: "effect.unresolved-path", detail: `reads ${p.display}` };
  const b = plain ? null : below(p);
  if (b) {
    const named = b.name === "*" ? null : readVerdict(p, false, env, true);
    if (named && named.rule !== "effect.unresolved-path") return named;
    // Every file below DIR whose name could be a credential file's: a sweep of DIR as well.
    const all = sweep && globSelectsCredentials(b.name) !== "none" ? sweep : undefined;
    return readVerdict({ abs: b.dir, glob: false, display: p.display }, true, env, false, all);
  }
  const z = zoneOf(p.abs, env, p.glob);
  if (z.zone === "guard") {
    const state = z.hits.some((h) => h.cls === "state");
    return { rule: state ? "abs.guard-state" : "abs.guard-zone-read", detail: p.abs };
  }
  if (z.zone === "credential") return { rule: "secrets.credential-access", detail: p.abs };
  if (recursive && !p.glob) {
    const g = coversGuard(p.abs, env);
    if (g) return { rule: g, detail: `a recursive read of ${p.abs} covers guard's own files` };
    const below = protectedBelow(p.abs, env);
    if (below) {
      return {
        rule: below.cls === "credential" ? "secrets.credential-access" : "abs.guard-zone-read",
        detail: `a recursive read of ${p.abs} covers ${below.place}`,
      };
    }
    // A workspace holds credential files by convention (`.env`, keys, `.npmrc`): a read of all
    // of it whose contents leave (lines printed, a copy or an archive elsewhere) takes them too.
    // Lines printed from any other tree (another project, a server's directory) likewise; a
    // subdirectory of the workspace is not its root, where such files live.
    const root = env.workspace !== null && within(env.workspace, p.abs);
    const inside = env.workspace !== null && !root && within(p.abs, env.workspace);
    if (sweep && (root || (sweep === "out" && !inside))) {
      const to = sweep === "out" ? null : sweep;
      if (to === null) {
        return {
          rule: "secrets.credential-access",
          detail: `a recursive search of ${p.abs} prints what its credential files (.env, keys) ` +
            "hold",
        };
      }
      if (to.abs === null || zoneOf(to.abs, env, to.glob).zone !== "workspace") {
        return {
          rule: "secrets.credential-access",
          detail: `copies ${p.abs}, its credential files (.env, keys) included, to ` +
            (to.abs ?? to.display),
        };
      }
    }
  }
  return null;
}

function listVerdict(p: PathRef, recursive: boolean, env: ZoneEnv): EffectVerdict | null {
  if (p.abs === null) return { rule: "effect.unresolved-path", detail: `lists ${p.display}` };
  // A recursive listing from an ancestor shows what is inside guard's state directory too.
  if (recursive && !p.glob && (p.abs === env.stateDir || ancestorOf(p.abs, env.stateDir))) {
    return {
      rule: "abs.guard-state",
      detail: `a recursive listing of ${p.abs} covers ${env.stateDir}`,
    };
  }
  if (
    recursive && !p.glob && env.guardPaths.some((g) => within(p.abs!, g) || ancestorOf(p.abs!, g))
  ) {
    return { rule: "abs.guard-zone-read", detail: `a recursive listing of ${p.abs}` };
  }
  const z = zoneOf(p.abs, env, p.glob);
  if (z.zone === "guard" && z.hits.some((h) => h.cls === "state")) {
    return { rule: "abs.guard-state", detail: p.abs };
  }
  if (z.zone === "guard" && z.hits.some((h) => h.cls === "guard")) {
    return { rule: "abs.guard-zone-read", detail: p.abs };
  }
  return null;
}

function changeVerdict(
  p: PathRef,
  kind: "write" | "delete",
  recursive: boolean,
  env: ZoneEnv,
): EffectVerdict | null {
  const verb = kind === "write" ? "writes" : "deletes";
  if (p.abs === null) return { rule: "effect.unresolved-path", detail: `${verb} ${p.display}` };
  const b = below(p);
  if (b) return changeVerdict({ abs: b.dir, glob: false, display: p.display }, kind, true, env);
  const abs = p.abs;
  if (kind === "write" && (HARMLESS_DEVICES.has(abs) || /^\/dev\/fd\/[0-2]$/.test(abs))) {
    return null;
  }
  // The directory that holds an agent's hooks (~/.claude, .github/hooks …): replacing it
  // replaces the configuration.
  if (!p.glob && isHookDir(abs, env.home) && !within(env.home, abs)) {
    return { rule: "abs.hook-config-write", detail: `${abs} holds agent hook configuration` };
  }
  if (recursive && !p.glob) {
    if (kind === "delete" && isProtectedRoot(abs, env.home)) {
      return { rule: "abs.rm-protected", detail: abs };
    }
    const hook = kind === "delete" ? protectedBelow(abs, env) : null;
    if (hook?.cls === "hook-config") {
      return { rule: "abs.hook-config-write", detail: `${abs} holds ${hook.place}` };
    }
    const g = coversGuard(abs, env);
    if (g) {
      return {
        rule: g === "abs.guard-state" ? "abs.guard-state" : "abs.guard-self-modify",
        detail: `${abs} contains guard's own files`,
      };
    }
  }
  const z = zoneOf(abs, env, p.glob);
  const top = strictest(z.hits);
  if (top && WRITE_CLASS_RULE[top.cls]) {
    if (top.cls === "git-internal" && kind === "delete" && !recursive) return null;
    return { rule: WRITE_CLASS_RULE[top.cls]!, detail: top.place };
  }
  switch (z.zone) {
    case "workspace":
    case "scratch":
      return null;
    case "root":
      return kind === "delete" && recursive
        ? { rule: "abs.rm-protected", detail: abs }
        : { rule: "write.outside-workspace", detail: `${verb} ${abs}` };
    default:
      return {
        rule: kind === "write" ? "write.outside-workspace" : "fs.delete-outside-workspace",
        detail: abs,
      };
  }
}

function execVerdict(e: Extract<Effect, { k: "exec" }>, env: ZoneEnv): EffectVerdict | null {
  switch (e.what) {
    case "inline":
      return { rule: "exec.inline-code", detail: e.display };
    case "program":
      return { rule: "exec.option-program", detail: e.display };
    case "project": {
      const d = e.path?.abs ?? null;
      if (d === null) {
        return { rule: "effect.unresolved-path", detail: `${e.display} in an unknown directory` };
      }
      const z = zoneOf(d, env);
      if (z.zone === "guard") {
        return { rule: "abs.guard-self-modify", detail: `${e.display} in ${d}` };
      }
      if (z.zone === "workspace" || z.zone === "scratch") return null;
      return { rule: "exec.outside-workspace", detail: `${e.display} in ${d}` };
    }
    case "file": {
      const p = e.path;
      if (!p || p.abs === null) {
        return { rule: "effect.unresolved-path", detail: `runs ${e.display}` };
      }
      const z = zoneOf(p.abs, env, p.glob);
      if (z.zone === "guard") {
        const state = z.hits.some((h) => h.cls === "state");
        return { rule: state ? "abs.guard-state" : "abs.guard-zone-read", detail: p.abs };
      }
      if (z.zone === "workspace") return null;
      return { rule: "exec.script-file", detail: p.abs };
    }
  }
}

function networkVerdict(e: Extract<Effect, { k: "network" }>): EffectVerdict | null {
  if (e.upload) return { rule: "net.upload-data", detail: "sends a local file" };
  if (e.dest.includes("\u0000")) {
    return { rule: "net.egress", detail: "a destination known only at run time" };
  }
  const d = classifyDestination(e.dest);
  if (!d) return { rule: "net.egress", detail: e.dest.slice(0, 80) };
  switch (d.cls) {
    case "loopback": {
      // A local server can hand out anything it can read: guard's state by any path spelling.
      let decoded = e.dest;
      try {
        decoded = decodeURIComponent(e.dest.replace(/\+/g, " "));
      } catch { /* keep */ }
      if (mentionsState(decoded) || mentionsState(e.dest)) {
        return { rule: "abs.guard-state", detail: `${e.dest.slice(0, 80)} names guard's state` };
      }
      return null;
    }
    case "metadata":
      return { rule: "net.cloud-metadata", detail: d.host };
    case "private":
    case "link-local":
      return { rule: "net.private-host", detail: d.host };
    default:
      return { rule: "net.egress", detail: d.host };
  }
}

/**
 * A write or delete: the zone's verdict and the loss model's (what cannot be recovered), the
 * stricter of the two. The loss model blocks what destroys the workspace or a VCS store and asks
 * for mass loss inside the workspace, where the zones let everything run.
 */
function changeWithLoss(
  e: Extract<Effect, { k: "write" | "delete" }>,
  env: ZoneEnv,
  program: string | null,
): EffectVerdict | null {
  let zone = e.k === "write"
    ? changeVerdict(e.path, "write", e.recursive ?? false, env)
    : changeVerdict(e.path, "delete", e.recursive, env);
  // What the effect does names the ask: a recursive permission change, a move of a protected
  // place (these were per-command checks in shell_checks.ts).
  if (zone && e.k === "write" && e.perm && e.recursive && SYSTEM_ASKS.has(zone.rule)) {
    zone = { ...zone, rule: "fs.chmod-recursive-system" };
  } else if (zone && e.k === "delete" && e.move && SYSTEM_ASKS.has(zone.rule)) {
    const abs = e.path.abs;
    if (abs !== null && (isProtectedRoot(abs, env.home) || CRITICAL_SYSTEM_DIRS.has(abs))) {
      zone = { ...zone, rule: "fs.move-protected" };
    }
  }
  if (zone && (zone.rule.startsWith("abs.") || zone.rule === "effect.unresolved-path")) return zone;
  const loss = pathLoss(e, env, program);
  if (!loss) return zone;
  // Both ask: the loss model's names what is lost (a glob's credential guess does not).
  if (!zone || loss.rule.startsWith("abs.") || zone.rule === "write.credential-file") {
    return loss;
  }
  return zone;
}

/** The zone verdicts a recursive chmod or a move of a protected place is named more precisely than. */
const SYSTEM_ASKS = new Set([
  "fs.system-write",
  "write.outside-workspace",
  "fs.delete-outside-workspace",
]);

/** The verdict on one effect in the given zones (`program`: the unit's, for the loss model). */
export function judgeEffect(
  e: Effect,
  env: ZoneEnv,
  program: string | null = null,
): EffectVerdict | null {
  switch (e.k) {
    case "read":
      return readVerdict(e.path, e.recursive, env, false, e.sweep);
    case "list":
      return listVerdict(e.path, e.recursive, env);
    case "write":
    case "delete":
      return changeWithLoss(e, env, program);
    case "exec":
      return execVerdict(e, env);
    case "network":
      return networkVerdict(e);
    case "rule":
      return { rule: e.rule, detail: e.display };
  }
}
