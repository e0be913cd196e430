/**
 * What guard knows about individual commands, as tables: wrappers that run
 * another command, shells, interpreters, the read-only safe list, and which
 * arguments of a command are paths it writes.
 */

/** How to find the wrapped command inside a wrapper's arguments. */
export interface WrapperSpec {
  /** Options that take a separate value (`-u root`). */
  argOpts?: string[];
  /** Positional arguments to skip before the command (`timeout 5 cmd`). */
  skip?: number;
  /** NAME=VALUE words before the command are environment assignments (`env A=1 cmd`). */
  assigns?: boolean;
  /** Options meaning the wrapper does not run the command (`command -v`). */
  noExec?: string[];
  /** Options whose value is a shell command string (`su -c 'cmd'`). */
  shellOpts?: string[];
  /** The remaining words are joined and run by a shell (`watch cmd args`, `sudo -s cmd`). */
  joinsAsShell?: boolean | string[];
  /** Options like `-oL` whose value is glued on. */
  gluedOpts?: string[];
  /** Options of the form `-NUM` (`nice -5`). */
  numericOpts?: boolean;
  /** The wrapper itself carries a built-in rule (e.g. sudo → priv.escalation). */
  rule?: string;
  /** Options whose value is a file the wrapper itself writes (`time -o FILE`). */
  writes?: string[];
  /** Words that are options though they do not look like one (`env -` is `env -i`). */
  flagWords?: string[];
  /**
   * The wrapped command is a builtin run by the current shell (`builtin cd`, `command export`):
   * what it changes (the directory, variables) holds for the commands after it.
   */
  sameShell?: boolean;
}

