/**
 * `guard proxy -- <server command>`: an MCP stdio proxy. The client (the
 * agent) talks to guard's stdin/stdout; guard talks to the real server, its
 * child. Every line passes through byte-exact and in order, both ways —
 * requests, notifications, server→client requests (sampling, elicitation,
 * roots, ping), progress, cancellation, both protocol eras — except:
 *
 *  - `tools/call`: judged by the same engine, policy and approvals as the hook
 *    (the call becomes a ToolCall `mcp__<server>__<tool>`). Allowed calls are
 *    forwarded; blocked ones never reach the server and the client gets an
 *    `isError` result naming the rule; an ask gets the same with
 *    `AIGUARD_CHALLENGE:<token>`, and after `guard approve` the identical call
 *    passes once (ADR 0012).
 *  - results of allowed calls (and `tasks/result`): a prompt injection
 *    withholds the whole result; secrets are masked; both are audited.
 *  - `tools/list` results: every definition is hashed and pinned per server;
 *    a new tool is scanned for poisoning and trusted on first use, a changed
 *    or poisoned one is withheld (and its calls denied) until
 *    `guard mcp trust <server>`. The server's `instructions` likewise.
 *
 * Fail closed, session kept: a line that is not JSON, a batch containing a
 * call, an oversized message, a full pending table or a scan past its deadline
 * never forwards unchecked content; the client gets an error where it has a
 * request id to answer.
 */
import { canonicalJson } from "../core/canonical.ts";
import { loadRemembered, RememberedError } from "../state/remembered.ts";
import { detect, DetectDeadline } from "../detect/detect.ts";
import { ScanDeadline } from "../detect/injection.ts";
import { injectionBand, spotlightResult } from "../detect/verdict.ts";
import { type CompiledPolicy, PolicyError, samplingMode } from "../policy/user_policy.ts";
import { rule } from "../core/rules.ts";
import type { Decision, ToolCall } from "../core/types.ts";
import { gate } from "../gate/gate.ts";
import { baseContext } from "../gate/runtime.ts";
import { appendAuditMany, type AuditRecord, type Digests } from "../audit/audit_log.ts";
import type { AskRecord } from "../audit/audit_entry.ts";
import { createHash } from "node:crypto";
import { hmacSha256Hex } from "../audit/sync_crypto.ts";

/** A long-running process can afford node:crypto: synchronous, several times faster than WebCrypto. */
const PROXY_DIGESTS: Digests = {
  sha256Hex: (s) => createHash("sha256").update(s).digest("hex"),
  hmacHex: hmacSha256Hex,
};
import { definitionText, describedText, judgeTool, type ServerPins, type ToolDef } from "./pins.ts";
import { filterResult } from "./result_filter.ts";
import { ANSWER_CHANNELS, type ChannelVerdict, judgeChannel, SERVER_CHANNELS } from "./channels.ts";
import {
  type ContentsVerdict,
  MalformedJson,
  ResultStream,
  type StreamVerdict,
} from "./result_stream.ts";
import { concatBytes } from "./framing.ts";
import { idKey, isObject } from "./jsonrpc.ts";
import type { InjectionResult } from "../detect/injection.ts";
import {
  admitCall,
  checkFlow,
  FLOW_LIMITS,
  type FlowCall,
  type FlowProof,
  type FlowState,
  newFlowState,
  recordResult,
} from "../flow/flow.ts";
import { type CapabilityCache, flowCallOf } from "../policy/flow_call.ts";
import type { Evaluation } from "../policy/evaluation.ts";
import type { ToolDefinition } from "../flow/capabilities.ts";
import "../flow/mcp_capabilities.ts"; // MCP tool heuristics for flow tracking (registers itself)
import {
  fileSink,
  MAX_MESSAGE,
  type MessageFeed,
  pumpLines,
  readChunks,
  SerialWriter,
  StdioUpstream,
  STREAM_AFTER,
  streamSink,
  type Upstream,
} from "./upstream.ts";
import { loadPins, savePins, serverKey } from "./mcp_pins.ts";

export const MAX_LINE = MAX_MESSAGE;
export const MAX_PENDING = 4096;
/** Budget for judging one call, and for scanning one result (plus time per MiB: big results are slow). */
export const CALL_DEADLINE_MS = 3000;
export const SCAN_DEADLINE_MS = 2000;
export const SCAN_MS_PER_MIB = 600;
/** Audit records are written in batches: at most this many, at most this late. */
export const AUDIT_BATCH = 64;
export const AUDIT_DELAY_MS = 20;

export interface ProxyOptions {
  name: string;
  /** The server's command line (stdio), unless `upstream` is given. */
  command?: string;
  args?: string[];
  home: string;
  stateDir: string;
  cwd: string;
  /** The workspace (src/state/workspace.ts); absent: the engine's fallback from each call's cwd. */
  workspace?: string | null;
  policy: CompiledPolicy;
  /** The server; absent: `command` and `args` run as a child over stdio. */
  upstream?: Upstream;
  /** Streams (tests and the bench may pass their own). */
  input?: ReadableStream<Uint8Array>;
  output?: WritableStream<Uint8Array>;
  log?: (line: string) => void;
}

type Pending =
  | { kind: "call"; tool: string; call: ToolCall; flow: FlowCall | null }
  | { kind: "task" }
  | { kind: "list" }
  | { kind: "init" }
  /** An answer judged in channels.ts: `detail` names what was asked (a uri, a prompt). */
  | { kind: "channel"; method: string; detail: string };

/** The JSON-RPC error code of an answer guard withheld (outside the reserved −32768…−32000). */
export const WITHHELD_CODE = -31001;

/** How a call's result was scanned (whole, or as it arrived). */
type ResultScan =
  | { kind: "too-large" }
  | { kind: "deadline" }
  | { kind: "injection"; injection: InjectionResult }
  | { kind: "spotlight"; injection: InjectionResult; secrets: string[]; flowText: () => string }
  | { kind: "redacted"; secrets: string[]; flowText: () => string }
  | { kind: "pass"; flowText: () => string };

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A JSON-RPC line. */
function line(v: unknown): Uint8Array {
  return enc.encode(JSON.stringify(v) + "\n");
}

