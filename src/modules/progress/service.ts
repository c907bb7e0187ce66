/**
 * Learner progress. Enrolling creates a run for the course; marking an activity done
 * creates a step (the first completion fires `activity_completed`); when every published
 * activity of the course is done, the run completes once: the certificate (if the course
 * has one) is awarded and `course_completed` fires.
 */
import { type Principal, requireSessionUser, type SessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  type ActivityRow,
  findActivitiesByIds,
  getActivityOr404,
  publishedActivityIds,
  readActivity,
} from '../activities/service.ts';
import { awardCertificate, revokeCertificate } from '../certifications/service.ts';
import { linkedActivityIds } from '../chapters/service.ts';
import { requireCourseEdit, requireCourseRead } from '../courses/access.ts';
import { toEventCourse } from '../courses/present.ts';
import { type CourseRow, getCourseByIdOr404, getCourseOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { toEventUser } from '../users/present.ts';
import { getUserOr404, type UserRow } from '../users/service.ts';
import * as queries from './queries.ts';

export type { TrailRow, TrailRunRow, TrailStepRow } from './queries.ts';

async function ensureTrail(trx: Executor, orgId: number, userId: number) {
  const existing = await queries.findTrail(trx, orgId, userId);
  if (existing) return existing;
  const now = formatDateTime();
  return queries.insertTrail(trx, {
    trail_uuid: prefixedUuid('trail'),
    org_id: orgId,
    user_id: userId,
    creation_date: now,
    update_date: now,
  });
}

/** The user's run through the course, created (not yet counted as an enrolment) when missing. */
export async function ensureRun(trx: Executor, userId: number, course: CourseRow) {
  const existing = await queries.findRun(trx, course.id, userId);
  if (existing) return existing;
  const trail = await ensureTrail(trx, course.org_id, userId);
  const now = formatDateTime();
  return queries.insertRun(trx, {
    trail_id: trail.id,
    course_id: course.id,
    user_id: userId,
    org_id: course.org_id,
    status: 'STATUS_IN_PROGRESS',
    enrolled: false,
    creation_date: now,
    update_date: now,
  });
}

/** Enrols the user in the course; `course_enrolled` fires on the first enrolment only. */
export async function enrolUser(trx: Executor, user: UserRow, course: CourseRow): Promise<boolean> {
  const run = await ensureRun(trx, user.id, course);
  if (run.enrolled) return false;
  await queries.updateRun(trx, run.id, { enrolled: true, update_date: formatDateTime() });
  await emit(trx, course.org_id, 'course_enrolled', {
    user: toEventUser(user),
    course: toEventCourse(course),
  });
  return true;
}

/** Completes the run once every published activity of the course is done. */
async function completeCourseIfDone(trx: Executor, user: UserRow, course: CourseRow): Promise<void> {
  const run = await ensureRun(trx, user.id, course);
  if (run.status === 'STATUS_COMPLETED') return;
  const activityIds = await publishedActivityIds(trx, await linkedActivityIds(trx, course.id));
  if (activityIds.length === 0) return;
  if ((await queries.countCompleted(trx, user.id, activityIds)) < activityIds.length) return;
  await queries.updateRun(trx, run.id, { status: 'STATUS_COMPLETED', update_date: formatDateTime() });
  await awardCertificate(trx, user, course);
  await emit(trx, course.org_id, 'course_completed', {
    user: toEventUser(user),
    course: toEventCourse(course),
  });
}

export interface CompletionOptions {
  /** Flip a step that was reopened (after a retry or a rejection); a learner's own "mark done" does not. */
  reopen?: boolean;
  teacherVerified?: boolean;
}

/**
 * Marks the activity done for the user, in the caller's transaction. Returns whether this
 * was a new completion (which fired `activity_completed`).
 */
export async function completeActivity(
  trx: Executor,
  user: UserRow,
  activity: ActivityRow,
  course: CourseRow,
  options: CompletionOptions = {},
): Promise<boolean> {
  const run = await ensureRun(trx, user.id, course);
  const step = await queries.findStep(trx, activity.id, user.id);
  const now = formatDateTime();
  let newlyComplete = false;
  if (!step) {
    await queries.insertStep(trx, {
      trail_run_id: run.id,
      activity_id: activity.id,
      course_id: course.id,
      user_id: user.id,
      complete: true,
      teacher_verified: options.teacherVerified ?? false,
      grade: '',
      creation_date: now,
      update_date: now,
    });
    newlyComplete = true;
  } else if (!step.complete && options.reopen) {
    await queries.updateStep(trx, step.id, {
      complete: true,
      teacher_verified: options.teacherVerified ?? step.teacher_verified,
      update_date: now,
    });
  } else if (options.teacherVerified && !step.teacher_verified) {
    await queries.updateStep(trx, step.id, { teacher_verified: true, update_date: now });
  }
  if (newlyComplete) {
    await emit(trx, course.org_id, 'activity_completed', {
      user: toEventUser(user),
      activity: { activity_uuid: activity.activity_uuid, activity_type: activity.activity_type },
      course: toEventCourse(course),
    });
  }
  await completeCourseIfDone(trx, user, course);
  return newlyComplete;
}

/** Undoes a completion (a retry or a teacher's rejection): the step reopens, the run and certificate go back. */
export async function reopenActivity(
  trx: Executor,
  userId: number,
  activity: ActivityRow,
  course: CourseRow,
) {
  const step = await queries.findStep(trx, activity.id, userId);
  if (step) {
    await queries.updateStep(trx, step.id, {
      complete: false,
      teacher_verified: false,
      grade: '',
      update_date: formatDateTime(),
    });
  }
  const run = await queries.findRun(trx, course.id, userId);
  if (run?.status === 'STATUS_COMPLETED') {
    await queries.updateRun(trx, run.id, { status: 'STATUS_IN_PROGRESS', update_date: formatDateTime() });
  }
  await revokeCertificate(trx, userId, course.id);
}

export function hasCompletionStep(db: Executor, activityId: number, userId: number) {
  return queries.findStep(db, activityId, userId);
}

// --- HTTP-facing operations (session users acting for themselves) ---

async function sessionUserRow(ctx: AppContext, principal: Principal): Promise<UserRow> {
  requireSessionUser(principal);
  return getUserOr404(ctx.database.db, (principal as SessionUser).id);
}

export async function startTrail(ctx: AppContext, principal: Principal, orgId: number, userId: number) {
  const user = await sessionUserRow(ctx, principal);
  if (userId !== user.id) throw badRequest('You can only start your own trail');
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    if (await queries.findTrail(trx, orgId, user.id)) throw badRequest('Trail already exists');
    return ensureTrail(trx, orgId, user.id);
  });
}

