/**
 * The generated option grammar (src/shell/programs/grammar.generated.json):
 * (a) facts guard's analysis depends on, several of them corrections of the
 * Fig specs; (b) for each real program on this machine that the overrides
 * were checked against (same implementation), every long option its help
 * lists is in the grammar with the same arity.
 *
 * deno test --allow-read --allow-run tests/program_grammar_test.ts
 */
import {
  type Arity,
  CHECKS,
  FIG_VERSION,
  type Grammar,
  grammarAt,
  OUTPUT,
  type Output,
  parseCheck,
  parseHelp,
  parseOptionLine,
  parseUsage,
  PROGRAMS,
  readOutput,
  runHelp,
  versionOf,
} from "../scripts/gen_program_grammar.ts";

const out: Output = readOutput(Deno.readTextFileSync(OUTPUT));

function assertEq<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

function at(path: string): Grammar {
  const [p, ...subs] = path.split(" ");
  let g: Grammar | undefined = out.programs[p];
  for (const s of subs) g = g?.s?.[s];
  if (!g) throw new Error(`no grammar for ${path}`);
  return g;
}

// [program (and subcommands), option, arity]
const FACTS: [string, string, Arity][] = [
  ["sort", "--output", 1],
  ["sort", "-o", 1],
  ["sort", "-c", 0], // Fig: an optional value
  ["sort", "-C", 0],
  ["sort", "--check", 2],
  ["sort", "--compress-program", 1],
  ["sort", "--parallel", 1], // Fig: a flag
  ["sed", "-i", 2], // GNU -i[SUFFIX]; Fig (BSD): a separate value
  ["sed", "--in-place", 2],
  ["sed", "-e", 1],
  ["sed", "--expression", 1],
  ["sed", "-f", 1],
  ["sed", "--file", 1],
  ["sed", "-l", 1],
  ["rm", "--recursive", 0],
  ["rm", "-r", 0],
  ["rm", "--no-preserve-root", 0],
  ["rm", "--interactive", 2],
  ["grep", "--directories", 1],
  ["grep", "-r", 0],
  ["grep", "--color", 2], // Fig: a required value (would swallow the pattern)
  ["grep", "--include", 1], // Fig: optional
  ["grep", "--exclude-dir", 1],
  ["egrep", "--directories", 1],
  ["git grep", "-O", 2],
  ["git grep", "--open-files-in-pager", 2],
  ["git grep", "-e", 1],
  ["git grep", "-f", 1],
  ["git", "-C", 1],
  ["git", "-c", 1],
  ["git", "--git-dir", 1],
  ["git", "--exec-path", 2],
  ["git diff", "--output", 1],
  ["git log", "--output", 1],
  ["git log", "--follow", 0], // Fig: a value
  ["git config", "--local", 0], // Fig: a value
  ["git config", "--file", 1],
  ["git branch", "-d", 0], // Fig: a value
  ["git commit", "-m", 1],
  ["git commit", "-F", 1],
  ["git push", "--force-with-lease", 2],
  ["git push", "--receive-pack", 1],
  ["rg", "--pre", 1],
  ["rg", "--pre-glob", 1],
  ["curl", "-o", 1],
  ["curl", "-d", 1],
  ["curl", "-x", 1], // Fig: a flag
  ["curl", "--proxy", 1],
  ["curl", "--stderr", 1], // Fig: a flag
  ["curl", "-K", 1],
  ["curl", "-T", 1],
  ["curl", "--output-dir", 1], // Fig lacks it
  ["wget", "-O", 1], // Fig: a flag (the value was written into --output-document=FILE)
  ["wget", "--output-document", 1],
  ["wget", "-e", 1],
  ["tar", "-C", 1],
  ["tar", "-f", 1], // Fig: only under its "subcommands"
  ["tar", "-c", 0],
  ["tar", "-x", 0],
  ["tar", "--to-command", 1],
  ["tar", "-I", 1],
  ["tar", "--use-compress-program", 1],
  ["tar", "--checkpoint-action", 1],
  ["find", "-exec", 1],
  ["find", "-execdir", 1],
  ["find", "-ok", 1],
  ["find", "-delete", 0],
  ["find", "-name", 1],
  ["find", "-fprint", 1],
  ["find", "-newermt", 1],
  ["find", "-regextype", 1],
  ["ln", "-s", 0], // Fig: a value
  ["ln", "-f", 0],
  ["ln", "-t", 1],
  ["cp", "-t", 1],
  ["cp", "--target-directory", 1],
  ["mv", "-t", 1],
  ["mkdir", "-Z", 0], // Fig: a value
  ["mkdir", "--context", 2],
  ["diff", "-u", 0], // Fig: a value
  ["diff", "-U", 1],
  ["diff", "--unified", 2],
  ["ls", "--color", 2],
  ["xargs", "-I", 1],
  ["xargs", "-i", 2],
  ["xargs", "-a", 1],
  ["env", "-S", 1],
  ["env", "-u", 1],
  ["env", "-C", 1],
  ["timeout", "-s", 1],
  ["timeout", "-k", 1],
  ["nice", "-n", 1],
  ["dd", "of=", 1],
  ["dd", "if=", 1],
  ["tee", "-a", 0],
  ["awk", "-f", 1],
  ["awk", "-W", 1],
  ["gawk", "-E", 1],
  ["gawk", "-l", 1],
  ["gawk", "--load", 1],
  ["gawk", "-i", 1],
  ["rsync", "-e", 1],
  ["rsync", "--rsh", 1],
  ["rsync", "-d", 0], // Fig: a value
  ["rsync", "--rsync-path", 1],
  ["ssh", "-o", 1],
  ["ssh", "-F", 1],
  ["ssh", "-J", 1], // Fig lacks it
  ["jq", "--rawfile", 1],
];