/** The denial a client sees for a call guard stops: a tool error naming the rule. */
export function denial(id: unknown, text: string): Uint8Array {
  return line({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], isError: true } });
}

/** The streamed reading of an answer to `method`, for the channels scanned as they arrive. */
function streamedReading(v: StreamVerdict, method: string): ContentsVerdict | null {
  return method === "resources/read" ? v.contents : method === "prompts/get" ? v.prompt : null;
}

/** A withheld answer of a channel: a JSON-RPC error that says why (never an empty result). */
function withheldAnswer(id: unknown, d: Decision): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id,
    error: { code: WITHHELD_CODE, message: blockText(d), data: { rule: d.rule } },
  };
}

/** What flow tracking reads of a streamed message (its first maxScanChars), decoded in pieces. */
function flowPrefix(parts: Uint8Array[]): string {
  const cap = FLOW_LIMITS.maxScanChars;
  const d = new TextDecoder();
  const text: string[] = [];
  let n = 0;
  for (const b of parts) {
    if (n >= cap) break;
    text.push(d.decode(n + b.length > cap ? b.subarray(0, cap - n) : b, { stream: true }));
    n += b.length;
  }
  return text.join("") + d.decode();
}

function protocolError(id: unknown, message: string): Uint8Array {
  return line({ jsonrpc: "2.0", id: id ?? null, error: { code: -32600, message } });
}

function blockText(d: Decision): string {
  return `guard: BLOCKED [${d.rule}] ${d.warning}.${d.remediation ? " " + d.remediation : ""}`;
}

function askText(d: Decision, token: string): string {
  return `guard: APPROVAL NEEDED [${d.rule}] (${d.risk}) ${d.warning}. AIGUARD_CHALLENGE:${token} — ask the user to review and run \`guard approve ${token}\` in their own terminal, then retry the identical call.`;
}

/**
 * The ToolCall of a `tools/call` through the proxy: the same as the hook's for
 * `mcp__<server>__<tool>` (tool name, arguments as the input), so both judge one canonical call.
 */
export function proxyToolCall(
  server: string,
  name: string,
  args: unknown,
  cwd: string,
  session: string,
): ToolCall {
  return {
    kind: "mcp",
    agent: "mcp-proxy",
    tool: `mcp__${server}__${name}`,
    cwd,
    session,
    input: args,
    server,
    name,
    args,
  };
}

function ruleDecision(id: string, warning?: string): Decision {
  const r = rule(id);
  return {
    action: r.action,
    risk: r.risk,
    warning: warning ?? r.warning,
    rule: id,
    remediation: r.remediation,
  };
}

export class ProxySession {
  readonly pending = new Map<string, Pending>();
  private cancelled = new Set<string>();
  /** Tools withheld from the client until trusted, by name. */
  readonly held = new Map<string, "changed" | "poisoned">();
  private pins: ServerPins;
  private pinsDirty = false;
  /** Flow tracking for this proxy's lifetime (memory only). */
  readonly flow: FlowState = newFlowState(
    [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0"))
      .join(""),
    Date.now(),
  );
  /** Tool definitions from the latest tools/list, for capability classification. */
  private defs = new Map<string, ToolDefinition>();
  /** Classifications per tool, cleared when tools/list changes a definition. */
  private capsCache: CapabilityCache = new Map();
  private ctx: ReturnType<typeof baseContext> | null = null;
  /** Engine evaluations of identical calls (policy and workspace are fixed for the proxy's life). */
  private evaluations = new Map<string, Evaluation>();

  constructor(
    private readonly o: ProxyOptions,
    private readonly key: string,
    pins: ServerPins,
    private readonly toClient: (b: Uint8Array) => Promise<void>,
    private readonly toServer: (b: Uint8Array) => Promise<void>,
    private readonly log: (s: string) => void,
  ) {
    this.pins = pins;
    for (const [name, p] of Object.entries(pins.tools)) {
      if (p.pending) this.held.set(name, p.pending.reason);
    }
  }

  /** Audit records waiting for the next batched write (one locked append for many). */
  private queue: AuditRecord[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Set when the audit log could not be written: every later call is refused. */
  auditBroken: string | null = null;

  private audit(
    d: Decision,
    tool: string,
    call: string,
    event: string,
    token?: string,
    flow?: FlowProof,
    ask?: AskRecord,
  ): boolean {
    this.queue.push({
      time: new Date().toISOString(),
      source: `mcp:${this.o.name}`,
      session: this.key,
      tool,
      call,
      decision: {
        action: d.action,
        risk: d.risk,
        rule: d.rule,
        warning: d.warning,
        remediation: d.remediation,
      },
      token,
      event,
      ...(flow ? { flow } : {}),
      ...(ask ? { ask } : {}),
    });
    if (this.queue.length >= AUDIT_BATCH) void this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => void this.flush(), AUDIT_DELAY_MS);
    return this.auditBroken === null;
  }

  /** Writes the queued records (serialised; a failure turns the proxy fail-closed). */
  flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing = this.flushing.then(async () => {
      const batch = this.queue;
      this.queue = [];
      if (!batch.length) return;
      try {
        await appendAuditMany(this.o.stateDir, batch, {
          mode: this.o.policy.audit.mode,
          rotateBytes: this.o.policy.audit.rotateBytes,
          detectors: this.o.policy.detectors,
          digests: PROXY_DIGESTS,
        });
      } catch (e) {
        this.auditBroken = (e as Error).message;
        this.log(
          `guard proxy: cannot write the audit log (every further call is refused): ${this.auditBroken}`,
        );
      }
    });
    return this.flushing;
  }

  // ── client → server ──────────────────────────────────────────────────────

