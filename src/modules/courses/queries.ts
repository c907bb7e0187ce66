/** SQL for courses, their authors and their updates. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { CourseAuthorsTable, CoursesTable, CourseUpdatesTable } from './tables.ts';

export type CourseRow = Selectable<CoursesTable>;
type NewCourse = Omit<Insertable<CoursesTable>, 'id' | 'tree_version'>;
export type CourseAuthorRow = Omit<CourseAuthorsTable, 'id'> & { id: number };
export type CourseUpdateRow = Omit<CourseUpdatesTable, 'id'> & { id: number };

export function findCourseByUuid(db: Executor, uuid: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('course_uuid', '=', uuid).executeTakeFirst();
}

export function findCourseById(db: Executor, id: number): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCoursesByIds(db: Executor, ids: number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').selectAll().where('id', 'in', ids).execute();
}

export function insertCourse(db: Executor, course: NewCourse): Promise<CourseRow> {
  return db.insertInto('courses').values(course).returningAll().executeTakeFirstOrThrow();
}

/** Many courses in one statement (bulk loads such as the search benchmark). */
export function insertCourses(db: Executor, courses: NewCourse[]): Promise<CourseRow[]> {
  if (courses.length === 0) return Promise.resolve([]);
  return db.insertInto('courses').values(courses).returningAll().execute();
}

export function updateCourse(db: Executor, id: number, patch: Updateable<CoursesTable>): Promise<CourseRow> {
  return db.updateTable('courses').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteCourse(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('courses').where('id', '=', id).execute();
}

export interface ListingFilter {
  orgId: number;
  /** Every course of the org (editors, tokens). */
  all: boolean;
  /** Members see private published courses too… */
  member: boolean;
  /** …except these: linked to user groups the caller is not in. */
  hiddenFromMember: string[];
  /** Courses this user authors (ACTIVE), shown even when unpublished or private. */
  authorUserId?: number;
}

/** One page of an org's courses visible under the filter, newest first. */
export function listCourses(
  db: Executor,
  filter: ListingFilter,
  offset: number,
  limit: number,
): Promise<CourseRow[]> {
  let query = db.selectFrom('courses').selectAll().where('org_id', '=', filter.orgId);
  if (!filter.all) {
    query = query.where((eb) => {
      const visibleToMember =
        filter.hiddenFromMember.length === 0
          ? eb('published', '=', true)
          : eb.and([
              eb('published', '=', true),
              eb.or([eb('public', '=', true), eb('course_uuid', 'not in', filter.hiddenFromMember)]),
            ]);
      const published = filter.member
        ? visibleToMember
        : eb.and([eb('published', '=', true), eb('public', '=', true)]);
      if (filter.authorUserId === undefined) return published;
      return eb.or([
        published,
        eb(
          'id',
          'in',
          eb
            .selectFrom('course_authors')
            .select('course_id')
            .where('user_id', '=', filter.authorUserId)
            .where('authorship_status', '=', 'ACTIVE')
            .where('authorship', 'in', ['CREATOR', 'MAINTAINER', 'CONTRIBUTOR']),
        ),
      ]);
    });
  }
  return query.orderBy('creation_date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export function listAuthors(db: Executor, courseIds: number[]): Promise<CourseAuthorRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_authors')
    .selectAll()
    .where('course_id', 'in', courseIds)
    .orderBy('id')
    .execute();
}

export function findAuthor(
  db: Executor,
  courseId: number,
  userId: number,
): Promise<CourseAuthorRow | undefined> {
  return db
    .selectFrom('course_authors')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertAuthor(db: Executor, author: Omit<CourseAuthorsTable, 'id'>): Promise<void> {
  await db.insertInto('course_authors').values(author).execute();
}

export async function updateAuthor(
  db: Executor,
  id: number,
  patch: Updateable<CourseAuthorsTable>,
): Promise<void> {
  await db.updateTable('course_authors').set(patch).where('id', '=', id).execute();
}

export async function deleteAuthor(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('course_authors').where('id', '=', id).execute();
}

export function listUpdates(db: Executor, courseId: number): Promise<CourseUpdateRow[]> {
  return db
    .selectFrom('course_updates')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('creation_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findUpdate(
  db: Executor,
  courseId: number,
  uuid: string,
): Promise<CourseUpdateRow | undefined> {
  return db
    .selectFrom('course_updates')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('courseupdate_uuid', '=', uuid)
    .executeTakeFirst();
}

export function insertUpdate(db: Executor, update: Omit<CourseUpdatesTable, 'id'>): Promise<CourseUpdateRow> {
  return db.insertInto('course_updates').values(update).returningAll().executeTakeFirstOrThrow();
}

export function updateUpdate(
  db: Executor,
  id: number,
  patch: Updateable<CourseUpdatesTable>,
): Promise<CourseUpdateRow> {
  return db
    .updateTable('course_updates')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUpdate(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('course_updates').where('id', '=', id).execute();
}
