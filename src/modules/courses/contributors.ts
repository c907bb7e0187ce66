/**
 * Course contributors: authors added by username (as PENDING contributors until accepted),
 * removed in bulk, changed one by one; people may apply when the course is open to them.
 * The creator is never removed or demoted.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import { emit } from '../../core/events/emit.ts';
import { formatDateTime } from '../../core/time.ts';
import { findMembership } from '../roles/service.ts';
import { findUserByUsername } from '../users/service.ts';
import { requireCourseEdit, requireCourseRead } from './access.ts';
import * as queries from './queries.ts';
import { getCourseOr404 } from './service.ts';
import type { Authorship, AuthorshipStatus } from './tables.ts';

export async function listContributors(ctx: AppContext, principal: Principal, courseUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  await requireCourseRead(db, principal, course);
  return { course, authors: await queries.listAuthors(db, [course.id]) };
}

interface BulkResult {
  successful: { username: string; user_id: number }[];
  failed: { username: string; reason: string }[];
}

export async function addContributors(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  usernames: string[],
) {
  return ctx.database.db.transaction().execute(async (trx): Promise<BulkResult> => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course);
    const result: BulkResult = { successful: [], failed: [] };
    for (const username of [...new Set(usernames.map((u) => u.trim()).filter(Boolean))]) {
      const user = await findUserByUsername(trx, username);
      if (!user) {
        result.failed.push({ username, reason: 'User not found' });
      } else if (!(await findMembership(trx, user.id, course.org_id))) {
        result.failed.push({ username, reason: 'User is not a member of this organization' });
      } else if (await queries.findAuthor(trx, course.id, user.id)) {
        result.failed.push({ username, reason: 'User is already a contributor' });
      } else {
        const now = formatDateTime();
        await queries.insertAuthor(trx, {
          course_id: course.id,
          user_id: user.id,
          authorship: 'CONTRIBUTOR',
          authorship_status: 'PENDING',
          creation_date: now,
          update_date: now,
        });
        result.successful.push({ username: user.username, user_id: user.id });
      }
    }
    if (result.successful.length > 0) {
      await emit(trx, course.org_id, 'course_contributor_added', {
        course_uuid: course.course_uuid,
        contributors: result.successful,
      });
    }
    return result;
  });
}

export async function removeContributors(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  usernames: string[],
) {
  return ctx.database.db.transaction().execute(async (trx): Promise<BulkResult> => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course);
    const result: BulkResult = { successful: [], failed: [] };
    for (const username of [...new Set(usernames.map((u) => u.trim()).filter(Boolean))]) {
      const user = await findUserByUsername(trx, username);
      const author = user ? await queries.findAuthor(trx, course.id, user.id) : undefined;
      if (!user || !author) {
        result.failed.push({ username, reason: 'User is not a contributor of this course' });
      } else if (author.authorship === 'CREATOR') {
        result.failed.push({ username, reason: 'The course creator cannot be removed' });
      } else {
        await queries.deleteAuthor(trx, author.id);
        result.successful.push({ username: user.username, user_id: user.id });
      }
    }
    if (result.successful.length > 0) {
      await emit(trx, course.org_id, 'course_contributor_removed', {
        course_uuid: course.course_uuid,
        contributors: result.successful,
      });
    }
    return result;
  });
}

export async function updateContributor(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  userId: number,
  change: { authorship?: Authorship; authorship_status?: AuthorshipStatus },
) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course);
    const author = await queries.findAuthor(trx, course.id, userId);
    if (!author) throw notFound('Contributor not found');
    if (author.authorship === 'CREATOR') throw badRequest('Cannot modify the role of the course creator');
    if (change.authorship === 'CREATOR') throw badRequest('A course has exactly one creator');
    await queries.updateAuthor(trx, author.id, {
      authorship: change.authorship ?? author.authorship,
      authorship_status: change.authorship_status ?? author.authorship_status,
      update_date: formatDateTime(),
    });
  });
}

export async function applyToContribute(ctx: AppContext, principal: Principal, courseUuid: string) {
  if (principal.kind === 'anonymous') throw unauthorized();
  if (principal.kind !== 'user') throw forbidden('Only users can apply to contribute');
  await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    if (!course.open_to_contributors) throw forbidden('This course is not open to contributors');
    await requireCourseRead(trx, principal, course);
    if (await queries.findAuthor(trx, course.id, principal.id))
      throw badRequest('You are already a contributor of this course');
    const now = formatDateTime();
    await queries.insertAuthor(trx, {
      course_id: course.id,
      user_id: principal.id,
      authorship: 'CONTRIBUTOR',
      authorship_status: 'PENDING',
      creation_date: now,
      update_date: now,
    });
  });
}
