import assert from "node:assert/strict";
import { decide } from "./harness.ts";

Deno.test("smoke: rm -rf ~ is blocked", () => {
  assert.equal(decide("rm -rf ~").decision.action, "block");
});
