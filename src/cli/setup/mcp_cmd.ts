/**
 * `guard mcp list` and `guard mcp trust <server>` — run by the user: show the
 * pinned MCP servers and accept the tool definitions (and instructions) the
 * proxy withheld because they changed or looked poisoned. `guard mcp wrap` is
 * in `mcp_wrap.ts`.
 */
import { allPins, savePins } from "../../mcp/mcp_pins.ts";
import { StateError, userStateDir } from "../../state/state_dir.ts";
import { appendAudit } from "../../audit/audit_log.ts";
import { err, out, printable } from "../io.ts";

const USAGE = "usage: guard mcp list | guard mcp trust <server> | " +
  "guard mcp wrap <client config> [--dry-run] [--unwrap] [--only name,…]";

export async function runMcp(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "wrap") return await (await import("./mcp_wrap.ts")).runMcpWrap(rest);
  try {
    if (sub === "list" && rest.length === 0) return list();
    if (sub === "trust" && rest.length === 1) return await trust(rest[0]);
  } catch (e) {
    if (e instanceof StateError) {
      err(`guard mcp: ${e.message}`);
      return 2;
    }
    throw e;
  }
  err(USAGE);
  return 2;
}

function list(): number {
  const all = allPins(userStateDir());
  if (!all.length) {
    out(
      "no MCP servers pinned yet (guard proxy pins a server's tools the first time it lists them)",
    );
    return 0;
  }
  for (const [key, p] of all) {
    const tools = Object.entries(p.tools);
    const held = tools.filter(([, t]) => t.pending);
    out(
      `${p.server.name}  ${tools.length} tools${held.length ? `, ${held.length} withheld` : ""}${
        p.instructions?.pending ? ", instructions withheld" : ""
      }  [${key}] ${printable(p.server.command)}`,
    );
    for (const [name, t] of held) {
      out(`  withheld: ${name} (${t.pending!.reason} ${t.pending!.seen})`);
    }
  }
  return 0;
}

async function trust(name: string): Promise<number> {
  const dir = userStateDir();
  const matches = allPins(dir).filter(([, p]) => p.server.name === name);
  if (!matches.length) {
    err(`guard mcp: no pinned server named ${JSON.stringify(name)} (see guard mcp list)`);
    return 1;
  }
  let accepted = 0;
  for (const [key, p] of matches) {
    for (const [tool, t] of Object.entries(p.tools)) {
      if (!t.pending) continue;
      out(`trusting ${name}/${tool} (${t.pending.reason}):`);
      out(`  ${printable(t.pending.definition.slice(0, 2000))}`);
      p.tools[tool] = { hash: t.pending.hash, trusted_at: new Date().toISOString() };
      accepted++;
    }
    if (p.instructions?.pending) {
      out(`trusting ${name} instructions (${p.instructions.pending.reason}):`);
      out(`  ${printable(p.instructions.pending.text.slice(0, 2000))}`);
      p.instructions = { hash: p.instructions.pending.hash };
      accepted++;
    }
    savePins(dir, key, p);
  }
  try {
    await appendAudit(dir, {
      time: new Date().toISOString(),
      source: "cli",
      session: "",
      tool: `mcp__${name}`,
      call: "",
      decision: {
        action: "trust",
        risk: "medium",
        rule: "mcp.trust",
        warning: `${accepted} withheld definition(s) of ${name} trusted by the user`,
      },
      event: "mcp.trust",
    });
  } catch (e) {
    err(`guard: warning: could not write the audit log: ${(e as Error).message}`);
  }
  out(
    accepted ? `trusted ${accepted} definition(s) of ${name}` : `nothing of ${name} was withheld`,
  );
  return 0;
}
