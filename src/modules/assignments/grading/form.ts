/**
 * FORM (fill in the blanks) grading: every blank is one unit, earned when the learner's answer equals
 * the blank's `correctAnswer` after trimming and lower-casing both. A blank the learner never answered
 * counts as "", as does a blank without a `correctAnswer` key, so an empty expected answer is met by an
 * empty reply. An explicit null on either side is always wrong but still counts in the total.
 */
import { partialCredit } from './partial-credit.ts';
import { toPythonStr } from './python-coercion.ts';
import { answersByItem, type ItemLayout, questionItems } from './question-items.ts';

const FORM_LAYOUT: ItemLayout = { items: 'blanks', itemId: 'blankUUID' };

function comparable(value: unknown): string {
  return toPythonStr(value).trim().toLowerCase();
}

export function gradeForm(contents: unknown, taskSubmission: unknown, taskMax: number): number {
  const answers = answersByItem(taskSubmission, FORM_LAYOUT);
  let total = 0;
  let correct = 0;
  for (const { key, item } of questionItems(contents, FORM_LAYOUT)) {
    total += 1;
    const expected = item.correctAnswer === undefined ? '' : item.correctAnswer;
    const given = answers.has(key) ? answers.get(key) : '';
    if (expected === null || given === null || given === undefined) continue;
    if (comparable(given) === comparable(expected)) correct += 1;
  }
  return partialCredit(correct, total, taskMax);
}
