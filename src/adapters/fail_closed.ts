/**
 * The hook command as installed: guard's own command line inside a small
 * POSIX `sh` wrapper that turns every failure of guard into the agent's stop.
 *
 * Agents run the tool when a hook cannot start (no deno: 127), cannot load its
 * code (a broken source file: exit 1), is killed (128 + n) or exits with any
 * code that is not an answer. guard's own answers are exit 0 and exit 2 (the
 * exit-code agents) and exit 0 with JSON (Cursor, Copilot CLI); anything else
 * becomes exit 2 with one line on stderr, or a JSON deny for the agents that
 * read only JSON.
 */
import type { AgentName } from "./registry.ts";
import { respond } from "./respond.ts";

/** The rule id the wrapper names (guard itself never produced a decision). */
export const WRAPPER_RULE = "input.guard-unavailable";

/** Agents that treat any non-zero exit as "run the tool" and read a JSON decision instead. */
export const JSON_ONLY: readonly AgentName[] = ["cursor", "copilot"];

/** The deny JSON guard itself would print for a failure (respond.ts speaks the protocols). */
function denyJson(agent: AgentName, line: string): string {
  return respond(agent, { verdict: "fail", line }).stdout!;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `inner` (a shell-quoted guard command line) wrapped so that it cannot fail open. */
export function failClosedCommand(inner: string, agent: AgentName): string {
  const line =
    `guard: FAIL-CLOSED [${WRAPPER_RULE}] guard did not answer (exit STATUS): the call is stopped; run \`guard doctor\``;
  // The exit status is spliced into the single-quoted text wherever STATUS stands.
  const withStatus = (text: string) => text.split("STATUS").map(sq).join(`"$s"`);
  if (JSON_ONLY.includes(agent)) {
    return `${inner}; s=$?; [ $s -eq 0 ] || printf '%s\\n' ${
      withStatus(denyJson(agent, line))
    }; exit 0`;
  }
  return `${inner}; s=$?; [ $s -eq 0 ] || [ $s -eq 2 ] || { printf '%s\\n' ${
    withStatus(line)
  } >&2; exit 2; }; exit $s`;
}

/** The guard command line inside an installed hook command (the inverse of the wrapper). */
export function innerCommand(command: string): string {
  const i = command.indexOf("; s=$?; ");
  return i >= 0 ? command.slice(0, i) : command;
}
