/**
 * Every program table says what its operands are: a program handed a credential file's path
 * reads it, lists it, or takes it as plain data. With the per-command credential check gone
 * (issue 22: one model), a table that calls a file it reads "data" would let the read run, so
 * each program is tried with the path as its first and as its second operand (after a
 * subcommand, a pattern, a mode or a database name); only the programs below may let both run,
 * each for the reason its group gives.
 */
import assert from "node:assert/strict";
import { FAMILIES } from "../src/shell/programs/index.ts";
import { decide, HOME } from "./harness.ts";

/** Programs that only look at names or metadata, or take their operands as text. */
const NAMES_OR_DATA: Record<string, string[]> = {
  "names and metadata": [
    "basename",
    "cd",
    "dirname",
    "du",
    "file",
    "find",
    "gfind",
    "ls",
    "lsattr",
    "lsof",
    "namei",
    "pushd",
    "readlink",
    "realpath",
    "stat",
    "test",
    "tree",
    "vdir",
    "dir",
  ],
  "text, names of programs, variables or jobs": [
    ":",
    "bg",
    "break",
    "caller",
    "compgen",
    "complete",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "exit",
    "export",
    "expr",
    "factor",
    "false",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "man",
    "numfmt",
    "pgrep",
    "popd",
    "printf",
    "ps",
    "read",
    "readonly",
    "return",
    "seq",
    "set",
    "shift",
    "shopt",
    "sleep",
    "tldr",
    "true",
    "type",
    "typeset",
    "unset",
    "wait",
    "whereis",
    "which",
    "yes",
  ],
  "system information, terminal settings": [
    "arch",
    "cal",
    "clear",
    "date",
    "df",
    "free",
    "getconf",
    "groups",
    "hostname",
    "id",
    "locale",
    "logname",
    "nproc",
    "pwd",
    "stty",
    "sync",
    "times",
    "tput",
    "tty",
    "ulimit",
    "umask",
    "uname",
    "uptime",
    "users",
    "w",
    "who",
    "whoami",
  ],
  "operands that are database names (files come through options)": [
    "clickhouse-client",
    "mariadb",
    "mongo",
    "mongosh",
    "mysql",
    "pg_isready",
    "psql",
    "redis-cli",
  ],
  "reads only through its own syntax (`if=`), or stdin (`tr`)": ["dd", "tr"],
  "a template for a new name": ["mktemp"],
  "service names": ["docker-compose", "podman-compose"],
};

const ALLOWED = new Set(Object.values(NAMES_OR_DATA).flat());
const KEY = `${HOME}/.ssh/id_rsa`;

function programs(): string[] {
  const names = new Set<string>();
  for (const list of Object.values(FAMILIES)) {
    for (const p of list) for (const n of p.names ?? []) names.add(n);
  }
  return [...names].sort();
}

Deno.test("every program table: a credential path as an operand is read, listed or data", () => {
  const names = programs();
  assert.ok(names.length > 400, `only ${names.length} programs`);
  const runs: string[] = [];
  for (const n of names) {
    const first = decide(`${n} ${KEY}`).decision.action;
    const second = decide(`${n} x ${KEY}`).decision.action;
    if (first === "allow" && second === "allow" && !ALLOWED.has(n)) runs.push(n);
  }
  assert.deepEqual(runs, [], "these tables let a credential file's read run");
});

Deno.test("the names-or-data list names only programs that have tables, each once", () => {
  const known = new Set(programs());
  const all = Object.values(NAMES_OR_DATA).flat();
  assert.deepEqual(all.filter((n) => !known.has(n)), []);
  assert.equal(new Set(all).size, all.length);
});
