/**
 * The thin hook client and the resident evaluator's wire protocol (docs/adr/0023).
 *
 * The installed hook runs `hook.ts evaluate --agent A`, which lands here. It imports nothing of
 * the engine: it reads the payload, hands it with the agent's arguments and the hook's
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
import config from "../../deno.json" with { type: "json" };

/** guard's version; a reply from an evaluator of another version is not used. */
export const VERSION: string = (config as { version: string }).version;

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
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        try {
          conn?.close();
        } catch { /* already closed */ }
        resolve(null);
      }, timeoutMs);
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
      const text = new TextDecoder("utf-8", { fatal: true }).decode(all);
      // Exactly one line: anything else is not the evaluator's answer.
      return text.endsWith("\n") && text.indexOf("\n") === text.length - 1
        ? text.slice(0, -1)
        : null;
    };
    return await Promise.race([talk().catch(() => null), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
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

/** Today's path, in this process: the hook's privileges, then `runEvaluate` on the same input. */
export async function evaluateHere(
  args: string[],
  payload: Uint8Array,
  env: HookVars,
): Promise<Answer> {
  const { dropPrivileges } = await import("./privileges.ts");
  dropPrivileges("evaluate", env.HOME);
  const { runEvaluate } = await import("./evaluate.ts");
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

/** Is there anything at the socket's path? (What it is, and whose, the exchange finds out.) */
function socketExists(socket: string): boolean {
  try {
    Deno.lstatSync(socket);
    return true;
  } catch {
    return false;
  }
}

/** The socket of the home directory the hook names (null: none usable; evaluate in-process). */
function socketOf(env: HookVars): string | null {
  const home = env.HOME;
  return home && home.startsWith("/") ? `${home.replace(/\/+$/, "")}/.aiguard/guard.sock` : null;
}

/** `hook.ts evaluate <args>`: through the evaluator when it answers, else in-process. */
export async function hookMain(args: string[]): Promise<number> {
  const payload = readPayload();
  const env = hookVars();
  const socket = socketOf(env);
  // No socket, no evaluator: evaluate here at once. (The exchange's timer is what a missing
  // socket would cost: Deno sets up its timers on the first one, 10–30 ms.)
  const answer =
    (socket && socketExists(socket) ? await askEvaluator(socket, args, payload, env) : null) ??
      await evaluateHere(args, payload, env);
  printAnswer(answer);
  return answer.code;
}
