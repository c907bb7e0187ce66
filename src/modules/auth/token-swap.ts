/**
 * `POST /admin/{org_slug}/auth/token`: an integration holding an API token with the
 * `users` read right obtains a short session JWT (1 h) for a member of its organization.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import { requirePlan } from '../orgs/org-config.ts';
import { getOrgBySlugOr404, orgConfig } from '../orgs/service.ts';
import { assertTokenRight } from '../roles/access.ts';
import { findMembership } from '../roles/service.ts';
import { findUserById } from '../users/service.ts';
import { SWAPPED_TOKEN_SECONDS } from './jwt.ts';
import { type ClientInfo, startAccessOnlySession } from './sessions.ts';

export async function swapTokenForUserJwt(
  ctx: AppContext,
  principal: Principal,
  orgSlug: string,
  userId: number,
  client: ClientInfo,
) {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  if (principal.kind !== 'token') throw forbidden('This endpoint requires API token authentication');
  const db = ctx.database.db;
  const org = await getOrgBySlugOr404(db, orgSlug);
  if (org.id !== principal.orgId) throw forbidden('API token does not have access to this organization');
  requirePlan(orgConfig(org), 'pro', 'Admin API');
  assertTokenRight(principal, 'users', 'action_read');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  if (!(await findMembership(db, user.id, org.id)))
    throw forbidden('User does not belong to this organization');
  const accessToken = await startAccessOnlySession(ctx, db, user, SWAPPED_TOKEN_SECONDS, client);
  ctx.logger.info({ tokenId: principal.id, userId: user.id }, 'API token exchanged for a user session');
  return {
    access_token: accessToken,
    token_type: 'bearer' as const,
    user_id: user.id,
    user_uuid: user.user_uuid,
  };
}
