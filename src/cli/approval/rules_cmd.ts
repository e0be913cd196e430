/**
 * `guard rules [--json]`: the remembered approvals (id, scope, what they cover, when and how
 * they were made). `guard forget <id>…`: removes them (no second factor: forgetting only
 * narrows what runs). Both audited.
 */
import { audit } from "./approve.ts";
import { err, out, printable } from "../io.ts";
import { describeShape } from "../../policy/remembered.ts";
import { forgetRemembered, loadRemembered, RememberedError } from "../../state/remembered.ts";
import { StateError, userStateDir } from "../../state/state_dir.ts";

export function runRules(args: string[]): number {
  const json = args.includes("--json");
  const bad = args.find((a) => a !== "--json");
  if (bad) {
    err(`guard rules: unknown argument ${bad}\nusage: guard rules [--json]`);
    return 2;
  }
  try {
    const rules = loadRemembered(userStateDir());
    if (json) {
      out(JSON.stringify({ rules }, null, 2));
      return 0;
    }
    if (!rules.length) {
      out("no remembered approvals (make one with: guard approve <token> --remember project)");
      return 0;
    }
    for (const r of rules) {
      const where = r.scope === "project"
        ? `project ${r.workspace}`
        : r.scope === "session"
        ? `session ${r.session}`
        : "always";
      out(`${r.id}  ${where}`);
      out(`    covers:  ${printable(describeShape(r.shape))}`);
      out(`    from:    ${printable(r.example).replace(/\s+/g, " ").slice(0, 160)}`);
      out(`    made:    ${r.created_at} (${r.method})`);
    }
    return 0;
  } catch (e) {
    if (e instanceof RememberedError || e instanceof StateError) {
      err(`guard rules: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

export async function runForget(args: string[]): Promise<number> {
  if (!args.length || args.some((a) => !/^r[0-9a-f]{8}$/.test(a))) {
    err("usage: guard forget <id>… (ids as `guard rules` lists them, e.g. r1a2b3c4d)");
    return 2;
  }
  try {
    const stateDir = userStateDir();
    let missing = 0;
    for (const id of args) {
      const r = forgetRemembered(stateDir, id);
      if (!r) {
        err(`guard forget: no remembered approval ${id}`);
        missing++;
        continue;
      }
      await audit(
        stateDir,
        "remembered.forgotten",
        { call: r.example },
        `forgot ${id}: ${describeShape(r.shape)}`,
      );
      out(`forgot ${id}: ${describeShape(r.shape)}`);
    }
    return missing ? 1 : 0;
  } catch (e) {
    if (e instanceof RememberedError || e instanceof StateError) {
      err(`guard forget: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
