/**
 * Commands guard has no table for: default ask, never allow. Issue 13 moved the routine ones
 * (npm test, make, cargo build, git commit, mkdir build …) to tests/corpus/routine.ts, where they
 * run; these stay unknown.
 */
import type { ShellCase } from "./types.ts";

export const unknown: ShellCase[] = [
  { cmd: "frobnicate --all", expect: "ask", rule: "default.ask" },
  { cmd: "git status | some-unknown-tool", expect: "ask", rule: "default.ask" },
  { cmd: "ls && frobnicate", expect: "ask", rule: "default.ask" },
  { cmd: "mystery-cli deploy prod", expect: "ask", rule: "default.ask" },
  { cmd: "npm test && mystery-cli", expect: "ask", rule: "default.ask" },
  { cmd: "xyzzy > out.txt", expect: "ask", rule: "default.ask" },
  { cmd: "git frobnicate", expect: "ask", rule: "default.ask" },
  { cmd: "npm test", expect: "allow", note: "issue 13: project work" },
  { cmd: "npm install", expect: "allow", note: "issue 13: installs into the project" },
  { cmd: "make", expect: "allow" },
  { cmd: "cargo build --release", expect: "allow" },
  { cmd: "python script.py", expect: "allow", note: "issue 13: a project file" },
  { cmd: "python /tmp/x/script.py", expect: "ask", rule: "exec.script-file" },
  { cmd: "curl https://example.com", expect: "ask", rule: "net.egress" },
  { cmd: "deno test -A", expect: "allow" },
  { cmd: "docker ps", expect: "allow" },
  { cmd: "mkdir build", expect: "allow" },
  { cmd: "touch x.ts", expect: "allow" },
  { cmd: "git add .", expect: "allow" },
  { cmd: "git commit -m wip", expect: "allow" },
  { cmd: "ls && npm test", expect: "allow" },
  { cmd: "npm test", cwd: "/home/user", expect: "ask", rule: "exec.outside-workspace" },
  { cmd: "cd ~/other && npm test", expect: "ask", rule: "exec.outside-workspace" },
];
