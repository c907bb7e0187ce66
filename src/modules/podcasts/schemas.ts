import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';
import { AuthorWithRole } from '../courses/schemas.ts';

const text = Nullable(Type.String());

/** Spec §2.9. */
export const PodcastRead = Type.Object(
  {
    name: Type.String(),
    description: text,
    about: text,
    tags: text,
    thumbnail_image: text,
    public: Type.Boolean(),
    published: Type.Boolean(),
    id: Type.Integer(),
    org_id: Type.Integer(),
    authors: Type.Array(AuthorWithRole),
    podcast_uuid: Type.String(),
    creation_date: Type.String(),
    update_date: Type.String(),
    seo: Nullable(JsonObject),
  },
  { title: 'PodcastRead' },
);

const fields = {
  description: Nullable(Type.String({ maxLength: 5000 })),
  about: Nullable(Type.String({ maxLength: 20_000 })),
  tags: Nullable(Type.String({ maxLength: 2000 })),
  thumbnail_image: Nullable(Type.String({ maxLength: 2048 })),
  /** Listed for everyone (true) or for members of the organization only. */
  public: Type.Boolean(),
  published: Type.Boolean(),
  seo: Nullable(JsonObject),
};
const name = Type.String({ minLength: 1, maxLength: 200 });

/** `public` defaults to true, `published` to false. */
export const PodcastCreate = Type.Composite([Type.Object({ name }), Type.Partial(Type.Object(fields))]);
export const PodcastUpdate = Type.Partial(Type.Object({ name, ...fields }));

export const EpisodeRead = Type.Object({
  id: Type.Integer(),
  episode_uuid: Type.String(),
  podcast_id: Type.Integer(),
  podcast_uuid: Type.String(),
  org_id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  episode_number: Type.Integer(),
  /** Where the audio is stored. */
  audio_file: Type.String(),
  audio_content_type: Type.String(),
  audio_size: Type.Integer(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const EpisodeFields = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  description: Nullable(Type.String({ maxLength: 20_000 })),
  episode_number: Type.Integer({ minimum: 1 }),
};

export const EpisodeUpdate = Type.Partial(Type.Object(EpisodeFields));
