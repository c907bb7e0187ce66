import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../core/http/schemas.ts';
import { ACCESS_TYPES } from './tables.ts';

const text = Nullable(Type.String());

/** Spec §2.9. */
export const PlaygroundRead = Type.Object(
  {
    name: Type.String(),
    id: Type.Integer(),
    org_id: Type.Integer(),
    playground_uuid: Type.String(),
    creation_date: Type.String(),
    update_date: Type.String(),
    description: text,
    thumbnail_image: text,
    html_content: text,
    course_uuid: text,
    org_uuid: text,
    org_slug: text,
    author_username: text,
    author_first_name: text,
    author_last_name: text,
    author_user_uuid: text,
    author_avatar_image: text,
    access_type: StringEnum(ACCESS_TYPES),
    published: Type.Boolean(),
    course_id: Nullable(Type.Integer()),
    created_by: Nullable(Type.Integer()),
  },
  { title: 'PlaygroundRead' },
);

const fields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Nullable(Type.String({ maxLength: 5000 })),
  thumbnail_image: Nullable(Type.String({ maxLength: 2048 })),
  /** The playground itself: an HTML document, stored as sent. */
  html_content: Nullable(Type.String({ maxLength: 1_000_000 })),
  /** A course of the same organization. */
  course_id: Nullable(Type.Integer()),
  /** public: anyone; authenticated: any signed-in user; restricted: members of its user groups. */
  access_type: StringEnum(ACCESS_TYPES),
  published: Type.Boolean(),
};

const { name, ...optional } = fields;

/** `access_type` defaults to authenticated and `published` to false. */
export const PlaygroundCreate = Type.Composite([Type.Object({ name }), Type.Partial(Type.Object(optional))]);

export const PlaygroundUpdate = Type.Partial(Type.Object(fields));
