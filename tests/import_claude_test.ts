/**
 * `guard import-claude-permissions`: every Claude rule shape → the guard regex
 * (with strings each must and must not match, on the linear engine), the
 * shapes that are skipped, the policy.toml merge (markers, idempotence,
 * comments and tables untouched), and the command in-process and through the
 * real CLI with the production flags.
 */
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { runGuard, tempHome } from "../scripts/guard_flags.ts";
import { compilePolicy } from "../src/policy/user_policy.ts";
import {
  BEGIN_MARKER,
  type ClaudeKind,
  END_MARKER,
  mergePolicyText,
  projectDirOf,
  type RuleContext,
  runImportClaude,
  tomlString,
  translateRule,
  translateSettings,
} from "../src/cli/setup/import_claude.ts";

const HOME = "/home/u";
const PROJECT: RuleContext = { home: HOME, projectDir: "/work/app" };
const USER: RuleContext = { home: HOME, projectDir: null };

interface Row {
  rule: string;
  kind: ClaudeKind;
  ctx?: RuleContext;
  regex: string;
  match: string[];
  miss: string[];
}

const R = "(Read|Glob|Grep|LS|NotebookRead)";
const E = "(Edit|Write|MultiEdit|NotebookEdit)";

const TABLE: Row[] = [
  {
    rule: "Bash(npm run test:*)",
    kind: "allow",
    regex: "^npm run test( .*)?$",
    match: ["npm run test", "npm run test --watch", "npm run test 2>&1"],
    miss: ["npm run testing", "npm run tes", "xnpm run test", "npm run build"],
  },
  {
    rule: "Bash(git status)",
    kind: "allow",
    regex: "^git status$",
    match: ["git status"],
    miss: ["git status --short", "git statuses", "sudo git status"],
  },
  {
    rule: "Bash(ls *)",
    kind: "allow",
    regex: "^ls( .*)?$",
    match: ["ls", "ls -la", "ls /tmp"],
    miss: ["lsof", "lsblk -a"],
  },
  {
    rule: "Bash(ls*)",
    kind: "allow",
    regex: "^ls.*$",
    match: ["ls", "lsof", "ls -la"],
    miss: ["cat ls"],
  },
  {
    rule: "Bash(git * main)",
    kind: "deny",
    regex: "^git .* main$",
    match: ["git push origin main", "git checkout -b x main"],
    miss: ["git push origin mainline", "git status"],
  },
  {
    rule: "Bash(rm -rf:*)",
    kind: "deny",
    regex: "^rm -rf( .*)?$",
    match: ["rm -rf /", "rm -rf"],
    miss: ["rm -r x", "rm -rfx"],
  },
  {
    rule: 'Bash(python3 -c "print(1)")',
    kind: "ask",
    regex: '^python3 -c "print\\(1\\)"$',
    match: ['python3 -c "print(1)"'],
    miss: ['python3 -c "print(11)"', "python3 -c print1"],
  },
  {
    rule: "Bash(echo \\*:*)",
    kind: "allow",
    regex: "^echo \\*( .*)?$",
    match: ["echo *", "echo * x"],
    miss: ["echo x"],
  },
  {
    rule: "Read(./.env)",
    kind: "deny",
    regex: `^${R} /work/app/\\.env(/.*)?$`,
    match: ["Read /work/app/.env", "Grep /work/app/.env"],
    miss: ["Read /work/app/.env.local", "Read /work/app/x/.env", "Write /work/app/.env"],
  },
  {
    rule: "Read(~/.ssh/**)",
    kind: "deny",
    regex: `^${R} /home/u/\\.ssh/.*$`,
    match: ["Read /home/u/.ssh/id_rsa", "Glob /home/u/.ssh/keys/a"],
    miss: ["Read /home/u/.sshx/id_rsa", "Read /home/u/Xssh/id", "Read /home/v/.ssh/id"],
  },
  {
    rule: "Read(//etc/passwd)",
    kind: "ask",
    regex: `^${R} /etc/passwd(/.*)?$`,
    match: ["Read /etc/passwd"],
    miss: ["Read /etc/passwd-", "Read /tmp/etc/passwd"],
  },
  {
    rule: "Read(*.pem)",
    kind: "deny",
    regex: `^${R} /work/app/(.*/)?[^/]*\\.pem(/.*)?$`,
    match: ["Read /work/app/key.pem", "Read /work/app/a/b/c.pem"],
    miss: ["Read /other/key.pem", "Read /work/app/key.pem.txt"],
  },
  {
    rule: "Read(/docs/*.md)",
    kind: "allow",
    regex: `^${R} /work/app/docs/[^/]*\\.md(/.*)?$`,
    match: ["Read /work/app/docs/a.md"],
    miss: ["Read /work/app/docs/sub/a.md", "Read /docs/a.md"],
  },
  {
    rule: "Read(../shared/**)",
    kind: "allow",
    regex: `^${R} /work/shared/.*$`,
    match: ["Read /work/shared/x/y"],
    miss: ["Read /work/app/shared/x"],
  },
  {
    rule: "Edit(src/**)",
    kind: "allow",
    regex: `^${E} /work/app/src/.*$`,
    match: ["Edit /work/app/src/a.ts", "Write /work/app/src/d/b.ts", "MultiEdit /work/app/src/c"],
    miss: ["Read /work/app/src/a.ts", "Edit /work/app/srcx/a", "Edit /work/app/test/a"],
  },
  {
    rule: "Write(~/.bashrc)",
    kind: "deny",
    regex: `^${E} /home/u/\\.bashrc(/.*)?$`,
    match: ["Write /home/u/.bashrc", "Edit /home/u/.bashrc"],
    miss: ["Write /home/u/.bashrc.bak"],
  },
  {
    rule: "Read(./.env)",
    kind: "deny",
    ctx: USER,
    regex: `^${R} /(.*/)?\\.env(/.*)?$`,
    match: ["Read /any/project/.env", "Read /.env"],
    miss: ["Read /any/project/.envrc"],
  },
  {
    rule: "WebFetch(domain:*.example.com)",
    kind: "allow",
    regex: "^WebFetch https?://([^/?#@\\\\]*@)?([^/?#@\\\\:]*\\.)?example\\.com\\.?(:[0-9]*)?" +
      "([/?#].*)?$",
    match: [
      "WebFetch https://example.com",
      "WebFetch https://docs.example.com/a?b",
      "WebFetch http://a.b.example.com:8080/x",
    ],
    miss: [
      "WebFetch https://example.com.evil.com/",
      "WebFetch https://evilexample.com/",
      "WebFetch https://docs.example.com:x@evil.com/",
      "WebFetch https://evil.com\\@docs.example.com/",
      "WebFetch https://evil.com/?u=https://example.com",
      "WebFetch ftp://example.com/",
    ],
  },
  {
    rule: "WebFetch(domain:evil.com)",
    kind: "deny",
    regex: "^WebFetch [hH][tT][tT][pP][sS]?://([^/?#@\\\\]*@)?[eE][vV][iI][lL]\\.[cC][oO][mM]" +
      "\\.?(:[0-9]*)?([/?#].*)?$",
    match: [
      "WebFetch https://evil.com",
      "WebFetch HTTPS://EVIL.COM/x",
      "WebFetch https://u@evil.com/",
      "WebFetch https://evil.com./",
      "WebFetch https://evil.com?q",
    ],
    miss: ["WebFetch https://sub.evil.com/", "WebFetch https://notevil.com/"],
  },
  {
    rule: "mcp__github__*",
    kind: "allow",
    regex: "^mcp__github__",
    match: ['mcp__github__get_issue {"n":1}'],
    miss: ['mcp__githubx__get {"n":1}', "mcp__git__hub"],
  },
  {
    rule: "mcp__github",
    kind: "ask",
    regex: "^mcp__github__",
    match: ["mcp__github__create_pr {}"],
    miss: ["mcp__github2__x {}"],
  },
  {
    rule: "mcp__github__delete_repo",
    kind: "deny",
    regex: "^mcp__github__delete_repo ",
    match: ['mcp__github__delete_repo {"r":"x"}'],
    miss: ['mcp__github__delete_repository {"r":"x"}'],
  },
  {
    rule: "WebFetch",
    kind: "deny",
    regex: "^WebFetch( |$)",
    match: ["WebFetch https://x", "WebFetch"],
    miss: ["WebFetcher x"],
  },
  {
    rule: "Edit",
    kind: "ask",
    regex: `^${E} `,
    match: ["Write /a", "Edit /b"],
    miss: ["Read /a"],
  },
];

