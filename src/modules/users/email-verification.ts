/**
 * E-mail verification: a random single-use token (only its SHA-256 is stored) that expires
 * after an hour, mailed as a link. Verifying fires `user_email_verified` once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { badRequest, tooManyRequests } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { findMembership } from '../roles/service.ts';
import type { UserRow } from './present.ts';
import * as queries from './queries.ts';
import { markEmailVerified } from './service.ts';

const TOKEN_TTL_MS = 3600 * 1000;
const ATTEMPTS_PER_WINDOW = 5;
const WINDOW_SECONDS = 300;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface VerificationOrg {
  id: number;
  org_uuid: string;
}

/** Creates a token in the caller's transaction and returns the mail to send after commit. */
export async function createVerificationMail(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  org: VerificationOrg | null,
) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await queries.insertEmailToken(db, {
    token_hash: sha256(token),
    purpose: 'verify_email',
    user_id: user.id,
    org_id: org?.id ?? null,
    email: user.email_lower,
    expires_ms: now + TOKEN_TTL_MS,
    used_ms: null,
    created_ms: now,
  });
  const link = `${ctx.config.publicUrl}/verify-email?token=${token}&user=${user.user_uuid}&org=${org?.org_uuid ?? 'none'}`;
  return {
    to: user.email,
    subject: 'Verify your e-mail address',
    text: `Hello ${user.first_name || user.username},\n\nConfirm your e-mail address by opening this link within an hour:\n${link}\n\nIf you did not sign up, ignore this message.\n`,
  };
}

export async function sendVerificationMail(
  ctx: AppContext,
  user: UserRow,
  org: VerificationOrg | null,
): Promise<void> {
  const mail = await createVerificationMail(ctx, ctx.database.db, user, org);
  await ctx.mailer.send(mail);
}

export async function verifyEmail(
  ctx: AppContext,
  input: { token: string; user_uuid: string; org_uuid?: string | null },
  findOrgIdByUuid: (db: Executor, uuid: string) => Promise<number | undefined>,
): Promise<{ message: string; user: UserRow }> {
  const limit = await ctx.rateLimiter.hit(
    `email_verify:${input.user_uuid}:${input.org_uuid ?? 'none'}`,
    ATTEMPTS_PER_WINDOW,
    WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    throw tooManyRequests(
      `Too many verification attempts. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
      limit.retryAfterSeconds,
    );
  }
  return ctx.database.db.transaction().execute(async (trx) => {
    const stored = await queries.findEmailToken(trx, sha256(input.token), 'verify_email');
    const user = stored ? await queries.findUserById(trx, stored.user_id) : undefined;
    const now = Date.now();
    if (!stored || !user || user.user_uuid !== input.user_uuid || stored.used_ms !== null) {
      throw badRequest('Invalid or expired verification token');
    }
    if (stored.expires_ms < now) throw badRequest('Verification token has expired');
    if (stored.email !== user.email_lower) throw badRequest('Invalid verification token');
    // The token was issued for one organization (or none); the link's org must name that one,
    // so nobody can route another organization's user_email_verified event elsewhere.
    if (input.org_uuid && input.org_uuid !== 'none') {
      const orgId = await findOrgIdByUuid(trx, input.org_uuid);
      if (orgId === undefined || orgId !== stored.org_id) throw badRequest('Invalid verification token');
    }
    if (!(await queries.consumeEmailToken(trx, stored.id, now)))
      throw badRequest('Invalid or expired verification token');
    if (user.email_verified) return { message: 'Email already verified', user };
    const verified = await markEmailVerified(trx, user.id);
    if (stored.org_id !== null) {
      await emit(trx, stored.org_id, 'user_email_verified', {
        user_uuid: verified.user_uuid,
        email: verified.email,
      });
    }
    return { message: 'Email verified successfully', user: verified };
  });
}

export const RESEND_MESSAGE = 'If an account with this email exists, a verification email has been sent';

export async function resendVerification(
  ctx: AppContext,
  email: string,
  org: VerificationOrg | null,
): Promise<{ message: string }> {
  const limit = await ctx.rateLimiter.hit(
    `verify_resend:${email.trim().toLowerCase()}`,
    ATTEMPTS_PER_WINDOW,
    WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    throw tooManyRequests(
      'Too many verification emails requested. Please try again later.',
      limit.retryAfterSeconds,
    );
  }
  const user = await queries.findUserByEmail(ctx.database.db, email);
  if (user && !user.email_verified) {
    // Only an organization the user belongs to hears about the verification.
    const memberOrg = org && (await findMembership(ctx.database.db, user.id, org.id)) ? org : null;
    try {
      await sendVerificationMail(ctx, user, memberOrg);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'verification e-mail could not be sent');
    }
  }
  return { message: RESEND_MESSAGE };
}
