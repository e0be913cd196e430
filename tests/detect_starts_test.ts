/**
 * The secret detector tries each built-in pattern only where a match can
 * start (next to the literals its matches begin with, found in one literal
 * search) instead of scanning the whole text. These tests hold that to the
 * whole-text scan: for every built-in rule and false-positive guard, on
 * generated texts built around the pattern's own pieces, `patternMatches`
 * yields exactly what `text.matchAll(pattern)` yields. They also hold the
 * literal search to `text.toLowerCase().includes`.
 */
import assert from "node:assert/strict";
import {
  effectiveRules,
  findSecrets,
  patternMatches,
  SAFE_SPANS,
  SECRET_RULES,
  startLiterals,
} from "../src/detect/secrets.ts";
import {
  findLiterals,
  KeywordCheck,
  literalMap,
  mayHoldSecret,
  searchable,
  SECRET_KEYWORDS,
  SHORT_TEXT,
  UNIT_SCAN,
} from "../src/detect/secret_keywords.ts";

function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const AB = "aB3dE5gH7jK9mN2pQ4sT6vW8yZ1cF0hJ";
const mixed = (n: number) => AB.repeat(Math.ceil(n / AB.length)).slice(0, n);
const hex = (n: number) => "0123456789abcdef".repeat(Math.ceil(n / 16)).slice(0, n);

/** Pieces the patterns are made of, and the places where their starts are subtle. */
const PIECES = [
  "export ",
  "export    ",
  "export\t",
  "export     ",
  ";",
  " ",
  "\t",
  "\n",
  "\u00a0",
  "\u2028",
  "\u3000",
  "-",
  "--",
  "=",
  ": ",
  '"',
  "'",
  "=>",
  "@",
  "/",
  "+",
  "_",
  ".",
  "é",
  "\u212a",
  "\u0130",
  "\u{1F600}",
  "DB_PASSWORD=",
  "MY_SECRET_TOKEN=",
  "X".repeat(39) + "_TOKEN=",
  "X".repeat(41) + "_TOKEN=",
  "PASSWD=",
  "PWD=",
  "APIKEY=",
  "API_KEY=",
  "ACCESSKEY=",
  "PRIVATE_KEY=",
  "AUTH=",
  "--password=",
  "-password ",
  "--token ",
  "--api-key=",
  "--apikey ",
  "--client-secret=",
  "--access-token ",
  "--auth-token=",
  "--secret-key ",
  "-passwd=",
  "aws secret access key: '",
  "aws_secret_access_key=",
  "AWSSecretAccessKey: ",
  "secretaccesskey=",
  'SecretAccessKey": "',
  "https://",
  "http://",
  "ftp://",
  "ftps://",
  "sftp://",
  "ssh://",
  "git://",
  "smtp://",
  "smtps://",
  "imaps://",
  "ldap://",
  "ldaps://",
  "ws://",
  "wss://",
  "postgres://",
  "postgresql+psycopg://",
  "mysql://",
  "mariadb://",
  "mongodb+srv://",
  "redis://",
  "rediss://",
  "amqps://",
  "mssql://",
  "sqlserver://",
  "clickhouse://",
  "cockroachdb://",
  "couchdb://",
  "neo4j://",
  "oracle://",
  "jdbc:mysql://",
  "jdbc:postgresql+x1://",
  "user:",
  "deploy:",
  "@host/db",
  "https://hooks.slack.com/services/",
  "https://discord.com/api/webhooks/123456/",
  "https://ptb.discord.com/api/webhooks/123456/",
  "https://canary.discordapp.com/api/webhooks/123456/",
  "12345678:AA",
  "123456789:AA",
  "1234567890:AA",
  "12345678901:AA",
  "AccountKey=",
  "account_key: '",
  "accountkey=",
  "AZURE_STORAGE_KEY=",
  "azure_storage_key=",
  "SK",
  "sk",
  "twilio",
  "Authorization: Bearer ",
  "authorization = token ",
  "bearer ",
  "mysql -u root -p",
  "mysqldump -p",
  "ldapsearch -x -w ",
  "redis-cli -a ",
  "rabbitmqadmin -p ",
  "sshpass -p ",
  "mongosh --password ",
  "password: '",
  'passwd="',
  "pwd => '",
  'passphrase: "',
  'api_key = "',
  "client_secret: ",
  "token=",
  "credentials: ",
  "auth_key=",
  "private_key_id: ",
  "-----BEGIN RSA PRIVATE KEY-----\n",
  "-----END RSA PRIVATE KEY-----",
  "-----BEGIN CERTIFICATE-----\n",
  "-----END CERTIFICATE-----",
  "-----BEGIN PUBLIC KEY-----",
  "data:image/png;base64,",
  "DATA:text/plain;base64,",
  "sha256-",
  "sha512-",
  "sha1-",
  "h1:",
  "sha256:",
  "ssh-rsa AAAA",
  "ssh-ed25519 AAAA",
  "ecdsa-sha2-nistp256 AAAA",
  "sk-ssh-ed25519@openssh.com AAAA",
  "AKIA",
  "ASIA",
  "A3TX",
  "ghp_",
  "github_pat_",
  "glpat-",
  "xoxb-",
  "xapp-1-A1-1-a",
  "sk_live_",
  "rk_test_",
  "sk-ant-api03-",
  "sk-proj-",
  "T3BlbkFJ",
  "hf_",
  "npm_",
  "pypi-AgEIcHlwaS5vcmc",
  "AIza",
  "GOCSPX-",
  "SG.",
  "shpat_",
  "dop_v1_",
  "AGE-SECRET-KEY-1",
  "eyJ",
  ".eyJ",
  mixed(8),
  mixed(16),
  mixed(20),
  mixed(36),
  mixed(40),
  mixed(64),
  mixed(86) + "==",
  hex(32),
  hex(64),
  "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE6M",
  "ABCDEFGHIJKLMNOP",
  "AAAA",
  "1234567890",
  "lorem ipsum ",
];

