/** SQL for course collections. */
import type { Executor } from '../../core/events/emit.ts';
import type { CollectionsTable } from './tables.ts';

export type CollectionRow = Omit<CollectionsTable, 'id'> & { id: number };

export function findCollectionByUuid(db: Executor, uuid: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('collection_uuid', '=', uuid).executeTakeFirst();
}

export function listCollections(
  db: Executor,
  orgId: number,
  publicOnly: boolean,
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('collections').selectAll().where('org_id', '=', orgId);
  if (publicOnly) query = query.where('public', '=', true);
  return query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export function insertCollection(
  db: Executor,
  collection: Omit<CollectionsTable, 'id'>,
): Promise<CollectionRow> {
  return db.insertInto('collections').values(collection).returningAll().executeTakeFirstOrThrow();
}

export function updateCollection(db: Executor, id: number, patch: Partial<Omit<CollectionsTable, 'id'>>) {
  return db
    .updateTable('collections')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCollection(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

export async function replaceCourses(db: Executor, collectionId: number, courseIds: number[]): Promise<void> {
  await db.deleteFrom('collection_courses').where('collection_id', '=', collectionId).execute();
  if (courseIds.length === 0) return;
  await db
    .insertInto('collection_courses')
    .values(
      courseIds.map((course_id, index) => ({ collection_id: collectionId, course_id, position: index + 1 })),
    )
    .execute();
}

export function listCourseIds(db: Executor, collectionIds: number[]) {
  if (collectionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('collection_courses')
    .select(['collection_id', 'course_id'])
    .where('collection_id', 'in', collectionIds)
    .orderBy('collection_id')
    .orderBy('position')
    .execute();
}
