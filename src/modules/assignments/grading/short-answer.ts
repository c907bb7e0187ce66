/**
 * SHORT_ANSWER grading: all or nothing. The trimmed answer is compared with each accepted answer
 * (trimmed; empty ones and non-strings skipped) under the task's `match_mode`:
 *
 * - `exact`: equal, case-sensitive.
 * - `case_insensitive` (also when the mode is missing, null or ""): equal after lower-casing.
 * - `contains`: the accepted answer appears inside the learner's answer, case-insensitively.
 * - `regex`: the accepted answer is a pattern that must match the whole answer, case-insensitively.
 * - any other mode never matches.
 *
 * Regex patterns are teacher-authored and run on learner input inside the API process, so they run on
 * RE2 (re2js), whose matching time is linear in the input: no pattern can stall the server. RE2 syntax
 * is close to Python's `re` (including `(?P<name>…)` and inline `(?i)`); what RE2 lacks (backreferences,
 * lookaround, `\Z`) makes the pattern invalid, and an invalid pattern never matches, as in the product.
 */
import { RE2JS } from 're2js';
import { objectOrEmpty } from './json-value.ts';
import { isTruthy, toPythonStr } from './python-coercion.ts';

function matchesWholePattern(pattern: string, answer: string): boolean {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE).matches(answer);
  } catch {
    return false;
  }
}

function matchesAccepted(answer: string, accepted: string, mode: unknown): boolean {
  switch (mode) {
    case 'exact':
      return answer === accepted;
    case 'case_insensitive':
      return answer.toLowerCase() === accepted.toLowerCase();
    case 'contains':
      return answer.toLowerCase().includes(accepted.toLowerCase());
    case 'regex':
      return matchesWholePattern(accepted, answer);
    default:
      return false;
  }
}

export function matchesShortAnswer(answer: unknown, acceptedAnswers: unknown, matchMode: unknown): boolean {
  const given = (answer === null || answer === undefined ? '' : toPythonStr(answer)).trim();
  if (given === '' || !Array.isArray(acceptedAnswers)) return false;
  const mode = isTruthy(matchMode) ? matchMode : 'case_insensitive';
  return acceptedAnswers.some((raw) => {
    if (typeof raw !== 'string') return false;
    const accepted = raw.trim();
    return accepted !== '' && matchesAccepted(given, accepted, mode);
  });
}

export function gradeShortAnswer(contents: unknown, taskSubmission: unknown, taskMax: number): number {
  const task = objectOrEmpty(contents);
  const answer = objectOrEmpty(taskSubmission).answer;
  return matchesShortAnswer(answer, task.correct_answers, task.match_mode) ? taskMax : 0;
}
