/**
 * A mock model server for the real agent CLIs, on 127.0.0.1 only. It speaks
 * what each CLI speaks — Anthropic Messages (SSE), OpenAI Responses (SSE),
 * OpenAI Chat Completions (SSE chunks) and Gemini generateContent /
 * streamGenerateContent — and follows one script: a main-loop request (one
 * that offers the scripted tool) is answered with that one tool call until
 * the conversation holds its result; every other request with text. Every
 * request is logged, so a test can assert on what the model saw.
 */

export interface ScriptedCall {
  /** The tool's name in the agent's own vocabulary (`Bash`, `run_shell_command`, …). */
  name: string;
  /** Its arguments. */
  input: Record<string, unknown>;
  /** Set by the mock: the Responses namespace the tool is in (Codex's MCP servers). */
  namespace?: string;
}

/** `<namespace>__<tool>` of a Responses request as the namespace and the tool's own name. */
function inNamespace(body: Obj, name: string): { namespace: string; name: string } | null {
  for (const t of arr(body.tools)) {
    if (!isObj(t) || t.type !== "namespace" || typeof t.name !== "string") continue;
    for (const x of arr(t.tools)) {
      if (isObj(x) && `${t.name}__${x.name}` === name) {
        return { namespace: t.name, name: String(x.name) };
      }
    }
  }
  return null;
}

export interface LoggedRequest {
  method: string;
  path: string;
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: unknown;
  /** What the mock answered with: "tool-call", "text", "meta" or "unknown". */
  answer: string;
}

export type Protocol = "anthropic" | "responses" | "chat" | "gemini";

export interface MockModel {
  port: number;
  url: string;
  log: LoggedRequest[];
  /** Problems the mock saw (the scripted tool not offered, an unknown path). */
  problems: string[];
  /** Text of every tool result for the scripted call, in order: what the model saw. */
  toolResults(): string[];
  close(): Promise<void>;
}

const CALL_ID = "call_guard_e2e_1";
const TEXT = "All done.";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Any text inside a tool result value (strings, content blocks, nested objects). */
function textOf(v: unknown, depth = 0): string {
  if (depth > 8) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map((x) => textOf(x, depth + 1)).filter(Boolean).join("\n");
  if (isObj(v)) {
    return Object.values(v).map((x) => textOf(x, depth + 1)).filter(Boolean).join("\n");
  }
  return v === undefined || v === null ? "" : String(v);
}

/** The names of the tools a request offers, per protocol. */
function offeredTools(p: Protocol, body: Obj): string[] {
  const names: string[] = [];
  for (const t of arr(body.tools)) {
    if (!isObj(t)) continue;
    if (p === "gemini") {
      for (const d of arr(t.functionDeclarations)) if (isObj(d)) names.push(String(d.name));
    } else if (p === "chat" && isObj(t.function)) names.push(String(t.function.name));
    else if (typeof t.name === "string") {
      names.push(t.name);
      // A Responses namespace (Codex's MCP servers): its tools, named <namespace>__<tool>.
      if (t.type === "namespace") {
        for (const x of arr(t.tools)) if (isObj(x)) names.push(`${t.name}__${x.name}`);
      }
    } else if (typeof t.type === "string") names.push(t.type); // Responses built-ins (local_shell)
  }
  return names;
}

/** Results of the scripted call found in a request's conversation. */
function resultsIn(p: Protocol, body: Obj, ids: Set<string>): string[] {
  const out: string[] = [];
  if (p === "anthropic") {
    for (const m of arr(body.messages)) {
      if (!isObj(m)) continue;
      for (const b of arr(m.content)) {
        if (isObj(b) && b.type === "tool_result" && ids.has(String(b.tool_use_id))) {
          out.push(textOf(b.content));
        }
      }
    }
  } else if (p === "responses") {
    for (const it of arr(body.input)) {
      if (isObj(it) && String(it.type).endsWith("_output") && ids.has(String(it.call_id))) {
        out.push(textOf(it.output));
      }
    }
  } else if (p === "chat") {
    for (const m of arr(body.messages)) {
      if (isObj(m) && m.role === "tool" && ids.has(String(m.tool_call_id))) {
        out.push(textOf(m.content));
      }
    }
  } else {
    for (const c of arr(body.contents)) {
      if (!isObj(c)) continue;
      for (const part of arr(c.parts)) {
        if (isObj(part) && isObj(part.functionResponse)) out.push(textOf(part.functionResponse));
      }
    }
  }
  return out;
}

