/**
 * Whose answer or submission a request writes, and under which rules:
 * - an API token must name the learner (`on_behalf_of_user_id`) and hold `assignments.create`;
 *   the learner must exist and belong to the token's organization;
 * - a course editor may act for themself or for a learner of the organization;
 * - anyone else acts for themself, must be able to read the course, and is held to the due date.
 * Those exempt from the due date can still submit after it; the submission is then marked late.
 */
import type { Principal, SessionUser } from '../../core/auth/principal.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import type { CourseRow } from '../courses/service.ts';
import { findMembership } from '../roles/service.ts';
import { findUserById, getUserOr404, type UserRow } from '../users/service.ts';
import { assertTokenMay, authenticated, isCourseEditor, requireLearnerOf, tokenHolds } from './access.ts';
import { isPastDue } from './due-date.ts';
import type { AssignmentRow } from './queries.ts';

export const ON_BEHALF_REQUIRED = 'API tokens must set on_behalf_of_user_id to submit on behalf of a learner';
export const DEADLINE_PASSED = 'Assignment deadline has passed';

export interface Submitter {
  /** The learner whose work this is. */
  user: UserRow;
  /** May write grades and feedback: a course editor, or a token that also holds `assignments.update`. */
  grader: boolean;
  /** Set when a learner acts for themself: they need to read the course and meet the due date. */
  learner: SessionUser | null;
}

async function learnerOf(db: Executor, userId: number, course: CourseRow): Promise<UserRow> {
  const learner = await findUserById(db, userId);
  if (!learner) throw notFound('Learner not found');
  if (!(await findMembership(db, learner.id, course.org_id)))
    throw forbidden('Learner is not a member of this organization');
  return learner;
}

export async function resolveSubmitter(
  db: Executor,
  principal: Principal,
  course: CourseRow,
  onBehalfOf: number | undefined,
): Promise<Submitter> {
  const caller = authenticated(principal);
  if (caller.kind === 'token') {
    if (onBehalfOf === undefined) throw badRequest(ON_BEHALF_REQUIRED);
    assertTokenMay(caller, course, 'create');
    return {
      user: await learnerOf(db, onBehalfOf, course),
      grader: tokenHolds(caller, course.org_id, 'update'),
      learner: null,
    };
  }
  const editor = await isCourseEditor(db, caller, course);
  if (onBehalfOf !== undefined && onBehalfOf !== caller.id) {
    if (!editor) throw forbidden('Only instructors can submit on behalf of a learner');
    return { user: await learnerOf(db, onBehalfOf, course), grader: true, learner: null };
  }
  return { user: await getUserOr404(db, caller.id), grader: editor, learner: editor ? null : caller };
}

/** Enrolment and the due date for learners acting for themselves; returns whether the work is late. */
export async function checkDeadline(
  db: Executor,
  submitter: Submitter,
  course: CourseRow,
  assignment: AssignmentRow,
): Promise<{ late: boolean }> {
  const pastDue = isPastDue(assignment.due_date);
  if (!submitter.learner) return { late: pastDue };
  await requireLearnerOf(
    db,
    submitter.learner,
    course,
    assignment,
    'You must be enrolled in this course to submit assignments',
  );
  if (pastDue) throw forbidden(DEADLINE_PASSED);
  return { late: false };
}
