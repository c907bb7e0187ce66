/**
 * Password reset by e-mailed code: 8 random letters and digits, valid for an hour, good
 * once, at most 5 requests or attempts per address per 5 minutes. Only a hash of the code
 * (bound to the address) is stored. Asking never reveals whether an account exists.
 */
import { createHash, randomInt } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { badRequest, tooManyRequests } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import * as queries from './queries.ts';

const CODE_TTL_MS = 3600 * 1000;
const ATTEMPTS = 5;
const WINDOW_SECONDS = 300;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export const RESET_REQUESTED = 'If an account with this email exists, a password reset code has been sent';

const codeHash = (email: string, code: string) =>
  createHash('sha256').update(`${email.trim().toLowerCase()}:${code.trim()}`).digest('hex');

/** Counts a request or attempt for the address (outside any transaction: it writes on its own). */
export async function limitResetAttempts(ctx: AppContext, email: string) {
  const result = await ctx.rateLimiter.hit(
    `password_reset:${email.trim().toLowerCase()}`,
    ATTEMPTS,
    WINDOW_SECONDS,
  );
  if (!result.allowed) {
    throw tooManyRequests(
      'Too many password reset attempts. Please try again later.',
      result.retryAfterSeconds,
    );
  }
}

export async function sendResetCode(ctx: AppContext, email: string): Promise<{ message: string }> {
  await limitResetAttempts(ctx, email);
  const user = await queries.findUserByEmail(ctx.database.db, email);
  if (user) {
    const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const now = Date.now();
    await queries.insertEmailToken(ctx.database.db, {
      token_hash: codeHash(user.email, code),
      purpose: 'reset_password',
      user_id: user.id,
      org_id: null,
      email: user.email_lower,
      expires_ms: now + CODE_TTL_MS,
      used_ms: null,
      created_ms: now,
    });
    try {
      await ctx.mailer.send({
        to: user.email,
        subject: 'Your password reset code',
        text: `Your Learnbase password reset code is ${code}\n\nIt is valid for one hour. If you did not ask for it, ignore this message.\n`,
      });
    } catch (error) {
      ctx.logger.warn({ err: error }, 'password reset e-mail could not be sent');
    }
  }
  return { message: RESET_REQUESTED };
}

/** Consumes a valid code in the caller's transaction and returns the user it belongs to. */
export async function consumeResetCode(trx: Executor, email: string, code: string) {
  const token = await queries.findEmailToken(trx, codeHash(email, code), 'reset_password');
  const now = Date.now();
  if (
    !token ||
    token.used_ms !== null ||
    token.expires_ms < now ||
    token.email !== email.trim().toLowerCase()
  ) {
    throw badRequest('Invalid or expired reset code');
  }
  if (!(await queries.consumeEmailToken(trx, token.id, now)))
    throw badRequest('Invalid or expired reset code');
  const user = await queries.findUserById(trx, token.user_id);
  if (!user) throw badRequest('Invalid or expired reset code');
  return user;
}
