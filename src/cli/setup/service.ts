/**
 * How the resident evaluator starts at login (docs/adr/0023): a systemd user service on Linux
 * (`~/.config/systemd/user/aiguard.service`), a launchd agent on macOS
 * (`~/Library/LaunchAgents/dev.aiguard.serve.plist`), both running `guard serve` in the
 * foreground with the evaluator's own flags. `guard install` writes the unit and starts it when a
 * service manager answers (`--no-serve` skips both); `guard uninstall` stops and removes it once
 * no agent has guard's hook left. Where no service manager runs (a container), the agents'
 * session-start hook guard installs beside its tool hook (flags.ts `startCommand`) starts it in the
 * background; the hook evaluates in-process until it answers.
 */
import { serveCommand, shellJoin } from "../flags.ts";
import { SHELL } from "../privileges.ts";
import { readOrEmpty } from "./config_edit.ts";
import { writePrivateFile } from "../../state/state_dir.ts";

export const SYSTEMD_UNIT = "aiguard.service";
export const LAUNCHD_LABEL = "dev.aiguard.serve";

export type ServiceKind = "systemd" | "launchd";

export function serviceKind(os: string = Deno.build.os): ServiceKind | null {
  return os === "linux" ? "systemd" : os === "darwin" ? "launchd" : null;
}

/** Where the unit lives (the directories are granted in deno.json's `guard` task). */
export function unitPath(home: string, kind: ServiceKind): string {
  return kind === "systemd"
    ? `${home}/.config/systemd/user/${SYSTEMD_UNIT}`
    : `${home}/Library/LaunchAgents/${LAUNCHD_LABEL}.plist`;
}

/** A word as systemd's ExecStart reads it (double-quoted, `\`, `"`, `%` and `$` escaped). */
function systemdWord(w: string): string {
  return /^[A-Za-z0-9_@+=:,./-]+$/.test(w)
    ? w
    : `"${w.replace(/[\\"]/g, "\\$&").replace(/%/g, "%%").replace(/\$/g, "$$$$")}"`;
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The unit's text for the evaluator of `home`. */
export function unitText(
  kind: ServiceKind,
  home: string,
  cmd: { words: string[]; denoDir: string | null },
): string {
  if (kind === "systemd") {
    return [
      "# Written by guard install: the resident evaluator (guard serve). guard uninstall removes it.",
      "[Unit]",
      "Description=guard resident evaluator (guard serve)",
      "",
      "[Service]",
      "Type=simple",
      `ExecStart=${cmd.words.map(systemdWord).join(" ")}`,
      ...(cmd.denoDir ? [`Environment=${systemdWord(`DENO_DIR=${cmd.denoDir}`)}`] : []),
      "UMask=0077",
      "Restart=on-failure",
      "RestartSec=2",
      "NoNewPrivileges=yes",
      "",
      "[Install]",
      "WantedBy=default.target",
      "",
    ].join("\n");
  }
  const env = { HOME: home, ...(cmd.denoDir ? { DENO_DIR: cmd.denoDir } : {}) };
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">`,
    `<!-- Written by guard install: the resident evaluator (guard serve). guard uninstall removes it. -->`,
    `<plist version="1.0">`,
    `<dict>`,
    `  <key>Label</key><string>${LAUNCHD_LABEL}</string>`,
    `  <key>ProgramArguments</key>`,
    `  <array>`,
    ...cmd.words.map((w) => `    <string>${xml(w)}</string>`),
    `  </array>`,
    `  <key>EnvironmentVariables</key>`,
    `  <dict>`,
    ...Object.entries(env).map(([k, v]) => `    <key>${k}</key><string>${xml(v)}</string>`),
    `  </dict>`,
    `  <key>RunAtLoad</key><true/>`,
    `  <key>KeepAlive</key><dict><key>SuccessfulExit</key><false/></dict>`,
    `  <key>Umask</key><integer>63</integer>`,
    `</dict>`,
    `</plist>`,
    "",
  ].join("\n");
}

/** The shell line that (re)starts the unit with its service manager; fails where none runs. */
function startLine(kind: ServiceKind, path: string): string {
  return kind === "systemd"
    ? `systemctl --user daemon-reload && systemctl --user enable ${SYSTEMD_UNIT} && systemctl --user restart ${SYSTEMD_UNIT}`
    : `launchctl bootout gui/$(id -u)/${LAUNCHD_LABEL} 2>/dev/null; launchctl bootstrap gui/$(id -u) ${
      shellJoin([path])
    }`;
}

function stopLine(kind: ServiceKind): string {
  return kind === "systemd"
    ? `systemctl --user disable --now ${SYSTEMD_UNIT}; systemctl --user daemon-reload`
    : `launchctl bootout gui/$(id -u)/${LAUNCHD_LABEL}`;
}

async function shell(line: string): Promise<{ ok: boolean; detail: string }> {
  try {
    const o = await new Deno.Command(SHELL, {
      args: ["-c", line],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(o.stderr).trim().split("\n")[0] ?? "";
    return { ok: o.success, detail: text };
  } catch (e) {
    return { ok: false, detail: (e as Error).message };
  }
}

/**
 * Writes the unit (when changed) and starts it. Returns the lines to print; never fails the
 * install (the hook works without the evaluator).
 */
export async function installService(
  home: string,
  dryRun: boolean,
  sessionStart = false,
  autostart = false,
): Promise<string[]> {
  const kind = serviceKind();
  const cmd = serveCommand(home);
  if (!kind || !cmd) {
    return [
      "resident evaluator: none on this platform or for a compiled guard (hooks evaluate in-process)",
    ];
  }
  const path = unitPath(home, kind);
  const text = unitText(kind, home, cmd);
  if (dryRun) return [`dry run: would write ${path} and start it`];
  const lines: string[] = [];
  try {
    if (readOrEmpty(path) !== text) {
      Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
      writePrivateFile(path, text);
      lines.push(`wrote ${path}`);
    }
  } catch (e) {
    return [
      `resident evaluator: could not write ${path} (${
        (e as Error).message
      }); hooks evaluate in-process`,
    ];
  }
  const r = await shell(startLine(kind, path));
  lines.push(
    r.ok
      ? `resident evaluator started by ${kind} (guard doctor shows it answering)`
      : `resident evaluator: no ${kind} user manager answered (${r.detail || "not running"})${
        sessionStart && autostart
          ? "; the agent's session-start hook and the native client start it in the background"
          : sessionStart
          ? "; the agent's session-start hook starts it in the background"
          : autostart
          ? "; the native client starts it on the first call that finds it down"
          : "; hooks evaluate in-process — start it with `guard serve --detach` where no service manager runs"
      }`,
  );
  return lines;
}

/** Stops and removes the unit. */
export async function uninstallService(home: string, dryRun: boolean): Promise<string[]> {
  const kind = serviceKind();
  if (!kind) return [];
  const path = unitPath(home, kind);
  if (readOrEmpty(path) === "") return [];
  if (dryRun) return [`dry run: would stop and remove ${path}`];
  await shell(stopLine(kind));
  try {
    Deno.removeSync(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      return [`could not remove ${path}: ${(e as Error).message}`];
    }
  }
  return [`removed ${path} (the resident evaluator no longer starts at login)`];
}
