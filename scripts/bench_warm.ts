/**
 * The resident evaluator's figures (docs/adr/0023), a section of `deno task bench` and runnable
 * alone (`deno run -A scripts/bench_warm.ts`):
 *
 *   - per payload class, in one interleaved run: the floor (a bare `deno run` of an empty script
 *     with the hook's flags), the installed hook warm (src/cli/hook_client.ts with `guard serve` up), the same
 *     hook cold (no evaluator: it falls back in-process), and today's `main.ts evaluate`; and, where
 *     a C compiler is, the native client (src/cli/native/guard_hook.c) warm in front of the thin
 *     client, as the installed line runs it;
 *   - decisions per second of one evaluator under 4 concurrent clients (client processes).
 *
 * Ratios are of medians taken in the same run, so machine drift hits every side alike.
 */
import {
  clientRunFlags,
  guardEnv,
  HOOK_TS,
  hookRunFlags,
  MAIN_TS,
  REPO_ROOT,
  runProcess,
  startEvaluator,
  tempHome,
} from "./guard_flags.ts";
import { buildNativeClient, writeStartLine } from "../src/cli/native/native_client.ts";
import { nativeClientPath, socketPath, startCommand, startedStampPath } from "../src/cli/flags.ts";

export const WARM_RUNS = Number(Deno.env.get("GUARD_BENCH_WARM_RUNS") ?? 15);
const WARMUPS = 2;
const CLIENTS = 4;
const DPS_SECONDS = 3;
export const WARM_TARGET = 1.1;
export const WARM_CLASS_TARGET = 1.25;

interface WarmClass {
  id: string;
  label: string;
  /** In the typical mix (the 1.1× target); every class has the 1.25× target. */
  typical: boolean;
  payload: (home: string) => unknown;
}

const pre = (home: string, tool: string, input: unknown) => ({
  session_id: "bench-warm",
  cwd: `${home}/project`,
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: tool,
  tool_input: input,
});

export const WARM_CLASSES: WarmClass[] = [
  {
    id: "W1",
    label: "git status --short",
    typical: true,
    payload: (h) => pre(h, "Bash", { command: "git status --short" }),
  },
  {
    id: "W2",
    label: "cat src/a.ts | grep -n foo | head -5",
    typical: true,
    payload: (h) => pre(h, "Bash", { command: "cat src/a.ts | grep -n foo | head -5" }),
  },
  {
    id: "W3",
    label: "for f in $(ls src); do …; done > out.txt && git add -A (tree-sitter)",
    typical: false,
    payload: (h) =>
      pre(h, "Bash", {
        command: "for f in $(ls src); do wc -l $f; done > out.txt && git add -A",
      }),
  },
  {
    id: "W4",
    label: "Read src/a.ts",
    typical: true,
    payload: (h) => pre(h, "Read", { file_path: `${h}/project/src/a.ts` }),
  },
  {
    id: "W5",
    label: "PostToolUse of Bash ls",
    typical: true,
    payload: (h) => ({
      ...pre(h, "Bash", { command: "ls src" }),
      hook_event_name: "PostToolUse",
      tool_response: { stdout: "a.ts\nb.ts\nc.ts\n", stderr: "", interrupted: false },
    }),
  },
];

