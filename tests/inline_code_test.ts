/**
 * The inline-code mapper, table-driven: a program text → the effects it has (kind and resolved
 * target), the rules it raises and the shell command lines it runs, before any zone is applied
 * (the corpus, tests/corpus/inline_code.ts, checks the verdicts). Also: which command lines carry
 * inline code, and that a grammar is loaded only when inline code is met.
 */
import assert from "node:assert/strict";
import { Acc, codeParser, type InlineResult } from "../src/shell/inline/code.ts";
import { analysePython } from "../src/shell/inline/python.ts";
import { analyseJavaScript } from "../src/shell/inline/javascript.ts";
import { analyseScript } from "../src/shell/inline/scripts.ts";
import { loadGrammar } from "../src/shell/inline/grammars.ts";
import { NeedCapability } from "../src/shell/words.ts";

const H = "/home/user";
const P = "/home/user/project";

function render(r: InlineResult): string[] {
  const out = r.effects.map((e) => {
    switch (e.k) {
      case "read":
      case "list":
      case "write":
      case "delete":
        return `${e.k}${e.recursive ? " -r" : ""} ${e.path.abs ?? "?"}`;
      case "exec":
        return `exec ${e.what} ${e.path?.abs ?? "?"}`;
      case "network":
        return `net ${e.dest.replace("\u0000", "?")}`;
      case "rule":
        return `rule ${e.rule}`;
    }
  });
  return [...out, ...r.shells.map((s) => `shell ${s.text}`)];
}

type Lang = "py" | "js" | "perl" | "ruby" | "php";
function run(lang: Lang, code: string, args: string[] = []): string[] {
  const acc = new Acc(lang === "py" ? "python" : lang === "js" ? "javascript" : lang, H, P);
  acc.args = args;
  if (lang === "py") analysePython(code, acc);
  else if (lang === "js") analyseJavaScript(code, acc);
  else analyseScript(lang, code, acc, []);
  return render(acc.result());
}

Deno.test("a grammar that is not loaded is asked for, not assumed", () => {
  // Before loading: the core throws NeedCapability and the front end loads the grammar.
  try {
    codeParser("python");
  } catch (e) {
    assert.ok(e instanceof NeedCapability && e.capability === "grammar:python");
  }
});

await loadGrammar("python", 5000);
await loadGrammar("javascript", 5000);
await loadGrammar("typescript", 5000);
await loadGrammar("scripts");

