/**
 * Podcasts: published for everyone (`public`) or for the organization's members; drafts
 * only for their editors: holders of `podcasts.action_update`, or ACTIVE authors with
 * `action_update_own`. The creator becomes CREATOR/ACTIVE author. API tokens are refused.
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { removeResourceFromFolders } from '../folders/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { hasOrgRight, requireOrgRight } from '../roles/access.ts';
import { indexDocument, removeDocument, type SearchDocument, searchText } from '../search/index-writer.ts';
import { deleteResourceLinks } from '../usergroups/service.ts';
import { deleteStoredAudio } from './audio-files.ts';
import { presentPodcast } from './present.ts';
import type { PodcastRow } from './queries.ts';
import * as queries from './queries.ts';
import type { PodcastCreate, PodcastUpdate } from './schemas.ts';

export { presentPodcasts } from './present.ts';
export type { PodcastRow } from './queries.ts';

registerResourceType('podcast_', async (db, uuid) => {
  const podcast = await queries.findPodcastByUuid(db, uuid);
  if (!podcast) return undefined;
  return {
    orgId: podcast.org_id,
    type: 'podcast',
    publiclyVisible: podcast.published && podcast.public,
    present: () => presentPodcast(db, podcast),
  };
});

/** What search finds this podcast by. */
export function podcastDocument(podcast: PodcastRow): SearchDocument {
  return {
    org_id: podcast.org_id,
    resource_type: 'podcast',
    resource_id: podcast.id,
    title: podcast.name,
    body: searchText(podcast.description, podcast.about, podcast.tags),
  };
}

function indexPodcast(db: Executor, podcast: PodcastRow): Promise<void> {
  return indexDocument(db, podcastDocument(podcast));
}

async function isActiveAuthor(db: Executor, principal: Principal, podcast: PodcastRow): Promise<boolean> {
  if (principal.kind !== 'user') return false;
  return (await queries.findAuthor(db, podcast.id, principal.id))?.authorship_status === 'ACTIVE';
}

/** `podcasts.action_<verb>`, or `action_<verb>_own` for an ACTIVE author. */
async function mayChange(db: Executor, principal: Principal, podcast: PodcastRow, verb: 'update' | 'delete') {
  if (principal.kind === 'token')
    await requireOrgRight(db, principal, podcast.org_id, 'podcasts', `action_${verb}`);
  if (await hasOrgRight(db, principal, podcast.org_id, 'podcasts', `action_${verb}`)) return true;
  return (
    (await isActiveAuthor(db, principal, podcast)) &&
    (await hasOrgRight(db, principal, podcast.org_id, 'podcasts', `action_${verb}_own`))
  );
}

function deny(principal: Principal, message: string): never {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  throw forbidden(message);
}

export async function requirePodcastChange(
  db: Executor,
  principal: Principal,
  podcast: PodcastRow,
  verb: 'update' | 'delete' = 'update',
): Promise<void> {
  if (!(await mayChange(db, principal, podcast, verb))) {
    deny(principal, `You do not have permission to ${verb} this podcast`);
  }
}

export async function requirePodcastRead(
  db: Executor,
  principal: Principal,
  podcast: PodcastRow,
): Promise<void> {
  if (principal.kind === 'token')
    await requireOrgRight(db, principal, podcast.org_id, 'podcasts', 'action_read');
  if (podcast.published && podcast.public) return;
  if (podcast.published && (await hasOrgRight(db, principal, podcast.org_id, 'podcasts', 'action_read')))
    return;
  if (await mayChange(db, principal, podcast, 'update')) return;
  deny(principal, 'You do not have access to this podcast');
}

export async function getPodcastOr404(db: Executor, uuid: string): Promise<PodcastRow> {
  const podcast = await queries.findPodcastByUuid(db, uuid);
  if (!podcast) throw notFound('Podcast');
  return podcast;
}

export async function createPodcast(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof PodcastCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgRight(trx, principal, orgId, 'podcasts', 'action_create');
    requireSessionUser(principal);
    const now = formatDateTime();
    const podcast = await queries.insertPodcast(trx, {
      podcast_uuid: prefixedUuid('podcast'),
      org_id: orgId,
      name: input.name.trim(),
      description: input.description ?? null,
      about: input.about ?? null,
      tags: input.tags ?? null,
      thumbnail_image: input.thumbnail_image ?? null,
      public: input.public ?? true,
      published: input.published ?? false,
      seo: input.seo ? JSON.stringify(input.seo) : null,
      creation_date: now,
      update_date: now,
    });
    await queries.insertAuthor(trx, {
      podcast_id: podcast.id,
      user_id: principal.id,
      authorship: 'CREATOR',
      authorship_status: 'ACTIVE',
      creation_date: now,
      update_date: now,
    });
    await indexPodcast(trx, podcast);
    return presentPodcast(trx, podcast);
  });
}

export async function getPodcast(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const podcast = await getPodcastOr404(db, uuid);
  await requirePodcastRead(db, principal, podcast);
  return presentPodcast(db, podcast);
}

/** What the caller may see: everything (editors), published (members), published public (others), plus their own. */
export async function listPodcasts(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  if (principal.kind === 'token') await requireOrgRight(db, principal, orgId, 'podcasts', 'action_read');
  const filter = {
    orgId,
    all: await hasOrgRight(db, principal, orgId, 'podcasts', 'action_update'),
    member: await hasOrgRight(db, principal, orgId, 'podcasts', 'action_read'),
    authorUserId: principal.kind === 'user' ? principal.id : undefined,
  };
  return queries.listPodcasts(db, filter, limit, (page - 1) * limit);
}

export async function updatePodcast(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof PodcastUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const podcast = await getPodcastOr404(trx, uuid);
    await requirePodcastChange(trx, principal, podcast);
    const keep = <K extends keyof PodcastRow>(key: K, value: PodcastRow[K] | undefined) =>
      value === undefined ? podcast[key] : value;
    const updated = await queries.updatePodcast(trx, podcast.id, {
      name: input.name?.trim() ?? podcast.name,
      description: keep('description', input.description),
      about: keep('about', input.about),
      tags: keep('tags', input.tags),
      thumbnail_image: keep('thumbnail_image', input.thumbnail_image),
      public: keep('public', input.public),
      published: keep('published', input.published),
      seo: input.seo === undefined ? podcast.seo : input.seo === null ? null : JSON.stringify(input.seo),
      update_date: formatDateTime(),
    });
    await indexPodcast(trx, updated);
    return presentPodcast(trx, updated);
  });
}

/** Deletes the podcast and its episodes; their audio files go after the commit. */
export async function deletePodcast(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  const audioKeys = await ctx.database.db.transaction().execute(async (trx) => {
    const podcast = await getPodcastOr404(trx, uuid);
    await requirePodcastChange(trx, principal, podcast, 'delete');
    const audioKeys = (await queries.listEpisodes(trx, podcast.id)).map((episode) => episode.audio_key);
    await queries.deletePodcast(trx, podcast.id);
    await removeDocument(trx, 'podcast', podcast.id);
    await removeResourceFromFolders(trx, podcast.podcast_uuid);
    await deleteResourceLinks(trx, [podcast.podcast_uuid]);
    return audioKeys;
  });
  await deleteStoredAudio(ctx, audioKeys);
}
