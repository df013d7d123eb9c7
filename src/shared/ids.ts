// Ids the API numbers from 1 (lists, creators), as the forms where they are typed read them; the
// contract's `z.number().int().min(1)` is the same rule.

/** A whole number from 1 that a JavaScript number holds exactly. */
export function isPositiveId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1;
}