export const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    argOpts: [
      "-u",
      "-g",
      "-h",
      "-p",
      "-C",
      "-U",
      "-r",
      "-t",
      "-T",
      "-D",
      "--user",
      "--group",
      "--host",
      "--prompt",
      "--close-from",
      "--other-user",
      "--role",
      "--type",
      "--command-timeout",
      "--chdir",
    ],
    assigns: true,
    noExec: ["-l", "-v", "-k", "-K", "-V", "--list", "--validate", "--version", "-e", "--edit"],
    joinsAsShell: ["-s", "-i", "--shell", "--login"],
    rule: "priv.escalation",
  },
  doas: { argOpts: ["-u", "-C"], noExec: ["-L"], joinsAsShell: ["-s"], rule: "priv.escalation" },
  pkexec: { argOpts: ["--user"], rule: "priv.escalation" },
  run0: {
    argOpts: [
      "--user",
      "-u",
      "--group",
      "-g",
      "--chdir",
      "-D",
      "--setenv",
      "--unit",
      "--property",
      "-p",
    ],
    rule: "priv.escalation",
  },
  su: {
    argOpts: [
      "-s",
      "--shell",
      "-g",
      "--group",
      "-G",
      "--supp-group",
      "-w",
      "--whitelist-environment",
    ],
    shellOpts: ["-c", "--command", "--session-command"],
    skip: 1,
    rule: "priv.escalation",
  },
  runuser: {
    argOpts: ["-u", "--user", "-g", "--group", "-G", "-s", "--shell"],
    shellOpts: ["-c", "--command"],
    rule: "priv.escalation",
  },
  env: {
    argOpts: ["-u", "--unset", "-C", "--chdir", "-P"],
    assigns: true,
    shellOpts: ["-S", "--split-string"],
    flagWords: ["-"],
  },
  nice: { argOpts: ["-n", "--adjustment"], numericOpts: true },
  nohup: {},
  time: { argOpts: ["-f", "--format", "-o", "--output"], writes: ["-o", "--output"] },
  command: { noExec: ["-v", "-V"], sameShell: true },
  builtin: { sameShell: true },
  exec: { argOpts: ["-a"] },
  stdbuf: {
    argOpts: ["-i", "-o", "-e", "--input", "--output", "--error"],
    gluedOpts: ["-i", "-o", "-e"],
  },
  timeout: { argOpts: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  ionice: {
    argOpts: ["-c", "--class", "-n", "--classdata", "-p", "--pid", "-P", "--pgid", "-u", "--uid"],
  },
  chrt: {
    argOpts: ["-T", "--sched-runtime", "-P", "--sched-period", "-D", "--sched-deadline"],
    noExec: ["-p", "--pid", "-m", "--max"],
    skip: 1,
  },
  taskset: { noExec: ["-p", "--pid"], skip: 1 },
  flock: {
    argOpts: ["-w", "--timeout", "-E", "--conflict-exit-code"],
    shellOpts: ["-c", "--command"],
    skip: 1,
  },
  setsid: {},
  unbuffer: {},
  caffeinate: { argOpts: ["-t", "-w"] },
  chroot: { argOpts: ["--userspec", "--groups"], skip: 1, rule: "priv.escalation" },
  nsenter: {
    argOpts: ["-t", "--target", "-S", "--setuid", "-G", "--setgid", "-w", "--wd", "-r", "--root"],
  },
  unshare: { argOpts: ["--propagation", "--setgroups", "--map-user", "--map-group"] },
  numactl: { argOpts: ["-C", "-N", "-m", "-p", "-i"] },
  xvfb_run: { argOpts: ["-n", "-s", "-f", "-e", "-p"] },
  "xvfb-run": {
    argOpts: [
      "-n",
      "-s",
      "-f",
      "-e",
      "-p",
      "--server-num",
      "--server-args",
      "--auth-file",
      "--error-file",
    ],
  },
  firejail: {},
  proxychains: { argOpts: ["-f"] },
  proxychains4: { argOpts: ["-f"] },
  torsocks: {},
  "dbus-run-session": {},
  strace: {
    argOpts: ["-o", "-e", "-p", "-s", "-u", "-E", "-a", "-b", "-O", "-S", "-P", "-I"],
    writes: ["-o", "--output"],
  },
  ltrace: { argOpts: ["-o", "-e", "-p", "-s", "-u", "-E", "-a", "-n"], writes: ["-o", "--output"] },
  watch: {
    argOpts: ["-n", "--interval", "-d", "--differences", "-q", "--equexit"],
    joinsAsShell: true,
  },
  script: {
    argOpts: ["-E", "--echo", "-I", "-O", "-B", "-T", "-m", "--logging-format"],
    shellOpts: ["-c", "--command"],
  },
  "systemd-run": {
    argOpts: [
      "-u",
      "--unit",
      "-p",
      "--property",
      "--description",
      "--slice",
      "-E",
      "--setenv",
      "-M",
      "--machine",
      "--uid",
      "--gid",
      "--nice",
      "-D",
      "--working-directory",
    ],
  },
  // `busybox APPLET args` runs APPLET; alone or with these it only lists or helps.
  busybox: { noExec: ["--help", "--list", "--list-full"] },
  toybox: { noExec: ["--help", "--version"] },
  sg: { shellOpts: [], skip: 1, joinsAsShell: true },
  screen: { argOpts: ["-S", "-c", "-e", "-h", "-p", "-t", "-T", "-L", "-Logfile", "-s", "-X"] },
  dtach: { skip: 1, argOpts: ["-e", "-r"] },
  abduco: { skip: 1 },
};

/** Terminal multiplexer subcommands whose trailing words are a shell command. */
export const TMUX_SHELL_SUBCOMMANDS = new Set([
  "new",
  "new-session",
  "new-window",
  "neww",
  "split-window",
  "splitw",
  "respawn-pane",
  "respawnp",
  "respawn-window",
  "respawnw",
  "run-shell",
  "run",
  "display-popup",
  "popup",
  "send-keys",
  "send",
  "pipe-pane",
  "pipep",
]);

/** Options of those tmux subcommands that take a value. */
export const TMUX_ARG_OPTS = new Set([
  "-s",
  "-n",
  "-c",
  "-t",
  "-x",
  "-y",
  "-e",
  "-F",
  "-f",
  "-l",
  "-N",
  "-T",
  "-L",
  "-S",
]);

