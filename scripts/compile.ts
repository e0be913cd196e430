/**
 * `deno task compile [--home DIR] [--output PATH] [--target TRIPLE] [--prebuilt] [--print]`:
 * builds the single `guard` executable with `deno compile`, from the same flags as
 * `deno task guard` (deno.json, read through src/cli/flags.ts).
 *
 * Deno does not expand `~` or `$HOME` in permission flags, so the flags must hold
 * real paths: by default the binary is compiled on the user's machine for their home
 * (`--home`, default $HOME), granting exactly what the guard task grants. Two changes:
 *  - `--allow-run` is unrestricted, because `guard proxy` starts whatever MCP server the
 *    user configures; every other subcommand revokes it at start-up (src/cli/privileges.ts)
 *    and `guard approve` only ever starts its three fixed programs;
 *  - with `--prebuilt` (release builds, home unknown) read/write cannot be limited to
 *    one home: the binary gets read/write everywhere and `guard doctor` says so (ADR 0014).
 */
import { guardFlags } from "../src/cli/flags.ts";

export function compileFlags(home: string | null): string[] {
  const flags = guardFlags(home ?? "/nonexistent-home");
  return flags.flatMap((f) => {
    if (f.startsWith("--allow-run=")) return ["--allow-run"];
    if (home === null && (f.startsWith("--allow-read=") || f.startsWith("--allow-write="))) {
      return [f.slice(0, f.indexOf("="))];
    }
    return [f];
  });
}

export function compileArgs(
  o: { home: string | null; output: string; target?: string; main: string },
): string[] {
  return [
    "compile",
    ...compileFlags(o.home),
    "--output",
    o.output,
    ...(o.target ? ["--target", o.target] : []),
    // guard imports its late modules (src/core/late.ts) through computed specifiers, which
    // `deno compile` does not follow: the whole of src/ goes in.
    "--include",
    o.main.replace(/main\.ts$/, "src"),
    o.main,
  ];
}

if (import.meta.main) {
  const args = [...Deno.args];
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const prebuilt = args.includes("--prebuilt");
  const home = prebuilt ? null : (opt("--home") ?? Deno.env.get("HOME") ?? null);
  if (!prebuilt && (!home || !home.startsWith("/"))) {
    console.error("deno task compile: --home (or HOME) must be an absolute path");
    Deno.exit(2);
  }
  const root = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
  const cmd = compileArgs({
    home,
    output: opt("--output") ?? `${root}/dist/guard`,
    target: opt("--target"),
    main: `${root}/main.ts`,
  });
  if (args.includes("--print")) {
    console.log(["deno", ...cmd].join(" "));
    Deno.exit(0);
  }
  const r = await new Deno.Command(Deno.execPath(), {
    args: cmd,
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (r.code !== 0) {
    console.error(
      "deno compile failed. It needs the `denort` runtime for the target: it downloads it " +
        "from dl.deno.land, or uses DENORT_BIN when set.",
    );
  }
  Deno.exit(r.code);
}
