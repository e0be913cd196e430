/** Every corpus file, by category name. */
import { absolute } from "./absolute.ts";
import { adversarial } from "./adversarial.ts";
import { builtinHighRisk } from "./builtin_high_risk.ts";
import { falsePositives } from "./false_positives.ts";
import { loss } from "./loss.ts";
import { inlineCode } from "./inline_code.ts";
import { metachar } from "./metachar.ts";
import { obfuscation } from "./obfuscation.ts";
import { parseErrors } from "./parse_errors.ts";
import { residue } from "./residue.ts";
import { routine } from "./routine.ts";
import { safe } from "./safe.ts";
import { tools } from "./tools.ts";
import type { Case } from "./types.ts";
import { unknown } from "./unknown.ts";
import { uploads } from "./uploads.ts";
import { userPolicy } from "./user_policy.ts";
import { wrappers } from "./wrappers.ts";

export const CORPUS: Record<string, Case[]> = {
  absolute,
  obfuscation,
  builtin_high_risk: builtinHighRisk,
  metachar,
  safe,
  false_positives: falsePositives,
  unknown,
  user_policy: userPolicy,
  tools,
  parse_errors: parseErrors,
  adversarial,
  routine,
  uploads,
  loss,
  residue,
  inline_code: inlineCode,
  wrappers,
};
