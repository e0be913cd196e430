/**
 * Secrets and real code: how many real source files of installed packages get
 * any mask (none of them holds a secret, so every mask corrupts code an agent
 * reads), and the recall on a generated secrets split (secret assignments in
 * many languages and styles, some planted inside those real files).
 *
 *   deno run --v8-flags=--enable-experimental-regexp-engine --allow-read scripts/secrets_in_code.ts [--show N] [--json]
 *
 * The corpus is gathered, not copied: every file under Deno's npm cache
 * (`$DENO_DIR/npm` or `~/.cache/deno/npm`) and `/usr/lib/node_modules` whose
 * extension is a source language's, 200 B to 256 KiB, deduplicated by content,
 * sorted by path, and sampled deterministically (an FNV hash of the path
 * picks at most `MAX_FILES`). Test fixtures of secret scanners and files that
 * really are key material are left out by name (`SKIP_PATH`). The secrets
 * split is seeded (`SEED`), so both figures are reproducible on one machine;
 * another machine's cache gives another sample, whose figure is printed with
 * the file count it was measured on.
 */
import { findSecrets } from "../src/detect/secrets.ts";

export const MAX_FILES = 4000;
const SEED = 24;
const EXT = /\.(?:js|mjs|cjs|ts|mts|cts|jsx|tsx|py|json|ya?ml|sh|toml|d\.ts)$/;
/** Paths that are secret-scanner fixtures or key material on purpose, not ordinary code. */
const SKIP_PATH =
  /(?:^|\/)(?:fixtures?|__fixtures__|testdata)\/|\.(?:pem|key)$|\/(?:LICENSE|CHANGELOG)/i;

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function* walk(dir: string): Generator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) yield* walk(p);
    else if (e.isFile && EXT.test(e.name) && !SKIP_PATH.test(p)) yield p;
  }
}

export function sourceRoots(): string[] {
  const home = Deno.env.get("HOME") ?? "/root";
  const denoDir = Deno.env.get("DENO_DIR") ?? `${home}/.cache/deno`;
  return [`${denoDir}/npm`, "/usr/lib/node_modules"];
}

export interface SourceFile {
  path: string;
  text: string;
}

