/**
 * Organization search (spec §4.7): signed-in members and the organization's own API
 * tokens (with `search.action_read`) only, rate limited per caller. Each resource type is
 * one indexed query (sources.ts) under what the caller may see (viewer.ts); the rows found
 * are presented by their own modules.
 */
import type { Static } from '@sinclair/typebox';
import {
  type Principal,
  requireAuthenticated,
  type SessionUser,
  type TokenPrincipal,
} from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { fullTextIndex } from '../../core/db/full-text.ts';
import { invalid, tooManyRequests } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { toCommunityRead } from '../communities/present.ts';
import { findCommunitiesByIds } from '../communities/service.ts';
import { presentCourses } from '../courses/present.ts';
import { findCoursesByIds } from '../courses/service.ts';
import { toDiscussionRead } from '../discussions/present.ts';
import { findDiscussionsByIds } from '../discussions/service.ts';
import { findFoldersByIds, presentFolders } from '../folders/service.ts';
import { getOrgBySlugOr404 } from '../orgs/service.ts';
import { findPlaygroundsByIds, presentPlaygrounds } from '../playgrounds/service.ts';
import { findPodcastsByIds, presentPodcasts } from '../podcasts/service.ts';
import { requireOrgRight } from '../roles/access.ts';
import { toUserReadPublic } from '../users/present.ts';
import { findUsersByIds } from '../users/service.ts';
import { searchTerms } from './query-terms.ts';
import type { SearchQuery, SearchResult } from './schemas.ts';
import * as sources from './sources.ts';
import { type SearchViewer, searchViewer } from './viewer.ts';

type Result = Static<typeof SearchResult>;

/** Rows of `ids`, in that order (rows deleted meanwhile are skipped). */
function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function rateLimit(ctx: AppContext, caller: SessionUser | TokenPrincipal) {
  const key = `search:${caller.kind}:${caller.id}`;
  const limit = await ctx.rateLimiter.hit(key, ctx.config.limits.searchPerMinute, 60);
  if (!limit.allowed) {
    throw tooManyRequests('Too many search queries. Please slow down.', limit.retryAfterSeconds);
  }
}

async function presentFound(db: Executor, viewer: SearchViewer, found: Record<string, sources.Found>) {
  const discussions = inOrder(await findDiscussionsByIds(db, found.discussions.ids), found.discussions.ids);
  const discussionCommunities = new Map(
    (await findCommunitiesByIds(db, [...new Set(discussions.map((d) => d.community_id))])).map((c) => [
      c.id,
      c,
    ]),
  );
  return {
    courses: await presentCourses(
      db,
      inOrder(await findCoursesByIds(db, found.courses.ids), found.courses.ids),
    ),
    folders: await presentFolders(
      db,
      inOrder(await findFoldersByIds(db, found.folders.ids), found.folders.ids),
      {
        member: viewer.folders === 'all',
      },
    ),
    users: inOrder(await findUsersByIds(db, found.users.ids), found.users.ids).map(toUserReadPublic),
    communities: inOrder(await findCommunitiesByIds(db, found.communities.ids), found.communities.ids).map(
      toCommunityRead,
    ),
    discussions: discussions.flatMap((discussion) => {
      const community = discussionCommunities.get(discussion.community_id);
      return community ? [toDiscussionRead(discussion, community.community_uuid)] : [];
    }),
    playgrounds: await presentPlaygrounds(
      db,
      inOrder(await findPlaygroundsByIds(db, found.playgrounds.ids), found.playgrounds.ids),
    ),
    podcasts: await presentPodcasts(
      db,
      inOrder(await findPodcastsByIds(db, found.podcasts.ids), found.podcasts.ids),
    ),
  };
}

export async function search(
  ctx: AppContext,
  principal: Principal,
  orgSlug: string,
  input: Static<typeof SearchQuery>,
): Promise<Result> {
  requireAuthenticated(principal);
  if (!input.query.trim())
    throw invalid(['query', 'query'], 'The search query must not be blank', input.query);
  await rateLimit(ctx, principal);
  const db = ctx.database.db;
  const org = await getOrgBySlugOr404(db, orgSlug);
  await requireOrgRight(db, principal, org.id, 'search', 'action_read');
  const request: sources.SearchRequest = {
    db,
    index: fullTextIndex(ctx.database.kind),
    terms: searchTerms(input.query),
    viewer: await searchViewer(db, principal, org.id),
    page: { limit: input.limit, offset: (input.page - 1) * input.limit },
  };
  const [courses, folders, users, communities, discussions, playgrounds, podcasts] = await Promise.all([
    sources.findCourses(request),
    sources.findFolders(request),
    sources.findUsers(request),
    sources.findCommunities(request),
    sources.findDiscussions(request),
    sources.findPlaygrounds(request),
    sources.findPodcasts(request),
  ]);
  const found = { courses, folders, users, communities, discussions, playgrounds, podcasts };
  return {
    ...(await presentFound(db, request.viewer, found)),
    total_courses: courses.total,
    total_folders: folders.total,
    total_users: users.total,
    total_communities: communities.total,
    total_discussions: discussions.total,
    total_playgrounds: playgrounds.total,
    total_podcasts: podcasts.total,
  };
}