export async function myTrail(ctx: AppContext, principal: Principal, orgId?: number) {
  const user = await sessionUserRow(ctx, principal);
  if (orgId === undefined) {
    const trail = await queries.findFirstTrailOfUser(ctx.database.db, user.id);
    if (!trail) throw notFound('Trail not found');
    return trail;
  }
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    return ensureTrail(trx, orgId, user.id);
  });
}

export async function enrolSelf(ctx: AppContext, principal: Principal, courseUuid: string) {
  const user = await sessionUserRow(ctx, principal);
  return ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseRead(trx, principal, course);
    if (!(await enrolUser(trx, user, course))) throw badRequest('TrailRun already exists');
    return queries.findTrail(trx, course.org_id, user.id);
  });
}

export async function leaveCourse(ctx: AppContext, principal: Principal, courseUuid: string) {
  const user = await sessionUserRow(ctx, principal);
  await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    const run = await queries.findRun(trx, course.id, user.id);
    if (!run) throw notFound('TrailRun not found');
    await queries.deleteRun(trx, run.id);
  });
}

export async function markDoneSelf(ctx: AppContext, principal: Principal, activityUuid: string) {
  const user = await sessionUserRow(ctx, principal);
  const { activity, course, locked } = await readActivity(ctx, principal, activityUuid);
  if (locked) throw badRequest('This activity is locked for you');
  await ctx.database.db.transaction().execute((trx) => completeActivity(trx, user, activity, course));
  return queries.findTrail(ctx.database.db, course.org_id, user.id);
}

export async function unmarkDoneSelf(ctx: AppContext, principal: Principal, activityUuid: string) {
  const user = await sessionUserRow(ctx, principal);
  await ctx.database.db.transaction().execute(async (trx) => {
    const activity = await getActivityOr404(trx, activityUuid);
    const step = await queries.findStep(trx, activity.id, user.id);
    if (!step) throw notFound('TrailStep not found');
    await queries.deleteStep(trx, step.id);
    const course = await getCourseByIdOr404(trx, activity.course_id);
    const run = await queries.findRun(trx, course.id, user.id);
    if (run?.status === 'STATUS_COMPLETED') {
      await queries.updateRun(trx, run.id, { status: 'STATUS_IN_PROGRESS', update_date: formatDateTime() });
    }
  });
}

export interface CourseProgress {
  course: CourseRow;
  userId: number;
  enrolled: boolean;
  completed: boolean;
  activities: { activity: ActivityRow; complete: boolean }[];
}

async function progressOf(db: Executor, course: CourseRow, userId: number): Promise<CourseProgress> {
  const run = await queries.findRun(db, course.id, userId);
  const ids = await publishedActivityIds(db, await linkedActivityIds(db, course.id));
  const activities = await findActivitiesByIds(db, ids);
  const done = new Set(await queries.listCompletedActivityIds(db, userId, course.id));
  return {
    course,
    userId,
    enrolled: run?.enrolled ?? false,
    completed: run?.status === 'STATUS_COMPLETED',
    activities: activities.map((activity) => ({ activity, complete: done.has(activity.id) })),
  };
}

/** A learner's progress in a course: their own, or anyone's for people who may edit the course. */
export async function courseProgress(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  userId?: number,
) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  const self = principal.kind === 'user' ? principal.id : undefined;
  const target = userId ?? self;
  if (target === undefined) throw badRequest('user_id is required');
  if (target === self) await requireCourseRead(db, principal, course);
  else await requireCourseEdit(db, principal, course);
  await getUserOr404(db, target);
  return progressOf(db, course, target);
}

/** Every learner with a run in the course (instructors and tokens with course edit rights). */
export async function courseLearners(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  await requireCourseEdit(db, principal, course);
  const runs = await queries.listRunsOfCourse(db, course.id, (page - 1) * limit, limit);
  return Promise.all(runs.map((run) => progressOf(db, course, run.user_id)));
}

export async function trailDetails(db: Executor, trail: queries.TrailRow) {
  const runs = await queries.listRunsOfTrail(db, trail.id);
  const steps = await queries.listStepsOfRuns(
    db,
    runs.map((r) => r.id),
  );
  return { trail, runs, steps };
}
