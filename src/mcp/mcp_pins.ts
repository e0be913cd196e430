/**
 * Pinned MCP tool definitions, one file per server in `~/.aiguard/mcp/`
 * (0600), keyed by the server's name and command line. Written atomically.
 */
import type { ServerPins } from "./pins.ts";
import { checkInfo, ensureSubdir, StateError, writePrivateFile } from "../state/state_dir.ts";

export function pinsDir(stateDir: string): string {
  return `${stateDir}/mcp`;
}

export async function serverKey(name: string, command: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${name}\0${command}`));
  return Array.from(new Uint8Array(d).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

function parse(v: unknown): ServerPins | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const s = o.server as Record<string, unknown> | undefined;
  if (!s || typeof s.name !== "string" || typeof s.command !== "string") return null;
  if (!o.tools || typeof o.tools !== "object" || Array.isArray(o.tools)) return null;
  return v as ServerPins;
}

export function loadPins(stateDir: string, key: string, name: string, command: string): ServerPins {
  const p = `${pinsDir(stateDir)}/${key}.json`;
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(p);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { server: { name, command }, tools: {} };
    throw e;
  }
  checkInfo(p, info, false);
  try {
    const pins = parse(JSON.parse(Deno.readTextFileSync(p)));
    if (pins) return pins;
  } catch { /* fall through */ }
  throw new StateError(`${p} is malformed; remove it to re-pin this server's tools`);
}

export function savePins(stateDir: string, key: string, pins: ServerPins): void {
  ensureSubdir(pinsDir(stateDir));
  writePrivateFile(`${pinsDir(stateDir)}/${key}.json`, JSON.stringify(pins, null, 1) + "\n");
}

/** Every pinned server: [key, pins]. */
export function allPins(stateDir: string): [string, ServerPins][] {
  const out: [string, ServerPins][] = [];
  try {
    for (const e of Deno.readDirSync(pinsDir(stateDir))) {
      const m = /^([0-9a-f]{16})\.json$/.exec(e.name);
      if (!m) continue;
      const p = `${pinsDir(stateDir)}/${e.name}`;
      try {
        const pins = parse(JSON.parse(Deno.readTextFileSync(p)));
        if (pins) out.push([m[1], pins]);
      } catch { /* skip unreadable */ }
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return out;
}
