import type { Generated } from 'kysely';
import type { Authorship, AuthorshipStatus } from '../courses/tables.ts';

export interface PodcastsTable {
  id: Generated<number>;
  podcast_uuid: string;
  org_id: number;
  name: string;
  description: string | null;
  about: string | null;
  tags: string | null;
  thumbnail_image: string | null;
  public: boolean;
  published: boolean;
  /** JSON object text or null. */
  seo: string | null;
  creation_date: string;
  update_date: string;
}

export interface PodcastAuthorsTable {
  id: Generated<number>;
  podcast_id: number;
  user_id: number;
  authorship: Authorship;
  authorship_status: AuthorshipStatus;
  creation_date: string;
  update_date: string;
}

export interface PodcastEpisodesTable {
  id: Generated<number>;
  episode_uuid: string;
  podcast_id: number;
  org_id: number;
  title: string;
  description: string | null;
  episode_number: number;
  /** Where the audio lives in the episode audio store. */
  audio_key: string;
  audio_content_type: string;
  audio_size: number;
  creation_date: string;
  update_date: string;
}

export interface PodcastTables {
  podcasts: PodcastsTable;
  podcast_authors: PodcastAuthorsTable;
  podcast_episodes: PodcastEpisodesTable;
}
