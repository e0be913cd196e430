/**
 * The thin hook client — the installed hook's entry point — and the resident evaluator's wire
 * protocol (docs/adr/0023).
 *
 * The installed hook runs `src/cli/hook_client.ts evaluate --agent A`. It is one module that
 * imports nothing: Deno spends ≈ 0.5–1 ms on every module it loads at start-up, and prepares
 * every module a literal `import("…")` can reach before the first line runs (≈ 25 ms for the
 * engine). So the engine is imported through a computed specifier (`importLate`), which the
 * client's read grant on guard's own `src/` allows. It reads the payload, hands it with the agent's arguments and the hook's
 * environment to `guard serve` over `~/.aiguard/guard.sock`, prints the reply and exits with its
 * code. When the socket is missing or refuses, the answer is late, malformed or from another
 * guard version, it evaluates in-process — the same `runEvaluate` the evaluator runs, on the same
 * bytes and variables, so the reply is byte-identical either way. The evaluator being down never
 * means an allow.
 *
 * Framing, one connection a call:
 *   request  = header line (JSON, ≤ MAX_HEADER bytes, "\n") + `length` payload bytes
 *              header: {v, op: "evaluate" | "status", args: string[], env: {NAME: value}, length}
 *   reply    = one JSON line, then the evaluator closes:
 *              {v, code: 0 | 2, stdout?, stderr?} for an evaluation, {v, refused} when it will
 *              not answer this client (the client then evaluates itself), {v, status} for status.
 */
/**
 * guard's version; a reply from an evaluator of another version is not used. Written here, not
 * imported from deno.json: a JSON import costs the thin client ≈ 1 ms of its start-up
 * (tests/serve_test.ts holds the two equal).
 */
export const VERSION = "0.1.0";

/** Largest payload (the same bound as `MAX_PAYLOAD` in evaluate.ts; a test holds them equal). */
export const MAX_PAYLOAD = 8 * 1024 * 1024;
/** Largest request header line. */
export const MAX_HEADER = 16 * 1024;
/** Largest reply line the client reads (guard's replies are a few KB). */
export const MAX_REPLY = 1024 * 1024;
/**
 * How long the client waits for the evaluator's whole answer before evaluating itself. Well
 * inside every agent's own hook timeout (Kimi and Copilot 30 s, Claude Code and Gemini 60 s),
 * with room for the in-process path after it (its own deadline is 3 s).
 */
export const CLIENT_TIMEOUT_MS = 2000;
/** The variables the hook reads, forwarded to the evaluator (flags.ts `HOOK_ENV`). */
export const FORWARDED_ENV = ["HOME", "PWD", "DENO_DIR", "CLAUDE_CODE_ENTRYPOINT"] as const;

export type HookVars = Record<string, string>;

export interface Header {
  v: string;
  op: "evaluate" | "status";
  args: string[];
  env: HookVars;
  length: number;
}

/** What `guard evaluate` printed and returned (src/adapters/respond.ts's HookReply). */
export interface Answer {
  code: number;
  stdout?: string;
  stderr?: string;
}

const enc = new TextEncoder();

/** The request bytes: header line and payload. */
export function encodeRequest(h: Header, payload: Uint8Array): Uint8Array {
  const head = enc.encode(JSON.stringify(h) + "\n");
  const out = new Uint8Array(head.length + payload.length);
  out.set(head);
  out.set(payload, head.length);
  return out;
}

/** The hook's variables as this process sees them (missing or not granted: absent). */
export function hookVars(): HookVars {
  const out: HookVars = {};
  for (const name of FORWARDED_ENV) {
    try {
      const v = Deno.env.get(name);
      if (v !== undefined) out[name] = v;
    } catch { /* not granted: absent, as the in-process hook would see it */ }
  }
  return out;
}

