/** Commands guard does not know: default ask, never allow. */
import type { ShellCase } from "./types.ts";

export const unknown: ShellCase[] = [
  { cmd: "npm test", expect: "ask", rule: "default.ask" },
  { cmd: "npm install", expect: "ask", rule: "default.ask" },
  { cmd: "make", expect: "ask", rule: "default.ask" },
  { cmd: "cargo build --release", expect: "ask", rule: "default.ask" },
  { cmd: "python script.py", expect: "ask" },
  { cmd: "curl https://example.com", expect: "ask", rule: "default.ask" },
  { cmd: "deno test -A", expect: "ask", rule: "default.ask" },
  { cmd: "docker ps", expect: "ask", rule: "default.ask" },
  { cmd: "mkdir build", expect: "ask", rule: "default.ask" },
  { cmd: "touch x.ts", expect: "ask", rule: "default.ask" },
  { cmd: "git add .", expect: "ask", rule: "default.ask" },
  { cmd: "git commit -m wip", expect: "ask", rule: "default.ask" },
  { cmd: "ls && npm test", expect: "ask", rule: "default.ask" },
  { cmd: "git status | some-unknown-tool", expect: "ask", rule: "default.ask" },
  { cmd: "frobnicate --all", expect: "ask", rule: "default.ask" },
];
