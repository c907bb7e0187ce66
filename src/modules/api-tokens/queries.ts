/** SQL for API tokens. */
import type { Executor } from '../../core/events/emit.ts';
import type { ApiTokensTable } from './tables.ts';

export type ApiTokenRow = Omit<ApiTokensTable, 'id'> & { id: number };

export function findTokenByHash(db: Executor, hash: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export function findTokenByUuid(db: Executor, orgId: number, uuid: string): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('token_uuid', '=', uuid)
    .executeTakeFirst();
}

export function listTokens(db: Executor, orgId: number): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').selectAll().where('org_id', '=', orgId).orderBy('id', 'desc').execute();
}

export function findActiveTokenByName(db: Executor, orgId: number, name: string) {
  return db
    .selectFrom('api_tokens')
    .select('id')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export function insertToken(db: Executor, token: Omit<ApiTokensTable, 'id'>): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(token).returningAll().executeTakeFirstOrThrow();
}

export function updateToken(
  db: Executor,
  id: number,
  patch: Partial<Omit<ApiTokensTable, 'id'>>,
): Promise<ApiTokenRow> {
  return db
    .updateTable('api_tokens')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function touchToken(db: Executor, id: number, lastUsedAt: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: lastUsedAt }).where('id', '=', id).execute();
}