/** Reads stdin up to `limit + 1` bytes (one more tells the evaluation it is too large). */
export function readPayload(limit = MAX_PAYLOAD): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buf = new Uint8Array(64 * 1024);
  while (total <= limit) {
    const n = Deno.stdin.readSync(buf);
    if (n === null) break;
    total += n;
    chunks.push(buf.slice(0, n));
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/**
 * A JSON line in ASCII only: every character past U+007F written as its `\uXXXX` escape. The
 * evaluator writes its replies so, and the client reads them without a TextDecoder (whose first
 * use costs a new process ≈ 1.3 ms, measured).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** ASCII bytes as a string; null when any byte is not ASCII (then it is no reply of guard's). */
export function asciiText(bytes: Uint8Array): string | null {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const part = bytes.subarray(i, i + 8192);
    for (const b of part) if (b > 0x7f) return null;
    s += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return s;
}

/** A reply line as the client accepts it: this version, exit 0 or 2, string outputs. */
export function parseAnswer(line: string): Answer | null {
  let r: unknown;
  try {
    r = JSON.parse(line);
  } catch {
    return null;
  }
  if (!r || typeof r !== "object" || Array.isArray(r)) return null;
  const o = r as Record<string, unknown>;
  if (o.v !== VERSION || (o.code !== 0 && o.code !== 2)) return null;
  for (const k of ["stdout", "stderr"]) {
    if (o[k] !== undefined && typeof o[k] !== "string") return null;
  }
  return {
    code: o.code,
    stdout: o.stdout as string | undefined,
    stderr: o.stderr as string | undefined,
  };
}

/**
 * One exchange with the evaluator: the reply line, or null when there is none in time (no
 * socket, refused, closed early, too long, past `timeoutMs`). Never throws.
 */
export async function exchange(
  socket: string,
  request: Uint8Array,
  timeoutMs = CLIENT_TIMEOUT_MS,
): Promise<string | null> {
  let conn: Deno.UnixConn | null = null;
  // AbortSignal.timeout, not setTimeout: Deno's setTimeout loads its Node-compatible timers on
  // first use (≈ 20 ms, measured); the signal's timer is Deno's own (< 1 ms). It does not keep the
  // process alive by itself, which it need not: the pending connect or read does.
  let onLate: (() => void) | undefined;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const late = new Promise<null>((resolve) => {
      onLate = () => {
        try {
          conn?.close();
        } catch { /* already closed */ }
        resolve(null);
      };
      signal.addEventListener("abort", onLate, { once: true });
    });
    const talk = async (): Promise<string | null> => {
      conn = await Deno.connect({ transport: "unix", path: socket });
      let off = 0;
      while (off < request.length) off += await conn.write(request.subarray(off));
      const chunks: Uint8Array[] = [];
      let total = 0;
      const buf = new Uint8Array(16 * 1024);
      while (true) {
        const n = await conn.read(buf);
        if (n === null) break;
        total += n;
        if (total > MAX_REPLY) return null;
        chunks.push(buf.slice(0, n));
      }
      const all = new Uint8Array(total);
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      const text = asciiText(all);
      // Exactly one ASCII line: anything else is not the evaluator's answer.
      return text !== null && text.endsWith("\n") && text.indexOf("\n") === text.length - 1
        ? text.slice(0, -1)
        : null;
    };
    return await Promise.race([talk().catch(() => null), late]);
  } catch {
    return null;
  } finally {
    if (onLate) signal.removeEventListener("abort", onLate);
    try {
      (conn as Deno.UnixConn | null)?.close();
    } catch { /* already closed */ }
  }
}

/** The evaluator's answer to one hook call, or null: then the caller evaluates in-process. */
export async function askEvaluator(
  socket: string,
  args: string[],
  payload: Uint8Array,
  env: HookVars,
  timeoutMs = CLIENT_TIMEOUT_MS,
): Promise<Answer | null> {
  if (payload.length > MAX_PAYLOAD) return null; // the in-process path names it too large
  const req = encodeRequest(
    { v: VERSION, op: "evaluate", args, env, length: payload.length },
    payload,
  );
  const line = await exchange(socket, req, timeoutMs);
  return line === null ? null : parseAnswer(line);
}

/**
 * Imports a module of src/cli/ (`rel` to this file) through a computed specifier. A literal
 * `import("./evaluate.ts")` would make Deno prepare the engine's whole module graph at start-up,
 * on the warm path too, where it is never run (≈ 25 ms); a computed one is prepared only when it
 * runs, and needs the read grant on guard's `src/` that the client's flags hold (flags.ts
 * `clientFlags`). The type argument keeps it checked.
 */
