/**
 * `guard watch [--interval-ms N] [--unlock-minutes N]` — a terminal view of the
 * asks waiting for approval, run by the user in their own terminal.
 *
 * It polls `~/.aiguard/challenges/` and shows every pending ask (oldest first,
 * the oldest unanswered one selected). Keys: `a` approve the selected ask, `r`
 * approve it and remember calls of its shape (src/policy/remembered.ts; always
 * a fresh second factor), `d` deny it, `j`/`k` or the arrow keys move the
 * selection, `q` or Ctrl-C quit.
 * On a terminal stdin is read in raw mode (one keystroke, no Enter); otherwise
 * line by line, each line's first character being the key (scriptable).
 *
 * An approval is exactly `guard approve`'s: the challenge is re-read and
 * re-validated at the keystroke (a vanished, tampered or changed one is
 * refused), then `writeApproval` and an `approval.approved` audit entry. The
 * first approval asks the second factor (Touch ID on a Mac where enrolled,
 * TOTP otherwise, with its lockout and replay rules); success unlocks this
 * process — in memory only, never on disk — for `[watch] unlock_minutes`
 * (default 10; `--unlock-minutes` may only lower it; 0 asks every time).
 * Critical-risk asks always ask the second factor and never unlock anything.
 */
import { audit, rememberChallenge, unrememberable } from "./approve.ts";
import { describeShape, type RememberScope } from "../../policy/remembered.ts";
import { secondFactor } from "./auth_flow.ts";
import { err, printable } from "../io.ts";
import { formatDuration, remaining } from "../../auth/lockout.ts";
import { canonicalJson } from "../../core/canonical.ts";
import { loadPolicy } from "../../state/policy_file.ts";
import {
  APPROVAL_TTL_MS,
  ApprovalError,
  denyChallenge,
  listPending,
  pruneIfDue,
  readChallenge,
  writeApproval,
} from "../../state/approvals.ts";
import { AuthStateError, readAuthState } from "../../auth/auth_state.ts";
import type { Challenge } from "../../state/challenges.ts";
import { StateError, userStateDir } from "../../state/state_dir.ts";

const USAGE = "usage: guard watch [--interval-ms N] [--unlock-minutes N]";

export type StepOutcome =
  | { ok: true; challenge: Challenge; message: string }
  | { ok: false; message: string };

/**
 * Re-reads and re-validates a pending challenge at approval time (ownership,
 * mode, token bound to the call, not expired); when `shown` is given it must
 * also be exactly what the user was shown. Refusals are audited.
 */
export async function checkPending(
  stateDir: string,
  token: string,
  shown?: Challenge,
): Promise<StepOutcome> {
  let c: Challenge;
  try {
    c = await readChallenge(stateDir, token, Date.now());
  } catch (e) {
    if (e instanceof ApprovalError || e instanceof StateError) {
      await audit(stateDir, "approval.refused", { token }, e.message);
      return {
        ok: false,
        message: e.message === "no such challenge" ? `no pending challenge ${token}` : e.message,
      };
    }
    throw e;
  }
  if (shown && canonicalJson(c) !== canonicalJson(shown)) {
    const why = `challenge ${token} changed since it was shown; review it again`;
    await audit(stateDir, "approval.refused", c, why);
    return { ok: false, message: why };
  }
  return { ok: true, challenge: c, message: "" };
}

/**
 * What `guard approve` does once the user is authenticated: re-validate,
 * `writeApproval(stateDir, c, method, now)`, audit `approval.approved`.
 */
export async function approvePending(
  stateDir: string,
  token: string,
  method: string,
  shown?: Challenge,
): Promise<StepOutcome> {
  const checked = await checkPending(stateDir, token, shown);
  if (!checked.ok) return checked;
  const c = checked.challenge;
  writeApproval(stateDir, c, method, Date.now());
  await audit(stateDir, "approval.approved", c, `approved with ${method} in guard watch`);
  return {
    ok: true,
    challenge: c,
    message: `approved ${c.token} with ${method}: the identical call may run once in the next ${
      APPROVAL_TTL_MS / 60_000
    } minutes`,
  };
}

