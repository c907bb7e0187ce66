/**
 * The assignment of an assignment activity, as the activity page shows it: what it is
 * (title, description, due date, grading), the viewer's status and grade, and each task
 * with its answer form while answers may change, or a read-only review once handed in.
 * Forms post to the routes in `routes.ts`, which redirect back here.
 */
import type { Principal } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { HttpError } from '../../../core/errors/http-errors.ts';
import { alertBox, csrfField } from '../forms.ts';
import { html, type SafeHtml } from '../html.ts';
import type { Viewer } from '../viewer.ts';
import { FILE_FIELD, FORM_ANSWERED_TYPES } from './answer-form.ts';
import {
  type AssignmentView,
  isHandedIn,
  loadAssignmentView,
  type TaskView,
  taskFileUrl,
} from './assignment-view.ts';
import { gradeView } from './grade-view.ts';
import { assignmentActionUrl } from './links.ts';
import { answerInputs, answerReview } from './task-answer.ts';
import { submittedFileName } from './task-contents.ts';

export interface PanelOptions {
  /** A refused action's message, shown beside the task it concerns (or above the tasks). */
  error?: { message: string; taskUuid?: string };
}

const GRADING_LABELS: Record<string, string> = {
  ALPHABET: 'Letter grade (A–F)',
  NUMERIC: 'Points out of 100',
  PERCENTAGE: 'Percentage',
  PASS_FAIL: 'Pass or fail',
  GPA_SCALE: 'GPA scale',
};

const TASK_TYPE_LABELS: Record<string, string> = {
  QUIZ: 'Quiz',
  FORM: 'Fill in the blanks',
  SHORT_ANSWER: 'Short answer',
  NUMBER_ANSWER: 'Number answer',
  FILE_SUBMISSION: 'File upload',
  CODE: 'Code',
  CUSTOM: 'Custom',
  OTHER: 'Other',
};

interface Page {
  view: AssignmentView;
  viewer: Viewer;
  pageUrl: string;
  /** Answers may still be saved and the assignment submitted. */
  open: boolean;
  options: PanelOptions;
}

/** Due dates without a zone are read as UTC by the service, so the page says so. */
function dueDateText(dueDate: string): string {
  const due = dueDate.trim();
  if (due === '') return 'No due date';
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(due) ? due : `${due} (UTC)`;
}

function header({ assignment, attemptCap }: AssignmentView): SafeHtml {
  return html`<header class="assignment-header">
    <h2 id="assignment-title">${assignment.title}</h2>
    <dl class="facts">
      <div><dt>Due</dt><dd>${dueDateText(assignment.due_date)}</dd></div>
      <div><dt>Grading</dt><dd>${GRADING_LABELS[assignment.grading_type] ?? assignment.grading_type}</dd></div>
      <div><dt>Attempts</dt><dd>${assignment.allow_retries ? `Up to ${attemptCap}` : 'One'}</dd></div>
    </dl>
    ${assignment.description ? html`<p class="prose">${assignment.description}</p>` : ''}
  </header>`;
}

function statusText(view: AssignmentView): string {
  const { submission } = view;
  if (!submission) return 'Not submitted yet.';
  const attempt = `Attempt ${submission.attempt_number}`;
  switch (submission.submission_status) {
    case 'PENDING':
      return `${attempt}: answer the tasks again, then submit.`;
    case 'SUBMITTED':
      return `${attempt} submitted on ${submission.creation_date}. Waiting for grading.`;
    case 'LATE':
      return `${attempt} submitted late on ${submission.creation_date}. Waiting for grading.`;
    case 'GRADED':
      return `${attempt} graded.`;
    default:
      return 'Not submitted.';
  }
}

function retryForm({ view, viewer, pageUrl }: Page): SafeHtml | string {
  const { assignment, submission, attemptCap } = view;
  if (submission?.submission_status !== 'GRADED' || !assignment.allow_retries) return '';
  if (submission.attempt_number >= attemptCap) {
    return html`<p class="muted">No attempts left: you have used ${submission.attempt_number} of ${attemptCap}.</p>`;
  }
  return html`<form method="post" action="${assignmentActionUrl(pageUrl, 'retry')}" class="stack narrow-form">
    ${csrfField(viewer)}
    <p>You may try again (attempt ${submission.attempt_number + 1} of ${attemptCap}). Your current answers and grade will be cleared.</p>
    <button type="submit">Try again</button>
  </form>`;
}

function statusSection(page: Page): SafeHtml {
  const { view } = page;
  return html`<section class="assignment-status panel" id="assignment-status" aria-labelledby="status-title">
    <h3 id="status-title">Your submission</h3>
    <p>${statusText(view)}</p>
    ${view.pastDue && !isHandedIn(view) ? alertBox('The due date has passed: answers can no longer be saved or submitted.') : ''}
    ${view.grade ? gradeView(view.grade) : ''}
    ${retryForm(page)}
  </section>`;
}

function referenceFile(view: AssignmentView, task: TaskView['task']): SafeHtml | string {
  if (!task.reference_file) return '';
  const href = /^https?:\/\//i.test(task.reference_file)
    ? task.reference_file
    : taskFileUrl(view, task.assignment_task_uuid, task.reference_file, false);
  return html`<p><a href="${href}">Reference file for this task</a></p>`;
}

