/**
 * Extracts the literal cases of Claude Code Safety Net's own test suite into
 * tests/corpus/safety_net.json, the second corpus tests/safety_net_test.ts runs.
 *
 *   deno run --allow-read --allow-write --allow-env --allow-run=git \
 *     scripts/safety_net_corpus.ts <repo> [out.json]
 *
 * `<repo>` is a checkout or a bare git directory of kenryu42/claude-code-safety-net. The files
 * read are its tests/core rule and analysis tests (FILES); the custom-rule integration file is
 * left out (its cases depend on a rule file of the suite's own). A case is one call of
 * `assertBlocked(command, …, cwd?)` or `assertAllowed(command, cwd?)` whose command is a string
 * literal or a template whose every interpolation names a fixture path this script can resolve
 * (`toShellPath(tmpDir)`, `join(fixture.mainWorktree, '.git')`…). Calls inside loops, with a
 * computed command, or an unresolvable interpolation are skipped and counted by reason.
 *
 * The suite's fixtures become guard's test fixtures: the temp directory a test makes (and uses as
 * its cwd) is the git workspace /home/user/project, or the home /home/user when the test also
 * sets HOME to it; a linked-worktree fixture's linked tree is the workspace and its main tree a
 * sibling; a literal cwd such as '/tmp' stays as it is. The environment a case runs under
 * (`withEnv`) is kept: the suite's modes (SAFETY_NET_STRICT, _PARANOID*, _WORKTREE) as `modes`,
 * other variables as `env`.
 *
 * The JSON's header names the source, its commit and its MIT licence; only the commands (test
 * data) and the test names that locate them are copied.
 */
// A one-off generator: the compiler is its own dependency, not the project's.
// deno-lint-ignore no-import-prefix
import ts from "npm:typescript@5.9.3";

export const FILES = [
  "tests/core/rules-git.test.ts",
  "tests/core/rules-rm.test.ts",
  "tests/core/analyze/edge-cases.test.ts",
  "tests/core/analyze/find.test.ts",
];

const WORKSPACE = "/home/user/project";
const HOME = "/home/user";

/** The fixture objects the suite's helpers return, as paths on guard's fixtures. */
const FIXTURES: Record<string, Record<string, string>> = {
  createLinkedWorktreeFixture: {
    rootDir: HOME,
    mainWorktree: `${HOME}/main`,
    linkedWorktree: WORKSPACE,
  },
  createSubmoduleLikeGitFileFixture: { rootDir: `${HOME}/super`, cwd: `${HOME}/super/submodule` },
};

const MODES: Record<string, string[]> = {
  SAFETY_NET_STRICT: ["strict"],
  SAFETY_NET_PARANOID: ["paranoidRm", "paranoidInterpreters"],
  SAFETY_NET_PARANOID_RM: ["paranoidRm"],
  SAFETY_NET_PARANOID_INTERPRETERS: ["paranoidInterpreters"],
  SAFETY_NET_WORKTREE: ["worktree"],
};

export interface SafetyNetCase {
  /** `<file stem>#<n>`, stable for a given source commit. */
  id: string;
  file: string;
  /** The enclosing describe blocks and the test's name, joined by " › ". */
  test: string;
  cmd: string;
  /** What Safety Net's test asserts: it returns a reason (blocked) or null (allowed). */
  expect: "blocked" | "allowed";
  /** The cwd on guard's fixtures (the workspace unless the test names another). */
  cwd: string;
  /** How the suite gave the cwd: "default" (none), "temp" (its mkdtemp), a fixture, a literal. */
  cwdSource: string;
  /** The suite's opt-in modes in force for the case (strict, paranoidRm, …, worktree). */
  modes: string[];
  /** Other environment the test sets, as guard's fixtures see it. */
  env: Record<string, string>;
}

export interface Skipped {
  file: string;
  test: string;
  reason: string;
}

/** A variable: the temp directory, a fixture (by its maker), or its initialiser, read lazily. */
type Binding = "temp" | { fixture: string } | ts.Expression;
type Scope = Map<string, Binding>;

/** Names a test assigns after declaring them (a command built in a loop): never resolved. */
const reassigned = new Set<string>();

class Unresolvable extends Error {}

function strOf(n: ts.Node): string | null {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  return null;
}

function calleeName(call: ts.CallExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return "";
}