function sse(events: [string | null, unknown][]): Response {
  const text = events.map(([ev, data]) =>
    `${ev ? `event: ${ev}\n` : ""}data: ${
      typeof data === "string" ? data : JSON.stringify(data)
    }\n\n`
  ).join("");
  return new Response(text, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { "content-type": "application/json" } });

function anthropic(body: Obj, call: ScriptedCall | null): Response {
  const model = String(body.model ?? "mock");
  const content = call
    ? [{ type: "tool_use", id: CALL_ID, name: call.name, input: call.input }]
    : [{ type: "text", text: TEXT }];
  const stop = call ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 5 };
  if (body.stream !== true) {
    return json({
      id: "msg_mock",
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage,
    });
  }
  const block = content[0];
  return sse([
    ["message_start", {
      type: "message_start",
      message: {
        id: "msg_mock",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    }],
    ["content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: call
        ? { type: "tool_use", id: CALL_ID, name: call.name, input: {} }
        : { type: "text", text: "" },
    }],
    ["content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: call
        ? { type: "input_json_delta", partial_json: JSON.stringify(call.input) }
        : { type: "text_delta", text: (block as { text: string }).text },
    }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 5 },
    }],
    ["message_stop", { type: "message_stop" }],
  ]);
}

function responses(body: Obj, call: ScriptedCall | null): Response {
  const item = call
    ? {
      type: "function_call",
      id: "fc_mock_1",
      call_id: CALL_ID,
      name: call.name,
      ...(call.namespace ? { namespace: call.namespace } : {}),
      arguments: JSON.stringify(call.input),
      status: "completed",
    }
    : {
      type: "message",
      id: "msg_mock_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: TEXT, annotations: [] }],
    };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  const response = {
    id: "resp_mock",
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    model: String(body.model ?? "mock"),
    output: [item],
    usage,
  };
  if (body.stream !== true) return json(response);
  const events: [string | null, unknown][] = [
    ["response.created", {
      type: "response.created",
      response: { ...response, status: "in_progress", output: [] },
    }],
    ["response.output_item.added", {
      type: "response.output_item.added",
      output_index: 0,
      item: { ...item, status: "in_progress" },
    }],
  ];
  if (!call) {
    events.push(["response.output_text.delta", {
      type: "response.output_text.delta",
      item_id: item.id,
      output_index: 0,
      content_index: 0,
      delta: TEXT,
    }]);
  }
  events.push(
    ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
    ["response.completed", { type: "response.completed", response }],
  );
  return sse(events);
}

function chat(body: Obj, call: ScriptedCall | null): Response {
  const model = String(body.model ?? "mock");
  const created = Math.floor(Date.now() / 1000);
  const base = { id: "chatcmpl-mock", object: "chat.completion.chunk", created, model };
  const toolCall = call
    ? {
      id: CALL_ID,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.input) },
    }
    : null;
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (body.stream !== true) {
    return json({
      id: "chatcmpl-mock",
      object: "chat.completion",
      created,
      model,
      choices: [{
        index: 0,
        message: toolCall
          ? { role: "assistant", content: null, tool_calls: [toolCall] }
          : { role: "assistant", content: TEXT },
        finish_reason: toolCall ? "tool_calls" : "stop",
      }],
      usage,
    });
  }
  return sse([
    [null, {
      ...base,
      choices: [{
        index: 0,
        delta: toolCall
          ? { role: "assistant", content: null, tool_calls: [{ index: 0, ...toolCall }] }
          : { role: "assistant", content: TEXT },
        finish_reason: null,
      }],
    }],
    [null, {
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: toolCall ? "tool_calls" : "stop" }],
    }],
    [null, { ...base, choices: [], usage }],
    [null, "[DONE]"],
  ]);
}

