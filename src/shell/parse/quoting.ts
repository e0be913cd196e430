/**
 * Quote removal for the pieces of a shell word, following bash's rules.
 * Pure string functions; the parsers decide which function applies to which span.
 */

/** Unquoted text: a backslash quotes the next character; backslash-newline disappears. */
export function unescapeUnquoted(s: string): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) {
      const n = s[i + 1];
      i++;
      if (n === "\n") continue;
      out += n;
    } else if (c !== "\\") {
      out += c;
    }
  }
  return out;
}

/** Double-quoted text: backslash only escapes `$`, backtick, `"`, `\` and newline. */
export function unescapeDouble(s: string): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) {
      const n = s[i + 1];
      if (n === "$" || n === "`" || n === '"' || n === "\\") {
        out += n;
        i++;
        continue;
      }
      if (n === "\n") {
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** Unquoted heredoc body: backslash only escapes `$`, backtick, `\` and newline. */
export function unescapeHeredoc(s: string): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) {
      const n = s[i + 1];
      if (n === "$" || n === "`" || n === "\\") {
        out += n;
        i++;
        continue;
      }
      if (n === "\n") {
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

/**
 * Decodes the inside of an ANSI-C quoted string `$'…'` (without the `$'` and `'`),
 * as bash does: `\xHH`, `\uHHHH`, `\UHHHHHHHH`, octal `\nnn`, `\cX` and the C escapes.
 * A NUL ends the string, as it does in bash.
 */
export function decodeAnsiC(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== "\\" || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[++i];
    if (n in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[n];
    } else if (n === "x") {
      let hex = "";
      while (hex.length < 2 && isHex(s[i + 1])) hex += s[++i];
      if (hex === "") out += "\\x";
      else out += String.fromCharCode(parseInt(hex, 16));
    } else if (n === "u" || n === "U") {
      const max = n === "u" ? 4 : 8;
      let hex = "";
      while (hex.length < max && isHex(s[i + 1])) hex += s[++i];
      if (hex === "") out += "\\" + n;
      else {
        const cp = parseInt(hex, 16);
        out += cp <= 0x10ffff ? String.fromCodePoint(cp) : "\ufffd";
      }
    } else if (n >= "0" && n <= "7") {
      let oct = n;
      while (oct.length < 3 && s[i + 1] >= "0" && s[i + 1] <= "7") oct += s[++i];
      out += String.fromCharCode(parseInt(oct, 8) & 0xff);
    } else if (n === "c" && i + 1 < s.length) {
      out += String.fromCharCode(s[++i].toUpperCase().charCodeAt(0) ^ 0x40);
    } else {
      out += "\\" + n;
    }
  }
  const nul = out.indexOf("\0");
  return nul >= 0 ? out.slice(0, nul) : out;
}

/**
 * Removes line continuations (backslash-newline) at the given offsets.
 * Offsets must point at the backslash.
 */
export function removeAt(src: string, offsets: number[]): string {
  if (offsets.length === 0) return src;
  let out = "";
  let last = 0;
  for (const o of offsets) {
    out += src.slice(last, o);
    last = o + 2;
  }
  return out + src.slice(last);
}

/** Offsets of every backslash-newline whose backslash is itself unescaped. */
export function continuationOffsets(src: string): number[] {
  const out: number[] = [];
  let idx = src.indexOf("\\\n");
  while (idx >= 0) {
    let k = idx - 1;
    let n = 0;
    while (k >= 0 && src[k] === "\\") {
      n++;
      k--;
    }
    if (n % 2 === 0) out.push(idx);
    idx = src.indexOf("\\\n", idx + 2);
  }
  return out;
}
