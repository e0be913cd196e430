/**
 * The parser adapter: tree-sitter → IR conversion, the fast path's equivalence
 * with it, quote removal, line continuations, and bounded work on hostile input.
 */
import assert from "node:assert/strict";
import { fastParse } from "../src/shell/parse/fast_lexer.ts";
import type { Part, Redir, Stmt, Word } from "../src/shell/parse/ir.ts";
import { makeShellParser, NeedFullParser } from "../src/shell/parse/parser.ts";
import { decodeAnsiC, unescapeDouble, unescapeUnquoted } from "../src/shell/parse/quoting.ts";
import { loadTreeSitter, parseWithTreeSitter } from "../src/shell/parse/tree_sitter.ts";

await loadTreeSitter();
const ts = (s: string) => parseWithTreeSitter(s, performance.now() + 5000);

function simples(s: Stmt, out: Stmt[] = []): Extract<Stmt, { k: "simple" }>[] {
  switch (s.k) {
    case "simple":
      out.push(s);
      break;
    case "list":
      s.items.forEach((x) => simples(x, out));
      break;
    case "pipeline":
      s.stages.forEach((x) => simples(x, out));
      break;
    case "subshell":
    case "group":
    case "negate":
      simples(s.body, out);
      break;
    case "compound":
      s.bodies.forEach((x) => simples(x, out));
      break;
    case "func":
      simples(s.body, out);
      break;
  }
  return out as Extract<Stmt, { k: "simple" }>[];
}

function litPart(p: Part): string {
  if (p.t === "lit") return p.v;
  if (p.t === "tilde") return "~" + p.user;
  if (p.t === "brace") return p.raw; // bash passes `{fd}` or `{}` as it is
  return `<${p.t}>`;
}

function lit(w: Word): string {
  return w.parts.map(litPart).join("");
}

function argv(src: string): string[][] {
  return simples(ts(src).body).map((s) => s.words.map(lit));
}

/** Commands the fast path must accept, with tree-sitter's IR as the oracle. */
const FAST_ACCEPTS = [
  "ls",
  "ls -la",
  "git status",
  "git log --oneline -5",
  "git status && npm run test | tee out.txt",
  "a; b && c || d; e",
  "echo 'a b' \"c d\" e\"f\"'g'",
  "npm test 2>&1 | tail -20",
  "cat x > /dev/null 2>/dev/null",
  'echo ~/x ~root "~" a~b',
  "ls;",
  "grep -n 'rm -rf /' f",
  "x >&2",
  "echo hi >> out.txt",
  "sort < in.txt",
  "cat README.md | head -n 20 | wc -l",
  "git diff HEAD~1 -- src/main.ts",
  "rg -n 'foo|bar' src",
  'echo "it\'s"',
  "ls *.ts",
  "rm -rf ./build",
  "cd src && ls",
  "  ls   -la  ",
  "echo a=b",
  "curl https://example.com/a?b=c",
  "echo 'single ; && | > <'",
  "npm run build -- --watch=false",
  "python3 script.py --flag",
  "echo é ü 日本",
  "echo $(id)",
  "for f in *; do ls; done",
  'for f in $(ls src); do wc -l "$f"; done > out.txt && git add -A',
  'kill "$(cat pid)"; echo "at $(date)"',
];

/** Commands the fast path must decline (they need the full parser). */
const FAST_DECLINES = [
  "echo $1",
  "echo ${X:-y}",
  "a#b c",
  "echo `id`",
  "(cd /)",
  "{ ls; }",
  "a |& b",
  "cat <<EOF\nx\nEOF",
  "cat <<< x",
  "diff <(ls) <(ls)",
  "X=1 cmd",
  "export A=1",
  "if true; then ls; fi",
  "for f; do ls; done",
  "for f in *; do ls & done",
  "for ((i=0; i<3; i++)); do ls; done",
  "echo $(a & b)",
  "echo $((1 + 2))",
  "echo $(ls $(pwd))",
  "echo $(ls # x)",
  "echo {a,b}",
  "[ -f x ]",
  "ls\nrm -rf /",
  'echo "$1"',
  "echo 'unterminated",
  "! ls",
  "ls &&",
  "| ls",
  "time ls",
  "cat x >& file",
  "echo a;; b",
];

Deno.test("fast path accepts trivially simple commands and matches tree-sitter exactly", () => {
  for (const c of FAST_ACCEPTS) {
    const f = fastParse(c);
    assert.ok(f, `fast path declined ${JSON.stringify(c)}`);
    assert.deepEqual(f.body, ts(c).body, `IR differs for ${JSON.stringify(c)}`);
  }
});

Deno.test("fast path declines everything with other shell syntax", () => {
  for (const c of FAST_DECLINES) {
    assert.equal(fastParse(c), null, `fast path accepted ${JSON.stringify(c)}`);
  }
});

Deno.test("parser facade throws NeedFullParser when tree-sitter is not injected", () => {
  const p = makeShellParser(null);
  assert.ok(p.parse("ls -la"));
  assert.throws(() => p.parse("echo `id`"), NeedFullParser);
});

Deno.test("quote removal: unquoted, double-quoted, ANSI-C", () => {
  assert.equal(unescapeUnquoted("r\\m"), "rm");
  assert.equal(unescapeUnquoted("a\\\nb"), "ab");
  assert.equal(unescapeDouble('a\\"b\\$c\\x'), 'a"b$c\\x');
  const cases: [string, string][] = [
    ["\\x72\\x6d", "rm"],
    ["\\162\\155", "rm"],
    ["\\u0072m", "rm"],
    ["\\U00000072m", "rm"],
    ["a\\tb\\n", "a\tb\n"],
    ["\\cA", "\x01"],
    ["it\\'s", "it's"],
    ["cut\\0here", "cut"],
    ["\\q", "\\q"],
  ];
  for (const [i, o] of cases) assert.equal(decodeAnsiC(i), o, i);
});