  async fromClient(bytes: Uint8Array): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(dec.decode(bytes));
    } catch {
      this.log("guard proxy: dropped a client line that is not JSON");
      await this.toClient(protocolError(null, "guard: message is not JSON (dropped)"));
      return;
    }
    if (Array.isArray(msg)) {
      if (msg.some((m) => isObject(m) && m.method === "tools/call")) {
        // Batches were removed from MCP; one with a call is refused whole (fail closed).
        const answers = msg.filter((m) =>
          isObject(m) && idKey(m.id) !== null && typeof m.method === "string"
        )
          .map((m) => ({
            jsonrpc: "2.0",
            id: (m as Record<string, unknown>).id,
            error: { code: -32600, message: "guard: batches containing tools/call are refused" },
          }));
        this.audit(
          ruleDecision("mcp.protocol", "batch containing tools/call refused"),
          "",
          "",
          "mcp.batch",
        );
        if (answers.length) await this.toClient(line(answers));
        return;
      }
      for (const m of msg) if (isObject(m)) this.track(m);
      await this.toServer(bytes);
      return;
    }
    if (!isObject(msg)) {
      await this.toClient(protocolError(null, "guard: message is not a JSON-RPC object (dropped)"));
      return;
    }
    if (msg.method === "tools/call" && idKey(msg.id) !== null) {
      await this.handleCall(msg, bytes);
      return;
    }
    if (msg.method === "notifications/cancelled" && isObject(msg.params)) {
      const k = idKey(msg.params.requestId);
      if (k && this.pending.has(k)) {
        this.pending.delete(k);
        this.cancelled.add(k);
        if (this.cancelled.size > 1024) {
          this.cancelled.delete(this.cancelled.values().next().value!);
        }
      }
    }
    this.track(msg);
    await this.toServer(bytes);
  }

  private track(msg: Record<string, unknown>) {
    const k = idKey(msg.id);
    if (!k || typeof msg.method !== "string") return;
    if (ANSWER_CHANNELS.has(msg.method)) {
      const p = isObject(msg.params) ? msg.params : {};
      const ref = isObject(p.ref) ? p.ref : {};
      const what = p.uri ?? p.name ?? ref.uri ?? ref.name ?? "";
      const detail = typeof what === "string" ? what.slice(0, 512) : "";
      if (this.pending.size < MAX_PENDING) {
        this.pending.set(k, { kind: "channel", method: msg.method, detail });
      }
      return;
    }
    const kind = msg.method === "tools/list"
      ? "list"
      : msg.method === "initialize" || msg.method === "server/discover"
      ? "init"
      : msg.method === "tasks/result"
      ? "task"
      : null;
    if (kind && this.pending.size < MAX_PENDING) this.pending.set(k, { kind } as Pending);
  }

  private async handleCall(msg: Record<string, unknown>, bytes: Uint8Array) {
    const params = isObject(msg.params) ? msg.params : {};
    const name = params.name;
    const args = params.arguments ?? {};
    if (typeof name !== "string" || name === "" || name.length > 256) {
      await this.toClient(
        denial(msg.id, blockText(ruleDecision("mcp.protocol", "tools/call without a tool name"))),
      );
      return;
    }
    const tool = `mcp__${this.o.name}__${name}`;
    // The same canonical call (and so the same token) as the hook's for `mcp__<server>__<tool>`.
    const canonical = canonicalJson({ tool, input: args });
    const heldFor = this.held.get(name);
    if (heldFor) {
      const d = ruleDecision(heldFor === "poisoned" ? "mcp.tool-poisoned" : "mcp.tool-changed");
      d.warning = `${d.warning}: ${name}`;
      this.audit(d, tool, canonical, "PreToolUse");
      await this.toClient(denial(msg.id, blockText(d)));
      return;
    }
    if (this.pending.size >= MAX_PENDING) {
      const d = ruleDecision("mcp.protocol", `more than ${MAX_PENDING} requests in flight`);
      await this.toClient(denial(msg.id, blockText(d)));
      return;
    }
    const call = proxyToolCall(this.o.name, name, args, this.o.cwd, this.key);
    let g;
    let admitted: FlowCall | null = null;
    const flowSettings = this.o.policy.flow;
    const def = this.defs.get(name);
    try {
      // One classification per call, shared by the check and the admission.
      let fc: FlowCall | null = null;
      const fcOf = (c: ToolCall, ev: Evaluation) =>
        fc ??= flowCallOf(c, ev, flowSettings, this.o.home, def, this.capsCache);
      g = await gate(call, this.context(), this.o.stateDir, performance.now() + CALL_DEADLINE_MS, {
        check: (c, ev) => checkFlow(this.flow, fcOf(c, ev), flowSettings),
        admit: (c, ev) => {
          admitted = fcOf(c, ev);
          admitCall(this.flow, admitted, flowSettings, this.o.home, Date.now());
        },
      }, {
        // Read on each ask: rules remembered while the proxy runs apply at once.
        remembered: () => loadRemembered(this.o.stateDir),
        handOff: "take",
        memo: this.evaluations,
      });
    } catch (e) {
      const d = e instanceof RememberedError
        ? ruleDecision("input.policy-invalid", (e as Error).message)
        : ruleDecision("input.internal-error", `${(e as Error).name}: ${(e as Error).message}`);
      this.audit(d, tool, canonical, "PreToolUse");
      await this.toClient(denial(msg.id, blockText(d)));
      return;
    }
    let logged = true;
    for (const s of g.audit) {
      logged = (this.audit(s.decision, tool, canonical, s.event, s.token, s.flow, s.ask)) &&
        logged;
    }
    if (g.outcome === "allow") {
      if (!logged) {
        await this.toClient(denial(msg.id, blockText(ruleDecision("input.audit-failed"))));
        return;
      }
      this.pending.set(idKey(msg.id)!, { kind: "call", tool, call, flow: admitted });
      await this.toServer(bytes);
      return;
    }
    if (g.outcome === "block") {
      await this.toClient(denial(msg.id, blockText(g.decision)));
      return;
    }
    const note = g.refused ? ` (an earlier approval was refused: ${g.refused})` : "";
    await this.toClient(
      denial(msg.id, askText({ ...g.decision, warning: g.decision.warning + note }, g.token!)),
    );
  }

  // ── server → client ──────────────────────────────────────────────────────

  async fromServer(bytes: Uint8Array): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(dec.decode(bytes));
    } catch {
      this.log("guard proxy: dropped a server line that is not JSON");
      return;
    }
    if (Array.isArray(msg)) {
      let changed = false;
      const out = [];
      for (const m of msg) {
        const r = isObject(m) ? await this.response(m, bytes.length) : null;
        if (r === "drop") {
          changed = true;
          continue;
        }
        if (r) changed = true;
        out.push(r ?? m);
      }
      await this.toClient(changed ? line(out) : bytes);
      return;
    }
    if (!isObject(msg)) {
      this.log("guard proxy: dropped a server line that is not a JSON-RPC object");
      return;
    }
    const r = await this.response(msg, bytes.length);
    if (r === "drop") return;
    await this.toClient(r ? line(r) : bytes);
  }

  /** A replacement for a response guard has to change, "drop", or null to forward as is. */
  private async response(
    msg: Record<string, unknown>,
    size: number,
  ): Promise<Record<string, unknown> | "drop" | null> {
    if (typeof msg.method === "string") return await this.serverMessage(msg, size);
    const k = idKey(msg.id);
    if (!k) return null;
    if (this.cancelled.has(k)) {
      this.cancelled.delete(k);
      return "drop"; // the client gave up on it; its result is never delivered unscanned
    }
    const p = this.pending.get(k);
    if (!p) return null;
    this.pending.delete(k);
    if (!isObject(msg.result)) return null; // an error response carries nothing to scan
    if (p.kind === "call" || p.kind === "task") {
      return this.filterCallResult(msg, p.kind === "call" ? p : null, size);
    }
    if (p.kind === "channel") return this.judgeAnswer(msg, p, size);
    if (p.kind === "list") return await this.pinTools(msg);
    if (p.kind === "init") return await this.pinInstructions(msg);
    return null;
  }

  /** The engine's context (the workspace fixed for the proxy's life). */
  private context(): ReturnType<typeof baseContext> {
    return this.ctx ??= {
      ...baseContext(this.o.home, this.o.policy),
      ...(this.o.workspace !== undefined ? { workspace: this.o.workspace } : {}),
    };
  }

  private injectionDecision(method: string, inj: InjectionResult, what = ""): Decision {
    const rules = [...new Set(inj.hits.map((h) => h.rule))];
    const named = what ? ` ${JSON.stringify(what.slice(0, 120))}` : "";
    return ruleDecision(
      "mcp.channel-injection",
      `${method}${named} of ${this.o.name} carries a prompt injection: score ${
        inj.score.toFixed(2)
      } (${rules.join(", ")}); withheld`,
    );
  }

  /**
   * One message of a channel judged in place by the one verdict function (channels.ts): withheld
   * (too large, not scanned in time, an injection), rewritten (secrets masked, injected list
   * entries replaced) or passed; every finding goes to the audit.
   */
  private judgeMessage(
    method: string,
    payload: Record<string, unknown>,
    size: number,
    detail: string,
  ): { kind: "withhold"; d: Decision } | { kind: "changed" | "pass"; masked: boolean } {
    const withheld = (d: Decision) => this.channelWithheld(method, detail, d);
    if (size > this.o.policy.mcp.maxResultBytes) {
      return withheld(this.channelTooLarge(method, size));
    }
    let v;
    try {
      v = judgeChannel(method, payload, {
        settings: this.o.policy.detectors,
        deadline: performance.now() + SCAN_DEADLINE_MS + SCAN_MS_PER_MIB * (size / 1048576),
        now: () => performance.now(),
        note: (i) => blockText(this.injectionDecision(method, i)),
      });
    } catch (e) {
      if (!(e instanceof ScanDeadline || e instanceof DetectDeadline)) throw e;
      return withheld(
        ruleDecision("mcp.protocol", `the ${method} message could not be scanned in time`),
      );
    }
    return this.channelFindings(method, detail, v);
  }

  private channelWithheld(method: string, detail: string, d: Decision) {
    const call = canonicalJson({ method, ...(detail ? { detail } : {}) });
    this.audit(d, `mcp__${this.o.name}`, call, "mcp.channel-withheld");
    this.log(`guard proxy: withheld ${method} of ${this.o.name} [${d.rule}]`);
    return { kind: "withhold" as const, d };
  }

  private channelTooLarge(method: string, size: number): Decision {
    return ruleDecision(
      "mcp.result-too-large",
      `${method} message of ${size} bytes exceeds the ${this.o.policy.mcp.maxResultBytes}-byte limit`,
    );
  }

  /** A channel's verdict (however it was scanned) to the audit: withheld, or what changed. */
  private channelFindings(
    method: string,
    detail: string,
    v: ChannelVerdict,
  ): { kind: "withhold"; d: Decision } | { kind: "changed" | "pass"; masked: boolean } {
    if (v.withhold) {
      return this.channelWithheld(
        method,
        detail,
        this.injectionDecision(method, v.withhold, detail),
      );
    }
    const tool = `mcp__${this.o.name}`;
    const call = canonicalJson({ method, ...(detail ? { detail } : {}) });
    for (const e of v.entries) {
      this.audit(
        this.injectionDecision(method, e.injection, e.name),
        tool,
        call,
        "mcp.channel-withheld",
      );
    }
    if (v.secrets.length) {
      this.audit(
        {
          action: "allow",
          risk: "medium",
          warning: `secrets masked in ${method}: ${[...new Set(v.secrets)].join(", ")}`,
          rule: "mcp.channel-redacted",
          remediation: "",
        },
        tool,
        call,
        "mcp.channel-redacted",
      );
    }
    return { kind: v.changed ? "changed" : "pass", masked: v.secrets.length > 0 };
  }

  /** An answer to resources/read, prompts/…, completion/complete: an error that says why, or rewritten. */
  private judgeAnswer(
    msg: Record<string, unknown>,
    p: Extract<Pending, { kind: "channel" }>,
    size: number,
  ): Record<string, unknown> | null {
    const result = msg.result as Record<string, unknown>;
    const r = this.judgeMessage(p.method, result, size, p.detail);
    if (r.kind !== "withhold" && (p.method === "resources/read" || p.method === "prompts/get")) {
      this.recordChannel(p, JSON.stringify(result).slice(0, FLOW_LIMITS.maxScanChars), r.masked);
    }
    if (r.kind === "withhold") return withheldAnswer(msg.id, r.d);
    return r.kind === "changed" ? msg : null;
  }

  /**
   * A `resources/read` or `prompts/get` answer scanned as it arrived (result_stream.ts `contents`,
   * `prompt`): the same verdict as judgeAnswer's on the parsed message, in bounded memory — withheld
   * with an error naming the rule, forwarded masked, or forwarded byte-exact.
   */
  private async streamedAnswer(
    v: StreamVerdict,
    p: Extract<Pending, { kind: "channel" }>,
  ): Promise<void> {
    const c = streamedReading(v, p.method)!;
    const size = v.size;
    let r;
    if (v.tooLarge || size > this.o.policy.mcp.maxResultBytes) {
      r = this.channelWithheld(p.method, p.detail, this.channelTooLarge(p.method, size));
    } else if (v.deadlinePassed) {
      r = this.channelWithheld(
        p.method,
        p.detail,
        ruleDecision("mcp.protocol", `the ${p.method} message could not be scanned in time`),
      );
    } else {
      // Channels pass the spotlight band (masked): only tool results are wrapped (channels.ts).
      const withhold = c.injection.flagged ||
        injectionBand(c.injection.score, this.o.policy.detectors) === "block";
      r = this.channelFindings(p.method, p.detail, {
        withhold: withhold ? c.injection : null,
        entries: [],
        secrets: c.secrets,
        changed: c.secrets.length > 0,
      });
    }
    if (r.kind === "withhold") {
      await this.toClient(line(withheldAnswer(v.id, r.d)));
      return;
    }
    const parts = r.masked ? c.redacted() : v.bytes();
    this.recordChannel(p, flowPrefix(parts), r.masked);
    let last: Promise<void> = Promise.resolve();
    for (const b of parts) last = this.toClient(b); // queued back to back: never interleaved
    await last;
  }

  /**
   * Flow tracking for what a resource or prompt puts before the model, as for a tool result:
   * labelled by where it comes from (a `file:` resource is local, anything else — and every
   * prompt — untrusted), private when secrets were masked, and inheriting the labels of earlier
   * results its uri came from (a `resource_link` followed by `resources/read`).
   */
  private recordChannel(
    p: Extract<Pending, { kind: "channel" }>,
    text: string,
    masked: boolean,
  ) {
    const tool = `mcp__${this.o.name}__${p.method}`;
    const local = p.method === "resources/read" && /^file:/i.test(p.detail);
    let path: string | null = null;
    if (local) {
      try {
        path = decodeURIComponent(new URL(p.detail).pathname);
      } catch { /* not a URL: no path */ }
    }
    const override = this.o.policy.flow.tools[tool];
    const fc: FlowCall = {
      tool,
      caps: override ? [...override] : [local ? "reads-local" : "reads-untrusted-external"],
      findings: [],
      paths: path ? [path] : [],
      texts: p.detail ? [p.detail] : [],
    };
    const rec = recordResult(
      this.flow,
      fc,
      { text, secrets: [], injection: false, private: masked },
      this.o.policy.flow,
      this.o.home,
      Date.now(),
    );
    if (rec.labels.includes("private")) {
      const fr = rule("flow.result");
      this.audit(
        {
          action: "allow",
          risk: fr.risk,
          warning: `${fr.warning} (labels: ${rec.labels.join(", ")})`,
          rule: fr.id,
          remediation: "",
        },
        tool,
        "",
        "PostToolUse",
        undefined,
        { rules: [fr.id], labels: rec.labels, sources: rec.sources, caps: fc.caps },
      );
    }
  }

  /**
   * A server request or notification: sampling (refused or asked per policy, then scanned),
   * elicitation and log messages scanned. A refused request is answered to the server with an
   * error; the client never sees it.
   */
  private async serverMessage(
    msg: Record<string, unknown>,
    size: number,
  ): Promise<Record<string, unknown> | "drop" | null> {
    const method = msg.method as string;
    if (!SERVER_CHANNELS.has(method) || !isObject(msg.params)) return null;
    const params = msg.params;
    const hasId = idKey(msg.id) !== null;
    const refuse = async (text: string, rule: string) => {
      if (hasId) {
        await this.toServer(line({
          jsonrpc: "2.0",
          id: msg.id,
          error: { code: WITHHELD_CODE, message: text, data: { rule } },
        }));
      }
      return "drop" as const;
    };
    if (method === "sampling/createMessage" && hasId) {
      const mode = samplingMode(this.o.policy.mcp, this.o.name);
      if (mode === "block") {
        const d = ruleDecision("mcp.sampling-refused");
        this.audit(d, `mcp__${this.o.name}__${method}`, "", "mcp.sampling-refused");
        return await refuse(blockText(d), d.rule);
      }
      if (mode === "ask") {
        const stop = await this.gateSampling(method, params);
        if (stop) return await refuse(stop.text, stop.rule);
      }
    }
    const r = this.judgeMessage(method, params, size, "");
    if (r.kind === "withhold") {
      if (method === "elicitation/create") {
        // The user sees what guard found instead of the server's text (and may decline).
        params.message = `${
          blockText(r.d)
        } The server's message was withheld; decline this request unless you expect it.`;
        if (isObject(params.requestedSchema) && isObject(params.requestedSchema.properties)) {
          for (const prop of Object.values(params.requestedSchema.properties)) {
            if (!isObject(prop)) continue;
            delete prop.title;
            delete prop.description;
          }
        }
        return msg;
      }
      return await refuse(blockText(r.d), r.d.rule);
    }
    return r.kind === "changed" ? msg : null;
  }

  /** `sampling = "ask"`: the request judged as the call `mcp__<server>__sampling/createMessage`. */
  private async gateSampling(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ text: string; rule: string } | null> {
    const tool = `mcp__${this.o.name}__${method}`;
    const canonical = canonicalJson({ tool, input: params });
    const call = proxyToolCall(this.o.name, method, params, this.o.cwd, this.key);
    let g;
    try {
      g = await gate(
        call,
        this.context(),
        this.o.stateDir,
        performance.now() + CALL_DEADLINE_MS,
        undefined,
        { remembered: () => loadRemembered(this.o.stateDir), handOff: "take" },
      );
    } catch (e) {
      const d = ruleDecision(
        "input.internal-error",
        `${(e as Error).name}: ${(e as Error).message}`,
      );
      this.audit(d, tool, canonical, "PreToolUse");
      return { text: blockText(d), rule: d.rule };
    }
    let logged = true;
    for (const s of g.audit) {
      logged = this.audit(s.decision, tool, canonical, s.event, s.token, s.flow, s.ask) && logged;
    }
    if (g.outcome === "allow") {
      if (logged) return null;
      const d = ruleDecision("input.audit-failed");
      return { text: blockText(d), rule: d.rule };
    }
    if (g.outcome === "block") return { text: blockText(g.decision), rule: g.decision.rule };
    return { text: askText(g.decision, g.token!), rule: g.decision.rule };
  }

  private filterCallResult(
    msg: Record<string, unknown>,
    p: Extract<Pending, { kind: "call" }> | null,
    size: number,
  ): Record<string, unknown> | null {
    const result = msg.result as Record<string, unknown>;
    if (result.resultType === "input_required") return null;
    let scan: ResultScan;
    let spotlit: Record<string, unknown> | null = null;
    if (size > this.o.policy.mcp.maxResultBytes) scan = { kind: "too-large" };
    else {
      try {
        const v = filterResult(result, {
          settings: this.o.policy.detectors,
          deadline: performance.now() + SCAN_DEADLINE_MS + SCAN_MS_PER_MIB * (size / 1048576),
          now: () => performance.now(),
          tool: p?.tool,
        });
        if (v.action === "spotlight") spotlit = v.result;
        scan = v.action === "withhold"
          ? { kind: "injection", injection: v.injection }
          : v.action === "spotlight"
          ? {
            kind: "spotlight",
            injection: v.injection,
            secrets: v.secrets,
            flowText: () => JSON.stringify(v.result),
          }
          : v.action === "redacted"
          ? {
            kind: "redacted",
            secrets: v.secrets,
            flowText: () => JSON.stringify(v.result),
          }
          : { kind: "pass", flowText: () => JSON.stringify(result) };
      } catch (e) {
        if (!(e instanceof ScanDeadline || e instanceof DetectDeadline)) throw e;
        scan = { kind: "deadline" };
      }
    }
    const out = this.judgeResult(msg.id, p, size, scan);
    if (out.kind === "withhold") return out.reply;
    if (out.kind === "spotlight" && spotlit) return { ...msg, result: spotlit };
    return out.kind === "redacted" ? { ...msg, result } : null;
  }

  /**
   * One verdict on a call's result, however it was scanned: withheld (too large, not scanned
   * in time, an injection), masked, or passed; flow labels and audit records follow it.
   */
  private judgeResult(
    id: unknown,
    p: Extract<Pending, { kind: "call" }> | null,
    size: number,
    scan: ResultScan,
  ): { kind: "withhold"; reply: Record<string, unknown> } | {
    kind: "redacted" | "pass" | "spotlight";
  } {
    const tool = p?.tool ?? "tasks/result";
    const withhold = (d: Decision) => {
      this.audit(d, tool, "", "mcp.result-withheld");
      return {
        kind: "withhold" as const,
        reply: {
          jsonrpc: "2.0",
          id,
          result: { content: [{ type: "text", text: blockText(d) }], isError: true },
        },
      };
    };
    if (scan.kind === "too-large") {
      return withhold(ruleDecision(
        "mcp.result-too-large",
        `result of ${size} bytes exceeds the ${this.o.policy.mcp.maxResultBytes}-byte limit`,
      ));
    }
    if (scan.kind === "deadline") {
      return withhold(ruleDecision("mcp.protocol", "the result could not be scanned in time"));
    }
    if (scan.kind === "injection") {
      const rules = [...new Set(scan.injection.hits.map((h) => h.rule))];
      return withhold(ruleDecision(
        "mcp.result-injection",
        `${rule("mcp.result-injection").warning}: score ${scan.injection.score.toFixed(2)} (${
          rules.join(", ")
        })`,
      ));
    }
    if (p?.flow) {
      // Label what the model is about to see (masked secrets still mark the result private).
      const rec = recordResult(
        this.flow,
        p.flow,
        {
          text: scan.flowText(),
          secrets: [],
          // Spotlighted: the session counts as exposed to untrusted instructions.
          injection: scan.kind === "spotlight",
          private: scan.kind === "redacted" ||
            (scan.kind === "spotlight" && scan.secrets.length > 0),
        },
        this.o.policy.flow,
        this.o.home,
        Date.now(),
      );
      // Private data entering is worth a record of its own; untrusted content is the normal case
      // for most MCP results and its ids are kept in every later flow decision's proof.
      if (rec.labels.includes("private")) {
        const r = rule("flow.result");
        this.audit(
          {
            action: "allow",
            risk: r.risk,
            warning: `${r.warning} (labels: ${rec.labels.join(", ")})`,
            rule: r.id,
            remediation: "",
          },
          tool,
          "",
          "PostToolUse",
          undefined,
          { rules: [r.id], labels: rec.labels, sources: rec.sources, caps: p.flow.caps },
        );
      }
    }
    if (scan.kind === "spotlight") {
      const r = rule("mcp.result-spotlighted");
      const rules = [...new Set(scan.injection.hits.map((h) => h.rule))];
      this.audit(
        {
          action: "allow",
          risk: r.risk,
          warning: `${r.warning}: score ${scan.injection.score.toFixed(2)} (${rules.join(", ")})${
            scan.secrets.length ? `; secrets masked: ${[...new Set(scan.secrets)].join(", ")}` : ""
          }`,
          rule: r.id,
          remediation: r.remediation,
        },
        tool,
        "",
        "mcp.result-spotlighted",
      );
      return { kind: "spotlight" };
    }
    if (scan.kind === "redacted") {
      const d: Decision = {
        action: "allow",
        risk: "medium",
        warning: `secrets masked in the result: ${[...new Set(scan.secrets)].join(", ")}`,
        rule: "mcp.result-redacted",
        remediation: "",
      };
      this.audit(d, tool, "", "mcp.result-redacted");
      return { kind: "redacted" };
    }
    return { kind: "pass" };
  }

  /** A long server message, scanned as it arrives (src/mcp/result_stream.ts). */
  openMessage(): MessageFeed {
    const started = performance.now();
    const rs = new ResultStream({
      settings: this.o.policy.detectors,
      maxBytes: MAX_LINE,
      deadline: (bytes) => started + SCAN_DEADLINE_MS + SCAN_MS_PER_MIB * (bytes / 1048576),
      now: () => performance.now(),
    });
    let broken: string | null = null;
    return {
      push: (b) => {
        if (broken) return;
        try {
          rs.push(b);
        } catch (e) {
          if (!(e instanceof MalformedJson)) throw e;
          broken = e.message;
        }
      },
      end: async () => {
        let v: StreamVerdict;
        try {
          if (broken) throw new MalformedJson(broken);
          v = rs.end();
        } catch (e) {
          if (!(e instanceof MalformedJson)) throw e;
          this.log(`guard proxy: dropped a server message that is not JSON (${e.message})`);
          return;
        }
        await this.streamed(v);
      },
    };
  }

  private async streamed(v: StreamVerdict): Promise<void> {
    const k = v.hasId && v.method === null ? idKey(v.id) : null;
    const p = k ? this.pending.get(k) : undefined;
    // Batches, tools/list or initialize answers and every other channel (channels.ts) are
    // judged whole, as any line.
    // A resources/read or prompts/get answer is judged as it was scanned, unless its streamed
    // reading says it could differ from the whole one (result_stream.ts ContentsVerdict.whole).
    const reading = p?.kind === "channel" ? streamedReading(v, p.method) : null;
    const streamedRead = reading !== null && !v.batch && (v.tooLarge || reading.whole === null);
    if (
      v.batch || p?.kind === "list" || p?.kind === "init" ||
      (p?.kind === "channel" && !streamedRead) ||
      (v.method !== null && SERVER_CHANNELS.has(v.method))
    ) {
      if (v.tooLarge) {
        this.log(`guard proxy: dropped a server message of ${v.size} bytes (over ${MAX_LINE})`);
        if (k && p?.kind === "channel") {
          // A resource, prompt or completion answer: withheld with the error that says why.
          this.pending.delete(k);
          const r = this.channelWithheld(
            p.method,
            p.detail,
            this.channelTooLarge(p.method, v.size),
          );
          await this.toClient(line(withheldAnswer(v.id, r.d)));
        } else if (k && p) {
          this.pending.delete(k);
          await this.toClient(line({
            jsonrpc: "2.0",
            id: v.id,
            error: {
              code: -32603,
              message: `guard: the server's answer exceeds ${MAX_LINE} bytes`,
            },
          }));
        }
        return;
      }
      await this.fromServer(concatBytes(v.bytes()));
      return;
    }
    const send = async (parts: Uint8Array[]) => {
      let last: Promise<void> = Promise.resolve();
      for (const b of parts) last = this.toClient(b); // queued back to back: never interleaved
      await last;
    };
    if (k && this.cancelled.has(k)) {
      this.cancelled.delete(k);
      return;
    }
    if (!k || !p || !v.hasResult || v.resultType === "input_required") {
      if (k && p) this.pending.delete(k);
      if (v.tooLarge) {
        this.log(`guard proxy: dropped a server message of ${v.size} bytes (over ${MAX_LINE})`);
        if (k && p) {
          await this.toClient(line({
            jsonrpc: "2.0",
            id: v.id,
            error: {
              code: -32603,
              message: `guard: the server's answer exceeds ${MAX_LINE} bytes`,
            },
          }));
        }
        return;
      }
      await send(v.bytes());
      return;
    }
    this.pending.delete(k);
    if (p.kind === "channel") return await this.streamedAnswer(v, p);
    const call = p.kind === "call" ? p : null;
    const scan: ResultScan = v.size > this.o.policy.mcp.maxResultBytes || v.tooLarge
      ? { kind: "too-large" }
      : v.deadlinePassed
      ? { kind: "deadline" }
      : v.injection.flagged
      ? { kind: "injection", injection: v.injection }
      : injectionBand(v.injection.score, this.o.policy.detectors) === "spotlight"
      ? {
        kind: "spotlight",
        injection: v.injection,
        secrets: v.secrets,
        flowText: () => flowPrefix(v.secrets.length ? v.redacted() : v.bytes()),
      }
      : v.secrets.length
      ? { kind: "redacted", secrets: v.secrets, flowText: () => flowPrefix(v.redacted()) }
      : { kind: "pass", flowText: () => flowPrefix(v.bytes()) };
    const out = this.judgeResult(v.id, call, v.size, scan);
    if (out.kind === "withhold") await this.toClient(line(out.reply));
    else if (out.kind === "spotlight") {
      // Rare (the band between the thresholds): the message is parsed once and rewritten.
      const parts = v.secrets.length ? v.redacted() : v.bytes();
      const d = new TextDecoder();
      const msg = JSON.parse(parts.map((b) => d.decode(b, { stream: true })).join("") + d.decode());
      const res = isObject(msg.result) ? msg.result : {};
      await this.toClient(
        line({ ...msg, result: spotlightResult(res, v.injection.score, call?.tool) }),
      );
    } else await send(out.kind === "redacted" ? v.redacted() : v.bytes());
  }

  private async pinTools(msg: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const result = msg.result as Record<string, unknown>;
    if (!Array.isArray(result.tools)) return null;
    const keep: unknown[] = [];
    let withheld = 0;
    const now = new Date().toISOString();
    for (const t of result.tools) {
      if (!isObject(t) || typeof t.name !== "string") {
        withheld++;
        continue;
      }
      const def = t as ToolDef;
      const text = definitionText(def);
      const hash = await sha256(text);
      const verdict = judgeTool(this.pins, def.name, hash);
      this.defs.set(def.name, def as ToolDefinition);
      this.capsCache.delete(`mcp__${this.o.name}__${def.name}`);
      if (verdict.status === "trusted") {
        this.held.delete(def.name);
        keep.push(t);
        continue;
      }
      if (verdict.status === "held") {
        this.held.set(def.name, verdict.reason);
        withheld++;
        continue;
      }
      const prose = describedText(def);
      const scan = prose
        ? detect(prose, { settings: this.o.policy.detectors, secrets: false })
        : null;
      const poisoned = scan?.injection.flagged ?? false;
      if (verdict.status === "new" && !poisoned) {
        this.pins.tools[def.name] = { hash, trusted_at: now };
        this.pinsDirty = true;
        this.held.delete(def.name);
        this.audit(
          {
            action: "allow",
            risk: "low",
            warning: `first sight of tool ${def.name}: pinned`,
            rule: "mcp.tool-pinned",
            remediation: "",
          },
          `mcp__${this.o.name}__${def.name}`,
          "",
          "mcp.tool-pinned",
        );
        keep.push(t);
        continue;
      }
      const reason = poisoned ? "poisoned" : "changed";
      const prev = this.pins.tools[def.name];
      this.pins.tools[def.name] = {
        hash: prev?.hash ?? "",
        trusted_at: prev?.trusted_at ?? "",
        pending: { hash, reason, definition: text.slice(0, 65536), seen: now },
      };
      this.pinsDirty = true;
      this.held.set(def.name, reason);
      withheld++;
      const d = ruleDecision(reason === "poisoned" ? "mcp.tool-poisoned" : "mcp.tool-changed");
      this.audit(
        { ...d, warning: `${d.warning}: ${def.name}` },
        `mcp__${this.o.name}__${def.name}`,
        "",
        `mcp.tool-${reason}`,
      );
      this.log(
        `guard proxy: withheld tool ${def.name} of ${this.o.name} (${reason}); review it and run: guard mcp trust ${this.o.name}`,
      );
    }
    this.savePins();
    return withheld ? { ...msg, result: { ...result, tools: keep } } : null;
  }

  private async pinInstructions(
    msg: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    const result = msg.result as Record<string, unknown>;
    if (typeof result.instructions !== "string" || !result.instructions) return null;
    const text = result.instructions;
    const hash = await sha256(text);
    const pinned = this.pins.instructions;
    if (pinned && pinned.hash === hash) return null;
    const poisoned =
      detect(text, { settings: this.o.policy.detectors, secrets: false }).injection.flagged;
    if (!pinned?.hash && !poisoned) {
      this.pins.instructions = { hash };
      this.pinsDirty = true;
      this.savePins();
      return null;
    }
    const reason = poisoned ? "poisoned" : "changed";
    this.pins.instructions = {
      hash: pinned?.hash ?? "",
      pending: { hash, text: text.slice(0, 65536), reason },
    };
    this.pinsDirty = true;
    this.savePins();
    const d = ruleDecision(poisoned ? "mcp.tool-poisoned" : "mcp.tool-changed");
    this.audit(
      { ...d, warning: `server instructions ${reason}; withheld` },
      `mcp__${this.o.name}`,
      "",
      `mcp.instructions-${reason}`,
    );
    this.log(
      `guard proxy: withheld the server's instructions (${reason}); run: guard mcp trust ${this.o.name}`,
    );
    const { instructions: _dropped, ...rest } = result;
    return { ...msg, result: rest };
  }

  private savePins() {
    if (!this.pinsDirty) return;
    try {
      savePins(this.o.stateDir, this.key, this.pins);
      this.pinsDirty = false;
    } catch (e) {
      this.log(`guard proxy: cannot save pinned tools: ${(e as Error).message}`);
    }
  }

  /** Requests the upstream could not answer: each gets an error, and the session goes on. */
  async failed(ids: unknown[], reason: string): Promise<void> {
    for (const id of ids) {
      const k = idKey(id);
      if (k === null) continue;
      this.pending.delete(k);
      if (this.cancelled.delete(k)) continue; // the client gave up on it already
      await this.toClient(
        line({ jsonrpc: "2.0", id, error: { code: -32603, message: `guard: ${reason}` } }),
      );
    }
  }

  /** The server is gone: every call still waiting gets an error. */
  async serverGone(code: number): Promise<void> {
    for (const [k, p] of this.pending) {
      if (p.kind !== "call") continue;
      await this.toClient(line({
        jsonrpc: "2.0",
        id: JSON.parse(k),
        error: {
          code: -32603,
          message: `guard: the MCP server exited (code ${code}) before answering`,
        },
      }));
    }
    this.pending.clear();
  }
}

