/** SQL for communities. The caller owns the transaction. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { CommunitiesTable } from './tables.ts';

export type CommunityRow = Omit<CommunitiesTable, 'id'> & { id: number };

export function findCommunityByUuid(db: Executor, uuid: string): Promise<CommunityRow | undefined> {
  return db.selectFrom('communities').selectAll().where('community_uuid', '=', uuid).executeTakeFirst();
}

export function findCommunityById(db: Executor, id: number): Promise<CommunityRow | undefined> {
  return db.selectFrom('communities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCommunity(
  db: Executor,
  community: Omit<CommunitiesTable, 'id'>,
): Promise<CommunityRow> {
  return db.insertInto('communities').values(community).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement (bulk loads such as the search benchmark). */
export function insertCommunities(
  db: Executor,
  rows: Omit<CommunitiesTable, 'id'>[],
): Promise<CommunityRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('communities').values(rows).returningAll().execute();
}

export function updateCommunity(
  db: Executor,
  id: number,
  patch: Updateable<CommunitiesTable>,
): Promise<CommunityRow> {
  return db
    .updateTable('communities')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCommunity(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('communities').where('id', '=', id).execute();
}

export function listCommunities(
  db: Executor,
  orgId: number,
  page: { publicOnly: boolean; limit: number; offset: number },
): Promise<CommunityRow[]> {
  let query = db.selectFrom('communities').selectAll().where('org_id', '=', orgId);
  if (page.publicOnly) query = query.where('public', '=', true);
  return query.orderBy('id').limit(page.limit).offset(page.offset).execute();
}
