/**
 * The hook command `guard install` wrote into an agent's configuration (its last PreToolUse-like
 * entry), for the tests that run it by hand: tests/install_test.ts and the e2e scenarios.
 */
import { parse as parseToml } from "smol-toml";
import { configPaths, type InstallAgent } from "../src/cli/setup/install.ts";

export function installedCommand(agent: InstallAgent, text: string): string {
  if (agent === "kimi") {
    return (parseToml(text) as { hooks: { command: string }[] }).hooks.at(-1)!.command;
  }
  const cfg = JSON.parse(text);
  const first = Object.values(cfg.hooks as Record<string, unknown[]>)[0];
  const entry = first.at(-1) as Record<string, unknown>;
  if (agent === "cursor") return entry.command as string;
  if (agent === "copilot") return entry.bash as string;
  return ((entry.hooks as Record<string, unknown>[]).at(-1)!).command as string;
}

/** The installed command of `agent` in the user-level file under `home`. */
export async function installedHook(agent: InstallAgent, home: string): Promise<string> {
  return installedCommand(agent, await Deno.readTextFile(configPaths(agent, home, null)[0]));
}
