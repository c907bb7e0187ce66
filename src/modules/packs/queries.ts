/** SQL for subscription packs. */
import type { Executor } from '../../core/events/emit.ts';
import type { PacksTable } from './tables.ts';

export type PackRow = Omit<PacksTable, 'id'> & { id: number };

/** A pack of the organization by its id, or else by its platform subscription. */
export function findPack(db: Executor, orgId: number, packId?: string, subscriptionId?: string) {
  let query = db.selectFrom('packs').selectAll().where('org_id', '=', orgId);
  if (packId) query = query.where('pack_id', '=', packId);
  else if (subscriptionId) query = query.where('platform_subscription_id', '=', subscriptionId);
  else return Promise.resolve(undefined);
  return query.executeTakeFirst();
}

export function insertPack(db: Executor, pack: Omit<PacksTable, 'id'>): Promise<PackRow> {
  return db.insertInto('packs').values(pack).returningAll().executeTakeFirstOrThrow();
}

export function updatePack(
  db: Executor,
  id: number,
  patch: Partial<Omit<PacksTable, 'id'>>,
): Promise<PackRow> {
  return db.updateTable('packs').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
