/**
 * Coreutils, findutils, grep/sed/awk and the other text and file tools: what
 * their operands and the options that matter do. The rest of their option
 * grammar comes from `grammar.generated.json`.
 */
import type { ProgramSpec } from "./types.ts";

/** Options of the reading filters that change nothing guard judges. */
const FILTER_FLAGS = { "--help|--version": "flag" } as const;

/** 7-Zip's subcommands (options were parsed with the program's own table before them). */
const SEVEN_ZIP_ADD: ProgramSpec = {
  operands: ["write", "read"],
  recursive: true,
  unknownOptions: "ignore",
};
const SEVEN_ZIP_REWRITE: ProgramSpec = { operands: ["write", "data"], unknownOptions: "ignore" };
const SEVEN_ZIP_READ: ProgramSpec = { operands: ["read", "data"], unknownOptions: "ignore" };

export const COREUTILS: ProgramSpec[] = [
  {
    names: ["rm"],
    opts: {
      "-r|-R|--recursive": "recursive",
      "-f|--force|-i|-I|-v|--verbose|-d|--dir|--one-file-system": "flag",
      "--interactive": { arity: 2 },
      "--preserve-root": { arity: 2 },
      "--no-preserve-root": { arity: 0, rule: "abs.rm-no-preserve-root" },
    },
    operands: ["delete"],
  },
  {
    names: ["rmdir"],
    opts: { "-p|--parents|--ignore-fail-on-non-empty|-v|--verbose": "flag" },
    operands: ["delete"],
  },
  { names: ["unlink"], operands: ["delete"] },
  {
    names: ["shred"],
    opts: {
      "-u|--zero|-z|-f|--force|-x|--exact|-v|--verbose": "flag",
      "-n|--iterations|-s|--size": { arity: 1, role: "data" },
      "--remove": { arity: 2 },
      "--random-source": { arity: 1, role: "read" },
    },
    operands: ["delete"],
  },
  {
    names: ["cp"],
    destLast: "copy",
    opts: {
      "-r|-R|--recursive|-a|--archive": "recursive",
      "-t|--target-directory": { arity: 1, role: "target-dir" },
      "-f|-i|-n|-p|-P|-L|-H|-l|-s|-u|-v|-x|-T|-b|-d|--force|--interactive|--no-clobber|--parents|--verbose|--debug|--symbolic-link|--link|--dereference|--no-dereference|--one-file-system|--no-target-directory|--remove-destination|--strip-trailing-slashes|--attributes-only|-Z|--keep-directory-symlink":
        "flag",
      "--preserve|--backup|--reflink|--update|--context": { arity: 2 },
      "--no-preserve|-S|--suffix|--sparse": { arity: 1, role: "data" },
    },
  },
  {
    names: ["mv"],
    destLast: "move",
    opts: {
      "-t|--target-directory": { arity: 1, role: "target-dir" },
      "-f|-i|-n|-u|-v|-T|-b|-Z|--force|--interactive|--no-clobber|--verbose|--no-target-directory|--strip-trailing-slashes|--exchange|--no-copy|--debug":
        "flag",
      "--backup|--update|--context": { arity: 2 },
      "-S|--suffix": { arity: 1, role: "data" },
    },
  },
  {
    names: ["ln"],
    destLast: "link",
    opts: {
      "-t|--target-directory": { arity: 1, role: "target-dir" },
      "-s|-f|-n|-v|-r|-T|-b|-L|-P|-i|--symbolic|--force|--relative|--no-dereference|--logical|--physical|--no-target-directory|--interactive|--verbose":
        "flag",
      "--backup": { arity: 2 },
      "-S|--suffix": { arity: 1, role: "data" },
    },
  },
  {
    names: ["mkdir"],
    opts: {
      "-p|--parents|-v|--verbose|-Z": "flag",
      "-m|--mode": { arity: 1, role: "data" },
      "--context": { arity: 2 },
    },
    operands: ["write"],
  },
  {
    names: ["touch"],
    opts: {
      "-a|-c|-m|-h|-f|--no-create|--no-dereference": "flag",
      "-d|--date|-t|--time": { arity: 1, role: "data" },
      "-r|--reference": { arity: 1, role: "read" },
    },
    operands: ["write"],
  },
  {
    names: ["tee"],
    opts: { "-a|--append|-i|--ignore-interrupts|-p": "flag", "--output-error": { arity: 2 } },
    operands: ["write"],
  },
  {
    names: ["truncate"],
    opts: {
      "-c|--no-create|-o|--io-blocks": "flag",
      "-s|--size": { arity: 1, role: "data" },
      "-r|--reference": { arity: 1, role: "read" },
    },
    operands: ["truncate"],
  },
  {
    names: ["chmod", "chown", "chgrp", "chattr", "chcon"],
    opts: {
      "-m|--modify|-M|--modify-file|-x|--remove|-X|--remove-file|--set|--set-file": {
        arity: 1,
        role: "data",
      },
      "-R|--recursive": "recursive",
      "-c|-f|-v|-h|-H|-L|-P|--changes|--silent|--quiet|--verbose|--no-dereference|--dereference|--preserve-root|--no-preserve-root":
        "flag",
      "--reference": { arity: 1, role: "read" },
      "--from": { arity: 1, role: "data" },
    },
    operands: ["data", "perm"],
  },
  {
    names: ["setfacl"],
    opts: {
      "-R|--recursive": "recursive",
      "-m|--modify|-M|--modify-file|-x|--remove|-X|--remove-file|--set|--set-file": {
        arity: 1,
        role: "data",
      },
    },
    operands: ["write"],
    unknownOptions: "ignore",
  },
  {
    names: ["install"],
    destLast: "copy",
    opts: {
      "-t|--target-directory": { arity: 1, role: "target-dir" },
      "-d|--directory|-D|-C|--compare|-p|--preserve-timestamps|-s|--strip|-v|--verbose|-b|-T|--no-target-directory|-Z":
        "flag",
      "-m|--mode|-o|--owner|-g|--group|-S|--suffix": { arity: 1, role: "data" },
      "--strip-program": { arity: 1, role: "exec-program" },
      "--backup|--context": { arity: 2 },
    },
  },
  {
    names: ["dd"],
    special: "dd",
    opts: { "--help|--version": "flag" },
  },
  // ── reading filters ──────────────────────────────────────────────────────
  {
    names: ["cat", "tac", "nl", "fold", "fmt", "expand", "unexpand", "paste", "rev"],
    opts: FILTER_FLAGS,
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: ["head", "tail"],
    opts: {
      "-n|--lines|-c|--bytes|-s|--sleep-interval|--pid|--max-unchanged-stats": {
        arity: 1,
        role: "data",
      },
      "-f|-F|-q|-v|-z|--quiet|--silent|--verbose|--retry|--zero-terminated": "flag",
      "--follow": { arity: 2 },
    },
    operands: ["read"],
  },
  {
    names: ["wc"],
    opts: {
      "-c|-l|-w|-m|-L|--bytes|--lines|--words|--chars|--max-line-length": "flag",
      "--files0-from": { arity: 1, role: "read" },
      "--total": { arity: 1, role: "data" },
    },
    operands: ["read"],
  },
  {
    names: ["sort"],
    opts: {
      "-o|--output": { arity: 1, role: "write" },
      "--compress-program": { arity: 1, role: "exec-program" },
      "--files0-from|--random-source": { arity: 1, role: "read" },
      "-T|--temporary-directory": { arity: 1, role: "write" },
      "-k|--key|-t|--field-separator|-S|--buffer-size|--parallel|--batch-size|--sort": {
        arity: 1,
        role: "data",
      },
      "--check": { arity: 2 },
      "-b|-d|-f|-g|-i|-M|-h|-n|-R|-r|-V|-c|-C|-m|-s|-u|-z|--debug|--ignore-leading-blanks|--dictionary-order|--ignore-case|--general-numeric-sort|--ignore-nonprinting|--month-sort|--human-numeric-sort|--numeric-sort|--random-sort|--reverse|--version-sort|--merge|--stable|--unique|--zero-terminated":
        "flag",
    },
    operands: ["read"],
  },
  {
    names: ["uniq"],
    opts: {
      "-c|-d|-D|-u|-i|-z|--count|--repeated|--unique|--ignore-case|--zero-terminated": "flag",
      "-f|-s|-w|--skip-fields|--skip-chars|--check-chars": { arity: 1, role: "data" },
      "--all-repeated|--group": { arity: 2 },
    },
    operands: ["read", "write"],
  },
  {
    names: ["cut"],
    opts: {
      "-b|-c|-d|-f|--bytes|--characters|--delimiter|--fields|--output-delimiter": {
        arity: 1,
        role: "data",
      },
      "-s|-z|-n|--complement|--only-delimited|--zero-terminated": "flag",
    },
    operands: ["read"],
  },
  { names: ["tr"], operands: ["data"], unknownOptions: "ignore" },
  {
    names: ["diff", "cmp", "comm", "join", "sdiff"],
    opts: {
      "-r|--recursive": "recursive",
      "--from-file|--to-file|-X|--exclude-from": { arity: 1, role: "read" },
      "-x|--exclude|-I|--ignore-matching-lines|--label|-L|-F|--show-function-line|-S|--starting-file|--line-format|--old-line-format|--new-line-format|--unchanged-line-format|--palette|-W|--width|--tabsize|--horizon-lines|-C|-U|--context|--unified":
        { arity: 1, role: "data" },
      "-o|--output": { arity: 1, role: "write" },
      "--diff-program": { arity: 1, role: "exec-program" },
    },
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: [
      "sha1sum",
      "sha224sum",
      "sha256sum",
      "sha384sum",
      "sha512sum",
      "md5sum",
      "b2sum",
      "cksum",
      "sum",
      "shasum",
      "md5",
      "od",
      "hexdump",
      "strings",
      "base32",
      "basenc",
    ],
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: ["base64"],
    opts: { "-d|--decode|-i|--ignore-garbage": "flag", "-w|--wrap": { arity: 1, role: "data" } },
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: ["xxd"],
    opts: {
      "-r|-revert": "flag",
      "-c|-cols|-g|-groupsize|-l|-len|-o|-offset|-s|-seek|-n|-name": { arity: 1, role: "data" },
    },
    operands: ["read", "write"],
    unknownOptions: "ignore",
  },
  // ── names and metadata only ──────────────────────────────────────────────
  {
    names: [
      "ls",
      "stat",
      "df",
      "file",
      "basename",
      "dirname",
      "realpath",
      "readlink",
      "test",
      "[",
      "dir",
      "vdir",
      "lsattr",
      "namei",
    ],
    opts: {
      "-C|--compile": { arity: 0, role: "unknown" },
      "-R|--recursive": "recursive",
      "--files0-from|-m|--magic-file|-f|--files-from": { arity: 1, role: "read" },
    },
    operands: ["list"],
    unknownOptions: "ignore",
  },
  {
    names: ["tree", "du"],
    opts: { "-o": { arity: 1, role: "write" }, "--fromfile": "read", "--files0-from": "read" },
    recursive: true,
    operands: ["list"],
    unknownOptions: "ignore",
  },
  {
    names: [
      "echo",
      "printf",
      "pwd",
      "true",
      "false",
      ":",
      "whoami",
      "id",
      "groups",
      "uname",
      "seq",
      "sleep",
      "nproc",
      "uptime",
      "free",
      "which",
      "type",
      "whereis",
      "locale",
      "tput",
      "clear",
      "help",
      "jobs",
      "wait",
      "cal",
      "arch",
      "tty",
      "logname",
      "users",
      "w",
      "who",
      "yes",
      "numfmt",
      "factor",
      "expr",
      "getconf",
      "pgrep",
      "lsof",
      "hash",
      "shopt",
      "set",
      "command",
      "builtin",
      "sync",
      "stty",
      "ulimit",
      "umask",
      "bg",
      "fg",
      "disown",
      "read",
      "mktemp",
      "tldr",
      "kill",
    ],
    operands: ["data"],
    unknownOptions: "ignore",
  },
  {
    // Text filters over the files they are given (what they print is the files' contents).
    names: ["tsort", "shuf", "pr", "column", "iconv"],
    opts: { "-o|--output": { arity: 1, role: "write" } },
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: ["date", "hostname"],
    opts: {
      "-s|--set|-F|--file": { arity: 1, role: "data", rule: "sys.change" },
      "-f|--file|-r|--reference": { arity: 1, role: "read" },
    },
    operands: ["data"],
    unknownOptions: "ignore",
  },
  {
    names: ["cd", "pushd", "popd", "dirs"],
    operands: ["list"],
    unknownOptions: "ignore",
  },
  {
    names: [
      "export",
      "unset",
      "declare",
      "typeset",
      "local",
      "readonly",
      "let",
      "exit",
      "return",
      "shift",
      "break",
      "continue",
      "times",
      "caller",
      "getopts",
      "enable",
      "complete",
      "compgen",
      "history",
    ],
    operands: ["data"],
    unknownOptions: "ignore",
  },
  {
    names: ["man"],
    opts: {
      "-P|--pager|-H|--html": { arity: 1, role: "exec-program" },
      "-l|--local-file": "read",
      "-C|--config-file": { arity: 1, role: "config" },
    },
    operands: ["data"],
    unknownOptions: "ignore",
  },
  {
    names: ["less", "more", "most", "pg"],
    opts: { "-o|--log-file|-O|--LOG-FILE": { arity: 1, role: "write" } },
    operands: ["read"],
    unknownOptions: "ignore",
  },
  // ── searching ────────────────────────────────────────────────────────────
  {
    names: ["grep", "egrep", "fgrep", "zgrep"],
    opts: {
      "-r|-R|--recursive|--dereference-recursive": "recursive",
      "-e|--regexp": { arity: 1, role: "data" },
      "-f|--file|--exclude-from": { arity: 1, role: "read" },
      "-d|--directories|-D|--devices|--binary-files|--include|--exclude|--exclude-dir|--label|-A|--after-context|-B|--before-context|-C|--context|-m|--max-count|--group-separator":
        { arity: 1, role: "data" },
      "--color|--colour": { arity: 2 },
    },
    operands: ["data", "read"],
    unknownOptions: "ignore",
  },
  {
    names: ["rg", "ripgrep"],
    recursive: true,
    opts: {
      "--pre|--hostname-bin": { arity: 1, role: "exec-program" },
      "-e|--regexp|-g|--glob|--iglob|-t|--type|-T|--type-not|--type-add|--type-clear|--pre-glob|-j|--threads|-m|--max-count|-A|-B|-C|--after-context|--before-context|--context|-M|--max-columns|-d|--max-depth|--maxdepth|-E|--encoding|--path-separator|-r|--replace|--sort|--sortr|--colors|--color|--engine|--max-filesize|--dfa-size-limit|--regex-size-limit|--context-separator|--field-context-separator|--field-match-separator|--hyperlink-format|-V":
        { arity: 1, role: "data" },
      "-f|--file|--ignore-file": { arity: 1, role: "read" },
    },
    operands: ["data", "read"],
  },
  {
    names: ["ag", "ack", "ugrep"],
    recursive: true,
    opts: {
      "--pager": { arity: 1, role: "exec-program" },
      "-G|--file-search-regex|--ignore|--ignore-dir|-A|-B|-C|-m|--depth": {
        arity: 1,
        role: "data",
      },
    },
    operands: ["data", "read"],
  },
  {
    names: ["sed", "gsed"],
    special: "sed",
    opts: {
      "-n|--quiet|--silent|-E|-r|--regexp-extended|-s|--separate|-u|--unbuffered|-z|--null-data|--posix|--debug|--sandbox|--follow-symlinks|-b|--binary":
        "flag",
      "-i|--in-place": { arity: 2, role: "inplace" },
      "-e|--expression": { arity: 1, role: "data" },
      "-f|--file": { arity: 1, role: "read" },
      "-l|--line-length": { arity: 1, role: "data" },
    },
  },
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    special: "awk",
    opts: {
      "-v|--assign|-F|--field-separator": { arity: 1, role: "data" },
      "-f|--file|-E|--exec": { arity: 1, role: "exec-file" },
      // gawk -i inplace edits its operands; -l loads a shared library.
      "-i|--include|-l|--load": { arity: 1, role: "exec-program" },
      "-W": { arity: 1, role: "unknown" },
      "-b|-c|-C|-d|-D|-g|-h|-L|-M|-n|-N|-O|-p|-P|-r|-s|-S|-t|-V|-e|--source|--sandbox|--posix|--traditional|--lint|--characters-as-bytes|--re-interval|--optimize|--no-optimize|--bignum|--use-lc-numeric|--non-decimal-data|--copyright":
        "flag",
      "--dump-variables|--pretty-print|--profile|--debug": { arity: 2, role: "write" },
    },
  },
  {
    names: ["jq", "yq", "gojq"],
    special: "env-dump",
    opts: {
      "--arg|--argjson": { arity: 3, role: "data" },
      "--slurpfile|--rawfile": { arity: 3, role: "read" },
      "-f|--from-file|-L": { arity: 1, role: "read" },
      "--indent|--tab|--seq|--stream|--stream-errors|-s|--slurp|-n|--null-input|-r|--raw-output|-j|--join-output|-a|--ascii-output|-c|--compact-output|-C|--color-output|-M|--monochrome-output|-S|--sort-keys|-e|--exit-status|--args|--jsonargs|-R|--raw-input|--raw-output0|-0|-i|--inplace|-y|-p|-P|-o|--output-format|--input-format":
        "flag",
    },
    operands: ["data", "read"],
    unknownOptions: "ignore",
  },
  {
    names: ["find", "gfind"],
    special: "find",
    style: { singleDashLong: true, permute: true },
  },
  // ── archives ────────────────────────────────────────────────────────────
  { names: ["tar", "gtar", "bsdtar"], special: "tar" },
  {
    names: ["zip"],
    opts: {
      "-r|--recurse-paths|-R": "recursive",
      "-TT|--unzip-command": { arity: 1, role: "exec-program" },
      "-d|--delete|-m|--move": { arity: 0, role: "unknown" },
      "-x|--exclude|-i|--include|-P|--password|-b|--temp-path|-n|--suffixes|-t|-tt|-Z|--compression-method|-s|--split-size|-sp|-sv|-O|--output-file":
        { arity: 1, role: "data" },
      "-@": "unknown",
    },
    operands: ["write", "read"],
    unknownOptions: "ignore",
  },
  {
    names: ["7z", "7za", "7zz", "7zr"],
    opts: {
      "-o": { arity: 1, role: "target-dir" },
      "-p|-t|-x|-i|-m|-v|-w|-ao|-bb|-bs|-scs|-sfx|-spf|-ssc|-mmt|-mx": { arity: 1, role: "data" },
      "-r": "recursive",
      "-y|-so|-si|-slt|-bd|-spe": "flag",
      // Deletes the files once they are in the archive.
      "-sdel": { arity: 0, role: "unknown" },
    },
    operands: ["data", "read", "read"],
    unknownOptions: "ignore",
    subs: {
      // Add and update: the archive is written, the files (directories whole) are read.
      a: SEVEN_ZIP_ADD,
      u: SEVEN_ZIP_ADD,
      // Delete and rename inside the archive: it is rewritten.
      d: SEVEN_ZIP_REWRITE,
      rn: SEVEN_ZIP_REWRITE,
      // Extract, list, test, hash, benchmark: the archive is read (members land in -o's DIR).
      e: SEVEN_ZIP_READ,
      x: SEVEN_ZIP_READ,
      l: SEVEN_ZIP_READ,
      t: SEVEN_ZIP_READ,
      h: SEVEN_ZIP_READ,
      i: SEVEN_ZIP_READ,
      b: SEVEN_ZIP_READ,
    },
  },
  {
    names: ["unzip"],
    opts: {
      "-d": { arity: 1, role: "target-dir" },
      "-x|-P": { arity: 1, role: "data" },
      "-l|-t|-v|-z|-p|-c|-o|-n|-q|-qq|-j|-a|-aa|-b|-C|-L|-M|-V|-X|-K|-u|-f": "flag",
    },
    operands: ["read", "data"],
    unknownOptions: "ignore",
  },
  {
    names: ["gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "brotli"],
    opts: {
      "-c|--stdout|--to-stdout|-l|--list|-t|--test": "flag",
      "-S|--suffix|-T|--threads": { arity: 1, role: "data" },
      "-o|--output": { arity: 1, role: "write" },
    },
    operands: ["write"],
    unknownOptions: "ignore",
  },
  {
    names: ["zcat", "bzcat", "xzcat", "zless", "zmore"],
    operands: ["read"],
    unknownOptions: "ignore",
  },
  {
    names: ["patch"],
    opts: {
      "-p|--strip|-F|--fuzz|-D|--ifdef|-V|--version-control|-z|--suffix|-B|--prefix|-Y|--basename-prefix|--reject-format|--quoting-style":
        { arity: 1, role: "data" },
      "-i|--input": { arity: 1, role: "read" },
      "-o|--output|-r|--reject-file": { arity: 1, role: "write" },
      "-d|--directory": { arity: 1, role: "cwd" },
    },
    operands: ["write", "read"],
    // With no file operand it patches the files its input names, below the directory it works in.
    patchesCwd: true,
    unknownOptions: "ignore",
  },
  {
    names: ["split", "csplit"],
    opts: {
      "-b|--bytes|-l|--lines|-n|--number|-a|--suffix-length|-C|--line-bytes|-t|--separator|--additional-suffix|-f|--prefix":
        { arity: 1, role: "data" },
      "--filter": { arity: 1, role: "exec-program" },
    },
    operands: ["read", "write-prefix"],
    unknownOptions: "ignore",
  },
  {
    names: ["ps"],
    special: "env-dump",
    operands: ["data"],
    unknownOptions: "ignore",
  },
];
