/**
 * Who may search an organization, and what each caller may find there, resolved once per
 * search: members (and superadmins) holding `search.action_read`, and the organization's
 * own API tokens holding it; anyone else is refused (401 anonymous, 403 otherwise).
 * - Users see the org's published courses (drafts when they may edit courses or author
 *   them), all of its folders, communities and discussions, its members, published
 *   playgrounds and podcasts; anything linked to user groups only through those groups.
 * - API tokens see what their rights allow: courses (`read`: published, `update`: all),
 *   folders, users. Communities, discussions, playgrounds and podcasts are for people.
 */
import type { Principal, SessionUser, TokenPrincipal } from '../../core/auth/principal.ts';
import { type Action, allows } from '../../core/auth/rights.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { assertTokenInOrg, assertTokenRight, getOrgRole, NOT_A_MEMBER } from '../roles/access.ts';
import { isAdminOrMaintainerRole } from '../roles/global-roles.ts';

export type Level = 'all' | 'public' | 'none';

export type CourseView =
  | { kind: 'all' | 'published' | 'none' }
  /** Published ones open to them (no user group linked, or one of theirs), plus those they author. */
  | { kind: 'member'; userId: number };

export type PlaygroundView =
  | { kind: 'all' | 'none' }
  /** Published, restricted ones only through their groups; plus their own when they may edit their own. */
  | { kind: 'member'; userId: number; editsOwn: boolean };

export type PodcastView = { kind: 'all' | 'none' } | { kind: 'member'; userId: number };

export interface SearchViewer {
  orgId: number;
  courses: CourseView;
  folders: Level;
  users: boolean;
  communities: Level;
  playgrounds: PlaygroundView;
  podcasts: PodcastView;
}

function tokenViewer(token: TokenPrincipal, orgId: number): SearchViewer {
  assertTokenInOrg(token, orgId);
  assertTokenRight(token, 'search', 'action_read');
  const may = (bucket: string, action: 'action_read' | 'action_update') =>
    allows(token.rights, bucket, action);
  return {
    orgId,
    courses: {
      kind: may('courses', 'action_update') ? 'all' : may('courses', 'action_read') ? 'published' : 'none',
    },
    folders: may('folders', 'action_read') ? 'all' : 'none',
    users: may('users', 'action_read'),
    communities: 'none',
    playgrounds: { kind: 'none' },
    podcasts: { kind: 'none' },
  };
}

async function userViewer(db: Executor, user: SessionUser, orgId: number): Promise<SearchViewer> {
  // One membership read; every right below is decided from it (superadmins hold them all).
  const role = user.isSuperadmin ? undefined : await getOrgRole(db, user.id, orgId);
  if (!user.isSuperadmin && !role) throw forbidden(NOT_A_MEMBER);
  const admin = user.isSuperadmin || (role !== undefined && isAdminOrMaintainerRole(role.roleId));
  const may = (bucket: string, action: Action) => user.isSuperadmin || allows(role?.rights, bucket, action);
  if (!may('search', 'action_read'))
    throw forbidden('You do not have permission to search this organization');
  return {
    orgId,
    courses: admin || may('courses', 'action_update') ? { kind: 'all' } : { kind: 'member', userId: user.id },
    folders: may('folders', 'action_read') ? 'all' : 'public',
    users: true,
    communities: may('communities', 'action_read') ? 'all' : 'public',
    playgrounds: may('playgrounds', 'action_update')
      ? { kind: 'all' }
      : {
          kind: 'member',
          userId: user.id,
          editsOwn: may('playgrounds', 'action_update_own'),
        },
    podcasts: may('podcasts', 'action_update') ? { kind: 'all' } : { kind: 'member', userId: user.id },
  };
}

/** What the caller may find in the organization; throws 401/403 when they may not search it. */
export async function searchViewer(db: Executor, principal: Principal, orgId: number): Promise<SearchViewer> {
  if (principal.kind === 'token') return tokenViewer(principal, orgId);
  if (principal.kind === 'user') return userViewer(db, principal, orgId);
  throw unauthorized('Authentication required');
}