function fileAnswer({ view, viewer, pageUrl, open }: Page, taskView: TaskView, idPrefix: string): SafeHtml {
  const uuid = taskView.task.assignment_task_uuid;
  const fileName = taskView.answer ? submittedFileName(taskView.answer.value) : undefined;
  const current = fileName
    ? html`<p class="given">Your file: <a href="${taskFileUrl(view, uuid, fileName, true)}">${fileName}</a></p>`
    : html`<p class="given">No file uploaded yet.</p>`;
  if (!open) return current;
  const action = `${assignmentActionUrl(pageUrl, 'file', uuid)}?_csrf=${encodeURIComponent(viewer.csrfToken)}`;
  return html`${current}
    <form method="post" action="${action}" enctype="multipart/form-data" class="stack">
      <label for="${idPrefix}-file">${fileName ? 'Replace the file' : 'File'}</label>
      <input type="file" id="${idPrefix}-file" name="${FILE_FIELD}" required>
      <p class="muted">PDF, image, video, office document or zip archive.</p>
      <div><button type="submit" class="primary">Upload</button></div>
    </form>`;
}

function answerArea(page: Page, taskView: TaskView, idPrefix: string): SafeHtml {
  const { task, answer } = taskView;
  if (task.assignment_type === 'FILE_SUBMISSION') return fileAnswer(page, taskView, idPrefix);
  if (!FORM_ANSWERED_TYPES.has(task.assignment_type)) {
    return html`<p class="muted">This kind of task cannot be answered on this page.</p>`;
  }
  if (!page.open) return answerReview(taskView);
  return html`<form method="post" action="${assignmentActionUrl(page.pageUrl, 'answer', task.assignment_task_uuid)}" class="stack">
    ${csrfField(page.viewer)}
    ${answerInputs(taskView, idPrefix)}
    <div class="form-actions">
      <button type="submit" class="primary">Save answer</button>
      ${answer ? html`<span class="muted">Saved ${answer.updateDate}</span>` : html`<span class="muted">Not saved yet</span>`}
    </div>
  </form>`;
}

function taskItem(page: Page, taskView: TaskView, index: number): SafeHtml {
  const { task } = taskView;
  const idPrefix = `task${index + 1}`;
  const error = page.options.error;
  return html`<li class="task" id="task-${task.assignment_task_uuid}">
    <h3>${task.title} <span class="tag">${TASK_TYPE_LABELS[task.assignment_type] ?? task.assignment_type}</span></h3>
    <p class="muted">Worth ${task.max_grade_value} points.</p>
    ${task.description ? html`<p class="prose">${task.description}</p>` : ''}
    ${task.hint ? html`<details class="hint"><summary>Hint</summary><p class="prose">${task.hint}</p></details>` : ''}
    ${referenceFile(page.view, task)}
    ${error?.taskUuid === task.assignment_task_uuid ? alertBox(error.message) : ''}
    ${answerArea(page, taskView, idPrefix)}
  </li>`;
}

function submitForm({ view, viewer, pageUrl, open }: Page): SafeHtml | string {
  if (!open || view.tasks.length === 0) return '';
  const answered = view.tasks.filter((task) => task.answer !== undefined).length;
  return html`<form method="post" action="${assignmentActionUrl(pageUrl, 'submit')}" class="submit-assignment panel stack">
    ${csrfField(viewer)}
    <h3>Hand in</h3>
    <p>You have answered ${answered} of ${view.tasks.length} tasks. Once submitted, your answers can no longer be changed.</p>
    <div><button type="submit" class="primary">Submit assignment</button></div>
  </form>`;
}

function signInPrompt(pageUrl: string): SafeHtml {
  return html`<div class="panel" role="note">
    <h2>Assignment</h2>
    <p><a class="button primary" href="/sign-in?next=${encodeURIComponent(pageUrl)}">Sign in</a> to see and answer this assignment.</p>
  </div>`;
}

export async function renderAssignmentPanel(
  ctx: AppContext,
  principal: Principal,
  viewer: Viewer,
  activityUuid: string,
  pageUrl: string,
  options: PanelOptions = {},
): Promise<SafeHtml> {
  if (principal.kind !== 'user') return signInPrompt(pageUrl);
  let view: AssignmentView;
  try {
    view = await loadAssignmentView(ctx, principal, activityUuid);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      return html`<p class="notice">This assignment has not been set up yet.</p>`;
    }
    throw error;
  }
  const page: Page = { view, viewer, pageUrl, open: !isHandedIn(view) && !view.pastDue, options };
  const generalError = options.error && !options.error.taskUuid ? alertBox(options.error.message) : '';
  const antiCopyPaste = view.assignment.anti_copy_paste;
  return html`<link rel="stylesheet" href="/assets/assignment.css">
  ${antiCopyPaste ? html`<script type="module" src="/assets/assignment.js"></script>` : ''}
  <section class="assignment" id="assignment" aria-labelledby="assignment-title"${antiCopyPaste ? html` data-anti-copy-paste` : ''}>
    ${header(view)}
    ${antiCopyPaste ? html`<p class="muted">Copying and pasting is turned off in this assignment.</p>` : ''}
    ${generalError}
    ${statusSection(page)}
    ${
      view.tasks.length === 0
        ? html`<p class="muted">This assignment has no tasks yet.</p>`
        : html`<ol class="tasks">${view.tasks.map((task, index) => taskItem(page, task, index))}</ol>`
    }
    ${submitForm(page)}
  </section>`;
}
