/**
 * One task's answer, per task type: the inputs of its answer form while the learner may
 * still change it, or a read-only review once it is handed in. Correct answers appear only
 * where the service left the answer keys in the task contents.
 */
import { html, type SafeHtml } from '../html.ts';
import { ANSWER_FIELD, blankFieldName, optionFieldName } from './answer-form.ts';
import type { TaskView } from './assignment-view.ts';
import {
  answersByItem,
  formQuestions,
  itemKey,
  numberAnswerTask,
  plainAnswer,
  quizQuestions,
  shortAnswerTask,
} from './task-contents.ts';

const checked = (on: boolean) => (on ? html` checked` : '');

function keyNote(label: string, value: string, matches?: boolean): SafeHtml {
  const state = matches === undefined ? '' : matches ? ' ok' : ' wrong';
  return html`<span class="key${state}">${label}: ${value}</span>`;
}

function explanation(text: string | undefined): SafeHtml | string {
  return text ? html`<p class="key">Explanation: ${text}</p>` : '';
}

function questionLabel(text: string, index: number): string {
  return text || `Question ${index + 1}`;
}

// --- inputs ---

function quizInputs({ contents, answer }: TaskView, idPrefix: string): SafeHtml {
  const given = answersByItem(answer?.value ?? {}, 'optionUUID');
  return html`${quizQuestions(contents).map(
    (question, q) => html`<fieldset class="question">
      <legend>${questionLabel(question.text, q)}</legend>
      ${question.items.map((option, o) => {
        const id = `${idPrefix}-q${q}-o${o}`;
        return html`<div class="choice">
          <input type="checkbox" id="${id}" name="${optionFieldName(question.uuid, option.uuid)}" value="true"${checked(Boolean(given.get(itemKey(question.uuid, option.uuid))))}>
          <label for="${id}">${option.text || `Option ${o + 1}`}</label>
          ${option.correct === undefined ? '' : keyNote('Answer key', option.correct ? 'tick' : 'leave unticked')}
        </div>`;
      })}
    </fieldset>`,
  )}`;
}

function formInputs({ contents, answer }: TaskView, idPrefix: string): SafeHtml {
  const given = answersByItem(answer?.value ?? {}, 'blankUUID');
  return html`${formQuestions(contents).map(
    (question, q) => html`<fieldset class="question">
      <legend>${questionLabel(question.text, q)}</legend>
      ${question.items.map((blank, b) => {
        const id = `${idPrefix}-q${q}-b${b}`;
        const value = given.get(itemKey(question.uuid, blank.uuid));
        return html`<div class="blank">
          <label for="${id}">${blank.placeholder || `Blank ${b + 1}`}</label>
          <input type="text" id="${id}" name="${blankFieldName(question.uuid, blank.uuid)}" value="${typeof value === 'string' ? value : ''}"${blank.hint ? html` aria-describedby="${id}-hint"` : ''}>
          ${blank.hint ? html`<p class="muted" id="${id}-hint">Hint: ${blank.hint}</p>` : ''}
          ${blank.correctAnswer === undefined ? '' : keyNote('Answer key', blank.correctAnswer)}
        </div>`;
      })}
    </fieldset>`,
  )}`;
}

function shortAnswerInput({ contents, answer }: TaskView, idPrefix: string): SafeHtml {
  const task = shortAnswerTask(contents);
  const id = `${idPrefix}-answer`;
  return html`${task.prompt ? html`<p class="prompt">${task.prompt}</p>` : ''}
    <label for="${id}">Your answer</label>
    <textarea id="${id}" name="${ANSWER_FIELD}" rows="3">${answer ? plainAnswer(answer.value) : ''}</textarea>
    ${task.acceptedAnswers === undefined ? '' : html`<p>${keyNote('Accepted answers', task.acceptedAnswers.join('; '))}</p>`}`;
}

function numberAnswerInput({ contents, answer }: TaskView, idPrefix: string): SafeHtml {
  const task = numberAnswerTask(contents);
  const id = `${idPrefix}-answer`;
  return html`${task.prompt ? html`<p class="prompt">${task.prompt}</p>` : ''}
    <label for="${id}">Your answer${task.unit ? ` (${task.unit})` : ''}</label>
    <input type="text" inputmode="decimal" id="${id}" name="${ANSWER_FIELD}" value="${answer ? plainAnswer(answer.value) : ''}" autocomplete="off">
    ${task.correctValue === undefined ? '' : html`<p>${keyNote('Answer key', `${task.correctValue} ± ${task.tolerance ?? '0'}`)}</p>`}`;
}

