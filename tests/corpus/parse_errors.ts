/** Unparsable input and analysis limits: ask (never allow). */
import type { ShellCase } from "./types.ts";

const evals = (n: number, inner: string) => "eval ".repeat(n) + inner;

export const parseErrors: ShellCase[] = [
  { cmd: "echo 'unterminated", expect: "ask", rule: "shell.parse-error" },
  { cmd: 'echo "unterminated', expect: "ask", rule: "shell.parse-error" },
  { cmd: "if then fi", expect: "ask", rule: "shell.parse-error" },
  { cmd: "((", expect: "ask", rule: "shell.parse-error" },
  { cmd: "ls |", expect: "ask", rule: "shell.parse-error" },
  { cmd: "ls && && pwd", expect: "ask", rule: "shell.parse-error" },
  { cmd: "for do done", expect: "ask", rule: "shell.parse-error" },
  { cmd: "ls )", expect: "ask", rule: "shell.parse-error" },
  { cmd: "{ ls", expect: "ask", rule: "shell.parse-error" },
  { cmd: "echo $(", expect: "ask", rule: "shell.parse-error" },
  { cmd: "case x in", expect: "ask", rule: "shell.parse-error" },
  { cmd: "", expect: "ask", rule: "shell.parse-error" },
  { cmd: "   ", expect: "ask", rule: "shell.parse-error" },
  {
    cmd: "rm -rf / 'unterminated",
    expect: "ask",
    rule: "shell.parse-error",
    alsoOk: ["block"],
  },
  {
    cmd: "rm -rf ~; echo 'unterminated",
    expect: "ask",
    rule: "shell.parse-error",
    alsoOk: ["block"],
  },
  { cmd: "bash -c 'echo \"x'", expect: "ask", alsoOk: ["block"] },
  {
    cmd: "ls " + "a".repeat(300 * 1024),
    expect: "ask",
    rule: "input.command-too-long",
  },
  {
    cmd: evals(30, "rm -rf /"),
    expect: "block",
    rule: "abs.rm-protected",
    alsoOk: ["ask"],
    note: "deep nesting: ask (input.nesting-too-deep) is acceptable",
  },
];