Deno.test("grammar: source, shape and the program list", () => {
  assertEq(out.source, `@withfig/autocomplete@${FIG_VERSION}`, "source");
  assertEq(FIG_VERSION, "2.692.3", "pinned version");
  assertEq(out.generated_by, "scripts/gen_program_grammar.ts", "generated_by");
  for (const p of PROGRAMS) {
    const places = [p in out.programs, out.missing.includes(p), p in out.skipped];
    assertEq(
      places.filter(Boolean).length,
      1,
      `${p} is in exactly one of programs/missing/skipped`,
    );
  }
  const walk = (g: Grammar, where: string, depth: number, max: number) => {
    if (depth > max) throw new Error(`${where}: deeper than ${max}`);
    for (const [k, a] of Object.entries(g.o)) {
      if (!/^[-+]/.test(k) && !/^[a-z]+=$/.test(k)) throw new Error(`${where}: key ${k}`);
      if (a !== 0 && a !== 1 && a !== 2) throw new Error(`${where} ${k}: arity ${a}`);
    }
    for (const [s, sg] of Object.entries(g.s ?? {})) walk(sg, `${where} ${s}`, depth + 1, max);
  };
  for (const [p, g] of Object.entries(out.programs)) {
    walk(g, p, 0, ["aws", "gcloud", "az", "kubectl"].includes(p) ? 1 : 3);
  }
});

Deno.test("grammar: known facts", () => {
  const wrong: string[] = [];
  for (const [path, opt, arity] of FACTS) {
    const got = at(path).o[opt];
    if (got !== arity) wrong.push(`${path} ${opt}: expected ${arity}, got ${got}`);
  }
  if (wrong.length) throw new Error(wrong.join("\n"));
});

Deno.test("grammar: structure fixed by the overrides", () => {
  assertEq(at("sed").s, undefined, "sed has no subcommands (Fig's are sed script commands)");
  assertEq(at("tar").s, undefined, "tar's modes are options, not subcommands");
  assertEq(at("jq").n?.["--rawfile"], 2, "jq --rawfile NAME FILE takes two words");
  assertEq(at("jq").n?.["--arg"], 2, "jq --arg NAME VALUE");
  assertEq(at("find").n?.["-fprintf"], 2, "find -fprintf FILE FORMAT");
  assertEq(at("tar").o["-null"], undefined, "Fig's typo -null is removed");
  assertEq(JSON.stringify(at("egrep").o), JSON.stringify(at("grep").o), "egrep is grep");
  assertEq(at("docker compose").o["--file"], 1, "docker compose (loadSpec docker-compose)");
  assertEq(at("aws s3").s, undefined, "aws keeps one subcommand level");
  assertEq(typeof at("aws").o["--profile"], "number", "aws --profile");
  assertEq(out.missing.includes("perl"), true, "perl has no Fig spec");
  assertEq(out.skipped.php !== undefined, true, "php's spec is generated at run time");
});