function texts(seed: number, n: number, extra: string[]): string[] {
  const rnd = prng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
  const pool = [...PIECES, ...extra];
  const out: string[] = [...extra];
  for (let i = 0; i < n; i++) {
    let t = "";
    const parts = 1 + Math.floor(rnd() * 10);
    for (let k = 0; k < parts; k++) {
      let piece = pick(pool);
      const r = rnd();
      if (r < 0.15) piece = piece.toUpperCase();
      else if (r < 0.3) piece = piece.toLowerCase();
      else if (r < 0.35) piece = piece.slice(0, Math.floor(rnd() * piece.length));
      t += piece;
    }
    out.push(t);
  }
  return out;
}

const view = (ms: Iterable<RegExpMatchArray>) =>
  [...ms].map((m) => [m.index, m[0], m.groups ? { ...m.groups } : undefined]);

Deno.test("each built-in pattern, tried only where matches start, finds what a whole-text scan finds", () => {
  const patterns: [string, RegExp, string[]][] = [
    ...SECRET_RULES.map((r): [string, RegExp, string[]] => [
      r.id,
      r.pattern,
      [...r.examples!.match, ...r.examples!.noMatch],
    ]),
    ...SAFE_SPANS.map((re, i): [string, RegExp, string[]] => [`safe span ${i}`, re, []]),
  ];
  let compared = 0;
  patterns.forEach(([id, re, examples], i) => {
    assert.ok(startLiterals(re).length > 0 || id === "twilio-api-key", `${id} has starts`);
    for (const t of texts(1000 + i, 400, examples)) {
      const found = literalMap(t, startLiterals(re));
      assert.deepEqual(
        view(patternMatches(re, t, found)),
        view(t.matchAll(re)),
        `${id} on ${JSON.stringify(t)}`,
      );
      compared++;
    }
  });
  assert.ok(compared > 10_000);
});