Deno.test("tree-sitter conversion: words, quoting, tilde, substitutions", () => {
  assert.deepEqual(argv("$'\\x72\\x6d' -rf /"), [["rm", "-rf", "/"]]);
  assert.deepEqual(argv("r''m -rf /"), [["rm", "-rf", "/"]]);
  assert.deepEqual(argv('"r"m -rf /'), [["rm", "-rf", "/"]]);
  assert.deepEqual(argv("\\rm -rf /"), [["rm", "-rf", "/"]]);
  assert.deepEqual(argv("echo ~ ~/a '~' x~"), [["echo", "~", "~/a", "~", "x~"]]);
  assert.deepEqual(argv("echo $(rm -rf ~)"), [["echo", "<cmd>"]]);
  const sub = simples(ts("echo $(rm -rf ~)").body)[0].words[1].parts[0];
  assert.equal(sub.t, "cmd");
  if (sub.t === "cmd") {
    assert.deepEqual(simples(sub.body).map((x) => x.words.map(lit)), [["rm", "-rf", "~"]]);
  }
  assert.deepEqual(argv("ls # rm -rf /"), [["ls"]]);
  assert.deepEqual(argv("a && b || c; d & e | f"), [["a"], ["b"], ["c"], ["d"], ["e"], ["f"]]);
});

Deno.test("line continuations are removed before words are split, but not in comments or single quotes", () => {
  assert.deepEqual(argv("r\\\nm -rf /"), [["rm", "-rf", "/"]]);
  assert.deepEqual(argv("rm -rf \\\n  /"), [["rm", "-rf", "/"]]);
  // In a comment the backslash does not continue the line: rm runs.
  assert.deepEqual(argv("ls # x \\\nrm -rf /"), [["ls"], ["rm", "-rf", "/"]]);
  // In single quotes it is literal.
  assert.deepEqual(argv("echo 'a\\\nb'"), [["echo", "a\\\nb"]]);
  // An escaped backslash before a newline is not a continuation.
  assert.deepEqual(argv("echo a\\\\\nls"), [["echo", "a\\"], ["ls"]]);
});

Deno.test("heredocs: body kept, quoted delimiter literal, continuation of the pipeline", () => {
  const p = ts("cat <<'EOF' | sh\nrm -rf ~\nEOF\n");
  assert.equal(p.body.k, "pipeline");
  const first = simples(p.body)[0];
  assert.equal(first.redirs[0].op, "<<");
  assert.equal(first.redirs[0].heredoc?.quoted, true);
  assert.equal(lit(first.redirs[0].heredoc!.body), "rm -rf ~\n");
  const q = ts("cat <<EOF\n$(id)\nEOF");
  const body = simples(q.body)[0].redirs[0].heredoc!.body;
  assert.ok(body.parts.some((x) => x.t === "cmd"), "unquoted heredoc keeps substitutions");
});

Deno.test("background jobs become subshells; subshells and groups are kept", () => {
  const p = ts("cd /tmp & ls");
  assert.equal(p.body.k, "list");
  if (p.body.k === "list") {
    assert.equal(p.body.items[0].k, "subshell");
    assert.equal(p.body.items[1].k, "simple");
  }
  assert.equal(ts("(cd /; ls)").body.k, "subshell");
  assert.equal(ts("{ ls; }").body.k, "group");
});

Deno.test("syntax errors are reported, never silently dropped", () => {
  for (const c of ["echo 'unterminated", "if then fi", "(( ", "ls )", "echo $("]) {
    assert.ok(ts(c).errors.length > 0, `no error for ${JSON.stringify(c)}`);
  }
});

Deno.test("hostile input: deep nesting and long chains are bounded, not a crash", () => {
  const deep = "$(".repeat(10_000) + "x" + ")".repeat(10_000);
  const parser = makeShellParser(ts);
  const r = parser.parse(deep);
  assert.ok(r.errors.length > 0, "nesting beyond the limit is reported");
  const chain = "true && ".repeat(5000) + "rm -rf ~";
  // A generous budget: this checks structure, not speed (timing lives in the benchmark).
  const c = parseWithTreeSitter(chain, performance.now() + 60_000, 60_000);
  assert.equal(simples(c.body).length, 5001);
  const parens = "(".repeat(10_000) + "ls" + ")".repeat(10_000);
  assert.ok(parser.parse(parens).errors.length > 0);
});

Deno.test("fast path ≡ tree-sitter on every corpus command it accepts (and on command fragments)", async () => {
  const { CORPUS } = await import("./corpus/index.ts");
  const cmds: string[] = [];
  for (const cases of Object.values(CORPUS)) {
    for (const c of cases) if ("cmd" in c) cmds.push(c.cmd);
  }
  // Also every `;`/`&&`-separated fragment, to widen coverage of small inputs.
  for (const c of [...cmds]) {
    for (const part of c.split(/;|&&/)) if (part.trim()) cmds.push(part.trim());
  }
  let accepted = 0;
  for (const c of cmds) {
    const f = fastParse(c);
    if (!f) continue;
    accepted++;
    assert.deepEqual(f.body, ts(c).body, `IR differs for ${JSON.stringify(c)}`);
  }
  assert.ok(accepted > 300, `only ${accepted} fast-path commands`);
});