export async function importLate<T>(rel: string): Promise<T> {
  const url = new URL(rel, import.meta.url);
  return await import(url.href) as T;
}

/** Today's path, in this process: the hook's privileges, then `runEvaluate` on the same input. */
export async function evaluateHere(
  args: string[],
  payload: Uint8Array,
  env: HookVars,
): Promise<Answer> {
  const { dropPrivileges } = await importLate<typeof import("./privileges.ts")>("./privileges.ts");
  dropPrivileges("evaluate", env.HOME);
  const { runEvaluate } = await importLate<typeof import("./evaluate.ts")>("./evaluate.ts");
  return await runEvaluate(args, { payload, env: (name) => env[name] });
}

/** Prints an answer the way `guard evaluate` does (src/cli/main.ts): stderr, then stdout. */
export function printAnswer(a: Answer): void {
  if (a.stderr) writeAll(Deno.stderr, a.stderr + "\n");
  if (a.stdout) writeAll(Deno.stdout, a.stdout + "\n");
}

function writeAll(w: { writeSync(p: Uint8Array): number }, s: string): void {
  const b = enc.encode(s);
  let off = 0;
  while (off < b.length) off += w.writeSync(b.subarray(off));
}

/** The socket of the home directory the hook names (null: none usable; evaluate in-process). */
function socketOf(env: HookVars): string | null {
  const home = env.HOME;
  return home && home.startsWith("/") ? `${home.replace(/\/+$/, "")}/.aiguard/guard.sock` : null;
}

/** `hook_client.ts evaluate <args>`: through the evaluator when it answers, else in-process. */
export async function hookMain(args: string[]): Promise<number> {
  const payload = readPayload();
  const env = hookVars();
  const socket = socketOf(env);
  // No socket, no evaluator: the connect fails at once and the call is evaluated here.
  const answer = (socket ? await askEvaluator(socket, args, payload, env) : null) ??
    await evaluateHere(args, payload, env);
  printAnswer(answer);
  return answer.code;
}

/**
 * guard's fail-closed exit, shared by both entry points (this one and main.ts). Every failure
 * exits 2: agent platforms treat any other exit code as "run the tool" (Cursor and Copilot CLI
 * treat any non-zero exit so: they get a JSON deny and exit 0).
 */
export function die(msg: string): never {
  const line = `guard: FAIL-CLOSED [input.internal-error] ${
    msg.replace(/\s+/g, " ").slice(0, 300)
  }`;
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
    // Cursor and Copilot CLI run the tool when a hook exits non-zero: answer them with a
    // JSON deny and exit 0 instead (the same protocol src/adapters/respond.ts speaks).
    const i = Deno.args.indexOf("--agent");
    const agent = i >= 0
      ? Deno.args[i + 1]
      : Deno.args.find((a) => a.startsWith("--agent="))?.slice(8);
    const reply = agent === "cursor"
      ? { continue: true, permission: "deny", user_message: line, agent_message: line }
      : agent === "copilot"
      ? { permissionDecision: "deny", permissionDecisionReason: line }
      : null;
    if (reply && Deno.args[0] === "evaluate") {
      Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(reply) + "\n"));
      Deno.exit(0);
    }
  } catch { /* nothing left to do */ }
  Deno.exit(2);
}

/** Any error or rejection nothing caught ends the process fail-closed, like `die`. */
export function dieOnUncaught(): void {
  globalThis.addEventListener("error", (e) => {
    e.preventDefault();
    die(String(e.error?.message ?? e.message));
  });
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    die(String(e.reason?.message ?? e.reason));
  });
}

if (import.meta.main) {
  dieOnUncaught();
  let code = 2;
  try {
    const [cmd, ...rest] = Deno.args;
    if (cmd !== "evaluate") die(`the hook entry point only evaluates (got ${JSON.stringify(cmd)})`);
    code = await hookMain(rest);
  } catch (e) {
    die(String((e as Error)?.message ?? e));
  }
  Deno.exit(code);
}
