/**
 * Reads of the `courses` table that the search and community modules need. The courses
 * module (service + presenter) is being written on main in parallel; when it lands, each
 * function here gives way to its equivalent there (findCourseById, findCoursesByIds,
 * presentCourses) and this file goes.
 */
import { notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import type { CoursesTable } from '../courses/tables.ts';

export type CourseRow = Omit<CoursesTable, 'id'> & { id: number };

export function findCourseById(db: Executor, id: number): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCoursesByIds(db: Executor, ids: number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').selectAll().where('id', 'in', ids).execute();
}

/** Validates an optional link to a course: it must exist in the organization (else 404). */
export async function linkedCourseId(
  db: Executor,
  orgId: number,
  courseId: number | null | undefined,
): Promise<number | null> {
  if (courseId === undefined || courseId === null) return null;
  const course = await findCourseById(db, courseId);
  if (!course || course.org_id !== orgId) throw notFound('Course');
  return course.id;
}
