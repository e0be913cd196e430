/**
 * Writes `hook.lock`: the lockfile the installed hook runs with (`--no-config --lock=… --frozen`,
 * ADR 0024 fourth pass). It is `deno.lock` cut down to what the hook can load — the npm packages
 * guard's `src/` names by full `npm:` specifier (the modules of the hook's late imports) and
 * everything they depend on — so the hook skips the configuration file and the whole project's
 * lockfile at start-up and still resolves every package exactly as `deno.lock` pins it.
 *
 *   deno task hook-lock            # rewrite hook.lock from deno.lock
 *   deno task hook-lock --check    # exit 1 when hook.lock is not what deno.lock gives
 */
import { REPO_ROOT } from "./guard_flags.ts";

interface NpmEntry {
  integrity: string;
  dependencies?: string[];
  [k: string]: unknown;
}
interface Lock {
  version: string;
  specifiers: Record<string, string>;
  npm: Record<string, NpmEntry>;
  workspace?: { dependencies?: string[] };
}

/** `npm:name@version` of every full npm specifier in the TypeScript under `dir`, sorted. */
export function npmRoots(dir: string): string[] {
  const found = new Set<string>();
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) walk(p);
      else if (e.name.endsWith(".ts")) {
        for (
          const m of Deno.readTextFileSync(p).matchAll(
            /from "npm:\/?((?:@[^/"@]+\/)?[^/"@]+)@([^/"]+)/g,
          )
        ) {
          found.add(`npm:${m[1]}@${m[2]}`);
        }
      }
    }
  };
  walk(dir);
  return [...found].sort();
}

/** The lockfile for `roots`, cut from `lock`; throws when `lock` does not pin one of them. */
export function hookLock(lock: Lock, roots: string[]): Lock {
  const specifiers: Record<string, string> = {};
  const npm: Record<string, NpmEntry> = {};
  const keyOf = (dep: string): string => {
    if (lock.npm[dep]) return dep; // name@version (Deno writes it so when versions differ)
    const keys = Object.keys(lock.npm).filter((k) => k.slice(0, k.lastIndexOf("@")) === dep);
    if (keys.length !== 1) throw new Error(`deno.lock does not pin one ${dep} (${keys.length})`);
    return keys[0];
  };
  const add = (key: string) => {
    if (npm[key]) return;
    const entry = lock.npm[key];
    if (!entry) throw new Error(`deno.lock has no npm entry ${key}`);
    npm[key] = entry;
    for (const d of entry.dependencies ?? []) add(keyOf(d));
  };
  for (const root of roots) {
    const resolved = lock.specifiers[root];
    if (resolved === undefined) throw new Error(`deno.lock does not pin ${root}`);
    specifiers[root] = resolved;
    const name = root.slice(4, root.lastIndexOf("@"));
    add(`${name}@${resolved}`);
  }
  const sorted = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  return {
    version: lock.version,
    specifiers: sorted(specifiers),
    npm: sorted(npm),
    workspace: { dependencies: [...roots].sort() },
  };
}

/** The text `hook.lock` must hold, from the checkout's `deno.lock` and `src/`. */
export function hookLockText(root = REPO_ROOT): string {
  const lock = JSON.parse(Deno.readTextFileSync(`${root}/deno.lock`)) as Lock;
  return JSON.stringify(hookLock(lock, npmRoots(`${root}/src`)), null, 2) + "\n";
}

if (import.meta.main) {
  const want = hookLockText();
  const path = `${REPO_ROOT}/hook.lock`;
  if (Deno.args.includes("--check")) {
    let have = "";
    try {
      have = Deno.readTextFileSync(path);
    } catch { /* missing */ }
    if (have !== want) {
      console.error("hook.lock is not deno.lock's cut for the hook: run `deno task hook-lock`");
      Deno.exit(1);
    }
    console.log("hook.lock matches deno.lock");
  } else {
    Deno.writeTextFileSync(path, want);
    console.log(`wrote ${path}`);
  }
}
