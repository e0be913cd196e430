/**
 * The concrete syntax tree as guard reads it: the subset of web-tree-sitter's Node API that the
 * converter (cst_to_ir.ts) and the repairs (repair.ts) need.
 */

export interface TsNode {
  readonly type: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly childCount: number;
  child(i: number): TsNode | null;
  fieldNameForChild(i: number): string | null;
}
