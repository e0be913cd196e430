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
import { NestingTooDeep } from "./cst_to_ir.ts";

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

export function makeShellParser(full: FullParse | null, opts: { fastPath?: boolean } = {}): ShellParser {
  const fast = opts.fastPath ?? true;
  return {
    parse(source: string): ParsedScript {
      if (fast) {
        const r = fastParse(source);
        if (r) return r;
      }
      if (!full) throw new NeedFullParser();
      try {
        return full(source);
      } catch (e) {
        if (e instanceof NestingTooDeep) {
          return {
            body: { k: "error", raw: source.slice(0, 80), reason: e.message },
            parser: "tree-sitter",
            errors: [e.message],
            source,
          };
        }
        throw e;
      }
    },
  };
}
