import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';

/** Spec §2.9. */
export const CommunityRead = Type.Object(
  {
    name: Type.String(),
    description: Nullable(Type.String()),
    public: Type.Boolean(),
    thumbnail_image: Nullable(Type.String()),
    id: Type.Integer(),
    org_id: Type.Integer(),
    course_id: Nullable(Type.Integer()),
    community_uuid: Type.String(),
    moderation_words: Type.Array(Type.String()),
    moderation_settings: Nullable(JsonObject),
    creation_date: Type.String(),
    update_date: Type.String(),
  },
  { title: 'CommunityRead' },
);

const moderationWords = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 });

export const CommunityCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  /** Readable from outside the organization; true when omitted. */
  public: Type.Optional(Type.Boolean()),
  thumbnail_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  /** A course of the same organization this community belongs to. */
  course_id: Type.Optional(Nullable(Type.Integer())),
  /** Discussions and comments containing one of these (whole word, any case) are refused. */
  moderation_words: Type.Optional(moderationWords),
  moderation_settings: Type.Optional(Nullable(JsonObject)),
});

export const CommunityUpdate = Type.Partial(CommunityCreate);
