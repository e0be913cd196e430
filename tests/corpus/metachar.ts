/**
 * Shell metacharacters. Issue 13: a program with a table is judged by what its words DO, so a
 * substitution or a variable in a data position (an echo argument, a commit message, a grep
 * pattern) lets it run, while one in a path or option position asks (the path or option cannot
 * be known); a redirection is a write judged by zone like any other.
 */
import type { ShellCase } from "./types.ts";

export const metachar: ShellCase[] = [
  { cmd: "echo $(whoami)", expect: "allow" },
  { cmd: "echo `date`", expect: "allow" },
  { cmd: "ls $(pwd)", expect: "ask", rule: "effect.unresolved-path" },
  { cmd: 'cat "$(git rev-parse --show-toplevel)/README.md"', expect: "ask" },
  { cmd: "diff <(ls a) <(ls b)", expect: "ask", rule: "effect.unresolved-path" },
  { cmd: "$CMD arg", expect: "ask", rule: "shell.dynamic-command" },
  { cmd: "${CMD} --version", expect: "ask", rule: "shell.dynamic-command" },
  { cmd: "$(which ls) -la", expect: "ask", rule: "shell." },
  { cmd: "cat $FILE", expect: "ask", rule: "effect.unresolved-path" },
  { cmd: 'ls "$DIR"', expect: "ask", rule: "effect.unresolved-path" },
  { cmd: 'rm -rf "$DIR"', expect: "ask" },
  { cmd: "cp $SRC build/", expect: "ask" },
  { cmd: "sort $OPTS file.txt", expect: "ask", rule: "option.unknown" },
  { cmd: "echo $USER", expect: "allow" },
  { cmd: "grep -rn ${PATTERN} src", expect: "allow" },
  { cmd: 'git commit -m "$(cat msg.txt)"', expect: "allow" },
  { cmd: 'git commit -m "$(cat ~/.ssh/id_rsa)"', expect: "ask", rule: "secrets.credential-access" },
  { cmd: "ls > out.txt", expect: "allow", rule: "effect.workspace" },
  { cmd: "echo hi >> log.txt", expect: "allow" },
  { cmd: "git status > status.txt", expect: "allow" },
  { cmd: "ls 2> err.log", expect: "allow" },
  { cmd: "cat f &> out.log", expect: "allow" },
  { cmd: "ls >| out.txt", expect: "allow" },
  { cmd: "cat <<EOF > notes.md\nhello\nEOF", expect: "allow" },
  { cmd: "grep x f | tee out.txt", expect: "allow" },
  { cmd: "ls && echo $(id -u)", expect: "allow" },
  { cmd: "ls > $OUT", expect: "ask", rule: "effect.unresolved-path" },
  { cmd: "ls > ~/notes.txt", expect: "ask", rule: "write.outside-workspace" },
  { cmd: "echo x > /etc/hosts", expect: "ask", rule: "fs.system-write" },
  { cmd: "echo x >> ~/.bashrc", expect: "ask", rule: "persist.startup-write" },
  { cmd: "cat <<EOF > ~/.ssh/authorized_keys\nssh-rsa AAA\nEOF", expect: "ask" },
  { cmd: "echo x > ~/.aiguard/policy.toml", expect: "block", rule: "abs.guard-state" },
  { cmd: "ls > /tmp/out.txt", expect: "allow" },
];
