/**
 * The README and docs/ stay true to the tree and the CLI (issue 27): every relative link resolves
 * (a file that exists, and an anchor that is one of its headings), every `guard …` command shown
 * is one `guard help` lists, and the README stays a landing page (≤ 350 lines).
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../scripts/guard_flags.ts";

const DOCS = [
  "README.md",
  "GLOSSARY.md",
  "THREAT_MODEL.md",
  ...[...Deno.readDirSync(`${REPO_ROOT}/docs`)]
    .filter((e) => e.isFile && e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`),
];

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[`*_]/g, "").replace(/[^\p{L}\p{N}\- ]/gu, "")
    .replaceAll(" ", "-");
}

/** The text outside fenced code blocks. */
function prose(text: string): string {
  let fence = false;
  return text.split("\n").filter((l) => {
    if (l.startsWith("```")) fence = !fence;
    return !fence && !l.startsWith("```");
  }).join("\n");
}

function anchors(path: string): Set<string> {
  const text = prose(Deno.readTextFileSync(path));
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

function dirname(p: string): string {
  return p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".";
}

/** `a/b/../c` → `a/c`. */
function normal(p: string): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

Deno.test("docs: every relative link in README and docs/ resolves, anchors included", () => {
  const broken: string[] = [];
  for (const doc of DOCS) {
    const text = prose(Deno.readTextFileSync(`${REPO_ROOT}/${doc}`));
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const url = m[1];
      if (/^[a-z][a-z+.-]*:/i.test(url)) continue; // https:, mailto:
      const [file, anchor] = url.split("#");
      const target = file === "" ? doc : normal(`${dirname(doc)}/${file}`);
      let info: Deno.FileInfo;
      try {
        info = Deno.statSync(`${REPO_ROOT}/${target}`);
      } catch {
        broken.push(`${doc}: ${url} (no ${target})`);
        continue;
      }
      if (anchor && info.isFile && target.endsWith(".md")) {
        if (!anchors(`${REPO_ROOT}/${target}`).has(anchor)) {
          broken.push(`${doc}: ${url} (no heading #${anchor} in ${target})`);
        }
      }
    }
  }
  assert.deepEqual(broken, []);
});

/** The subcommands (and their second words) `guard help` lists. */
async function helpCommands(): Promise<Set<string>> {
  const o = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", `${REPO_ROOT}/main.ts`, "help"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const help = new TextDecoder().decode(o.stdout) + new TextDecoder().decode(o.stderr);
  const out = new Set<string>();
  // `guard install|uninstall --agent A`, `guard totp setup | reset`, `guard mcp list`.
  for (
    const m of help.matchAll(/guard ([a-z][a-z|-]*)((?: ?\| ?[a-z][a-z-]*|(?: [a-z][a-z-]*))*)/g)
  ) {
    const seconds = m[2].split(/[ |]+/).filter(Boolean);
    for (const sub of m[1].split("|")) {
      out.add(sub);
      for (const second of seconds) out.add(`${sub} ${second}`);
    }
  }
  return out;
}

/** Subcommands whose second word is itself a subcommand (`guard audit verify`). */
const NESTED = new Set(["audit", "mcp", "totp", "touchid"]);

Deno.test("docs: every `guard …` command shown in README and docs/ exists in `guard help`", async () => {
  const known = await helpCommands();
  assert.ok(known.has("evaluate") && known.has("audit verify"), [...known].join(", "));
  const unknown: string[] = [];
  for (const doc of DOCS) {
    const text = Deno.readTextFileSync(`${REPO_ROOT}/${doc}`);
    // Code spans that are a command (`guard approve …`, `deno task guard audit verify`) and the
    // command lines of code blocks.
    let fence = false;
    const blockLines = text.split("\n").filter((l) => {
      if (l.startsWith("```")) fence = !fence;
      return fence && /^\s*(deno task )?guard /.test(l);
    });
    const shown = [
      ...[...text.matchAll(/`((?:deno task )?guard [^`\n]+)`/g)].map((m) => m[1]),
      ...blockLines,
    ];
    for (const s of shown) {
      for (const m of s.matchAll(/^\s*(?:deno task )?guard ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)) {
        const [sub, second] = [m[1], m[2]];
        const name = NESTED.has(sub) && second ? `${sub} ${second}` : sub;
        if (!known.has(name)) unknown.push(`${doc}: guard ${name}`);
      }
    }
  }
  assert.deepEqual([...new Set(unknown)], []);
});

Deno.test("docs: the README is a landing page (≤ 350 lines) and links every topic in docs/", () => {
  const readme = Deno.readTextFileSync(`${REPO_ROOT}/README.md`);
  assert.ok(readme.split("\n").length <= 350, `README.md has ${readme.split("\n").length} lines`);
  for (const doc of DOCS.filter((d) => d.startsWith("docs/"))) {
    assert.ok(readme.includes(`](${doc}`), `README.md does not link ${doc}`);
  }
});