Deno.test("fast path handles plain parameters, comments and background jobs like tree-sitter", () => {
  for (
    const c of [
      "echo $HOME",
      'echo "$HOME"',
      'echo "${HOME}/x"',
      'cd "$PROJECT" && ls',
      "echo a$X.txt",
      "echo ~/$X",
      "ls # comment",
      "ls;# c",
      "npm start &",
      "a && b & c",
      'echo "$X$Y"',
      'echo ""',
      "cat $FILE > out",
      "a & b & c &",
    ]
  ) {
    const f = fastParse(c);
    assert.ok(f, c);
    assert.deepEqual(f.body, ts(c).body, c);
  }
  for (const c of ["echo $1", 'echo "$"', "echo ${X:-y}", "echo $@", "a &> f", "echo a#b"]) {
    assert.equal(fastParse(c), null, c);
  }
});

Deno.test("fast path: unquoted backslash escapes and lone {} match tree-sitter", () => {
  for (
    const c of [
      "find . -name '*.log' -exec rm {} \\;",
      "echo a\\ b c",
      "\\rm -rf /",
      "echo \\$HOME",
      "ls \\*.ts",
      "echo \\\\",
      "echo a\\;b",
      "echo \\'x",
      "echo \\#x",
      "echo \\~",
      'grep -rn "fetch(" src',
      'git commit -m "fix: handle {} and [] (#12)!"',
    ]
  ) {
    const f = fastParse(c);
    assert.ok(f, c);
    assert.deepEqual(f.body, ts(c).body, c);
  }
  for (const c of ['echo "a\\"b"', "echo x\\", "r\\\nm -rf /", "{} x"]) {
    assert.equal(fastParse(c), null, c);
  }
});

Deno.test("printf emulation: %s, %b, %c, %%, format reuse; other conversions are unknown", async () => {
  const { staticPrintf } = await import("../src/shell/shell_analysis.ts");
  assert.equal(staticPrintf(["r%s", "m"]), "rm");
  assert.equal(staticPrintf(["%s-%s\\n", "a", "b", "c"]), "a-b\nc-\n");
  assert.equal(staticPrintf(["\\x72m %b", "\\x2d\\x72f"]), "rm -rf");
  assert.equal(staticPrintf(["100%% %c", "xyz"]), "100% x");
  assert.equal(staticPrintf(["%d", "5"]), null);
  assert.equal(staticPrintf(["-v", "X", "%s", "a"]), null);
});

Deno.test("a parse cancelled by the time budget leaves the parser clean for the next one", () => {
  const big = "echo " + "a ".repeat(20_000);
  const cancelled = parseWithTreeSitter(big, performance.now() - 1);
  assert.equal(cancelled.limit, "complexity");
  // Without a reset tree-sitter would resume the cancelled parse with this new text.
  assert.deepEqual(argv("ls -la"), [["ls", "-la"]]);
  assert.deepEqual(argv("git status && rm -rf ~"), [["git", "status"], ["rm", "-rf", "~"]]);
  const again = parseWithTreeSitter(big, performance.now() + 60_000, 60_000);
  assert.equal(again.limit, undefined);
});

/**
 * Words after a redirection are ordinary arguments in bash (`rm >/dev/null -rf ~` runs
 * `rm -rf ~`), wherever the redirection stands. Each case: the command, the argv of every
 * simple command (in order), the redirections of each (`fd op target`, heredocs as `<<DELIM`),
 * and which front end must take it: "fast" (the fast lexer accepts it, with exactly the
 * tree-sitter IR), "full" (the fast lexer declines it) or "error" (declined, and parsing
 * reports a syntax error, so the decision can never be allow). Every argv here is what
 * bash 5.2 passes (checked by running each command with an argv printer).
 */
