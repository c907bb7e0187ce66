/** SQL for podcasts, their authors and episodes. The caller owns the transaction. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { PodcastAuthorsTable, PodcastEpisodesTable, PodcastsTable } from './tables.ts';

export type PodcastRow = Omit<PodcastsTable, 'id'> & { id: number };
export type PodcastAuthorRow = Omit<PodcastAuthorsTable, 'id'> & { id: number };
export type EpisodeRow = Omit<PodcastEpisodesTable, 'id'> & { id: number };

export function findPodcastByUuid(db: Executor, uuid: string): Promise<PodcastRow | undefined> {
  return db.selectFrom('podcasts').selectAll().where('podcast_uuid', '=', uuid).executeTakeFirst();
}

export function findPodcastById(db: Executor, id: number): Promise<PodcastRow | undefined> {
  return db.selectFrom('podcasts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertPodcast(db: Executor, row: Omit<PodcastsTable, 'id'>): Promise<PodcastRow> {
  return db.insertInto('podcasts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement (bulk loads such as the search benchmark). */
export function insertPodcasts(db: Executor, rows: Omit<PodcastsTable, 'id'>[]): Promise<PodcastRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('podcasts').values(rows).returningAll().execute();
}

export function updatePodcast(
  db: Executor,
  id: number,
  patch: Updateable<PodcastsTable>,
): Promise<PodcastRow> {
  return db.updateTable('podcasts').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deletePodcast(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('podcasts').where('id', '=', id).execute();
}

export interface PodcastListing {
  orgId: number;
  /** Every podcast of the organization (editors). */
  all: boolean;
  /** Published private podcasts too (members). */
  member: boolean;
  /** Podcasts this user actively authors, whatever their state. */
  authorUserId?: number;
}

/** Newest first. */
export function listPodcasts(db: Executor, filter: PodcastListing, limit: number, offset: number) {
  let query = db.selectFrom('podcasts').selectAll().where('org_id', '=', filter.orgId);
  if (!filter.all) {
    query = query.where((eb) => {
      const published = filter.member
        ? eb('published', '=', true)
        : eb.and([eb('published', '=', true), eb('public', '=', true)]);
      if (filter.authorUserId === undefined) return published;
      return eb.or([
        published,
        eb(
          'id',
          'in',
          eb
            .selectFrom('podcast_authors')
            .select('podcast_id')
            .where('user_id', '=', filter.authorUserId)
            .where('authorship_status', '=', 'ACTIVE'),
        ),
      ]);
    });
  }
  return query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function listAuthors(db: Executor, podcastIds: number[]): Promise<PodcastAuthorRow[]> {
  if (podcastIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('podcast_authors')
    .selectAll()
    .where('podcast_id', 'in', podcastIds)
    .orderBy('id')
    .execute();
}

export function findAuthor(
  db: Executor,
  podcastId: number,
  userId: number,
): Promise<PodcastAuthorRow | undefined> {
  return db
    .selectFrom('podcast_authors')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertAuthor(db: Executor, row: Omit<PodcastAuthorsTable, 'id'>): Promise<void> {
  await db.insertInto('podcast_authors').values(row).execute();
}

export function findEpisodeByUuid(db: Executor, uuid: string): Promise<EpisodeRow | undefined> {
  return db.selectFrom('podcast_episodes').selectAll().where('episode_uuid', '=', uuid).executeTakeFirst();
}

export function insertEpisode(db: Executor, row: Omit<PodcastEpisodesTable, 'id'>): Promise<EpisodeRow> {
  return db.insertInto('podcast_episodes').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateEpisode(
  db: Executor,
  id: number,
  patch: Updateable<PodcastEpisodesTable>,
): Promise<EpisodeRow> {
  return db
    .updateTable('podcast_episodes')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEpisode(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('podcast_episodes').where('id', '=', id).execute();
}

/** In episode order. */
export function listEpisodes(db: Executor, podcastId: number): Promise<EpisodeRow[]> {
  return db
    .selectFrom('podcast_episodes')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .orderBy('episode_number')
    .orderBy('id')
    .execute();
}

export async function nextEpisodeNumber(db: Executor, podcastId: number): Promise<number> {
  const row = await db
    .selectFrom('podcast_episodes')
    .select((eb) => eb.fn.max('episode_number').as('last'))
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 1 : Number(row.last) + 1;
}
