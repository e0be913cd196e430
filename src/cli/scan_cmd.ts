/**
 * `guard scan [--redact] [--json] [--secrets-only | --injection-only]
 * [--threshold N]`: reads text on stdin (guard may read only its own state
 * directory, so files are piped in), runs the secret and prompt-injection
 * detectors and prints each finding: kind, rule id, line:column span and a
 * masked excerpt. Exit 1 when anything was found, 0 when clean, 2 on errors
 * (input too large, deadline passed: it fails closed).
 */
import { detect, DetectDeadline, lineColumns, maskSecret, redactWith } from "../detect/detect.ts";
import { ScanDeadline } from "../detect/injection.ts";
import { injectionBand } from "../detect/verdict.ts";
import { DEFAULT_DETECTORS, type DetectorSettings, PolicyError } from "../policy/user_policy.ts";
import { loadPolicy } from "../state/policy_file.ts";
import { ensureStateDir, stateDirFor } from "../state/state_dir.ts";
import { err, out, printable } from "./io.ts";

const USAGE =
  "usage: guard scan [--redact] [--json] [--secrets-only | --injection-only] [--threshold 0.7] < FILE";

/** Largest input scanned. */
export const MAX_SCAN_BYTES = 64 * 1024 * 1024;
/** Deadline for one scan (the proxy and the hook use shorter ones). */
export const SCAN_DEADLINE_MS = 20_000;

function readStdin(limit: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buf = new Uint8Array(256 * 1024);
  while (true) {
    const n = Deno.stdin.readSync(buf);
    if (n === null || n === 0) break;
    total += n;
    if (total > limit) return null;
    chunks.push(buf.slice(0, n));
  }
  const all = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    all.set(c, o);
    o += c.length;
  }
  return all;
}

async function settings(): Promise<DetectorSettings> {
  const home = Deno.env.get("HOME");
  if (!home || !home.startsWith("/")) return DEFAULT_DETECTORS;
  const dir = stateDirFor(home);
  if (!ensureStateDir(dir, false)) return DEFAULT_DETECTORS; // scanning creates no state
  return (await loadPolicy(dir)).detectors;
}

export async function runScan(args: string[]): Promise<number> {
  let redactMode = false;
  let json = false;
  let secrets = true;
  let injection = true;
  let threshold: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--redact") redactMode = true;
    else if (a === "--json") json = true;
    else if (a === "--secrets-only") injection = false;
    else if (a === "--injection-only") secrets = false;
    else if (a === "--threshold" || a.startsWith("--threshold=")) {
      const v = a.includes("=") ? a.slice(12) : args[++i];
      const n = Number(v);
      if (v === undefined || !(n > 0 && n <= 1)) {
        err(`guard scan: --threshold needs a number in (0, 1]\n${USAGE}`);
        return 2;
      }
      threshold = n;
    } else {
      err(`guard scan: unknown argument ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    }
  }
  if (!secrets && !injection) {
    err(`guard scan: --secrets-only and --injection-only exclude each other\n${USAGE}`);
    return 2;
  }
  let s: DetectorSettings;
  try {
    s = await settings();
  } catch (e) {
    if (e instanceof PolicyError) {
      err(`guard scan: FAIL-CLOSED [input.policy-invalid] ${e.message}`);
      return 2;
    }
    throw e;
  }
  if (threshold !== null) {
    s = {
      ...s,
      injectionThreshold: threshold,
      injectionSpotlight: Math.min(s.injectionSpotlight, threshold),
    };
  }
  const bytes = readStdin(MAX_SCAN_BYTES);
  if (bytes === null) {
    err(`guard scan: FAIL-CLOSED [input.too-large] input exceeds ${MAX_SCAN_BYTES} bytes`);
    return 2;
  }
  // Invalid UTF-8 is scanned as decoded with replacement characters (binary input never hangs).
  const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
  const start = performance.now();
  let d;
  try {
    d = detect(text, {
      settings: s,
      secrets,
      injection,
      deadline: start + SCAN_DEADLINE_MS,
      now: () => performance.now(),
    });
  } catch (e) {
    if (e instanceof ScanDeadline || e instanceof DetectDeadline) {
      err(`guard scan: FAIL-CLOSED [input.deadline] ${e.message} (${SCAN_DEADLINE_MS} ms)`);
      return 2;
    }
    throw e;
  }
  const found = d.secrets.length > 0 || d.injection.flagged;
  if (redactMode) {
    const red = secrets ? redactWith(text, s) : text;
    Deno.stdout.writeSync(new TextEncoder().encode(red));
    if (d.injection.flagged) {
      err(
        `guard scan: prompt injection detected (score ${
          d.injection.score.toFixed(2)
        }); the text was not changed for it`,
      );
    }
    return found ? 1 : 0;
  }
  const pos = lineColumns(text);
  const findings = [
    ...d.secrets.map((h) => ({
      kind: "secret" as const,
      rule: h.rule,
      start: pos(h.start),
      end: pos(h.end),
      excerpt: maskSecret(text.slice(h.start, h.end)),
    })),
    ...(d.injection.flagged ? d.injection.hits : []).map((h) => ({
      kind: "injection" as const,
      rule: h.rule,
      family: h.family,
      weight: h.weight,
      via: h.via,
      start: pos(h.start),
      end: pos(h.end),
      excerpt: excerpt(text.slice(h.start, h.end)),
    })),
  ].sort((a, b) => a.start.line - b.start.line || a.start.col - b.start.col);
  if (json) {
    out(JSON.stringify({
      found,
      bytes: bytes.length,
      injection: {
        score: d.injection.score,
        threshold: d.injection.threshold,
        spotlight: s.injectionSpotlight,
        band: injectionBand(d.injection.score, s),
        flagged: d.injection.flagged,
        hits: d.injection.hits.map((h) => ({ ...h, start: pos(h.start), end: pos(h.end) })),
      },
      findings,
    }));
    return found ? 1 : 0;
  }
  for (const f of findings) {
    const span = `${f.start.line}:${f.start.col}-${f.end.line}:${f.end.col}`;
    out(`${f.kind.padEnd(9)} ${f.rule.padEnd(34)} ${span.padEnd(15)} ${printable(f.excerpt)}`);
  }
  if (d.injection.flagged) {
    out(
      `prompt injection: score ${d.injection.score.toFixed(2)} ≥ threshold ${
        d.injection.threshold.toFixed(2)
      } (${new Set(d.injection.hits.map((h) => h.rule)).size} rules)`,
    );
  } else if (injection && injectionBand(d.injection.score, s) === "spotlight") {
    out(
      `instruction-like text: score ${d.injection.score.toFixed(2)} ≥ spotlight ${
        s.injectionSpotlight.toFixed(2)
      } (a result would pass spotlighted: ${
        [...new Set(d.injection.hits.map((h) => h.rule))].join(", ")
      })`,
    );
  } else if (injection && d.injection.hits.length) {
    out(
      `no prompt injection: score ${d.injection.score.toFixed(2)} < threshold ${
        d.injection.threshold.toFixed(2)
      } (weak cues: ${[...new Set(d.injection.hits.map((h) => h.rule))].join(", ")})`,
    );
  }
  if (!found) out("clean: no secrets, no prompt injection");
  return found ? 1 : 0;
}

/** An injection excerpt: whitespace folded, at most 60 characters. */
function excerpt(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return JSON.stringify(t.length > 60 ? t.slice(0, 59) + "…" : t);
}
