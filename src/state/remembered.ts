/**
 * The remembered-rules file, `~/.aiguard/remembered.json`, next to the policy file: written by
 * `guard approve --remember` (and `guard watch`, `guard suggest --apply`), listed by
 * `guard rules`, edited by `guard forget`. Checked like every state file (regular, private,
 * ours); a file that does not parse fails closed like the policy file (RememberedError). Every
 * change happens under an exclusive lock on `remembered.lock`, read-modify-write, so concurrent
 * approvals never lose a rule or add one twice.
 */
import { parseRemembered, RememberedError, type RememberedRule } from "../policy/remembered.ts";
import { canonicalJson } from "../core/canonical.ts";
import { checkInfo, StateError, withFileLock, writePrivateFile } from "./state_dir.ts";

export { RememberedError };

export function rememberedPath(stateDir: string): string {
  return `${stateDir}/remembered.json`;
}

/** The remembered rules ([] when there is no file). Throws RememberedError when it is unsound. */
export function loadRemembered(stateDir: string): RememberedRule[] {
  const file = rememberedPath(stateDir);
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(file);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  try {
    checkInfo(file, info, false);
  } catch (e) {
    if (e instanceof StateError) throw new RememberedError(`${file}: ${e.message}`);
    throw e;
  }
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new RememberedError(`${file} is readable by others; run: chmod 600 ${file}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Deno.readFileSync(file)));
  } catch (e) {
    throw new RememberedError(`${file}: not valid JSON (${(e as Error).message.split("\n")[0]})`);
  }
  try {
    return parseRemembered(data);
  } catch (e) {
    if (e instanceof RememberedError) throw new RememberedError(`${file}: ${e.message}`);
    throw e;
  }
}

/** Runs `fn` on the rules under the lock and writes what it returns (when it changed them). */
export function updateRemembered<T>(
  stateDir: string,
  fn: (rules: RememberedRule[]) => { rules: RememberedRule[] | null; result: T },
): T {
  return withFileLock(`${stateDir}/remembered.lock`, () => {
    const { rules, result } = fn(loadRemembered(stateDir));
    if (rules !== null) {
      const data = { version: 1, rules: rules.map((r) => JSON.parse(canonicalJson(r))) };
      writePrivateFile(rememberedPath(stateDir), JSON.stringify(data, null, 1) + "\n");
    }
    return result;
  });
}

/** Adds a rule unless one with its id is there; true when it was added. */
export function addRemembered(stateDir: string, r: RememberedRule): boolean {
  return updateRemembered(
    stateDir,
    (rules) =>
      rules.some((x) => x.id === r.id)
        ? { rules: null, result: false }
        : { rules: [...rules, r], result: true },
  );
}

/** Removes the rule with this id; the removed rule, or null when there is none. */
export function forgetRemembered(stateDir: string, id: string): RememberedRule | null {
  return updateRemembered(stateDir, (rules) => {
    const hit = rules.find((x) => x.id === id) ?? null;
    return hit
      ? { rules: rules.filter((x) => x !== hit), result: hit }
      : { rules: null, result: null };
  });
}
