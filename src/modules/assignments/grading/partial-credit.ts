import { roundHalfEven } from './rounding.ts';

/**
 * The share of `taskMax` earned for `earned` out of `total` units (quiz options, blanks, test cases or
 * test weights), rounded half-to-even to whole points. No units, or a task worth nothing, gives 0.
 * The product computes `earned / total * taskMax` in that order; keeping the order keeps the float
 * result, and therefore the rounding of ties, identical.
 */
export function partialCredit(earned: number, total: number, taskMax: number): number {
  if (total <= 0 || taskMax <= 0) return 0;
  return roundHalfEven((earned / total) * taskMax);
}