/** Commands that read a shell script from standard input and run it later. */
export const STDIN_SCHEDULERS = new Set(["at", "batch"]);

/** Shells: `-c STRING` runs STRING; a file argument runs a script; otherwise stdin. */
export const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "yash",
  "fish",
  "posh",
  "csh",
  "tcsh",
  "rbash",
  "bash5",
  "ksh93",
]);

/** Shell options that take a value. */
export const SHELL_ARG_OPTS = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);

/** Interpreters and the options that introduce inline code. */
export const INTERPRETERS: Record<string, string[]> = {
  python: ["-c"],
  python2: ["-c"],
  python3: ["-c"],
  pypy: ["-c"],
  pypy3: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  nodejs: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  deno: ["eval"],
  perl: ["-e", "-E"],
  ruby: ["-e"],
  php: ["-r"],
  lua: ["-e"],
  luajit: ["-e"],
  Rscript: ["-e"],
  R: ["-e"],
  osascript: ["-e"],
  pwsh: ["-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"],
  powershell: ["-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"],
  tclsh: [],
  expect: ["-c"],
  jshell: [],
  irb: [],
  ghci: ["-e"],
  julia: ["-e", "--eval"],
  swift: ["-e"],
  awk: [],
  gawk: [],
  mawk: [],
  nawk: [],
};

/** Commands that fetch from the network (producers for pipe-to-shell, egress checks). */
export const NETWORK_CLIENTS = new Set([
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "httpie",
  "xh",
  "aria2c",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "ssh",
  "scp",
  "sftp",
  "rsync",
  "ftp",
  "lftp",
  "tftp",
  "git",
  "gh",
  "invoke-webrequest",
  "iwr",
  "irm",
]);

/** Decoders that turn opaque data into a script (producers for pipe-to-shell). */
export const DECODERS = new Set([
  "base64",
  "base32",
  "xxd",
  "openssl",
  "gunzip",
  "zcat",
  "uudecode",
  "rev",
  "tr",
]);

/** Commands that delete, overwrite or move their operands. */
export const DESTRUCTIVE = new Set([
  "rm",
  "rmdir",
  "unlink",
  "shred",
  "mv",
  "dd",
  "truncate",
  "chmod",
  "chown",
  "chgrp",
  "ln",
  "cp",
  "install",
  "tee",
  "srm",
  "wipe",
  "kill",
  "pkill",
  "killall",
]);

/**
 * Read-only commands allowed by the safe tier. `noFlags` lists options that
 * make the command write or execute; `maxArgs` limits positional operands
 * (`uniq in out` writes `out`).
 */
export interface SafeSpec {
  noFlags?: string[];
  maxArgs?: number;
  /** Named check in shell_checks.ts that must pass. */
  check?: "sed" | "awk" | "git" | "find" | "noArgs";
}