/** The real source files: deduplicated, sampled by path hash, in path order. */
export function gatherSources(max = MAX_FILES, roots = sourceRoots()): SourceFile[] {
  const seen = new Set<number>();
  const all: SourceFile[] = [];
  for (const root of roots) {
    for (const path of walk(root)) {
      let size = 0;
      try {
        size = Deno.statSync(path).size;
      } catch {
        continue;
      }
      if (size < 200 || size > 256 * 1024) continue;
      const text = Deno.readTextFileSync(path);
      const h = fnv(text) ^ text.length;
      if (seen.has(h)) continue;
      seen.add(h);
      all.push({ path, text });
    }
  }
  if (all.length <= max) return all;
  return all
    .map((f) => ({ f, k: fnv(f.path) }))
    .sort((a, b) => a.k - b.k)
    .slice(0, max)
    .map((x) => x.f)
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

// ── The secrets split ───────────────────────────────────────────────────────

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const URLSAFE = ALNUM + "-_";

export interface SecretCase {
  id: string;
  style: string;
  text: string;
  value: string;
}

/** Secret-sounding names, in the spellings code and configuration use. */
const NAMES = [
  "api_key",
  "apiKey",
  "API_KEY",
  "secret",
  "client_secret",
  "clientSecret",
  "CLIENT_SECRET",
  "auth_token",
  "authToken",
  "AUTH_TOKEN",
  "access_token",
  "accessToken",
  "secret_key",
  "secretKey",
  "SECRET_KEY",
  "private_key",
  "signing_key",
  "signingSecret",
  "webhook_secret",
  "WEBHOOK_SECRET",
  "token",
  "refresh_token",
  "refreshToken",
  "app_secret",
  "jwt_secret",
  "JWT_SECRET",
  "encryption_key",
  "ENCRYPTION_KEY",
  "master_key",
  "service_token",
  "bot_token",
  "credentials",
  "apiSecret",
  "x-api-key",
  "session_secret",
  "SESSION_SECRET",
  "cookie_secret",
  "hmac_key",
  "consumer_secret",
  "api_token",
];

/** Opaque secret values, of the shapes services hand out. */
function value(r: () => number): string {
  const pick = (alphabet: string, n: number) => {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    return s;
  };
  const kind = Math.floor(r() * 7);
  switch (kind) {
    case 0:
      return pick(ALNUM, 24 + Math.floor(r() * 24));
    case 1:
      return pick(HEX, [32, 40, 64][Math.floor(r() * 3)]);
    case 2:
      return pick(B64, 40) + "==";
    case 3:
      return pick(URLSAFE, 32 + Math.floor(r() * 12));
    case 4:
      return `${pick(ALNUM, 8)}-${pick(ALNUM, 8)}-${pick(ALNUM, 8)}-${pick(ALNUM, 8)}`;
    case 5:
      return pick(ALNUM, 4) + "." + pick(URLSAFE, 27) + "." + pick(URLSAFE, 10);
    default:
      return pick(B64, 20 + Math.floor(r() * 30));
  }
}

const camel = (n: string) => n.replace(/[-_]([a-z])/gi, (_, c) => c.toUpperCase());
const upper = (n: string) =>
  n.replace(/[a-z][A-Z]/g, (s) => s[0] + "_" + s[1]).replace(/-/g, "_").toUpperCase();

/** Each style: a text holding `v` under a secret name `n`. */
const STYLES: [string, (n: string, v: string) => string][] = [
  ["js-const", (n, v) => `const ${camel(n)} = "${v}";\n`],
  ["js-let-single", (n, v) => `let ${camel(n)} = '${v}';\n`],
  [
    "js-object",
    (n, v) => `const config = {\n  host: "api.example.com",\n  ${camel(n)}: "${v}",\n};\n`,
  ],
  ["js-object-quoted-key", (n, v) => `module.exports = {\n  "${n}": "${v}",\n  port: 8080,\n};\n`],
  ["js-export", (n, v) => `export const ${upper(n)} = "${v}";\n`],
  ["js-property", (n, v) => `client.${camel(n)} = "${v}";\n`],
  ["js-process-env-default", (n, v) => `const key = process.env.${upper(n)} || "${v}";\n`],
  ["js-template", (n, v) => `const ${camel(n)} = \`${v}\`;\n`],
  ["js-header", (n, v) => `fetch(url, { headers: { "${n}": "${v}" } });\n`],
  ["js-call-arg", (n, v) => `const client = new Client({ ${camel(n)}: '${v}', timeout: 30 });\n`],
  ["ts-class-field", (n, v) => `class Api {\n  private readonly ${camel(n)} = "${v}";\n}\n`],
  ["py-assign", (n, v) => `${n.replace(/-/g, "_").toLowerCase()} = "${v}"\n`],
  ["py-single", (n, v) => `${upper(n)} = '${v}'\n`],
  ["py-dict", (n, v) => `settings = {\n    "${n}": "${v}",\n    "debug": False,\n}\n`],
  [
    "py-kwarg",
    (n, v) => `client = Client(${n.replace(/-/g, "_").toLowerCase()}="${v}", region="eu")\n`,
  ],
  ["py-environ-default", (n, v) => `KEY = os.environ.get("${upper(n)}", "${v}")\n`],
  ["yaml", (n, v) => `service:\n  name: billing\n  ${n}: ${v}\n`],
  ["yaml-quoted", (n, v) => `${n}: "${v}"\nregion: us-east-1\n`],
  ["dotenv", (n, v) => `NODE_ENV=production\n${upper(n)}=${v}\n`],
  ["dotenv-quoted", (n, v) => `${upper(n)}="${v}"\n`],
  ["json", (n, v) => `{\n  "name": "svc",\n  "${n}": "${v}"\n}\n`],
  ["json-compact", (n, v) => `{"${camel(n)}":"${v}","enabled":true}`],
  ["shell-export", (n, v) => `export ${upper(n)}=${v}\n`],
  ["shell-export-quoted", (n, v) => `export ${upper(n)}="${v}"\n`],
  ["toml", (n, v) => `[service]\n${n.replace(/-/g, "_").toLowerCase()} = "${v}"\n`],
  ["ruby-hash", (n, v) => `config = { ${n.replace(/-/g, "_").toLowerCase()}: "${v}" }\n`],
  ["php-array", (n, v) => `$config = ['${n}' => '${v}'];\n`],
  ["go-const", (n, v) => `const ${camel(n)} = "${v}"\n`],
  ["java-field", (n, v) => `private static final String ${upper(n)} = "${v}";\n`],
  ["xml-attr", (n, v) => `<service name="billing" ${camel(n)}="${v}" />\n`],
];

/** The secrets split: every style with several names and values, and secrets planted in real files. */
export function secretsSplit(real: SourceFile[] = []): SecretCase[] {
  const r = prng(SEED);
  const out: SecretCase[] = [];
  let i = 0;
  for (const [style, render] of STYLES) {
    for (let k = 0; k < 12; k++) {
      const n = NAMES[Math.floor(r() * NAMES.length)];
      const v = value(r);
      out.push({ id: `s${i++}`, style, text: render(n, v), value: v });
    }
  }
  // Planted: a style matching the file's language inserted after a line in the middle of a real file.
  const byExt: Record<string, string[]> = {
    js: ["js-const", "js-object", "js-property", "js-call-arg", "js-process-env-default"],
    ts: ["js-const", "ts-class-field", "js-export", "js-header"],
    py: ["py-assign", "py-dict", "py-kwarg", "py-environ-default"],
    json: ["json"],
    yml: ["yaml", "yaml-quoted"],
    sh: ["shell-export", "shell-export-quoted"],
  };
  const styleFn = new Map(STYLES);
  const hosts = real.filter((f) => /\.(?:[cm]?js|ts|py|ya?ml|sh)$/.test(f.path));
  for (let k = 0; k < Math.min(400, hosts.length); k++) {
    const f = hosts[Math.floor(r() * hosts.length)];
    const ext = f.path.endsWith(".py")
      ? "py"
      : /\.ya?ml$/.test(f.path)
      ? "yml"
      : f.path.endsWith(".sh")
      ? "sh"
      : f.path.endsWith(".ts")
      ? "ts"
      : "js";
    const styles = byExt[ext];
    const style = styles[Math.floor(r() * styles.length)];
    const n = NAMES[Math.floor(r() * NAMES.length)];
    const v = value(r);
    const lines = f.text.split("\n");
    const at = Math.floor(lines.length / 2);
    const text = [...lines.slice(0, at), styleFn.get(style)!(n, v).trimEnd(), ...lines.slice(at)]
      .join("\n");
    out.push({ id: `p${i++}`, style: `planted-${style}`, text, value: v });
  }
  return out;
}

export interface CodeFigures {
  files: number;
  masked: number;
  maskedRate: number;
  byRule: Record<string, number>;
  examples: { path: string; rule: string; line: string }[];
  secrets: number;
  found: number;
  recall: number;
  missedByStyle: Record<string, number>;
  missed: { id: string; style: string; line: string }[];
}

/** Both figures: files with any mask, recall on the secrets split. */
export function measure(files = gatherSources()): CodeFigures {
  const fig: CodeFigures = {
    files: files.length,
    masked: 0,
    maskedRate: 0,
    byRule: {},
    examples: [],
    secrets: 0,
    found: 0,
    recall: 0,
    missedByStyle: {},
    missed: [],
  };
  for (const f of files) {
    const hits = findSecrets(f.text);
    if (!hits.length) continue;
    fig.masked++;
    for (const rule of new Set(hits.map((h) => h.rule))) {
      fig.byRule[rule] = (fig.byRule[rule] ?? 0) + 1;
    }
    const h = hits[0];
    const ls = f.text.lastIndexOf("\n", h.start) + 1;
    const le = f.text.indexOf("\n", h.end);
    fig.examples.push({
      path: f.path,
      rule: h.rule,
      line: f.text.slice(
        Math.max(ls, h.start - 80),
        Math.min(le < 0 ? f.text.length : le, h.end + 40),
      ),
    });
  }
  fig.maskedRate = fig.masked / Math.max(1, fig.files);
  for (const c of secretsSplit(files)) {
    fig.secrets++;
    const at = c.text.indexOf(c.value);
    const hits = findSecrets(c.text);
    if (hits.some((h) => h.start <= at && h.end >= at + c.value.length)) fig.found++;
    else {
      fig.missedByStyle[c.style] = (fig.missedByStyle[c.style] ?? 0) + 1;
      const ls = c.text.lastIndexOf("\n", at) + 1;
      const le = c.text.indexOf("\n", at);
      fig.missed.push({
        id: c.id,
        style: c.style,
        line: c.text.slice(ls, le < 0 ? undefined : le),
      });
    }
  }
  fig.recall = fig.found / Math.max(1, fig.secrets);
  return fig;
}

if (import.meta.main) {
  const fig = measure();
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  if (Deno.args.includes("--json")) {
    const { examples: _e, missed: _m, ...rest } = fig;
    console.log(JSON.stringify(rest));
  } else {
    console.log(
      `real source files: ${fig.masked}/${fig.files} with any mask (${pct(fig.maskedRate)})`,
    );
    console.log(`  by rule: ${Object.entries(fig.byRule).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    console.log(`secrets split: ${fig.found}/${fig.secrets} redacted (${pct(fig.recall)})`);
    if (fig.missed.length) {
      console.log(
        `  missed by style: ${
          Object.entries(fig.missedByStyle).map(([k, v]) => `${k} ${v}`).join(", ")
        }`,
      );
    }
  }
  const si = Deno.args.indexOf("--show");
  if (si >= 0) {
    const n = Number(Deno.args[si + 1] ?? 40);
    for (const e of fig.examples.slice(0, n)) {
      console.log(
        `  MASK ${e.rule} ${e.path.replace(/^.*registry.npmjs.org\//, "")}\n       ${
          e.line.slice(0, 200)
        }`,
      );
    }
    for (const m of fig.missed.slice(0, n)) {
      console.log(`  MISS ${m.id} ${m.style} ${m.line.slice(0, 160)}`);
    }
  }
}
