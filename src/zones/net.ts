/**
 * Destinations: parsing URL-like and host-like words and classifying the host
 * (cloud metadata service, loopback, private range, link-local, public),
 * whatever the spelling: decimal, hex, octal and short IPv4 forms, trailing
 * dots, userinfo, IPv4-mapped and NAT64 IPv6, bracketed literals, Unicode
 * digits and full stops, percent escapes. A word is read as WHATWG URL (fetch)
 * reads it and as curl reads it, and the most dangerous reading wins.
 */

export type HostClass = "metadata" | "loopback" | "private" | "link-local" | "public" | "unknown";

const METADATA_NAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
  "metadata.platformequinix.com",
]);

/** IPv4 metadata endpoints of the major clouds (as 32-bit numbers). */
const METADATA_V4 = new Set([
  ip4(169, 254, 169, 254), // AWS, GCP, Azure, OCI, DigitalOcean, …
  ip4(169, 254, 170, 2), // AWS ECS task metadata
  ip4(169, 254, 170, 23), // AWS EKS pod identity
  ip4(100, 100, 100, 200), // Alibaba Cloud
  ip4(192, 0, 0, 192), // Oracle Cloud (legacy)
]);

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

/** Parses one inet_aton-style IPv4 component (decimal, 0x hex, 0 octal). */
function parseComponent(s: string): number | null {
  if (s === "") return null;
  if (/^0x[0-9a-f]*$/i.test(s)) return s.length === 2 ? 0 : parseInt(s.slice(2), 16);
  if (/^0[0-7]+$/.test(s)) return parseInt(s, 8);
  if (/^(0|[1-9][0-9]*)$/.test(s)) return Number(s);
  return null;
}

/** Parses an IPv4 address in any form inet_aton accepts (1 to 4 parts). */
export function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    const n = parseComponent(p);
    if (n === null) return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  for (const n of nums) if (n > 255) return null;
  const restBits = 8 * (4 - nums.length);
  if (last >= 2 ** restBits) return null;
  let v = 0;
  for (const n of nums) v = v * 256 + n;
  return v * 2 ** restBits + last;
}

/** Parses an IPv6 literal into 8 16-bit groups (handles `::` and a trailing dotted quad). */
export function parseIPv6(s: string): number[] | null {
  let str = s.toLowerCase();
  const pct = str.indexOf("%");
  if (pct >= 0) str = str.slice(0, pct);
  let tail: number[] = [];
  const lastColon = str.lastIndexOf(":");
  if (str.slice(lastColon + 1).includes(".")) {
    const v4 = parseIPv4(str.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    // Keep a `::` before the quad (`::1.2.3.4`), drop a single `:` (`::ffff:1.2.3.4`).
    str = str.slice(0, lastColon + 1);
    if (!str.endsWith("::")) str = str.slice(0, -1);
  }
  const dbl = str.split("::");
  if (dbl.length > 2) return null;
  const head = dbl[0] ? dbl[0].split(":") : [];
  const rest = dbl.length === 2 && dbl[1] ? dbl[1].split(":") : [];
  const parse = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const h = head.map(parse);
  const r = rest.map(parse);
  if ([...h, ...r].some((n) => Number.isNaN(n))) return null;
  const total = h.length + r.length + tail.length;
  if (dbl.length === 1 && total !== 8) return null;
  if (total > 8) return null;
  const zeros = new Array(8 - total).fill(0);
  return [...h, ...(dbl.length === 2 ? zeros : []), ...r, ...tail];
}

export function classifyV4(v: number): HostClass {
  if (METADATA_V4.has(v)) return "metadata";
  const a = Math.floor(v / 2 ** 24);
  const b = Math.floor(v / 2 ** 16) % 256;
  if (a === 127 || v === 0) return "loopback";
  if (a === 169 && b === 254) return "link-local";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // carrier-grade NAT
  if (a === 0) return "loopback";
  return "public";
}

export function classifyV6(g: number[]): HostClass {
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d
  const v4 = (g[6] * 65536) + g[7];
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0) && v4 > 1) {
    return classifyV4(v4);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return classifyV4(v4);
  }
  if (g.every((x, i) => (i < 7 ? x === 0 : x === 1))) return "loopback";
  if (g.every((x) => x === 0)) return "loopback";
  // AWS IMDS over IPv6: fd00:ec2::254 (and ::23 for EKS pod identity)
  if (
    g[0] === 0xfd00 && g[1] === 0xec2 && g.slice(2, 7).every((x) => x === 0) &&
    (g[7] === 0x254 || g[7] === 0x23)
  ) return "metadata";
  if ((g[0] & 0xfe00) === 0xfc00) return "private";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  return "public";
}

