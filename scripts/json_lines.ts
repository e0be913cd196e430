/**
 * Standard input read as JSON lines, one message a line (blank lines skipped): the stdio loop of
 * the small MCP servers the demo and the tests run behind `guard proxy`.
 */
export async function eachJsonLine(
  handle: (m: Record<string, unknown>) => unknown,
): Promise<void> {
  const dec = new TextDecoder();
  let buf = "";
  for await (const chunk of Deno.stdin.readable) {
    buf += dec.decode(chunk, { stream: true });
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.trim()) void handle(JSON.parse(line));
    }
  }
}
