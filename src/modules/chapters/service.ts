/**
 * Chapters and the course tree. The order call replaces the whole tree: listed chapters
 * and activities take the listed order, anything omitted is unlinked (never deleted), and
 * ids from another course are refused before anything changes.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { findActivitiesByIds } from '../activities/service.ts';
import { type CourseCaller, mayEditCourse, requireCourseEdit, requireCourseRead } from '../courses/access.ts';
import { type CourseRow, getCourseByIdOr404, getCourseOr404 } from '../courses/service.ts';
import { deleteResourceLinks } from '../usergroups/service.ts';
import { type LockView, lockViewFor } from './locks.ts';
import * as queries from './queries.ts';
import type { ChapterCreate, ChapterOrder, ChapterUpdate } from './schemas.ts';

export type { ChapterRow } from './queries.ts';
export {
  findActivityLink,
  findChapterById,
  findChapterByUuid,
  linkActivity,
  linkedActivityIds,
  listActivityLinks,
  listAllChapterUuids,
  listLinkedChapters,
  nextActivityPosition,
  unlinkActivity,
} from './queries.ts';

export async function getChapterOr404(db: Executor, chapterId: number) {
  const chapter = await queries.findChapterById(db, chapterId);
  if (!chapter) throw notFound('Chapter not found');
  return chapter;
}

export async function createChapter(
  ctx: AppContext,
  principal: Principal,
  input: Static<typeof ChapterCreate>,
) {
  const { chapter, course, caller } = await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseByIdOr404(trx, input.course_id);
    const caller = await requireCourseEdit(trx, principal, course, 'create');
    if (input.org_id !== course.org_id) throw badRequest("org_id does not match the course's organization");
    const now = formatDateTime();
    const chapter = await queries.insertChapter(trx, {
      chapter_uuid: prefixedUuid('chapter'),
      org_id: course.org_id,
      course_id: course.id,
      name: input.name.trim(),
      description: input.description ?? '',
      thumbnail_image: input.thumbnail_image ?? '',
      lock_type: input.lock_type ?? 'public',
      extra_metadata: input.extra_metadata ? JSON.stringify(input.extra_metadata) : null,
      creation_date: now,
      update_date: now,
    });
    await queries.linkChapter(trx, chapter.id, course.id, await queries.nextChapterPosition(trx, course.id));
    return { chapter, course, caller };
  });
  // The caller was allowed to write: the answer does not need a separate read right.
  return chapterForCaller(ctx.database.db, caller, course, chapter);
}

/** What one caller sees of a course's tree: edit rights (drafts) and locks. */
export interface TreeView {
  caller: CourseCaller;
  canEdit: boolean;
  locks: LockView;
}

export async function treeViewFor(
  db: Executor,
  caller: CourseCaller,
  course: CourseRow,
  uuids: string[],
): Promise<TreeView> {
  const canEdit = await mayEditCourse(db, caller, course);
  return { caller, canEdit, locks: await lockViewFor(db, caller, canEdit, course.course_uuid, uuids) };
}

/** A chapter with its activities (in order; drafts only for editors), locks applied. */
export async function readChapter(ctx: AppContext, principal: Principal, chapterId: number) {
  const db = ctx.database.db;
  const chapter = await getChapterOr404(db, chapterId);
  const course = await getCourseByIdOr404(db, chapter.course_id);
  const caller = await requireCourseRead(db, principal, course);
  return chapterForCaller(db, caller, course, chapter);
}

export type ChapterForCaller = Awaited<ReturnType<typeof chapterForCaller>>;

async function chapterForCaller(
  db: Executor,
  caller: CourseCaller,
  course: CourseRow,
  chapter: queries.ChapterRow,
) {
  const links = await queries.listChapterActivityLinks(db, chapter.id);
  const activities = await findActivitiesByIds(
    db,
    links.map((link) => link.activity_id),
  );
  const byId = new Map(activities.map((a) => [a.id, a]));
  const view = await treeViewFor(db, caller, course, [
    chapter.chapter_uuid,
    ...activities.map((a) => a.activity_uuid),
  ]);
  const ordered = links.map((link) => byId.get(link.activity_id)!).filter((a) => view.canEdit || a.published);
  return { chapter, ordered, view };
}

export async function updateChapter(
  ctx: AppContext,
  principal: Principal,
  chapterId: number,
  input: Static<typeof ChapterUpdate>,
) {
  const { chapter, course, caller } = await ctx.database.db.transaction().execute(async (trx) => {
    const current = await getChapterOr404(trx, chapterId);
    const course = await getCourseByIdOr404(trx, current.course_id);
    const caller = await requireCourseEdit(trx, principal, course);
    const chapter = await queries.updateChapter(trx, current.id, {
      name: input.name?.trim() ?? current.name,
      description: input.description === undefined ? current.description : input.description,
      thumbnail_image: input.thumbnail_image === undefined ? current.thumbnail_image : input.thumbnail_image,
      lock_type: input.lock_type ?? current.lock_type,
      extra_metadata:
        input.extra_metadata === undefined
          ? current.extra_metadata
          : input.extra_metadata === null
            ? null
            : JSON.stringify(input.extra_metadata),
      update_date: formatDateTime(),
    });
    return { chapter, course, caller };
  });
  return chapterForCaller(ctx.database.db, caller, course, chapter);
}

/** Deletes the chapter; its activities stay, unlinked. */
export async function deleteChapter(ctx: AppContext, principal: Principal, chapterId: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const chapter = await getChapterOr404(trx, chapterId);
    await requireCourseEdit(trx, principal, await getCourseByIdOr404(trx, chapter.course_id), 'delete');
    await deleteResourceLinks(trx, [chapter.chapter_uuid]);
    await queries.deleteChapter(trx, chapter.id);
  });
}

export async function reorderCourse(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  input: Static<typeof ChapterOrder>,
): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course);
    const chapterIds = input.chapter_order_by_ids.map((node) => node.chapter_id);
    const activityIds = input.chapter_order_by_ids.flatMap((node) =>
      node.activities_order_by_ids.map((a) => a.activity_id),
    );
    if (new Set(chapterIds).size !== chapterIds.length)
      throw badRequest('A chapter is listed more than once');
    if (new Set(activityIds).size !== activityIds.length)
      throw badRequest('An activity is listed more than once');
    const chapters = await queries.findChaptersByIds(trx, chapterIds);
    for (const id of chapterIds) {
      const chapter = chapters.find((c) => c.id === id);
      if (!chapter || chapter.course_id !== course.id)
        throw badRequest(`Chapter ${id} is not part of this course`);
    }
    const activities = await findActivitiesByIds(trx, activityIds);
    for (const id of activityIds) {
      const activity = activities.find((a) => a.id === id);
      if (!activity || activity.course_id !== course.id)
        throw badRequest(`Activity ${id} is not part of this course`);
    }
    await queries.replaceTree(
      trx,
      course.id,
      input.chapter_order_by_ids.map((node) => ({
        chapterId: node.chapter_id,
        activityIds: node.activities_order_by_ids.map((a) => a.activity_id),
      })),
    );
  });
}
