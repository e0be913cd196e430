/**
 * `guard explain` shows the loss model's judgement: what would be lost, the zone, the rule.
 */
import assert from "node:assert/strict";
import { formatEvaluation } from "../src/cli/explain.ts";
import { decide, shellCall } from "./harness.ts";

function explain(cmd: string): string {
  return formatEvaluation(decide(cmd), shellCall(cmd));
}

const CASES: [string, RegExp[]][] = [
  ["rm -rf .", [
    /^Decision: BLOCK .*rule=abs\.workspace-root/m,
    /Would lose: the workspace root \/home\/user\/project, its history included {2}\[abs\.workspace-root\]/,
    /delete \(recursive\) \/home\/user\/project {2}zone=workspace {2}→ abs\.workspace-root/,
    /would lose: the workspace root \/home\/user\/project/,
  ]],
  ["rm -rf .git", [
    /^Decision: BLOCK .*rule=abs\.vcs-store/m,
    /Would lose: version-control history: \/home\/user\/project\/\.git {2}\[abs\.vcs-store\]/,
  ]],
  ["git reflog expire --expire=now --all && git gc --prune=now", [
    /^Decision: ASK .*rule=git\.history-loss/m,
    /Would lose: git history: reflog entries and the commits only they still reach/,
    /Would lose: git history: unreachable objects {2}\[git\.history-loss\]/,
  ]],
  ["git checkout -- src/a.ts", [
    /^Decision: ASK .*rule=git\.discard-changes/m,
    /Would lose: uncommitted changes in src\/a\.ts {2}\[git\.discard-changes\]/,
  ]],
  ["rm -rf src/legacy", [
    /^Decision: ASK .*rule=loss\.mass-delete/m,
    /Would lose: the directory \/home\/user\/project\/src\/legacy and everything in it/,
    /zone=workspace {2}→ loss\.mass-delete/,
  ]],
  ["find . -name '*.ts' -delete", [
    /Would lose: every \*\.ts below \/home\/user\/project/,
  ]],
];

Deno.test("explain names what would be lost, the zone and the rule", () => {
  for (const [cmd, want] of CASES) {
    const out = explain(cmd);
    for (const re of want) assert.match(out, re, `${cmd}:\n${out}`);
  }
});

Deno.test("explain names no loss where nothing is lost", () => {
  for (const cmd of ["rm -rf node_modules", "git checkout main", "git status", "rm src/a.ts"]) {
    assert.doesNotMatch(explain(cmd), /ould lose/, cmd);
  }
});
