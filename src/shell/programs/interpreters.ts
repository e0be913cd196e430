/**
 * Interpreters and runtimes: a script file runs (project code inside the
 * workspace; a file elsewhere asks), inline program text runs (asks: its
 * effects cannot be read off the command line), a module runs (`python -m`,
 * project code or an installed tool). Reading the program from standard
 * input is judged by the shell analysis (pipe-to-shell, heredocs).
 */
import type { ProgramSpec } from "./types.ts";

export const INTERPRETER_SPECS: ProgramSpec[] = [
  {
    names: ["python", "python2", "python3", "pypy", "pypy3", "py"],
    special: "interpreter",
    style: { permute: false, terminators: ["-m", "-c"] },
    runs: "project",
    opts: {
      "-c": { arity: 1, role: "exec-inline" },
      "-m": { arity: 1, role: "data" },
      "-W|-X|-Q": { arity: 1, role: "data" },
      "-b|-B|-d|-E|-h|-i|-I|-O|-OO|-P|-q|-s|-S|-u|-v|-V|-x|--version|--help": "flag",
    },
    operands: ["exec-file", "data"],
  },
  {
    names: ["node", "nodejs"],
    special: "interpreter",
    style: { permute: false, terminators: ["-e", "--eval", "-p", "--print"] },
    runs: "project",
    opts: {
      "-e|--eval|-p|--print": { arity: 1, role: "exec-inline" },
      "-r|--require|--import|--loader|--experimental-loader|--env-file": {
        arity: 1,
        role: "exec-file",
      },
    },
    operands: ["exec-file", "data"],
    unknownOptions: "ignore",
  },
  {
    names: ["ruby", "perl", "php", "lua", "luajit", "Rscript", "julia", "tclsh", "elixir", "raku"],
    special: "interpreter",
    style: { permute: false, terminators: ["-e", "-E", "--eval"] },
    runs: "project",
    opts: {
      "-e|-E|-r|--eval": { arity: 1, role: "exec-inline" },
      "-I|-M|-m|-x|-C": { arity: 1, role: "data" },
      "-i|-p|-n|-l|-a|-w|-W|-s|-S|-T|-t|-c|-d|-v": "flag",
    },
    operands: ["exec-file", "data"],
    unknownOptions: "ignore",
  },
  {
    names: ["java"],
    style: { permute: false, singleDashLong: true },
    runs: "project",
    opts: {
      "-jar": { arity: 1, role: "exec-file" },
      "-cp|-classpath|--class-path|-p|--module-path|-m|--module": { arity: 1, role: "data" },
    },
    // The main class, then its arguments: files the program may read.
    operands: ["data", "read"],
    unknownOptions: "ignore",
  },
];
