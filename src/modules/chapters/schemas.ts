import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';
import { ActivityRead, LockTypeSchema } from '../activities/schemas.ts';

export const chapterFields = {
  id: Type.Integer(),
  chapter_uuid: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  thumbnail_image: Nullable(Type.String()),
  course_id: Type.Integer(),
  org_id: Type.Integer(),
  lock_type: LockTypeSchema,
  is_locked: Type.Boolean(),
  extra_metadata: Nullable(JsonObject),
  activities: Type.Array(ActivityRead),
  creation_date: Type.String(),
  update_date: Type.String(),
};

export const ChapterRead = Type.Object(chapterFields, { title: 'ChapterRead' });

export const ChapterCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  course_id: Type.Integer(),
  org_id: Type.Integer(),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  thumbnail_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  lock_type: Type.Optional(LockTypeSchema),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

export const ChapterUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  thumbnail_image: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  lock_type: Type.Optional(LockTypeSchema),
  extra_metadata: Type.Optional(Nullable(JsonObject)),
});

export const ChapterOrder = Type.Object({
  chapter_order_by_ids: Type.Array(
    Type.Object({
      chapter_id: Type.Integer(),
      activities_order_by_ids: Type.Array(Type.Object({ activity_id: Type.Integer() }), { maxItems: 5000 }),
    }),
    { maxItems: 1000 },
  ),
});