/** Code points IDNA maps to nothing (soft hyphen, zero-width and variation selectors, BOM). */
const IDNA_IGNORED = /[\u00ad\u034f\u180b-\u180f\u200b-\u200d\u2060\ufe00-\ufe0f\ufeff]/g;
/** Full stops IDNA maps to "." (after NFKC, U+FF0E is already "." and U+FF61 is U+3002). */
const IDNA_DOTS = /[\u3002\uff0e\uff61]/g;

/**
 * A host's class and canonical spelling: lower case, trailing dots dropped, non-ASCII mapped
 * the way IDNA maps it (NFKC, ideographic full stops, ignored code points), IPv4 as a dotted
 * quad and IPv6 compressed in brackets, so that two spellings of one host compare equal.
 */
function analyzeHost(hostIn: string): { cls: HostClass; host: string } {
  let host = hostIn.trim().toLowerCase();
  // deno-lint-ignore no-control-regex
  if (/[^\x00-\x7f]/.test(host)) {
    host = host.normalize("NFKC").replace(IDNA_IGNORED, "").replace(IDNA_DOTS, ".").toLowerCase();
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  host = host.replace(/\.+$/, "");
  if (host === "") return { cls: "unknown", host };
  if (METADATA_NAMES.has(host)) return { cls: "metadata", host };
  if (host === "localhost" || host.endsWith(".localhost")) return { cls: "loopback", host };
  if (host.includes(":")) {
    const g = parseIPv6(host);
    return g ? { cls: classifyV6(g), host: formatV6(g) } : { cls: "unknown", host };
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return { cls: classifyV4(v4), host: formatV4(v4) };
  if (!/^[a-z0-9.-]+$/.test(host)) return { cls: "unknown", host };
  const inside = host.includes(".") ? encodedAddress(host) : null;
  return inside ?? { cls: "public", host };
}

/**
 * Wildcard-DNS services that answer a name with the address written in it: `10.0.0.1.nip.io`,
 * `app-10-0-0-1.sslip.io`, `app-0a000001.nip.io` (hex), `fd00-ec2--254.sslip.io` (IPv6).
 */
const WILDCARD_DNS = new Set([
  "nip.io",
  "sslip.io",
  "xip.io",
  "xip.name",
  "traefik.me",
  "nip.direct",
  "ip.addr.tools",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "localho.st",
]);

const DASHED_V4 = /(?:^|[^0-9])([0-9]{1,3})-([0-9]{1,3})-([0-9]{1,3})-([0-9]{1,3})(?![0-9])/;
const HEX_V4 = /(?:^|-)([0-9a-f]{8})$/;

/**
 * The address a host name spells inside itself, when that address is not public: a dotted quad
 * in four labels or a dashed quad in one (`169.254.169.254.evil.example`, `ip-10-0-0-1.x`) on
 * any domain (whoever owns the domain can answer it with that address, as the wildcard-DNS
 * services do for everyone), and hex or IPv6 labels on the known services. An address of the
 * loopback class is not taken: loopback is the lenient class (local servers are routine), and a
 * name is only as local as its owner's DNS says; such a name stays the public name it is.
 */
function encodedAddress(host: string): { cls: HostClass; host: string } | null {
  const labels = host.split(".");
  const service = labels.length >= 2 && (WILDCARD_DNS.has(labels.slice(-2).join(".")) ||
    WILDCARD_DNS.has(labels.slice(-3).join(".")));
  let best: { cls: HostClass; host: string } | null = null;
  const consider = (v: number | null) => {
    if (v === null) return;
    const cls = classifyV4(v);
    if (cls === "public" || cls === "loopback") return;
    if (!best || DANGER[cls] > DANGER[best.cls]) best = { cls, host: `${formatV4(v)} (${host})` };
  };
  const dec = (x: string) => (/^(0|[1-9][0-9]{0,2})$/.test(x) && Number(x) < 256 ? Number(x) : -1);
  for (let i = 0; i + 4 <= labels.length; i++) {
    const q = labels.slice(i, i + 4).map(dec);
    if (q.every((n) => n >= 0)) consider(ip4(q[0], q[1], q[2], q[3]));
  }
  for (const l of labels) {
    const m = DASHED_V4.exec(l);
    if (m) {
      const q = m.slice(1, 5).map((x) => Number(x));
      if (q.every((n) => n < 256)) consider(ip4(q[0], q[1], q[2], q[3]));
    }
    if (!service) continue;
    const h = HEX_V4.exec(l);
    if (h) consider(parseInt(h[1], 16));
    if (l.includes("-") && /^[0-9a-f-]+$/.test(l)) {
      const g = parseIPv6(l.replace(/-/g, ":"));
      if (g) {
        const cls = classifyV6(g);
        if (cls !== "public" && cls !== "loopback" && (!best || DANGER[cls] > DANGER[best.cls])) {
          best = { cls, host: `${formatV6(g)} (${host})` };
        }
      }
    }
  }
  return best;
}

function formatV4(v: number): string {
  return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join(".");
}

/** `[a:b::c]`: the first longest run of two or more zero groups becomes `::` (as WHATWG writes it). */
function formatV6(g: number[]): string {
  let at = -1;
  let len = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > len) [at, len] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = (a: number[]) => a.map((x) => x.toString(16)).join(":");
  return at < 0 ? `[${hex(g)}]` : `[${hex(g.slice(0, at))}::${hex(g.slice(at + len))}]`;
}

/** Classifies a host name or literal (brackets, trailing dots, case and IDNA mapping are ignored). */
export function classifyHost(hostIn: string): HostClass {
  return analyzeHost(hostIn).cls;
}

/**
 * Extracts the host from a URL or host-like word (`user@host:port/path`, `[v6]:80`, …) the way
 * curl does: the authority ends at the first `/`, `?` or `#` (not at a backslash: in
 * `http://a\@b/` the host is b), the host follows the last `@`.
 */
export function hostOf(word: string): string | null {
  let w = word.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(w);
  if (scheme) w = w.slice(scheme[0].length);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(w) && !/^[^:/]+:\d/.test(w)) {
    // mailto:, file:, scp-style host:path — keep only scp-style user@host:path
    if (!w.includes("@")) return null;
  }
  const end = w.search(/[/?#]/);
  let auth = end >= 0 ? w.slice(0, end) : w;
  const at = auth.lastIndexOf("@");
  if (at >= 0) auth = auth.slice(at + 1);
  if (auth.startsWith("[")) {
    const close = auth.indexOf("]");
    return close > 0 ? auth.slice(0, close + 1) : null;
  }
  const colon = auth.indexOf(":");
  if (colon >= 0) auth = auth.slice(0, colon);
  return auth || null;
}

/** WHATWG special schemes: backslashes are slashes and the authority needs no `//`. */
const SPECIAL = new Set(["http", "https", "ws", "wss", "ftp", "file"]);

/** How dangerous a class is, for picking among readings (an unparsed host counts least). */
const DANGER: Readonly<Record<HostClass, number>> = {
  metadata: 5,
  loopback: 4,
  private: 3,
  "link-local": 2,
  public: 1,
  unknown: 0,
};

/** Tabs and newlines removed and C0 controls and spaces trimmed, as the WHATWG parser does. */
function cleanWord(word: string): string {
  let w = word;
  if (w.includes("\t") || w.includes("\n") || w.includes("\r")) w = w.replace(/[\t\n\r]/g, "");
  let s = 0;
  let e = w.length;
  while (s < e && w.charCodeAt(s) <= 0x20) s++;
  while (e > s && w.charCodeAt(e - 1) <= 0x20) e--;
  return s > 0 || e < w.length ? w.slice(s, e) : w;
}

/**
 * The host WHATWG URL (fetch, browsers, Node, Deno) reaches for the word: as written when it
 * starts with a scheme, otherwise with `http://` in front, as curl and wget assume. A word
 * like `localhost:8080` or `metadata:80/x` is a host and port to curl, not a scheme.
 */
function whatwgHost(w: string): string | null {
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(w);
  let input: string;
  if (m && (SPECIAL.has(m[1].toLowerCase()) || !/^[0-9]/.test(w.slice(m[0].length)))) {
    // `scheme://host…` in plain ASCII (no `\`, no `%`): WHATWG ends the authority where the
    // manual parser does and reads the same host or none (the manual parser is the more lenient
    // with ports and IP literals), so the manual reading covers it; url_host_test.ts checks.
    // Special schemes without `//` or with `///` need WHATWG.
    if (PLAIN.test(w) && w.startsWith("//", m[0].length) && w[m[0].length + 2] !== "/") return null;
    if (!SPECIAL.has(m[1].toLowerCase()) && !w.startsWith("//", m[0].length)) return null;
    input = w;
  } else if (w === "" || w.startsWith("-") || (w.startsWith("/") && !w.startsWith("//"))) {
    return null;
  } else if (PLAIN.test(w) && !w.startsWith("//")) {
    // A plain scheme-less word: `http://` + word splits as the manual parser splits the word.
    return null;
  } else input = "http://" + w;
  return URL.parse(input)?.hostname || null;
}

/** ASCII without backslashes or percent signs: words WHATWG adds nothing to (see whatwgHost). */
// deno-lint-ignore no-control-regex
const PLAIN = /^[\x00-\x24\x26-\x5b\x5d-\x7f]*$/;

/** Decodes each run of %XX escapes that is valid UTF-8 and leaves the others as they are. */
function percentDecode(s: string): string {
  return s.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Classifies the destination of a URL-like or host-like word. The word is read the way WHATWG
 * URL / fetch read it and the way curl reads it (the manual parser: curl keeps backslashes,
 * accepts zone ids, decodes percent escapes and maps IDNA in hosts of any scheme), and once
 * more with its percent escapes decoded (wget decodes them in userinfo before it hands the URL
 * to a proxy). The most dangerous class of all readings wins; `host` is that reading's host,
 * canonical (`169.254.169.254` for `0xa9fea9fe`). When successful readings name different
 * hosts, `host` names the others too, as `a (or b)`, which no allow-list entry matches.
 */
export function classifyDestination(word: string): { host: string; cls: HostClass } | null {
  const w = cleanWord(word);
  const readings: { cls: HostClass; host: string }[] = [];
  const read = (h: string | null) => {
    if (h) readings.push(analyzeHost(h));
  };
  const wh = whatwgHost(w);
  read(wh);
  const raw = hostOf(w);
  read(raw);
  if (w.includes("%")) read(hostOf(percentDecode(w)));
  if (readings.length === 0) return null;
  let best = readings[0];
  for (const r of readings) if (DANGER[r.cls] > DANGER[best.cls]) best = r;
  if (best.cls === "unknown") return { host: raw ?? wh ?? best.host, cls: "unknown" };
  const others: string[] = [];
  for (const r of readings) {
    if (r.cls !== "unknown" && r.host !== best.host && !others.includes(r.host)) {
      others.push(r.host);
    }
  }
  return {
    host: others.length ? `${best.host} (or ${others.join(", ")})` : best.host,
    cls: best.cls,
  };
}

/** URLs inside free text, found by scanning for "://" (linear; no backtracking regex). */
export function urlsInText(v: string): string[] {
  const out: string[] = [];
  let idx = v.indexOf("://");
  while (idx >= 0 && out.length < 64) {
    let s = idx;
    while (s > 0 && idx - s < 32 && /[A-Za-z0-9+.-]/.test(v[s - 1])) s--;
    let e = idx + 3;
    while (e < v.length && !/[\s'"<>`)]/.test(v[e])) e++;
    if (s < idx) out.push(v.slice(s, e));
    idx = v.indexOf("://", e);
  }
  return out;
}

/** Defanged spellings a reader (or a model) turns back into a URL: `hxxp`, `[.]`, `(dot)`. */
const DEFANGED = /\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\[:\]|\[:\/\/\]/gi;

function refang(t: string): string {
  let s = DEFANGED.test(t)
    ? t.replace(DEFANGED, (m) => (m.includes(":") ? m.slice(1, -1) : "."))
    : t;
  DEFANGED.lastIndex = 0;
  s = s.replace(/^h[x*]{2}p(s?)(?=:)/i, "http$1");
  return s;
}

const SCHEME_SEP = /[A-Za-z][A-Za-z0-9+.-]{0,31}:[/\\]+/g;
const TOKEN_SPLIT = /[\s"'<>`(){}|,;!*^]+/;
const TRAILING = /[.,;:!?)\]}>'"]+$/;

/**
 * Every destination written in free text (a web tool's prompt or query, a fetched URL field):
 * whatever has a scheme separator in any spelling (`http://`, `HTTP:\\`, `http:/\`, `hxxp://`,
 * `//host/…`), read the way WHATWG and curl read it; with `bare`, also a scheme-less host that
 * is an address or spells one (`169.254.169.254/latest`, `[::ffff:a9fe:a9fe]:80`,
 * `10-0-0-1.nip.io/x`) — a dotted version number (`10.0.1`) is not. Each result is a word for
 * `classifyDestination`. Bounded: the first 256 candidate tokens.
 */
export function destinationsInText(text: string, bare: boolean): string[] {
  const out: string[] = [];
  let seen = 0;
  for (const raw of text.split(TOKEN_SPLIT)) {
    if (raw.length < 3 || !/[:./\\\u3002\uff0e\uff61]/.test(raw)) continue;
    if (++seen > 256) break;
    const t = refang(raw.replace(TRAILING, ""));
    // A scheme (`http:`) followed by slashes or backslashes, anywhere in the token.
    // Every scheme in the token: `https://a.example/?u=http://169.254.169.254/` names two.
    let found = false;
    for (const sep of t.matchAll(SCHEME_SEP)) {
      found = true;
      const rest = t.slice(sep.index + sep[0].length);
      const scheme = sep[0].slice(0, sep[0].indexOf(":"));
      out.push(`${scheme}://${rest}`);
      if (!sep[0].endsWith("://") || /[\\%]/.test(rest)) out.push(t.slice(sep.index));
      if (out.length > 512) return out;
    }
    if (found) continue;
    if (/^[/\\]{2}[^/\\]/.test(t)) {
      out.push("http://" + t.slice(2));
      continue;
    }
    if (!bare || /^[/\\]/.test(t)) continue;
    const host = hostOf(t);
    if (!host) continue;
    const h = analyzeHost(host);
    if (h.cls === "public" || h.cls === "unknown") continue;
    const ip4Parts = host.replace(/\.+$/, "").split(".").length;
    const literal = parseIPv4(host.replace(/\.+$/, "")) !== null;
    if (!literal || ip4Parts === 4 || host.startsWith("[") || /[/:]/.test(t)) out.push(t);
  }
  return out;
}
