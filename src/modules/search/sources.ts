/**
 * One SQL statement per resource type: the index's match, the rows it points at, what the
 * viewer may see of them, the ranking (name matches first, then id, so pages are stable)
 * and the true total of the whole query (a window count beside the page). The search reads
 * the tables of the resources it finds because visibility, ranking, totals and paging must
 * all happen in that one statement, which also returns the rows themselves; presenting
 * them is left to their modules.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextMatch } from '../../core/db/full-text.ts';
import type { Executor } from '../../core/events/emit.ts';
import type { CommunityRow } from '../communities/service.ts';
import type { CourseRow } from '../courses/service.ts';
import type { DiscussionRow } from '../discussions/service.ts';
import type { FolderRow } from '../folders/service.ts';
import type { PlaygroundRow } from '../playgrounds/service.ts';
import type { PodcastRow } from '../podcasts/service.ts';
import { openToUser, unlockedForUser } from '../usergroups/service.ts';
import type { UserRow } from '../users/service.ts';
import type { SearchResourceType } from './tables.ts';
import type { SearchViewer } from './viewer.ts';

export interface Page {
  limit: number;
  offset: number;
}

export interface Found<Row> {
  rows: Row[];
  total: number;
}

const nothing = <Row>(): Promise<Found<Row>> => Promise.resolve({ rows: [], total: 0 });

export interface SearchRequest {
  db: Executor;
  match: FullTextMatch;
  viewer: SearchViewer;
  page: Page;
}

function documents(request: SearchRequest, type: SearchResourceType) {
  return request.db.selectFrom('search_documents as d').where(request.match.matches('d', type));
}

/** Whether the viewer may see this type at all and the index found any of it. */
function worthAsking(request: SearchRequest, type: SearchResourceType, visible: boolean): boolean {
  return visible && request.match.mayFind(type);
}

/**
 * One page of `query` (documents `d` joined to their rows), best first, with the rows
 * `columns` selects and the total of the whole query.
 */
async function pageOf<Row>(
  request: SearchRequest,
  type: SearchResourceType,
  query: SelectQueryBuilder<any, any, any>,
  columns: (query: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>,
): Promise<Found<Row>> {
  const nameMatch = request.match.matches('d', type, { nameOnly: true });
  const rows = (await columns(query)
    .select(sql<number>`count(*) over ()`.as('search_total'))
    .orderBy(sql`case when ${nameMatch} then 0 else 1 end`)
    .orderBy(sql`d.resource_id`)
    // Validated integers, written into the SQL: SQLite sorts only the page it keeps then.
    .limit(sql.lit(request.page.limit))
    .offset(sql.lit(request.page.offset))
    .execute()) as (Row & { search_total: number })[];
  if (rows.length > 0) {
    const total = Number(rows[0].search_total);
    return { rows: rows.map(({ search_total: _, ...row }) => row as Row), total };
  }
  if (request.page.offset === 0) return { rows: [], total: 0 };
  // Past the last page: the rows are gone but the total is still owed.
  const count = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  return { rows: [], total: Number(count?.total ?? 0) };
}

const AUTHORING = ['CREATOR', 'MAINTAINER', 'CONTRIBUTOR'] as const;

export function findCourses(request: SearchRequest): Promise<Found<CourseRow>> {
  const view = request.viewer.courses;
  if (!worthAsking(request, 'course', view.kind !== 'none')) return nothing();
  const query = documents(request, 'course')
    .innerJoin('courses as c', 'c.id', 'd.resource_id')
    .where((eb) => {
      if (view.kind !== 'member') return view.kind === 'all' ? eb.lit(true) : eb('c.published', '=', true);
      return eb.or([
        eb.and([eb('c.published', '=', true), openToUser(eb.ref('c.course_uuid'), view.userId)]),
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
  return pageOf(request, 'course', query, (q) => q.selectAll('c'));
}

export function findFolders(request: SearchRequest): Promise<Found<FolderRow>> {
  const level = request.viewer.folders;
  if (!worthAsking(request, 'folder', level !== 'none')) return nothing();
  let query = documents(request, 'folder').innerJoin('folders as f', 'f.id', 'd.resource_id');
  if (level === 'public') query = query.where('f.public', '=', true);
  return pageOf(request, 'folder', query, (q) => q.selectAll('f'));
}

/** Members of the organization (user documents belong to no organization). */
export function findUsers(request: SearchRequest): Promise<Found<UserRow>> {
  if (!worthAsking(request, 'user', request.viewer.users)) return nothing();
  const query = documents(request, 'user')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'd.resource_id').on('m.org_id', '=', request.viewer.orgId),
    )
    .innerJoin('users as u', 'u.id', 'd.resource_id');
  return pageOf(request, 'user', query, (q) => q.selectAll('u'));
}

export function findCommunities(request: SearchRequest): Promise<Found<CommunityRow>> {
  const level = request.viewer.communities;
  if (!worthAsking(request, 'community', level !== 'none')) return nothing();
  let query = documents(request, 'community').innerJoin('communities as c', 'c.id', 'd.resource_id');
  if (level === 'public') query = query.where('c.public', '=', true);
  return pageOf(request, 'community', query, (q) => q.selectAll('c'));
}

/** Discussions of the communities the viewer may see. */
export function findDiscussions(
  request: SearchRequest,
): Promise<Found<DiscussionRow & { community_uuid: string }>> {
  const level = request.viewer.communities;
  if (!worthAsking(request, 'discussion', level !== 'none')) return nothing();
  let query = documents(request, 'discussion')
    .innerJoin('discussions as x', 'x.id', 'd.resource_id')
    .innerJoin('communities as c', 'c.id', 'x.community_id');
  if (level === 'public') query = query.where('c.public', '=', true);
  return pageOf(request, 'discussion', query, (q) => q.selectAll('x').select('c.community_uuid'));
}

export function findPlaygrounds(request: SearchRequest): Promise<Found<PlaygroundRow>> {
  const view = request.viewer.playgrounds;
  if (!worthAsking(request, 'playground', view.kind !== 'none')) return nothing();
  const query = documents(request, 'playground')
    .innerJoin('playgrounds as p', 'p.id', 'd.resource_id')
    .where((eb) => {
      if (view.kind !== 'member') return eb.lit(true);
      const reachable = eb.or([
        eb('p.access_type', '!=', 'restricted'),
        unlockedForUser(eb.ref('p.playground_uuid'), view.userId),
      ]);
      const visible: Expression<SqlBool>[] = [eb.and([eb('p.published', '=', true), reachable])];
      if (view.editsOwn) visible.push(eb('p.created_by', '=', view.userId));
      return eb.or(visible);
    });
  return pageOf(request, 'playground', query, (q) => q.selectAll('p'));
}

export function findPodcasts(request: SearchRequest): Promise<Found<PodcastRow>> {
  const view = request.viewer.podcasts;
  if (!worthAsking(request, 'podcast', view.kind !== 'none')) return nothing();
  const query = documents(request, 'podcast')
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
  return pageOf(request, 'podcast', query, (q) => q.selectAll('p'));
}
