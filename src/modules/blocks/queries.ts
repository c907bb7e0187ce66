/** SQL for media blocks. */
import type { Executor } from '../../core/events/emit.ts';
import type { BlocksTable } from './tables.ts';

export type BlockRow = Omit<BlocksTable, 'id'> & { id: number };

export function insertBlock(db: Executor, block: Omit<BlocksTable, 'id'>): Promise<BlockRow> {
  return db.insertInto('blocks').values(block).returningAll().executeTakeFirstOrThrow();
}

export function findBlockByUuid(db: Executor, uuid: string): Promise<BlockRow | undefined> {
  return db.selectFrom('blocks').selectAll().where('block_uuid', '=', uuid).executeTakeFirst();
}
