/** Recursion limit of the CST → IR conversion. */
export const MAX_DEPTH = 200;

export class NestingTooDeep extends Error {
  constructor() {
    super(`nesting deeper than ${MAX_DEPTH} levels`);
  }
}
