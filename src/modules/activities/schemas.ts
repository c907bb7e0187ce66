import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum } from '../../core/http/schemas.ts';
import { ACTIVITY_SUB_TYPES, ACTIVITY_TYPES, LOCK_TYPES } from './content/types.ts';

export const ActivityTypeSchema = StringEnum(ACTIVITY_TYPES);
export const ActivitySubTypeSchema = StringEnum(ACTIVITY_SUB_TYPES);
export const LockTypeSchema = StringEnum(LOCK_TYPES);

export const activityFields = {
  id: Type.Integer(),
  activity_uuid: Type.String(),
  org_id: Type.Integer(),
  course_id: Type.Integer(),
  chapter_id: Nullable(Type.Integer()),
  name: Type.String(),
  activity_type: ActivityTypeSchema,
  activity_sub_type: ActivitySubTypeSchema,
  content: JsonObject,
  details: Nullable(JsonObject),
  published: Type.Boolean(),
  lock_type: LockTypeSchema,
  is_locked: Type.Boolean(),
  extra_metadata: Nullable(JsonObject),
  version: Type.Integer({ description: 'The current version number' }),
  current_version: Type.Integer(),
  published_version: Nullable(Type.Integer()),
  last_modified_by_id: Nullable(Type.Integer()),
  creation_date: Type.String(),
  update_date: Type.String(),
};

export const ActivityRead = Type.Object(activityFields, { title: 'ActivityRead' });

export const ActivityCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  chapter_id: Type.Integer(),
  activity_type: Type.Optional(ActivityTypeSchema),
  activity_sub_type: Type.Optional(ActivitySubTypeSchema),
  content: Type.Optional(JsonObject),
  details: Type.Optional(Nullable(JsonObject)),
  published: Type.Optional(Type.Boolean()),
  lock_type: Type.Optional(LockTypeSchema),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

export const ActivityUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
  content: Type.Optional(JsonObject),
  details: Type.Optional(Nullable(JsonObject)),
  published: Type.Optional(Type.Boolean()),
  lock_type: Type.Optional(LockTypeSchema),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
  activity_type: Type.Optional(ActivityTypeSchema),
  activity_sub_type: Type.Optional(ActivitySubTypeSchema),
  version: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The version you edited; a stale value is refused with 409' }),
  ),
  published_version: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});

export const ExternalVideoCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  uri: Type.String({ maxLength: 2048 }),
  type: StringEnum(['youtube', 'vimeo']),
  chapter_id: Type.Union([Type.Integer(), Type.String({ pattern: '^[0-9]+$' })]),
  details: Type.Optional(Type.String({ maxLength: 10000, description: 'JSON-encoded video details' })),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

export const ActivityVersionRead = Type.Object({
  id: Type.Integer(),
  activity_id: Type.Integer(),
  version_number: Type.Integer(),
  content: JsonObject,
  created_by_id: Nullable(Type.Integer()),
  created_at: Type.String(),
});
