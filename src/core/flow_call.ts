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
} from "./capabilities.ts";
import type { FlowCall, FlowSettings } from "./flow.ts";
import { normalize, resolve } from "./paths.ts";
import type { Evaluation, ToolCall } from "./types.ts";

const MAX_NODES = 5000;

/** String leaves of a JSON value (bounded walk). */
function strings(v: unknown, out: string[] = [], budget = { n: MAX_NODES }): string[] {
  if (budget.n-- <= 0) return out;
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) { for (const x of v) strings(x, out, budget); }
  else if (v && typeof v === "object") {
    for (const x of Object.values(v as Record<string, unknown>)) strings(x, out, budget);
  }
  return out;
}

function pathLike(words: string[], cwd: string, home: string): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (w.length > 4096) continue;
    const p = w === "~" ? home : w.startsWith("~/") ? home + w.slice(1) : w;
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
      const values = strings(input);
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