const REDIRECTION_CASES: [string, string[][], string[][], "fast" | "full" | "error"][] = [
  // The reported bypasses.
  ["find </dev/null ~ -delete", [["find", "~", "-delete"]], [["</dev/null"]], "fast"],
  ["cat </dev/null ~/.a*/totp-secret", [["cat", "~/.a*/totp-secret"]], [["</dev/null"]], "fast"],
  ["rm 2>/dev/null -rf ~", [["rm", "-rf", "~"]], [["2>/dev/null"]], "fast"],
  ["rm >/dev/null -rf ~", [["rm", "-rf", "~"]], [[">/dev/null"]], "fast"],
  ["echo hi >out.txt extra words", [["echo", "hi", "extra", "words"]], [[">out.txt"]], "fast"],
  ['cmd <<<"x" more args', [["cmd", "more", "args"]], [["<<<x"]], "full"],
  ["cmd 2>&1 args", [["cmd", "args"]], [["2>&1"]], "fast"],
  [">file cmd args", [["cmd", "args"]], [[">file"]], "fast"],
  ["cmd <in arg1 >out arg2", [["cmd", "arg1", "arg2"]], [["<in", ">out"]], "fast"],
  ["cmd &>log -x", [["cmd", "-x"]], [["&>log"]], "full"],
  // Spacing, quoting and several redirections.
  ["cmd > out a", [["cmd", "a"]], [[">out"]], "fast"],
  ["cmd >out 'a b' \"c d\"", [["cmd", "a b", "c d"]], [[">out"]], "fast"],
  ["cmd >'o u' x", [["cmd", "x"]], [[">o u"]], "fast"],
  ["cmd >o\\ u x", [["cmd", "x"]], [[">o u"]], "fast"],
  ["cmd >out $X", [["cmd", "<param>"]], [[">out"]], "fast"],
  ["cmd >$X x", [["cmd", "x"]], [["><param>"]], "fast"],
  ["cmd >out $(sub) x", [["cmd", "<cmd>", "x"]], [[">out"]], "fast"],
  ["cmd 3>&1 4>x y", [["cmd", "y"]], [["3>&1", "4>x"]], "fast"],
  ["cmd 10>x a", [["cmd", "a"]], [["10>x"]], "fast"],
  ["cmd 2>>log -v", [["cmd", "-v"]], [["2>>log"]], "fast"],
  ["cmd >>log -v", [["cmd", "-v"]], [[">>log"]], "fast"],
  ["rm >/dev/null -rf ~ 2>&1 /", [["rm", "-rf", "~", "/"]], [[">/dev/null", "2>&1"]], "fast"],
  ["cmd >o x<in", [["cmd", "x"]], [[">o", "<in"]], "fast"],
  ["cmd >o x>p", [["cmd", "x"]], [[">o", ">p"]], "fast"],
  [">o cmd >p x", [["cmd", "x"]], [[">o", ">p"]], "fast"],
  ["2>/dev/null rm -rf ~", [["rm", "-rf", "~"]], [["2>/dev/null"]], "fast"],
  ["sudo >/dev/null rm -rf ~", [["sudo", "rm", "-rf", "~"]], [[">/dev/null"]], "fast"],
  ["echo >&2 error message", [["echo", "error", "message"]], [[">&2"]], "fast"],
  ["cmd >out x # c", [["cmd", "x"]], [[">out"]], "fast"],
  ["exec 3<in args", [["exec", "args"]], [["3<in"]], "fast"],
  // tree-sitter-bash reads the `0` of `0<file` as an argument.
  ["cat 0</dev/null ~/.ssh/id_rsa", [["cat", "~/.ssh/id_rsa"]], [["0</dev/null"]], "fast"],
  ["cmd 0>out a", [["cmd", "a"]], [["0>out"]], "fast"],
  ["cmd 0>&1 a", [["cmd", "a"]], [["0>&1"]], "fast"],
  ["cmd x 0<in", [["cmd", "x"]], [["0<in"]], "fast"],
  ["0<in rm -rf ~", [["rm", "-rf", "~"]], [["0<in"]], "fast"],
  // Not descriptors: quoted, or not written right before the operator.
  ['cmd "0">out a', [["cmd", "0", "a"]], [[">out"]], "fast"],
  ["cmd 0 >out a", [["cmd", "0", "a"]], [[">out"]], "fast"],
  ["cmd {fd} >out a", [["cmd", "{fd}", "a"]], [[">out"]], "full"],
  // Closing a descriptor takes no target: the next word is an argument.
  ["cmd 2>&- y", [["cmd", "y"]], [["2>&-"]], "fast"],
  ["cmd >&- y", [["cmd", "y"]], [[">&-"]], "fast"],
  ["cmd 2>& - y", [["cmd", "y"]], [["2>&-"]], "fast"],
  ["cmd <&- y", [["cmd", "y"]], [["<&-"]], "full"],
  // Other operators (the fast lexer leaves them to tree-sitter).
  ["cmd >|out a", [["cmd", "a"]], [[">|out"]], "full"],
  ["cmd &>>log a", [["cmd", "a"]], [["&>>log"]], "full"],
  ["cmd &> log a", [["cmd", "a"]], [["&>log"]], "full"],
  ["cmd >& out a", [["cmd", "a"]], [[">&out"]], "full"],
  ["cmd <<<x y >out z", [["cmd", "y", "z"]], [["<<<x", ">out"]], "full"],
  ["cmd {fd}>out a", [["cmd", "a"]], [["{fd}>out"]], "full"],
  ["cmd {fd}<in x", [["cmd", "x"]], [["{fd}<in"]], "full"],
  ["cmd >out {fd}>p", [["cmd"]], [[">out", "{fd}>p"]], "full"],
  ["cmd x {fd}>out", [["cmd", "x"]], [["{fd}>out"]], "full"],
  ["cmd {fd}>&-", [["cmd"]], [["{fd}>&-"]], "full"],
  // Assignments and declarations.
  ["X=1 rm >/dev/null -rf ~", [["rm", "-rf", "~"]], [[">/dev/null"]], "full"],
  ["X=1 >out a b", [["a", "b"]], [[">out"]], "full"],
  ["export A=1 >out B=2", [["export", "A=1", "B=2"]], [[">out"]], "full"],
  // Pipelines, lists, background jobs.
  ["ls | rm >/dev/null -rf ~", [["ls"], ["rm", "-rf", "~"]], [[], [">/dev/null"]], "fast"],
  ["rm >/dev/null -rf ~ | cat", [["rm", "-rf", "~"], ["cat"]], [[">/dev/null"], []], "fast"],
  ["a | b >out x y", [["a"], ["b", "x", "y"]], [[], [">out"]], "fast"],
  ["a | b >out", [["a"], ["b"]], [[], [">out"]], "fast"],
  ["a >o x | sh y", [["a", "x"], ["sh", "y"]], [[">o"], []], "fast"],
  ["true && rm 2>/dev/null -rf ~", [["true"], ["rm", "-rf", "~"]], [[], ["2>/dev/null"]], "fast"],
  ["a && b | c >o x", [["a"], ["b"], ["c", "x"]], [[], [], [">o"]], "fast"],
  ["rm 2>/dev/null -rf ~ && ls", [["rm", "-rf", "~"], ["ls"]], [["2>/dev/null"], []], "fast"],
  ["rm >/dev/null -rf ~; ls", [["rm", "-rf", "~"], ["ls"]], [[">/dev/null"], []], "fast"],
  ["rm >/dev/null -rf ~ &", [["rm", "-rf", "~"]], [[">/dev/null"]], "fast"],
  ["cmd >o x 2>&1 y & ls", [["cmd", "x", "y"], ["ls"]], [[">o", "2>&1"], []], "fast"],
  ["cmd <in -x | wc -l", [["cmd", "-x"], ["wc", "-l"]], [["<in"], []], "fast"],
  ["rm >/dev/null -rf ~\nls", [["rm", "-rf", "~"], ["ls"]], [[">/dev/null"], []], "full"],
  ["! rm >/dev/null -rf ~", [["rm", "-rf", "~"]], [[">/dev/null"]], "full"],
  // Inside compound commands.
  ["{ rm >/dev/null -rf ~; }", [["rm", "-rf", "~"]], [[">/dev/null"]], "full"],
  ["(rm 2>/dev/null -rf ~)", [["rm", "-rf", "~"]], [["2>/dev/null"]], "full"],
  [
    "if true; then rm >/dev/null -rf ~; fi",
    [["true"], ["rm", "-rf", "~"]],
    [[], [">/dev/null"]],
    "full",
  ],
  ["for i in 1; do rm >/dev/null -rf ~; done", [["rm", "-rf", "~"]], [[">/dev/null"]], "fast"],
  ["case x in x) rm >/dev/null -rf ~;; esac", [["rm", "-rf", "~"]], [[">/dev/null"]], "full"],
  // Heredocs followed by more words.
  ["cat <<EOF arg\nhi\nEOF", [["cat", "arg"]], [["<<EOF"]], "full"],
  ["rm <<EOF -rf ~\nx\nEOF", [["rm", "-rf", "~"]], [["<<EOF"]], "full"],
  ["cat <<EOF > f arg\nhi\nEOF", [["cat", "arg"]], [["<<EOF", ">f"]], "full"],
  ["cat <<EOF 2>&1 x\nhi\nEOF", [["cat", "x"]], [["<<EOF", "2>&1"]], "full"],
  ["cat <<-EOF x\n\thi\n\tEOF", [["cat", "x"]], [["<<-EOF"]], "full"],
  ["cat <<EOF >f arg && ls\nhi\nEOF", [["cat", "arg"], ["ls"]], [["<<EOF", ">f"], []], "full"],
  // tree-sitter-bash misparses these (valid bash): a syntax error, but the words still land
  // where bash puts them.
  ["cmd <>f a", [["cmd", "a"]], [["<>f"]], "error"],
  ["cmd 3<>f a", [["cmd", "a"]], [["3<>f"]], "error"],
  ["cat <<EOF x; rm -rf ~\nhi\nEOF", [["cat", "x"], ["rm", "-rf", "~"]], [["<<EOF"], []], "error"],
  ["cat <<EOF x | sh y\nhi\nEOF", [["cat", "x"], ["sh", "y"]], [["<<EOF"], []], "error"],
  [
    "cat <<EOF x && rm -rf ~\nhi\nEOF",
    [["cat", "x"], ["rm", "-rf", "~"]],
    [["<<EOF"], []],
    "error",
  ],
  ["cat <<'EOF' >f | sh\nrm -rf ~\nEOF", [["cat"], ["sh"]], [["<<EOF", ">f"], []], "error"],
  ["cat <<'EOF' >f x | sh\nrm -rf ~\nEOF", [["cat", "x"], ["sh"]], [["<<EOF", ">f"], []], "error"],
  // bash rejects words after the redirections of a compound command.
  ["{ ls; } >f x", [["ls"]], [[]], "error"],
  ["(ls) >f x", [["ls"]], [[]], "error"],
  ["[[ -n x ]] >f x", [], [], "error"],
  ["for i in 1; do ls; done >f x", [["ls"]], [[]], "error"],
];

