/**
 * The layout is the architecture (docs/ARCHITECTURE.md): every module under src/ sits in a
 * folder of a stated layer, imports (static, dynamic and type-only alike) go only down the layer
 * order, the module graph has no circles, the pure layers use no `Deno.*`, and no folder holds
 * more than a dozen modules. The graph is Deno's own (`deno info --json`).
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../scripts/guard_flags.ts";

/** The layers, lowest first: a module may import its own layer and the layers below it. */
export const LAYERS: { name: string; folders: string[]; pure: boolean }[] = [
  { name: "core", folders: ["core"], pure: true },
  { name: "zones", folders: ["zones"], pure: true },
  { name: "shell/parse", folders: ["shell/parse"], pure: true },
  { name: "shell/programs", folders: ["shell/programs"], pure: true },
  { name: "shell", folders: ["shell", "shell/inline"], pure: true },
  { name: "detect", folders: ["detect"], pure: true },
  { name: "flow", folders: ["flow"], pure: true },
  { name: "policy", folders: ["policy"], pure: true },
  { name: "adapters", folders: ["adapters"], pure: true },
  { name: "state", folders: ["state"], pure: false },
  { name: "auth", folders: ["auth"], pure: false },
  { name: "audit", folders: ["audit", "audit/ship"], pure: false },
  { name: "gate", folders: ["gate"], pure: false },
  { name: "mcp", folders: ["mcp"], pure: false },
  {
    name: "cli",
    folders: ["cli", "cli/approval", "cli/native", "cli/setup", "cli/ship"],
    pure: false,
  },
];

/** Largest number of modules one folder may hold. */
const MAX_FILES = 12;

const SRC = `${REPO_ROOT}/src/`;

function folderOf(path: string): string {
  return path.slice(SRC.length, path.lastIndexOf("/"));
}

function layerOf(folder: string): number {
  return LAYERS.findIndex((l) => l.folders.includes(folder));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sourceFiles(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out.sort();
}

/** module → the src modules it imports (static, dynamic, type), from `deno info --json`. */
async function moduleGraph(files: string[]): Promise<Map<string, Set<string>>> {
  const entry = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(entry, files.map((f) => `import "file://${f}";\n`).join(""));
  const o = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--config", `${REPO_ROOT}/deno.json`, entry],
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(entry);
  assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
  const info = JSON.parse(new TextDecoder().decode(o.stdout)) as {
    modules: { specifier: string; dependencies?: Record<string, { specifier?: string }>[] }[];
  };
  const graph = new Map<string, Set<string>>();
  for (const m of info.modules) {
    if (!m.specifier.startsWith(`file://${SRC}`) || !m.specifier.endsWith(".ts")) continue;
    const from = decodeURIComponent(m.specifier.slice(7));
    const deps = new Set<string>();
    for (const d of m.dependencies ?? []) {
      for (const k of ["code", "type"] as const) {
        const s = (d as Record<string, { specifier?: string } | undefined>)[k]?.specifier;
        if (s?.startsWith(`file://${SRC}`) && s.endsWith(".ts")) {
          deps.add(decodeURIComponent(s.slice(7)));
        }
      }
    }
    graph.set(from, deps);
  }
  return graph;
}

/** Strongly connected components with more than one module (or a module importing itself). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const files = sourceFiles(`${REPO_ROOT}/src`);
const graph = await moduleGraph(files);
const rel = (p: string) => p.slice(SRC.length);

Deno.test("module graph: every module under src/ is in a folder of a stated layer", () => {
  const unplaced = files.filter((f) => layerOf(folderOf(f)) < 0).map(rel);
  assert.deepEqual(unplaced, [], `folders missing from LAYERS: ${unplaced.join(", ")}`);
  const unread = files.filter((f) => !graph.has(f)).map(rel);
  assert.deepEqual(unread, [], "modules deno info did not report");
});

Deno.test("module graph: imports only go down the layer order", () => {
  const upward: string[] = [];
  for (const [from, deps] of graph) {
    const a = layerOf(folderOf(from));
    for (const to of deps) {
      const b = layerOf(folderOf(to));
      if (b > a) {
        upward.push(`${rel(from)} (${LAYERS[a].name}) → ${rel(to)} (${LAYERS[b].name})`);
      }
    }
  }
  assert.deepEqual(upward, [], `upward imports:\n${upward.join("\n")}`);
});

Deno.test("module graph: no circles", () => {
  const found = circles(graph).map((c) => c.map(rel).join(" ↔ "));
  assert.deepEqual(found, [], `circles:\n${found.join("\n")}`);
});

Deno.test("module graph: the pure layers use no Deno.* (no I/O, no environment, no clock)", () => {
  const impure: string[] = [];
  for (const f of files) {
    if (!LAYERS[layerOf(folderOf(f))]?.pure) continue;
    const code = Deno.readTextFileSync(f).split("\n").filter((l) => {
      const t = l.trim();
      return !t.startsWith("*") && !t.startsWith("//") && !t.startsWith("/*");
    });
    const hits = code.filter((l) => /\bDeno\.[a-zA-Z]/.test(l.replace(/\/\/.*$/, "")));
    if (hits.length) impure.push(`${rel(f)}: ${hits[0].trim().slice(0, 100)}`);
  }
  assert.deepEqual(impure, [], `Deno.* in pure layers:\n${impure.join("\n")}`);
});

Deno.test(`module graph: no folder holds more than ${MAX_FILES} modules`, () => {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(folderOf(f), (counts.get(folderOf(f)) ?? 0) + 1);
  const big = [...counts].filter(([, n]) => n > MAX_FILES).map(([d, n]) => `src/${d}: ${n}`);
  assert.deepEqual(big, [], big.join(", "));
});

Deno.test("module graph: the checker finds a circle and an upward import when there is one", () => {
  const g = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], [
    "d",
    new Set(["d"]),
  ]]);
  assert.deepEqual(circles(g), [["a", "b", "c"], ["d"]]);
  assert.ok(layerOf("cli") > layerOf("core") && layerOf("nowhere") === -1);
});

Deno.test("docs/ARCHITECTURE.md matches the tree: every module in its map, no module that is gone", () => {
  const doc = Deno.readTextFileSync(`${REPO_ROOT}/docs/ARCHITECTURE.md`);
  const named = new Set([...doc.matchAll(/`(src\/[A-Za-z0-9_/.-]+\.ts)`/g)].map((m) => m[1]));
  const actual = new Set(files.map((f) => `src/${rel(f)}`));
  const missing = [...actual].filter((f) => !named.has(f));
  const gone = [...named].filter((f) => !actual.has(f));
  assert.deepEqual(missing, [], `modules missing from the module map: ${missing.join(", ")}`);
  assert.deepEqual(gone, [], `the map names modules that are not there: ${gone.join(", ")}`);
  // Its layer table lists the layers in this test's order.
  const rows = [...doc.matchAll(/^\| (\d+) +\| `([^`]+)` +\|/gm)].map((m) => m[2]);
  assert.deepEqual(rows, LAYERS.map((l) => l.name));
});
