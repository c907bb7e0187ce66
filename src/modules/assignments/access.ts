/**
 * Who may do what with an assignment. Sessions follow the parent course (reading it, or
 * editing it for authoring and grading); they never consult a role's `assignments` bucket.
 * API tokens use their `assignments` bucket, inside their own organization only, and a
 * token that passed counts as an instructor: it sees every learner's work and the answer keys.
 */
import {
  type Principal,
  requireSessionUser,
  type SessionUser,
  type TokenPrincipal,
} from '../../core/auth/principal.ts';
import { actionOf, allows } from '../../core/auth/rights.ts';
import { forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { findActivityById, readerAccess } from '../activities/service.ts';
import {
  courseCaller,
  mayEditCourse,
  mayReadCourse,
  requireCourseEdit,
  requireCourseRead,
} from '../courses/access.ts';
import type { CourseRow } from '../courses/service.ts';
import { assertTokenInOrg, assertTokenRight } from '../roles/access.ts';
import { ASSIGNMENT_NOT_FOUND } from './lookups.ts';
import type { AssignmentRow } from './queries.ts';

export const TOKENS_REFUSED = 'API tokens cannot access assignments. Only user authentication is allowed.';
export const ACTIVITY_LOCKED = 'This activity is locked for you';

export type Verb = 'create' | 'read' | 'update' | 'delete';

export interface AssignmentCaller {
  principal: SessionUser | TokenPrincipal;
  /** May see every learner's work and the answer keys, and grade: a course editor or a token. */
  instructor: boolean;
}

/** Session-only endpoints (the learner's own data, retries, mark done). */
export function requireSession(principal: Principal): asserts principal is SessionUser {
  requireSessionUser(principal, TOKENS_REFUSED);
}

export function authenticated(principal: Principal): SessionUser | TokenPrincipal {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  return principal;
}

/** The token's org boundary first, then the named action of its `assignments` bucket. */
export function assertTokenMay(token: TokenPrincipal, course: CourseRow, verb: Verb): void {
  assertTokenInOrg(token, course.org_id);
  assertTokenRight(token, 'assignments', actionOf(verb));
}

/** Does the token hold this `assignments` action in this organization? (No throwing.) */
export function tokenHolds(token: TokenPrincipal, orgId: number, verb: Verb): boolean {
  return token.orgId === orgId && allows(token.rights, 'assignments', actionOf(verb));
}

export async function isCourseEditor(db: Executor, user: SessionUser, course: CourseRow): Promise<boolean> {
  return mayEditCourse(db, await courseCaller(db, user, course.org_id), course);
}

/** Reading: tokens need `assignments.read`; users must be able to read the course. */
export async function authorizeRead(
  db: Executor,
  principal: Principal,
  course: CourseRow,
): Promise<AssignmentCaller> {
  const caller = authenticated(principal);
  if (caller.kind === 'token') {
    assertTokenMay(caller, course, 'read');
    return { principal: caller, instructor: true };
  }
  const access = await requireCourseRead(db, caller, course);
  return { principal: caller, instructor: await mayEditCourse(db, access, course) };
}

/** Reading every learner's work: tokens need `assignments.read`; users must be able to edit the course. */
export async function authorizeInstructorRead(
  db: Executor,
  principal: Principal,
  course: CourseRow,
): Promise<AssignmentCaller> {
  const caller = authenticated(principal);
  if (caller.kind === 'token') assertTokenMay(caller, course, 'read');
  else await requireCourseEdit(db, caller, course, 'update');
  return { principal: caller, instructor: true };
}

/**
 * Authoring and grading: tokens need the bucket's action; users must be able to edit the
 * course (for `delete`, to delete from it).
 */
export async function authorizeEdit(
  db: Executor,
  principal: Principal,
  course: CourseRow,
  verb: Exclude<Verb, 'read'>,
): Promise<AssignmentCaller> {
  const caller = authenticated(principal);
  if (caller.kind === 'token') assertTokenMay(caller, course, verb);
  else await requireCourseEdit(db, caller, course, verb);
  return { principal: caller, instructor: true };
}

/**
 * A learner reaches an assignment only through its activity, as the course tree shows it:
 * a draft (or an activity unlinked from the tree) does not exist for them, and a locked one
 * (its own lock or its chapter's) is closed to them. Instructors and tokens are not asked.
 */
export async function requireAssignmentOpen(
  db: Executor,
  principal: Principal,
  assignment: AssignmentRow,
  course: CourseRow,
): Promise<void> {
  const reach = await assignmentReach(db, principal, assignment, course);
  if (reach === 'hidden') throw notFound(ASSIGNMENT_NOT_FOUND);
  if (reach === 'locked') throw forbidden(ACTIVITY_LOCKED);
}

/** The same rule as a yes/no, for lists: only what the learner can open is listed. */
export async function isAssignmentOpen(
  db: Executor,
  principal: Principal,
  assignment: AssignmentRow,
  course: CourseRow,
): Promise<boolean> {
  return (await assignmentReach(db, principal, assignment, course)) === 'open';
}

async function assignmentReach(
  db: Executor,
  principal: Principal,
  assignment: AssignmentRow,
  course: CourseRow,
): Promise<'open' | 'hidden' | 'locked'> {
  const activity = await findActivityById(db, assignment.activity_id);
  if (!activity) return 'hidden';
  const { hidden, locked } = await readerAccess(db, principal, activity, course);
  return hidden ? 'hidden' : locked ? 'locked' : 'open';
}

/**
 * A learner acting for themself must be able to read the course ("enrolled", in the product's
 * words) and reach the assignment's activity.
 */
export async function requireLearnerOf(
  db: Executor,
  user: SessionUser,
  course: CourseRow,
  assignment: AssignmentRow,
  message: string,
): Promise<void> {
  if (!(await mayReadCourse(db, await courseCaller(db, user, course.org_id), course)))
    throw forbidden(message);
  await requireAssignmentOpen(db, user, assignment, course);
}

/** Non-instructors may only look at their own rows. */
export function assertOwnUnlessInstructor(caller: AssignmentCaller, userId: number, message: string): void {
  if (caller.instructor) return;
  if (caller.principal.kind !== 'user' || caller.principal.id !== userId) throw forbidden(message);
}
