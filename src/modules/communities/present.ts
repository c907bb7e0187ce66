import type { Static } from '@sinclair/typebox';
import type { CommunityRow } from './queries.ts';
import type { CommunityRead } from './schemas.ts';

export function toCommunityRead(community: CommunityRow): Static<typeof CommunityRead> {
  return {
    name: community.name,
    description: community.description,
    public: community.public,
    thumbnail_image: community.thumbnail_image,
    id: community.id,
    org_id: community.org_id,
    course_id: community.course_id,
    community_uuid: community.community_uuid,
    moderation_words: JSON.parse(community.moderation_words),
    moderation_settings: community.moderation_settings ? JSON.parse(community.moderation_settings) : null,
    creation_date: community.creation_date,
    update_date: community.update_date,
  };
}

/** The `community` object of webhook event payloads (spec §6.2). */
export function toEventCommunity(community: Pick<CommunityRow, 'community_uuid'>) {
  return { community_uuid: community.community_uuid };
}
