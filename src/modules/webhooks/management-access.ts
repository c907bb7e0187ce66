/**
 * Who manages an organization's webhooks (spec §4.9, reference decisions): signed-in
 * admins and maintainers, or the organization's API tokens holding the `webhooks`
 * right; the organization must be on the Pro plan. Create and test are rate limited
 * per organization so a leaked credential cannot flood endpoints.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { Action } from '../../core/auth/rights.ts';
import type { AppContext } from '../../core/context.ts';
import { tooManyRequests, unauthorized } from '../../core/errors/http-errors.ts';
import { requirePlan } from '../orgs/org-config.ts';
import { getOrgOr404, orgConfig } from '../orgs/service.ts';
import { assertTokenInOrg, assertTokenRight, requireOrgAdminOrMaintainer } from '../roles/access.ts';

const LIMITED_PER_HOUR = 20;

/** Checks access and returns the user id to record as the actor (a token acts for its creator). */
export async function requireWebhookAccess(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  action: Action,
): Promise<number> {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  const db = ctx.database.db;
  const org = await getOrgOr404(db, orgId);
  if (principal.kind === 'token') {
    assertTokenInOrg(principal, orgId);
    assertTokenRight(principal, 'webhooks', action);
  } else {
    await requireOrgAdminOrMaintainer(db, principal, orgId);
  }
  requirePlan(orgConfig(org), 'pro', 'Webhooks');
  return principal.kind === 'token' ? principal.createdByUserId : principal.id;
}

export async function limitPerOrg(ctx: AppContext, orgId: number, what: 'create' | 'test'): Promise<void> {
  const limit = await ctx.rateLimiter.hit(`webhook_${what}:${orgId}`, LIMITED_PER_HOUR, 3600);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw tooManyRequests(
      `Too many webhook ${what} requests. Please try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      limit.retryAfterSeconds,
    );
  }
}