/** The inputs of the answer form of a QUIZ, FORM, SHORT_ANSWER or NUMBER_ANSWER task. */
export function answerInputs(view: TaskView, idPrefix: string): SafeHtml {
  switch (view.task.assignment_type) {
    case 'QUIZ':
      return quizInputs(view, idPrefix);
    case 'FORM':
      return formInputs(view, idPrefix);
    case 'SHORT_ANSWER':
      return shortAnswerInput(view, idPrefix);
    case 'NUMBER_ANSWER':
      return numberAnswerInput(view, idPrefix);
    default:
      return html``;
  }
}

// --- review ---

function quizReview({ contents, answer }: TaskView): SafeHtml {
  const given = answersByItem(answer?.value ?? {}, 'optionUUID');
  return html`${quizQuestions(contents).map(
    (question, q) => html`<div class="question">
      <p class="question-text">${questionLabel(question.text, q)}</p>
      <ul class="review">${question.items.map((option, o) => {
        const ticked = Boolean(given.get(itemKey(question.uuid, option.uuid)));
        return html`<li>
          <span class="choice-text">${option.text || `Option ${o + 1}`}</span>
          <span class="given">You: ${ticked ? 'ticked' : 'not ticked'}</span>
          ${option.correct === undefined ? '' : keyNote('Correct', option.correct ? 'tick' : 'leave unticked', option.correct === ticked)}
        </li>`;
      })}</ul>
    </div>`,
  )}`;
}

function formReview({ contents, answer }: TaskView): SafeHtml {
  const given = answersByItem(answer?.value ?? {}, 'blankUUID');
  return html`${formQuestions(contents).map(
    (question, q) => html`<div class="question">
      <p class="question-text">${questionLabel(question.text, q)}</p>
      <ul class="review">${question.items.map((blank, b) => {
        const value = given.get(itemKey(question.uuid, blank.uuid));
        const typed = typeof value === 'string' ? value : '';
        return html`<li>
          <span class="choice-text">${blank.placeholder || `Blank ${b + 1}`}</span>
          <span class="given">You: ${typed || '(empty)'}</span>
          ${blank.correctAnswer === undefined ? '' : keyNote('Correct', blank.correctAnswer)}
        </li>`;
      })}</ul>
    </div>`,
  )}`;
}

function shortAnswerReview({ contents, answer }: TaskView): SafeHtml {
  const task = shortAnswerTask(contents);
  return html`${task.prompt ? html`<p class="prompt">${task.prompt}</p>` : ''}
    <p class="given">Your answer: ${answer ? plainAnswer(answer.value) || '(empty)' : 'not answered'}</p>
    ${task.acceptedAnswers === undefined ? '' : html`<p>${keyNote('Accepted answers', task.acceptedAnswers.join('; '))}</p>`}
    ${explanation(task.explanation)}`;
}

function numberAnswerReview({ contents, answer }: TaskView): SafeHtml {
  const task = numberAnswerTask(contents);
  const unit = task.unit ? ` ${task.unit}` : '';
  return html`${task.prompt ? html`<p class="prompt">${task.prompt}</p>` : ''}
    <p class="given">Your answer: ${answer ? `${plainAnswer(answer.value) || '(empty)'}${unit}` : 'not answered'}</p>
    ${task.correctValue === undefined ? '' : html`<p>${keyNote('Correct value', `${task.correctValue} ± ${task.tolerance ?? '0'}${unit}`)}</p>`}
    ${explanation(task.explanation)}`;
}

/** A handed-in answer, read only (FILE_SUBMISSION is reviewed by the panel, which knows file URLs). */
export function answerReview(view: TaskView): SafeHtml {
  switch (view.task.assignment_type) {
    case 'QUIZ':
      return quizReview(view);
    case 'FORM':
      return formReview(view);
    case 'SHORT_ANSWER':
      return shortAnswerReview(view);
    case 'NUMBER_ANSWER':
      return numberAnswerReview(view);
    default:
      return html`<p class="given">${view.answer ? 'Answered.' : 'Not answered.'}</p>`;
  }
}
