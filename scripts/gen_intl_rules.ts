/**
 * Writes src/detect/intl_rules.generated.json: the other-language injection rules built from
 * src/detect/intl_phrases.ts (src/detect/intl_build.ts). `deno task gen-intl`.
 */
import { buildIntlRules } from "../src/detect/intl_build.ts";

const out = new URL("../src/detect/intl_rules.generated.json", import.meta.url);
Deno.writeTextFileSync(out, JSON.stringify(buildIntlRules(), null, 2) + "\n");
console.log(`wrote ${out.pathname}`);
