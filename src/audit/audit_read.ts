/**
 * Reading the audit log for the CLI (`guard audit verify`, `guard log`,
 * `guard stats`): a consistent copy of every segment and side file, taken
 * under the writers' lock.
 */
import {
  auditPath,
  checkpointPath,
  listSegments,
  parseSeal,
  type Seal,
  sealPath,
  withAuditLock,
} from "./audit_log.ts";
import type { AuditKeys } from "./audit_keys.ts";
import { late } from "../core/late.ts";

export interface AuditSnapshot {
  segments: { name: string; text: string }[];
  seal: Seal | null;
  sealPresent: boolean;
  checkpoint: string | null;
  keys: AuditKeys | null;
}

function readText(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

/** A consistent copy of the log and its side files, read under the lock. */
export async function snapshot(stateDir: string): Promise<AuditSnapshot> {
  const { readKeys } = await late<typeof import("./audit_keys.ts")>(
    "./audit_keys.ts",
    import.meta.url,
  );
  const raw = withAuditLock(stateDir, () => {
    const segments = listSegments(stateDir).map((name) => ({
      name,
      text: Deno.readTextFileSync(`${stateDir}/${name}`),
    }));
    const cur = readText(auditPath(stateDir));
    if (cur !== null) segments.push({ name: "audit.jsonl", text: cur });
    return {
      segments,
      sealText: readText(sealPath(stateDir)),
      checkpoint: readText(checkpointPath(stateDir)),
      keys: readKeys(stateDir),
    };
  });
  return {
    segments: raw.segments,
    seal: raw.sealText ? parseSeal(raw.sealText) : null,
    sealPresent: raw.sealText !== null && raw.sealText.length > 0,
    checkpoint: raw.checkpoint,
    keys: raw.keys,
  };
}
