/**
 * Pure helpers: path normalisation and containment, bash-style glob matching
 * (checked against real bash where available), destination classification.
 */
import assert from "node:assert/strict";
import {
  classifyDestination,
  classifyHost,
  hostOf,
  parseIPv4,
  parseIPv6,
} from "../src/zones/net.ts";
import {
  componentMatches,
  globMatchesExactly,
  globReaches,
  normalize,
  resolve,
  within,
} from "../src/zones/paths.ts";
import { classifyPath } from "../src/zones/sensitive_paths.ts";

Deno.test("normalize, resolve, within", () => {
  const cases: [string, string][] = [
    ["/", "/"],
    ["//", "/"],
    ["/./", "/"],
    ["/..", "/"],
    ["/a/b/../c/./d//", "/a/c/d"],
    ["/home/user/x/../.aiguard", "/home/user/.aiguard"],
    ["a/../../b", "../b"],
  ];
  for (const [i, o] of cases) assert.equal(normalize(i), o, i);
  assert.equal(resolve("..", "/home/user/project"), "/home/user");
  assert.equal(resolve("x", null), null);
  assert.equal(resolve("/etc", null), "/etc");
  assert.ok(within("/home/user/.aiguard/x", "/home/user/.aiguard"));
  assert.ok(!within("/home/user/.aiguardian", "/home/user/.aiguard"));
  assert.ok(within("/anything", "/"));
});

/** [pattern, name, matches?] — bash pathname-expansion semantics without dotglob. */
const GLOB_CASES: [string, string, boolean][] = [
  ["*", "file", true],
  ["*", ".aiguard", false],
  [".*", ".aiguard", true],
  [".a*", ".aiguard", true],
  [".[a]iguard", ".aiguard", true],
  [".?iguard", ".aiguard", true],
  ["[.]aiguard", ".aiguard", false],
  ["?aiguard", ".aiguard", false],
  ["*.pem", "server.pem", true],
  ["*.pem", "server.pem.bak", false],
  ["id_*", "id_rsa", true],
  ["[!x]d_rsa", "id_rsa", true],
  ["[^i]d_rsa", "id_rsa", false],
  ["a*b*c", "aXbYc", true],
  ["a*b*c", "aXcYb", false],
  ["f[0-9]", "f7", true],
  ["f[0-9]", "fx", false],
  ["f[", "f[", true],
];

Deno.test("glob components follow bash (table)", () => {
  for (const [p, n, m] of GLOB_CASES) assert.equal(componentMatches(p, n), m, `${p} vs ${n}`);
  assert.ok(globReaches("/home/user/.a*/totp*", "/home/user/.aiguard"));
  assert.ok(globReaches("/home/*", "/home/user"));
  assert.ok(!globReaches("/home/user/*", "/home/user/.aiguard"));
  assert.ok(globMatchesExactly("/hom?", "/home"));
  assert.ok(!globMatchesExactly("/home/*/x", "/home/user"));
});

