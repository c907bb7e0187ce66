/** SQL for sessions and refresh tokens. */
import type { Executor } from '../../core/events/emit.ts';
import type { SessionsTable } from './tables.ts';

export type SessionRow = Omit<SessionsTable, 'id'> & { id: number };

export function insertSession(db: Executor, session: Omit<SessionsTable, 'id'>): Promise<SessionRow> {
  return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
}

export function findSessionByUuid(db: Executor, uuid: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('session_uuid', '=', uuid).executeTakeFirst();
}

/** The session with its user, for authenticating one request in a single query. */
export function findActiveSessionWithUser(db: Executor, sessionUuid: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'users.id as user_id',
      'users.user_uuid',
      'users.email',
      'users.username',
      'users.is_superadmin',
    ])
    .where('sessions.session_uuid', '=', sessionUuid)
    .where('sessions.revoked_ms', 'is', null)
    .where('sessions.expires_ms', '>', now)
    .executeTakeFirst();
}

export async function extendSession(db: Executor, sessionId: number, expiresMs: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_ms: expiresMs }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_ms: now })
    .where('id', '=', sessionId)
    .where('revoked_ms', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_ms: now })
    .where('user_id', '=', userId)
    .where('revoked_ms', 'is', null)
    .execute();
}

export async function insertRefreshToken(db: Executor, jti: string, sessionId: number, expiresMs: number) {
  await db
    .insertInto('refresh_tokens')
    .values({ jti, session_id: sessionId, expires_ms: expiresMs, used_ms: null })
    .execute();
}

/** Marks the refresh token used; false if it was already used (a replay) or is unknown. */
export async function useRefreshToken(db: Executor, jti: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_ms: now })
    .where('jti', '=', jti)
    .where('used_ms', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops sessions that ended long ago (refresh tokens go with them). */
export async function deleteStaleSessions(db: Executor, before: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_ms', '<', before), eb('revoked_ms', '<', before)]))
    .execute();
}
