import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum } from '../../core/http/schemas.ts';
import { UserRead } from '../users/schemas.ts';

export const AUTHORSHIPS = ['CREATOR', 'CONTRIBUTOR', 'MAINTAINER', 'REPORTER'] as const;
export const AUTHORSHIP_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE'] as const;
export const THUMBNAIL_TYPES = ['image', 'video', 'both'] as const;

export const AuthorWithRole = Type.Object({
  user: UserRead,
  authorship: StringEnum(AUTHORSHIPS),
  authorship_status: StringEnum(AUTHORSHIP_STATUSES),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const courseFields = {
  id: Type.Integer(),
  course_uuid: Type.String(),
  org_id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  about: Nullable(Type.String()),
  learnings: Nullable(Type.String()),
  tags: Nullable(Type.String()),
  target_language: Nullable(Type.String()),
  target_level: Nullable(Type.String()),
  target_level_scale: Nullable(Type.String()),
  thumbnail_type: Nullable(StringEnum(THUMBNAIL_TYPES)),
  thumbnail_image: Nullable(Type.String()),
  thumbnail_video: Nullable(Type.String()),
  public: Type.Boolean(),
  published: Type.Boolean(),
  open_to_contributors: Type.Boolean(),
  authors: Type.Array(AuthorWithRole),
  creation_date: Type.String(),
  update_date: Type.String(),
  seo: Nullable(JsonObject),
  extra_metadata: Nullable(JsonObject),
};

export const CourseRead = Type.Object(courseFields, { title: 'CourseRead' });

export const CourseUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  about: Type.Optional(Nullable(Type.String({ maxLength: 50000 }))),
  learnings: Type.Optional(Nullable(Type.String({ maxLength: 20000 }))),
  tags: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  target_language: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  target_level: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  target_level_scale: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  thumbnail_type: Type.Optional(Nullable(StringEnum(THUMBNAIL_TYPES))),
  thumbnail_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  thumbnail_video: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  public: Type.Optional(Type.Boolean()),
  published: Type.Optional(Type.Boolean()),
  open_to_contributors: Type.Optional(Type.Boolean()),
  seo: Type.Optional(Nullable(JsonObject)),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

/** The multipart create form (spec §2.1); `learnings` and `tags` are JSON-encoded arrays of strings. */
export const CourseCreateForm = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  description: Type.String({ maxLength: 5000 }),
  about: Type.String({ maxLength: 50000 }),
  public: Type.Boolean(),
  thumbnail_type: Type.Optional(StringEnum(['image', 'video'])),
  learnings: Type.Optional(Type.String({ maxLength: 20000 })),
  tags: Type.Optional(Type.String({ maxLength: 5000 })),
  extra_metadata: Type.Optional(Type.String({ maxLength: 20000 })),
});

export const ContributorRead = Type.Object({
  user_id: Type.Integer(),
  authorship: StringEnum(AUTHORSHIPS),
  authorship_status: StringEnum(AUTHORSHIP_STATUSES),
  creation_date: Type.String(),
  update_date: Type.String(),
  user: UserRead,
});

export const BulkContributorsResult = Type.Object({
  successful: Type.Array(Type.Object({ username: Type.String(), user_id: Type.Integer() })),
  failed: Type.Array(Type.Object({ username: Type.String(), reason: Type.String() })),
});

export const CourseUpdateRead = Type.Object({
  id: Type.Integer(),
  courseupdate_uuid: Type.String(),
  course_id: Type.Integer(),
  org_id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  linked_activity_uuids: Nullable(Type.String()),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const CourseUpdateCreate = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  content: Type.String({ maxLength: 50000 }),
  linked_activity_uuids: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  org_id: Type.Optional(Type.Integer({ description: 'Ignored: the course decides the organization' })),
});
