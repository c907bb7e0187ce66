/** `POST /orgs/join`: a signed-in, verified user joins an organization as themselves. */
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden } from '../../core/errors/http-errors.ts';
import { ROLE_USER } from '../roles/global-roles.ts';
import { addMember, findMembership } from '../roles/service.ts';
import { addUsersToUsergroupById } from '../usergroups/service.ts';
import { findUserById } from '../users/service.ts';
import { markEmailInviteAccepted } from './invites.ts';
import { signupModeOf } from './org-config.ts';
import * as queries from './queries.ts';
import { getOrgOr404, orgConfig } from './service.ts';

export async function joinOrg(
  ctx: AppContext,
  principal: Principal,
  input: { org_id: number; user_id: number | string; invite_code?: string },
): Promise<void> {
  requireSessionUser(principal);
  if (String(input.user_id) !== String(principal.id) && input.user_id !== principal.uuid) {
    throw forbidden('You can only join an organization as yourself.');
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    const org = await getOrgOr404(trx, input.org_id);
    const user = await findUserById(trx, principal.id);
    if (!user?.email_verified)
      throw forbidden('Please verify your email address before joining an organization.');
    if (await findMembership(trx, user.id, org.id))
      throw badRequest('User is already part of that organization');
    let usergroupId: number | null = null;
    if (signupModeOf(orgConfig(org)) === 'inviteOnly') {
      const invite = input.invite_code
        ? await queries.findInviteCode(trx, org.id, input.invite_code, Date.now())
        : undefined;
      if (!invite) throw forbidden('This organization requires a valid invite code');
      usergroupId = invite.usergroup_id;
    }
    await addMember(trx, user.id, org.id, ROLE_USER.id);
    await markEmailInviteAccepted(trx, org.id, user.email);
    if (usergroupId !== null) await addUsersToUsergroupById(trx, org.id, usergroupId, [user.id]);
  });
}
