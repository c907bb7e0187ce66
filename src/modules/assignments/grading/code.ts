/**
 * CODE grading: the learner's stored program runs once per teacher test case (all at once) through an
 * injected runner (Judge0 in production). A test passes when the run is Accepted (Judge0 status 3) and
 * its normalised stdout equals the normalised expected output.
 *
 * Before running: no source code, no language (the submission's `language_id`, else the task's), no
 * test cases, or a task worth nothing gives 0. No runner configured gives 'unknown': the caller keeps
 * the stored grade rather than zeroing learners.
 *
 * Grading modes: `binary` = full marks only when every test passes; `custom_weights` = share of the test
 * weights passed (a weight of 0, missing or null counts as 1); anything else (default `equal_weight`) =
 * share of tests passed.
 *
 * A run that throws counts as a failed test, as in the product. One deliberate difference: when every
 * run throws, the runner was unreachable rather than the program wrong, so the result is 'unknown'
 * instead of 0; an outage must not overwrite learners' grades with "Server-verified: incorrect".
 */
import { isJsonObject, type JsonObject, listOf, objectOrEmpty } from './json-value.ts';
import { partialCredit } from './partial-credit.ts';
import { isTruthy, toPythonInt } from './python-coercion.ts';

export interface CodeRunInput {
  source_code: string;
  language_id: number;
  stdin: string;
}

export interface CodeRunResult {
  /** Judge0 status id: 3 is Accepted; null when the runner gave none. */
  status_id: number | null;
  stdout: string | null;
}

/** Runs one program against one stdin. Rejects when no verdict could be obtained (unreachable, timeout). */
export interface CodeRunner {
  runTestCase(input: CodeRunInput): Promise<CodeRunResult>;
}

export const JUDGE0_STATUS_ACCEPTED = 3;

// Python's str.splitlines() boundaries and str.rstrip() whitespace, so outputs compare as in the product.
// biome-ignore lint/suspicious/noControlCharactersInRegex: Python splits lines at \x1c-\x1e and \x85 too.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
const TRAILING_WHITESPACE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Python's rstrip() strips \x1c-\x1f and \x85 too.
  /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/;

/**
 * Output normalisation: split into lines (\n, \r\n, \r, …), strip trailing whitespace from each line,
 * drop trailing empty lines, join with \n. Leading whitespace is kept (indentation can be the point).
 */
export function normalizeProgramOutput(output: unknown): string {
  if (typeof output !== 'string' || output === '') return '';
  const lines = output.split(LINE_BREAK).map((line) => line.replace(TRAILING_WHITESPACE, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

type TestOutcome = 'passed' | 'failed' | 'unavailable';

async function runTestCase(
  runner: CodeRunner,
  sourceCode: string,
  languageId: number | null,
  testCase: unknown,
): Promise<TestOutcome> {
  // A test case that is not an object, or a language id that is not a number, cannot be run: failed.
  if (!isJsonObject(testCase) || languageId === null) return 'failed';
  const stdin = typeof testCase.stdin === 'string' ? testCase.stdin : '';
  const expected = [testCase.expectedStdout, testCase.expected_stdout].find(isTruthy) ?? '';
  let result: CodeRunResult;
  try {
    result = await runner.runTestCase({ source_code: sourceCode, language_id: languageId, stdin });
  } catch {
    return 'unavailable';
  }
  const accepted = result.status_id === JUDGE0_STATUS_ACCEPTED;
  return accepted && normalizeProgramOutput(result.stdout) === normalizeProgramOutput(expected)
    ? 'passed'
    : 'failed';
}

function testCaseWeight(testCase: unknown): number {
  const weight = isJsonObject(testCase) ? testCase.weight : undefined;
  return isTruthy(weight) ? (toPythonInt(weight) ?? 1) : 1;
}

function scoreOutcomes(
  task: JsonObject,
  testCases: unknown[],
  outcomes: TestOutcome[],
  taskMax: number,
): number {
  const passed = outcomes.map((outcome) => outcome === 'passed');
  const mode = isTruthy(task.grading_mode) ? task.grading_mode : 'equal_weight';
  if (mode === 'binary') return passed.every(Boolean) ? taskMax : 0;
  if (mode === 'custom_weights') {
    const weights = testCases.map(testCaseWeight);
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    const passedWeight = weights.reduce((sum, weight, index) => (passed[index] ? sum + weight : sum), 0);
    return partialCredit(passedWeight, totalWeight, taskMax);
  }
  return partialCredit(passed.filter(Boolean).length, passed.length, taskMax);
}

export async function gradeCode(
  contents: unknown,
  taskSubmission: unknown,
  taskMax: number,
  runner: CodeRunner | undefined,
): Promise<number | 'unknown'> {
  const task = objectOrEmpty(contents);
  const answer = objectOrEmpty(taskSubmission);
  const sourceCode = typeof answer.source_code === 'string' ? answer.source_code : '';
  if (sourceCode.trim() === '') return 0;
  const language = isTruthy(answer.language_id) ? answer.language_id : task.language_id;
  if (language === null || language === undefined) return 0;
  const testCases = listOf(task.test_cases);
  if (testCases.length === 0 || taskMax <= 0) return 0;
  if (!runner) return 'unknown';

  const languageId = toPythonInt(language);
  const outcomes = await Promise.all(
    testCases.map((testCase) => runTestCase(runner, sourceCode, languageId, testCase)),
  );
  if (outcomes.every((outcome) => outcome === 'unavailable')) return 'unknown';
  return scoreOutcomes(task, testCases, outcomes, taskMax);
}
