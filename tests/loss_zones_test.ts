/**
 * Zones by specificity (issue 22): workspace inside home inside scratch inside `/`, whatever the
 * nesting on disk. The same table of calls decides the same under a home in /home, a home under
 * /tmp and a home that IS /tmp; the most specific zone holding a path wins.
 */
import assert from "node:assert/strict";
import { evaluate } from "../src/policy/engine.ts";
import { context, shellCall } from "./harness.ts";
import type { EngineContext } from "../src/policy/engine.ts";

function homeContext(home: string): EngineContext {
  return {
    ...context(),
    home,
    stateDir: `${home}/.aiguard`,
    guardPaths: ["/opt/guard", `${home}/.deno/bin/deno`, `${home}/.cache/deno`],
  };
}

const HOMES = ["/home/user", "/tmp/u/home", "/tmp/x", "/tmp", "/var/tmp/me"];

/** [command, expected action, expected rule] with the workspace at ~/project. */
const TABLE: [string, "allow" | "ask" | "block", string][] = [
  ["rm -rf ~/projects-old", "ask", "fs.delete-outside-workspace"],
  ["rm -r ~/old", "ask", "fs.delete-outside-workspace"],
  ["rm ~/notes.txt", "ask", "fs.delete-outside-workspace"],
  ["echo x > ~/notes.txt", "ask", "write.outside-workspace"],
  ["touch ~/Documents/a.txt", "ask", "write.outside-workspace"],
  ["mv ~/project/a.txt ~/a.txt", "ask", "write.outside-workspace"],
  ["cp -r ~/project/src ~/backup", "ask", "write.outside-workspace"],
  ["find ~/Downloads -name '*.zip' -delete", "ask", "fs.delete-outside-workspace"],
  ["rm -rf ~", "block", "abs.rm-protected"],
  ["rm -rf ~/", "block", "abs.rm-protected"],
  ["rm -rf ~/project", "block", "abs.workspace-root"],
  ["rm -rf .", "block", "abs.workspace-root"],
  ["mv ~/project ~/project-old", "block", "abs.workspace-root"],
  ["chmod -R 000 ~/project", "block", "abs.workspace-root"],
  ["rm -rf ~/project/.git", "block", "abs.vcs-store"],
  ["rm -rf .git", "block", "abs.vcs-store"],
  ["rm -rf ~/.aiguard", "block", "abs.guard-state"],
  ["rm -rf ~/project/src", "ask", "loss.mass-delete"],
  ["rm -rf src", "ask", "loss.mass-delete"],
  ["git checkout -- .", "ask", "git.discard-changes"],
  ["cat ~/.ssh/id_rsa", "ask", "secrets.credential-access"],
  // Credentials deleted or emptied are lost: no copy of a private key or token exists elsewhere.
  ["rm -rf ~/.ssh", "ask", "loss.credentials"],
  ["rm -rf ~/.ssh/", "ask", "loss.credentials"],
  ["rm ~/.ssh/id_ed25519", "ask", "loss.credentials"],
  ["rm -f ~/.ssh/id_rsa ~/.ssh/id_rsa.pub", "ask", "loss.credentials"],
  ["rm -rf ~/.ssh/*", "ask", "loss.credentials"],
  ["shred -u ~/.ssh/id_rsa", "ask", "loss.credentials"],
  ["find ~/.ssh -type f -delete", "ask", "loss.credentials"],
  ["rm -rf ~/{.ssh,.gnupg}", "ask", "loss.credentials"],
  ["rm -rf ~/.gnupg", "ask", "loss.credentials"],
  ["rm -rf ~/.aws", "ask", "loss.credentials"],
  ["rm ~/.aws/credentials", "ask", "loss.credentials"],
  ["truncate -s 0 ~/.ssh/id_rsa", "ask", "loss.credentials"],
  ["cd ~ && rm -rf .ssh", "ask", "loss.credentials"],
  // A glob that reaches the workspace root too is the Absolute Block, whatever else it reaches.
  ["rm -rf ~/*", "block", "abs.rm-protected"],
  ["rm -rf ~/.[a-z]* ~/*", "block", "abs.rm-protected"],
  // A project's own secrets file is the project's: the zone asks, as before.
  ["rm .env", "ask", "write.credential-file"],
  ["rm ~/project/tests/fixtures/server.key", "ask", "write.credential-file"],
  // Writing or moving them loses nothing: the zone's ask names what it does.
  ["echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys", "ask", "persist.authorized-keys"],
  ["mv ~/.ssh/id_rsa ~/.ssh/id_rsa.old", "ask", "secrets.credential-access"],
  ["rm -rf ~/project/node_modules", "allow", "effect.workspace"],
  ["rm -rf node_modules dist", "allow", "effect.workspace"],
  ["touch ~/project/a.txt", "allow", "effect.workspace"],
  ["echo hi > notes.txt", "allow", "effect.workspace"],
  ["ls ~", "allow", "safe.readonly"],
];

for (const home of HOMES) {
  Deno.test(`zones by specificity: home ${home}, workspace ${home}/project`, () => {
    const ctx = homeContext(home);
    const bad: string[] = [];
    for (const [cmd, action, rule] of TABLE) {
      const d = evaluate(shellCall(cmd, `${home}/project`), ctx).decision;
      if (d.action !== action || d.rule !== rule) {
        bad.push(`${cmd}: want ${action} ${rule}, got ${d.action} ${d.rule}`);
      }
    }
    assert.deepEqual(bad, []);
  });
}

Deno.test("loss model: the user's credentials are lost wherever the session works, a workspace or none", () => {
  for (const home of HOMES) {
    const ctx = homeContext(home);
    for (const cwd of [home, `${home}/project`, "/tmp"]) {
      for (const cmd of ["rm -rf ~/.ssh", "shred -u ~/.ssh/id_rsa", "rm ~/.aws/credentials"]) {
        const d = evaluate(shellCall(cmd, cwd), ctx).decision;
        assert.equal(
          `${d.action} ${d.rule} ${d.risk}`,
          "ask loss.credentials high",
          `${cmd} in ${cwd}`,
        );
      }
    }
  }
});

Deno.test("zones by specificity: scratch outside the home stays scratch", () => {
  const ctx = homeContext("/tmp/u/home");
  const cwd = "/tmp/u/home/project";
  for (const cmd of ["rm -rf /tmp/build-123", "echo x > /tmp/out.txt", "rm -rf /var/tmp/cache-1"]) {
    const d = evaluate(shellCall(cmd, cwd), ctx).decision;
    assert.equal(d.action, "allow", `${cmd}: ${d.action} ${d.rule}`);
  }
  // The home's ancestors under /tmp hold the home: a recursive delete is an Absolute Block.
  const d = evaluate(shellCall("rm -rf /tmp/u", cwd), ctx).decision;
  assert.equal(`${d.action} ${d.rule}`, "block abs.rm-protected");
});

Deno.test("zones by specificity: a workspace under /tmp is the workspace", () => {
  const ctx = context();
  const cwd = "/tmp/work/app";
  for (
    const [cmd, want] of [
      ["rm -rf src", "ask loss.mass-delete"],
      ["rm -rf .", "block abs.workspace-root"],
      ["rm -rf .git", "block abs.vcs-store"],
      ["rm -rf dist", "allow effect.workspace"],
      ["rm -rf /tmp/other", "allow effect.workspace"],
    ]
  ) {
    const d = evaluate(shellCall(cmd, cwd), ctx).decision;
    assert.equal(`${d.action} ${d.rule}`, want, cmd);
  }
});
