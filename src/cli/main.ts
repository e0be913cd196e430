/**
 * guard's command line. Subcommands are loaded on demand so the hook path
 * (`guard evaluate`) loads as little code as possible.
 */

export const VERSION = "0.1.0";

const HELP = `guard ${VERSION} — a least-privilege guard between AI coding agents and your machine

usage:
  guard evaluate [--agent claude|codex|kimi]   PreToolUse hook: payload on stdin; exit 0 allow, 2 block/ask
  guard explain '<command>'                    show the decision and how it was reached
  guard explain --tool <Name> --input '<json>' the same for a non-shell tool call
  guard version | help

Not a sole security barrier: agent platforms run the tool anyway if a hook crashes or times out.`;

export async function main(args: string[]): Promise<number> {
  const [cmd, ...rest] = args;
  switch (cmd) {
    case "evaluate": {
      const { runEvaluate } = await import("./evaluate.ts");
      const out = await runEvaluate(rest);
      if (out.stderr) await writeAll(Deno.stderr, out.stderr + "\n");
      return out.code;
    }
    case "explain": {
      const { runExplain } = await import("./explain.ts");
      const out = await runExplain(rest);
      if (out.stdout) await writeAll(Deno.stdout, out.stdout + "\n");
      if (out.stderr) await writeAll(Deno.stderr, out.stderr + "\n");
      return out.code;
    }
    case "version":
    case "--version":
    case "-V":
      await writeAll(Deno.stdout, `guard ${VERSION}\n`);
      return 0;
    case "help":
    case "--help":
    case "-h":
    case undefined:
      await writeAll(Deno.stdout, HELP + "\n");
      return cmd === undefined ? 2 : 0;
    default:
      await writeAll(Deno.stderr, `guard: unknown command ${JSON.stringify(cmd)}\n${HELP}\n`);
      return 2;
  }
}

async function writeAll(w: { write(p: Uint8Array): Promise<number> }, s: string): Promise<void> {
  const b = new TextEncoder().encode(s);
  let off = 0;
  while (off < b.length) off += await w.write(b.subarray(off));
}
