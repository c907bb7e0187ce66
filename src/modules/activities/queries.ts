/** SQL for activities and their version snapshots. */
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { ActivitiesTable, ActivityVersionsTable } from './tables.ts';

export type ActivityRow = Omit<ActivitiesTable, 'id'> & { id: number };
export type ActivityVersionRow = Omit<ActivityVersionsTable, 'id'> & { id: number };

export function findActivityByUuid(db: Executor, uuid: string): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('activity_uuid', '=', uuid).executeTakeFirst();
}

export function findActivityById(db: Executor, id: number): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findActivitiesByIds(db: Executor, ids: number[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('activities').selectAll().where('id', 'in', ids).execute();
}

/** A course's activities without the (possibly large) content and details columns. */
export function listCourseActivitiesSlim(db: Executor, courseId: number) {
  return db
    .selectFrom('activities')
    .select([
      'id',
      'activity_uuid',
      'org_id',
      'course_id',
      'name',
      'activity_type',
      'activity_sub_type',
      'published',
      'lock_type',
      'extra_metadata',
      'current_version',
      'revision',
      'published_version',
      'last_modified_by_id',
      'creation_date',
      'update_date',
    ])
    .where('course_id', '=', courseId)
    .execute();
}

export function listActivityUuids(db: Executor, courseId: number): Promise<string[]> {
  return db
    .selectFrom('activities')
    .select('activity_uuid')
    .where('course_id', '=', courseId)
    .execute()
    .then((rows) => rows.map((r) => r.activity_uuid));
}

export function insertActivity(db: Executor, activity: Omit<ActivitiesTable, 'id'>): Promise<ActivityRow> {
  return db.insertInto('activities').values(activity).returningAll().executeTakeFirstOrThrow();
}

export function updateActivity(
  db: Executor,
  id: number,
  patch: Updateable<ActivitiesTable>,
): Promise<ActivityRow> {
  return db
    .updateTable('activities')
    .set({ ...patch, revision: sql<number>`revision + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Content and details of these activities (the parts the slim listing leaves out). */
export function findContents(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activities')
    .select(['id', 'revision', 'content', 'details'])
    .where('id', 'in', ids)
    .execute();
}

export async function deleteActivity(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('activities').where('id', '=', id).execute();
}

export async function insertVersion(db: Executor, version: Omit<ActivityVersionsTable, 'id'>): Promise<void> {
  await db.insertInto('activity_versions').values(version).execute();
}

/** Keeps the newest `keep` snapshots of an activity. */
export async function pruneVersions(db: Executor, activityId: number, keep: number): Promise<void> {
  const stale = await db
    .selectFrom('activity_versions')
    .select('id')
    .where('activity_id', '=', activityId)
    .orderBy('version_number', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (stale.length > 0) {
    await db
      .deleteFrom('activity_versions')
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute();
  }
}

export function listVersions(
  db: Executor,
  activityId: number,
  offset: number,
  limit: number,
): Promise<ActivityVersionRow[]> {
  return db
    .selectFrom('activity_versions')
    .selectAll()
    .where('activity_id', '=', activityId)
    .orderBy('version_number', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findVersion(db: Executor, activityId: number, versionNumber: number) {
  return db
    .selectFrom('activity_versions')
    .selectAll()
    .where('activity_id', '=', activityId)
    .where('version_number', '=', versionNumber)
    .executeTakeFirst();
}

/** The published ones among these activities. */
export function publishedActivityIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activities')
    .select('id')
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}