Deno.test("the subtle starts: export and spaces, a flag at offset 0, the spelled-out AWS name, schemes, digits before :AA", () => {
  const schemes = [
    "postgres",
    "postgresql",
    "mysql",
    "mariadb",
    "mongodb",
    "mongodb+srv",
    "redis",
    "rediss",
    "amqp",
    "amqps",
    "mssql",
    "sqlserver",
    "clickhouse",
    "cockroachdb",
    "couchdb",
    "neo4j",
    "oracle",
    "jdbc:mysql",
  ];
  const web = ["http", "https", "ftp", "ftps", "sftp", "ssh", "git", "smtp", "smtps"];
  const cases: [string, string][] = [
    ...schemes.map((x): [string, string] => ["db-url-password", `${x}://app:${mixed(16)}@db`]),
    ...web.concat(["imap", "imaps", "ldap", "ldaps", "ws", "wss"]).map((
      x,
    ): [string, string] => ["url-credentials", `(${x.toUpperCase()}://deploy:${mixed(20)}@h`]),
    ["env-secret", " export    DB_PASSWORD=" + mixed(20)],
    ["env-secret", ";export\t\t\t\tTOKEN=" + mixed(20)],
    ["env-secret", "export    DB_PASSWORD=" + mixed(20)],
    ["env-secret", "export\tAPI_KEY=" + mixed(20)],
    ["env-secret", "DB_PASSWORD=" + mixed(20)],
    ["cli-password-flag", "-password=" + mixed(16)],
    ["cli-password-flag", "--token " + mixed(20)],
    ["aws-secret-access-key", `aws secret access key: '${mixed(40)}'`],
    ["url-credentials", "ws://deploy:" + mixed(20) + "@h"],
    ["url-credentials", "https://deploy:" + mixed(20) + "@h"],
    ["db-url-password", "jdbc:postgresql+x1://app:" + mixed(16) + "@db"],
    ["telegram-bot-token", "12345678:AA" + mixed(33)],
    ["telegram-bot-token", "1234567890:AA" + mixed(33)],
    ["discord-webhook", "https://canary.discordapp.com/api/webhooks/123456/" + mixed(68)],
    ["azure-storage-key", "AZURE_STORAGE_KEY=" + mixed(86) + "=="],
  ];
  for (const [id, t] of cases) {
    const r = SECRET_RULES.find((x) => x.id === id)!;
    const full = view(t.matchAll(r.pattern));
    assert.ok(full.length > 0, `${id} matches ${JSON.stringify(t)}`);
    assert.deepEqual(view(patternMatches(r.pattern, t)), full, id);
  }
  const safe: [number, string][] = [
    [0, "data:image/png;base64," + mixed(40)],
    [1, "sha384-" + mixed(40)],
    [2, "h1:" + mixed(44) + "="],
    [3, "ssh-dss AAAA" + mixed(30)],
    [3, "ecdsa-sha2-nistp384 AAAA" + mixed(30)],
    [3, "sk-ssh-ed25519@openssh.com AAAA" + mixed(30)],
    [4, "-----BEGIN X509 CRL-----\n" + mixed(40) + "\n-----END X509 CRL-----"],
    [5, "sha256:" + hex(64)],
  ];
  for (const [i, t] of safe) {
    const re = SAFE_SPANS[i];
    assert.ok(view(t.matchAll(re)).length > 0, `safe span ${i} matches ${JSON.stringify(t)}`);
    assert.deepEqual(view(patternMatches(re, "x " + t)), view(("x " + t).matchAll(re)));
  }
});

