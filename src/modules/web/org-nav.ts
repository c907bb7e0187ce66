/**
 * The organization a page belongs to, as the top bar links it. The console link is offered
 * only to the people the console lets in (org admins and maintainers), so members are not
 * sent to a page that refuses them.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import type { OrgRow } from '../orgs/service.ts';
import { isOrgAdminOrMaintainer } from '../roles/access.ts';

export interface PageOrg {
  slug: string;
  name: string;
  showConsole: boolean;
}

export async function orgNav(
  ctx: AppContext,
  principal: Principal,
  org: Pick<OrgRow, 'id' | 'slug' | 'name'>,
): Promise<PageOrg> {
  const showConsole =
    principal.kind === 'user' && (await isOrgAdminOrMaintainer(ctx.database.db, principal, org.id));
  return { slug: org.slug, name: org.name, showConsole };
}
