/**
 * Every rule guard knows, as data: id, tier, action, risk, warning and remediation.
 *
 * Rules with a `match` are declarative command patterns evaluated by
 * `shell_checks.ts`; the others are produced by named analyses (protected
 * targets, pipes into shells, path classification…) that cite the rule id.
 * A test checks that every id cited anywhere exists here.
 */
import type { Action, Risk, Tier } from "./types.ts";

/** A declarative pattern over one simple command. */
export interface CommandMatch {
  /** Command names (basename of argv[0]). */
  cmd: string[];
  /** First non-option argument (subcommand), when required. */
  sub?: string[];
  /** Any of these options present (`-f` also matches inside `-rf`; `--x` also as `--x=…`). */
  flags?: string[];
  /** Or any non-option argument matching this pattern. */
  args?: RegExp;
  /** Or any argument at all (options included) matching this pattern. */
  anyArg?: RegExp;
  /** Only when the command has no arguments at all. */
  noArgs?: boolean;
}

export interface Rule {
  id: string;
  tier: Tier;
  action: Action;
  risk: Risk;
  warning: string;
  remediation: string;
  match?: CommandMatch | CommandMatch[];
}

const R = (
  id: string,
  tier: Tier,
  action: Action,
  risk: Risk,
  warning: string,
  remediation: string,
  match?: CommandMatch | CommandMatch[],
): Rule => ({ id, tier, action, risk, warning, remediation, match });

const NEVER = "guard never allows this, whatever the policy or approval.";