Deno.test("the literal search agrees with toLowerCase().includes, Kelvin sign and dotted I included", () => {
  const rnd = prng(7);
  const alphabet = [
    "k",
    "K",
    "\u212a",
    "i",
    "I",
    "\u0130",
    "e",
    "y",
    "é",
    "\u{1F600}",
    " ",
    "_",
    "-",
    ":",
    "w",
  ];
  const keywords = [
    "key",
    "kiwi",
    "wiki",
    "ik",
    "i",
    "k",
    "e_",
    "ke",
    "y:",
    "\u212a",
    "éy",
    "KEY",
    "",
  ];
  for (let n = 0; n < 3000; n++) {
    let t = "";
    const len = Math.floor(rnd() * 14);
    for (let k = 0; k < len; k++) t += alphabet[Math.floor(rnd() * alphabet.length)];
    const lower = t.toLowerCase();
    const check = new KeywordCheck(
      t,
      literalMap(t, keywords.filter(searchable)),
    );
    for (const k of keywords) {
      assert.equal(check.has(k), lower.includes(k), `${JSON.stringify(k)} in ${JSON.stringify(t)}`);
    }
  }
  // Offsets are UTF-16 offsets, in every script and around a byte-order mark.
  const t = "\ufeffé\u{1F600}KEY 中 key\ufeffkEy" + "x".repeat(5000) + "é" + "key";
  const [at] = findLiterals(t, ["key"]);
  const expected: number[] = [];
  for (let p = t.toLowerCase().indexOf("key"); p >= 0; p = t.toLowerCase().indexOf("key", p + 1)) {
    expected.push(p);
  }
  assert.deepEqual(at, expected);
  // Long texts take the two-run scan: offsets right in every script, on both sides of the halves.
  const pieces = ["key", "KEY", "ke", "y", "é", "中", "\u{1F600}", "\ufeff", " ", "\ud800", "kkey"];
  const rnd2 = prng(11);
  for (let round = 0; round < 20; round++) {
    let t = "";
    while (t.length < 200 + round * 300) t += pieces[Math.floor(rnd2() * pieces.length)];
    const [got] = findLiterals(t, ["key"]);
    const want: number[] = [];
    const l = t.toLowerCase();
    for (let p = l.indexOf("key"); p >= 0; p = l.indexOf("key", p + 1)) want.push(p);
    assert.deepEqual(got, want, `round ${round}`);
  }
  // Matches at the seam of the two runs are found once.
  for (let n = 1000; n < 1012; n++) {
    const h = n >> 1;
    for (let p = h - 6; p <= h + 2; p++) {
      for (const c of ["x", "é"]) {
        const t = c.repeat(p) + "keyKEY" + "x".repeat(n - p - 6);
        const seam = findLiterals(t, ["keykey", "key"]);
        assert.deepEqual(seam, [[p], [p, p + 3]], `${n} ${p} ${c}`);
      }
    }
  }
  // Matches across the two halves are found once.
  const long = ("ab" + "key".repeat(3) + "é ").repeat(20_000);
  const [all] = findLiterals(long, ["keykey"]);
  let count = 0;
  for (let p = long.indexOf("keykey"); p >= 0; p = long.indexOf("keykey", p + 1)) count++;
  assert.equal(all.length, count);
  assert.deepEqual(all, [...all].sort((a, b) => a - b));
});

Deno.test("mayHoldSecret and findSecrets: repeated and interleaved calls give the same answers", () => {
  const secret = "token: ghp_" + mixed(36);
  assert.equal(mayHoldSecret("lorem ipsum"), false);
  assert.equal(mayHoldSecret("TO\u212aEN"), true, "KELVIN SIGN lower-cases to k");
  assert.equal(mayHoldSecret(""), false);
  assert.ok(SECRET_KEYWORDS.every((k) => mayHoldSecret(`x ${k.toUpperCase()} y`)));
  const first = findSecrets(secret);
  assert.equal(first.length, 1);
  for (let i = 0; i < 3; i++) {
    assert.deepEqual(findSecrets("nothing here"), []);
    assert.deepEqual(findSecrets(secret, { rules: effectiveRules() }), first);
  }
  // A long text scanned in overlapping windows: the same findings in any order of calls.
  const long = ("filler text é " + secret + "\nDB_PASSWORD=" + mixed(18) + "\n").repeat(300);
  const windows: string[] = [];
  for (let a = 0; a < long.length; a += 997) windows.push(long.slice(a, a + 2500));
  const inOrder = windows.map((w) => findSecrets(w));
  const reversed = windows.map((_, i) => windows.length - 1 - i).map((i) => {
    findSecrets(long.slice(0, i * 13));
    return [i, findSecrets(windows[i])] as const;
  });
  for (const [i, hits] of reversed) assert.deepEqual(hits, inOrder[i]);
  assert.ok(inOrder.every((h) => h.length > 0));
});

