/**
 * Tool pinning, pure: a tool's identity is the hash of its whole definition
 * (name, title, description, inputSchema, outputSchema, annotations), compared
 * order-insensitively (canonical JSON). The text a poisoned description would
 * carry — descriptions and titles anywhere in the definition, schemas included
 * — is what the injection detector reads on first sight.
 */
import { canonicalJson } from "../core/canonical.ts";

export interface ToolDef {
  name: string;
  [k: string]: unknown;
}

/** The fields that define a tool (anything else the server sends is ignored). */
export function definition(t: ToolDef): Record<string, unknown> {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    annotations: t.annotations,
  };
}

export function definitionText(t: ToolDef): string {
  return canonicalJson(definition(t));
}

/** Model-visible prose of a definition: every description and title, nested ones too. */
export function describedText(t: ToolDef): string {
  const parts: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 32 || !v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if ((k === "description" || k === "title") && typeof x === "string") parts.push(x);
      else walk(x, depth + 1);
    }
  };
  walk(definition(t), 0);
  return parts.join("\n\n");
}

export interface PinRecord {
  /** Hash of the trusted definition. */
  hash: string;
  /** A definition waiting for `guard mcp trust` (changed, or poisoned on first sight). */
  pending?: { hash: string; reason: "changed" | "poisoned"; definition: string; seen: string };
  trusted_at: string;
}

export interface ServerPins {
  server: { name: string; command: string };
  instructions?: { hash: string; pending?: { hash: string; text: string; reason: string } };
  tools: Record<string, PinRecord>;
}

export type ToolVerdict =
  | { status: "trusted" }
  | { status: "new" }
  | { status: "changed" }
  | { status: "held"; reason: "changed" | "poisoned" };

/** How a tool seen in a `tools/list` response stands against its pin. */
export function judgeTool(pins: ServerPins, name: string, hash: string): ToolVerdict {
  const p = pins.tools[name];
  if (!p) return { status: "new" };
  if (p.pending && p.pending.hash === hash) return { status: "held", reason: p.pending.reason };
  if (p.hash === hash && p.hash !== "") return { status: "trusted" };
  return { status: "changed" };
}
