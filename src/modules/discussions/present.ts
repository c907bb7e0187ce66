import type { Static } from '@sinclair/typebox';
import type { CommentRow, DiscussionRow } from './queries.ts';
import type { CommentRead, DiscussionRead } from './schemas.ts';

export function toDiscussionRead(
  discussion: DiscussionRow,
  communityUuid: string,
): Static<typeof DiscussionRead> {
  return {
    id: discussion.id,
    title: discussion.title,
    discussion_uuid: discussion.discussion_uuid,
    upvote_count: discussion.upvote_count,
    creation_date: discussion.creation_date,
    update_date: discussion.update_date,
    content: discussion.content,
    label: discussion.label,
    emoji: discussion.emoji,
    community_id: discussion.community_id,
    org_id: discussion.org_id,
    author_id: discussion.author_id,
    edit_count: discussion.edit_count,
    is_pinned: discussion.is_pinned,
    is_locked: discussion.is_locked,
    community_uuid: communityUuid,
  };
}

export function toCommentRead(comment: CommentRow, discussionUuid: string): Static<typeof CommentRead> {
  return {
    id: comment.id,
    comment_uuid: comment.comment_uuid,
    discussion_id: comment.discussion_id,
    discussion_uuid: discussionUuid,
    org_id: comment.org_id,
    author_id: comment.author_id,
    content: comment.content,
    edit_count: comment.edit_count,
    creation_date: comment.creation_date,
    update_date: comment.update_date,
  };
}

/** The `discussion` object of webhook event payloads (spec §6.2). */
export function toEventDiscussion(discussion: Pick<DiscussionRow, 'discussion_uuid' | 'title'>) {
  return { discussion_uuid: discussion.discussion_uuid, title: discussion.title };
}
