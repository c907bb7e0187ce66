/** Password changes end every session of the user: old tokens stop working at once. */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import { hashPassword, verifyPassword } from '../users/password-hash.ts';
import { assertStrongPassword } from '../users/password-policy.ts';
import { consumeResetCode, limitResetAttempts } from '../users/password-reset.ts';
import { findUserById, setPasswordHash } from '../users/service.ts';
import { revokeAllSessions } from './sessions.ts';

export async function changePassword(
  ctx: AppContext,
  principal: Principal,
  userId: number,
  oldPassword: string,
  newPassword: string,
) {
  if (principal.kind === 'anonymous') throw unauthorized();
  if (principal.kind !== 'user' || principal.id !== userId)
    throw forbidden('You can only change your own password');
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw notFound('User not found');
  if (!user.password_hash || !(await verifyPassword(oldPassword, user.password_hash)))
    throw unauthorized('Wrong password');
  assertStrongPassword(newPassword);
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  return ctx.database.db.transaction().execute(async (trx) => {
    const updated = await setPasswordHash(trx, user.id, hash);
    await revokeAllSessions(trx, user.id);
    return updated;
  });
}

/** Sets a new password with a reset code; every session of the account ends. */
export async function resetPassword(ctx: AppContext, email: string, code: string, newPassword: string) {
  await limitResetAttempts(ctx, email);
  assertStrongPassword(newPassword);
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = await consumeResetCode(trx, email, code);
    await setPasswordHash(trx, user.id, hash);
    await revokeAllSessions(trx, user.id);
  });
}
