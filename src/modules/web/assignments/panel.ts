/**
 * The assignment of an assignment activity, as the activity page shows it: title,
 * description, due date, grading type and the tasks. Read through the same service
 * functions as the assignments API, so answer keys stay stripped for learners.
 */
import type { Principal } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { HttpError } from '../../../core/errors/http-errors.ts';
import { RawJson } from '../../../core/http/raw-json.ts';
import { listTasks, readAssignmentOfActivity } from '../../assignments/authoring.ts';
import { html, type SafeHtml } from '../html.ts';
import type { Viewer } from '../viewer.ts';

type AssignmentView = Awaited<ReturnType<typeof readAssignmentOfActivity>>;
type TaskView = Awaited<ReturnType<typeof listTasks>>[number];

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
  FILE_SUBMISSION: 'File submission',
  CODE: 'Code',
  CUSTOM: 'Custom',
  OTHER: 'Other',
};

/** Task contents as the service returned them: stored text (instructors) or a stripped object. */
export function contentsOf(task: Pick<TaskView, 'contents'>): Record<string, unknown> {
  const value = task.contents instanceof RawJson ? JSON.parse(task.contents.text) : task.contents;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function dueDateText(dueDate: string): string {
  return dueDate.trim() === '' ? 'No due date' : `Due ${dueDate.trim()}`;
}

function assignmentHeader(assignment: AssignmentView): SafeHtml {
  return html`<header class="assignment-header">
    <h2>${assignment.title}</h2>
    <dl class="facts">
      <div><dt>Due</dt><dd>${dueDateText(assignment.due_date)}</dd></div>
      <div><dt>Grading</dt><dd>${GRADING_LABELS[assignment.grading_type] ?? assignment.grading_type}</dd></div>
    </dl>
    ${assignment.description ? html`<p class="prose">${assignment.description}</p>` : ''}
  </header>`;
}

function taskItem(task: TaskView): SafeHtml {
  return html`<li class="task" id="task-${task.assignment_task_uuid}">
    <h3>${task.title} <span class="tag">${TASK_TYPE_LABELS[task.assignment_type] ?? task.assignment_type}</span></h3>
    ${task.description ? html`<p class="prose">${task.description}</p>` : ''}
    ${task.hint ? html`<p class="muted">Hint: ${task.hint}</p>` : ''}
    <p class="muted">Worth ${task.max_grade_value} points.</p>
  </li>`;
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
  _viewer: Viewer,
  activityUuid: string,
  pageUrl: string,
): Promise<SafeHtml> {
  if (principal.kind === 'anonymous') return signInPrompt(pageUrl);
  let assignment: AssignmentView;
  try {
    assignment = await readAssignmentOfActivity(ctx, principal, activityUuid);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      return html`<p class="notice">This assignment has not been set up yet.</p>`;
    }
    throw error;
  }
  const tasks = await listTasks(ctx, principal, assignment.assignment_uuid);
  return html`<section class="assignment" aria-label="Assignment">
    ${assignmentHeader(assignment)}
    ${
      tasks.length === 0
        ? html`<p class="muted">This assignment has no tasks yet.</p>`
        : html`<ol class="tasks">${tasks.map(taskItem)}</ol>`
    }
  </section>`;
}