export const RULES: Rule[] = [
  // ── Input handling (fail closed) ──────────────────────────────────────────
  R(
    "input.malformed",
    "input",
    "block",
    "high",
    "Malformed hook payload",
    "Check the hook wiring: guard expects the agent's PreToolUse JSON on stdin.",
  ),
  R(
    "input.too-large",
    "input",
    "block",
    "high",
    "Hook payload exceeds the size limit",
    "Split the operation into smaller calls.",
  ),
  R(
    "input.internal-error",
    "input",
    "block",
    "high",
    "guard hit an internal error and failed closed",
    "Run `guard explain` with the same call and report the message.",
  ),
  R(
    "input.deadline",
    "input",
    "block",
    "high",
    "guard's analysis deadline passed; failing closed",
    "Simplify the command.",
  ),
  R(
    "input.state-insecure",
    "input",
    "block",
    "critical",
    "guard's state directory is not private to this user",
    "Fix ownership and modes: chmod 700 ~/.aiguard and make sure you own it.",
  ),
  R(
    "input.audit-failed",
    "input",
    "block",
    "high",
    "guard could not write its audit log, so it failed closed",
    "Run `guard audit verify` in your own terminal and check ~/.aiguard (disk space, permissions).",
  ),
  R(
    "input.policy-invalid",
    "input",
    "block",
    "high",
    "The policy file is invalid",
    "Fix the policy file at the line named in the message.",
  ),
  R(
    "input.command-too-long",
    "input",
    "ask",
    "high",
    "Command too long to analyse",
    "Break the command into smaller steps, or approve it after reading it in full.",
  ),
  R(
    "input.too-many-commands",
    "input",
    "ask",
    "high",
    "Command has more simple commands than guard analyses",
    "Break the command into smaller steps.",
  ),
  R(
    "input.nesting-too-deep",
    "input",
    "ask",
    "high",
    "Command nests scripts deeper than guard analyses",
    "Flatten the command.",
  ),
  R(
    "input.too-complex",
    "input",
    "ask",
    "high",
    "Command too complex to analyse within guard's time budget",
    "Break the command into smaller steps.",
  ),
  R(
    "shell.parse-error",
    "input",
    "ask",
    "medium",
    "Command does not parse as shell",
    "Fix the syntax; guard never allows a command it cannot parse.",
  ),

  // ── Absolute Block ────────────────────────────────────────────────────────
  R(
    "abs.rm-protected",
    "absolute",
    "block",
    "critical",
    "Recursive forced delete of a protected location",
    "Delete the specific files or subdirectories you mean; " + NEVER,
  ),
  R(
    "abs.rm-no-preserve-root",
    "absolute",
    "block",
    "critical",
    "rm --no-preserve-root",
    "There is no legitimate agent use of --no-preserve-root; " + NEVER,
  ),
  R(
    "abs.find-delete-protected",
    "absolute",
    "block",
    "critical",
    "find deleting everything below / or the home directory",
    "Narrow the start path; " + NEVER,
  ),
  R(
    "abs.guard-state",
    "absolute",
    "block",
    "critical",
    "Agent access to guard's own state directory",
    "guard's policy, approvals, secrets and audit log are managed by the user from their own terminal; " +
      NEVER,
  ),
  R(
    "abs.guard-self-modify",
    "absolute",
    "block",
    "critical",
    "Write to or removal of guard's own executable or installation",
    "Upgrade or remove guard yourself, outside the agent; " + NEVER,
  ),
  R(
    "abs.guard-approve",
    "absolute",
    "block",
    "critical",
    "Agent tried to run guard's approval or configuration commands",
    "Approvals happen in the user's own terminal; " + NEVER,
  ),
  R(
    "abs.hook-config-write",
    "absolute",
    "block",
    "critical",
    "Write to an agent's hook configuration (which runs guard)",
    "Edit hook settings yourself in your own editor; " + NEVER,
  ),

  // ── Built-in high-risk patterns (ask) ─────────────────────────────────────
  R(
    "exec.pipe-to-shell",
    "builtin",
    "ask",
    "critical",
    "Pipes data into a shell or interpreter",
    "Download to a file, read it, then run it explicitly.",
  ),
  R(
    "exec.procsub-to-shell",
    "builtin",
    "ask",
    "critical",
    "Runs the output of a process substitution as a script",
    "Save the script to a file and review it first.",
  ),
  R(
    "exec.dynamic-script",
    "builtin",
    "ask",
    "critical",
    "Runs a script whose text is only known at run time (eval/-c of a variable or substitution)",
    "Write the command out literally.",
  ),
  R(
    "exec.script-file",
    "builtin",
    "ask",
    "medium",
    "Runs a script file whose contents guard cannot see",
    "Allow the specific script in policy.toml if you trust it.",
  ),
  R(
    "exec.source",
    "builtin",
    "ask",
    "medium",
    "Sources a file into the shell",
    "Allow the specific file in policy.toml if you trust it.",
  ),
  R(
    "exec.inline-code",
    "builtin",
    "ask",
    "high",
    "Runs inline interpreter code (python -c, node -e, perl -e, …)",
    "Put the code in a file you can review, or allow it in policy.toml.",
  ),
  R(
    "exec.awk-system",
    "builtin",
    "ask",
    "high",
    "awk program runs commands or writes files",
    "Use awk only to filter text, or review and approve.",
  ),
  R(
    "exec.sed-exec-write",
    "builtin",
    "ask",
    "high",
    "sed script executes commands or reads/writes files (e, w, r)",
    "Use sed only to transform text to stdout.",
  ),
  R(
    "exec.xargs-destructive",
    "builtin",
    "ask",
    "high",
    "xargs feeds arbitrary input into a destructive command",
    "List the targets explicitly.",
  ),
  R(
    "exec.find-exec",
    "builtin",
    "ask",
    "medium",
    "find runs a command on every match",
    "Review what the -exec command does to each match.",
  ),
  R(
    "exec.git-shell",
    "builtin",
    "ask",
    "high",
    "git runs a shell command (rebase --exec, bisect run, submodule foreach)",
    "Review the command it runs.",
  ),
  R(
    "fs.find-delete",
    "builtin",
    "ask",
    "high",
    "find deletes every match",
    "Run the find without -delete first and review the list.",
  ),
  R(
    "fs.find-write",
    "builtin",
    "ask",
    "medium",
    "find writes its output to a file",
    "Redirect the output explicitly instead.",
  ),
  R(
    "priv.escalation",
    "builtin",
    "ask",
    "high",
    "Runs a command with elevated privileges",
    "Run privileged commands yourself.",
  ),
  R(
    "disk.dd-device",
    "builtin",
    "ask",
    "critical",
    "dd writes to a device",
    "Double-check the output device; this can destroy a disk.",
  ),
  R(
    "disk.format",
    "builtin",
    "ask",
    "critical",
    "Formats or repartitions a disk",
    "Run disk tools yourself.",
    [
      {
        cmd: [
          "mkfs",
          "mke2fs",
          "mkswap",
          "wipefs",
          "fdisk",
          "sfdisk",
          "cfdisk",
          "gdisk",
          "sgdisk",
          "parted",
          "mkntfs",
          "mkdosfs",
          "newfs",
          "blkdiscard",
          "zpool",
          "cryptsetup",
        ],
      },
      {
        cmd: ["diskutil"],
        sub: [
          "eraseDisk",
          "eraseVolume",
          "partitionDisk",
          "zeroDisk",
          "randomDisk",
          "secureErase",
          "reformat",
          "apfs",
        ],
      },
    ],
  ),
  R(
    "disk.device-write",
    "builtin",
    "ask",
    "critical",
    "Redirects output onto a raw device",
    "Never redirect onto disks or memory devices.",
  ),
  R(
    "fs.rm-recursive-protected",
    "builtin",
    "ask",
    "critical",
    "Recursive delete of a protected or system location",
    "Delete the specific files you mean.",
  ),
  R(
    "fs.rm-dynamic-target",
    "builtin",
    "ask",
    "critical",
    "Recursive delete of a path that depends on a variable or substitution (empty means /)",
    "Use a literal path, or guard the variable with ${VAR:?}.",
  ),
  R(
    "fs.move-protected",
    "builtin",
    "ask",
    "critical",
    "Moves or renames the home directory or a system directory",
    "Move specific files instead.",
  ),
  R(
    "fs.chmod-recursive-system",
    "builtin",
    "ask",
    "high",
    "Recursive permission or ownership change on a system or home location",
    "Change permissions on specific project paths.",
  ),
  R(
    "fs.system-write",
    "builtin",
    "ask",
    "high",
    "Writes to a system location",
    "System files are managed by the user, not the agent.",
  ),
  R(
    "git.push-force",
    "builtin",
    "ask",
    "high",
    "git push that can overwrite or delete remote history",
    "Push without force, or approve it after checking the remote.",
    {
      cmd: ["git"],
      sub: ["push"],
      flags: [
        "-f",
        "--force",
        "--force-with-lease",
        "--force-if-includes",
        "--mirror",
        "--delete",
        "-d",
        "--prune",
      ],
      args: /^\+|^:/,
    },
  ),
  R(
    "git.reset-hard",
    "builtin",
    "ask",
    "high",
    "git reset --hard discards uncommitted work",
    "Stash or commit first.",
    { cmd: ["git"], sub: ["reset"], flags: ["--hard", "--merge", "--keep"] },
  ),
  R(
    "git.clean-force",
    "builtin",
    "ask",
    "high",
    "git clean -f deletes untracked files",
    "Run git clean -n first and review.",
    { cmd: ["git"], sub: ["clean"], flags: ["-f", "--force"] },
  ),
  R(
    "git.discard-changes",
    "builtin",
    "ask",
    "medium",
    "Discards uncommitted changes or stashes",
    "Commit or stash first.",
    { cmd: ["git"], sub: ["checkout", "restore", "stash"], args: /^(\.|:\/|drop|clear)$/ },
  ),
  R(
    "git.branch-delete",
    "builtin",
    "ask",
    "medium",
    "Force-deletes a branch",
    "Use git branch -d (safe delete).",
    { cmd: ["git"], sub: ["branch"], flags: ["-D"] },
  ),
  R(
    "git.config-injection",
    "builtin",
    "ask",
    "high",
    "Sets git configuration that can run commands (git -c, --config-env, core.*, alias.*)",
    "Set git configuration yourself.",
  ),
  R("proc.fork-bomb", "builtin", "ask", "critical", "Fork bomb", "Do not run this."),
  R(
    "sys.power",
    "builtin",
    "ask",
    "high",
    "Shuts down, reboots or suspends the machine",
    "Do it yourself.",
    {
      cmd: ["systemctl", "loginctl", "init", "telinit", "pmset"],
      args:
        /^(poweroff|reboot|halt|kexec|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|0|6|sleepnow|emergency|rescue)$/,
    },
  ),
  R(
    "sys.power-direct",
    "builtin",
    "ask",
    "high",
    "Shuts down or reboots the machine",
    "Do it yourself.",
    { cmd: ["shutdown", "reboot", "halt", "poweroff"] },
  ),
  R(
    "proc.kill-all",
    "builtin",
    "ask",
    "high",
    "Signals every process (kill -1, killall5)",
    "Kill specific process ids.",
    { cmd: ["kill", "pkill", "killall5", "killall"], anyArg: /^-1$|^--?all$/ },
  ),
  R(
    "proc.kill-all-direct",
    "builtin",
    "ask",
    "high",
    "Kills every process",
    "Kill specific process ids.",
    { cmd: ["killall5"] },
  ),
  R(
    "sys.crontab-remove",
    "builtin",
    "ask",
    "high",
    "Removes the user's crontab",
    "Edit the crontab yourself.",
    { cmd: ["crontab"], flags: ["-r"] },
  ),
  R(
    "sys.crontab-write",
    "builtin",
    "ask",
    "medium",
    "Installs a crontab (persistence)",
    "Edit the crontab yourself.",
    { cmd: ["crontab"], args: /^[^-]|^-$/ },
  ),
  R(
    "sys.service-install",
    "builtin",
    "ask",
    "medium",
    "Installs or enables a service or login item (persistence)",
    "Manage services yourself.",
    [
      { cmd: ["systemctl"], args: /^(enable|link|edit|set-environment|daemon-reload)$/ },
      { cmd: ["launchctl"], sub: ["load", "bootstrap", "enable", "submit", "setenv"] },
    ],
  ),
  R(
    "secrets.credential-access",
    "builtin",
    "ask",
    "high",
    "Accesses a credential file (keys, tokens, .env)",
    "Pass only the value the task needs, or approve after checking why it is needed.",
  ),
  R(
    "secrets.keychain",
    "builtin",
    "ask",
    "high",
    "Reads secrets from a keychain or secret store",
    "Fetch the secret yourself.",
    [
      {
        cmd: ["security"],
        sub: [
          "find-generic-password",
          "find-internet-password",
          "dump-keychain",
          "export",
          "export-keychain",
        ],
      },
      { cmd: ["secret-tool"], sub: ["lookup", "search"] },
      {
        cmd: ["gpg", "gpg2"],
        flags: ["--export-secret-keys", "--export-secret-subkeys", "--export-ssh-key"],
      },
      { cmd: ["pass", "gopass"], sub: ["show", "cat"] },
      { cmd: ["op"], sub: ["read", "item", "inject", "signin"] },
      { cmd: ["gh"], sub: ["auth"], args: /^token$/ },
      { cmd: ["git"], sub: ["credential", "credential-store", "credential-cache"] },
      {
        cmd: ["gcloud"],
        sub: ["auth"],
        args: /^(print-access-token|print-identity-token|application-default)$/,
      },
      { cmd: ["az"], sub: ["account"], args: /^get-access-token$/ },
      {
        cmd: ["aws"],
        sub: ["sts", "configure", "ecr", "secretsmanager", "ssm"],
        args:
          /^(get-session-token|get|export-credentials|get-login-password|get-secret-value|get-parameter|get-parameters)$/,
      },
      { cmd: ["kubectl"], sub: ["config"], flags: ["--raw"] },
      { cmd: ["vault"], sub: ["read", "kv", "token"] },
      {
        cmd: ["bw", "lpass", "keyring", "keepassxc-cli"],
        sub: ["get", "show", "unlock", "export"],
      },
    ],
  ),
  R(
    "secrets.env-dump",
    "builtin",
    "ask",
    "medium",
    "Prints the environment (API keys live there)",
    "Print only the variable you need, after checking it is not a secret.",
    [
      { cmd: ["printenv"] },
      { cmd: ["set"], noArgs: true },
      { cmd: ["export"], noArgs: true },
      { cmd: ["export", "declare", "typeset"], flags: ["-p"] },
    ],
  ),
  R(
    "exec.env-injection",
    "builtin",
    "ask",
    "high",
    "Sets an environment variable that makes programs load or run other code (LD_PRELOAD, BASH_ENV, PAGER, …)",
    "Set such variables yourself.",
  ),
  R(
    "persist.startup-write",
    "builtin",
    "ask",
    "high",
    "Writes a shell start-up or persistence file",
    "Edit start-up files yourself.",
  ),
  R(
    "persist.authorized-keys",
    "builtin",
    "ask",
    "critical",
    "Writes an SSH authorized_keys file",
    "Manage SSH access yourself.",
  ),
  R(
    "net.upload-data",
    "builtin",
    "ask",
    "high",
    "Sends local file contents over the network",
    "Check what is being uploaded and where.",
  ),
  R(
    "net.raw-socket",
    "builtin",
    "ask",
    "high",
    "Opens a raw network connection (nc, socat, telnet)",
    "Use a higher-level tool, or approve after review.",
    { cmd: ["nc", "ncat", "netcat", "socat", "telnet"] },
  ),
  R(
    "net.remote-copy",
    "builtin",
    "ask",
    "high",
    "Copies files to or from another host",
    "Check the destination before approving.",
    [
      { cmd: ["sftp", "ftp", "lftp", "tftp", "ncftp", "azcopy"] },
      { cmd: ["rclone"], sub: ["copy", "copyto", "sync", "move", "moveto", "bisync", "rcat"] },
      { cmd: ["aws"], sub: ["s3"], args: /^(cp|sync|mv)$/ },
      { cmd: ["gsutil"], sub: ["cp", "rsync", "mv"] },
      { cmd: ["gcloud"], sub: ["storage"], args: /^(cp|rsync|mv)$/ },
    ],
  ),
  R(
    "net.cloud-metadata",
    "builtin",
    "ask",
    "critical",
    "Reaches a cloud metadata service (instance credentials live there)",
    "Agents have no need for instance metadata.",
  ),
  R(
    "net.private-host",
    "builtin",
    "ask",
    "medium",
    "Fetches from a loopback or private-network address",
    "Check that the local service is meant to be reachable.",
  ),
  R(
    "write.outside-workspace",
    "builtin",
    "ask",
    "medium",
    "Writes outside the working directory",
    "Keep edits inside the project, or approve this one.",
  ),
  R(
    "write.git-internal",
    "builtin",
    "ask",
    "high",
    "Writes git hooks or git config (they run commands)",
    "Manage git hooks yourself.",
  ),
  R(
    "write.credential-file",
    "builtin",
    "ask",
    "medium",
    "Writes a credentials file",
    "Check the values being written.",
  ),
  R(
    "write.dangerous-script",
    "builtin",
    "ask",
    "critical",
    "Writes a script containing a command guard would block",
    "Remove the destructive command from the script.",
  ),

  // ── Shell metacharacters ──────────────────────────────────────────────────
  R(
    "shell.substitution",
    "metachar",
    "ask",
    "medium",
    "Command or process substitution",
    "Run the inner command first and use its output literally.",
  ),
  R(
    "shell.dynamic-command",
    "metachar",
    "ask",
    "high",
    "Command name comes from a variable or substitution",
    "Write the command name literally.",
  ),
  R(
    "shell.expansion",
    "metachar",
    "ask",
    "low",
    "Variable expansion in arguments",
    "Write the value literally.",
  ),
  R(
    "shell.redirect-write",
    "metachar",
    "ask",
    "medium",
    "Output redirected to a file",
    "Let the agent's file tools write files, or approve.",
  ),
  R(
    "shell.heredoc-write",
    "metachar",
    "ask",
    "medium",
    "Writes a heredoc to a file",
    "Let the agent's file tools write files, or approve.",
  ),

  // ── Out-of-band approval ──────────────────────────────────────────────────
  R(
    "approval.granted",
    "user",
    "allow",
    "low",
    "Approved by the user out of band (single use)",
    "",
  ),

  // ── Safe ──────────────────────────────────────────────────────────────────
  R("safe.readonly", "safe", "allow", "low", "Read-only command", ""),
  R("safe.read", "safe", "allow", "low", "Reads a non-sensitive file", ""),
  R(
    "safe.write-workspace",
    "safe",
    "allow",
    "low",
    "Writes a file inside the working directory",
    "",
  ),
  R("safe.web", "safe", "allow", "low", "Fetches a public URL", ""),
  R("safe.internal-tool", "safe", "allow", "low", "Agent-internal tool with no side effects", ""),

  // ── Default ───────────────────────────────────────────────────────────────
  R(
    "default.ask",
    "default",
    "ask",
    "medium",
    "Not covered by the safe list or the user's allow rules",
    "Add an allow rule to ~/.aiguard/policy.toml if this is routine.",
  ),
  R(
    "default.unknown-tool",
    "default",
    "ask",
    "medium",
    "Unknown tool",
    "Add an allow rule for this tool to ~/.aiguard/policy.toml.",
  ),
  R(
    "default.mcp",
    "default",
    "ask",
    "medium",
    "MCP tool call not covered by the user's allow rules",
    "Add an allow rule such as ^mcp__server__tool to ~/.aiguard/policy.toml.",
  ),
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function rule(id: string): Rule {
  const r = BY_ID.get(id);
  if (!r) throw new Error(`unknown rule id ${id}`);
  return r;
}

export function hasRule(id: string): boolean {
  return BY_ID.has(id) || /^user\.(block|ask|allow)\[\d+\]$/.test(id);
}

export const COMMAND_RULES: Rule[] = RULES.filter((r) => r.match);