function redirText(r: Redir): string {
  return `${r.fd ?? ""}${r.op}${r.target ? lit(r.target) : ""}`;
}

Deno.test("words after a redirection are arguments, as in bash (tree-sitter)", () => {
  assert.ok(REDIRECTION_CASES.length >= 40);
  for (const [cmd, argv, redirs, front] of REDIRECTION_CASES) {
    const p = ts(cmd);
    const ss = simples(p.body);
    const label = JSON.stringify(cmd);
    assert.deepEqual(ss.map((s) => s.words.map(lit)), argv, `argv of ${label}`);
    assert.deepEqual(ss.map((s) => s.redirs.map(redirText)), redirs, `redirections of ${label}`);
    assert.equal(p.errors.length > 0, front === "error", `errors of ${label}: ${p.errors}`);
  }
});

Deno.test("words after a redirection: the fast lexer takes the plain spellings, with tree-sitter's IR", () => {
  for (const [cmd, , , front] of REDIRECTION_CASES) {
    const f = fastParse(cmd);
    const label = JSON.stringify(cmd);
    if (front !== "fast") {
      assert.equal(f, null, `fast path accepted ${label}`);
      continue;
    }
    assert.ok(f, `fast path declined ${label}`);
    assert.deepEqual(f.body, ts(cmd).body, `IR differs for ${label}`);
  }
});

Deno.test("words after a redirection: the command's raw text runs to its last word", () => {
  const raw = (src: string) => simples(ts(src).body).map((s) => s.raw);
  assert.deepEqual(raw("rm >/dev/null -rf ~"), ["rm >/dev/null -rf ~"]);
  assert.deepEqual(raw("cat x > /dev/null"), ["cat x"]);
  assert.deepEqual(raw("ls | rm 2>/dev/null -rf ~ 2>&1"), ["ls", "rm 2>/dev/null -rf ~"]);
  assert.deepEqual(raw("cat <<EOF arg\nhi\nEOF"), ["cat <<EOF arg"]);
});

/** Every simple command, including those inside substitutions, in source order. */
function allSimples(s: Stmt, out: Extract<Stmt, { k: "simple" }>[] = []): typeof out {
  const inWord = (w: Word) => {
    for (const p of w.parts) {
      if (p.t === "cmd" || p.t === "proc") allSimples(p.body, out);
      else if (p.t === "param" || p.t === "arith") p.subs.forEach((b) => allSimples(b, out));
    }
  };
  switch (s.k) {
    case "simple":
      s.assigns.forEach((a) => a.value && inWord(a.value));
      s.words.forEach(inWord);
      out.push(s);
      break;
    case "list":
      s.items.forEach((x) => allSimples(x, out));
      break;
    case "pipeline":
      s.stages.forEach((x) => allSimples(x, out));
      break;
    case "subshell":
    case "group":
    case "negate":
    case "func":
      allSimples(s.body, out);
      break;
    case "compound":
      s.words.forEach(inWord);
      s.bodies.forEach((x) => allSimples(x, out));
      break;
  }
  return out;
}

