/**
 * Shared by the end-to-end tests that need an enrolled second factor.
 */
import assert from "node:assert/strict";
import { tempHome } from "../scripts/guard_flags.ts";
import { codeFor, setupTotp } from "../scripts/totp_driver.ts";

export { codeFor, setupTotp };

export async function enrolled(): Promise<{ home: string; uri: string }> {
  const home = await tempHome("guard-approve-");
  const r = await setupTotp(home, (uri) => codeFor(uri));
  assert.equal(r.code, 0, r.out);
  return { home, uri: r.uri };
}