Deno.test("a rule list changed in place is read again: keywords, patterns, order", () => {
  const rule = {
    id: "custom",
    description: "custom",
    keywords: ["zzz"],
    pattern: /zzz\d{3}/g,
  };
  const text = "zzz123 yyy456 ZZZ789";
  assert.deepEqual(findSecrets(text, [rule]), [{ rule: "custom", start: 0, end: 6 }]);
  rule.keywords[0] = "yyy";
  assert.deepEqual(findSecrets(text, [rule]), [{ rule: "custom", start: 0, end: 6 }]);
  rule.pattern = /yyy\d{3}/g;
  assert.deepEqual(findSecrets(text, [rule]), [{ rule: "custom", start: 7, end: 13 }]);
  rule.keywords.push("nope");
  rule.keywords[0] = "qqq";
  assert.deepEqual(findSecrets(text, [rule]), []);
  rule.keywords = ["ZZZ"]; // upper case: never in lower-cased text
  assert.deepEqual(findSecrets(text, [rule]), []);
  rule.keywords = [];
  assert.deepEqual(findSecrets(text, [rule]), [{ rule: "custom", start: 7, end: 13 }]);
  const both = [...SECRET_RULES.slice(0, 3), rule];
  assert.deepEqual(findSecrets(text, both), findSecrets(text, [...both]));
  assert.deepEqual(findSecrets("", both), []);
});

Deno.test("mayHoldSecret: the short-text search and the literal search agree on either side of SHORT_TEXT", () => {
  const pad = (n: number) => "lorem ipsum dolor sit amet ".repeat(Math.ceil(n / 27)).slice(0, n);
  for (const k of SECRET_KEYWORDS) {
    for (const spelled of [k, k.toUpperCase(), k.replaceAll("k", "\u212a")]) {
      for (
        const n of [0, 10, SHORT_TEXT - spelled.length, SHORT_TEXT, SHORT_TEXT + 1, 3 * SHORT_TEXT]
      ) {
        for (const at of ["start", "end"]) {
          const t = at === "start" ? spelled + pad(n) : pad(n) + spelled;
          assert.equal(
            mayHoldSecret(t),
            t.toLowerCase().includes(k),
            `${spelled} at ${at} of ${t.length}`,
          );
        }
      }
    }
  }
  assert.equal(mayHoldSecret(pad(SHORT_TEXT)), false);
  assert.equal(mayHoldSecret(pad(SHORT_TEXT + 1)), false);
});

Deno.test("literal search: the UTF-16 scan of short texts finds what the byte scan finds", () => {
  // Short texts (up to UNIT_SCAN) are read unit by unit, longer ones as UTF-8 bytes in two runs;
  // both give the same offsets, in every script, lone surrogates and astral characters included.
  const pieces = [
    "key",
    "KEY",
    "k",
    "ey",
    "sk-",
    "ghp_",
    "://",
    "é",
    "中",
    "\u{1F600}",
    "\ud800",
    "\udc00",
    "\ufeff",
    "\u212a",
    "\u0130",
    "\u0080",
    "\u07ff",
    " ",
    "x",
    "\n",
  ];
  const literals = [...new Set([...SECRET_KEYWORDS, "key", "keykey", "k", "ey"])].sort();
  const rnd = prng(21);
  for (let n = 0; n < 3000; n++) {
    let t = "";
    const len = n % 50 === 0 ? UNIT_SCAN - 8 + (n % 17) : Math.floor(rnd() * 80);
    while (t.length < len) t += pieces[Math.floor(rnd() * pieces.length)];
    const bytes = findLiterals(t, literals, "bytes");
    assert.deepEqual(findLiterals(t, literals, "units"), bytes, JSON.stringify(t));
    assert.deepEqual(findLiterals(t, literals), bytes, JSON.stringify(t));
  }
  for (const t of ["", "k", "é", "\ud800key", "KEY\u{1F600}key"]) {
    assert.deepEqual(findLiterals(t, literals, "units"), findLiterals(t, literals, "bytes"));
  }
});
