/**
 * The effect model, table-driven: a command → what each simple command does (effect, resolved
 * target, zone, verdict), as `guard explain` shows it; and the option parser on the spellings
 * getopt_long, git and Go accept.
 */
import assert from "node:assert/strict";
import { parseArgs } from "../src/shell/programs/options.ts";
import { decide } from "./harness.ts";

const P = "/home/user/project";
const H = "/home/user";

/** [command, expected effects of all units: "effect target zone verdict"]. */
const EFFECTS: [string, string[]][] = [
  ["rm -rf build", [`delete (recursive) ${P}/build workspace runs`]],
  ["rm --recur --for ~", [`delete (recursive) ${H} root abs.rm-protected`]],
  ["sort --outp=out.txt in.txt", [
    `write ${P}/out.txt workspace runs`,
    `read ${P}/in.txt workspace runs`,
  ]],
  ["sort -o ~/.bashrc x", [
    `write ${H}/.bashrc outside persist.startup-write`,
    `read ${P}/x workspace runs`,
  ]],
  ["cat /proc/self/root/home/user/.aiguard/totp-secret", [
    `read ${H}/.aiguard/totp-secret guard abs.guard-state`,
  ]],
  ["cat /dev/fd/3", ["read /dev/fd/3 (unresolved) - effect.unresolved-path"]],
  ["cp -r src /tmp/x", [
    `read (recursive) ${P}/src workspace runs`,
    `write (recursive) /tmp/x scratch runs`,
    `write (recursive) /tmp/x/src scratch runs`,
  ]],
  ["mv a.txt ~/Documents/", [
    `delete (move) ${P}/a.txt workspace runs`,
    `read ${P}/a.txt workspace runs`,
    `write ${H}/Documents outside write.outside-workspace`,
    `write ${H}/Documents/a.txt outside write.outside-workspace`,
  ]],
  ["echo hi > notes.txt", [`write ${P}/notes.txt workspace runs`]],
  ["echo hi >> /etc/hosts", ["write /etc/hosts system fs.system-write"]],
  ["npm test", [`exec project ${P} workspace runs`]],
  ["npm publish", ["rule npm publish - pkg.publish"]],
  ["git push origin main", ["rule git push - git.push", `exec project ${P} workspace runs`]],
  ["git show HEAD:.env", [`read ${P}/.env credential secrets.credential-access`]],
  ["python src/main.py", [
    `exec project ${P} workspace runs`,
    `exec file ${P}/src/main.py workspace runs`,
  ]],
  // Inline code: its effects (ADR 0022); a language guard does not read is inline code.
  ["python -c 'print(1)'", [`exec project ${P} workspace runs`]],
  ["python -c \"open('o.txt', 'w')\"", [
    `exec project ${P} workspace runs`,
    `write ${P}/o.txt workspace runs`,
  ]],
  ["lua -e 'print(1)'", [
    `exec inline -e print(1) - exec.inline-code`,
    `exec project ${P} workspace runs`,
  ]],
  ["curl http://localhost:3000/health", ["network http://localhost:3000/health - runs"]],
  ["curl https://example.com", ["network https://example.com - net.egress"]],
  ["tar czf out.tgz src", [
    `write ${P}/out.tgz workspace runs`,
    `read (recursive) ${P}/src workspace runs`,
  ]],
  ["grep -rn TODO", [`read (recursive) ${P} workspace runs`]],
  ["find . -name '*.pyc' -delete", [
    `list (recursive) ${P} workspace runs`,
    `delete ${P}/**/*.pyc workspace runs`,
  ]],
  ["find . -name '*.ts' -delete", [
    `list (recursive) ${P} workspace runs`,
    `delete ${P}/**/*.ts workspace loss.mass-delete`,
  ]],
  ["find . -empty -delete", [
    `list (recursive) ${P} workspace runs`,
    `delete (recursive) ${P} workspace runs`,
  ]],
  ["rm -rf .git", [`delete (recursive) ${P}/.git workspace abs.vcs-store`]],
  ["chmod -R 000 .", [`write (recursive) (permissions) ${P} workspace abs.workspace-root`]],
  ["chmod -R u+w .", [`write (recursive) (permissions) ${P} workspace runs`]],
  ["rsync -a --delete empty/ ./", [
    `read (recursive) ${P}/empty workspace runs`,
    `write (recursive) ${P} workspace runs`,
    `write (recursive) ${P}/empty workspace runs`,
    `delete (recursive) ${P} workspace abs.workspace-root`,
  ]],
  ["ls -R ~", [`list (recursive) ${H} root abs.guard-state`]],
  ["docker run --rm -v $PWD:/app node npm test", [
    `read (recursive) ${P} workspace runs`,
    `write (recursive) ${P} workspace runs`,
    `exec project ${P} workspace runs`,
  ]],
  ["frobnicate --all", []],
];

function effectsOf(cmd: string): string[] {
  const ev = decide(cmd);
  return ev.trace.units.flatMap((u) =>
    (u.effects ?? []).map((e) => `${e.effect} ${e.target} ${e.zone ?? "-"} ${e.verdict ?? "runs"}`)
  );
}

for (const [cmd, want] of EFFECTS) {
  Deno.test(`effects: ${cmd}`, () => {
    assert.deepEqual(effectsOf(cmd).sort(), [...want].sort());
  });
}

/** [words, grammar, style, expected "key=value" options and operand indexes]. */
const O = {
  "-r": 0,
  "-f": 0,
  "-o": 1,
  "--output": 1,
  "--recursive": 0,
  "--force": 0,
  "-i": 2,
} as const;
const GNU = { abbrev: true, permute: true };
const PARSES: [
  string[],
  Record<string, 0 | 1 | 2 | 3>,
  typeof GNU & { singleDashLong?: boolean },
  string,
][] = [
  [["-rf", "x"], O, GNU, "-r -f | 1"],
  [["--recur", "--for", "x"], O, GNU, "--recursive --force | 2"],
  [["--rec", "x"], { "--recursive": 0, "--record": 1 }, GNU, "?--rec | 1"],
  [["--outp=f", "x"], O, GNU, "--output=f | 1"],
  [["-ofile", "x"], O, GNU, "-o=file | 1"],
  [["-o", "file", "x"], O, GNU, "-o=file | 2"],
  [["x", "-r"], O, GNU, "-r | 0"],
  [["x", "-r"], O, { abbrev: true, permute: false }, " | 0,1"],
  [["--", "-r"], O, GNU, " | 1"],
  [["-i.bak", "x"], O, GNU, "-i=.bak | 1"],
  [["-i", "x"], O, GNU, "-i | 1"],
  [
    ["-toolexec=sh", "./..."],
    { "-toolexec": 1 },
    { ...GNU, singleDashLong: true },
    "-toolexec=sh | 1",
  ],
  [["-z", "x"], O, GNU, "?-z | 1"],
  [["-20", "f"], O, GNU, " | 1"],
];

for (const [words, g, style, want] of PARSES) {
  Deno.test(`options: ${words.join(" ")} → ${want}`, () => {
    const p = parseArgs(words, g, style, "\u0000");
    const opts = [
      ...p.unknown.map((u) => `?${u}`),
      ...p.opts.map((o) => (o.value === null ? o.key : `${o.key}=${o.value}`)),
    ];
    assert.equal(`${opts.join(" ")} | ${p.operands.join(",")}`, want);
  });
}