/** What `guard deny` does: discard the challenge (even a broken one), audit `approval.denied`. */
export async function denyPending(stateDir: string, token: string): Promise<StepOutcome> {
  let c: Partial<Challenge> = { token };
  try {
    c = await readChallenge(stateDir, token, Date.now());
  } catch { /* deny discards even a broken challenge */ }
  try {
    if (!denyChallenge(stateDir, token)) {
      return { ok: false, message: `no pending challenge ${token}` };
    }
  } catch (e) {
    if (e instanceof ApprovalError || e instanceof StateError) {
      return { ok: false, message: e.message };
    }
    throw e;
  }
  await audit(stateDir, "approval.denied", c, "denied by the user in guard watch");
  return { ok: true, challenge: c as Challenge, message: `denied ${token}` };
}

// ---------------------------------------------------------------------------------------------
// The terminal

const enc = new TextEncoder();

function writeAll(w: { writeSync(p: Uint8Array): number }, s: string): void {
  const b = enc.encode(s);
  let off = 0;
  while (off < b.length) off += w.writeSync(b.subarray(off));
}

/** Raw mode on a terminal stdin, restored on every way out (quit, exception, SIGINT, SIGTERM). */
class Terminal {
  readonly rawInput = Deno.stdin.isTerminal();
  readonly ttyOut = Deno.stdout.isTerminal();
  readonly color = this.ttyOut && !Deno.noColor;
  private raw = false;
  private listening = false;
  private readonly onInt = () => this.die(130);
  private readonly onTerm = () => this.die(143);

  /** Enters raw mode when stdin is a terminal. */
  start(): void {
    if (this.rawInput) this.setRaw(true);
  }

  /** Leaves raw mode (idempotent). */
  restore(): void {
    if (this.raw) this.setRaw(false);
  }

  /** Runs `f` in the terminal's normal (line) mode, then returns to raw mode. */
  async cooked<T>(f: () => Promise<T>): Promise<T> {
    const was = this.raw;
    if (was) this.setRaw(false);
    try {
      return await f();
    } finally {
      if (was) this.setRaw(true);
    }
  }

  /** Writes to stdout; on a terminal every newline is a CRLF (raw mode does no output processing). */
  write(s: string): void {
    writeAll(Deno.stdout, this.ttyOut ? s.replace(/\r?\n/g, "\r\n") : s);
  }

  private setRaw(on: boolean): void {
    try {
      Deno.stdin.setRaw(on);
    } catch (e) {
      if (on) throw e;
    }
    this.raw = on;
    // While raw, Ctrl-C is a key; a signal (kill -INT/-TERM) still restores the terminal. In
    // line mode (reading a code) the default action stands: the terminal is not raw then.
    if (on && !this.listening) {
      Deno.addSignalListener("SIGINT", this.onInt);
      Deno.addSignalListener("SIGTERM", this.onTerm);
      this.listening = true;
    } else if (!on && this.listening) {
      Deno.removeSignalListener("SIGINT", this.onInt);
      Deno.removeSignalListener("SIGTERM", this.onTerm);
      this.listening = false;
    }
  }

  private die(code: number): never {
    this.restore();
    this.write("\nguard watch: interrupted; the unlock window is closed\n");
    Deno.exit(code);
  }
}

type Key = "approve" | "remember" | "deny" | "up" | "down" | "quit" | "eof" | "none" | "other";

function keyOf(ch: string): Key {
  switch (ch) {
    case "a":
    case "A":
      return "approve";
    case "r":
    case "R":
      return "remember";
    case "d":
    case "D":
      return "deny";
    case "j":
      return "down";
    case "k":
      return "up";
    case "q":
    case "Q":
    case "\x03": // Ctrl-C
    case "\x04": // Ctrl-D
      return "quit";
    case " ":
    case "\r":
    case "\n":
      return "none";
    default:
      return "other";
  }
}

/**
 * Keys from stdin, one byte per read so that nothing past the key is consumed (a TOTP code
 * on the next line stays for authenticateTotp's own line reader).
 */
class Keys {
  private readonly one = new Uint8Array(1);
  constructor(private readonly raw: boolean) {}

  private async byte(): Promise<number | null> {
    const n = await Deno.stdin.read(this.one);
    return n ? this.one[0] : null;
  }

