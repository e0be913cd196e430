/**
 * Per-subcommand least privilege inside one executable. The flags (deno.json's
 * `guard` task, or the compiled binary's) grant the union of what any
 * subcommand needs; at start-up each subcommand revokes what it does not need,
 * before it reads any input. Nothing grants `--allow-ffi`; only the command lines of
 * `guard proxy --url` and of the re-launched `guard audit ship` grant `--allow-net`, for their
 * one origin, and every other subcommand drops it.
 */
import { agentConfigPaths, flagPaths, guardFlags, userDirectory } from "./flags.ts";

/** Which programs a subcommand may start. */
type Run =
  | "none"
  /** The Touch ID helper and the keyrings (`guard approve`, `totp`, `touchid`). */
  | "helpers"
  /** `/bin/sh` only: install and doctor run the installed hook command as an agent would. */
  | "shell"
  /** Whatever the flags grant (the proxy adds its MCP server; revoked once it has started). */
  | "all";

interface Keep {
  /** Read/write on the agents' configuration locations (install, doctor, …). */
  configs: boolean;
  run: Run;
  /** The network, when granted (`guard proxy --url`: its one origin; the stdio proxy drops it). */
  net?: boolean;
}

/** Rows are data: what each subcommand keeps. Anything not listed keeps nothing extra. */
export const PRIVILEGES: Record<string, Keep> = {
  evaluate: { configs: false, run: "none" },
  explain: { configs: false, run: "none" },
  scan: { configs: false, run: "none" },
  log: { configs: false, run: "none" },
  stats: { configs: false, run: "none" },
  audit: { configs: false, run: "none" },
  // These two re-launch themselves through the shell with one more grant (src/cli/ship/relaunch.ts,
  // ADR 0029): ship the network for its one destination, verify --stream read on the files named.
  // The re-launched process holds no programs; the shipper refuses a wider network grant.
  "audit ship": { configs: false, run: "shell", net: true },
  "audit verify --stream": { configs: false, run: "shell" },
  pending: { configs: false, run: "none" },
  deny: { configs: false, run: "none" },
  approve: { configs: false, run: "helpers" },
  watch: { configs: false, run: "helpers" },
  suggest: { configs: false, run: "helpers" }, // --apply asks the second factor
  rules: { configs: false, run: "none" },
  forget: { configs: false, run: "none" },
  totp: { configs: false, run: "helpers" },
  touchid: { configs: false, run: "helpers" },
  // run: revoked again once the server has started (a remote one needs none); net: only --url
  proxy: { configs: false, run: "all", net: true },
  mcp: { configs: true, run: "none" }, // mcp wrap edits client configurations
  // The resident evaluator: the hook's privileges plus its socket (net: the grant is only ever
  // unix:<state dir>/guard.sock, and it refuses any wider); the shell only to start itself
  // detached with its own flags — the evaluator revokes run before it listens.
  serve: { configs: false, run: "shell", net: true },
  // configs include the resident evaluator's unit directories (~/.config/systemd/user,
  // ~/Library/LaunchAgents, ADR 0023): install writes guard's unit there and starts it through the
  // shell; uninstall removes it.
  install: { configs: true, run: "shell" },
  uninstall: { configs: true, run: "shell" }, // stops the evaluator's unit (systemctl, launchctl)
  doctor: { configs: true, run: "shell" },
  "import-claude-permissions": { configs: true, run: "none" },
};

const NONE: Keep = { configs: false, run: "none" };

/** The shell install and doctor run hook commands with. */
export const SHELL = "/bin/sh";

function revoke(d: Deno.PermissionDescriptor): void {
  try {
    Deno.permissions.revokeSync(d);
  } catch { /* not granted, or not revocable: nothing to drop */ }
}

/** Drops what `subcommand` does not need. Returns what it kept (for `guard doctor`). */
export function dropPrivileges(subcommand: string, home: string | undefined): Keep {
  const keep = PRIVILEGES[subcommand] ?? NONE;
  const absHome = home && home.startsWith("/") ? home : null;
  if (keep.run === "none") revoke({ name: "run" });
  else if (keep.run !== "all") {
    // Revoke the granted programs this subcommand does not start, one by one.
    for (const program of flagPaths(guardFlags(absHome ?? "/nonexistent"), "run")) {
      if ((program === SHELL) !== (keep.run === "shell")) revoke({ name: "run", command: program });
    }
  }
  if (!keep.configs && absHome) {
    for (const path of agentConfigPaths(absHome, userDirectory())) {
      revoke({ name: "read", path });
      revoke({ name: "write", path });
    }
  }
  // Granted only on the command line of guard proxy --url; revoked anyway in case someone runs
  // another subcommand with more.
  if (!keep.net) revoke({ name: "net" });
  revoke({ name: "ffi" });
  return keep;
}