Deno.test("help parser: GNU, curl and git lines", () => {
  const h = parseHelp([
    "Mandatory arguments to long options are mandatory for short options too.",
    "  -c, --check, --check=diagnose-first  check for sorted input",
    "  -C, --check=quiet, --check=silent  like -c, but do not report",
    "  -i[SUFFIX], --in-place[=SUFFIX]",
    "  -e script, --expression=script",
    "  -p, --indicator-style=slash  append / indicator to directories",
    "  -t, --field-separator=SEP  use SEP",
    "      --color[=WHEN]         colorize",
    "  -F, --classify[=WHEN]      append indicator",
    " -x, --proxy [protocol://]host[:port] Use this proxy",
    " -o, --output <file>        Write to file",
    "     --disallow-username-in-url Disallow username in URL",
    "  -NUM                  shortcut for -C NUM",
    "      --GTYPE-group-format=GFMT  format GTYPE input groups with GFMT",
    "           --full-history without parent rewriting",
  ].join("\n"));
  const want: Record<string, Arity> = {
    "-c": 0,
    "-C": 0,
    "--check": 2,
    "-i": 2,
    "--in-place": 2,
    "-e": 1,
    "--expression": 1,
    "-p": 0,
    "--indicator-style": 1,
    "-t": 1,
    "--color": 2,
    "-F": 0,
    "-x": 1,
    "--proxy": 1,
    "-o": 1,
    "--disallow-username-in-url": 0,
  };
  for (const [k, a] of Object.entries(want)) assertEq(h.get(k), a, k);
  assertEq(h.has("-NUM"), false, "-NUM is a placeholder");
  assertEq(h.has("--GTYPE-group-format"), false, "--GTYPE-group-format is a placeholder");
  assertEq(h.has("--full-history"), false, "a prose line is not an option line");
  // git -h: one option per line, the short spelling takes what the long one takes
  const g = parseHelp(
    "    -O, --open-files-in-pager[=<pager>]\n    -v, --verbose  be verbose",
    true,
  );
  assertEq(g.get("-O"), 2, "git -O");
  assertEq(g.get("-v"), 0, "git -v");
  assertEq(
    parseOptionLine("--[no-]mailmap")?.map((p) => p.name).join(" "),
    "--mailmap --no-mailmap",
    "[no-]",
  );
  const u = parseUsage(
    "usage: ssh [-46A] [-B bind_interface] [-D [bind_address:]port] [--exec-path[=<p>]]",
  );
  assertEq(u.get("-4"), 0, "-4");
  assertEq(u.get("-B"), 1, "-B");
  assertEq(u.get("-D"), 1, "-D");
  assertEq(u.get("--exec-path"), 2, "--exec-path");
});

/** Long options (find's primaries, dd's operands; every option of a usage synopsis). */
function compared(parse: string, name: string): boolean {
  if (parse === "usage" || parse === "find") return true;
  return name.startsWith("--") || name.endsWith("=") || parse === "mawk";
}

for (const c of CHECKS) {
  const label = [c.program, ...(c.path ?? [])].join(" ");
  const version = await versionOf(c);
  let present = version !== null && (!c.identity || c.identity.test(version));
  // git log/diff/show are read from their man pages, which may not be installed.
  const text = present ? await runHelp(c) : null;
  if (c.cmd[0] === "man" && !/^OPTIONS/m.test(text ?? "")) present = false;
  Deno.test({
    name: `grammar matches the real ${label}${present ? "" : " (not on this machine: skipped)"}`,
    ignore: !present,
    fn: () => {
      if (text === null) throw new Error(`${c.cmd.join(" ")} did not run`);
      const help = parseCheck(c, text);
      if (help.size === 0) throw new Error(`no options parsed from ${c.cmd.join(" ")}`);
      const g = grammarAt(out.programs, c);
      if (!g) throw new Error(`no grammar for ${label}`);
      const wrong: string[] = [];
      const parse = c.program === "awk" ? "mawk" : c.parse;
      for (const [k, a] of help) {
        if (!compared(parse, k) || c.except?.[k]) continue;
        if (g.o[k] !== a) wrong.push(`${k}: help ${a}, grammar ${g.o[k] ?? "missing"}`);
      }
      if (wrong.length) {
        throw new Error(`${label} (${version!.split("\n")[0]}):\n  ${wrong.join("\n  ")}`);
      }
    },
  });
}
