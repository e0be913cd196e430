/**
 * The suite's own failure handling, before any agent runs: a hanging agent is
 * killed at its bound and reported with its output; nothing it started
 * survives the case (the PID namespace ends it); the sandbox reaches nothing
 * but loopback; and the mock model names what it could not answer.
 */
import assert from "node:assert/strict";
import { runCase, sandboxProblem } from "./sandbox.ts";
import { startMockModel } from "./mock_model.ts";

const problem = sandboxProblem();

function running(marker: string): string[] {
  const o = new Deno.Command("pgrep", { args: ["-af", marker], stdout: "piped" }).outputSync();
  return new TextDecoder().decode(o.stdout).split("\n").filter((l) => l.includes(marker));
}

const base = { call: null, env: { PATH: "/usr/bin:/bin" }, cwd: "/tmp" };

Deno.test({
  name: "sandbox: a hanging agent is killed at its bound; its output is in the result",
  ignore: !!problem,
  fn: async () => {
    const marker = `guard-e2e-hang-${crypto.randomUUID().slice(0, 8)}`;
    const r = await runCase({
      ...base,
      argv: ["sh", "-c", `echo started ${marker}; sleep 300`],
      timeoutMs: 1500,
    });
    // The runner answered (not the outer bound): the agent's output is there.
    assert.equal(r.timedOut, true);
    assert.equal(r.error, undefined);
    assert.match(r.stdout, new RegExp(`started ${marker}`));
    assert.deepEqual(running(marker), []);
  },
});

Deno.test({
  name: "sandbox: what an agent leaves running ends with the case",
  ignore: !!problem,
  fn: async () => {
    const marker = `guard-e2e-orphan-${crypto.randomUUID().slice(0, 8)}`;
    const r = await runCase({
      ...base,
      argv: ["sh", "-c", `(exec -a ${marker} sleep 300) >/dev/null 2>&1 & echo spawned`],
      timeoutMs: 10_000,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /spawned/);
    await new Promise((ok) => setTimeout(ok, 300));
    assert.deepEqual(running(marker), []);
  },
});

Deno.test({
  name: "sandbox: only loopback — the mock answers, any other address is unreachable",
  ignore: !!problem,
  fn: async () => {
    const script = `
      try { await fetch("http://192.0.2.1:80/", { signal: AbortSignal.timeout(3000) }); console.log("reached"); }
      catch (e) { console.log("unreachable", e.name); }
      const r = await fetch("{URL}/v1/models"); console.log("mock", r.status);`;
    const r = await runCase({
      ...base,
      argv: [Deno.execPath(), "eval", script],
      env: { PATH: "/usr/bin:/bin", DENO_DIR: "/nonexistent", NO_COLOR: "1" },
      timeoutMs: 20_000,
    });
    assert.match(r.stdout, /^unreachable/m, r.stdout + r.stderr);
    assert.match(r.stdout, /^mock 200$/m, r.stdout + r.stderr);
  },
});

Deno.test("mock model: a scripted tool the agent does not offer, and an unknown path, are named", async () => {
  const m = startMockModel({ call: { name: "Bash", input: { command: "ls" } } });
  try {
    const res = await fetch(`${m.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({ stream: true, tools: [{ name: "Shell" }], messages: [] }),
    });
    await res.body?.cancel();
    const other = await fetch(`${m.url}/v2/unknown`, { method: "POST", body: "{}" });
    await other.body?.cancel();
    assert.equal(other.status, 404);
    assert.deepEqual(m.problems, [
      "the scripted tool Bash is not offered (offered: Shell)",
      "unexpected request POST /v2/unknown",
    ]);
    // The scripted call, then text once its result is in the conversation.
    const call = await (await fetch(`${m.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({ tools: [{ name: "Bash" }], messages: [] }),
    })).json();
    assert.equal(call.content[0].type, "tool_use");
    const done = await (await fetch(`${m.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({
        tools: [{ name: "Bash" }],
        messages: [{
          role: "user",
          content: [{ type: "tool_result", tool_use_id: call.content[0].id, content: "out" }],
        }],
      }),
    })).json();
    assert.equal(done.content[0].type, "text");
    assert.deepEqual(m.toolResults(), ["out"]);
  } finally {
    await m.close();
  }
});
