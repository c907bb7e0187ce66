/** Podcasts as PodcastRead (authors loaded in one batch) and episodes as EpisodeRead. */
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../core/events/emit.ts';
import { toAuthorWithRole } from '../users/present.ts';
import { findUsersByIds } from '../users/service.ts';
import { type EpisodeRow, listAuthors, type PodcastRow } from './queries.ts';
import type { EpisodeRead, PodcastRead } from './schemas.ts';

type AuthorRead = ReturnType<typeof toAuthorWithRole>;

export async function presentPodcasts(
  db: Executor,
  podcasts: PodcastRow[],
): Promise<Static<typeof PodcastRead>[]> {
  const authors = await listAuthors(
    db,
    podcasts.map((podcast) => podcast.id),
  );
  const users = new Map(
    (await findUsersByIds(db, [...new Set(authors.map((a) => a.user_id))])).map((u) => [u.id, u]),
  );
  const byPodcast = new Map<number, AuthorRead[]>();
  for (const author of authors) {
    const user = users.get(author.user_id);
    if (!user) continue;
    const list = byPodcast.get(author.podcast_id) ?? [];
    list.push(toAuthorWithRole(user, author));
    byPodcast.set(author.podcast_id, list);
  }
  return podcasts.map((podcast) => ({
    name: podcast.name,
    description: podcast.description,
    about: podcast.about,
    tags: podcast.tags,
    thumbnail_image: podcast.thumbnail_image,
    public: podcast.public,
    published: podcast.published,
    id: podcast.id,
    org_id: podcast.org_id,
    authors: byPodcast.get(podcast.id) ?? [],
    podcast_uuid: podcast.podcast_uuid,
    creation_date: podcast.creation_date,
    update_date: podcast.update_date,
    seo: podcast.seo ? JSON.parse(podcast.seo) : null,
  }));
}

export async function presentPodcast(db: Executor, podcast: PodcastRow) {
  return (await presentPodcasts(db, [podcast]))[0];
}

export function toEpisodeRead(episode: EpisodeRow, podcastUuid: string): Static<typeof EpisodeRead> {
  return {
    id: episode.id,
    episode_uuid: episode.episode_uuid,
    podcast_id: episode.podcast_id,
    podcast_uuid: podcastUuid,
    org_id: episode.org_id,
    title: episode.title,
    description: episode.description,
    episode_number: episode.episode_number,
    audio_file: episode.audio_key,
    audio_content_type: episode.audio_content_type,
    audio_size: episode.audio_size,
    creation_date: episode.creation_date,
    update_date: episode.update_date,
  };
}