/** One hook-like process, timed spawn → exit (scripts/guard_flags.ts `runProcess`). */
async function timed(args: string[], home: string, stdin: Uint8Array, program = Deno.execPath()) {
  const r = await runProcess(program, args, {
    env: guardEnv(home, { CLAUDE_CODE_ENTRYPOINT: "sdk-cli" }),
    stdin,
  });
  return { ms: r.ms, code: r.code, out: r.stderr + r.stdout };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export interface WarmFigures {
  runs: number;
  classes: {
    id: string;
    label: string;
    typical: boolean;
    floorMs: number;
    warmMs: number;
    coldMs: number;
    mainMs: number;
    /** The native client warm; null where no C compiler built it. */
    nativeMs: number | null;
    nativeRatio: number | null;
    warmRatio: number;
    coldRatio: number;
    mainRatio: number;
    sameReply: boolean;
    pass: boolean;
  }[];
  typical: {
    floorMs: number;
    warmMs: number;
    ratio: number;
    pass: boolean;
    nativeMs: number | null;
    nativeRatio: number | null;
  };
  /**
   * The native client starting the evaluator (null where no C compiler built it): the evaluator
   * down, hook calls back to back through the native client with the start line in place. Medians
   * of `rounds`: the first call's time (it falls back and starts the evaluator) against the same
   * call with autostart opted out, the time until the evaluator answers, the calls answered
   * in-process meanwhile, and the first warm call.
   */
  autostart: {
    rounds: number;
    firstCallMs: number;
    plainColdMs: number;
    upAfterMs: number;
    coldCalls: number;
    warmCallMs: number;
  } | null;
  /** Each client asks in a loop for `seconds`; `wallSeconds` includes their start-up. */
  concurrent: {
    clients: number;
    decisions: number;
    seconds: number;
    wallSeconds: number;
    perSecond: number;
  };
}

/** Runs the measurements; `log` prints progress lines. */
export async function warmFigures(log: (s: string) => void = () => {}): Promise<WarmFigures> {
  const base = await tempHome("guard-bench-warm-");
  const warmHome = `${base}/warm`, coldHome = `${base}/cold`;
  const floor = `${base}/empty.ts`;
  await Deno.writeTextFile(floor, "");
  for (const h of [warmHome, coldHome]) {
    await Deno.mkdir(`${h}/project/src`, { recursive: true, mode: 0o700 });
    await Deno.mkdir(`${h}/.aiguard`, { mode: 0o700 });
  }
  const ev = await startEvaluator(warmHome);
  const native = (await buildNativeClient(warmHome, MAIN_TS)).status === "built"
    ? nativeClientPath(warmHome)
    : null;
  const enc = new TextEncoder();
  const samples = WARM_CLASSES.map(() => ({
    floor: [] as number[],
    warm: [] as number[],
    native: [] as number[],
    cold: [] as number[],
    main: [] as number[],
    same: true,
  }));
  try {
    for (let round = 0; round < WARMUPS + WARM_RUNS; round++) {
      for (const [ci, c] of WARM_CLASSES.entries()) {
        const wp = enc.encode(JSON.stringify(c.payload(warmHome)));
        const cp = enc.encode(JSON.stringify(c.payload(coldHome)));
        // The floor: the installed hook's own line on an empty script.
        const f = await timed([...clientRunFlags(warmHome), floor], warmHome, wp);
        const w = await timed(
          [...clientRunFlags(warmHome), HOOK_TS, "evaluate", "--agent", "claude"],
          warmHome,
          wp,
        );
        const n = native
          ? await timed(
            [
              Deno.execPath(),
              ...clientRunFlags(warmHome),
              HOOK_TS,
              "evaluate",
              "--agent",
              "claude",
            ],
            warmHome,
            wp,
            native,
          )
          : null;
        const k = await timed(
          [...clientRunFlags(coldHome), HOOK_TS, "evaluate", "--agent", "claude"],
          coldHome,
          cp,
        );
        const m = await timed(
          [...hookRunFlags(coldHome), MAIN_TS, "evaluate", "--agent", "claude"],
          coldHome,
          cp,
        );
        // The same decision warm and cold (the homes differ only in their path).
        const norm = (s: string, h: string) => s.replaceAll(h, "$HOME");
        if (norm(w.out, warmHome) !== norm(k.out, coldHome) || w.code !== k.code) {
          samples[ci].same = false;
        }
        if (n && (n.out !== w.out || n.code !== w.code)) samples[ci].same = false;
        if (round >= WARMUPS) {
          samples[ci].floor.push(f.ms);
          samples[ci].warm.push(w.ms);
          if (n) samples[ci].native.push(n.ms);
          samples[ci].cold.push(k.ms);
          samples[ci].main.push(m.ms);
        }
      }
      log(`  round ${round + 1}/${WARMUPS + WARM_RUNS}`);
    }
    const classes = WARM_CLASSES.map((c, ci) => {
      const s = samples[ci];
      const floorMs = median(s.floor), warmMs = median(s.warm);
      const coldMs = median(s.cold), mainMs = median(s.main);
      const nativeMs = s.native.length ? median(s.native) : null;
      return {
        id: c.id,
        label: c.label,
        typical: c.typical,
        floorMs,
        warmMs,
        coldMs,
        mainMs,
        nativeMs,
        nativeRatio: nativeMs === null ? null : nativeMs / floorMs,
        warmRatio: warmMs / floorMs,
        coldRatio: coldMs / floorMs,
        mainRatio: mainMs / floorMs,
        sameReply: s.same,
        pass: warmMs / floorMs <= WARM_CLASS_TARGET,
      };
    });
    const typ = WARM_CLASSES.map((c, i) => (c.typical ? i : -1)).filter((i) => i >= 0);
    const tf = median(typ.flatMap((i) => samples[i].floor));
    const tw = median(typ.flatMap((i) => samples[i].warm));
    const tn = native ? median(typ.flatMap((i) => samples[i].native)) : null;
    // Decisions per second: CLIENTS client processes, each asking in a loop for DPS_SECONDS.
    const client = `${base}/client.ts`;
    await Deno.writeTextFile(
      client,
      `import { askEvaluator, hookVars } from "file://${REPO_ROOT}/src/cli/hook_client.ts";
const [sock, secs] = [Deno.args[0], Number(Deno.args[1])];
const bodies = ${
        JSON.stringify(WARM_CLASSES.filter((c) => c.id !== "W5").map((c) => c.payload(warmHome)))
      }.map((p) => new TextEncoder().encode(JSON.stringify(p)));
const env = hookVars();
const end = performance.now() + secs * 1000;
let n = 0, bad = 0;
while (performance.now() < end) {
  const a = await askEvaluator(sock, ["--agent", "claude"], bodies[n % bodies.length], env, 5000);
  if (!a) bad++;
  n++;
}
console.log(JSON.stringify({ n, bad }));
`,
    );
    const sock = `${warmHome}/.aiguard/guard.sock`;
    const t0 = performance.now();
    const outs = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--quiet",
            `--allow-read=${REPO_ROOT},${warmHome}/.aiguard`,
            `--allow-write=${warmHome}/.aiguard`,
            "--allow-env",
            `--allow-net=unix:${sock}`,
            client,
            sock,
            String(DPS_SECONDS),
          ],
          env: guardEnv(warmHome),
          clearEnv: true,
          stdout: "piped",
          stderr: "piped",
        }).output()),
    );
    const seconds = (performance.now() - t0) / 1000;
    let decisions = 0;
    for (const o of outs) {
      const r = JSON.parse(new TextDecoder().decode(o.stdout) || '{"n":0,"bad":1}');
      if (r.bad) throw new Error(`a concurrent client got ${r.bad} unanswered calls`);
      decisions += r.n;
    }
    const autostart = native ? await autostartFigures(base, log) : null;
    return {
      runs: WARM_RUNS,
      classes,
      autostart,
      typical: {
        floorMs: tf,
        warmMs: tw,
        ratio: tw / tf,
        pass: tw / tf <= WARM_TARGET,
        nativeMs: tn,
        nativeRatio: tn === null ? null : tn / tf,
      },
      concurrent: {
        clients: CLIENTS,
        decisions,
        seconds: DPS_SECONDS,
        wallSeconds: seconds,
        perSecond: decisions / DPS_SECONDS,
      },
    };
  } finally {
    await ev.stop();
    await Deno.remove(base, { recursive: true }).catch(() => {});
  }
}

