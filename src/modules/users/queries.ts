/** SQL for users and e-mail tokens. The caller owns the transaction. */
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { UserRow } from './present.ts';
import type { EmailTokensTable, UsersTable } from './tables.ts';

export type NewUser = Omit<UsersTable, 'id'>;

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUuid(db: Executor, uuid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_uuid', '=', uuid).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUsersByIds(db: Executor, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

export async function usernameOrEmailTaken(db: Executor, username: string, email: string, exceptId?: number) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('username_lower', '=', username.trim().toLowerCase()),
        eb('email_lower', '=', email.trim().toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Many users in one statement (bulk loads such as the search benchmark). */
export function insertUsers(db: Executor, users: NewUser[]): Promise<UserRow[]> {
  if (users.length === 0) return Promise.resolve([]);
  return db.insertInto('users').values(users).returningAll().execute();
}

export async function updateUser(db: Executor, id: number, patch: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function insertEmailToken(db: Executor, token: Omit<EmailTokensTable, 'id'>): Promise<void> {
  await db.insertInto('email_tokens').values(token).execute();
}

export function findEmailToken(db: Executor, tokenHash: string, purpose: EmailTokensTable['purpose']) {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Marks a token used; returns false when someone else used it first (single use under concurrency). */
export async function consumeEmailToken(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_ms: now })
    .where('id', '=', id)
    .where('used_ms', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts one failed login atomically (concurrent failures from several processes all
 * count); the window restarts when the first counted failure is older than windowStart.
 */
export async function incrementFailedLogins(
  db: Executor,
  id: number,
  now: number,
  windowStart: number,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({
      failed_login_attempts: sql<number>`case when first_failed_login_ms is null or first_failed_login_ms < ${windowStart} then 1 else failed_login_attempts + 1 end`,
      first_failed_login_ms: sql<number>`case when first_failed_login_ms is null or first_failed_login_ms < ${windowStart} then ${now} else first_failed_login_ms end`,
    })
    .where('id', '=', id)
    .returning('failed_login_attempts')
    .executeTakeFirstOrThrow();
  return Number(row.failed_login_attempts);
}
