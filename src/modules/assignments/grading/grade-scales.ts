/**
 * How a percentage reads on each grading scale. Every rule compares the percentage already rounded to
 * two decimals, so 89.995 % (which rounds to 90.00) is an A.
 */
import { formatFixed, roundHalfEven } from './rounding.ts';
import type { GradingType } from './types.ts';

/** Grading type used when an assignment has none. */
export const DEFAULT_GRADING_TYPE: GradingType = 'NUMERIC';

/**
 * Pass mark in percent: 60 for the letter-like scales, so anything shown as F or 0.0 also fails;
 * 50 for every other scale, unknown values included.
 */
export function passingThreshold(gradingType: string): number {
  return gradingType === 'ALPHABET' || gradingType === 'GPA_SCALE' ? 60 : 50;
}

const LETTER_GRADES: ReadonlyArray<readonly [number, string]> = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
];

const GPA_GRADES: ReadonlyArray<readonly [number, string]> = [
  [93, '4.0'],
  [90, '3.7'],
  [87, '3.3'],
  [83, '3.0'],
  [80, '2.7'],
  [77, '2.3'],
  [73, '2.0'],
  [70, '1.7'],
  [67, '1.3'],
  [63, '1.0'],
  [60, '0.7'],
];

function firstBandReached(
  percentage: number,
  bands: ReadonlyArray<readonly [number, string]>,
  below: string,
) {
  return bands.find(([minimum]) => percentage >= minimum)?.[1] ?? below;
}

export function letterGrade(percentage: number): string {
  return firstBandReached(percentage, LETTER_GRADES, 'F');
}

export function gpaGrade(percentage: number): string {
  return firstBandReached(percentage, GPA_GRADES, '0.0');
}

/** "<pct with 2 decimals>%", rounded half-to-even like Python's format. */
export function percentageDisplay(percentage: number): string {
  return `${formatFixed(percentage, 2)}%`;
}

/**
 * The grade as the assignment's scale shows it. NUMERIC (and any unknown scale) is always out of 100,
 * whatever the real maximum: "<round-half-even(pct)>/100", so 12.5 % shows as "12/100".
 */
export function displayGrade(gradingType: string, percentage: number, passed: boolean): string {
  switch (gradingType) {
    case 'ALPHABET':
      return letterGrade(percentage);
    case 'PERCENTAGE':
      return percentageDisplay(percentage);
    case 'PASS_FAIL':
      return passed ? 'Pass' : 'Fail';
    case 'GPA_SCALE':
      return gpaGrade(percentage);
    default:
      return `${roundHalfEven(percentage)}/100`;
  }
}
