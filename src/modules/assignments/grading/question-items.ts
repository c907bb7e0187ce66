/**
 * Quiz and fill-in-the-blanks tasks share one layout. The teacher's `contents.questions[]` each hold
 * items (`options[]` or `blanks[]`); the learner's `task_submission.submissions[]` holds one entry per
 * answered item, naming the question and the item by UUID.
 */
import { isJsonObject, type JsonObject, listOf, objectOrEmpty } from './json-value.ts';
import { isTruthy } from './python-coercion.ts';

export interface ItemLayout {
  /** Key of the item list inside a question: `options` or `blanks`. */
  items: 'options' | 'blanks';
  /** Key naming an item, both in the item and in a submission entry. */
  itemId: 'optionUUID' | 'blankUUID';
}

/** Identity of (question, item) with JSON types kept apart, like the product's Python tuple keys. */
function itemKey(questionId: unknown, itemId: unknown): string {
  return JSON.stringify([questionId ?? null, itemId ?? null]);
}

/**
 * The learner's answer per item, from entries that name both a question and an item. When the same
 * pair appears twice, the later entry wins. An entry without an `answer` key maps to undefined.
 */
export function answersByItem(taskSubmission: unknown, layout: ItemLayout): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const entry of listOf(objectOrEmpty(taskSubmission).submissions)) {
    if (!isJsonObject(entry)) continue;
    const questionId = entry.questionUUID;
    const itemId = entry[layout.itemId];
    if (isTruthy(questionId) && isTruthy(itemId)) answers.set(itemKey(questionId, itemId), entry.answer);
  }
  return answers;
}

/** Every gradable item of the task, in order; entries that are not objects are not items. */
export function* questionItems(
  contents: unknown,
  layout: ItemLayout,
): Generator<{ key: string; item: JsonObject }> {
  for (const question of listOf(objectOrEmpty(contents).questions)) {
    if (!isJsonObject(question)) continue;
    for (const item of listOf(question[layout.items])) {
      if (isJsonObject(item)) yield { key: itemKey(question.questionUUID, item[layout.itemId]), item };
    }
  }
}
