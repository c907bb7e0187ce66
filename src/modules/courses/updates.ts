/** Course updates (announcements). Posting one fires `course_update_published`. */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { requireCourseEdit, requireCourseRead } from './access.ts';
import * as queries from './queries.ts';
import { getCourseOr404 } from './service.ts';

export async function listUpdates(ctx: AppContext, principal: Principal, courseUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  await requireCourseRead(db, principal, course);
  return queries.listUpdates(db, course.id);
}

export async function postUpdate(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  input: { title: string; content: string; linked_activity_uuids?: string | null },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course);
    const now = formatDateTime();
    const update = await queries.insertUpdate(trx, {
      courseupdate_uuid: prefixedUuid('courseupdate'),
      course_id: course.id,
      // The course decides the organization, whatever the body says.
      org_id: course.org_id,
      title: input.title,
      content: input.content,
      linked_activity_uuids: input.linked_activity_uuids ?? null,
      creation_date: now,
      update_date: now,
    });
    await emit(trx, course.org_id, 'course_update_published', {
      courseupdate_uuid: update.courseupdate_uuid,
      course_uuid: course.course_uuid,
    });
    return update;
  });
}

async function updateOr404(ctx: AppContext, principal: Principal, courseUuid: string, updateUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  await requireCourseEdit(db, principal, course);
  const update = await queries.findUpdate(db, course.id, updateUuid);
  if (!update) throw notFound('Course update not found');
  return update;
}

export async function editUpdate(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  updateUuid: string,
  input: { title?: string; content?: string; linked_activity_uuids?: string | null },
) {
  const update = await updateOr404(ctx, principal, courseUuid, updateUuid);
  return queries.updateUpdate(ctx.database.db, update.id, {
    title: input.title ?? update.title,
    content: input.content ?? update.content,
    linked_activity_uuids:
      input.linked_activity_uuids === undefined ? update.linked_activity_uuids : input.linked_activity_uuids,
    update_date: formatDateTime(),
  });
}

export async function deleteUpdate(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  updateUuid: string,
) {
  const update = await updateOr404(ctx, principal, courseUuid, updateUuid);
  await queries.deleteUpdate(ctx.database.db, update.id);
}
