/**
 * Reading task `contents` and learners' answers for display. Both are caller-owned JSON
 * (reference §1.5), so every reader is defensive: a value of the wrong shape is left out
 * instead of breaking the page. Answer keys are read only when the service left them in
 * (`undefined` otherwise), so what a page shows never goes beyond what the service allows.
 */
import { RawJson } from '../../../core/http/raw-json.ts';

export type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A service value that may be stored text spliced in unparsed (RawJson) or an object. */
export function jsonObjectOf(value: unknown): Json {
  const parsed = value instanceof RawJson ? JSON.parse(value.text) : value;
  return isObject(parsed) ? parsed : {};
}

export interface QuizOption {
  uuid: string;
  text: string;
  /** Whether it should be ticked; undefined when the answer key is not shown to this viewer. */
  correct?: boolean;
}

export interface FormBlank {
  uuid: string;
  placeholder: string;
  hint: string;
  /** undefined when the answer key is not shown to this viewer. */
  correctAnswer?: string;
}

export interface Question<Item> {
  uuid: string;
  text: string;
  items: Item[];
}

/** Questions and items that name themselves (graders skip the others, so answering them is moot). */
function questions<Item>(contents: Json, itemsKey: string, readItem: (item: Json) => Item | undefined) {
  const out: Question<Item>[] = [];
  for (const question of list(contents.questions)) {
    if (!isObject(question) || typeof question.questionUUID !== 'string' || !question.questionUUID) continue;
    const items = list(question[itemsKey])
      .filter(isObject)
      .map(readItem)
      .filter((item): item is Item => item !== undefined);
    out.push({ uuid: question.questionUUID, text: text(question.questionText), items });
  }
  return out;
}

export function quizQuestions(contents: Json): Question<QuizOption>[] {
  return questions(contents, 'options', (option) => {
    if (typeof option.optionUUID !== 'string' || !option.optionUUID) return undefined;
    return {
      uuid: option.optionUUID,
      text: text(option.text),
      correct: 'assigned_right_answer' in option ? Boolean(option.assigned_right_answer) : undefined,
    };
  });
}

export function formQuestions(contents: Json): Question<FormBlank>[] {
  return questions(contents, 'blanks', (blank) => {
    if (typeof blank.blankUUID !== 'string' || !blank.blankUUID) return undefined;
    return {
      uuid: blank.blankUUID,
      placeholder: text(blank.placeholder),
      hint: text(blank.hint),
      correctAnswer: 'correctAnswer' in blank ? text(blank.correctAnswer) : undefined,
    };
  });
}

/** The identity of one (question, item) pair, unambiguous whatever characters the uuids hold. */
export function itemKey(questionUuid: string, itemUuid: string): string {
  return JSON.stringify([questionUuid, itemUuid]);
}

/** The learner's answers per (question, item) from `submissions[]`; a later entry wins. */
export function answersByItem(answer: Json, itemUuidKey: 'optionUUID' | 'blankUUID'): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const entry of list(answer.submissions)) {
    if (!isObject(entry)) continue;
    const question = entry.questionUUID;
    const item = entry[itemUuidKey];
    if (typeof question === 'string' && typeof item === 'string')
      answers.set(itemKey(question, item), entry.answer);
  }
  return answers;
}

export interface ShortAnswerTask {
  prompt: string;
  acceptedAnswers?: string[];
  explanation?: string;
}

export function shortAnswerTask(contents: Json): ShortAnswerTask {
  return {
    prompt: text(contents.prompt),
    acceptedAnswers: 'correct_answers' in contents ? list(contents.correct_answers).map(text) : undefined,
    explanation: typeof contents.explanation === 'string' ? contents.explanation : undefined,
  };
}

export interface NumberAnswerTask {
  prompt: string;
  unit: string;
  correctValue?: string;
  tolerance?: string;
  explanation?: string;
}

export function numberAnswerTask(contents: Json): NumberAnswerTask {
  return {
    prompt: text(contents.prompt),
    unit: text(contents.unit),
    correctValue: 'correct_value' in contents ? text(contents.correct_value) : undefined,
    tolerance: 'tolerance' in contents ? text(contents.tolerance) : undefined,
    explanation: typeof contents.explanation === 'string' ? contents.explanation : undefined,
  };
}

/** The single typed answer of SHORT_ANSWER and NUMBER_ANSWER tasks. */
export function plainAnswer(answer: Json): string {
  return text(answer.answer);
}

/** The stored file name a FILE_SUBMISSION answer points at. */
export function submittedFileName(answer: Json): string | undefined {
  return typeof answer.fileUUID === 'string' && answer.fileUUID ? answer.fileUUID : undefined;
}