async function sha256(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", enc.encode(s));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Runs the proxy until the client closes its end and the server has ended; returns the server's exit code. */
export async function runProxy(o: ProxyOptions): Promise<number> {
  const log = o.log ?? ((s: string) => console.error(s));
  const upstream = o.upstream ?? new StdioUpstream(o.command ?? "", o.args ?? []);
  const key = await serverKey(o.name, upstream.identity);
  const pins = loadPins(o.stateDir, key, o.name, upstream.identity);
  // guard's own stdout without a web stream in between (one write op per message).
  const clientOut = new SerialWriter(o.output ? streamSink(o.output) : fileSink(Deno.stdout));
  const session = new ProxySession(
    o,
    key,
    pins,
    (b) => clientOut.write(b),
    (b) => upstream.send(b),
    log,
  );
  await upstream.start({
    // A long message handed over whole (an HTTP event or body) takes the streamed scan too:
    // its bytes are kept once, never parsed into an object.
    message: (b) => {
      if (b.length <= STREAM_AFTER) return session.fromServer(b);
      const feed = session.openMessage();
      for (let off = 0; off < b.length; off += STREAM_AFTER) {
        feed.push(b.subarray(off, off + STREAM_AFTER));
      }
      return feed.end();
    },
    open: () => session.openMessage(),
    oversized: () => Promise.resolve(),
    failed: (ids, reason) => session.failed(ids, reason),
    log,
  });
  const fromClient = (async () => {
    try {
      await pumpLines(
        o.input ?? readChunks(Deno.stdin),
        (b) => session.fromClient(b),
        () => clientOut.write(protocolError(null, `guard: message over ${MAX_LINE} bytes refused`)),
      );
    } finally {
      // Client EOF: end the upstream gracefully (bounded in time).
      await upstream.close();
    }
  })();
  await Promise.race([fromClient, upstream.done]);
  const code = await upstream.done;
  await session.flush();
  // A server that died (or was stopped) with calls in flight: the client hears about each.
  await session.serverGone(code);
  await clientOut.close();
  return code;
}

export { PolicyError };
