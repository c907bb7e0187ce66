/** SQL for chapters and the course tree (chapter order, activity order). */
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { ChaptersTable } from './tables.ts';

export type ChapterRow = Omit<ChaptersTable, 'id'> & { id: number };

export function findChapterById(db: Executor, id: number): Promise<ChapterRow | undefined> {
  return db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChapterByUuid(db: Executor, uuid: string): Promise<ChapterRow | undefined> {
  return db.selectFrom('chapters').selectAll().where('chapter_uuid', '=', uuid).executeTakeFirst();
}

export function findChaptersByIds(db: Executor, ids: number[]): Promise<ChapterRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('chapters').selectAll().where('id', 'in', ids).execute();
}

export function insertChapter(db: Executor, chapter: Omit<ChaptersTable, 'id'>): Promise<ChapterRow> {
  return db.insertInto('chapters').values(chapter).returningAll().executeTakeFirstOrThrow();
}

export function updateChapter(
  db: Executor,
  id: number,
  patch: Updateable<ChaptersTable>,
): Promise<ChapterRow> {
  return db.updateTable('chapters').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteChapter(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('chapters').where('id', '=', id).execute();
}

/** The course's linked chapters in order. */
export function listLinkedChapters(db: Executor, courseId: number): Promise<ChapterRow[]> {
  return db
    .selectFrom('chapters')
    .innerJoin('course_chapters', 'course_chapters.chapter_id', 'chapters.id')
    .selectAll('chapters')
    .where('course_chapters.course_id', '=', courseId)
    .orderBy('course_chapters.position')
    .orderBy('chapters.id')
    .execute();
}

/** Every chapter of the course, linked or not (for uuid cleanup). */
export function listAllChapterUuids(db: Executor, courseId: number): Promise<string[]> {
  return db
    .selectFrom('chapters')
    .select('chapter_uuid')
    .where('course_id', '=', courseId)
    .execute()
    .then((rows) => rows.map((r) => r.chapter_uuid));
}

export async function nextChapterPosition(db: Executor, courseId: number): Promise<number> {
  const row = await db
    .selectFrom('course_chapters')
    .select(sql<number>`coalesce(max(position), 0)`.as('max'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.max) + 1;
}

export async function linkChapter(db: Executor, chapterId: number, courseId: number, position: number) {
  await db
    .insertInto('course_chapters')
    .values({ chapter_id: chapterId, course_id: courseId, position })
    .execute();
}

export function isChapterLinked(db: Executor, chapterId: number): Promise<boolean> {
  return db
    .selectFrom('course_chapters')
    .select('chapter_id')
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function nextActivityPosition(db: Executor, chapterId: number): Promise<number> {
  const row = await db
    .selectFrom('chapter_activities')
    .select(sql<number>`coalesce(max(position), 0)`.as('max'))
    .where('chapter_id', '=', chapterId)
    .executeTakeFirstOrThrow();
  return Number(row.max) + 1;
}

export async function linkActivity(
  db: Executor,
  activityId: number,
  chapterId: number,
  courseId: number,
  position: number,
) {
  await db
    .insertInto('chapter_activities')
    .values({ activity_id: activityId, chapter_id: chapterId, course_id: courseId, position })
    .execute();
}

export interface ActivityLink {
  activity_id: number;
  chapter_id: number;
  position: number;
}

/** Activity links of the course, in chapter order then activity order. */
export function listActivityLinks(db: Executor, courseId: number): Promise<ActivityLink[]> {
  return db
    .selectFrom('chapter_activities')
    .select(['activity_id', 'chapter_id', 'position'])
    .where('course_id', '=', courseId)
    .orderBy('chapter_id')
    .orderBy('position')
    .orderBy('activity_id')
    .execute();
}

export function findActivityLink(db: Executor, activityId: number): Promise<ActivityLink | undefined> {
  return db
    .selectFrom('chapter_activities')
    .select(['activity_id', 'chapter_id', 'position'])
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
}

export function listChapterActivityLinks(db: Executor, chapterId: number): Promise<ActivityLink[]> {
  return db
    .selectFrom('chapter_activities')
    .select(['activity_id', 'chapter_id', 'position'])
    .where('chapter_id', '=', chapterId)
    .orderBy('position')
    .orderBy('activity_id')
    .execute();
}

export async function unlinkActivity(db: Executor, activityId: number): Promise<void> {
  await db.deleteFrom('chapter_activities').where('activity_id', '=', activityId).execute();
}

/** Replaces the whole tree of a course: the listed chapters and activities, in the listed order. */
export async function replaceTree(
  db: Executor,
  courseId: number,
  tree: { chapterId: number; activityIds: number[] }[],
): Promise<void> {
  await db.deleteFrom('chapter_activities').where('course_id', '=', courseId).execute();
  await db.deleteFrom('course_chapters').where('course_id', '=', courseId).execute();
  if (tree.length === 0) return;
  await db
    .insertInto('course_chapters')
    .values(
      tree.map((node, index) => ({ chapter_id: node.chapterId, course_id: courseId, position: index + 1 })),
    )
    .execute();
  const links = tree.flatMap((node) =>
    node.activityIds.map((activityId, index) => ({
      activity_id: activityId,
      chapter_id: node.chapterId,
      course_id: courseId,
      position: index + 1,
    })),
  );
  if (links.length > 0) await db.insertInto('chapter_activities').values(links).execute();
}

/** Ids of the activities linked into the course's chapters. */
export function linkedActivityIds(db: Executor, courseId: number): Promise<number[]> {
  return db
    .selectFrom('chapter_activities')
    .select('activity_id')
    .where('course_id', '=', courseId)
    .execute()
    .then((rows) => rows.map((r) => r.activity_id));
}
