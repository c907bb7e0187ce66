/**
 * NUMBER_ANSWER grading: all or nothing. The answer (string or number) is trimmed and every "," becomes
 * "." (so "3,14" is 3.14, and "1,000.5" does not parse), then read with Python's float syntax, which also
 * takes "1e3" and "1_000". Blank, unparsable, NaN and infinite answers fail. `correct_value` and
 * `tolerance` default to 0 when null or missing; either one not numeric fails the answer. The check
 * |answer − correct| ≤ |tolerance| is inclusive.
 */
import { objectOrEmpty } from './json-value.ts';
import { parsePythonFloat, toPythonFloat, toPythonStr } from './python-coercion.ts';

function numberOrDefaultZero(value: unknown): number | null {
  return value === null || value === undefined ? 0 : toPythonFloat(value);
}

export function matchesNumberAnswer(answer: unknown, correctValue: unknown, tolerance: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  const cleaned = toPythonStr(answer).trim().replaceAll(',', '.');
  if (cleaned === '') return false;
  const given = parsePythonFloat(cleaned);
  if (given === null || !Number.isFinite(given)) return false;
  const correct = numberOrDefaultZero(correctValue);
  const allowed = numberOrDefaultZero(tolerance);
  if (correct === null || allowed === null) return false;
  return Math.abs(given - correct) <= Math.abs(allowed);
}

export function gradeNumberAnswer(contents: unknown, taskSubmission: unknown, taskMax: number): number {
  const task = objectOrEmpty(contents);
  const answer = objectOrEmpty(taskSubmission).answer;
  return matchesNumberAnswer(answer, task.correct_value, task.tolerance) ? taskMax : 0;
}
