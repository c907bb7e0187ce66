/**
 * QUIZ grading, per option (checkbox), not per question: every option of every question is one unit,
 * earned when the learner's ticked state equals the option's `assigned_right_answer`. Leaving a wrong
 * option unticked therefore earns a unit too. An option the learner never mentioned counts as unticked
 * (the web client also saves an explicit `answer: false` for each one). Both sides use Python truthiness.
 */
import { partialCredit } from './partial-credit.ts';
import { isTruthy } from './python-coercion.ts';
import { answersByItem, type ItemLayout, questionItems } from './question-items.ts';

const QUIZ_LAYOUT: ItemLayout = { items: 'options', itemId: 'optionUUID' };

export function gradeQuiz(contents: unknown, taskSubmission: unknown, taskMax: number): number {
  const ticked = answersByItem(taskSubmission, QUIZ_LAYOUT);
  let total = 0;
  let correct = 0;
  for (const { key, item } of questionItems(contents, QUIZ_LAYOUT)) {
    total += 1;
    if (isTruthy(ticked.get(key)) === isTruthy(item.assigned_right_answer)) correct += 1;
  }
  return partialCredit(correct, total, taskMax);
}
