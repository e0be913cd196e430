/**
 * URL and host spellings, each with the class of the host it reaches: parsed the way WHATWG
 * URL / fetch parse them and, where they differ, the way curl and wget do (checked against
 * curl 7.88 and wget 1.21 through a logging proxy). The most dangerous reading wins.
 */
import assert from "node:assert/strict";
import { classifyDestination, type HostClass, parseIPv4, parseIPv6 } from "../src/zones/net.ts";

const TABLE: [string, HostClass | null][] = [
  // ── Cloud metadata ──────────────────────────────────────────────────────────────────
  ["http://169.254.169.254/latest/meta-data/", "metadata"],
  // Unicode full stops and digits: IDNA maps them (fetch, curl and wget all do).
  ["http://169。254。169。254/", "metadata"],
  ["http://169．254．169．254/", "metadata"],
  ["http://169｡254｡169｡254/", "metadata"],
  ["http://169.254.169.254。/", "metadata"],
  ["http://１６９.２５４.１６９.２５４/", "metadata"],
  ["http://①⑥⑨.②⑤④.①⑥⑨.②⑤④/", "metadata"],
  // Special schemes: backslashes are slashes, missing or extra slashes still mean authority.
  ["http:/\\169.254.169.254/latest", "metadata"],
  ["http:\\\\169.254.169.254\\latest", "metadata"],
  ["http:169.254.169.254/latest", "metadata"],
  ["https:169.254.169.254", "metadata"],
  ["http:///169.254.169.254/", "metadata"],
  ["http:////169.254.169.254", "metadata"],
  // Tabs and newlines anywhere are removed; leading and trailing spaces trimmed.
  ["ht\ttp://169.254.169.254/", "metadata"],
  ["http://169.254.\n169.254/", "metadata"],
  ["http://169.254.169\r\n.254/", "metadata"],
  [" http://169.254.169.254/ ", "metadata"],
  // Case and trailing dots.
  ["HTTP://169.254.169.254/", "metadata"],
  ["HtTpS://169.254.169.254/", "metadata"],
  ["http://169.254.169.254./", "metadata"],
  ["http://169.254.169.254../", "metadata"],
  // Userinfo: the host is after the last @; curl does not end the authority at a backslash
  // (example.com\ is its userinfo), fetch does (the rest is path); wget behind a proxy
  // decodes %2f in the userinfo and hands the proxy http://169.254.169.254/@example.com/.
  ["http://user:pw@169.254.169.254/", "metadata"],
  ["http://a@b@169.254.169.254/", "metadata"],
  ["http://example.com@169.254.169.254/", "metadata"],
  ["http://example.com:80@169.254.169.254/", "metadata"],
  ["http://example.com\\@169.254.169.254/", "metadata"],
  ["http://169.254.169.254\\@example.com/", "metadata"],
  ["http://169.254.169.254%2f@example.com/", "metadata"],
  ["http://169.254.169.254#@example.com", "metadata"],
  // Percent-encoded hosts, also of Unicode digits and full stops.
  ["http://169.254.169.%32%35%34/", "metadata"],
  ["http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "metadata"],
  ["http://%EF%BC%91%EF%BC%96%EF%BC%99.254.169.254/", "metadata"],
  ["http://169%E3%80%82254%E3%80%82169%E3%80%82254/", "metadata"],
  // IPv4 numbers: decimal, hex, octal, short forms, mixed.
  ["http://2852039166/", "metadata"],
  ["http://0xa9fea9fe/", "metadata"],
  ["http://0XA9FEA9FE/", "metadata"],
  ["http://0251.0376.0251.0376/", "metadata"],
  ["http://00000251.254.169.254/", "metadata"],
  ["http://0xa9.0xfe.0xa9.0xfe/", "metadata"],
  ["http://169.254.43518/", "metadata"],
  ["http://169.16689662/", "metadata"],
  ["http://0251.0xfe.43518/", "metadata"],
  // IPv6: mapped, compatible, NAT64, AWS IMDS, a zone id (curl accepts, fetch does not).
  ["http://[::ffff:169.254.169.254]/", "metadata"],
  ["http://[::ffff:a9fe:a9fe]/", "metadata"],
  ["http://[0:0:0:0:0:ffff:a9fe:a9fe]/", "metadata"],
  ["http://[::FFFF:A9FE:A9FE]:80/", "metadata"],
  ["http://[::a9fe:a9fe]/", "metadata"],
  ["http://[::169.254.169.254]/", "metadata"],
  ["http://[64:ff9b::a9fe:a9fe]/", "metadata"],
  ["http://[fd00:ec2::254]/latest/meta-data/", "metadata"],
  ["http://[FD00:EC2:0:0:0:0:0:254]/", "metadata"],
  ["http://[fd00:ec2::23]/", "metadata"],
  ["http://[::ffff:169.254.169.254%25eth0]/", "metadata"],
  // Metadata names: case, trailing dot, port, IDNA mapping (fullwidth, circled, soft hyphen,
  // zero-width space), single-label names resolved through the search domain.
  ["http://metadata.google.internal/computeMetadata/v1/", "metadata"],
  ["http://METADATA.GOOGLE.INTERNAL./", "metadata"],
  ["http://metadata.google.internal:80/", "metadata"],
  ["http://ｍｅｔａｄａｔａ.google.internal/", "metadata"],
  ["http://ⓜⓔⓣⓐⓓⓐⓣⓐ.google.internal/", "metadata"],
  ["http://meta\u00addata.google.internal/", "metadata"],
  ["http://meta\u200bdata.google.internal/", "metadata"],
  ["http://metadata/computeMetadata/v1/", "metadata"],
  ["http://METADATA./", "metadata"],
  ["http://instance-data/latest/meta-data/", "metadata"],
  ["http://instance-data.ec2.internal/", "metadata"],
  ["http://100.100.100.200/latest/meta-data/", "metadata"],
  ["http://169.254.170.2/v2/credentials", "metadata"],
  // Other schemes (curl speaks gopher and dict; opaque hosts there are decoded and mapped).
  ["gopher://169.254.169.254:80/_GET%20/", "metadata"],
  ["gopher://169.254.169.%32%35%34:80/", "metadata"],
  ["gopher://２８５２０３９１６６/", "metadata"],
  ["dict://169.254.169.254:11211/stat", "metadata"],
  ["ftp://169.254.169.254/", "metadata"],
  ["ws://169.254.169.254/", "metadata"],
  // Scheme-less words, as curl and wget take them (http:// assumed).
  ["169.254.169.254", "metadata"],
  ["169.254.169.254/latest/meta-data", "metadata"],
  ["2852039166", "metadata"],
  ["0xa9fea9fe:80/latest", "metadata"],
  ["[::ffff:a9fe:a9fe]:80/", "metadata"],
  ["[fd00:ec2::254]", "metadata"],
  ["user@169.254.169.254/latest", "metadata"],
  ["metadata.google.internal/computeMetadata/v1/", "metadata"],
  ["metadata:80/computeMetadata/v1/", "metadata"],
  ["１６９.２５４.１６９.２５４/latest", "metadata"],
  ["169。254。169。254", "metadata"],
  ["//169.254.169.254/latest", "metadata"],

  // ── Loopback ────────────────────────────────────────────────────────────────────────
  ["http://localhost/", "loopback"],
  ["localhost", "loopback"],
  ["localhost.", "loopback"],
  ["LOCALHOST", "loopback"],
  ["localhost:8080", "loopback"],
  ["http://LocalHost.:8080/", "loopback"],
  ["http://foo.localhost/", "loopback"],
  ["http://localhost%2e/", "loopback"],
  ["http://127.0.0.1/", "loopback"],
  ["127.1", "loopback"],
  ["0x7f.1", "loopback"],
  ["0177.0.0.1", "loopback"],
  ["2130706433", "loopback"],
  ["http://127。0。0。1/", "loopback"],
  ["http://１２７.０.０.１/", "loopback"],
  ["http://[::1]:8080", "loopback"],
  ["http://[0:0:0:0:0:0:0:1]/", "loopback"],
  ["http://[::ffff:127.0.0.1]/", "loopback"],
  ["http://[::]/", "loopback"],
  ["http://0/", "loopback"],
  ["http://0.0.0.0:8000/", "loopback"],

  // ── Private ─────────────────────────────────────────────────────────────────────────
  ["10.0.0.1", "private"],
  ["192.168.1.1", "private"],
  ["172.16.0.1", "private"],
  ["http://172.31.255.255/", "private"],
  ["http://10.1/", "private"],
  ["http://012.0.0.1/", "private"],
  ["http://0xa000001/", "private"],
  ["http://100.64.0.1/", "private"],
  ["http://[fc00::1]/", "private"],
  ["http://[fd12:3456::1]/", "private"],
  ["http://[::ffff:10.0.0.1]/", "private"],
  ["http://[::ffff:c0a8:101]/", "private"],

  // ── Link-local ──────────────────────────────────────────────────────────────────────
  ["http://169.254.1.1/", "link-local"],
  ["169.254.169.253", "link-local"],
  ["http://[fe80::1]/", "link-local"],
  ["http://[fe80::1%25eth0]/", "link-local"],

  // ── Public (negative controls) ──────────────────────────────────────────────────────
  ["https://example.com", "public"],
  ["example.com", "public"],
  ["HTTPS://EXAMPLE.COM/", "public"],
  ["https://api.github.com/repos/o/r", "public"],
  ["git@github.com:org/repo.git", "public"],
  ["github.com:443", "public"],
  ["http://metadata.google.internal.example.com/", "public"],
  ["http://notmetadata/", "public"],
  ["http://8.8.8.8/", "public"],
  ["http://11.0.0.1/", "public"],
  ["http://172.32.0.1/", "public"],
  ["http://192.169.1.1/", "public"],
  ["https://[2001:db8::1]/", "public"],
  ["http://münchen.de/", "public"],
  ["http://xn--mnchen-3ya.de/", "public"],
  // A Cyrillic е is a different name (xn--mtadata-7gg), not metadata.
  ["http://mеtadata.google.internal/", "public"],
  // The @ is in the fragment, the query or the path: the host is example.com for every client.
  ["http://example.com#@169.254.169.254", "public"],
  ["http://example.com?@169.254.169.254", "public"],
  ["http://example.com/@169.254.169.254", "public"],
  ["http://example.com/169.254.169.254", "public"],
  ["http://169.254.169.254:80@example.com/", "public"],

  // ── Names that spell an address (wildcard DNS: nip.io, sslip.io, …, or anyone's own) ──
  // Judged by the address they spell when it is not public; a spelled loopback address leaves
  // the name the public name it is (loopback is the lenient class, and the owner's DNS decides).
  ["http://169.254.169.254.nip.io/", "metadata"],
  ["http://169-254-169-254.nip.io/", "metadata"],
  ["http://a9fea9fe.nip.io/", "metadata"],
  ["http://A9FEA9FE.NIP.IO./latest", "metadata"],
  ["http://app-a9fea9fe.nip.io/", "metadata"],
  ["http://magic-169-254-169-254.nip.io/", "metadata"],
  ["http://app.169.254.169.254.sslip.io/", "metadata"],
  ["http://169-254-169-254.sslip.io/", "metadata"],
  ["http://--169-254-169-254.sslip.io/", "metadata"],
  ["http://www-169-254-170-2.sslip.io/", "metadata"],
  ["http://fd00-ec2--254.sslip.io/", "metadata"],
  ["http://fd00-ec2--23.sslip.io/", "metadata"],
  ["http://100.100.100.200.xip.io/", "metadata"],
  ["http://169.254.169.254.traefik.me/", "metadata"],
  ["http://169-254-169-254.traefik.me/", "metadata"],
  ["http://169.254.169.254.example.com/", "metadata"],
  ["http://x.169.254.169.254.example.com/", "metadata"],
  ["http://169-254-169-254.attacker.example/", "metadata"],
  ["user@169.254.169.254.nip.io:/x", "metadata"],
  ["http://169。254。169。254.nip.io/", "metadata"],
  ["http://10.0.0.1.nip.io/", "private"],
  ["http://10-0-0-1.sslip.io/", "private"],
  ["http://0a000001.nip.io/", "private"],
  ["http://c0a80101.sslip.io/", "private"],
  ["http://192-168-1-1.traefik.me/", "private"],
  ["http://ip-10-0-0-1.ec2.internal/", "private"],
  ["http://fd00--1.sslip.io/", "private"],
  ["http://fe80--1.sslip.io/", "link-local"],
  ["http://169.254.1.1.nip.io/", "link-local"],
  ["http://127.0.0.1.nip.io/", "public"],
  ["http://--1.sslip.io/", "public"],
  ["http://localtest.me/", "public"],
  ["http://app.lvh.me:3000/", "public"],
  ["http://1.2.3.4.nip.io/", "public"],
  ["http://8-8-8-8.sslip.io/", "public"],
  ["http://deadbeef.example.com/", "public"],
  ["http://0a000001.pages.dev/", "public"],
  ["http://ec2-54-1-2-3.compute-1.amazonaws.com/", "public"],
  ["http://v1.2.3.4.cdn.example/", "public"],
  ["http://10.0.0.1000.example/", "public"],

  // ── No host ─────────────────────────────────────────────────────────────────────────
  ["file:/etc/passwd", null],
  ["/etc/passwd", null],
];

Deno.test("url/host spellings: every client's reading, the most dangerous wins", () => {
  const wrong: string[] = [];
  for (const [word, want] of TABLE) {
    const got = classifyDestination(word)?.cls ?? null;
    if (got !== want) wrong.push(`${JSON.stringify(word)}: want ${want}, got ${got}`);
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${TABLE.length} misclassified`);
});

Deno.test("url/host spellings: the table is large and has no duplicates", () => {
  assert.ok(TABLE.length >= 80, `${TABLE.length}`);
  assert.equal(new Set(TABLE.map(([w]) => w)).size, TABLE.length);
});

Deno.test("url/host: the reported host is the one reached, normalised", () => {
  const host = (w: string) => classifyDestination(w)?.host;
  assert.equal(host("http://169。254。169。254/"), "169.254.169.254");
  assert.equal(host("http://0xa9fea9fe/"), "169.254.169.254");
  assert.equal(host("HTTPS://API.GITHUB.COM/"), "api.github.com");
  assert.equal(host("https://api.github.com/x"), "api.github.com");
  assert.equal(host("git@github.com:org/repo.git"), "github.com");
  assert.equal(host("http://[::1]:8080"), "[::1]");
});

Deno.test("url/host: readings that disagree on a host name both", () => {
  // fetch goes to api.github.com, curl to evil.com: an allow-list must not match either alone.
  const d = classifyDestination("https://api.github.com\\@evil.com/");
  assert.equal(d?.cls, "public");
  assert.ok(d && d.host !== "api.github.com" && d.host !== "evil.com", d?.host);
  assert.ok(d && d.host.includes("api.github.com") && d.host.includes("evil.com"), d?.host);
  assert.ok(d && !d.host.endsWith(".github.com") && !d.host.endsWith("evil.com"), d?.host);
});

Deno.test("url/host: never less dangerous than WHATWG URL's own reading (generated words)", () => {
  const danger: Record<string, number> = {
    metadata: 5,
    loopback: 4,
    private: 3,
    "link-local": 2,
    public: 1,
    unknown: 0,
  };
  const schemes = [
    "http://",
    "HTTPS://",
    "gopher://",
    "file://",
    "ws://",
    "http:",
    "http:/",
    "http:///",
    "http:\\\\",
    "x:",
    "",
    "//",
  ];
  const users = ["", "u@", "u:p@", "a@b@", "[::1]@", "x:80@", "a\\@", "%40@"];
  const hosts = [
    "169.254.169.254",
    "0xa9fea9fe",
    "169.254.169.%32%35%34",
    "[::ffff:a9fe:a9fe]",
    "127.1",
    "10.0.0.1",
    "example.com",
    "METADATA.",
    "[fe80::1]",
    "[::169.254.169.254]",
    "1.2.3.4.5",
  ];
  const ports = ["", ":80", ":abc"];
  const tails = ["", "/", "/x@169.254.169.254", "?@127.0.0.1", "#@10.0.0.1", "\\@169.254.169.254"];
  const wrong: string[] = [];
  let n = 0;
  for (const s of schemes) {
    for (const u of users) {
      for (const h of hosts) {
        for (const p of ports) {
          for (const t of tails) {
            const w = s + u + h + p + t;
            const m = /^([a-z][a-z0-9+.-]*):/i.exec(w);
            let url: URL | null = null;
            if (m) url = URL.parse(w);
            else if (!w.startsWith("/") || w.startsWith("//")) url = URL.parse("http://" + w);
            if (!url?.hostname) continue;
            n++;
            const want = classifyDestination("http://" + url.host)?.cls ?? "unknown";
            const got = classifyDestination(w)?.cls ?? "unknown";
            if (danger[got] < danger[want]) wrong.push(`${JSON.stringify(w)}: ${got} < ${want}`);
          }
        }
      }
    }
  }
  assert.ok(n > 1000, `${n}`);
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${n}`);
});

/** A small deterministic generator, so that failures reproduce. */
function lcg(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x % n;
  };
}

