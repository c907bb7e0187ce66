/**
 * One SQL statement per resource type: the index match, the rows it points at, what the
 * viewer may see of them, the ranking (name matches first, then id, so pages are stable)
 * and the true total of the whole query (a window count beside the page). The search reads
 * the tables of the resources it finds because visibility, ranking, totals and paging must
 * all happen in that one statement; presenting the rows is left to their modules.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextIndex } from '../../core/db/full-text.ts';
import type { Executor } from '../../core/events/emit.ts';
import type { SearchResourceType } from './tables.ts';
import type { SearchViewer } from './viewer.ts';

export interface Page {
  limit: number;
  offset: number;
}

export interface Found {
  ids: number[];
  total: number;
}

export const NOTHING: Found = { ids: [], total: 0 };

export interface SearchRequest {
  db: Executor;
  index: FullTextIndex;
  terms: string[];
  viewer: SearchViewer;
  page: Page;
}

function documents(request: SearchRequest, type: SearchResourceType, orgId: number | null) {
  return request.db
    .selectFrom('search_documents as d')
    .where('d.resource_type', '=', type)
    .where(request.index.matches('d', { orgId, resourceType: type }, request.terms));
}

async function pageOf(
  request: SearchRequest,
  type: SearchResourceType,
  orgId: number | null,
  query: SelectQueryBuilder<any, any, any>,
): Promise<Found> {
  const nameMatch = request.index.matches('d', { orgId, resourceType: type }, request.terms, {
    nameOnly: true,
  });
  const rows = (await query
    .select([sql<number>`d.resource_id`.as('id'), sql<number>`count(*) over ()`.as('total')])
    .orderBy(sql`case when ${nameMatch} then 0 else 1 end`)
    .orderBy(sql`d.resource_id`)
    .limit(request.page.limit)
    .offset(request.page.offset)
    .execute()) as { id: number; total: number }[];
  if (rows.length > 0) return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0].total) };
  if (request.page.offset === 0) return NOTHING;
  // Past the last page: the rows are gone but the total is still owed.
  const count = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  return { ids: [], total: Number(count?.total ?? 0) };
}

const AUTHORING = ['CREATOR', 'MAINTAINER', 'CONTRIBUTOR'] as const;

export function findCourses(request: SearchRequest): Promise<Found> {
  const view = request.viewer.courses;
  if (view.kind === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  const query = documents(request, 'course', orgId)
    .innerJoin('courses as c', 'c.id', 'd.resource_id')
    .where((eb) => {
      if (view.kind !== 'member') return view.kind === 'all' ? eb.lit(true) : eb('c.published', '=', true);
      const open: Expression<SqlBool>[] = [eb('c.published', '=', true)];
      if (view.hiddenUuids.length > 0) open.push(eb('c.course_uuid', 'not in', view.hiddenUuids));
      return eb.or([
        eb.and(open),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('course_authors')
            .select('course_id')
            .where('user_id', '=', view.userId)
            .where('authorship_status', '=', 'ACTIVE')
            .where('authorship', 'in', AUTHORING),
        ),
      ]);
    });
  return pageOf(request, 'course', orgId, query);
}

export function findFolders(request: SearchRequest): Promise<Found> {
  const level = request.viewer.folders;
  if (level === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  let query = documents(request, 'folder', orgId).innerJoin('folders as f', 'f.id', 'd.resource_id');
  if (level === 'public') query = query.where('f.public', '=', true);
  return pageOf(request, 'folder', orgId, query);
}

/** Members of the organization (user documents belong to no organization). */
export function findUsers(request: SearchRequest): Promise<Found> {
  if (!request.viewer.users) return Promise.resolve(NOTHING);
  const query = documents(request, 'user', null).innerJoin('memberships as m', (join) =>
    join.onRef('m.user_id', '=', 'd.resource_id').on('m.org_id', '=', request.viewer.orgId),
  );
  return pageOf(request, 'user', null, query);
}

export function findCommunities(request: SearchRequest): Promise<Found> {
  const level = request.viewer.communities;
  if (level === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  let query = documents(request, 'community', orgId).innerJoin('communities as c', 'c.id', 'd.resource_id');
  if (level === 'public') query = query.where('c.public', '=', true);
  return pageOf(request, 'community', orgId, query);
}

/** Discussions of the communities the viewer may see. */
export function findDiscussions(request: SearchRequest): Promise<Found> {
  const level = request.viewer.communities;
  if (level === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  let query = documents(request, 'discussion', orgId)
    .innerJoin('discussions as x', 'x.id', 'd.resource_id')
    .innerJoin('communities as c', 'c.id', 'x.community_id');
  if (level === 'public') query = query.where('c.public', '=', true);
  return pageOf(request, 'discussion', orgId, query);
}

export function findPlaygrounds(request: SearchRequest): Promise<Found> {
  const view = request.viewer.playgrounds;
  if (view.kind === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  const query = documents(request, 'playground', orgId)
    .innerJoin('playgrounds as p', 'p.id', 'd.resource_id')
    .where((eb) => {
      if (view.kind !== 'member') return eb.lit(true);
      const reachable: Expression<SqlBool>[] = [eb('p.access_type', '!=', 'restricted')];
      if (view.unlockedUuids.length > 0) reachable.push(eb('p.playground_uuid', 'in', view.unlockedUuids));
      const visible: Expression<SqlBool>[] = [eb.and([eb('p.published', '=', true), eb.or(reachable)])];
      if (view.editsOwn) visible.push(eb('p.created_by', '=', view.userId));
      return eb.or(visible);
    });
  return pageOf(request, 'playground', orgId, query);
}

export function findPodcasts(request: SearchRequest): Promise<Found> {
  const view = request.viewer.podcasts;
  if (view.kind === 'none') return Promise.resolve(NOTHING);
  const orgId = request.viewer.orgId;
  const query = documents(request, 'podcast', orgId)
    .innerJoin('podcasts as p', 'p.id', 'd.resource_id')
    .where((eb) => {
      if (view.kind !== 'member') return eb.lit(true);
      return eb.or([
        eb('p.published', '=', true),
        eb(
          'p.id',
          'in',
          eb
            .selectFrom('podcast_authors')
            .select('podcast_id')
            .where('user_id', '=', view.userId)
            .where('authorship_status', '=', 'ACTIVE'),
        ),
      ]);
    });
  return pageOf(request, 'podcast', orgId, query);
}