function joinPath(parts: string[]): string {
  const out: string[] = [];
  for (const seg of parts.join("/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

/** Where the walk is: the describe/test names, the env set by `withEnv`, loops. */
interface Ctx {
  names: string[];
  test: string | null;
  env: Record<string, string>;
  modes: Set<string>;
  inLoop: boolean;
  /** Variables of the enclosing blocks: name → resolved path, or a fixture's name. */
  scope: Scope;
  /** The temp directory's place: the workspace, or the home when HOME is set to it. */
  tempRoot: string;
}

function resolveExpr(n: ts.Expression, ctx: Ctx): string {
  const s = strOf(n);
  if (s !== null) return s;
  if (ts.isParenthesizedExpression(n)) return resolveExpr(n.expression, ctx);
  if (ts.isIdentifier(n)) {
    if (reassigned.has(n.text)) throw new Unresolvable(n.text);
    const v = ctx.scope.get(n.text);
    if (v === undefined || (typeof v === "object" && "fixture" in v)) {
      throw new Unresolvable(n.text);
    }
    return v === "temp" ? ctx.tempRoot : resolveExpr(v, ctx);
  }
  if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
    const v = ctx.scope.get(n.expression.text);
    if (typeof v === "object" && "fixture" in v) {
      const p = FIXTURES[v.fixture]?.[n.name.text];
      if (p !== undefined) return p;
    }
    throw new Unresolvable(n.getText());
  }
  if (ts.isCallExpression(n)) {
    const name = calleeName(n);
    if (name === "toShellPath" && n.arguments.length === 1) return resolveExpr(n.arguments[0], ctx);
    if (name === "join") return joinPath(n.arguments.map((a) => resolveExpr(a, ctx)));
    throw new Unresolvable(name);
  }
  if (ts.isTemplateExpression(n)) {
    let out = n.head.text;
    for (const span of n.templateSpans) {
      out += resolveExpr(span.expression, ctx) + span.literal.text;
    }
    return out;
  }
  throw new Unresolvable(ts.SyntaxKind[n.kind]);
}

function binding(init: ts.Expression): Binding {
  if (ts.isCallExpression(init)) {
    const name = calleeName(init);
    if (name === "mkdtempSync") return "temp";
    if (name in FIXTURES) return { fixture: name };
  }
  return init;
}

function objectEnv(obj: ts.ObjectLiteralExpression, ctx: Ctx): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of obj.properties) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : null;
    if (key === null) continue;
    // HOME set to the temp directory makes it the home: keep the name, resolve it below.
    if (ts.isIdentifier(p.initializer) && ctx.scope.get(p.initializer.text) === "temp") {
      env[key] = "temp";
      continue;
    }
    try {
      env[key] = resolveExpr(p.initializer, ctx);
    } catch {
      env[key] = "<unresolved>";
    }
  }
  return env;
}

export function extract(
  file: string,
  text: string,
): { cases: Omit<SafetyNetCase, "id">[]; skipped: Skipped[] } {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  reassigned.clear();
  const cases: Omit<SafetyNetCase, "id">[] = [];
  const skipped: Skipped[] = [];

  const visit = (node: ts.Node, ctx: Ctx): void => {
    // Variables declared in this block are visible to what follows (resolved in order).
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      ctx.scope.set(node.name.text, binding(node.initializer));
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const first = node.arguments[0];
      if ((name === "describe" || name === "test" || name === "it") && first && strOf(first)) {
        const inner: Ctx = { ...ctx, scope: new Map(ctx.scope) };
        if (name === "describe") inner.names = [...ctx.names, strOf(first)!];
        else inner.test = strOf(first)!;
        for (const a of node.arguments.slice(1)) visit(a, inner);
        return;
      }
      if (name === "withEnv" && first && ts.isObjectLiteralExpression(first)) {
        const env = objectEnv(first, ctx);
        const inner: Ctx = {
          ...ctx,
          env: { ...ctx.env },
          modes: new Set(ctx.modes),
          scope: new Map(ctx.scope),
        };
        for (const [k, v] of Object.entries(env)) {
          if (k in MODES) MODES[k].forEach((m) => inner.modes.add(m));
          else if (k === "HOME" && v === "temp") inner.tempRoot = HOME;
          else inner.env[k] = v;
        }
        for (const a of node.arguments.slice(1)) visit(a, inner);
        return;
      }
      if (name === "assertBlocked" || name === "assertAllowed") {
        const test = [...ctx.names, ctx.test ?? "(no test)"].join(" › ");
        const cwdArg = name === "assertBlocked" ? node.arguments[2] : node.arguments[1];
        const skip = (reason: string): void => {
          skipped.push({ file, test, reason });
        };
        if (ctx.inLoop) return skip("inside a loop");
        if (!first) return skip("no command");
        let cmd: string;
        try {
          cmd = resolveExpr(first, ctx);
        } catch (e) {
          if (!(e instanceof Unresolvable)) throw e;
          return skip(
            ts.isIdentifier(first)
              ? "computed command (a variable)"
              : "interpolation that cannot be resolved",
          );
        }
        let cwd = WORKSPACE;
        let cwdSource = "default";
        if (cwdArg) {
          try {
            const raw = resolveExpr(cwdArg, ctx);
            cwd = raw === "" ? WORKSPACE : raw;
            cwdSource = strOf(cwdArg) !== null
              ? `literal ${JSON.stringify(raw)}`
              : cwdArg.getText(sf);
          } catch (e) {
            if (!(e instanceof Unresolvable)) throw e;
            return skip("cwd that cannot be resolved");
          }
        }
        cases.push({
          file,
          test,
          cmd,
          expect: name === "assertBlocked" ? "blocked" : "allowed",
          cwd,
          cwdSource,
          modes: [...ctx.modes].sort(),
          env: { ...ctx.env },
        });
        return;
      }
    }
    if (
      ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) ||
      ts.isWhileStatement(node) || ts.isDoStatement(node)
    ) {
      const inner: Ctx = { ...ctx, inLoop: true };
      ts.forEachChild(node, (c) => visit(c, inner));
      return;
    }
    if (ts.isBlock(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      // A nested function or block sees the outer names; its own do not leak out.
      const inner: Ctx = { ...ctx, scope: new Map(ctx.scope) };
      ts.forEachChild(node, (c) => visit(c, inner));
      return;
    }
    ts.forEachChild(node, (c) => visit(c, ctx));
  };

  // `tmpDir = mkdtempSync(…)` in a setup function or a beforeEach: the name is the temp
  // directory wherever it is read.
  const scope: Scope = new Map();
  const findTemps = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) && ts.isCallExpression(node.right) &&
      calleeName(node.right) === "mkdtempSync"
    ) {
      scope.set(node.left.text, "temp");
    } else if (
      ts.isBinaryExpression(node) && ts.isIdentifier(node.left) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      reassigned.add(node.left.text);
    }
    ts.forEachChild(node, findTemps);
  };
  findTemps(sf);
  visit(sf, {
    names: [],
    test: null,
    env: {},
    modes: new Set(),
    inLoop: false,
    scope,
    tempRoot: WORKSPACE,
  });
  return { cases, skipped };
}

