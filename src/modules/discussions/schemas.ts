import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.ts';

/** SearchDiscussionRead (spec §2.9); every discussion endpoint answers with it. */
export const DiscussionRead = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    discussion_uuid: Type.String(),
    upvote_count: Type.Integer(),
    creation_date: Type.String(),
    update_date: Type.String(),
    content: Nullable(Type.String()),
    label: Nullable(Type.String()),
    emoji: Nullable(Type.String()),
    community_id: Type.Integer(),
    org_id: Type.Integer(),
    author_id: Type.Integer(),
    edit_count: Type.Integer(),
    is_pinned: Type.Boolean(),
    is_locked: Type.Boolean(),
    community_uuid: Type.String(),
  },
  { title: 'SearchDiscussionRead' },
);

const title = Type.String({ minLength: 1, maxLength: 300 });
const content = Nullable(Type.String({ maxLength: 50_000 }));
const label = Nullable(Type.String({ maxLength: 100 }));
const emoji = Nullable(Type.String({ maxLength: 32 }));

export const DiscussionCreate = Type.Object({
  title,
  content: Type.Optional(content),
  label: Type.Optional(label),
  emoji: Type.Optional(emoji),
});

export const DiscussionUpdate = Type.Partial(DiscussionCreate);

export const DiscussionPin = Type.Object({ is_pinned: Type.Boolean() });
export const DiscussionLock = Type.Object({ is_locked: Type.Boolean() });

export const CommentRead = Type.Object({
  id: Type.Integer(),
  comment_uuid: Type.String(),
  discussion_id: Type.Integer(),
  discussion_uuid: Type.String(),
  org_id: Type.Integer(),
  author_id: Type.Integer(),
  content: Type.String(),
  edit_count: Type.Integer(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const CommentWrite = Type.Object({ content: Type.String({ minLength: 1, maxLength: 20_000 }) });

export const Paging = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
