/**
 * guard's command line. The hook (`guard evaluate`) is imported statically;
 * every other subcommand is loaded on demand.
 */

import { runEvaluate } from "./evaluate.ts";
import { dropPrivileges } from "./privileges.ts";

import { VERSION } from "./hook_client.ts";

export { VERSION };

const HELP = `guard ${VERSION} — a least-privilege guard between AI coding agents and your machine

usage:
  guard evaluate [--agent A]                   the hook (PreToolUse/PostToolUse): payload on stdin; exit 0
                                               allow, 2 block/ask (A: claude codex kimi gemini cursor copilot)
  guard serve [--detach | --stop | --status [--json]]
                                               the resident evaluator the installed hook asks first
                                               (it falls back to evaluating in-process)
  guard explain '<command>'                    show the decision and how it was reached
  guard explain --tool <Name> --input '<json>' the same for a non-shell tool call
  guard pending [--json]                       list calls waiting for approval, newest first
  guard approve <token> [--totp | --touchid]   show a pending call, authenticate, allow it once (5 min)
  guard approve <token> --remember session|project|always
                                               approve, and let calls of this shape run from now on
  guard rules [--json]                         the remembered approvals
  guard forget <id>…                           remove remembered approvals
  guard deny <token>                           discard a pending call
  guard suggest [--since 30d] [--json] [--apply N [--scope project|always]]
                                               remembered approvals proposed from the asks in the log
  guard watch [--unlock-minutes N]             watch asks arrive; a approve, r remember, d deny, q quit
  guard totp setup | reset                     enrol (or re-enrol) an authenticator app
  guard touchid setup                          enrol Touch ID (macOS, after scripts/build_touchid.sh)
  guard log [-n N] [--action A] [--tool T] [--session S] [--since 2h] [--json] [--follow]
                                               recent decisions from the audit log
  guard stats [--since 2h] [--json | --prometheus]
                                               decisions by action, rule and tool
  guard proxy [--name <server>] -- <command> [args…]
                                               MCP stdio proxy: every tools/call judged, results scanned
  guard proxy --url <url> [--header 'Name: value']… [--name <server>]
                                               the same for a remote server (Streamable HTTP)
  guard mcp list | guard mcp trust <server>    pinned MCP tools; accept withheld definitions
  guard mcp wrap <client config> [--unwrap] [--dry-run]
                                               run every stdio and Streamable HTTP MCP server behind guard
  guard install|uninstall --agent A [--project] [--dry-run] [--wrap-mcp]
                                               wire (or remove) the hook in an agent's configuration
  guard install|uninstall --agent claude|gemini --managed [--dry-run]
                                               the same in its system settings, for every user (root)
  guard import-claude-permissions [--settings PATH] [--dry-run]
                                               turn Claude Code's permission rules into guard policy
  guard doctor [--json]                        check the setup; exit 1 when something fails
  guard scan [--redact] [--json] [--secrets-only|--injection-only] < FILE
                                               find secrets and prompt injection in text (exit 1: found)
  guard audit verify [PATH|-] [--against FILE|-]
                                               prove the audit log intact (exit 1: TAMPERED)
  guard audit checkpoint --export              sign the current head; keep the output elsewhere
  guard audit key --export [--remove]          print (and take off disk) the audit MAC root keys
  guard audit ship --to <url> [--follow | --once] [--name N] [--encoding protobuf|json] [--ca FILE]
                                               send the audit log to syslog (tcp, tls, udp) or
                                               OTLP/HTTP, at least once, from a durable cursor
  guard audit verify --stream FILE|- --key PUBKEY|FILE
                                               prove a collector's copy complete and unforged
  guard version | help

Not a sole security barrier: agent platforms run the tool anyway if a hook crashes or times out.`;

/**
 * The row of src/cli/privileges.ts a command line runs under: the subcommand, or for the audit
 * subcommands that re-launch themselves with one more grant (ADR 0029), `audit ship` and
 * `audit verify --stream`.
 */
