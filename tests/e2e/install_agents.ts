/**
 * The real agent CLIs for the end-to-end suite, at the exact versions pinned
 * in `tests/e2e/agents.json` (the one place they are named). They are
 * installed from npm once per machine into a cache directory named after the
 * pins (`~/.cache/guard-e2e/agents-<hash>`, or `$GUARD_E2E_AGENTS`), and each
 * CLI must report its pinned version: a changed or broken install is an error
 * with the reason, never a silent skip.
 *
 * Run on its own (`deno run -A tests/e2e/install_agents.ts`) it installs and
 * prints the directory; the suite imports `agentBins()`.
 */
import pins from "./agents.json" with { type: "json" };

export type AgentId = keyof typeof pins;
export const AGENT_IDS = Object.keys(pins) as AgentId[];

export interface Pin {
  package: string;
  version: string;
  bin: string;
}

export function pin(agent: AgentId): Pin {
  return pins[agent] as Pin;
}

async function sha12(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(d)).map((b) => b.toString(16).padStart(2, "0")).join("")
    .slice(0, 12);
}

/** Where the pinned CLIs live on this machine. */
export async function agentsDir(): Promise<string> {
  const explicit = Deno.env.get("GUARD_E2E_AGENTS");
  if (explicit) return explicit;
  const home = Deno.env.get("HOME") ?? "/tmp";
  const cache = Deno.env.get("XDG_CACHE_HOME") ?? `${home}/.cache`;
  return `${cache}/guard-e2e/agents-${await sha12(JSON.stringify(pins))}`;
}

function exists(p: string): boolean {
  try {
    Deno.statSync(p);
    return true;
  } catch {
    return false;
  }
}

function run(cmd: string, args: string[], opts: { cwd?: string } = {}) {
  const o = new Deno.Command(cmd, { args, cwd: opts.cwd, stdout: "piped", stderr: "piped" })
    .outputSync();
  return {
    code: o.code,
    out: new TextDecoder().decode(o.stdout),
    err: new TextDecoder().decode(o.stderr),
  };
}

/** The version line each CLI prints, checked against its pin. */
function checkVersion(agent: AgentId, bin: string): string | null {
  let r;
  try {
    r = run(bin, ["--version"]);
  } catch (e) {
    return `${agent}: ${bin} cannot be run (${(e as Error).message})`;
  }
  const want = pin(agent).version;
  if (r.code !== 0 || !(r.out + r.err).includes(want)) {
    return `${agent}: \`${bin} --version\` printed ${
      JSON.stringify((r.out + r.err).trim().slice(0, 200))
    } (exit ${r.code}), expected version ${want}`;
  }
  return null;
}

/** Installs the pinned CLIs when missing; returns each agent's executable. Throws with the reason. */
export async function agentBins(): Promise<Record<AgentId, string>> {
  const dir = await agentsDir();
  const marker = `${dir}/.guard-e2e-complete`;
  const want = JSON.stringify(pins);
  if (!exists(marker) || Deno.readTextFileSync(marker) !== want) {
    const tmp = `${dir}.tmp-${Deno.pid}`;
    Deno.mkdirSync(tmp, { recursive: true });
    Deno.writeTextFileSync(`${tmp}/package.json`, '{"private": true}\n');
    const specs = AGENT_IDS.map((a) => `${pin(a).package}@${pin(a).version}`);
    console.error(`installing the pinned agent CLIs into ${dir} (about 1 GB): ${specs.join(" ")}`);
    let r;
    try {
      r = run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...specs], {
        cwd: tmp,
      });
    } catch (e) {
      throw new Error(`npm cannot be run to install the agent CLIs: ${(e as Error).message}`);
    }
    if (r.code !== 0) {
      throw new Error(
        `npm install of the agent CLIs failed (exit ${r.code}):\n${r.err.slice(-2000)}`,
      );
    }
    Deno.writeTextFileSync(`${tmp}/.guard-e2e-complete`, want);
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch { /* not there */ }
    Deno.renameSync(tmp, dir);
  }
  const bins = {} as Record<AgentId, string>;
  const problems: string[] = [];
  for (const a of AGENT_IDS) {
    const bin = `${dir}/node_modules/.bin/${pin(a).bin}`;
    const p = checkVersion(a, bin);
    if (p) problems.push(p);
    bins[a] = bin;
  }
  if (problems.length) throw new Error(problems.join("\n"));
  return bins;
}

if (import.meta.main) {
  try {
    const bins = await agentBins();
    for (const [a, b] of Object.entries(bins)) {
      console.log(`${a}\t${pin(a as AgentId).version}\t${b}`);
    }
  } catch (e) {
    console.error(`guard e2e: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
