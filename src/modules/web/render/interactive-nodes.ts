/**
 * Nodes a learner acts on: quizzes (checked in the browser by `reader.js`, all-or-nothing
 * as in the product, nothing stored), flipcards (a native disclosure: click, Enter or Space
 * flips it, no script needed) and branching scenarios (every step is reachable by links
 * without script; `reader.js` shows one step at a time).
 */
import { html, type SafeHtml } from '../html.ts';
import { alignmentClass } from './media-nodes.ts';
import { isObject, type Json, type RenderContext, stringOf } from './render-context.ts';
import { httpsUrl } from './safe-url.ts';
import { toneClass } from './tones.ts';

interface QuizOption {
  text: string;
  correct: boolean;
}

interface QuizQuestion {
  text: string;
  options: QuizOption[];
}

/**
 * Questions in either shape: the spec's `{question, options: [{text, correct}]}` or the
 * product's `{question, answers: [{answer, correct}]}`.
 */
function quizQuestionsOf(attrs: Json): QuizQuestion[] {
  const questions = Array.isArray(attrs.questions) ? attrs.questions.filter(isObject) : [];
  return questions.map((question) => {
    const options = Array.isArray(question.options)
      ? question.options
          .filter(isObject)
          .map((option) => ({ text: stringOf(option.text), correct: option.correct === true }))
      : Array.isArray(question.answers)
        ? question.answers
            .filter(isObject)
            .map((answer) => ({ text: stringOf(answer.answer), correct: answer.correct === true }))
        : [];
    return { text: stringOf(question.question), options };
  });
}

export function blockQuiz(attrs: Json, context: RenderContext): SafeHtml {
  const questions = quizQuestionsOf(attrs).filter((question) => question.options.length > 0);
  if (questions.length === 0) return html`<p class="notice" role="note">This quiz has no questions yet.</p>`;
  const quizId = context.uniqueId('quiz');
  return html`<section class="quiz" data-quiz aria-label="Quiz">
    ${questions.map((question, index) => {
      const questionId = `${quizId}-q${index + 1}`;
      const single = question.options.filter((option) => option.correct).length === 1;
      return html`<fieldset class="quiz-question" data-question>
        <legend>${index + 1}. ${question.text || 'Question'}</legend>
        <p class="quiz-hint">${single ? 'Choose one answer.' : 'Choose every answer that applies.'}</p>
        ${question.options.map((option, optionIndex) => {
          const inputId = `${questionId}-o${optionIndex + 1}`;
          return html`<div class="quiz-option">
            <input type="${single ? 'radio' : 'checkbox'}" id="${inputId}" name="${questionId}" value="${optionIndex + 1}"${option.correct ? html` data-correct` : ''}>
            <label for="${inputId}">${option.text}</label>
          </div>`;
        })}
        <p class="quiz-feedback" data-feedback></p>
      </fieldset>`;
    })}
    <div class="quiz-actions" data-quiz-actions hidden>
      <button type="button" class="primary" data-quiz-check>Check answers</button>
      <button type="button" data-quiz-reset>Start again</button>
    </div>
    <p class="quiz-result" role="status" data-quiz-result></p>
    <noscript><p class="muted">Checking answers needs JavaScript.</p></noscript>
  </section>`;
}

export function flipcard(attrs: Json): SafeHtml {
  const question = stringOf(attrs.question) || 'Question';
  const answer = stringOf(attrs.answer);
  const size = ['small', 'medium', 'large'].includes(stringOf(attrs.size)) ? stringOf(attrs.size) : 'medium';
  return html`<details class="flipcard ${toneClass(attrs.color, 'blue')} ${alignmentClass(attrs.alignment)} size-${size}">
    <summary>
      <span class="flipcard-face flipcard-front"><span class="flipcard-side">Question</span> ${question} <span class="flipcard-hint">Flip to see the answer</span></span>
      <span class="flipcard-face flipcard-back"><span class="flipcard-side">Answer</span> ${answer} <span class="flipcard-hint">Flip back</span></span>
    </summary>
  </details>`;
}

interface ScenarioStep {
  elementId: string;
  text: string;
  imageUrl?: URL;
  options: { text: string; target: string }[];
}

export function scenarios(attrs: Json, context: RenderContext): SafeHtml {
  const steps = Array.isArray(attrs.scenarios) ? attrs.scenarios.filter(isObject) : [];
  if (steps.length === 0) return html`<p class="notice" role="note">This scenario has no steps yet.</p>`;
  const baseId = context.uniqueId('scenario');
  const endId = `${baseId}-end`;
  // Author ids only link steps together; element ids are ours.
  const elementIdOf = new Map<string, string>();
  steps.forEach((step, index) => {
    const authorId = String(step.id ?? index);
    if (!elementIdOf.has(authorId)) elementIdOf.set(authorId, `${baseId}-${index + 1}`);
  });
  const rendered: ScenarioStep[] = steps.map((step, index) => ({
    elementId: `${baseId}-${index + 1}`,
    text: stringOf(step.text),
    imageUrl: httpsUrl(step.imageUrl),
    options: (Array.isArray(step.options) ? step.options.filter(isObject) : []).map((option) => ({
      text: stringOf(option.text),
      target: elementIdOf.get(String(option.nextScenarioId ?? '')) ?? endId,
    })),
  }));
  const startId = elementIdOf.get(String(attrs.currentScenarioId ?? '')) ?? rendered[0].elementId;
  const title = stringOf(attrs.title) || 'Scenario';
  return html`<section class="scenarios" data-scenarios data-start="${startId}" aria-label="${title}">
    <p class="scenarios-title">${title}</p>
    ${rendered.map(
      (step) => html`<div class="scenario" id="${step.elementId}" data-scenario tabindex="-1">
        ${step.imageUrl ? html`<img src="${step.imageUrl.href}" alt="" loading="lazy" referrerpolicy="no-referrer">` : ''}
        <p>${step.text}</p>
        ${
          step.options.length > 0
            ? html`<ul class="scenario-options">${step.options.map(
                (option) =>
                  html`<li><a href="#${option.target}" data-next="${option.target}">${option.text}</a></li>`,
              )}</ul>`
            : html`<p><a href="#${endId}" data-next="${endId}">Finish</a></p>`
        }
      </div>`,
    )}
    <div class="scenario scenario-end" id="${endId}" data-scenario tabindex="-1">
      <p>You reached the end of this scenario.</p>
      <p><a href="#${startId}" data-next="${startId}">Start again</a></p>
    </div>
  </section>`;
}