export const SAFE_COMMANDS: Record<string, SafeSpec> = {
  ls: {},
  pwd: {},
  echo: {},
  printf: {},
  true: {},
  false: {},
  whoami: {},
  id: {},
  groups: {},
  date: { noFlags: ["-s", "--set"] },
  uname: {},
  hostname: { check: "noArgs" },
  which: {},
  type: {},
  file: { noFlags: ["-C", "--compile"] },
  stat: {},
  du: {},
  df: {},
  tree: { noFlags: ["-o"] },
  wc: {},
  head: {},
  tail: {},
  cat: {},
  tac: {},
  less: {},
  more: {},
  grep: {},
  egrep: {},
  fgrep: {},
  rg: { noFlags: ["--pre"] },
  ag: {},
  sort: { noFlags: ["-o", "--output", "--compress-program"] },
  uniq: { maxArgs: 1 },
  cut: {},
  tr: {},
  diff: {},
  cmp: {},
  comm: {},
  basename: {},
  dirname: {},
  realpath: {},
  readlink: {},
  nl: {},
  column: {},
  fold: {},
  fmt: {},
  expand: {},
  unexpand: {},
  paste: {},
  join: {},
  seq: {},
  sleep: {},
  test: {},
  "[": {},
  cd: {},
  pushd: {},
  popd: {},
  nproc: {},
  uptime: {},
  free: {},
  ps: {},
  pgrep: {},
  jq: {},
  sha1sum: {},
  sha256sum: {},
  sha512sum: {},
  md5sum: {},
  b2sum: {},
  cksum: {},
  shasum: {},
  md5: {},
  od: {},
  hexdump: {},
  xxd: { noFlags: ["-r", "-revert"], maxArgs: 1 },
  strings: {},
  sed: { check: "sed" },
  awk: { check: "awk" },
  gawk: { check: "awk" },
  mawk: { check: "awk" },
  find: { check: "find" },
  git: { check: "git" },
  lsof: {},
  whereis: {},
  locale: {},
  tput: {},
  clear: {},
  man: {},
  help: {},
  history: {},
  jobs: {},
};

/** Read-only git subcommands (with `git.readonly` option checks). */
export const GIT_READONLY = new Set([
  "status",
  "log",
  "diff",
  "show",
  "rev-parse",
  "ls-files",
  "ls-tree",
  "blame",
  "shortlog",
  "describe",
  "cat-file",
  "grep",
  "reflog",
  "rev-list",
  "whatchanged",
  "name-rev",
  "merge-base",
  "count-objects",
  "show-ref",
  "for-each-ref",
  "annotate",
  "cherry",
  "var",
  "version",
  "help",
]);

/** git subcommands that are read-only only in listing form. */
export const GIT_LISTING: Record<string, { listFlags: string[]; positional: boolean }> = {
  branch: {
    listFlags: [
      "-a",
      "-r",
      "-v",
      "-vv",
      "--list",
      "-l",
      "--show-current",
      "--contains",
      "--no-contains",
      "--merged",
      "--no-merged",
      "--sort",
      "--format",
      "--color",
      "--no-color",
      "--all",
      "--remotes",
      "--verbose",
      "--points-at",
      "--column",
      "--no-column",
      "-i",
      "--ignore-case",
      "--abbrev",
      "--no-abbrev",
    ],
    positional: false,
  },
  tag: {
    listFlags: [
      "-l",
      "--list",
      "-n",
      "--sort",
      "--contains",
      "--no-contains",
      "--merged",
      "--no-merged",
      "--points-at",
      "--format",
      "--column",
      "-i",
      "--ignore-case",
    ],
    positional: false,
  },
  remote: { listFlags: ["-v", "--verbose", "show", "get-url"], positional: true },
  stash: { listFlags: ["list", "show"], positional: true },
  config: {
    listFlags: [
      "--get",
      "--get-all",
      "--get-regexp",
      "--list",
      "-l",
      "--show-origin",
      "--show-scope",
      "--name-only",
      "--global",
      "--local",
      "--system",
      "get",
      "list",
    ],
    positional: true,
  },
  worktree: { listFlags: ["list"], positional: true },
  submodule: { listFlags: ["status", "summary"], positional: true },
};

/** git options that write files or run external programs. */
export const GIT_WRITING_OPTS = [
  "--output",
  "-o",
  "--ext-diff",
  "--exec",
  "--upload-pack",
  "--receive-pack",
];

/** Options of git itself that take a value before the subcommand. */
export const GIT_GLOBAL_ARG_OPTS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--super-prefix",
  "--config-env",
  "--exec-path",
  "--list-cmds",
]);

