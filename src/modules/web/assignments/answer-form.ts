/**
 * Field names of the answer forms, and the `task_submission` a posted form becomes, in the
 * shapes the product's web client writes (reference §1.5). Parsing walks the task's own
 * questions, so a posted field that names nothing in the task is ignored.
 */
import { badRequest } from '../../../core/errors/http-errors.ts';
import { formQuestions, itemKey, type Json, quizQuestions } from './task-contents.ts';

export type PostedFields = Record<string, string | string[] | undefined>;

/** Task types answered with the plain answer form; FILE_SUBMISSION goes through the upload form. */
export const FORM_ANSWERED_TYPES: ReadonlySet<string> = new Set([
  'QUIZ',
  'FORM',
  'SHORT_ANSWER',
  'NUMBER_ANSWER',
]);

export const ANSWER_FIELD = 'answer';
export const FILE_FIELD = 'sub_file';

export function optionFieldName(questionUuid: string, optionUuid: string): string {
  return `option${itemKey(questionUuid, optionUuid)}`;
}

export function blankFieldName(questionUuid: string, blankUuid: string): string {
  return `blank${itemKey(questionUuid, blankUuid)}`;
}

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The learner's answer to a task from the posted answer form. */
export function answerFromForm(type: string, contents: Json, fields: PostedFields): Json {
  switch (type) {
    case 'QUIZ':
      // Every option gets an entry, unticked ones `answer: false`, as the product's client sends.
      return {
        submissions: quizQuestions(contents).flatMap((question) =>
          question.items.map((option) => ({
            questionUUID: question.uuid,
            optionUUID: option.uuid,
            answer: single(fields[optionFieldName(question.uuid, option.uuid)]) === 'true',
          })),
        ),
      };
    case 'FORM':
      return {
        submissions: formQuestions(contents).flatMap((question) =>
          question.items.map((blank) => ({
            questionUUID: question.uuid,
            blankUUID: blank.uuid,
            answer: single(fields[blankFieldName(question.uuid, blank.uuid)]),
          })),
        ),
      };
    case 'SHORT_ANSWER':
      return { answer: single(fields[ANSWER_FIELD]) };
    case 'NUMBER_ANSWER':
      return { answer: single(fields[ANSWER_FIELD]).trim() };
    default:
      throw badRequest('This kind of task cannot be answered on this page');
  }
}