export function privilegeRow(cmd: string | undefined, rest: string[]): string {
  if (cmd !== "audit") return cmd ?? "";
  if (rest[0] === "ship") return "audit ship";
  if (rest[0] === "verify" && rest.some((a) => a === "--stream" || a.startsWith("--stream="))) {
    return "audit verify --stream";
  }
  return cmd;
}

export async function main(args: string[]): Promise<number> {
  const [cmd, ...rest] = args;
  let home: string | undefined;
  try {
    home = Deno.env.get("HOME");
  } catch { /* no env permission: nothing path-specific to drop */ }
  dropPrivileges(privilegeRow(cmd, rest), home);
  switch (cmd) {
    case "evaluate": {
      const out = await runEvaluate(rest);
      if (out.stderr) writeAll(Deno.stderr, out.stderr + "\n");
      if (out.stdout) writeAll(Deno.stdout, out.stdout + "\n");
      return out.code;
    }
    case "serve":
      return (await import("./serve.ts")).runServe(rest);
    case "approve":
      return (await import("./approval/approve.ts")).runApprove(rest);
    case "deny":
      return (await import("./approval/approve.ts")).runDeny(rest);
    case "suggest":
      return (await import("./approval/suggest.ts")).runSuggest(rest);
    case "rules":
      return (await import("./approval/rules_cmd.ts")).runRules(rest);
    case "forget":
      return (await import("./approval/rules_cmd.ts")).runForget(rest);
    case "pending":
      return (await import("./approval/approve.ts")).runPending(rest);
    case "watch":
      return (await import("./approval/watch.ts")).runWatch(rest);
    case "totp":
      return (await import("./approval/totp_cmd.ts")).runTotp(rest);
    case "touchid":
      return (await import("./approval/touchid_cmd.ts")).runTouchId(rest);
    case "audit":
      return (await import("./audit_cmd.ts")).runAudit(rest);
    case "scan":
      return (await import("./scan_cmd.ts")).runScan(rest);
    case "proxy":
      return (await import("./proxy_cmd.ts")).runProxyCommand(rest);
    case "mcp":
      return (await import("./setup/mcp_cmd.ts")).runMcp(rest);
    case "log":
      return (await import("./log_cmd.ts")).runLog(rest);
    case "install":
    case "uninstall":
      // --managed: the agent's system-level settings, for every user (an administrator's run).
      return rest.includes("--managed")
        ? (await import("./setup/managed_install.ts")).runManagedInstallArgs(
          rest,
          cmd === "uninstall",
        )
        : (await import("./setup/install.ts")).runInstall(rest, cmd === "uninstall");
    case "doctor":
      return (await import("./setup/doctor.ts")).runDoctor(rest);
    case "import-claude-permissions":
      return (await import("./setup/import_claude.ts")).runImportClaude(rest);
    case "stats":
      return (await import("./log_cmd.ts")).runStats(rest);
    case "explain": {
      const { runExplain } = await import("./explain.ts");
      const out = await runExplain(rest);
      if (out.stdout) writeAll(Deno.stdout, out.stdout + "\n");
      if (out.stderr) writeAll(Deno.stderr, out.stderr + "\n");
      return out.code;
    }
    case "version":
    case "--version":
    case "-V":
      writeAll(Deno.stdout, `guard ${VERSION}\n`);
      return 0;
    case "help":
    case "--help":
    case "-h":
    case undefined:
      writeAll(Deno.stdout, HELP + "\n");
      return cmd === undefined ? 2 : 0;
    default:
      writeAll(Deno.stderr, `guard: unknown command ${JSON.stringify(cmd)}\n${HELP}\n`);
      return 2;
  }
}

function writeAll(w: { writeSync(p: Uint8Array): number }, s: string): void {
  const b = new TextEncoder().encode(s);
  let off = 0;
  while (off < b.length) off += w.writeSync(b.subarray(off));
}
