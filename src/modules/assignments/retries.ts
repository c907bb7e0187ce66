/**
 * Retrying a graded assignment (the learner's own, session only). The product's checks, in
 * its order: retries enabled, course access, a graded submission, attempts left. The cap is
 * the assignment's `max_retries` (total attempts, first one included), or the deployment's
 * MAX_ASSIGNMENT_ATTEMPTS when it sets none (the product allowed unlimited attempts then).
 * A retry wipes the learner's answers, reopens the activity, takes back the certificate
 * and reopens the submission (PENDING) for the next attempt; no history is kept.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/http-errors.ts';
import { formatDateTime } from '../../core/time.ts';
import { getCourseByIdOr404 } from '../courses/service.ts';
import { reopenActivity } from '../progress/service.ts';
import { authorizeRead, requireSession } from './access.ts';
import { SUBMISSION_NOT_FOUND } from './grading-flow.ts';
import { getAssignmentOr404 } from './lookups.ts';
import { toUserSubmissionRead } from './present.ts';
import * as queries from './queries.ts';
import { assignmentActivity } from './submissions.ts';

const NOT_GRADED = 'Only graded submissions can be retried';

/** Total attempts allowed for an assignment. */
export function attemptCap(
  assignment: Pick<queries.AssignmentRow, 'max_retries'>,
  deploymentMax: number,
): number {
  return assignment.max_retries > 0 ? assignment.max_retries : deploymentMax;
}

export async function retrySubmission(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  requireSession(principal);
  const db = ctx.database.db;
  const assignment = await getAssignmentOr404(db, assignmentUuid);
  if (!assignment.allow_retries) throw forbidden('Retries are not enabled for this assignment');
  const course = await getCourseByIdOr404(db, assignment.course_id);
  await authorizeRead(db, principal, course);
  const activity = await assignmentActivity(db, assignment);
  const cap = attemptCap(assignment, ctx.config.limits.maxAssignmentAttempts);
  const submission = await db.transaction().execute(async (trx) => {
    const row = await queries.findUserSubmission(trx, assignment.id, principal.id);
    if (!row) throw notFound(SUBMISSION_NOT_FOUND);
    if (row.submission_status !== 'GRADED') throw badRequest(NOT_GRADED);
    if (row.attempt_number >= cap) throw forbidden('No retry attempts remaining');
    // Only one of two concurrent retries finds the row still GRADED.
    const reopened = await queries.updateUserSubmissionFrom(trx, row.id, ['GRADED'], {
      submission_status: 'PENDING',
      grade: 0,
      overall_feedback: null,
      attempt_number: row.attempt_number + 1,
      late: false,
      update_date: formatDateTime(),
    });
    if (!reopened) throw badRequest(NOT_GRADED);
    await queries.deleteTaskSubmissionsOfUser(trx, assignment.id, principal.id);
    await reopenActivity(trx, principal.id, activity, course);
    return reopened;
  });
  return {
    message: 'Assignment User Submission reset for retry',
    attempt_number: submission.attempt_number,
    max_retries: cap,
    submission: toUserSubmissionRead(submission),
  };
}