/** git configuration keys (prefixes) that make git run commands. */
export const GIT_DANGEROUS_CONFIG = [
  "core.sshcommand",
  "core.pager",
  "core.editor",
  "core.fsmonitor",
  "core.hookspath",
  "core.askpass",
  "core.gitproxy",
  "core.worktree",
  "alias.",
  "diff.external",
  "diff.",
  "filter.",
  "merge.",
  "credential.helper",
  "gpg.program",
  "gpg.ssh.program",
  "sequence.editor",
  "uploadpack.",
  "receivepack.",
  "protocol.",
  "url.",
  "http.proxy",
  "include.path",
  "includeif.",
  "remote.",
];

/** Environment variables that make git or the dynamic loader run attacker-chosen code. */
export const DANGEROUS_ENV = new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXEC_PATH",
  "GIT_PAGER",
  "GIT_EDITOR",
  "GIT_ASKPASS",
  "GIT_PROXY_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "PAGER",
  "EDITOR",
  "VISUAL",
  "NODE_OPTIONS",
  "PYTHONSTARTUP",
  "PERL5OPT",
  "RUBYOPT",
  "SHELLOPTS",
  "PS4",
  "IFS",
]);

/**
 * Families of environment variables that change what a program runs or loads (beyond the
 * names above): git's config and repository overrides, the dynamic loader, package managers'
 * and build tools' configuration, language runtimes' module paths, pagers and editors.
 */
export const DANGEROUS_ENV_RE =
  /^(BASH_FUNC_.+|GIT_CONFIG.*|GIT_DIR|GIT_WORK_TREE|GIT_TEMPLATE_DIR|GIT_ALTERNATE_OBJECT_DIRECTORIES|GIT_INDEX_FILE|GIT_SEQUENCE_EDITOR|LD_.+|DYLD_.+|npm_config_.+|NPM_CONFIG_.+|YARN_.+|PNPM_.+|BUN_.+|CARGO_.+|RUSTC.*|RUSTFLAGS|RUSTDOCFLAGS|GOFLAGS|GOTOOLCHAIN|CC|CXX|CPP|LD|AR|AS|FC|CFLAGS|LDFLAGS|CPPFLAGS|MAKEFLAGS|MAKEFILES|PYTHONPATH|PYTHONHOME|PYTHONSTARTUP|PYTHONINSPECT|PYTHONUSERBASE|PIP_CONFIG_FILE|PERL5LIB|PERLLIB|PERL5OPT|PERL5DB|RUBYLIB|RUBYOPT|NODE_OPTIONS|NODE_PATH|NODE_REPL_EXTERNAL_MODULE|DENO_.+|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|CLASSPATH|MAVEN_OPTS|GRADLE_OPTS|MANPAGER|MANOPT|PAGER|LESSOPEN|LESSCLOSE|LESSKEY|BROWSER|EDITOR|VISUAL|SUDO_ASKPASS|SSH_ASKPASS|PATH|BASH_ENV|ENV|ZDOTDIR|PROMPT_COMMAND|PS0|PS4|SHELLOPTS|BASHOPTS|IFS|HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|GNUPGHOME|KUBECONFIG|DOCKER_HOST|DOCKER_CONFIG|TMUX_TMPDIR|TERMINFO|GCONV_PATH|MALLOC_.+|GLIBC_TUNABLES|PKG_CONFIG_PATH|PROTOC|TAR_OPTIONS|GZIP|XZ_OPT|ZSTD_CLEVEL|RSYNC_RSH|CVS_RSH|GREP_OPTIONS|WGETRC|CURL_HOME|SQLITE_HISTORY|HISTFILE|INPUTRC|EMACSLOADPATH|VIMINIT|EXINIT|MYVIMRC)$/;

/** Agent-internal tools with no side effects outside the conversation. */
export const INTERNAL_TOOLS = new Set([
  "TodoWrite",
  "TodoRead",
  "Task",
  "Agent",
  "ExitPlanMode",
  "EnterPlanMode",
  "BashOutput",
  "KillShell",
  "KillBash",
  "ListMcpResourcesTool",
  "ReadMcpResourceTool",
  "SlashCommand",
  "Skill",
  "AskUserQuestion",
  "Think",
  "SetTodoList",
  "update_plan",
  "Monitor",
]);
