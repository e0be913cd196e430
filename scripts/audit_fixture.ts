/**
 * Writes a large, valid audit log quickly (node:crypto, no lock, no seal per
 * entry) in exactly the format guard's writer produces: entries, a signed
 * checkpoint every CHECKPOINT_EVERY entries, keys, seal and latest
 * checkpoint. For the verify benchmark only; `guard audit verify` must accept
 * it, which the bench checks before timing.
 */
import { createHash, createHmac, generateKeyPairSync, sign } from "node:crypto";
import { Buffer } from "node:buffer";
import {
  type AuditRecord,
  CHECKPOINT_EVERY,
  checkpointText,
  EVOLVE_LABEL,
  exportBundle,
  formatNote,
  formatVkey,
  GENESIS,
  hashBody,
  keyHashInput,
  macBody,
  signerName,
} from "../src/audit/audit_entry.ts";
import { canonicalJson } from "../src/core/canonical.ts";
import { writeKeys } from "../src/audit/audit_keys.ts";
import { checkpointPath, formatSeal, sealPath } from "../src/audit/audit_log.ts";

const sha = (s: string | Uint8Array) => createHash("sha256").update(s).digest();

export function writeLargeLog(stateDir: string, n: number): number {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const seed = (privateKey.export({ format: "der", type: "pkcs8" }) as Buffer).subarray(-32);
  const pub = (publicKey.export({ format: "der", type: "spki" }) as Buffer).subarray(-32);
  const name = signerName(sha(pub).toString("hex"));
  const keyHash = new Uint8Array(sha(keyHashInput(name, new Uint8Array(pub))).subarray(0, 4));
  const root = createHash("sha256").update(crypto.randomUUID()).digest("hex");
  writeKeys(stateDir, {
    roots: [{ from: 0, key: root }],
    signers: [{ seed: seed.toString("base64"), pub: pub.toString("base64"), since: 0 }],
    exported: [],
  });
  let key = root;
  let head = GENESIS;
  let seq = 0;
  let note = "";
  const parts: string[] = [];
  const time0 = Date.UTC(2026, 10, 1);
  const add = (rec: AuditRecord) => {
    const mac = createHmac("sha256", Buffer.from(key, "hex")).update(macBody(rec, seq, head))
      .digest("hex");
    const hash = createHash("sha256").update(hashBody(rec, seq, head, mac)).digest("hex");
    parts.push(canonicalJson({ ...rec, seq, prev_hash: head, mac, hash }) + "\n");
    key = createHash("sha256").update(EVOLVE_LABEL + key).digest("hex");
    head = hash;
    seq++;
  };
  let sinceCheckpoint = 0;
  for (let i = 0; seq < n; i++) {
    const time = new Date(time0 + i * 1000).toISOString();
    add({
      time,
      source: "hook:claude",
      session: `session-${i % 17}`,
      tool: i % 3 ? "Bash" : "Read",
      call: i % 3
        ? `git -C /home/user/project-${i % 50} log --oneline -n ${i % 40} -- src/module_${i}.ts`
        : canonicalJson({ tool: "Read", input: { file_path: `/home/user/project/src/f${i}.ts` } }),
      decision: {
        action: i % 11 ? "allow" : "ask",
        risk: i % 11 ? "low" : "medium",
        rule: i % 11 ? "safe.readonly" : "default.ask",
        warning: i % 11 ? "Read-only command (git)" : "Not covered by the safe list",
        remediation: "",
      },
      event: i % 11 ? "PreToolUse" : "challenge.created",
    });
    if (++sinceCheckpoint >= CHECKPOINT_EVERY && seq < n) {
      const text = checkpointText(name, seq, head, time);
      const sig = new Uint8Array(sign(null, Buffer.from(text), privateKey));
      note = formatNote(text, name, keyHash, sig);
      add({
        time,
        source: "guard",
        session: "",
        tool: "",
        call: note,
        decision: {
          action: "checkpoint",
          risk: "low",
          rule: "audit.checkpoint",
          warning: `signed checkpoint of ${seq} entries`,
        },
        event: "audit.checkpoint",
      });
      sinceCheckpoint = 0;
    }
  }
  const body = parts.join("");
  Deno.writeTextFileSync(`${stateDir}/audit.jsonl`, body, { mode: 0o600 });
  Deno.writeTextFileSync(
    sealPath(stateDir),
    formatSeal({
      seq,
      key,
      head,
      size: new TextEncoder().encode(body).length,
      segStart: 0,
      ckSeq: seq,
      ckTime: time0,
    }),
    { mode: 0o600 },
  );
  if (note) {
    Deno.writeTextFileSync(
      checkpointPath(stateDir),
      exportBundle(note, formatVkey(name, keyHash, new Uint8Array(pub))),
      { mode: 0o600 },
    );
  }
  return new TextEncoder().encode(body).length;
}