Deno.test("glob components agree with real bash pathname expansion", async () => {
  let bash: string | null = null;
  for (const p of ["/bin/bash", "/usr/bin/bash"]) {
    try {
      await Deno.stat(p);
      bash = p;
      break;
    } catch { /* not here */ }
  }
  if (!bash) {
    console.log("bash not found: differential glob check skipped");
    return;
  }
  const dir = await Deno.makeTempDir();
  const names = [...new Set(GLOB_CASES.map(([, n]) => n))];
  for (const n of names) await Deno.writeTextFile(`${dir}/${n}`, "");
  for (const [p] of GLOB_CASES) {
    const out = new Deno.Command(bash, {
      args: [
        "-c",
        `shopt -s nullglob; cd "$1" && for f in ${p}; do printf '%s\\n' "$f"; done`,
        "x",
        dir,
      ],
      stdout: "piped",
    }).outputSync();
    const bashMatches = new TextDecoder().decode(out.stdout).split("\n").filter((s) => s);
    const ours = names.filter((n) => componentMatches(p, n));
    // bash only reports names that are literal files; a pattern without glob characters
    // that names no file prints nothing (nullglob does not apply), so compare globs only.
    if (/[*?[]/.test(p) && p !== "f[") assert.deepEqual(ours.sort(), bashMatches.sort(), p);
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("IPv4 in every inet_aton spelling", () => {
  const md = 0xa9fea9fe;
  for (
    const s of [
      "169.254.169.254",
      "2852039166",
      "0xa9fea9fe",
      "0xA9FEA9FE",
      "0251.0376.0251.0376",
      "0xa9.0xfe.0xa9.0xfe",
      "169.254.43518",
      "169.16689662",
      "0251.254.169.0376",
    ]
  ) {
    assert.equal(parseIPv4(s), md, s);
  }
  assert.equal(parseIPv4("256.1.1.1"), null);
  assert.equal(parseIPv4("1.2.3.4.5"), null);
  assert.equal(parseIPv4("08.1.1.1"), null);
});

Deno.test("IPv6 parsing and mapped addresses", () => {
  assert.deepEqual(parseIPv6("::1"), [0, 0, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(parseIPv6("::ffff:169.254.169.254"), [0, 0, 0, 0, 0, 0xffff, 0xa9fe, 0xa9fe]);
  assert.equal(parseIPv6("1:2:3"), null);
  assert.equal(parseIPv6("::g"), null);
});

Deno.test("destinations: metadata in any spelling, loopback, private, public", () => {
  const meta = [
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.169.254./",
    "http://user:pw@169.254.169.254:80/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fd00:ec2::254]/latest",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://METADATA.GOOGLE.INTERNAL./",
    "http://100.100.100.200/latest/meta-data",
    "http://169.254.170.2/v2/credentials",
    "169.254.169.254",
    "2852039166",
    "http://0xa9fea9fe/",
    "http://%31%36%39.254.169.254/",
  ];
  for (const m of meta) assert.equal(classifyDestination(m)?.cls, "metadata", m);
  assert.equal(classifyHost("localhost"), "loopback");
  assert.equal(classifyHost("127.1"), "loopback");
  assert.equal(classifyHost("[::1]"), "loopback");
  assert.equal(classifyHost("10.0.0.8"), "private");
  assert.equal(classifyHost("192.168.1.1"), "private");
  assert.equal(classifyHost("172.20.0.1"), "private");
  assert.equal(classifyHost("169.254.1.1"), "link-local");
  assert.equal(classifyHost("example.com"), "public");
  assert.equal(classifyHost("8.8.8.8"), "public");
  assert.equal(hostOf("git@github.com:org/repo.git"), "github.com");
  assert.equal(hostOf("file:/etc/passwd"), null);
});

Deno.test("path classification tables", () => {
  const env = { home: "/home/user", stateDir: "/home/user/.aiguard", guardPaths: ["/opt/guard"] };
  const cls = (p: string) => classifyPath(p, env).map((h) => h.cls).sort();
  assert.deepEqual(cls("/home/user/.aiguard/totp-secret"), ["state"]);
  assert.deepEqual(cls("/home/user/.AIGUARD/x"), ["state"]);
  assert.deepEqual(cls("/opt/guard/main.ts"), ["guard", "system"]);
  assert.deepEqual(cls("/home/user/.ssh/id_rsa"), ["credential"]);
  assert.deepEqual(cls("/home/user/.ssh/id_rsa.pub"), []);
  assert.deepEqual(cls("/home/user/.ssh/authorized_keys"), ["authorized-keys"]);
  assert.deepEqual(cls("/home/user/.ssh/config"), ["startup"]);
  assert.deepEqual(cls("/home/user/project/.env"), ["credential"]);
  assert.deepEqual(cls("/home/user/project/.env.example"), []);
  assert.deepEqual(cls("/home/user/.bashrc"), ["startup"]);
  assert.deepEqual(cls("/home/user/.claude/settings.local.json"), ["hook-config"]);
  assert.deepEqual(cls("/srv/app/.claude/settings.json"), ["hook-config", "system"]);
  assert.deepEqual(cls("/home/user/project/.github/hooks/pre.json"), ["hook-config"]);
  assert.deepEqual(cls("/etc/shadow"), ["credential", "system"]);
  assert.deepEqual(cls("/dev/sda"), ["device"]);
  assert.deepEqual(cls("/dev/null"), []);
  assert.deepEqual(cls("/home/user/project/.git/hooks/pre-commit"), ["git-internal"]);
  assert.deepEqual(cls("/home/user/project/src/main.ts"), []);
});
