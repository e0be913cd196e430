/**
 * Per-subcommand least privilege inside one executable. The flags (deno.json's
 * `guard` task, or the compiled binary's) grant the union of what any
 * subcommand needs; at start-up each subcommand revokes what it does not need,
 * before it reads any input. Nothing grants `--allow-net` or `--allow-ffi`.
 */
import { agentConfigPaths } from "./flags.ts";

interface Keep {
  /** Read/write on the agents' configuration locations (install, doctor, …). */
  configs: boolean;
  /** Starting programs (Touch ID helper and keyrings; the proxy's MCP server). */
  run: boolean;
}

/** Rows are data: what each subcommand keeps. Anything not listed keeps nothing extra. */
export const PRIVILEGES: Record<string, Keep> = {
  evaluate: { configs: false, run: false },
  explain: { configs: false, run: false },
  scan: { configs: false, run: false },
  log: { configs: false, run: false },
  stats: { configs: false, run: false },
  audit: { configs: false, run: false },
  pending: { configs: false, run: false },
  deny: { configs: false, run: false },
  approve: { configs: false, run: true },
  totp: { configs: false, run: true },
  touchid: { configs: false, run: true },
  proxy: { configs: false, run: true }, // revoked again once the server has started
  mcp: { configs: true, run: false }, // mcp wrap edits client configurations
  install: { configs: true, run: false },
  uninstall: { configs: true, run: false },
  doctor: { configs: true, run: false },
  "import-claude-permissions": { configs: true, run: false },
};

const NONE: Keep = { configs: false, run: false };

function revoke(d: Deno.PermissionDescriptor): void {
  try {
    Deno.permissions.revokeSync(d);
  } catch { /* not granted, or not revocable: nothing to drop */ }
}

/** Drops what `subcommand` does not need. Returns what it kept (for `guard doctor`). */
export function dropPrivileges(subcommand: string, home: string | undefined): Keep {
  const keep = PRIVILEGES[subcommand] ?? NONE;
  if (!keep.run) revoke({ name: "run" });
  if (!keep.configs && home && home.startsWith("/")) {
    for (const path of agentConfigPaths(home)) {
      revoke({ name: "read", path });
      revoke({ name: "write", path });
    }
  }
  // Never granted by guard's flags; revoked anyway in case someone runs it with more.
  revoke({ name: "net" });
  revoke({ name: "ffi" });
  return keep;
}