const AUTOSTART_ROUNDS = 3;

/** The native client's start of the evaluator (WarmFigures.autostart), in a home of its own. */
async function autostartFigures(
  base: string,
  log: (s: string) => void,
): Promise<NonNullable<WarmFigures["autostart"]>> {
  const home = `${base}/autostart`;
  await Deno.mkdir(`${home}/project`, { recursive: true, mode: 0o700 });
  await Deno.mkdir(`${home}/.aiguard`, { mode: 0o700 });
  if ((await buildNativeClient(home, MAIN_TS)).status !== "built") {
    throw new Error("the native client built once but not twice");
  }
  writeStartLine(home, startCommand(home, MAIN_TS)!);
  const bin = nativeClientPath(home);
  const thin = [Deno.execPath(), ...clientRunFlags(home), HOOK_TS, "evaluate", "--agent", "claude"];
  const body = new TextEncoder().encode(JSON.stringify(WARM_CLASSES[0].payload(home)));
  const call = async (autostart: boolean) =>
    (await runProcess(bin, thin, {
      env: guardEnv(home, { AIGUARD_NO_AUTOSTART: autostart ? "" : "1" }),
      stdin: body,
    })).ms;
  // The bench holds no socket grant: a socket file is an evaluator listening (it binds once warm),
  // and one whose socket is taken away ends within its watch interval (250 ms).
  const listening = () => {
    try {
      return Deno.lstatSync(socketPath(home)).isSocket;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (listening()) {
      await Deno.remove(socketPath(home)).catch(() => {});
      await new Promise((r) => setTimeout(r, 1000));
    }
    await Deno.remove(startedStampPath(home)).catch(() => {});
  };
  const first: number[] = [], plain: number[] = [], up: number[] = [], calls: number[] = [];
  const warm: number[] = [];
  try {
    for (let round = 0; round < AUTOSTART_ROUNDS + 1; round++) {
      await stop();
      const p = await call(false);
      const t0 = performance.now();
      const f = await call(true);
      let n = 1;
      while (!listening()) {
        if (performance.now() - t0 > 30_000) throw new Error("the evaluator did not start");
        await call(true);
        n++;
      }
      const upMs = performance.now() - t0;
      const w = await call(true);
      if (round > 0) {
        first.push(f);
        plain.push(p);
        up.push(upMs);
        calls.push(n);
        warm.push(w);
      }
      log(`  autostart round ${round + 1}/${AUTOSTART_ROUNDS + 1}`);
    }
  } finally {
    await stop();
  }
  return {
    rounds: AUTOSTART_ROUNDS,
    firstCallMs: median(first),
    plainColdMs: median(plain),
    upAfterMs: median(up),
    coldCalls: median(calls),
    warmCallMs: median(warm),
  };
}

/** The figures as table rows (bench.ts prints them with its own table). */
export function warmRows(f: WarmFigures): string[][] {
  const x = (n: number) => n.toFixed(2);
  return [
    ...f.classes.map((c) => [
      `${c.id} ${c.label}`,
      c.floorMs.toFixed(1),
      c.warmMs.toFixed(1),
      c.coldMs.toFixed(1),
      c.mainMs.toFixed(1),
      c.nativeMs === null ? "" : c.nativeMs.toFixed(1),
      x(c.warmRatio),
      x(c.coldRatio),
      x(c.mainRatio),
      `${c.pass ? "PASS" : "MISS"} ≤${WARM_CLASS_TARGET}${c.sameReply ? "" : " (replies differ!)"}`,
    ]),
    [
      "typical mix (W1 W2 W4 W5)",
      f.typical.floorMs.toFixed(1),
      f.typical.warmMs.toFixed(1),
      "",
      "",
      f.typical.nativeMs === null ? "" : f.typical.nativeMs.toFixed(1),
      x(f.typical.ratio),
      "",
      "",
      `${f.typical.pass ? "PASS" : "MISS"} ≤${WARM_TARGET}`,
    ],
  ];
}

/** The autostart figures as one line. */
export function autostartLine(a: NonNullable<WarmFigures["autostart"]>): string {
  return `native client autostart (median of ${a.rounds}): the call that finds the evaluator ` +
    `down ${a.firstCallMs.toFixed(1)} ms (${a.plainColdMs.toFixed(1)} ms without starting it); ` +
    `answering ${a.upAfterMs.toFixed(0)} ms later, ${a.coldCalls} back-to-back calls in-process ` +
    `until then; the next call ${a.warmCallMs.toFixed(1)} ms`;
}

export const WARM_HEADERS = [
  "class",
  "floor ms",
  "warm ms",
  "cold ms",
  "main.ts ms",
  "native ms",
  "warm/floor",
  "cold/floor",
  "main/floor",
  "target",
];

if (import.meta.main) {
  const f = await warmFigures((s) => console.error(s));
  console.log(WARM_HEADERS.join(" | "));
  for (const r of warmRows(f)) console.log(r.join(" | "));
  console.log(
    `${f.concurrent.clients} concurrent clients: ${f.concurrent.perSecond.toFixed(0)} decisions/s`,
  );
  if (f.autostart) console.log(autostartLine(f.autostart));
  console.log(JSON.stringify(f));
}
