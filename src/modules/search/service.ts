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
import { courseReaderFor } from '../courses/access.ts';
import { presentCourses } from '../courses/present.ts';
import { toDiscussionRead } from '../discussions/present.ts';
import { presentFolders } from '../folders/service.ts';
import { getOrgBySlugOr404 } from '../orgs/service.ts';
import { presentPlaygrounds } from '../playgrounds/service.ts';
import { presentPodcasts } from '../podcasts/service.ts';
import { toUserReadPublic } from '../users/present.ts';
import { searchTerms } from './query-terms.ts';
import { DEFAULT_LIMIT, DEFAULT_PAGE, type SearchQuery, type SearchResult } from './schemas.ts';
import * as sources from './sources.ts';
import { searchViewer } from './viewer.ts';

type Result = Static<typeof SearchResult>;

async function rateLimit(ctx: AppContext, caller: SessionUser | TokenPrincipal) {
  const key = `search:${caller.kind}:${caller.id}`;
  const limit = await ctx.rateLimiter.hit(key, ctx.config.limits.searchPerMinute, 60);
  if (!limit.allowed) {
    throw tooManyRequests('Too many search queries. Please slow down.', limit.retryAfterSeconds);
  }
}

/** Presenters that load more rows (authors, subfolders…) are only called for what was found. */
async function whenAny<Row, Read>(rows: Row[], present: (rows: Row[]) => Promise<Read[]>): Promise<Read[]> {
  return rows.length > 0 ? present(rows) : [];
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
  const db: Executor = ctx.database.db;
  const org = await getOrgBySlugOr404(db, orgSlug);
  const viewer = await searchViewer(db, principal, org.id);
  const limit = input.limit ?? DEFAULT_LIMIT;
  const request: sources.SearchRequest = {
    db,
    match: await fullTextIndex(ctx.database.kind).match(db, org.id, searchTerms(input.query)),
    viewer,
    page: { limit, offset: ((input.page ?? DEFAULT_PAGE) - 1) * limit },
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
  return {
    courses: await whenAny(courses.rows, async (rows) =>
      presentCourses(db, rows, await courseReaderFor(db, principal)),
    ),
    folders: await whenAny(folders.rows, (rows) =>
      presentFolders(db, rows, { member: viewer.folders === 'all' }),
    ),
    users: users.rows.map(toUserReadPublic),
    communities: communities.rows.map(toCommunityRead),
    discussions: discussions.rows.map((row) => toDiscussionRead(row, row.community_uuid)),
    playgrounds: await whenAny(playgrounds.rows, (rows) => presentPlaygrounds(db, rows)),
    podcasts: await whenAny(podcasts.rows, (rows) => presentPodcasts(db, rows)),
    total_courses: courses.total,
    total_folders: folders.total,
    total_users: users.total,
    total_communities: communities.total,
    total_discussions: discussions.total,
    total_playgrounds: playgrounds.total,
    total_podcasts: podcasts.total,
  };
}