  async next(): Promise<Key> {
    return this.raw ? await this.nextRaw() : await this.nextLine();
  }

  private async nextLine(): Promise<Key> {
    const bytes: number[] = [];
    while (true) {
      const b = await this.byte();
      if (b === null) {
        if (bytes.length === 0) return "eof";
        break;
      }
      if (b === 10) break;
      if (bytes.length < 4096) bytes.push(b);
    }
    const line = new TextDecoder().decode(new Uint8Array(bytes)).replace(/\r$/, "");
    return line ? keyOf(line[0]) : "none";
  }

  private async nextRaw(): Promise<Key> {
    const b = await this.byte();
    if (b === null) return "eof";
    if (b !== 0x1b) return keyOf(String.fromCharCode(b));
    const b2 = await this.byte(); // ESC [ A / ESC O A: the arrow keys
    if (b2 === null) return "eof";
    if (b2 !== 0x5b && b2 !== 0x4f) return keyOf(String.fromCharCode(b2));
    let final: number | null;
    do final = await this.byte(); while (final !== null && (final < 0x40 || final > 0x7e));
    if (final === null) return "eof";
    return final === 0x41 ? "up" : final === 0x42 ? "down" : "other";
  }
}

// ---------------------------------------------------------------------------------------------
// The view

interface Options {
  intervalMs: number;
  /** --unlock-minutes: may only lower the policy's value. */
  unlockMinutes: number | null;
}