for (const row of TABLE) {
  Deno.test(`translate ${row.kind} ${row.rule} → ${row.regex}`, () => {
    const t = translateRule(row.rule, row.kind, row.ctx ?? PROJECT);
    assert.ok("regex" in t, JSON.stringify(t));
    assert.equal(t.regex, row.regex);
    const re = new RegExp(t.regex, "l"); // the linear-time engine, as guard compiles it
    for (const s of row.match) assert.ok(re.test(s), `${t.regex} must match ${s}`);
    for (const s of row.miss) assert.ok(!re.test(s), `${t.regex} must not match ${s}`);
  });
}

Deno.test("translate: shapes guard cannot express are skipped with a reason, never guessed", () => {
  const cases: [string, ClaudeKind, RuleContext, RegExp][] = [
    ["Bash", "allow", PROJECT, /bare Bash/],
    ["Bash", "deny", PROJECT, /bare Bash/],
    ["Bash(*)", "deny", PROJECT, /every command/],
    ["Bash(:*)", "allow", PROJECT, /every command/],
    ["Bash()", "allow", PROJECT, /empty/],
    ["Bash(* --version)", "allow", PROJECT, /starting with \*/],
    ["Bash(Read /etc/x)", "allow", PROJECT, /"Read"/],
    ["Bash(npm * run:*)", "allow", PROJECT, /wildcard before :\*/],
    ["Read", "allow", PROJECT, /credential files/],
    ["WebFetch", "allow", PROJECT, /every WebFetch/],
    ["Read(./.env)", "allow", USER, /user's settings/],
    ["Read(!x)", "deny", PROJECT, /negated/],
    ["Read([ab].txt)", "deny", PROJECT, /character classes/],
    ["Read(~bob/x)", "deny", PROJECT, /~user/],
    ["Read(a/../b)", "deny", PROJECT, /'\.\.'/],
    ["Read(//)", "allow", PROJECT, /every path/],
    ["WebFetch(https://x.com)", "allow", PROJECT, /domain:/],
    ["WebFetch(domain:*)", "deny", PROJECT, /domain:/],
    ["mcp__srv__get_*", "allow", PROJECT, /wildcards/],
    ["Task(Explore)", "allow", PROJECT, /not translated/],
    ["Bash(x", "allow", PROJECT, /unknown rule shape/],
  ];
  for (const [rule, kind, ctx, why] of cases) {
    const t = translateRule(rule, kind, ctx);
    assert.ok("skip" in t, `${rule} should be skipped, got ${JSON.stringify(t)}`);
    assert.match(t.skip, why, rule);
  }
  // A bare non-Bash tool in deny/ask blocks/asks that tool; Read covers the read tools.
  assert.deepEqual(translateRule("Task", "deny", PROJECT), { regex: "^Task( |$)" });
  assert.deepEqual(translateRule("Read", "deny", PROJECT), { regex: `^${R} ` });
  const widened = translateRule("Read(secrets/**)", "deny", USER);
  assert.ok("regex" in widened && widened.note && /widened/.test(widened.note));
});

Deno.test("projectDirOf: user settings have no project; .claude/ files belong to its parent", () => {
  assert.equal(projectDirOf(`${HOME}/.claude/settings.json`, HOME), null);
  assert.equal(projectDirOf(`${HOME}/.claude/settings.json`, `${HOME}/`), null);
  assert.equal(projectDirOf("/work/app/.claude/settings.json", HOME), "/work/app");
  assert.equal(projectDirOf("/work/app/.claude/settings.local.json", HOME), "/work/app");
  assert.equal(projectDirOf("/tmp/rules.json", HOME), "/tmp");
});

Deno.test("translateSettings: deny→block, ask→ask, allow→allow; bad entries reported", () => {
  const t = translateSettings(
    {
      permissions: {
        allow: ["Bash(make)", 42],
        ask: ["Bash(git push:*)"],
        deny: ["Bash(curl:*)"],
        defaultMode: "default",
      },
    },
    "/work/app/.claude/settings.json",
    PROJECT,
  );
  assert.deepEqual(t.imported.map((r) => [r.kind, r.regex]), [
    ["block", "^curl( .*)?$"],
    ["ask", "^git push( .*)?$"],
    ["allow", "^make$"],
  ]);
  assert.deepEqual(t.skipped.map((s) => [s.kind, s.rule, s.reason]), [[
    "allow",
    "42",
    "not a string",
  ]]);
  assert.deepEqual(translateSettings({}, "x", PROJECT), { imported: [], skipped: [] });
});

Deno.test("tomlString: literal strings when possible, basic strings otherwise; both parse back", () => {
  for (const s of ["^a\\.b$", "it's", "tab\there", '"q"', "^Read /x$"]) {
    const t = tomlString(s);
    assert.equal((parse(`v = ${t}`) as { v: string }).v, s, t);
  }
  assert.equal(tomlString("^a\\.b$"), "'^a\\.b$'");
});

const WANT = {
  block: ["^rm -rf( .*)?$"],
  ask: ["^git push( .*)?$"],
  allow: ["^npm test$", "^make$"],
};

const POLICY = `# my policy
mode = "enforce"
allow = ["^npm test$", '^ls$'] # inline comment
block = [
  "terraform destroy", # never
]

# audit settings
[audit]
mode = "redacted"

[mcp.servers.fs]
allow = ["^mcp__fs__read "]
`;

Deno.test("merge: user entries first, imported between markers, comments and tables untouched", async () => {
  const m = await mergePolicyText(POLICY, WANT);
  const data = parse(m.text) as Record<string, unknown>;
  assert.deepEqual(data.allow, ["^npm test$", "^ls$", "^make$"], "no duplicate of a user rule");
  assert.deepEqual(data.block, ["terraform destroy", "^rm -rf( .*)?$"]);
  assert.deepEqual(data.ask, ["^git push( .*)?$"]);
  assert.deepEqual(JSON.parse(JSON.stringify(data.mcp)), {
    servers: { fs: { allow: ["^mcp__fs__read "] } },
  });
  assert.ok(m.text.startsWith('# my policy\nmode = "enforce"\nallow = ["^npm test$", \'^ls$\',\n'));
  assert.ok(m.text.includes("# inline comment"));
  assert.ok(m.text.includes('  "terraform destroy", # never\n'));
  assert.ok(m.text.endsWith(POLICY.slice(POLICY.indexOf("# audit settings"))), m.text);
  assert.equal(m.text.split(BEGIN_MARKER).length - 1, 3);
  assert.equal(m.text.split(END_MARKER).length - 1, 3);
  compilePolicy(data, "policy.toml", m.text);
  // Idempotent.
  assert.equal((await mergePolicyText(m.text, WANT)).text, m.text);
});

Deno.test("merge: a rule gone from Claude's settings leaves; an emptied import goes away entirely", async () => {
  const m = await mergePolicyText(POLICY, WANT);
  const less = await mergePolicyText(m.text, { block: [], ask: [], allow: ["^make$"] });
  const data = parse(less.text) as Record<string, unknown>;
  assert.deepEqual(data.block, ["terraform destroy"]);
  assert.equal(data.ask, undefined, "the ask array the import created is removed");
  assert.deepEqual(data.allow, ["^npm test$", "^ls$", "^make$"]);
  const none = await mergePolicyText(less.text, { block: [], ask: [], allow: [] });
  assert.ok(!none.text.includes(BEGIN_MARKER));
  assert.deepEqual(parse(none.text), parse(POLICY));
});

Deno.test("merge: into an empty file, a file with only tables, and CRLF text", async () => {
  const empty = await mergePolicyText("", WANT);
  assert.deepEqual(JSON.parse(JSON.stringify(parse(empty.text))), {
    block: WANT.block,
    ask: WANT.ask,
    allow: WANT.allow,
  });
  assert.ok(empty.text.startsWith(`block = [\n  ${BEGIN_MARKER}\n  '^rm -rf( .*)?$',\n`));
  const tables = await mergePolicyText('[audit]\nmode = "proof"\n', WANT);
  assert.ok(tables.text.endsWith('\n[audit]\nmode = "proof"\n'), tables.text);
  assert.equal(
    JSON.stringify((parse(tables.text) as { audit: unknown }).audit),
    '{"mode":"proof"}',
  );
  const crlf = await mergePolicyText(
    'allow = [\r\n  "^a$",\r\n]\r\n[audit]\r\nmode = "proof"\r\n',
    WANT,
  );
  assert.ok(!/[^\r]\n/.test(crlf.text), "CRLF kept");
  assert.deepEqual((parse(crlf.text) as { allow: string[] }).allow, ["^a$", ...WANT.allow]);
  const single = await mergePolicyText('allow = ["^a$"]\n', { block: [], ask: [], allow: ["^b$"] });
  assert.deepEqual((parse(single.text) as { allow: string[] }).allow, ["^a$", "^b$"]);
  const emptyArr = await mergePolicyText("allow = []\n", { block: [], ask: [], allow: ["^b$"] });
  assert.deepEqual((parse(emptyArr.text) as { allow: string[] }).allow, ["^b$"]);
});

// ---------------------------------------------------------------------------
// The command.

function settings(home: string, permissions: unknown, rel = ".claude/settings.json"): string {
  const path = `${home}/${rel}`;
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  Deno.writeTextFileSync(path, JSON.stringify({ permissions }, null, 2));
  return path;
}

async function withHome<T>(home: string, f: () => Promise<T>): Promise<T> {
  const old = Deno.env.get("HOME");
  Deno.env.set("HOME", home);
  try {
    return await f();
  } finally {
    if (old === undefined) Deno.env.delete("HOME");
    else Deno.env.set("HOME", old);
  }
}

const PERMS = {
  allow: ["Bash(npm run test:*)", "Read(~/notes/**)", "Bash"],
  ask: ["Read(//srv/data/**)"],
  deny: ["Bash(rm -rf:*)", "mcp__github__delete_repo", "Task(x)"],
};

Deno.test("runImportClaude in-process: writes policy.toml 0600 in a 0700 state dir; re-run changes nothing", async () => {
  const home = await tempHome("guard-import-");
  settings(home, PERMS);
  const policy = `${home}/.aiguard/policy.toml`;
  assert.equal(await withHome(home, () => runImportClaude(["--dry-run"])), 0);
  assert.throws(() => Deno.statSync(`${home}/.aiguard`), Deno.errors.NotFound, "dry run: nothing");
  assert.equal(await withHome(home, () => runImportClaude([])), 0);
  assert.equal(Deno.statSync(`${home}/.aiguard`).mode! & 0o777, 0o700);
  assert.equal(Deno.statSync(policy).mode! & 0o777, 0o600);
  const text = Deno.readTextFileSync(policy);
  const data = parse(text) as Record<string, string[]>;
  assert.deepEqual(data.block, ["^rm -rf( .*)?$", "^mcp__github__delete_repo "]);
  assert.deepEqual(data.ask, [`^${R} /srv/data/.*$`]);
  assert.deepEqual(data.allow, ["^npm run test( .*)?$", `^${R} ${home}/notes/.*$`]);
  compilePolicy(data, policy, text);
  assert.equal(await withHome(home, () => runImportClaude([])), 0);
  assert.equal(Deno.readTextFileSync(policy), text);
  assert.deepEqual([...Deno.readDirSync(`${home}/.aiguard`)].map((e) => e.name), ["policy.toml"]);
});

Deno.test("runImportClaude in-process: --settings files, invalid inputs → exit 2 and nothing written", async () => {
  const home = await tempHome("guard-import-");
  const proj = settings(home, { deny: ["Read(./.env)"] }, "work/app/.claude/settings.local.json");
  assert.equal(await withHome(home, () => runImportClaude(["--settings", proj])), 0);
  const data = parse(Deno.readTextFileSync(`${home}/.aiguard/policy.toml`)) as Record<
    string,
    string[]
  >;
  assert.deepEqual(data.block, [`^${R} ${home}/work/app/\\.env(/.*)?$`]);
  assert.equal(data.allow, undefined);

  Deno.writeTextFileSync(`${home}/bad.json`, "{ nope");
  const cases: string[][] = [
    ["--settings", `${home}/missing.json`],
    ["--settings", `${home}/bad.json`],
    ["--settings"],
    ["--bogus"],
  ];
  for (const args of cases) {
    assert.equal(await withHome(home, () => runImportClaude(args)), 2, args.join(" "));
  }
  // An existing policy that does not parse is not touched.
  Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, "allow = [\n");
  assert.equal(await withHome(home, () => runImportClaude(["--settings", proj])), 2);
  assert.equal(Deno.readTextFileSync(`${home}/.aiguard/policy.toml`), "allow = [\n");
  // One that parses but would not compile (an unknown key) is refused too.
  Deno.writeTextFileSync(`${home}/.aiguard/policy.toml`, "colour = 1\n");
  assert.equal(await withHome(home, () => runImportClaude(["--settings", proj])), 2);
  assert.equal(Deno.readTextFileSync(`${home}/.aiguard/policy.toml`), "colour = 1\n");
});

