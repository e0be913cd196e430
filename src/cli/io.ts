/** Small synchronous terminal helpers for the interactive subcommands. */

const enc = new TextEncoder();

export function out(s: string): void {
  write(Deno.stdout, s + "\n");
}

export function err(s: string): void {
  write(Deno.stderr, s + "\n");
}

function write(w: { writeSync(p: Uint8Array): number }, s: string): void {
  const b = enc.encode(s);
  let off = 0;
  while (off < b.length) off += w.writeSync(b.subarray(off));
}

/**
 * Reads one line: from the terminal (after printing `prompt` on stderr) when
 * stdin is one, otherwise from piped stdin (so approvals can be scripted).
 * Returns null at end of input.
 */
export function readLine(prompt: string): string | null {
  if (Deno.stdin.isTerminal()) write(Deno.stderr, prompt);
  const bytes: number[] = [];
  const buf = new Uint8Array(1);
  while (bytes.length < 4096) {
    const n = Deno.stdin.readSync(buf);
    if (n === null || n === 0) {
      if (bytes.length === 0) return null;
      break;
    }
    if (buf[0] === 10) break;
    bytes.push(buf[0]);
  }
  return new TextDecoder().decode(new Uint8Array(bytes)).replace(/\r$/, "");
}

/** Keeps control characters (ANSI escapes) of untrusted text off the user's terminal. */
export function printable(s: string): string {
  return s.replace(
    // deno-lint-ignore no-control-regex -- exactly what is stripped
    /[\x00-\x08\x0b-\x1f\x7f\x9b]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}
