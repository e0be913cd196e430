/**
 * Maps a ToolCall (and the engine's evaluation of it) to what flow tracking
 * needs: its capabilities, the paths it touches and the texts it sends. One
 * function for every front end, so the hook and the MCP proxy label calls the
 * same way. Pure.
 */
import {
  CAPABILITIES,
  type Capability,
  classifyTool,
  commandCapabilities,
  type ToolDefinition,
} from "../flow/capabilities.ts";
import type { FlowCall, FlowSettings } from "../flow/flow.ts";
import { expandHome, normalize, resolve } from "../zones/paths.ts";
import type { ToolCall } from "../core/types.ts";
import type { Evaluation } from "./evaluation.ts";

const MAX_NODES = 5000;

/**
 * String leaves of a JSON value, in document order, iteratively (no recursion to overflow):
 * at most `maxNodes` values visited and about `maxChars` characters collected.
 */
export function stringLeaves(v: unknown, maxNodes = MAX_NODES, maxChars = Infinity): string[] {
  const out: string[] = [];
  const stack: unknown[] = [v];
  let nodes = 0, chars = 0;
  while (stack.length && nodes++ < maxNodes && chars <= maxChars) {
    const x = stack.pop();
    if (typeof x === "string") {
      out.push(x);
      chars += x.length;
    } else if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
    } else if (x && typeof x === "object") {
      const vals = Object.values(x as Record<string, unknown>);
      for (let i = vals.length - 1; i >= 0; i--) stack.push(vals[i]);
    }
  }
  return out;
}

function pathLike(words: string[], cwd: string, home: string): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (w.length > 4096) continue;
    const p = expandHome(w, home);
    if (p.startsWith("/")) out.push(normalize(p));
    else if (p.startsWith("./") || p.startsWith("../")) {
      const r = resolve(p, cwd);
      if (r) out.push(r);
    }
  }
  return out;
}

function sorted(caps: Set<Capability>): Capability[] {
  return CAPABILITIES.filter((c) => caps.has(c));
}

/** Classifications of non-shell tools, per scope (one hook process, one proxy): tool → caps. */
export type CapabilityCache = Map<string, Capability[]>;

function toolCaps(
  call: ToolCall,
  settings: FlowSettings,
  def: ToolDefinition | undefined,
  cache: CapabilityCache | undefined,
): Capability[] {
  const hit = cache?.get(call.tool);
  if (hit) return hit;
  const caps = classifyTool(call.agent, call.tool, def, settings.tools).caps;
  cache?.set(call.tool, caps);
  return caps;
}

export function flowCallOf(
  call: ToolCall,
  ev: Evaluation,
  settings: FlowSettings,
  home: string,
  def?: ToolDefinition,
  cache?: CapabilityCache,
): FlowCall {
  const findings = ev.trace.findings.map((f) => f.rule);
  const override = settings.tools[call.tool];
  switch (call.kind) {
    case "shell": {
      const caps = new Set<Capability>(["executes"]);
      const words: string[] = [];
      for (const argv of ev.trace.programs ?? []) {
        for (const c of commandCapabilities(argv)) caps.add(c);
        words.push(...argv.slice(1));
      }
      return {
        tool: call.tool,
        caps: override ? [...override] : sorted(caps),
        findings,
        paths: pathLike(words, call.cwd, home),
        texts: [call.command],
      };
    }
    case "file":
      return {
        tool: call.tool,
        caps: toolCaps(call, settings, undefined, cache),
        findings,
        paths: call.paths.map((p) => resolve(p, call.cwd) ?? p),
        texts: call.contents,
      };
    case "web":
      return {
        tool: call.tool,
        caps: toolCaps(call, settings, undefined, cache),
        findings,
        paths: [],
        texts: [call.url ?? call.query ?? ""],
      };
    case "mcp":
    case "other": {
      const input = call.kind === "mcp" ? call.args : call.input;
      const values = stringLeaves(input);
      return {
        tool: call.tool,
        caps: toolCaps(call, settings, def, cache),
        findings,
        paths: pathLike(values, call.cwd, home),
        texts: [JSON.stringify(input) ?? ""],
      };
    }
  }
}