Deno.test("CLI: guard import-claude-permissions with the production flags; the rules then decide", async () => {
  const main = Deno.readTextFileSync(new URL("../src/cli/main.ts", import.meta.url));
  if (!main.includes('"import-claude-permissions"')) {
    console.warn("main.ts does not dispatch import-claude-permissions yet: skipped");
    return;
  }
  const home = await tempHome("guard-import-");
  settings(home, PERMS);
  const r = await runGuard(home, ["import-claude-permissions"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^\+allow = \[$/m);
  assert.match(r.stdout, /^imported 2 allow \/ 1 ask \/ 2 block from 1 settings file$/m);
  assert.match(r.stdout, /^skipped 2:$/m);
  assert.match(r.stdout, /^ {2}allow Bash: a bare Bash rule/m);
  assert.match(r.stdout, /^ {2}deny Task\(x\): /m);
  const again = await runGuard(home, ["import-claude-permissions"]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /nothing to change/);
  assert.doesNotMatch(again.stdout, /^\+/m);

  const allow = await runGuard(home, ["explain", "--cwd", "/tmp/project", "npm run test --watch"]);
  assert.match(allow.stdout, /^Decision: ALLOW .*rule=user\.allow\[0\]/m);
  const block = await runGuard(home, ["explain", "--cwd", "/tmp/project", "rm -rf build"]);
  assert.match(block.stdout, /^Decision: BLOCK .*rule=user\.block\[0\]/m);
  const ask = await runGuard(home, [
    "explain",
    "--cwd",
    "/tmp/project",
    "--tool",
    "Read",
    "--input",
    JSON.stringify({ file_path: "/srv/data/report.csv" }),
  ]);
  assert.match(ask.stdout, /^Decision: ASK .*rule=user\.ask\[0\]/m);

  // A project's settings outside the granted directories: the read hint, exit 2.
  const proj = settings(home, { deny: ["Read(./.env)"] }, "work/app/.claude/settings.json");
  const denied = await runGuard(home, ["import-claude-permissions", "--settings", proj]);
  assert.equal(denied.code, 2);
  assert.match(denied.stderr, /no permission to read .*work\/app\/\.claude\/settings\.json/);
});