const CASES: [Lang, string, string[], string[]?][] = [
  // Python: pure code has no effects.
  ["py", "import sys, json, math; print(sys.version, json.dumps([math.pi]))", []],
  ["py", "x = 'a' + 'b'; print(x.upper())", []],
  ["py", "open('a.txt').read()", [`read ${P}/a.txt`]],
  ["py", "open('a.txt', 'w')", [`write ${P}/a.txt`]],
  ["py", "open('a.txt', mode='r+')", [`write ${P}/a.txt`, `read ${P}/a.txt`]],
  ["py", "import os; os.chdir('/tmp'); open('x', 'w')", ["write /tmp/x"]],
  ["py", "import shutil as s; s.rmtree('/home/user')", [`delete -r ${H}`]],
  ["py", "from os import remove as r; r('x')", [`delete ${P}/x`]],
  ["py", "import os; os.rename('a', 'b')", [`delete ${P}/a`, `read ${P}/a`, `write ${P}/b`]],
  ["py", "import os; os.system('ls -la')", ["shell ls -la"]],
  ["py", "import subprocess; subprocess.run(['rm', '-rf', 'a b'])", ["shell rm -rf 'a b'"]],
  ["py", "import subprocess; subprocess.run('ls | wc', shell=True)", ["shell ls | wc"]],
  ["py", "import os; os.system(input())", ["rule exec.dynamic-script"]],
  ["py", "getattr(__import__('os'), 'sys' + 'tem')('id')", ["shell id"]],
  ["py", "import importlib; importlib.import_module('shutil').rmtree('d')", [`delete -r ${P}/d`]],
  ["py", "exec('import os\\nos.remove(\"z\")')", [`delete ${P}/z`]],
  ["py", "eval(input())", ["rule inline.unresolved"]],
  ["py", "import os; print(os.environ)", ["rule secrets.env-dump"]],
  ["py", "import os; print(os.environ['HOME'])", []],
  ["py", "import os; open(os.path.join(os.path.expanduser('~'), '.netrc'))", [`read ${H}/.netrc`]],
  ["py", "from pathlib import Path; (Path.home() / '.ssh').iterdir()", [`list ${H}/.ssh`]],
  ["py", "from pathlib import Path; Path('a').rename('b')", [
    `delete ${P}/a`,
    `read ${P}/a`,
    `write ${P}/b`,
  ]],
  ["py", "import socket; socket.create_connection(('example.com', 443))", ["net example.com:443"]],
  ["py", "import requests; requests.get(u)", ["net ?"]],
  ["py", "import urllib.request as r; r.urlopen(r.Request('https://x.example'))", [
    "net https://x.example",
  ]],
  ["py", "import numpy as np; np.save('x', 1)", ["rule inline.unresolved"]],
  ["py", "import sys, os; os.remove(sys.argv[1])", ["delete /etc/passwd"], ["/etc/passwd"]],
  ["py", "import os; f = os.system; f = print; f('x')", ["rule inline.unresolved"]],
  ["py", "print(", ["rule inline.parse-error"]],
  // JavaScript.
  ["js", "console.log(1 + 2, JSON.stringify({ a: 1 }), process.version)", []],
  ["js", "require('fs').readFileSync('a.json', 'utf8')", [`read ${P}/a.json`]],
  ["js", "const { writeFileSync: w } = require('node:fs'); w('o.txt', 'x')", [`write ${P}/o.txt`]],
  ["js", "import fs from 'fs'; fs.rmSync('d', { recursive: true })", [`delete -r ${P}/d`]],
  ["js", "require('fs')['rm' + 'Sync']('d')", [`delete ${P}/d`]],
  ["js", "require('fs')[k]('d')", ["rule inline.unresolved", "rule inline.unresolved"]],
  ["js", "require('child_process').execSync(`ls ${'-la'}`)", ["shell ls -la"]],
  ["js", "require('child_process').spawn('git', ['log', '--oneline'])", [
    "shell git log --oneline",
  ]],
  ["js", "require('child_process').spawn('a', ['b'], { shell: true })", ["shell a b"]],
  ["js", "require('path').join(require('os').homedir(), '.npmrc')", []],
  ["js", "require('fs').readFileSync(require('path').join(require('os').homedir(), '.npmrc'))", [
    `read ${H}/.npmrc`,
  ]],
  ["js", "fetch('https://api.example/x')", ["net https://api.example/x"]],
  ["js", "require('http').get({ host: '10.0.0.1', port: 80 })", ["net 10.0.0.1:80"]],
  ["js", "console.log(process.env)", ["rule secrets.env-dump"]],
  ["js", "console.log(process.env.HOME)", []],
  ["js", 'eval(\'require("fs").unlinkSync("q")\')', [`delete ${P}/q`]],
  ["js", "new Function(code)()", ["rule inline.unresolved", "rule inline.unresolved"]],
  ["js", "await Deno.remove('x', { recursive: true })", [`delete -r ${P}/x`]],
  ["js", "new Deno.Command('git', { args: ['status'] }).outputSync()", ["shell git status"]],
  ["js", "Bun.$`echo hi`", ["shell echo hi"]],
  ["js", "require('./scripts/gen.js')", [`exec file ${P}/scripts/gen.js`]],
  ["js", "import('https://x.example/m.js')", ["rule exec.remote-script"]],
  ["js", "require('fs').rmSync(process.argv[1])", [`delete ${H}`], [H]],
  // perl, ruby, php: literal calls resolved, the rest asks.
  ["perl", "print 1", []],
  ["perl", "system('ls')", ["shell ls"]],
  ["perl", "unlink 'a.txt'", [`delete ${P}/a.txt`]],
  ["perl", "open(my $f, '>', 'o.txt')", [`write ${P}/o.txt`]],
  ["perl", "print for keys %ENV", ["rule secrets.env-dump"]],
  ["perl", "system($x)", ["rule inline.unresolved"]],
  ["ruby", "puts 1", []],
  ["ruby", "File.write('o.txt', 'x')", [`write ${P}/o.txt`]],
  ["ruby", "FileUtils.rm_rf(Dir.home)", [`delete -r ${H}`]],
  ["ruby", "system('git', 'status')", ["shell git status"]],
  ["ruby", "send(:system, 'id')", ["rule inline.unresolved"]],
  ["php", "echo 1;", []],
  ["php", "unlink('a');", [`delete ${P}/a`]],
  ["php", "echo shell_exec('ls');", ["shell ls"]],
  ["php", "$f('x');", ["rule inline.unresolved"]],
];

for (const [lang, code, want, args] of CASES) {
  Deno.test(`${lang}: ${code.slice(0, 70)}`, () => {
    assert.deepEqual(run(lang, code, args), want);
  });
}
