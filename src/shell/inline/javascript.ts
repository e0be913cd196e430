import type { Acc } from "./code.ts";
export function analyseJavaScript(_code: string, acc: Acc): void {
  acc.unresolved("todo");
}
