/**
 * Comments on discussions: written by members who may post discussions, never on a locked
 * discussion, held to the community's moderation words; changed by their author or by
 * holders of the `discussions` rights.
 */
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { toEventCommunity } from '../communities/present.ts';
import { findCommunityById, requireCommunityRead } from '../communities/service.ts';
import { requireOrgRight, requireOrgRightOrOwn } from '../roles/access.ts';
import { toCommentRead, toEventDiscussion } from './present.ts';
import * as queries from './queries.ts';
import { assertModerated, eventUserOf, readableDiscussion } from './service.ts';

export async function createComment(
  ctx: AppContext,
  principal: Principal,
  discussionUuid: string,
  content: string,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { discussion, community } = await readableDiscussion(trx, principal, discussionUuid);
    await requireOrgRight(trx, principal, discussion.org_id, 'discussions', 'action_create');
    requireSessionUser(principal);
    if (discussion.is_locked) throw forbidden('This discussion is locked and accepts no new comments');
    assertModerated(community, { content });
    const now = formatDateTime();
    const comment = await queries.insertComment(trx, {
      comment_uuid: prefixedUuid('comment'),
      discussion_id: discussion.id,
      org_id: discussion.org_id,
      author_id: principal.id,
      content,
      edit_count: 0,
      creation_date: now,
      update_date: now,
    });
    await emit(trx, discussion.org_id, 'comment_created', {
      user: eventUserOf(principal),
      comment: { comment_uuid: comment.comment_uuid },
      discussion: toEventDiscussion(discussion),
      community: toEventCommunity(community),
    });
    return toCommentRead(comment, discussion.discussion_uuid);
  });
}

/** Oldest first. */
export async function listComments(
  ctx: AppContext,
  principal: Principal,
  discussionUuid: string,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  const { discussion } = await readableDiscussion(db, principal, discussionUuid);
  const rows = await queries.listComments(db, discussion.id, limit, (page - 1) * limit);
  return rows.map((comment) => toCommentRead(comment, discussion.discussion_uuid));
}

async function changeableComment(
  db: Executor,
  principal: Principal,
  uuid: string,
  verb: 'update' | 'delete',
) {
  const comment = await queries.findCommentByUuid(db, uuid);
  const discussion = comment && (await queries.findDiscussionById(db, comment.discussion_id));
  const community = discussion && (await findCommunityById(db, discussion.community_id));
  if (!comment || !discussion || !community) throw notFound('Comment');
  await requireCommunityRead(db, principal, community);
  const isAuthor = principal.kind === 'user' && principal.id === comment.author_id;
  await requireOrgRightOrOwn(db, principal, comment.org_id, 'discussions', verb, isAuthor);
  return { comment, discussion, community };
}

export async function updateComment(ctx: AppContext, principal: Principal, uuid: string, content: string) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { comment, discussion, community } = await changeableComment(trx, principal, uuid, 'update');
    assertModerated(community, { content });
    const updated = await queries.updateComment(trx, comment.id, {
      content,
      edit_count: comment.edit_count + 1,
      update_date: formatDateTime(),
    });
    return toCommentRead(updated, discussion.discussion_uuid);
  });
}

export async function deleteComment(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const { comment } = await changeableComment(trx, principal, uuid, 'delete');
    await queries.deleteComment(trx, comment.id);
  });
}
