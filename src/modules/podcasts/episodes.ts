/**
 * Podcast episodes: an audio file with a title and a number (the next one when not
 * given). Whoever may change the podcast manages its episodes; whoever may read it reads
 * them. Audio is stored before the row is written, so a failed insert removes the file
 * again; a deleted row's file goes after the commit.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import type { IncomingFile, ReceivedUpload } from '../../core/uploads/receive-upload.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { deleteStoredAudio, receiveEpisodeAudio } from './audio-files.ts';
import { toEpisodeRead } from './present.ts';
import * as queries from './queries.ts';
import type { EpisodeUpdate } from './schemas.ts';
import { getPodcastOr404, type PodcastRow, requirePodcastChange, requirePodcastRead } from './service.ts';

export interface EpisodeInput {
  title: string;
  description?: string | null;
  episode_number?: number;
}

/** The podcast, once the caller may add episodes to it (checked before any audio is accepted). */
export async function podcastOpenForEpisodes(ctx: AppContext, principal: Principal, podcastUuid: string) {
  const podcast = await getPodcastOr404(ctx.database.db, podcastUuid);
  await requirePodcastChange(ctx.database.db, principal, podcast);
  return podcast;
}

/** Checks and streams the file into storage, under the podcast's folder. */
export async function saveEpisodeAudio(
  ctx: AppContext,
  podcast: PodcastRow,
  file: IncomingFile,
): Promise<ReceivedUpload> {
  const org = await getOrgOr404(ctx.database.db, podcast.org_id);
  return receiveEpisodeAudio(ctx, file, { orgUuid: org.org_uuid, podcastUuid: podcast.podcast_uuid });
}

export function discardEpisodeAudio(ctx: AppContext, audio: ReceivedUpload): Promise<void> {
  return deleteStoredAudio(ctx, [audio.key]);
}

export async function createEpisode(
  ctx: AppContext,
  principal: Principal,
  podcastUuid: string,
  input: EpisodeInput,
  audio: ReceivedUpload | undefined,
) {
  if (!audio) throw invalid(['body', 'audio_file'], 'Field required', undefined, 'missing');
  return ctx.database.db.transaction().execute(async (trx) => {
    const podcast = await getPodcastOr404(trx, podcastUuid);
    await requirePodcastChange(trx, principal, podcast);
    const now = formatDateTime();
    const episode = await queries.insertEpisode(trx, {
      episode_uuid: prefixedUuid('episode'),
      podcast_id: podcast.id,
      org_id: podcast.org_id,
      title: input.title.trim(),
      description: input.description ?? null,
      episode_number: input.episode_number ?? (await queries.nextEpisodeNumber(trx, podcast.id)),
      audio_key: audio.key,
      audio_content_type: audio.mimeType,
      audio_size: audio.size,
      creation_date: now,
      update_date: now,
    });
    await emit(trx, podcast.org_id, 'podcast_episode_created', {
      episode_uuid: episode.episode_uuid,
      podcast_uuid: podcast.podcast_uuid,
      title: episode.title,
      episode_number: episode.episode_number,
    });
    return toEpisodeRead(episode, podcast.podcast_uuid);
  });
}

export async function listEpisodes(ctx: AppContext, principal: Principal, podcastUuid: string) {
  const db = ctx.database.db;
  const podcast = await getPodcastOr404(db, podcastUuid);
  await requirePodcastRead(db, principal, podcast);
  return (await queries.listEpisodes(db, podcast.id)).map((episode) =>
    toEpisodeRead(episode, podcast.podcast_uuid),
  );
}

async function episodeWithPodcast(db: Executor, uuid: string) {
  const episode = await queries.findEpisodeByUuid(db, uuid);
  const podcast = episode && (await queries.findPodcastById(db, episode.podcast_id));
  if (!episode || !podcast) throw notFound('Episode');
  return { episode, podcast };
}

export async function getEpisode(ctx: AppContext, principal: Principal, uuid: string) {
  const { episode, podcast } = await episodeWithPodcast(ctx.database.db, uuid);
  await requirePodcastRead(ctx.database.db, principal, podcast);
  return toEpisodeRead(episode, podcast.podcast_uuid);
}

export async function updateEpisode(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof EpisodeUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { episode, podcast } = await episodeWithPodcast(trx, uuid);
    await requirePodcastChange(trx, principal, podcast);
    const updated = await queries.updateEpisode(trx, episode.id, {
      title: input.title?.trim() ?? episode.title,
      description: input.description === undefined ? episode.description : input.description,
      episode_number: input.episode_number ?? episode.episode_number,
      update_date: formatDateTime(),
    });
    return toEpisodeRead(updated, podcast.podcast_uuid);
  });
}

export async function deleteEpisode(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  const audioKey = await ctx.database.db.transaction().execute(async (trx) => {
    const { episode, podcast } = await episodeWithPodcast(trx, uuid);
    await requirePodcastChange(trx, principal, podcast);
    await queries.deleteEpisode(trx, episode.id);
    return episode.audio_key;
  });
  await deleteStoredAudio(ctx, [audioKey]);
}