/**
 * Inputs tree-sitter-bash misreads (tests/parse_bypass_test.ts has the decisions). Each case:
 * the command, the argv of every simple command it runs (substitutions first, as bash runs
 * them), and the front end: "fast" (the fast lexer accepts it, with exactly the tree-sitter
 * IR), "full" (the fast lexer declines it; tree-sitter reads it without errors) or "error"
 * (tree-sitter reports a syntax error). The argv is bash 5.2's (checked with a recording
 * function for each program).
 */
const REPAIR_CASES: [string, string[][], "fast" | "full" | "error"][] = [
  // A lone `~` in `[[ … ]]`.
  ["[[ -d ~ ]] && rm -rf ~", [["rm", "-rf", "~"]], "full"],
  ["[[ ~ == x || -e ~ ]] || rm -rf ~", [["rm", "-rf", "~"]], "full"],
  ["while [[ -d ~ ]]; do rm -rf ~; done", [["rm", "-rf", "~"]], "full"],
  ["[[ -n $(rm -rf ~) ]]", [["rm", "-rf", "~"]], "full"],
  ["[[ x == *.@(a|b) ]] || ls", [["ls"]], "full"],
  // `$(< file)` is `cat <file`; other redirection-only substitutions stay as they are.
  ["echo $(< ~/f)", [["cat"], ["echo", "<cmd>"]], "full"],
  ['echo "$(<f)"', [["cat"], ["echo", "<cmd>"]], "full"],
  ["echo `< f`", [["cat"], ["echo", "<cmd>"]], "full"],
  ["echo $( 0< f # c\n)", [["cat"], ["echo", "<cmd>"]], "full"],
  ["echo $(< f 2>/dev/null)", [["echo", "<cmd>"]], "full"],
  ["echo $(1< f)", [[], ["echo", "<cmd>"]], "full"],
  // extglob groups become globs (`{*,.*}` where the group can match a leading dot).
  ["cat ~/.@(aiguard)/s", [["cat", "~/.*/s"]], "full"],
  ["cat ~/.+([a-z])/s", [["cat", "~/.*/s"]], "full"],
  ["cat ~/@(.aiguard)/s", [["cat", "~/{*,.*}/s"]], "full"],
  ["cat ~/@(x|.a*)/s ~/!(.x)/s", [["cat", "~/{*,.*}/s", "~/*/s"]], "full"],
  ["cat a*(b)c?(d)e", [["cat", "a*c*e"]], "full"],
  ["cat x@(a|@(b|c))", [["cat", "x*"]], "full"],
  ['cat \\@(x) "@(y)"', [], "error"],
  ["cat @(a b)", [], "error"],
  ["cat @($(rm -rf ~))", [["rm", "-rf", "~"], ["cat", "<param><param>"]], "error"],
  ["ls; !(rm)", [["ls"], ["rm"]], "full"],
  // Comments end at the newline (a backslash at the end of one continues nothing).
  ["ls # \\\nrm -rf ~", [["ls"], ["rm", "-rf", "~"]], "full"],
  ["ls #\nrm -rf ~", [["ls"], ["rm", "-rf", "~"]], "full"],
  ["ls;#x\nrm -rf ~", [["ls"], ["rm", "-rf", "~"]], "full"],
  ["ls # x", [["ls"]], "fast"],
  ["echo a#b c", [["echo", "a#b", "c"]], "full"],
  ["echo `echo a #b`; rm -rf ~", [["echo", "a"], ["echo", "<cmd>"], ["rm", "-rf", "~"]], "full"],
  // Backticks end at the first backtick.
  [
    "echo `echo a` `rm -rf ~`",
    [["echo", "a"], ["rm", "-rf", "~"], ["echo", "<cmd>", "<cmd>"]],
    "full",
  ],
  ["echo `a`  `b` c", [["a"], ["b"], ["echo", "<cmd>", "<cmd>", "c"]], "full"],
  ['echo "`a` `b`"', [["a"], ["b"], ["echo", "<cmd> <cmd>"]], "full"],
  ["echo `a`\n`b`", [["a"], ["echo", "<cmd>"], ["b"], ["<cmd>"]], "full"],
  ["echo `a``b`", [["a<param>b"], ["echo", "<cmd>"]], "error"],
  ["echo a` `b", [["echo", "a<param>b"]], "full"],
  // \r, \v and \f are word characters.
  ["ls\r#; rm -rf ~", [["ls\r#"], ["rm", "-rf", "~"]], "full"],
  ["echo a\vb\fc", [["echo", "a\vb\fc"]], "full"],
  ["ls \\\r\nrm -rf ~", [["ls", "\r"], ["rm", "-rf", "~"]], "full"],
  // coproc, time and `!` before compound commands.
  ["coproc rm -rf ~", [["rm", "-rf", "~"]], "full"],
  ["coproc X { rm -rf ~; }", [["rm", "-rf", "~"]], "full"],
  ["coproc X rm -rf ~", [["X", "rm", "-rf", "~"]], "full"],
  ["coproc X (rm -rf ~) >/dev/null", [["rm", "-rf", "~"]], "full"],
  ["coproc X while a; do rm -rf ~; done", [["a"], ["rm", "-rf", "~"]], "full"],
  ["a && coproc b | c", [["a"], ["b"], ["c"]], "full"],
  ["time { rm -rf ~; }", [["rm", "-rf", "~"]], "full"],
  ["time -p -- { rm -rf ~; } 2>&1", [["rm", "-rf", "~"]], "full"],
  ["time ! rm -rf ~", [["rm", "-rf", "~"]], "full"],
  ["! { rm -rf ~; }", [["rm", "-rf", "~"]], "full"],
  ["! time if a; then rm -rf ~; fi", [["a"], ["rm", "-rf", "~"]], "full"],
  ["time rm -rf ~", [["time", "rm", "-rf", "~"]], "full"],
  ["echo time coproc !", [["echo", "time", "coproc", "!"]], "full"],
  ["coproc X { time { rm -rf ~; }; }", [["rm", "-rf", "~"]], "full"],
  // `>&-` closes a descriptor: every later word is an argument.
  ["rm >&- -rf /", [["rm", "-rf", "/"]], "fast"],
  ["rm 2>&- -rf / x", [["rm", "-rf", "/", "x"]], "fast"],
  ["rm <&- -rf /", [["rm", "-rf", "/"]], "full"],
  // A name and `%` at the start of a command name.
  [
    "BASH_FUNC_ls%%='() { id; }' bash -c ls",
    [["BASH_FUNC_ls%%=() { id; }", "bash", "-c", "ls"]],
    "fast",
  ],
  ["a%b c", [["a%b", "c"]], "fast"],
  // Redirections tree-sitter-bash hangs on a whole list or pipeline.
  ["a && b 2>&1 | c", [["a"], ["b"], ["c"]], "fast"],
  ["a | b >f | c && d", [["a"], ["b"], ["c"], ["d"]], "fast"],
  // tree-sitter-bash splits a word after a quote or expansion followed by an escape, after
  // `$"…"`, and before a glued `<(…)`; bash reads one word.
  ["cat ~/.aig''\\uard/s", [["cat", "~/.aiguard/s"]], "fast"],
  ["X=''\\ls rm -rf ~", [["rm", "-rf", "~"]], "full"],
  ["X=$(a)\\ls rm -rf ~", [["a"], ["rm", "-rf", "~"]], "full"],
  ['cat ~/.aig$"u"ard/s', [["cat", "~/.aiguard/s"]], "full"],
  ["echo a''\\$ b", [["echo", "a$", "b"]], "fast"],
  ['echo a$ $"b"$"c" a$$', [["echo", "a$", "bc", "a<param>"]], "full"],
  ["cp \\  ~/.bashrc", [["cp", " ", "~/.bashrc"]], "fast"],
  ["cp \\  ~/.bashrc; x $(y)", [["cp", " ", "~/.bashrc"], ["y"], ["x", "<cmd>"]], "fast"],
  ["cp == ~/.bashrc", [["cp", "==", "~/.bashrc"]], "fast"],
  ["echo $ =~ x", [["echo", "$", "=~", "x"]], "full"],
  ["cat >''\\x y", [["cat", "y"]], "fast"],
  ["rm \u3000-rf ~", [["rm", "\u3000-rf", "~"]], "fast"],
  // A subscript is expanded.
  ["a[$(rm -rf ~)]=1", [["rm", "-rf", "~"], []], "full"],
];

