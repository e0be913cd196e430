/** Shell metacharacters in otherwise-safe commands: ask. */
import type { ShellCase } from "./types.ts";

export const metachar: ShellCase[] = [
  { cmd: "echo $(whoami)", expect: "ask", rule: "shell.substitution" },
  { cmd: "echo `date`", expect: "ask", rule: "shell.substitution" },
  { cmd: "ls $(pwd)", expect: "ask", rule: "shell.substitution" },
  { cmd: 'cat "$(git rev-parse --show-toplevel)/README.md"', expect: "ask", rule: "shell." },
  { cmd: "diff <(ls a) <(ls b)", expect: "ask", rule: "shell.substitution" },
  { cmd: "$CMD arg", expect: "ask", rule: "shell.dynamic-command" },
  { cmd: "${CMD} --version", expect: "ask", rule: "shell.dynamic-command" },
  { cmd: "$(which ls) -la", expect: "ask", rule: "shell." },
  { cmd: "cat $FILE", expect: "ask", rule: "shell.expansion" },
  { cmd: 'ls "$DIR"', expect: "ask", rule: "shell.expansion" },
  { cmd: "echo $USER", expect: "ask", rule: "shell.expansion" },
  { cmd: "grep -rn ${PATTERN} src", expect: "ask", rule: "shell.expansion" },
  { cmd: "ls > out.txt", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "echo hi >> log.txt", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "git status > status.txt", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "ls 2> err.log", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "cat f &> out.log", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "ls >| out.txt", expect: "ask", rule: "shell.redirect-write" },
  { cmd: "cat <<EOF > notes.md\nhello\nEOF", expect: "ask", rule: "shell." },
  { cmd: "grep x f | tee out.txt", expect: "ask" },
  { cmd: "ls && echo $(id -u)", expect: "ask", rule: "shell.substitution" },
];
