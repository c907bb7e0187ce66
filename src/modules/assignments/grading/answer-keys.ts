/**
 * What a learner may see of a task definition: `contents` without its answer keys. The existing product
 * sends keys to every reader; here they are stripped for learners (see reference README, "Learner task
 * reads"). Only the keys of the task's own type are removed; CUSTOM, FILE_SUBMISSION and OTHER contents
 * are caller-owned and returned unchanged. The input is never modified.
 *
 * - QUIZ: each option's `assigned_right_answer`.
 * - FORM: each blank's `correctAnswer`.
 * - SHORT_ANSWER: `correct_answers` and `explanation` (the explanation states the answer in prose).
 * - NUMBER_ANSWER: `correct_value`, `tolerance` and `explanation`.
 * - CODE: `solution_code`, and hidden test cases entirely; visible test cases stay as they are,
 *   expected output included, since the learner is meant to see them.
 */
import { isJsonObject, type JsonObject, listOf } from './json-value.ts';
import { isTruthy } from './python-coercion.ts';
import type { TaskType } from './types.ts';

function removeFromQuestionItems(contents: JsonObject, items: 'options' | 'blanks', key: string): void {
  for (const question of listOf(contents.questions)) {
    if (!isJsonObject(question)) continue;
    for (const item of listOf(question[items])) {
      if (isJsonObject(item)) delete item[key];
    }
  }
}

function isHiddenTestCase(testCase: unknown): boolean {
  return isJsonObject(testCase) && isTruthy(testCase.hidden);
}

export function stripAnswerKeys<T>(type: TaskType, contents: T): T {
  const copy: unknown = structuredClone(contents);
  if (!isJsonObject(copy)) return copy as T;
  switch (type) {
    case 'QUIZ':
      removeFromQuestionItems(copy, 'options', 'assigned_right_answer');
      break;
    case 'FORM':
      removeFromQuestionItems(copy, 'blanks', 'correctAnswer');
      break;
    case 'SHORT_ANSWER':
      delete copy.correct_answers;
      delete copy.explanation;
      break;
    case 'NUMBER_ANSWER':
      delete copy.correct_value;
      delete copy.tolerance;
      delete copy.explanation;
      break;
    case 'CODE':
      delete copy.solution_code;
      if (Array.isArray(copy.test_cases)) {
        copy.test_cases = copy.test_cases.filter((testCase) => !isHiddenTestCase(testCase));
      }
      break;
  }
  return copy as T;
}
