import type { Acc } from "./code.ts";
import type { RWord } from "../words.ts";
export type ScriptLanguage = "perl" | "ruby" | "php";
export function analyseScript(
  _lang: ScriptLanguage,
  _code: string,
  acc: Acc,
  _rest: RWord[],
  _perl?: { loop: boolean; inplace: boolean },
): void {
  acc.unresolved("todo");
}
