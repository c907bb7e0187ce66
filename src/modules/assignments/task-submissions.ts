/**
 * Learners' answers, one row per (task, learner), saved with an upsert. Learners (and tokens
 * without `assignments.update`) write only answers: a grade or feedback from them is refused,
 * a new answer clears a teacher's override flag, and once their submission is in, answers
 * are frozen until a retry (answer keys may be showing by then). Graders also write grades,
 * feedback and `manually_graded`, and may target a learner's row by its uuid.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { isUniqueViolation } from '../../core/db/driver-errors.ts';
import { forbidden, notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  assertOwnUnlessInstructor,
  authorizeEdit,
  authorizeInstructorRead,
  authorizeRead,
  requireSession,
} from './access.ts';
import { hasSubmitted, seesAnswerKeys, visibleJson } from './answer-visibility.ts';
import { loadAssignment, loadTask } from './lookups.ts';
import { toTaskSubmissionRead } from './present.ts';
import * as queries from './queries.ts';
import type { TaskSubmissionUpdate } from './schemas.ts';
import { checkDeadline, resolveSubmitter, type Submitter } from './submitter.ts';

export const TASK_SUBMISSION_NOT_FOUND = 'Assignment Task Submission not found';
const NO_GRADES = 'You do not have permission to update grades';

export interface AnswerInput {
  fields: Static<typeof TaskSubmissionUpdate>;
  /** `task_submission` exactly as sent; undefined when none (or null) was sent. */
  answerText: string | undefined;
}

function present(
  row: queries.TaskSubmissionRow,
  assignment: queries.AssignmentRow,
  type: string,
  showKeys: boolean,
) {
  return toTaskSubmissionRead(row, assignment, visibleJson(type, row.task_submission, showKeys));
}

/** `grade: 0` with empty feedback is what the web client sends with every answer: allowed, ignored. */
function assertNoGrades({ fields }: AnswerInput, submitter: Submitter): void {
  if (submitter.grader) return;
  if ((fields.grade ?? 0) !== 0 || (fields.task_submission_grade_feedback ?? '') !== '')
    throw forbidden(NO_GRADES);
}

/** The row to write: the submitter's own, or (graders) a learner's named by its uuid. */
async function targetRow(
  trx: Executor,
  task: queries.TaskRow,
  submitter: Submitter,
  uuid: string | null | undefined,
) {
  const own = await queries.findTaskSubmission(trx, task.id, submitter.user.id);
  if (own || !uuid) return own;
  const named = await queries.findTaskSubmissionByUuid(trx, uuid);
  if (!named) return undefined;
  if (named.assignment_task_id !== task.id) throw notFound(TASK_SUBMISSION_NOT_FOUND);
  if (named.user_id !== submitter.user.id && !submitter.grader)
    throw forbidden('You can only update your own submissions');
  return named;
}

async function upsertAnswer(
  trx: Executor,
  assignment: queries.AssignmentRow,
  task: queries.TaskRow,
  submitter: Submitter,
  { fields, answerText }: AnswerInput,
) {
  if (!submitter.grader) {
    const submission = await queries.findUserSubmission(trx, assignment.id, submitter.user.id);
    if (hasSubmitted(submission?.submission_status))
      throw forbidden('This assignment has already been submitted: its answers can no longer change');
  }
  const row = await targetRow(trx, task, submitter, fields.assignment_task_submission_uuid);
  const now = formatDateTime();
  const grades = submitter.grader
    ? {
        grade: fields.grade ?? row?.grade ?? 0,
        task_submission_grade_feedback:
          fields.task_submission_grade_feedback ?? row?.task_submission_grade_feedback ?? '',
        manually_graded: fields.manually_graded ?? row?.manually_graded ?? false,
      }
    : { manually_graded: false };
  if (row) {
    return queries.updateTaskSubmission(trx, row.id, {
      task_submission: answerText ?? row.task_submission,
      ...grades,
      update_date: now,
    });
  }
  return queries.insertTaskSubmission(trx, {
    assignment_task_submission_uuid:
      fields.assignment_task_submission_uuid ?? prefixedUuid('assignmenttasksubmission'),
    assignment_task_id: task.id,
    assignment_id: assignment.id,
    user_id: submitter.user.id,
    task_submission: answerText ?? '{}',
    grade: 0,
    task_submission_grade_feedback: '',
    ...grades,
    assignment_type: task.assignment_type,
    creation_date: now,
    update_date: now,
  });
}

