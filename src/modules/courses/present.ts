/**
 * Courses as the API shows them (CourseRead), with their authors loaded in one batch.
 * Author e-mail addresses are shown only to readers inside the course's organization:
 * a public course is readable by anyone, and its authors' addresses are not anyone's.
 */
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../core/events/emit.ts';
import { toUserRead } from '../users/present.ts';
import { findUsersByIds, type UserRow } from '../users/service.ts';
import { type CourseAuthorRow, type CourseRow, type CourseUpdateRow, listAuthors } from './queries.ts';
import type { AuthorWithRole, CourseRead, CourseUpdateRead } from './schemas.ts';

const parseObject = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

/** Whose author e-mails a reader sees: those of courses of the organizations it belongs to. */
export interface CourseReader {
  seesEmailsIn(orgId: number): boolean;
}

/** Anonymous visitors, and presentations with no reader at hand (folder listings). */
export const OUTSIDE_READER: CourseReader = { seesEmailsIn: () => false };

async function usersOf(db: Executor, authors: CourseAuthorRow[]) {
  return new Map(
    (await findUsersByIds(db, [...new Set(authors.map((a) => a.user_id))])).map((u) => [u.id, u]),
  );
}

function authorWithRole(
  author: CourseAuthorRow,
  user: UserRow,
  withEmail: boolean,
): Static<typeof AuthorWithRole> {
  return {
    user: toUserRead(user, { withEmail }),
    authorship: author.authorship,
    authorship_status: author.authorship_status,
    creation_date: author.creation_date,
    update_date: author.update_date,
  };
}

/** Every authorship row with its user (the contributors listing). */
export async function presentContributors(
  db: Executor,
  course: Pick<CourseRow, 'org_id'>,
  authors: CourseAuthorRow[],
  reader: CourseReader,
) {
  const users = await usersOf(db, authors);
  const withEmail = reader.seesEmailsIn(course.org_id);
  return authors.flatMap((author) => {
    const user = users.get(author.user_id);
    return user ? [{ user_id: author.user_id, ...authorWithRole(author, user, withEmail) }] : [];
  });
}

function courseFields(
  course: CourseRow,
  authors: Static<typeof AuthorWithRole>[],
): Static<typeof CourseRead> {
  return {
    id: course.id,
    course_uuid: course.course_uuid,
    org_id: course.org_id,
    name: course.name,
    description: course.description,
    about: course.about,
    learnings: course.learnings,
    tags: course.tags,
    target_language: course.target_language,
    target_level: course.target_level,
    target_level_scale: course.target_level_scale,
    thumbnail_type: course.thumbnail_type,
    thumbnail_image: course.thumbnail_image,
    thumbnail_video: course.thumbnail_video,
    public: course.public,
    published: course.published,
    open_to_contributors: course.open_to_contributors,
    authors,
    creation_date: course.creation_date,
    update_date: course.update_date,
    seo: parseObject(course.seo),
    extra_metadata: parseObject(course.extra_metadata),
  };
}

/** CourseRead for each course, in the given order. */
export async function presentCourses(
  db: Executor,
  courses: CourseRow[],
  reader: CourseReader,
): Promise<Static<typeof CourseRead>[]> {
  const orgOf = new Map(courses.map((course) => [course.id, course.org_id]));
  const authors = await listAuthors(
    db,
    courses.map((c) => c.id),
  );
  const users = await usersOf(db, authors);
  const byCourse = new Map<number, Static<typeof AuthorWithRole>[]>();
  for (const author of authors) {
    const user = users.get(author.user_id);
    if (!user) continue;
    const list = byCourse.get(author.course_id) ?? [];
    list.push(authorWithRole(author, user, reader.seesEmailsIn(orgOf.get(author.course_id) ?? 0)));
    byCourse.set(author.course_id, list);
  }
  return courses.map((course) => courseFields(course, byCourse.get(course.id) ?? []));
}

export async function presentCourse(
  db: Executor,
  course: CourseRow,
  reader: CourseReader,
): Promise<Static<typeof CourseRead>> {
  return (await presentCourses(db, [course], reader))[0];
}

export function toCourseUpdateRead(update: CourseUpdateRow): Static<typeof CourseUpdateRead> {
  return {
    id: update.id,
    courseupdate_uuid: update.courseupdate_uuid,
    course_id: update.course_id,
    org_id: update.org_id,
    title: update.title,
    content: update.content,
    linked_activity_uuids: update.linked_activity_uuids,
    creation_date: update.creation_date,
    update_date: update.update_date,
  };
}

/** The `course` object of webhook event payloads (spec §6.2). */
export function toEventCourse(course: Pick<CourseRow, 'course_uuid' | 'name'>) {
  return { course_uuid: course.course_uuid, name: course.name };
}
