import type { Generated } from 'kysely';

export interface DiscussionsTable {
  id: Generated<number>;
  discussion_uuid: string;
  community_id: number;
  org_id: number;
  author_id: number;
  title: string;
  content: string | null;
  label: string | null;
  emoji: string | null;
  upvote_count: number;
  edit_count: number;
  is_pinned: boolean;
  is_locked: boolean;
  creation_date: string;
  update_date: string;
}

/** One upvote per user and discussion (the primary key enforces it). */
export interface DiscussionVotesTable {
  discussion_id: number;
  user_id: number;
  creation_date: string;
}

export interface DiscussionCommentsTable {
  id: Generated<number>;
  comment_uuid: string;
  discussion_id: number;
  org_id: number;
  author_id: number;
  content: string;
  edit_count: number;
  creation_date: string;
  update_date: string;
}

export interface DiscussionTables {
  discussions: DiscussionsTable;
  discussion_votes: DiscussionVotesTable;
  discussion_comments: DiscussionCommentsTable;
}
