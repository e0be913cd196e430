/**
 * Re-running guard with one more grant. `deno task guard` holds no network and reads only guard's
 * own locations; `guard audit ship --to <url>` needs the network for that one destination, and
 * `guard audit verify --stream FILE` needs to read FILE. Such a subcommand starts itself again
 * through the shell the task may run (`/bin/sh -c 'exec "$0" "$@"' deno run <flags> main.ts …`)
 * with exactly the flags of `taskFlags` — no programs, the state directory, plus that one grant —
 * and waits for it. The child's stdin is a pipe from this process: when this process dies (kill
 * -9 included) the pipe closes and the child stops too (`exitWithParent`).
 */
import { mainModulePath, OFFLINE_FLAGS } from "../flags.ts";
import { SHELL } from "../privileges.ts";

/** Marks the child's command line (after the subcommand's own arguments). */
export const CHILD_MARK = "--relaunched";

export function canRelaunch(): boolean {
  return mainModulePath() !== null &&
    Deno.permissions.querySync({ name: "run", command: SHELL }).state === "granted";
}

/** Runs `guard <args> --relaunched` under `flags`; resolves to its exit code. */
export async function relaunch(
  flags: string[],
  args: string[],
  env: Record<string, string> = {},
): Promise<number> {
  const main = mainModulePath();
  if (main === null) throw new Error("a compiled guard cannot re-launch itself with more grants");
  const child = new Deno.Command(SHELL, {
    args: [
      "-c",
      'exec "$0" "$@"',
      Deno.execPath(),
      "run",
      ...OFFLINE_FLAGS,
      ...flags,
      main,
      ...args,
      CHILD_MARK,
    ],
    env,
    stdin: "piped",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  // Nothing is written: the pipe only tells the child that its parent is alive.
  const stop = (sig: Deno.Signal) => {
    try {
      child.kill(sig);
    } catch { /* gone */ }
  };
  const onTerm = () => stop("SIGTERM");
  const onInt = () => stop("SIGINT");
  Deno.addSignalListener("SIGTERM", onTerm);
  Deno.addSignalListener("SIGINT", onInt);
  try {
    const st = await child.status;
    return st.signal ? 2 : st.code;
  } finally {
    Deno.removeSignalListener("SIGTERM", onTerm);
    Deno.removeSignalListener("SIGINT", onInt);
    try {
      await child.stdin.close();
    } catch { /* closed */ }
  }
}

/** In the child: stop as soon as the parent's pipe closes. */
export function exitWithParent(): void {
  (async () => {
    const buf = new Uint8Array(64);
    try {
      while (true) {
        const n = await Deno.stdin.read(buf);
        if (n === null) break;
      }
    } catch { /* closed */ }
    Deno.exit(2);
  })();
}

/** Strips the child mark; says whether it was there. */
export function takeChildMark(args: string[]): { args: string[]; child: boolean } {
  const i = args.lastIndexOf(CHILD_MARK);
  if (i < 0) return { args, child: false };
  return { args: [...args.slice(0, i), ...args.slice(i + 1)], child: true };
}
