/**
 * Who may open an organization's console: its admins and maintainers (and superadmins),
 * the same rule the API applies to members and webhooks. Each action then goes through its
 * service, which checks its own right again (API tokens need the roles rights, webhooks the
 * Pro plan…), so the console never grants more than the API would.
 */

import { type Principal, requireSessionUser, type SessionUser } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { getOrgBySlugOr404, type OrgRow } from '../../orgs/service.ts';
import { requireOrgAdminOrMaintainer } from '../../roles/access.ts';

export interface ConsoleCaller {
  user: SessionUser;
  org: OrgRow;
}

export async function consoleCaller(
  ctx: AppContext,
  principal: Principal,
  orgSlug: string,
): Promise<ConsoleCaller> {
  requireSessionUser(principal);
  const org = await getOrgBySlugOr404(ctx.database.db, orgSlug);
  await requireOrgAdminOrMaintainer(ctx.database.db, principal, org.id);
  return { user: principal, org };
}

export function consoleHref(org: Pick<OrgRow, 'slug'>, path = ''): string {
  return `/orgs/${encodeURIComponent(org.slug)}/console${path}`;
}
