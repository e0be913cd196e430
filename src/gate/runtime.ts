/**
 * Builds the engine context for the CLI and runs an evaluation, loading the
 * optional capabilities (tree-sitter, brace expansion) only when the core asks
 * for them: the common simple command never pays for WebAssembly start-up.
 */
import { type EngineContext, evaluate } from "../policy/engine.ts";
import type { CompiledPolicy } from "../policy/user_policy.ts";
import type { ToolCall } from "../core/types.ts";
import type { Evaluation } from "../policy/evaluation.ts";
import { NeedCapability } from "../shell/words.ts";
import { makeShellParser, NeedFullParser } from "../shell/parse/parser.ts";
import { stateDirFor } from "../state/state_dir.ts";
import { late } from "../core/late.ts";

/** guard's own installation: the source checkout, or the compiled executable. */
export function guardPaths(): string[] {
  // String operations rather than `new URL` (whose first use costs ~0.2 ms on the hook path).
  const here = import.meta.url;
  if (here.startsWith("file://")) {
    const root = decodeURIComponent(here.slice(7).replace(/\/src\/gate\/runtime\.ts$/, ""));
    // Running from source: protect the checkout and the deno that runs it (replacing either
    // disables guard). A compiled binary protects itself.
    return [root, Deno.execPath()];
  }
  return [Deno.execPath()];
}

/** Deno's cache when the hook names it (`DENO_DIR=…` in the installed command). */
function denoDir(): string[] {
  try {
    const d = Deno.env.get("DENO_DIR");
    return d && d.startsWith("/") ? [d.replace(/(.)\/+$/, "$1")] : [];
  } catch {
    return [];
  }
}

export function baseContext(home: string, policy: CompiledPolicy): EngineContext {
  return {
    home,
    stateDir: stateDirFor(home),
    guardPaths: import.meta.url.startsWith("file://")
      // From source, guard's npm dependencies live in Deno's cache: protect it too.
      ? [...guardPaths(), `${home}/.cache/deno`, `${home}/Library/Caches/deno`, ...denoDir()]
      : guardPaths(),
    policy,
    parser: makeShellParser(null),
    brace: null,
  };
}

/** Evaluates, loading capabilities on demand. `deadline` is a performance.now() value. */
export async function evaluateWithCapabilities(
  call: ToolCall,
  ctx: EngineContext,
  deadline: number,
): Promise<Evaluation> {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return evaluate(call, ctx);
    } catch (e) {
      if (
        e instanceof NeedFullParser ||
        (e instanceof NeedCapability && e.capability === "tree-sitter")
      ) {
        const ts = await late<typeof import("../shell/parse/tree_sitter.ts")>(
          "../shell/parse/tree_sitter.ts",
          import.meta.url,
        );
        await ts.loadTreeSitter();
        ctx.parser = makeShellParser((s) => ts.parseWithTreeSitter(s, deadline));
        continue;
      }
      if (e instanceof NeedCapability && e.capability.startsWith("grammar:")) {
        // Inline code (python3 -c, node -e): its language's grammar, only when met.
        const { loadGrammar } = await late<typeof import("../shell/inline/grammars.ts")>(
          "../shell/inline/grammars.ts",
          import.meta.url,
        );
        await loadGrammar(
          e.capability.slice(8) as "python" | "javascript" | "typescript" | "scripts",
        );
        continue;
      }
      if (e instanceof NeedCapability && e.capability === "brace-expansion") {
        const { expand } = await late<typeof import("./brace.ts")>("./brace.ts", import.meta.url);
        ctx.brace = (s: string) => expand(s, { max: 1000 });
        continue;
      }
      throw e;
    }
  }
  throw new Error("capability loading did not converge");
}
