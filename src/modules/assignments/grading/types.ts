/** Task and grading-scale names shared by the grading library and the assignments module. */

export const TASK_TYPES = [
  'FILE_SUBMISSION',
  'QUIZ',
  'FORM',
  'CODE',
  'SHORT_ANSWER',
  'NUMBER_ANSWER',
  'OTHER',
  'CUSTOM',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const GRADING_TYPES = ['ALPHABET', 'NUMERIC', 'PERCENTAGE', 'PASS_FAIL', 'GPA_SCALE'] as const;
export type GradingType = (typeof GRADING_TYPES)[number];

/**
 * Task types the server grades (and re-verifies) itself. An allow-list on purpose: a task type added
 * later needs a human grader until someone writes its grader. FILE_SUBMISSION, OTHER and CUSTOM are manual.
 */
export const AUTO_GRADABLE_TASK_TYPES: ReadonlySet<TaskType> = new Set([
  'QUIZ',
  'FORM',
  'CODE',
  'SHORT_ANSWER',
  'NUMBER_ANSWER',
]);

export function isAutoGradable(type: TaskType): boolean {
  return AUTO_GRADABLE_TASK_TYPES.has(type);
}