async function readSource(repo: string, path: string): Promise<string> {
  try {
    return await Deno.readTextFile(`${repo}/${path}`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const out = await new Deno.Command("git", { args: ["-C", repo, "show", `HEAD:${path}`] })
    .output();
  if (!out.success) throw new Error(`cannot read ${path} from ${repo}`);
  return new TextDecoder().decode(out.stdout);
}

async function gitOut(repo: string, args: string[]): Promise<string | null> {
  const out = await new Deno.Command("git", { args: ["-C", repo, ...args] }).output();
  return out.success ? new TextDecoder().decode(out.stdout).trim() : null;
}

if (import.meta.main) {
  const [repo, outPath = "tests/corpus/safety_net.json"] = Deno.args;
  if (!repo) {
    console.error("usage: safety_net_corpus.ts <safety-net repo or bare git dir> [out.json]");
    Deno.exit(2);
  }
  const licence = await readSource(repo, "LICENSE");
  if (!/^MIT License/.test(licence)) throw new Error("the source's LICENSE is not MIT: check it");
  const copyright = licence.split("\n").find((l) => l.startsWith("Copyright")) ?? "";
  const pkg = JSON.parse(await readSource(repo, "package.json"));
  const all: SafetyNetCase[] = [];
  const skipped: Skipped[] = [];
  for (const file of FILES) {
    const r = extract(file, await readSource(repo, file));
    const stem = file.split("/").at(-1)!.replace(/\.test\.ts$/, "");
    r.cases.forEach((c, i) => all.push({ id: `${stem}#${i}`, ...c }));
    skipped.push(...r.skipped);
  }
  const byReason: Record<string, number> = {};
  for (const s of skipped) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
  const doc = {
    source: "https://github.com/kenryu42/claude-code-safety-net",
    version: `v${pkg.version}`,
    commit: await gitOut(repo, ["rev-parse", "HEAD"]),
    license: "MIT",
    copyright,
    note:
      "Test data: the literal commands of the source's assertBlocked/assertAllowed calls and the " +
      "names of the tests they are in, extracted by scripts/safety_net_corpus.ts. No code or " +
      "prose of the source is copied. Left out: tests/core/rules-custom-integration.test.ts.",
    files: FILES,
    fixtures: {
      workspace: WORKSPACE,
      home: HOME,
      temp: "the temp directory a test makes is the workspace, or the home when HOME is set to it",
      linkedWorktree: FIXTURES.createLinkedWorktreeFixture,
    },
    counts: {
      cases: all.length,
      blocked: all.filter((c) => c.expect === "blocked").length,
      allowed: all.filter((c) => c.expect === "allowed").length,
      skipped: skipped.length,
      skippedByReason: byReason,
    },
    skipped,
    cases: all,
  };
  await Deno.writeTextFile(outPath, JSON.stringify(doc, null, 2) + "\n");
  console.log(JSON.stringify(doc.counts));
}
