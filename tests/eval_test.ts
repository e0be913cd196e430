/**
 * Detector quality on the evaluation sets (tests/eval/, provenance in each
 * PROVENANCE.md), as regression floors. The targets are injection
 * ≥ 95 % detected at ≤ 1 % false positives and secrets ≥ 95 % recall and
 * precision; the secret detector meets them on its held-out split, the
 * injection detector does not (see README "By the numbers" and ADR 0011): the
 * floors below are the measured figures minus a small margin, so a change
 * that makes detection worse fails here.
 */
import assert from "node:assert/strict";
import { injectionQuality, secretQuality } from "../scripts/eval_detectors.ts";

Deno.test("secrets: recall and precision at least 95 % on both splits", () => {
  for (const split of ["dev", "test"] as const) {
    const q = secretQuality(split);
    assert.ok(q.recall >= 0.95, `${split} recall ${q.recall}`);
    assert.ok(q.precision >= 0.95, `${split} precision ${q.precision}`);
  }
});

Deno.test("prompt injection: detection and false-positive floors on every split", () => {
  const floors = {
    dev: { detect: 0.55, fp: 0.04 },
    test: { detect: 0.2, fp: 0.03 },
    holdout: { detect: 0.15, fp: 0.04 },
  } as const;
  for (
    const [split, f] of Object.entries(floors) as [
      keyof typeof floors,
      { detect: number; fp: number },
    ][]
  ) {
    const q = injectionQuality(split);
    assert.ok(q.detectionRate >= f.detect, `${split} detection ${q.detectionRate}`);
    assert.ok(q.falsePositiveRate <= f.fp, `${split} false positives ${q.falsePositiveRate}`);
  }
});
