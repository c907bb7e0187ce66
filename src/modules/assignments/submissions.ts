/**
 * A learner's submission of the whole assignment (one row per assignment and learner).
 * Submitting marks the assignment's activity done for the learner (course completion and
 * certificate follow), fires `assignment_submitted`, and auto-grades when the assignment
 * asks for it and the server can grade every task. Two submissions at once create one row:
 * the unique (assignment, user) pair turns the second into "already exists".
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { isUniqueViolation } from '../../core/db/driver-errors.ts';
import { badRequest, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { findActivityById } from '../activities/service.ts';
import { toEventCourse } from '../courses/present.ts';
import { completeActivity, hasCompletionStep, reopenActivity } from '../progress/service.ts';
import { toEventUser } from '../users/present.ts';
import { getUserOr404, type UserRow } from '../users/service.ts';
import { assertOwnUnlessInstructor, authorizeEdit, authorizeRead, requireSession } from './access.ts';
import { type GradingType, maxGradeOf, summarizeGrade } from './grading/index.ts';
import { autoGrade, canAutoGrade, emitGraded, SUBMISSION_NOT_FOUND, toGradeTask } from './grading-flow.ts';
import { loadAssignment } from './lookups.ts';
import { toUserSubmissionListItem, toUserSubmissionRead } from './present.ts';
import * as queries from './queries.ts';
import type { UserSubmissionSet } from './schemas.ts';
import { checkDeadline, resolveSubmitter } from './submitter.ts';
import type { SubmissionStatus } from './tables.ts';

const ALREADY_EXISTS = 'Assignment User Submission already exists';
/** States a new submission may start from: reopened by a retry, or never submitted. */
const REOPENED: readonly SubmissionStatus[] = ['PENDING', 'NOT_SUBMITTED'];

export async function assignmentActivity(db: Executor, assignment: queries.AssignmentRow) {
  const activity = await findActivityById(db, assignment.activity_id);
  if (!activity) throw notFound('Activity not found');
  return activity;
}

async function recordSubmission(
  trx: Executor,
  assignment: queries.AssignmentRow,
  user: UserRow,
  late: boolean,
): Promise<queries.UserSubmissionRow> {
  const now = formatDateTime();
  const status: SubmissionStatus = late ? 'LATE' : 'SUBMITTED';
  const existing = await queries.findUserSubmission(trx, assignment.id, user.id);
  if (!existing) {
    return queries.insertUserSubmission(trx, {
      assignment_user_submission_uuid: prefixedUuid('assignmentusersubmission'),
      assignment_id: assignment.id,
      user_id: user.id,
      submission_status: status,
      grade: 0,
      overall_feedback: null,
      attempt_number: 1,
      late,
      creation_date: now,
      update_date: now,
    });
  }
  // A retried attempt: same row, same attempt number, a fresh submission date.
  const resubmitted = await queries.updateUserSubmissionFrom(trx, existing.id, REOPENED, {
    submission_status: status,
    grade: 0,
    late,
    creation_date: now,
    update_date: now,
  });
  if (!resubmitted) throw badRequest(ALREADY_EXISTS);
  return resubmitted;
}

