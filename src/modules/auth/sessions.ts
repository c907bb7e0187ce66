/**
 * Sessions: every sign-in creates one, and both its access and refresh JWTs name it, so
 * revocation is a database write that every process sees (and that survives restarts).
 * Refresh tokens rotate and are single-use; presenting a used one again is treated as
 * theft and ends every session of that user.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { findUserByUuid, type UserRow } from '../users/service.ts';
import { ACCESS_TOKEN_SECONDS, createJwtCodec, type JwtCodec, REFRESH_TOKEN_SECONDS } from './jwt.ts';
import * as queries from './queries.ts';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  /** Epoch milliseconds when the access token expires. */
  expiry: number;
}

const codecs = new WeakMap<AppContext, JwtCodec>();

export function jwtCodec(ctx: AppContext): JwtCodec {
  let codec = codecs.get(ctx);
  if (!codec) {
    codec = createJwtCodec(ctx.secretKey);
    codecs.set(ctx, codec);
  }
  return codec;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

async function issuePair(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  sessionId: number,
  sessionUuid: string,
) {
  const codec = jwtCodec(ctx);
  const access = codec.sign({ sub: user.user_uuid, sid: sessionUuid, typ: 'access' }, ACCESS_TOKEN_SECONDS);
  const refresh = codec.sign(
    { sub: user.user_uuid, sid: sessionUuid, typ: 'refresh' },
    REFRESH_TOKEN_SECONDS,
  );
  await queries.insertRefreshToken(db, refresh.claims.jti, sessionId, refresh.claims.exp * 1000);
  return { access_token: access.token, refresh_token: refresh.token, expiry: access.claims.exp * 1000 };
}

export async function startSession(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  client: ClientInfo,
  lifetimeSeconds = REFRESH_TOKEN_SECONDS,
): Promise<IssuedTokens> {
  const now = Date.now();
  const session = await queries.insertSession(db, {
    session_uuid: randomUUID(),
    user_id: user.id,
    created_ms: now,
    expires_ms: now + lifetimeSeconds * 1000,
    revoked_ms: null,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
  });
  return issuePair(ctx, db, user, session.id, session.session_uuid);
}

/** An access token alone, for a short session (admin token swap); no refresh token. */
export async function startAccessOnlySession(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  lifetimeSeconds: number,
  client: ClientInfo,
): Promise<string> {
  const now = Date.now();
  const session = await queries.insertSession(db, {
    session_uuid: randomUUID(),
    user_id: user.id,
    created_ms: now,
    expires_ms: now + lifetimeSeconds * 1000,
    revoked_ms: null,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
  });
  return jwtCodec(ctx).sign(
    { sub: user.user_uuid, sid: session.session_uuid, typ: 'access' },
    lifetimeSeconds,
  ).token;
}

const INVALID_REFRESH = 'Invalid credentials';

export async function rotateRefreshToken(ctx: AppContext, refreshToken: string) {
  const claims = jwtCodec(ctx).verify(refreshToken, 'refresh');
  if (!claims) throw unauthorized(INVALID_REFRESH);
  const now = Date.now();
  return ctx.database.db.transaction().execute(async (trx) => {
    const session = await queries.findSessionByUuid(trx, claims.sid);
    const user = session ? await findUserByUuid(trx, claims.sub) : undefined;
    if (!session || !user || session.user_id !== user.id) throw unauthorized(INVALID_REFRESH);
    if (!(await queries.useRefreshToken(trx, claims.jti, now))) {
      // A refresh token is good once. A second use means it leaked: end every session.
      await queries.revokeUserSessions(trx, user.id, now);
      ctx.logger.warn({ userId: user.id }, 'refresh token replayed; all sessions of the user revoked');
      return { replayed: true as const };
    }
    if (session.revoked_ms !== null || session.expires_ms <= now) throw unauthorized(INVALID_REFRESH);
    await queries.extendSession(trx, session.id, now + REFRESH_TOKEN_SECONDS * 1000);
    const tokens = await issuePair(ctx, trx, user, session.id, session.session_uuid);
    return { replayed: false as const, tokens, user };
  });
}

export async function revokeSessionById(ctx: AppContext, sessionId: number): Promise<void> {
  await queries.revokeSession(ctx.database.db, sessionId, Date.now());
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await queries.revokeUserSessions(db, userId, Date.now());
}

export { findActiveSessionWithUser } from './queries.ts';