Deno.test("misread inputs: tree-sitter IR after the repairs, as bash reads them", () => {
  assert.ok(REPAIR_CASES.length >= 40);
  for (const [cmd, want, front] of REPAIR_CASES) {
    const p = ts(cmd);
    const label = JSON.stringify(cmd);
    assert.equal(p.errors.length > 0, front === "error", `errors of ${label}: ${p.errors}`);
    if (front === "error" && want.length === 0) continue;
    assert.deepEqual(allSimples(p.body).map((s) => s.words.map(lit)), want, `argv of ${label}`);
  }
});

Deno.test("misread inputs: the fast lexer declines them or gives tree-sitter's IR", () => {
  for (const [cmd, , front] of REPAIR_CASES) {
    const f = fastParse(cmd);
    const label = JSON.stringify(cmd);
    if (front !== "fast") {
      assert.equal(f, null, `fast path accepted ${label}`);
      continue;
    }
    assert.ok(f, `fast path declined ${label}`);
    assert.deepEqual(f.body, ts(cmd).body, `IR differs for ${label}`);
  }
  // A comment never hides the next line from the fast lexer.
  for (const c of ["ls # x\nrm -rf ~", "ls #\rx", "ls # \\\nrm", "a;#\nb", "ls #\vx", "ls\vx"]) {
    assert.equal(fastParse(c), null, JSON.stringify(c));
  }
});

Deno.test("misread inputs: the shape of what the repairs produce", () => {
  const one = (cmd: string) => ts(cmd).body;
  // coproc: a background job; with a NAME, of the compound command.
  assert.deepEqual(one("coproc rm x").k, "subshell");
  const named = one("coproc X { rm x; }");
  assert.ok(named.k === "subshell" && named.background && named.body.k === "group");
  // `!` before a compound command negates it; `a && coproc b | c` runs only b in the background.
  const neg = one("! { rm x; }");
  assert.ok(neg.k === "negate" && neg.body.k === "group");
  const chain = one("a && coproc b | c");
  assert.ok(chain.k === "list" && chain.items[1].k === "pipeline");
  if (chain.k === "list" && chain.items[1].k === "pipeline") {
    assert.equal(chain.items[1].stages[0].k, "subshell");
    assert.equal(chain.items[1].stages[1].k, "simple");
  }
  // `$(< f)`: `cat` reading the file on standard input.
  const w = simples(one("echo $(< ~/f)"))[0].words[1].parts[0];
  assert.ok(w.t === "cmd" && w.body.k === "simple");
  if (w.t === "cmd" && w.body.k === "simple") {
    assert.deepEqual(w.body.words.map(lit), ["cat"]);
    assert.deepEqual(w.body.redirs.map(redirText), ["<~/f"]);
  }
  // extglob: unquoted glob characters (the analysis matches the word as a pattern).
  const g = simples(one("cat ~/.@(aiguard)/s"))[0].words[1];
  assert.deepEqual(g.parts, [{ t: "tilde", user: "" }, { t: "lit", v: "/.*/s", q: false }]);
  const d = simples(one("cat @(.a)"))[0].words[1];
  assert.deepEqual(d.parts, [{ t: "brace", raw: "{*,.*}" }]);
  // Words keep their source text.
  assert.equal(g.raw, "~/.@(aiguard)/s");
  assert.equal(simples(one("ls\r#; x"))[0].raw, "ls\r#");
});

