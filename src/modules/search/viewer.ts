/**
 * What one caller may find in one organization, resolved once per search. Only members
 * (and superadmins) and the organization's own API tokens get this far (see service.ts).
 * - Users see the org's published courses (drafts when they may edit courses or author
 *   them), all of its folders, communities and discussions, its members, published
 *   playgrounds and podcasts; anything linked to user groups only through those groups.
 * - API tokens see what their rights allow: courses (`read`: published, `update`: all),
 *   folders, users. Communities, discussions, playgrounds and podcasts are for people.
 */
import type { Principal, SessionUser, TokenPrincipal } from '../../core/auth/principal.ts';
import { allows } from '../../core/auth/rights.ts';
import type { Executor } from '../../core/events/emit.ts';
import { courseCaller } from '../courses/access.ts';
import { hasOrgRight } from '../roles/access.ts';
import { linkedResourceUuids, resourcesUnlockedForUser } from '../usergroups/service.ts';

export type Level = 'all' | 'public' | 'none';

export type CourseView =
  | { kind: 'all' | 'published' | 'none' }
  /** Published ones, minus group-restricted ones the user is not in, plus those they author. */
  | { kind: 'member'; userId: number; hiddenUuids: string[] };

export type PlaygroundView =
  | { kind: 'all' | 'none' }
  /** Published, not restricted unless unlocked; plus their own when they may edit their own. */
  | { kind: 'member'; userId: number; editsOwn: boolean; unlockedUuids: string[] };

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
  const may = (bucket: string, action: 'action_read' | 'action_update' | 'action_update_own') =>
    hasOrgRight(db, user, orgId, bucket, action);
  const restricted = await linkedResourceUuids(db, orgId);
  const unlocked = new Set(await resourcesUnlockedForUser(db, user.id, restricted));
  const caller = await courseCaller(db, user, orgId);
  const editsCourses = caller.admin || allows(caller.rights, 'courses', 'action_update');
  return {
    orgId,
    courses: editsCourses
      ? { kind: 'all' }
      : { kind: 'member', userId: user.id, hiddenUuids: restricted.filter((uuid) => !unlocked.has(uuid)) },
    folders: (await may('folders', 'action_read')) ? 'all' : 'public',
    users: true,
    communities: (await may('communities', 'action_read')) ? 'all' : 'public',
    playgrounds: (await may('playgrounds', 'action_update'))
      ? { kind: 'all' }
      : {
          kind: 'member',
          userId: user.id,
          editsOwn: await may('playgrounds', 'action_update_own'),
          unlockedUuids: [...unlocked],
        },
    podcasts: (await may('podcasts', 'action_update'))
      ? { kind: 'all' }
      : { kind: 'member', userId: user.id },
  };
}

/** The caller must already be allowed to search the organization. */
export function searchViewer(db: Executor, principal: Principal, orgId: number): Promise<SearchViewer> {
  if (principal.kind === 'token') return Promise.resolve(tokenViewer(principal, orgId));
  if (principal.kind === 'user') return userViewer(db, principal, orgId);
  throw new Error('Anonymous callers cannot search');
}