/** `POST …/submissions[?on_behalf_of_user_id=]`: hands in the learner's answers. */
export async function submitAssignment(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  onBehalfOf: number | undefined,
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const submitter = await resolveSubmitter(db, principal, course, onBehalfOf);
  const { late } = await checkDeadline(db, submitter, course, assignment);
  const activity = await assignmentActivity(db, assignment);
  const { user } = submitter;
  let submission: queries.UserSubmissionRow;
  try {
    submission = await db.transaction().execute(async (trx) => {
      const row = await recordSubmission(trx, assignment, user, late);
      await emit(trx, course.org_id, 'assignment_submitted', {
        user: toEventUser(user),
        assignment: { assignment_uuid: assignment.assignment_uuid },
        course: toEventCourse(course),
        attempt_number: row.attempt_number,
      });
      await completeActivity(trx, user, activity, course, { reopen: true });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(ALREADY_EXISTS);
    throw error;
  }
  if (canAutoGrade(ctx, assignment, await queries.listTasks(db, assignment.id))) {
    const graded = await autoGrade(ctx, {
      assignment,
      courseUuid: course.course_uuid,
      orgId: course.org_id,
      userId: user.id,
    });
    if (graded) submission = graded.submission;
  }
  return toUserSubmissionRead(submission);
}

/** `GET …/submissions`: every learner's submission for instructors, the caller's own otherwise. */
export async function listSubmissions(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  page: { offset: number; limit: number },
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  const rows =
    caller.instructor || caller.principal.kind !== 'user'
      ? await queries.listUserSubmissions(db, assignment.id, page.offset, page.limit)
      : await ownSubmission(db, assignment, caller.principal.id);
  const maxGrade = maxGradeOf((await queries.listTasks(db, assignment.id)).map(toGradeTask));
  const gradingType = assignment.grading_type as GradingType;
  return rows.map((row) =>
    toUserSubmissionListItem(
      row,
      row.submission_status === 'GRADED' ? summarizeGrade(row.grade, maxGrade, gradingType, null) : null,
    ),
  );
}

async function ownSubmission(db: Executor, assignment: queries.AssignmentRow, userId: number) {
  const row = await queries.findUserSubmission(db, assignment.id, userId);
  return row ? [row] : [];
}

/** `GET …/submissions/me`: a list of zero or one submission (never a 404). */
export async function mySubmissions(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeRead(db, principal, course);
  return (await ownSubmission(db, assignment, principal.id)).map(toUserSubmissionRead);
}

/** `GET …/submissions/{user_id}`: a list of zero or one submission; learners may only ask for their own. */
export async function learnerSubmissions(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  assertOwnUnlessInstructor(caller, userId, 'You can only view your own submissions');
  return (await ownSubmission(db, assignment, userId)).map(toUserSubmissionRead);
}

async function submissionOr404(db: Executor, assignment: queries.AssignmentRow, userId: number) {
  const row = await queries.findUserSubmission(db, assignment.id, userId);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}

/**
 * `PUT …/submissions/{user_id}`: an instructor sets status, grade and feedback as given
 * (nothing recomputed). The row cannot be moved to another user or assignment. Setting a
 * GRADED status (or grading an already graded row) fires `assignment_graded`.
 */
export async function setSubmission(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
  input: Static<typeof UserSubmissionSet>,
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeEdit(db, principal, course, 'update');
  if (input.assignment_id !== assignment.id)
    throw badRequest('assignment_id does not match the assignment in the path');
  if (input.user_id != null && input.user_id !== userId)
    throw badRequest('user_id does not match the user in the path');
  return db.transaction().execute(async (trx) => {
    const row = await submissionOr404(trx, assignment, userId);
    const feedback = input.overall_feedback;
    const updated = await queries.updateUserSubmission(trx, row.id, {
      submission_status: input.submission_status ?? row.submission_status,
      grade: input.grade ?? row.grade,
      overall_feedback: feedback == null ? row.overall_feedback : feedback === '' ? null : feedback,
      update_date: formatDateTime(),
    });
    if (updated.submission_status === 'GRADED') {
      const tasks = await queries.listTasks(trx, assignment.id);
      const summary = summarizeGrade(
        updated.grade,
        maxGradeOf(tasks.map(toGradeTask)),
        assignment.grading_type as GradingType,
        updated.overall_feedback,
      );
      const job = {
        assignment,
        courseUuid: course.course_uuid,
        orgId: course.org_id,
        userId,
        autoGraded: false,
      };
      await emitGraded(trx, job, summary);
    }
    return toUserSubmissionRead(updated);
  });
}

/**
 * `DELETE …/submissions/{user_id}`: rejects a submission. The activity is no longer done,
 * the certificate goes back, the row is deleted; the answers stay so the learner can resubmit.
 */
export async function rejectSubmission(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
) {
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeEdit(db, principal, course, 'delete');
  const activity = await assignmentActivity(db, assignment);
  await db.transaction().execute(async (trx) => {
    const row = await submissionOr404(trx, assignment, userId);
    await reopenActivity(trx, userId, activity, course);
    await queries.deleteUserSubmission(trx, row.id);
  });
}

/** `POST …/submissions/{user_id}/done`: a teacher marks the activity done (course completion follows). */
export async function markDone(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
) {
  requireSession(principal);
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeEdit(db, principal, course, 'update');
  const activity = await assignmentActivity(db, assignment);
  if (!(await hasCompletionStep(db, activity.id, userId))) throw notFound('User not enrolled in the course');
  const learner = await getUserOr404(db, userId);
  await db
    .transaction()
    .execute((trx) =>
      completeActivity(trx, learner, activity, course, { reopen: true, teacherVerified: true }),
    );
}