/** `PUT …/tasks/{task}/submissions[?on_behalf_of_user_id=]`: saves one answer. */
export async function saveAnswer(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  input: AnswerInput,
  onBehalfOf: number | undefined,
) {
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  const submitter = await resolveSubmitter(db, principal, course, onBehalfOf);
  await checkDeadline(db, submitter, course, assignment);
  assertNoGrades(input, submitter);
  const save = () => db.transaction().execute((trx) => upsertAnswer(trx, assignment, task, submitter, input));
  let row: queries.TaskSubmissionRow;
  try {
    row = await save();
  } catch (error) {
    // Two first saves at once: the unique (task, user) lets one insert; the other updates.
    if (!isUniqueViolation(error)) throw error;
    row = await save();
  }
  const showKeys = submitter.grader || (await seesAnswerKeys(db, principal, false, assignment));
  return present(row, assignment, task.assignment_type, showKeys);
}

/** The caller's own answer given as the `task_submission` object alone (the pages' forms). */
export function saveOwnAnswer(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  answer: Record<string, unknown>,
) {
  const input = { fields: { task_submission: answer }, answerText: JSON.stringify(answer) };
  return saveAnswer(ctx, principal, assignmentUuid, taskUuid, input, undefined);
}

/** `GET …/tasks/submissions/me`: every task of the assignment, with the caller's answer or null. */
export async function myAnswers(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  const showKeys = await seesAnswerKeys(db, principal, caller.instructor, assignment);
  const tasks = await queries.listTasks(db, assignment.id);
  const answers = await queries.listTaskSubmissionsOfUser(db, assignment.id, principal.id);
  const byTask = new Map(answers.map((row) => [row.assignment_task_id, row]));
  return Object.fromEntries(
    tasks.map((task) => {
      const row = byTask.get(task.id);
      return [
        task.assignment_task_uuid,
        row ? present(row, assignment, task.assignment_type, showKeys) : null,
      ];
    }),
  );
}

async function answerOr404(db: Executor, taskId: number, userId: number) {
  const row = await queries.findTaskSubmission(db, taskId, userId);
  if (!row) throw notFound(TASK_SUBMISSION_NOT_FOUND);
  return row;
}

/** `GET …/tasks/{task}/submissions/me`. */
export async function myAnswer(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
) {
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  const caller = await authorizeRead(db, principal, course);
  const row = await answerOr404(db, task.id, principal.id);
  const showKeys = await seesAnswerKeys(db, principal, caller.instructor, assignment);
  return present(row, assignment, task.assignment_type, showKeys);
}

/** `GET …/tasks/{task}/submissions/user/{user_id}`: one learner's answer (their own, for learners). */
export async function learnerAnswer(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  userId: number,
) {
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  const caller = await authorizeRead(db, principal, course);
  assertOwnUnlessInstructor(caller, userId, 'You can only view your own submissions');
  const row = await answerOr404(db, task.id, userId);
  const showKeys = await seesAnswerKeys(db, principal, caller.instructor, assignment);
  return present(row, assignment, task.assignment_type, showKeys);
}

/** `GET …/tasks/{task}/submissions`: every learner's answer to the task (instructors). */
export async function taskAnswers(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  page: { offset: number; limit: number },
) {
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  await authorizeInstructorRead(db, principal, course);
  const rows = await queries.listTaskSubmissionsOfTask(db, task.id, page.offset, page.limit);
  return rows.map((row) => present(row, assignment, task.assignment_type, true));
}

/** `DELETE …/tasks/{task}/submissions/{uuid}` (session users who may delete from the course). */
export async function deleteAnswer(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  submissionUuid: string,
): Promise<void> {
  requireSession(principal);
  const db = ctx.database.db;
  const { course, task } = await loadTask(db, assignmentUuid, taskUuid);
  await authorizeEdit(db, principal, course, 'delete');
  const row = await queries.findTaskSubmissionByUuid(db, submissionUuid);
  if (!row || row.assignment_task_id !== task.id) throw notFound(TASK_SUBMISSION_NOT_FOUND);
  await queries.deleteTaskSubmission(db, row.id);
}
