import type { Generated } from 'kysely';

export interface CommunitiesTable {
  id: Generated<number>;
  community_uuid: string;
  org_id: number;
  course_id: number | null;
  name: string;
  description: string | null;
  public: boolean;
  thumbnail_image: string | null;
  /** JSON array of strings. */
  moderation_words: string;
  /** JSON object text or null. */
  moderation_settings: string | null;
  creation_date: string;
  update_date: string;
}

export interface CommunityTables {
  communities: CommunitiesTable;
}
