/**
 * The proxy's memo of engine evaluations (GateOptions.memo): an identical call gets the
 * identical decision without the engine running again, while everything that is not the
 * engine's still runs per call — flow checks see the session as it is now, an ask still asks
 * (a new challenge each time) and an approval still lets exactly one call through.
 */
import assert from "node:assert/strict";
import { gate, MEMO_LIMIT } from "../src/gate/gate.ts";
import type { Evaluation } from "../src/policy/evaluation.ts";
import { evaluate } from "../src/policy/engine.ts";
import { proxyToolCall } from "../src/mcp/proxy.ts";
import { context, CWD, HOME, policyFrom } from "./harness.ts";
import "../src/flow/mcp_capabilities.ts";
import { tempHome } from "../scripts/guard_flags.ts";
import { readChallenge, writeApproval } from "../src/state/approvals.ts";
import { canonicalCall } from "../src/core/canonical.ts";
import { challengeToken } from "../src/state/challenges.ts";
import { ensureStateDir } from "../src/state/state_dir.ts";
import type { FlowHooks } from "../src/gate/gate.ts";
import type { Decision } from "../src/core/types.ts";

const CTX = context();
const deadline = () => performance.now() + 5000;

const CALLS: [string, string, Record<string, unknown>][] = [
  ["fs", "read_text_file", { path: `${CWD}/README.md` }],
  ["fs", "read_text_file", { path: `${HOME}/.ssh/id_rsa` }],
  ["fs", "write_file", { path: `${CWD}/out.txt`, content: "x" }],
  ["fetch", "fetch", { url: "http://169.254.169.254/latest/meta-data/" }],
  ["shell", "run_command", { command: "rm -rf ~" }],
  ["notes", "notes", { text: "hello" }],
];

Deno.test("an identical call is decided from the memo, exactly as the engine decides it", async () => {
  const state = `${await tempHome("guard-memo-")}/.aiguard`;
  ensureStateDir(state);
  const memo = new Map<string, Evaluation>();
  for (const [server, name, args] of CALLS) {
    const call = proxyToolCall(server, name, args, CWD, "s");
    const first = await gate(call, CTX, state, deadline(), undefined, { memo });
    const kept = memo.size;
    const again = await gate(
      proxyToolCall(server, name, structuredClone(args), CWD, "s"),
      CTX,
      state,
      deadline(),
      undefined,
      { memo },
    );
    assert.equal(memo.size, kept, "no second evaluation stored");
    assert.equal(again.decision.rule, first.decision.rule);
    assert.equal(again.outcome, first.outcome);
    assert.equal(again.decision.rule, evaluate(call, CTX).decision.rule, "the engine agrees");
    // Another argument, cwd or agent is another call.
    await gate(
      proxyToolCall(server, name, { ...args, extra: 1 }, CWD, "s"),
      CTX,
      state,
      deadline(),
      undefined,
      { memo },
    );
    await gate(proxyToolCall(server, name, args, "/tmp", "s"), CTX, state, deadline(), undefined, {
      memo,
    });
    assert.equal(memo.size, kept + 2);
  }
});

Deno.test("the memo never carries what is not the engine's: flow, asks and approvals run per call", async () => {
  const state = `${await tempHome("guard-memo-")}/.aiguard`;
  ensureStateDir(state);
  const memo = new Map<string, Evaluation>();
  // Flow: the same call, first allowed, then asked once the session has changed.
  let tainted = false;
  const flow: FlowHooks = {
    check: () =>
      ({
        decision: tainted
          ? {
            action: "ask",
            risk: "high",
            rule: "flow.trifecta",
            warning: "w",
            remediation: "",
          } as Decision
          : null,
        proof: { rules: tainted ? ["flow.trifecta"] : [], labels: [], sources: [] },
      }) as unknown as ReturnType<FlowHooks["check"]>,
    admit: () => {},
  };
  const allowing = context(policyFrom('allow = ["^mcp__notes__notes "]\n'));
  const send = proxyToolCall("notes", "notes", { text: "hello" }, CWD, "s");
  assert.equal((await gate(send, allowing, state, deadline(), flow, { memo })).outcome, "allow");
  tainted = true;
  assert.equal((await gate(send, allowing, state, deadline(), flow, { memo })).outcome, "ask");
  // An asked call asks each time; an approval lets exactly one identical call through.
  const write = proxyToolCall(
    "fs",
    "write_file",
    { path: `${HOME}/.bashrc`, content: "x" },
    CWD,
    "s",
  );
  const a1 = await gate(write, CTX, state, deadline(), undefined, { memo });
  assert.equal(a1.outcome, "ask");
  const token = await challengeToken(canonicalCall(write));
  assert.equal(a1.token, token);
  writeApproval(state, await readChallenge(state, token, Date.now()), "test", Date.now());
  assert.equal((await gate(write, CTX, state, deadline(), undefined, { memo })).outcome, "allow");
  assert.equal((await gate(write, CTX, state, deadline(), undefined, { memo })).outcome, "ask");
});

Deno.test("the memo is bounded", async () => {
  const state = `${await tempHome("guard-memo-")}/.aiguard`;
  ensureStateDir(state);
  const memo = new Map<string, Evaluation>();
  for (let i = 0; i < MEMO_LIMIT + 10; i++) {
    await gate(
      proxyToolCall("notes", "notes", { text: `n${i}` }, CWD, "s"),
      CTX,
      state,
      deadline(),
      undefined,
      { memo },
    );
  }
  assert.ok(memo.size <= MEMO_LIMIT);
});