/**
 * Inputs on which the fast lexer and tree-sitter-bash once disagreed (found by the generated
 * shell run), with the argv bash 5.2 gives them (checked with `bash -c`): the command's words,
 * and the assignments before it. "fast": the fast lexer must give tree-sitter's IR; "full": it
 * declines.
 */
const FRONT_END_CASES: [string, string[][], string[][], "fast" | "full"][] = [
  // A variable name is ASCII `[A-Za-z_][A-Za-z0-9_]*`: anything else before `=` makes the word
  // the command name (bash: `ßHOME=1: command not found`); tree-sitter-bash takes Unicode
  // letters, `?` and `-` in names.
  ["ßHOME=1 exec -c curl x", [["ßHOME=1", "exec", "-c", "curl", "x"]], [[]], "fast"],
  ["GIT_CONFIG_CсOUNT=1 git status", [["GIT_CONFIG_CсOUNT=1", "git", "status"]], [[]], "fast"],
  ["ßY=/tmp:$PATH sed x", [["ßY=/tmp:<param>", "sed", "x"]], [[]], "fast"],
  ["--expr='1iʼd' sed f", [["--expr=1iʼd", "sed", "f"]], [[]], "fast"],
  ["--outp=/opt/x sort in.txt", [["--outp=/opt/x", "sort", "in.txt"]], [[]], "fast"],
  ["?HOME=/tmp rm -rf ~", [["?HOME=/tmp", "rm", "-rf", "~"]], [[]], "fast"],
  ["хLD_PRELOAD+='~/.ssh' rm x", [["хLD_PRELOAD+=~/.ssh", "rm", "x"]], [[]], "fast"],
  ["ßX=~/a x", [["ßX=~/a", "x"]], [[]], "fast"],
  ['ßX=~/a"b"$c x', [["ßX=~/ab<param>", "x"]], [[]], "fast"],
  ["ßX=", [["ßX="]], [[]], "fast"],
  ["ßX=1", [["ßX=1"]], [[]], "fast"],
  ["ls && ßX=1 rm y", [["ls"], ["ßX=1", "rm", "y"]], [[], []], "fast"],
  // After the command name every word is an argument, `NAME=value` too.
  ["A=1 ßB=2 C=3 printf x", [["ßB=2", "C=3", "printf", "x"]], [["A"]], "full"],
  ["A=1 ßB=2 C=3", [["ßB=2", "C=3"]], [["A"]], "full"],
  ["ßa[1]=2 x", [["ßa[1]=2", "x"]], [[]], "full"],
  // A lone `-` before a redirection with a descriptor is an argument (tree-sitter-bash lost it).
  [
    "tar -czf - 2> ~/.?sh --checkpoint-action=exec=sh -c id",
    [[
      "tar",
      "-czf",
      "-",
      "--checkpoint-action=exec=sh",
      "-c",
      "id",
    ]],
    [[]],
    "fast",
  ],
  ["printf %s - 2>&1 x", [["printf", "%s", "-", "x"]], [[]], "fast"],
  ["- 2>/dev/null", [["-"]], [[]], "fast"],
  ["cat - -  10>x -", [["cat", "-", "-", "-"]], [[]], "fast"],
  ["a | cat - 2>>x", [["a"], ["cat", "-"]], [[], []], "fast"],
  ["cat - 2<x", [["cat", "-"]], [[]], "fast"],
  ["echo $(cat - 2>x)", [["cat", "-"], ["echo", "<cmd>"]], [[], []], "fast"],
  // A word of a Unicode letter and `@`, `%`, `?` or `#` in command position: one word.
  ["gﬁuard@ deny 7f3a", [["gﬁuard@", "deny", "7f3a"]], [[]], "fast"],
  ["ßa%b c", [["ßa%b", "c"]], [[]], "fast"],
];

Deno.test("front-end disagreements: tree-sitter's IR is bash's argv", () => {
  for (const [cmd, want, assigns] of FRONT_END_CASES) {
    const p = ts(cmd);
    const label = JSON.stringify(cmd);
    assert.deepEqual(p.errors, [], `errors of ${label}`);
    const ss = allSimples(p.body);
    assert.deepEqual(ss.map((s) => s.words.map(lit)), want, `argv of ${label}`);
    assert.deepEqual(ss.map((s) => s.assigns.map((a) => a.name)), assigns, `assigns of ${label}`);
  }
});

Deno.test("front-end disagreements: the fast lexer declines them or gives tree-sitter's IR", () => {
  for (const [cmd, , , front] of FRONT_END_CASES) {
    const f = fastParse(cmd);
    const label = JSON.stringify(cmd);
    if (front !== "fast") {
      assert.equal(f, null, `fast path accepted ${label}`);
      continue;
    }
    assert.ok(f, `fast path declined ${label}`);
    assert.deepEqual(f.body, ts(cmd).body, `IR differs for ${label}`);
  }
});