function gemini(stream: boolean, sseMode: boolean, call: ScriptedCall | null, body: Obj) {
  // A request that asks for JSON (routing, next-speaker and similar side checks) gets valid JSON.
  const gc = isObj(body.generationConfig) ? body.generationConfig : {};
  const wantsJson = gc.responseMimeType === "application/json";
  const part = call
    ? { functionCall: { name: call.name, args: call.input } }
    : { text: wantsJson ? "{}" : TEXT };
  const chunk = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "mock",
  };
  if (!stream) return json(chunk);
  return sseMode ? sse([[null, chunk]]) : json([chunk]);
}

export interface MockOptions {
  /** The one tool call to make (null: only ever answer with text). */
  call: ScriptedCall | null;
  /** Port to listen on (0: any free port). */
  port?: number;
}

/** Starts the mock on 127.0.0.1. */
export function startMockModel(opts: MockOptions): MockModel {
  const log: LoggedRequest[] = [];
  const problems: string[] = [];
  const results: string[] = [];
  const ids = new Set([CALL_ID]);
  let delivered = false;

  const decide = (p: Protocol, body: Obj): ScriptedCall | null => {
    if (!opts.call) return null;
    const found = resultsIn(p, body, ids);
    if (found.length) {
      results.splice(0, results.length, ...found);
      return null;
    }
    const tools = offeredTools(p, body);
    if (!tools.length) return null; // a side request (title, quota, routing): text
    if (!tools.includes(opts.call.name)) {
      problems.push(
        `the scripted tool ${opts.call.name} is not offered (offered: ${tools.join(", ")})`,
      );
      return null;
    }
    if (delivered && p !== "gemini") {
      // The agent asked again without the result of the first call: answer with text.
      return null;
    }
    delivered = true;
    const ns = p === "responses" ? inNamespace(body, opts.call.name) : null;
    return ns ? { ...opts.call, ...ns } : opts.call;
  };

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: opts.port ?? 0, onListen: () => {} },
    async (req) => {
      const url = new URL(req.url);
      const path = url.pathname;
      let body: unknown = null;
      const raw = req.method === "POST" ? await req.text() : "";
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const entry: LoggedRequest = {
        method: req.method,
        path: path + url.search,
        body,
        answer: "",
      };
      log.push(entry);
      const b = isObj(body) ? body : {};
      let res: Response;
      if (req.method === "HEAD") {
        entry.answer = "meta"; // a connectivity check
        res = new Response(null, { status: 200 });
      } else if (req.method === "POST" && /\/messages\/count_tokens$/.test(path)) {
        entry.answer = "meta";
        res = json({ input_tokens: 10 });
      } else if (req.method === "POST" && /\/messages$/.test(path)) {
        const call = decide("anthropic", b);
        entry.answer = call ? "tool-call" : "text";
        res = anthropic(b, call);
      } else if (req.method === "POST" && /\/responses$/.test(path)) {
        const call = decide("responses", b);
        entry.answer = call ? "tool-call" : "text";
        res = responses(b, call);
      } else if (req.method === "POST" && /\/chat\/completions$/.test(path)) {
        const call = decide("chat", b);
        entry.answer = call ? "tool-call" : "text";
        res = chat(b, call);
      } else if (req.method === "POST" && /:(stream)?[gG]enerateContent$/.test(path)) {
        const stream = /:streamGenerateContent$/.test(path);
        const call = decide("gemini", b);
        entry.answer = call ? "tool-call" : "text";
        res = gemini(stream, url.searchParams.get("alt") === "sse", call, b);
      } else if (req.method === "POST" && /:countTokens$/.test(path)) {
        entry.answer = "meta";
        res = json({ totalTokens: 10 });
      } else if (req.method === "GET" && /\/models\/?$/.test(path)) {
        entry.answer = "meta";
        res = json({
          object: "list",
          data: [{ id: "mock-model", object: "model", created: 0, owned_by: "guard" }],
          models: [],
        });
      } else {
        entry.answer = "unknown";
        problems.push(`unexpected request ${req.method} ${path}`);
        res = json({ error: { message: "not mocked", type: "not_found" } }, 404);
      }
      return res;
    },
  );
  const port = (server.addr as Deno.NetAddr).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log,
    problems,
    toolResults: () => [...results],
    close: async () => {
      await server.shutdown();
    },
  };
}
