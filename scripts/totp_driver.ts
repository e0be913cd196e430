/**
 * Drives `guard totp setup` the way a user with an authenticator app would:
 * reads the otpauth:// URI it prints and answers with a code. Used by the
 * end-to-end tests and by `deno task demo`.
 */
import * as OTPAuth from "otpauth";
import { guardEnv, MAIN_TS, REPO_ROOT, runFlags } from "./guard_flags.ts";

/** Runs `guard totp setup` interactively: reads the URI, answers with a code. */
export async function setupTotp(
  home: string,
  code: (uri: string) => string,
): Promise<{ code: number; uri: string; out: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...runFlags(home), MAIN_TS, "totp", "setup"],
    cwd: REPO_ROOT,
    env: guardEnv(home),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  let out = "";
  let uri = "";
  while (!uri) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
    uri = out.split("\n").find((l) => l.startsWith("otpauth://")) ?? "";
  }
  const w = child.stdin.getWriter();
  try {
    if (uri) await w.write(new TextEncoder().encode(code(uri) + "\n"));
    await w.close();
  } catch { /* the process may have exited already */ }
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  const status = await child.status;
  await child.stderr.cancel();
  return { code: status.code, uri, out };
}

export function codeFor(uri: string, offsetSeconds = 0): string {
  const t = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  return t.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}
