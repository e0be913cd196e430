/**
 * URL and host parsing checked against WHATWG URL (Deno's own, as fetch uses it): the manual
 * IP literal parsers read everything it reads, to the same address.
 */
import assert from "node:assert/strict";
import { parseIPv4, parseIPv6 } from "../src/core/net.ts";

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
