/**
 * The one entry point for parsing shell text: fast path first, tree-sitter otherwise.
 *
 * Parsing is synchronous so the decision core can call it while it analyses
 * nested scripts (`bash -c`, `eval`, heredocs fed to shells). When the fast
 * lexer declines and tree-sitter is not loaded yet, `NeedFullParser` is thrown;
 * the front end loads tree-sitter (asynchronously) and evaluates again.
 */
import type { ParsedScript } from "./ir.ts";
import { fastParse } from "./fast_lexer.ts";
import { NestingTooDeep } from "./limits.ts";

export interface ShellParser {
  parse(source: string): ParsedScript;
}

export class NeedFullParser extends Error {
  constructor() {
    super("the full shell parser is needed");
  }
}

/** A full parser implementation (tree-sitter), injected so the core stays pure. */
export type FullParse = (source: string) => ParsedScript;

/** Nesting beyond which a command is not handed to tree-sitter at all. */
export const MAX_NESTING = 150;

/**
 * Upper bound of bracket nesting, skipping single-quoted text and escapes.
 * A resource guard only (deep nesting makes GLR parsing slow): it never
 * decides what a command does.
 */
export function nestingBound(src: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 92 /* \\ */) i++;
    else if (c === 39 /* ' */) {
      const close = src.indexOf("'", i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === 40 /* ( */ || c === 123 /* { */) {
      if (++depth > max) max = depth;
    } else if ((c === 41 /* ) */ || c === 125 /* } */) && depth > 0) depth--;
  }
  return max;
}

function limited(source: string, reason: string, limit: "nesting" | "complexity"): ParsedScript {
  return {
    body: { k: "error", raw: source.slice(0, 80), reason },
    parser: "tree-sitter",
    errors: [reason],
    source,
    limit,
  };
}

export function makeShellParser(
  full: FullParse | null,
  opts: { fastPath?: boolean } = {},
): ShellParser {
  const fast = opts.fastPath ?? true;
  return {
    parse(source: string): ParsedScript {
      if (fast) {
        const r = fastParse(source);
        if (r) return r;
      }
      const depth = nestingBound(source);
      if (depth > MAX_NESTING) {
        return limited(source, `nesting deeper than ${MAX_NESTING} levels`, "nesting");
      }
      if (!full) throw new NeedFullParser();
      try {
        return full(source);
      } catch (e) {
        if (e instanceof NestingTooDeep) return limited(source, e.message, "nesting");
        throw e;
      }
    },
  };
}
