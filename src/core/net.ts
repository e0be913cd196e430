/**
 * Destinations: parsing URL-like and host-like words and classifying the host
 * (cloud metadata service, loopback, private range, link-local, public),
 * whatever the spelling: decimal, hex, octal and short IPv4 forms, trailing
 * dots, userinfo, IPv4-mapped and NAT64 IPv6, bracketed literals.
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

/** Classifies a host name or literal (brackets, trailing dots and case are ignored). */
export function classifyHost(hostIn: string): HostClass {
  let host = hostIn.trim().toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  host = host.replace(/\.+$/, "");
  if (host === "") return "unknown";
  if (METADATA_NAMES.has(host)) return "metadata";
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  if (host.includes(":")) {
    const g = parseIPv6(host);
    return g ? classifyV6(g) : "unknown";
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return classifyV4(v4);
  return /^[a-z0-9.-]+$/.test(host) ? "public" : "unknown";
}

/** Extracts the host from a URL or host-like word (`user@host:port/path`, `[v6]:80`, …). */
export function hostOf(word: string): string | null {
  let w = word.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(w);
  if (scheme) w = w.slice(scheme[0].length);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(w) && !/^[^:/]+:\d/.test(w)) {
    // mailto:, file:, scp-style host:path — keep only scp-style user@host:path
    if (!w.includes("@")) return null;
  }
  // Authority ends at the first /, ?, # or backslash.
  const end = w.search(/[/?#\\]/);
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

/** Classifies the destination of a URL-like or host-like word. */
export function classifyDestination(word: string): { host: string; cls: HostClass } | null {
  const host = hostOf(word);
  if (!host) return null;
  let cls = classifyHost(host);
  // Percent-encoded hosts: decode once and classify again.
  if (cls !== "metadata" && host.includes("%")) {
    try {
      const dec = classifyHost(decodeURIComponent(host));
      if (dec === "metadata" || dec === "loopback" || dec === "private") cls = dec;
    } catch { /* not decodable */ }
  }
  return { host, cls };
}
