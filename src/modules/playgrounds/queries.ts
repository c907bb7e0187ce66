/** SQL for playgrounds. The caller owns the transaction. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { PlaygroundsTable } from './tables.ts';

export type PlaygroundRow = Omit<PlaygroundsTable, 'id'> & { id: number };

export function findPlaygroundByUuid(db: Executor, uuid: string): Promise<PlaygroundRow | undefined> {
  return db.selectFrom('playgrounds').selectAll().where('playground_uuid', '=', uuid).executeTakeFirst();
}

export function insertPlayground(db: Executor, row: Omit<PlaygroundsTable, 'id'>): Promise<PlaygroundRow> {
  return db.insertInto('playgrounds').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement (bulk loads such as the search benchmark). */
export function insertPlaygrounds(
  db: Executor,
  rows: Omit<PlaygroundsTable, 'id'>[],
): Promise<PlaygroundRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('playgrounds').values(rows).returningAll().execute();
}

export function updatePlayground(
  db: Executor,
  id: number,
  patch: Updateable<PlaygroundsTable>,
): Promise<PlaygroundRow> {
  return db
    .updateTable('playgrounds')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePlayground(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('playgrounds').where('id', '=', id).execute();
}

export function listPlaygrounds(db: Executor, orgId: number): Promise<PlaygroundRow[]> {
  return db.selectFrom('playgrounds').selectAll().where('org_id', '=', orgId).orderBy('id', 'desc').execute();
}
