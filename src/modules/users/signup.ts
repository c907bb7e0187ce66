/**
 * Sign-up into an organization: the user, their membership (role User) and the
 * `user_signed_up` event in one transaction; the verification mail (when required) after.
 */
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound, tooManyRequests } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { findInviteCode, markEmailInviteAccepted } from '../orgs/invites.ts';
import { signupModeOf } from '../orgs/org-config.ts';
import { getOrgOr404, orgConfig } from '../orgs/service.ts';
import { ROLE_USER } from '../roles/global-roles.ts';
import { addMember } from '../roles/service.ts';
import { addUsersToUsergroupById } from '../usergroups/service.ts';
import { createVerificationMail } from './email-verification.ts';
import type { UserRow } from './present.ts';
import type { UserCreate } from './schemas.ts';
import { createUser } from './service.ts';

async function signUp(
  ctx: AppContext,
  orgId: number,
  input: Static<typeof UserCreate>,
  method: 'email' | 'invite',
  afterCreate: (trx: Executor, user: UserRow) => Promise<void> = async () => {},
): Promise<UserRow> {
  const verificationRequired = ctx.config.requireEmailVerification;
  const { user, mail } = await ctx.database.db.transaction().execute(async (trx) => {
    const org = await getOrgOr404(trx, orgId);
    const user = await createUser(ctx, trx, input, {
      signupMethod: 'email',
      emailVerified: !verificationRequired,
    });
    await addMember(trx, user.id, orgId, ROLE_USER.id);
    await afterCreate(trx, user);
    await emit(trx, orgId, 'user_signed_up', {
      user: {
        user_uuid: user.user_uuid,
        email: user.email,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
      },
      signup_method: method,
    });
    const mail = verificationRequired ? await createVerificationMail(ctx, trx, user, org) : undefined;
    return { user, mail };
  });
  if (mail) {
    try {
      await ctx.mailer.send(mail);
    } catch (error) {
      // The account exists either way; the user can ask for another mail.
      ctx.logger.warn({ err: error }, 'verification e-mail could not be sent');
    }
  }
  return user;
}

export async function signUpToOrg(ctx: AppContext, orgId: number, input: Static<typeof UserCreate>) {
  const org = await getOrgOr404(ctx.database.db, orgId);
  if (signupModeOf(orgConfig(org)) === 'inviteOnly')
    throw forbidden('You need an invite to join this organization');
  return signUp(ctx, orgId, input, 'email');
}

const INVITE_ATTEMPTS = 20;
const INVITE_WINDOW_SECONDS = 15 * 60;

export async function signUpWithInvite(
  ctx: AppContext,
  orgId: number,
  inviteCode: string,
  input: Static<typeof UserCreate>,
  clientIp: string,
) {
  const limit = await ctx.rateLimiter.hit(
    `invite_accept:${orgId}:${clientIp}`,
    INVITE_ATTEMPTS,
    INVITE_WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    throw tooManyRequests('Too many invite attempts. Please try again later.', limit.retryAfterSeconds);
  }
  const org = await getOrgOr404(ctx.database.db, orgId);
  if (signupModeOf(orgConfig(org)) !== 'inviteOnly')
    throw forbidden('This organization does not require an invite code');
  const invite = await findInviteCode(ctx.database.db, orgId, inviteCode, Date.now());
  if (!invite) throw notFound('Invite code not found');
  return signUp(ctx, orgId, input, 'invite', async (trx, user) => {
    await markEmailInviteAccepted(trx, orgId, user.email);
    if (invite.usergroup_id !== null)
      await addUsersToUsergroupById(trx, orgId, invite.usergroup_id, [user.id]);
  });
}

/** A user with no organization (platform sign-up). */
export async function signUpWithoutOrg(ctx: AppContext, input: Static<typeof UserCreate>) {
  const verificationRequired = ctx.config.requireEmailVerification;
  const { user, mail } = await ctx.database.db.transaction().execute(async (trx) => {
    const user = await createUser(ctx, trx, input, {
      signupMethod: 'email',
      emailVerified: !verificationRequired,
    });
    const mail = verificationRequired ? await createVerificationMail(ctx, trx, user, null) : undefined;
    return { user, mail };
  });
  if (mail)
    await ctx.mailer
      .send(mail)
      .catch((error) => ctx.logger.warn({ err: error }, 'verification e-mail failed'));
  return user;
}