function parseArgs(args: string[]): Options | string {
  const o: Options = { intervalMs: 500, unlockMinutes: null };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [name, inline] = a.startsWith("--") && a.includes("=")
      ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
      : [a, undefined];
    if (name !== "--interval-ms" && name !== "--unlock-minutes") {
      return a.startsWith("-") ? `unknown option ${a}` : `unexpected argument ${a}`;
    }
    const v = inline ?? args[++i];
    if (v === undefined || !/^\d{1,9}$/.test(v)) return `${name} needs a whole number`;
    const n = Number(v);
    if (name === "--interval-ms") {
      if (n < 20 || n > 60_000) return "--interval-ms must be from 20 to 60000";
      o.intervalMs = n;
    } else o.unlockMinutes = n;
  }
  return o;
}

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m` : `${Math.floor(s / 3600)}h`;
}

/** Untrusted text on one line: control characters escaped, whitespace runs collapsed. */
function oneLine(s: string): string {
  return printable(s).replace(/\s+/g, " ").trim();
}

function clip(s: string, n: number): string {
  const cps = Array.from(s);
  return cps.length <= n ? s : cps.slice(0, Math.max(1, n - 1)).join("") + "…";
}

/** The selected ask's call is shown whole up to this many characters, head and tail beyond. */
const FULL_CALL_CHARS = 1500;

interface Message {
  text: string;
  kind: "ok" | "error" | "info";
}

type Factor = { ok: true; method: "totp" | "touchid" } | { ok: false; message: string };

class Watcher {
  private pending: Challenge[] = [];
  private invalid: string[] = [];
  private selected: string | null = null;
  private messages: Message[] = [];
  private problem = ""; // a state directory or policy problem, shown in the header
  private windowMin = 0;
  /** The unlock: this process's memory only (performance.now(): monotonic). */
  private unlock: { at: number; method: string } | null = null;
  private lastFrame = "";
  private lastSignature = "";
  private readonly keys: Keys;

  constructor(
    private readonly stateDir: string,
    private readonly opts: Options,
    private readonly term: Terminal,
  ) {
    this.keys = new Keys(term.rawInput);
  }

  async run(): Promise<number> {
    this.term.start();
    try {
      if (this.term.ttyOut) this.term.write("\x1b[2J\x1b[H");
      await this.refresh();
      let key: Promise<Key> | null = null;
      while (true) {
        key ??= this.keys.next();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const tick = new Promise<"tick">((r) =>
          timer = setTimeout(() => r("tick"), this.opts.intervalMs)
        );
        const ev = await Promise.race([key, tick]);
        clearTimeout(timer);
        if (ev === "tick") {
          await this.refresh();
          continue;
        }
        key = null; // no read is pending while a key is handled (the code line is read in between)
        if (ev === "quit" || ev === "eof") break;
        await this.handle(ev);
        await this.refresh();
      }
    } finally {
      this.term.restore();
    }
    this.term.write("guard watch: stopped; the unlock window closed with it\n");
    return 0;
  }

  private say(text: string, kind: Message["kind"] = "info"): void {
    if (this.term.ttyOut) {
      const t = new Date().toTimeString().slice(0, 8);
      this.messages.push({ text: `${t} ${text}`, kind });
      if (this.messages.length > 6) this.messages.shift();
    } else {
      this.term.write(`guard watch: ${text}\n`);
    }
  }

  /** The unlock window in minutes: the policy's, lowered by --unlock-minutes; 0 on a policy error. */
  private async windowMinutes(): Promise<number> {
    let m: number;
    try {
      m = (await loadPolicy(this.stateDir)).watch.unlockMinutes;
    } catch (e) {
      this.problem = `policy: ${(e as Error).message} — every approval asks the second factor`;
      return 0;
    }
    return this.opts.unlockMinutes === null ? m : Math.min(m, this.opts.unlockMinutes);
  }

  private unlockedLeft(): number {
    if (!this.unlock || this.windowMin <= 0) return 0;
    return Math.max(0, this.unlock.at + this.windowMin * 60_000 - performance.now());
  }

  private async refresh(): Promise<void> {
    this.problem = "";
    this.windowMin = await this.windowMinutes();
    if (this.unlock && this.unlockedLeft() <= 0) {
      this.unlock = null;
      this.say("the unlock window closed: the next approval asks the second factor again");
    }
    const now = Date.now();
    try {
      pruneIfDue(this.stateDir, now);
      const { pending, invalid } = await listPending(this.stateDir, now);
      this.pending = pending.reverse(); // oldest first
      this.invalid = invalid;
    } catch (e) {
      if (!(e instanceof StateError || e instanceof ApprovalError)) throw e;
      this.pending = [];
      this.invalid = [];
      this.problem = `state: ${e.message}`;
    }
    if (!this.pending.some((c) => c.token === this.selected)) {
      this.selected = this.pending[0]?.token ?? null; // the oldest unanswered one
    }
    this.draw();
  }

  private current(): Challenge | null {
    return this.pending.find((c) => c.token === this.selected) ?? null;
  }

  private async handle(key: Key): Promise<void> {
    const i = this.pending.findIndex((c) => c.token === this.selected);
    switch (key) {
      case "up":
      case "down": {
        if (!this.pending.length) return;
        const j = Math.min(this.pending.length - 1, Math.max(0, i + (key === "up" ? -1 : 1)));
        this.selected = this.pending[j].token;
        return;
      }
      case "deny": {
        const c = this.current();
        if (!c) return this.say("nothing to deny", "error");
        const r = await denyPending(this.stateDir, c.token);
        return this.say(r.message, r.ok ? "ok" : "error");
      }
      case "approve":
        return await this.approve(false);
      case "remember":
        return await this.approve(true);
      case "none":
        return;
      default:
        return this.say(
          "keys: a approve, r approve and remember, d deny, j/k or arrows select, q quit",
        );
    }
  }

  /**
   * `a`: approve once. `r`: approve and remember calls of this shape (project scope when the
   * ask had a workspace, else the session). Remembering widens what runs, so it always asks
   * the second factor, even inside the unlock window.
   */
  private async approve(remember: boolean): Promise<void> {
    const shown = this.current();
    if (!shown) return this.say("nothing to approve", "error");
    const checked = await checkPending(this.stateDir, shown.token, shown);
    if (!checked.ok) return this.say(`refused: ${checked.message}`, "error");
    const c = checked.challenge;
    const scope: RememberScope = c.workspace ? "project" : "session";
    if (remember) {
      const why = unrememberable(c) ??
        (scope === "session" && !c.session ? "the ask has no session and no workspace" : null);
      if (why) return this.say(`cannot remember ${c.token}: ${why} (a approves it once)`, "error");
    }
    const critical = c.risk === "critical" || remember;
    this.windowMin = await this.windowMinutes();
    let method: string;
    if (!critical && this.unlock && this.unlockedLeft() > 0) {
      method = `watch-unlocked(${this.unlock.method})`;
    } else {
      this.say(
        remember
          ? `second factor to remember calls of this shape (${scope}): ${describeShape(c.shape!)}`
          : critical
          ? `${c.token} is critical risk: the second factor is asked every time`
          : this.windowMin > 0
          ? `second factor for ${c.token} (then guard watch stays unlocked for ${this.windowMin} min)`
          : `second factor for ${c.token} (unlock_minutes = 0: asked for every approval)`,
      );
      this.draw();
      const f = await this.secondFactor(c);
      this.lastFrame = ""; // the prompt moved the cursor: redraw the whole view
      if (!f.ok) return this.say(`not approved — ${f.message}`, "error");
      method = f.method;
      if (c.risk !== "critical" && this.windowMin > 0) {
        this.unlock = { at: performance.now(), method: f.method };
        this.say(
          `unlocked for ${this.windowMin} min (this process only; critical asks still ask)`,
          "ok",
        );
      }
    }
    const r = await approvePending(this.stateDir, c.token, method, c);
    this.say(r.ok ? r.message : `refused: ${r.message}`, r.ok ? "ok" : "error");
    if (!r.ok || !remember) return;
    const rule = await rememberChallenge(this.stateDir, c, scope, method);
    this.say(
      "refused" in rule
        ? `not remembered: ${rule.refused}`
        : `remembered as ${rule.id} (${scope}): calls of this shape now run; guard forget ${rule.id} removes it`,
      "refused" in rule ? "error" : "ok",
    );
  }

  private async secondFactor(c: Challenge): Promise<Factor> {
    try {
      return await secondFactor(
        this.stateDir,
        { token: c.token, text: c.call, reason: `approve ${c.token}: ${c.call.slice(0, 120)}` },
        (event, detail) => audit(this.stateDir, event, c, detail),
        {
          prompt: `TOTP code to approve ${c.token}: `,
          beforeTouchId: () => this.term.write(`\nTouch ID: confirm the approval of ${c.token}…\n`),
          aroundCode: (read) => {
            // The prompt line for scripts (a terminal gets readLine's own prompt); none while
            // locked out, when authenticateTotp reads no code (it decides; this keeps output honest).
            if (this.term.rawInput) this.term.write("\n");
            else if (remaining(readAuthState(this.stateDir), Date.now()) === 0) {
              this.term.write(`guard watch: TOTP code for ${c.token}?\n`);
            }
            return this.term.cooked(read);
          },
        },
      );
    } catch (e) {
      if (e instanceof AuthStateError) return { ok: false, message: e.message };
      if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
        return { ok: false, message: `the second factor could not run: ${e.message}` };
      }
      throw e;
    }
  }

  // -------------------------------------------------------------------------------------------

  private paint(s: string, code: string): string {
    return this.term.color ? `\x1b[${code}m${s}\x1b[0m` : s;
  }

  private riskColor(risk: string): string {
    return risk === "critical" ? "1;31" : risk === "high" ? "31" : risk === "medium" ? "33" : "32";
  }

  private lockLine(): string {
    if (this.windowMin <= 0) return "second factor: asked for every approval (unlock_minutes = 0)";
    const left = this.unlockedLeft();
    if (left > 0 && this.unlock) {
      return `unlocked (${this.unlock.method}) for ${
        formatDuration(left)
      } more; critical asks still ask`;
    }
    return `locked: the first approval asks the second factor, then ${this.windowMin} min without`;
  }

  private frame(width: number, height: number | null): string[] {
    const now = Date.now();
    const lines: string[] = [];
    const rule = "─".repeat(Math.min(width, 80));
    lines.push(
      `${this.paint("guard watch", "1")} · ${this.pending.length} pending · ${this.lockLine()}`,
    );
    lines.push("keys: a approve · r approve and remember · d deny · j/k or ↑/↓ select · q quit");
    if (this.problem) lines.push(this.paint(clip(oneLine(this.problem), width), "31"));
    lines.push(rule);
    if (!this.pending.length) lines.push("no pending asks — waiting…");
    const blocks = this.pending.map((c) => this.block(c, c.token === this.selected, width, now));
    // All of them when they fit; on a short terminal the selected ask and those after it.
    const room = height === null ? Infinity : Math.max(4, height - lines.length - 10);
    const total = blocks.reduce((n, b) => n + b.length, 0);
    const start = total <= room
      ? 0
      : Math.max(0, this.pending.findIndex((c) => c.token === this.selected));
    let used = 0;
    let shown = 0;
    if (start > 0) lines.push(`  (${start} older above)`);
    for (let k = start; k < blocks.length; k++) {
      if (used + blocks[k].length > room && shown > 0) {
        lines.push(`  (${blocks.length - k} more below)`);
        break;
      }
      lines.push(...blocks[k]);
      used += blocks[k].length;
      shown++;
    }
    if (this.invalid.length) {
      lines.push(rule, this.paint("not approvable (refused):", "31"));
      for (const i of this.invalid) lines.push(`  ${clip(oneLine(i), width - 2)}`);
    }
    if (this.messages.length) {
      lines.push(rule);
      for (const m of this.messages) {
        const code = m.kind === "ok" ? "32" : m.kind === "error" ? "31" : "0";
        lines.push(this.paint(clip(oneLine(m.text), width), code));
      }
    }
    return lines;
  }

  private block(c: Challenge, selected: boolean, width: number, now: number): string[] {
    const mark = selected ? this.paint(">", "1;7") : " ";
    const label = c.tool === "Bash" || c.tool === "Shell" ? "command" : `call (${oneLine(c.tool)})`;
    const head = `${mark} ${this.paint(c.token, "1")}  ${age(now - Date.parse(c.created_at))}  ` +
      `agent ${oneLine(c.agent)}  session ${clip(oneLine(c.session), 24)}  risk ${
        this.paint(c.risk, this.riskColor(c.risk))
      }  rule ${c.rule}`;
    const inner = Math.max(20, width - 13);
    const out = [head, `    cwd:     ${clip(oneLine(c.cwd), inner)}`];
    if (selected) {
      // What is approved is shown whole (up to a limit; a longer call: its head and tail).
      let call = printable(c.call).replace(/\t/g, " ");
      const cps = Array.from(call);
      if (cps.length > FULL_CALL_CHARS) {
        call = cps.slice(0, 1000).join("") +
          ` … [${cps.length - 1400} characters not shown: guard approve ${c.token} shows all] … ` +
          cps.slice(-400).join("");
      }
      const callLines = call.split("\n");
      out.push(`    ${label}: ${callLines[0]}`);
      for (const l of callLines.slice(1)) out.push(`      ${l}`);
    } else {
      out.push(`    ${label}: ${clip(oneLine(c.call), Math.max(20, width - 7 - label.length))}`);
    }
    out.push(`    warning: ${clip(oneLine(c.warning), selected ? inner * 3 : inner)}`);
    return out;
  }

  /** A terminal gets the whole view redrawn in place; a pipe or file a new view when it changes. */
  private draw(): void {
    if (this.term.ttyOut) {
      let width = 100;
      let height: number | null = null;
      try {
        const size = Deno.consoleSize();
        width = Math.max(40, size.columns);
        height = size.rows;
      } catch { /* not a console: defaults */ }
      const text = this.frame(width, height).map((l) => l + "\x1b[K").join("\n");
      if (text === this.lastFrame) return;
      this.lastFrame = text;
      this.term.write(`\x1b[H${text}\n\x1b[J`);
      return;
    }
    const signature = JSON.stringify([
      this.pending.map((c) => c.token),
      this.selected,
      this.invalid,
      this.problem,
      this.windowMin,
      this.unlock?.method ?? null,
    ]);
    if (signature === this.lastSignature) return;
    this.lastSignature = signature;
    this.term.write(this.frame(160, null).join("\n") + "\n\n");
  }
}

export async function runWatch(args: string[]): Promise<number> {
  const opts = parseArgs(args);
  if (typeof opts === "string") {
    err(`guard watch: ${opts}`);
    err(USAGE);
    return 2;
  }
  let stateDir: string;
  try {
    stateDir = userStateDir();
  } catch (e) {
    err(`guard watch: ${(e as Error).message}`);
    return 2;
  }
  return await new Watcher(stateDir, opts, new Terminal()).run();
}
