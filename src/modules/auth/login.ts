/**
 * Password sign-in. Defences, in order: a per-IP rate limit (429), a constant-time answer
 * whether or not the e-mail exists, and an account lock after repeated failures (423,
 * reported only to someone who knows the password). Unknown e-mail and wrong password
 * give the same body.
 */
import type { AppContext } from '../../core/context.ts';
import { forbidden, HttpError, locked, unauthorized } from '../../core/errors/http-errors.ts';
import { formatDateTime } from '../../core/time.ts';
import { createDummyHash, verifyPassword } from '../users/password-hash.ts';
import { findUserByEmail, incrementFailedLogins, recordLoginState, type UserRow } from '../users/service.ts';
import { type ClientInfo, type IssuedTokens, startSession } from './sessions.ts';

const INVALID_CREDENTIALS = { code: 'INVALID_CREDENTIALS', message: 'Incorrect Email or password' };

const dummyHashes = new WeakMap<AppContext, Promise<string>>();
function dummyHash(ctx: AppContext): Promise<string> {
  let hash = dummyHashes.get(ctx);
  if (!hash) {
    hash = createDummyHash(ctx.config.passwordHashCost);
    dummyHashes.set(ctx, hash);
  }
  return hash;
}

async function enforceIpRateLimit(ctx: AppContext, ip: string): Promise<void> {
  const { loginPerIpPerWindow, loginWindowSeconds } = ctx.config.limits;
  const limit = await ctx.rateLimiter.hit(`login:${ip}`, loginPerIpPerWindow, loginWindowSeconds);
  if (!limit.allowed) {
    throw new HttpError(
      429,
      {
        code: 'RATE_LIMITED',
        message: `Too many login attempts. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
        retry_after: limit.retryAfterSeconds,
      },
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  }
}

/** Counts a failure inside the rolling window and locks the account when the threshold is reached. */
async function recordFailure(ctx: AppContext, user: UserRow, now: number): Promise<void> {
  const { lockoutThreshold, lockoutWindowSeconds, lockoutSeconds } = ctx.config.limits;
  const failures = await incrementFailedLogins(
    ctx.database.db,
    user.id,
    now,
    now - lockoutWindowSeconds * 1000,
  );
  if (failures >= lockoutThreshold) {
    await recordLoginState(ctx.database.db, user.id, { locked_until_ms: now + lockoutSeconds * 1000 });
    ctx.logger.warn({ userId: user.id }, 'account locked after repeated failed logins');
  }
}

export interface LoginResult {
  user: UserRow;
  tokens: IssuedTokens;
}

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<LoginResult> {
  await enforceIpRateLimit(ctx, client.ip);
  const user = await findUserByEmail(ctx.database.db, email);
  // Always run one hash verification so that timing does not reveal whether the account exists.
  const passwordOk = await verifyPassword(password, user?.password_hash || (await dummyHash(ctx)));
  const now = Date.now();
  if (!user || !passwordOk) {
    if (user) await recordFailure(ctx, user, now);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.locked_until_ms !== null && user.locked_until_ms > now) {
    throw locked({
      code: 'ACCOUNT_LOCKED',
      message: 'Account is temporarily locked due to too many failed login attempts. Please try again later.',
      retry_after: Math.ceil((user.locked_until_ms - now) / 1000),
    });
  }
  if (ctx.config.requireEmailVerification && !user.email_verified) {
    throw forbidden({
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Please verify your email address before logging in. Check your inbox for the verification email.',
      email: user.email,
    });
  }
  return ctx.database.db.transaction().execute(async (trx) => {
    const updated = await recordLoginState(trx, user.id, {
      failed_login_attempts: 0,
      first_failed_login_ms: null,
      locked_until_ms: null,
      last_login_at: formatDateTime(new Date(now)),
      last_login_ip: client.ip,
    });
    const tokens = await startSession(ctx, trx, updated, client);
    return { user: updated, tokens };
  });
}
