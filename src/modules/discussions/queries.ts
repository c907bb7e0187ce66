/** SQL for discussions, their votes and comments. The caller owns the transaction. */
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { DiscussionCommentsTable, DiscussionsTable } from './tables.ts';

export type DiscussionRow = Omit<DiscussionsTable, 'id'> & { id: number };
export type CommentRow = Omit<DiscussionCommentsTable, 'id'> & { id: number };

export function findDiscussionByUuid(db: Executor, uuid: string): Promise<DiscussionRow | undefined> {
  return db.selectFrom('discussions').selectAll().where('discussion_uuid', '=', uuid).executeTakeFirst();
}

export function findDiscussionById(db: Executor, id: number): Promise<DiscussionRow | undefined> {
  return db.selectFrom('discussions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDiscussion(db: Executor, row: Omit<DiscussionsTable, 'id'>): Promise<DiscussionRow> {
  return db.insertInto('discussions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement (bulk loads such as the search benchmark). */
export function insertDiscussions(
  db: Executor,
  rows: Omit<DiscussionsTable, 'id'>[],
): Promise<DiscussionRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('discussions').values(rows).returningAll().execute();
}

export function updateDiscussion(
  db: Executor,
  id: number,
  patch: Updateable<DiscussionsTable>,
): Promise<DiscussionRow> {
  return db
    .updateTable('discussions')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDiscussion(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('discussions').where('id', '=', id).execute();
}

/** Pinned first, then newest. */
export function listDiscussions(
  db: Executor,
  communityId: number,
  limit: number,
  offset: number,
): Promise<DiscussionRow[]> {
  return db
    .selectFrom('discussions')
    .selectAll()
    .where('community_id', '=', communityId)
    .orderBy('is_pinned', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function listDiscussionIds(db: Executor, communityId: number): Promise<number[]> {
  return db
    .selectFrom('discussions')
    .select('id')
    .where('community_id', '=', communityId)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/** Records the vote; false when this user had already voted. */
export async function insertVote(db: Executor, discussionId: number, userId: number, now: string) {
  const result = await db
    .insertInto('discussion_votes')
    .values({ discussion_id: discussionId, user_id: userId, creation_date: now })
    .onConflict((conflict) => conflict.columns(['discussion_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Removes the vote; false when there was none. */
export async function deleteVote(db: Executor, discussionId: number, userId: number) {
  const result = await db
    .deleteFrom('discussion_votes')
    .where('discussion_id', '=', discussionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Adds `delta` to the vote count atomically and returns the row. */
export function addToUpvotes(db: Executor, id: number, delta: 1 | -1): Promise<DiscussionRow> {
  return db
    .updateTable('discussions')
    .set({ upvote_count: sql<number>`upvote_count + ${delta}` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findCommentByUuid(db: Executor, uuid: string): Promise<CommentRow | undefined> {
  return db.selectFrom('discussion_comments').selectAll().where('comment_uuid', '=', uuid).executeTakeFirst();
}

export function insertComment(db: Executor, row: Omit<DiscussionCommentsTable, 'id'>): Promise<CommentRow> {
  return db.insertInto('discussion_comments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateComment(
  db: Executor,
  id: number,
  patch: Updateable<DiscussionCommentsTable>,
): Promise<CommentRow> {
  return db
    .updateTable('discussion_comments')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteComment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('discussion_comments').where('id', '=', id).execute();
}

/** Oldest first. */
export function listComments(
  db: Executor,
  discussionId: number,
  limit: number,
  offset: number,
): Promise<CommentRow[]> {
  return db
    .selectFrom('discussion_comments')
    .selectAll()
    .where('discussion_id', '=', discussionId)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}