Deno.test("url/host: parseIPv6 reads every literal WHATWG URL reads, to the same address", () => {
  const rnd = lcg(42);
  const wrong: string[] = [];
  for (let k = 0; k < 20000; k++) {
    const g = Array.from({ length: 8 }, () => [0, 0, 0, 1, 0xffff, 0xa9fe, rnd(65536)][rnd(7)]);
    let groups = g.map((x) => x.toString(16).padStart(1 + rnd(4), "0"));
    let quad = "";
    if (rnd(2) === 0) {
      quad = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");
      groups = groups.slice(0, 6);
    }
    const a = rnd(groups.length + 1);
    const b = a + rnd(groups.length - a + 1);
    let text = groups.join(":") + (quad ? ":" + quad : "");
    if (b > a && g.slice(a, b).every((x) => x === 0)) {
      text = groups.slice(0, a).join(":") + "::" + groups.slice(b).join(":");
      if (quad) text += (text.endsWith(":") ? "" : ":") + quad;
    }
    if (rnd(2) === 0) text = text.toUpperCase();
    const want = URL.parse(`http://[${text}]/`)?.hostname;
    if (!want) continue;
    const mine = parseIPv6(text);
    const got = mine &&
      URL.parse(`http://[${mine.map((x) => x.toString(16)).join(":")}]/`)?.hostname;
    if (got !== want) wrong.push(`${text}: ${got} != ${want}`);
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} wrong`);
});

Deno.test("url/host: parseIPv4 reads every number WHATWG URL reads, to the same address", () => {
  const rnd = lcg(7);
  const wrong: string[] = [];
  const part = (max: number) => {
    const v = [0, 1, 127, 169, 254, 255, 256, rnd(max + 1), max, max + 1][rnd(10)];
    switch (rnd(4)) {
      case 0:
        return "0x" + v.toString(16).padStart(rnd(4), "0");
      case 1:
        return "0X" + v.toString(16).toUpperCase();
      case 2:
        return "0" + v.toString(8).padStart(rnd(3), "0");
      default:
        return String(v);
    }
  };
  for (let k = 0; k < 20000; k++) {
    const n = 1 + rnd(4);
    const parts = Array.from(
      { length: n },
      (_, i) => part(i < n - 1 ? 255 : 2 ** (8 * (5 - n)) - 1),
    );
    const text = parts.join(".");
    const want = URL.parse(`http://${text}/`)?.hostname ?? null;
    const v = parseIPv4(text);
    const got = v === null
      ? null
      : [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join(".");
    if (got !== want) wrong.push(`${text}: ${got} != ${want}`);
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} wrong`);
});
