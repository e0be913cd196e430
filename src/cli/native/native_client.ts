/**
 * The native hook client (src/cli/native/guard_hook.c; docs/adr/0023, "The native client"):
 * `guard install` compiles it with the machine's C compiler into `~/.aiguard/bin/guard-hook`,
 * where agents cannot write (guard's own state is an Absolute Block), and the installed hook
 * command runs it in front of the Deno thin client (flags.ts `hookCommand`). With the evaluator
 * up, a hook call then costs a process start of about a millisecond instead of a Deno runtime's
 * sixty; without it, the native client runs the Deno line at once.
 *
 * A stamp beside the binary (`guard-hook.sha256`) holds the hash of the version and the source it
 * was built from: install rebuilds when either changed, doctor warns when they differ. No
 * compiler: no binary (a stale one is removed), and the hook runs the Deno client as before.
 */
import { hasNativeClient, nativeClientPath, shellJoin } from "../flags.ts";
import { VERSION } from "../hook_client.ts";
import { SHELL } from "../privileges.ts";
import { nodeCrypto } from "../../audit/sync_crypto.ts";

/** The C source of a checkout whose entry is `main` (…/main.ts). */
export function nativeSource(main: string): string {
  return main.replace(/main\.ts$/, "src/cli/native/guard_hook.c");
}

/** The stamp file beside the binary. */
export function stampPath(home: string): string {
  return `${nativeClientPath(home)}.sha256`;
}

/** What a binary built now from `main`'s source would be stamped with. */
export function wantedStamp(main: string): string {
  return nodeCrypto().sha256Hex(
    `guard-hook ${VERSION}\n${Deno.readTextFileSync(nativeSource(main))}`,
  );
}

/** Is the client the hook line would run there, stamped with `want`? */
function stampedWith(home: string, want: string): boolean {
  if (!hasNativeClient(home)) return false;
  try {
    return Deno.readTextFileSync(stampPath(home)).trim() === want;
  } catch {
    return false;
  }
}

/** The compiler install looks for: the first of cc, gcc, clang on PATH (null: none). */
export const FIND_COMPILER = "command -v cc || command -v gcc || command -v clang";

/** Is there a C compiler on PATH (what install needs to build the client)? */
export async function hasCompiler(): Promise<boolean> {
  return (await new Deno.Command(SHELL, {
    args: ["-c", FIND_COMPILER],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output()).success;
}

/** The compiler's command line: the first of cc, gcc, clang on PATH, then the build. */
export function buildLine(main: string, out: string): string {
  const tmp = `${out}.tmp${Date.now()}`;
  const dir = out.slice(0, out.lastIndexOf("/"));
  const cc = [
    "-O2",
    "-std=c11",
    `-DGUARD_VERSION="${VERSION}"`,
    "-o",
    tmp,
    nativeSource(main),
  ];
  return `CC=$(${FIND_COMPILER}) || exit 127; ` +
    `umask 077; mkdir -p ${shellJoin([dir])} && "$CC" ${shellJoin(cc)} && ` +
    `mv -f ${shellJoin([tmp])} ${shellJoin([out])} || { s=$?; rm -f ${
      shellJoin([tmp])
    }; exit $s; }`;
}

export type BuildResult =
  | { status: "built" | "current"; path: string }
  | { status: "no-compiler" | "failed"; detail: string };

/**
 * Builds the native client for `home` from `main`'s source unless the binary there is stamped
 * with it already. On failure any older binary is removed, so the hook runs the Deno client.
 */
export async function buildNativeClient(home: string, main: string): Promise<BuildResult> {
  const out = nativeClientPath(home);
  const want = wantedStamp(main);
  if (stampedWith(home, want)) return { status: "current", path: out };
  const o = await new Deno.Command(SHELL, {
    args: ["-c", buildLine(main, out)],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!o.success) {
    removeNativeClient(home);
    const detail = new TextDecoder().decode(o.stderr).trim().split("\n")[0] ?? "";
    return o.code === 127 && !detail
      ? { status: "no-compiler", detail: "no C compiler (cc, gcc or clang) on PATH" }
      : { status: "failed", detail: detail || `the compiler exited ${o.code}` };
  }
  Deno.writeTextFileSync(stampPath(home), want + "\n", { mode: 0o600 });
  return { status: "built", path: out };
}

/**
 * The start line beside the binary (`guard-hook.start`): the session-start hook's command line
 * (flags.ts `startCommand`). When the native client finds nobody listening on the socket, it
 * falls back as always and first starts the evaluator with this line — at most once in
 * AUTOSTART_BACKOFF_S by anyone, never after `guard serve --stop` (guard_hook.c, "starting the
 * evaluator"). Install writes it unless `--no-serve`, which removes it.
 */
export function startLinePath(home: string): string {
  return `${nativeClientPath(home)}.start`;
}

/** The native client's wait between two starts of the evaluator (guard_hook.c). */
export const AUTOSTART_BACKOFF_S = 30;

/** Writes the start line (0600: the native client ignores a line anybody else could write). */
export function writeStartLine(home: string, line: string): void {
  const path = startLinePath(home);
  const tmp = `${path}.tmp${Date.now()}`;
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
  Deno.writeTextFileSync(tmp, line, { mode: 0o600 });
  Deno.renameSync(tmp, path);
}

/** Removes the start line: hook calls no longer start the evaluator. */
export function removeStartLine(home: string): boolean {
  try {
    Deno.removeSync(startLinePath(home));
    return true;
  } catch {
    return false;
  }
}

/** The start line install left (null: none, so the native client starts nothing). */
export function readStartLine(home: string): string | null {
  try {
    return Deno.readTextFileSync(startLinePath(home));
  } catch {
    return null;
  }
}

/**
 * Removes the binary, its stamp and its start line (uninstall of the last hook, `--no-native`, a
 * failed build).
 */
export function removeNativeClient(home: string): boolean {
  let removed = false;
  for (const p of [nativeClientPath(home), stampPath(home), startLinePath(home)]) {
    try {
      Deno.removeSync(p);
      removed = true;
    } catch { /* not there */ }
  }
  return removed;
}

/** Is the installed binary the one this guard's source builds? null: none installed. */
export function nativeClientCurrent(home: string, main: string): boolean | null {
  if (!hasNativeClient(home)) return null;
  try {
    return stampedWith(home, wantedStamp(main));
  } catch {
    return false; // the source is unreadable
  }
}
