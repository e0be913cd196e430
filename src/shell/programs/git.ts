/**
 * git: its global options and what each subcommand does. Local work inside
 * the repository is allowed (the repository is in the workspace); publishing
 * (`push`) asks; history rewrites and discards are asked by the built-in git
 * rules (git.reset-hard, git.push-force, git.clean-force, …) before tables
 * are consulted. git's parse-options accepts unambiguous abbreviations of long
 * options, as getopt_long does.
 */
import type { ProgramSpec } from "./types.ts";

/** Options that make a git subcommand write a file or run a program. */
const OUTPUT = {
  "-o|--output": { arity: 1, role: "write" },
  "--ext-diff": { arity: 0, role: "exec-program" },
  "--textconv": "flag",
  "--no-ext-diff|--no-textconv": "flag",
} as const;

/** Reading subcommands: their operands are revisions and pathspecs inside the repository. */
const READER: ProgramSpec = {
  opts: { ...OUTPUT },
  operands: ["data"],
  special: "git-object",
  unknownOptions: "ignore",
};

/** Local writing subcommands: change the repository or the work tree in place. */
const LOCAL: ProgramSpec = {
  // They change the repository and run its hooks: project work, where the repository is.
  runs: "project",
  opts: {
    "-F|--file": { arity: 1, role: "read" },
    "--exec|-x": { arity: 1, role: "exec-program" },
    "--template": { arity: 1, role: "read" },
    "--pathspec-from-file": { arity: 1, role: "read" },
  },
  operands: ["data"],
  special: "git-object",
  unknownOptions: "ignore",
};

/** Subcommands that fetch from a remote: routine; they bring code in, they send nothing local. */
const FETCH_OPTS: ProgramSpec["opts"] = {
  "--upload-pack|-u|--receive-pack|--exec": { arity: 1, role: "exec-program" },
  "--template": { arity: 1, role: "read" },
  "--reference|--reference-if-able|--separate-git-dir": { arity: 1, role: "write" },
  "-c|--config": { arity: 1, role: "unknown" },
};

const FETCH: ProgramSpec = {
  runs: "project",
  fetches: true,
  opts: FETCH_OPTS,
  operands: ["data"],
  unknownOptions: "ignore",
};

export const GIT: ProgramSpec[] = [
  {
    names: ["git"],
    style: { permute: false },
    opts: {
      "-C": { arity: 1, role: "cwd" },
      "-c|--config-env": { arity: 1, role: "data" }, // judged by git.config-injection
      "--git-dir|--work-tree": { arity: 1, role: "unknown" },
      "--exec-path": { arity: 2, role: "unknown" },
      "--namespace|--super-prefix|--list-cmds|--attr-source": { arity: 1, role: "data" },
      "-p|--paginate|-P|--no-pager|--bare|--no-replace-objects|--literal-pathspecs|--glob-pathspecs|--noglob-pathspecs|--icase-pathspecs|--no-optional-locks|--no-lazy-fetch|--no-advice|--version|--help|-v|-h|--html-path|--man-path|--info-path":
        "flag",
    },
    subs: {
      status: READER,
      log: READER,
      diff: {
        ...READER,
        opts: { ...OUTPUT, "--no-index": "flag" },
        special: "git-object",
      },
      show: READER,
      blame: READER,
      annotate: READER,
      shortlog: READER,
      describe: READER,
      "rev-parse": READER,
      "rev-list": READER,
      "ls-files": READER,
      "ls-tree": READER,
      "ls-remote": { ...FETCH },
      "cat-file": READER,
      reflog: READER,
      whatchanged: READER,
      "show-ref": READER,
      "for-each-ref": READER,
      "name-rev": READER,
      "merge-base": READER,
      "count-objects": READER,
      fsck: READER,
      "verify-commit": READER,
      "verify-tag": READER,
      "check-ignore": READER,
      "check-attr": READER,
      cherry: READER,
      "range-diff": READER,
      "diff-tree": READER,
      "diff-index": READER,
      "diff-files": READER,
      "format-patch": { ...READER, opts: { ...OUTPUT, "-o|--output-directory": "write" } },
      grep: {
        ...READER,
        opts: {
          "-O|--open-files-in-pager": { arity: 2, role: "exec-program" },
          "--no-index": "flag",
          "-f": { arity: 1, role: "read" },
          "-e": { arity: 1, role: "data" },
        },
      },
      help: READER,
      version: READER,
      var: READER,
      add: LOCAL,
      commit: LOCAL,
      switch: LOCAL,
      checkout: { ...LOCAL, operands: ["write"] },
      restore: { ...LOCAL, operands: ["write"] },
      branch: LOCAL,
      merge: LOCAL,
      rebase: LOCAL,
      stash: LOCAL,
      tag: LOCAL,
      "cherry-pick": LOCAL,
      revert: LOCAL,
      mv: { ...LOCAL, operands: ["read", "write"], destLast: "move" },
      rm: { ...LOCAL, operands: ["delete"] },
      reset: LOCAL,
      am: LOCAL,
      apply: LOCAL,
      notes: LOCAL,
      gc: LOCAL,
      prune: LOCAL,
      repack: LOCAL,
      maintenance: LOCAL,
      worktree: LOCAL,
      sparse: LOCAL,
      "sparse-checkout": LOCAL,
      bisect: LOCAL,
      // `-x` is "ignored files too" here, not --exec.
      clean: {
        ...LOCAL,
        opts: { "-e|--exclude": { arity: 1, role: "data" }, "-x|-X|-d|-f|-n|-i|-q": "flag" },
      },
      replace: LOCAL,
      "filter-branch": LOCAL,
      "filter-repo": LOCAL,
      "update-index": LOCAL,
      "update-ref": LOCAL,
      "symbolic-ref": LOCAL,
      "read-tree": LOCAL,
      "write-tree": LOCAL,
      "commit-tree": LOCAL,
      "hash-object": LOCAL,
      init: {
        ...LOCAL,
        operands: ["write"],
        opts: { ...LOCAL.opts, "--separate-git-dir": "write" },
      },
      config: LOCAL,
      remote: LOCAL,
      submodule: { ...FETCH, operands: ["data", "data", "write"] },
      // `-u` is --update-head-ok for fetch and --set-upstream for push, not --upload-pack.
      fetch: { ...FETCH, opts: { ...FETCH_OPTS, "-u|--update-head-ok": "flag" } },
      pull: { ...FETCH, opts: { ...FETCH_OPTS, "-u|--update-head-ok": "flag" } },
      clone: { ...FETCH, operands: ["data", "write"] },
      lfs: FETCH,
      push: {
        ...FETCH,
        opts: {
          "--receive-pack|--exec": { arity: 1, role: "exec-program" },
          "-u|--set-upstream": "flag",
          "--repo|-o|--push-option": { arity: 1, role: "data" },
        },
        rule: "git.push",
      },
      "send-email": { rule: "net.egress" },
      "request-pull": READER,
      archive: {
        ...READER,
        opts: { "-o|--output": { arity: 1, role: "write" }, "--remote|--exec": "unknown" },
      },
      bundle: LOCAL,
      daemon: { rule: "default.ask" },
      "instaweb": { rule: "default.ask" },
    },
  },
];
