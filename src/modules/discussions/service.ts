/**
 * Discussions in a community: posted by members (refused when they contain one of the
 * community's moderation words), edited by their author (counted) or by moderators,
 * pinned and locked by moderators (`communities.action_update`), upvoted once per user.
 * Whoever may read the community may read its discussions.
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser, type SessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { toEventCommunity } from '../communities/present.ts';
import {
  type CommunityRow,
  findCommunityById,
  getCommunityOr404,
  onCommunityDelete,
  requireCommunityRead,
} from '../communities/service.ts';
import { requireOrgRight, requireOrgRightOrOwn } from '../roles/access.ts';
import {
  indexDocument,
  removeDocument,
  removeDocuments,
  type SearchDocument,
  searchText,
} from '../search/index-writer.ts';
import { toEventUser } from '../users/present.ts';
import { findModeratedWord } from './moderation.ts';
import { toDiscussionRead, toEventDiscussion } from './present.ts';
import type { DiscussionRow } from './queries.ts';
import * as queries from './queries.ts';
import type { DiscussionCreate, DiscussionUpdate } from './schemas.ts';

export type { DiscussionRow } from './queries.ts';

registerResourceType('discussion_', async (db, uuid) => {
  const discussion = await queries.findDiscussionByUuid(db, uuid);
  const community = discussion && (await findCommunityById(db, discussion.community_id));
  if (!discussion || !community) return undefined;
  return {
    orgId: discussion.org_id,
    type: 'discussion',
    publiclyVisible: community.public,
    present: async () => toDiscussionRead(discussion, community.community_uuid),
  };
});

onCommunityDelete(async (db, community) => {
  await removeDocuments(db, 'discussion', await queries.listDiscussionIds(db, community.id));
});

/** What search finds this discussion by. */
export function discussionDocument(discussion: DiscussionRow): SearchDocument {
  return {
    org_id: discussion.org_id,
    resource_type: 'discussion',
    resource_id: discussion.id,
    title: discussion.title,
    body: searchText(discussion.content, discussion.label),
  };
}

export function indexDiscussion(db: Executor, discussion: DiscussionRow): Promise<void> {
  return indexDocument(db, discussionDocument(discussion));
}

/** The event `user` object of the signed-in caller. */
export const eventUserOf = (user: SessionUser) =>
  toEventUser({ user_uuid: user.uuid, email: user.email, username: user.username });

/** Refuses text containing one of the community's moderation words (422 on the offending field). */
export function assertModerated(community: CommunityRow, fields: Record<string, string | null | undefined>) {
  const words: string[] = JSON.parse(community.moderation_words);
  for (const [field, text] of Object.entries(fields)) {
    const word = findModeratedWord(words, [text]);
    if (word) {
      throw invalid(
        ['body', field],
        `Your ${field} contains "${word}", which is not allowed in this community`,
        text,
        'moderation_word',
      );
    }
  }
}

export interface DiscussionContext {
  discussion: DiscussionRow;
  community: CommunityRow;
}

/** The discussion and its community, once the caller may read them. */
export async function readableDiscussion(
  db: Executor,
  principal: Principal,
  uuid: string,
): Promise<DiscussionContext> {
  const discussion = await queries.findDiscussionByUuid(db, uuid);
  const community = discussion && (await findCommunityById(db, discussion.community_id));
  if (!discussion || !community) throw notFound('Discussion');
  await requireCommunityRead(db, principal, community);
  return { discussion, community };
}

export async function createDiscussion(
  ctx: AppContext,
  principal: Principal,
  communityUuid: string,
  input: Static<typeof DiscussionCreate>,
): Promise<DiscussionContext> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const community = await getCommunityOr404(trx, communityUuid);
    await requireCommunityRead(trx, principal, community);
    await requireOrgRight(trx, principal, community.org_id, 'discussions', 'action_create');
    requireSessionUser(principal);
    assertModerated(community, { title: input.title, content: input.content });
    const now = formatDateTime();
    const discussion = await queries.insertDiscussion(trx, {
      discussion_uuid: prefixedUuid('discussion'),
      community_id: community.id,
      org_id: community.org_id,
      author_id: principal.id,
      title: input.title.trim(),
      content: input.content ?? null,
      label: input.label ?? null,
      emoji: input.emoji ?? null,
      upvote_count: 0,
      edit_count: 0,
      is_pinned: false,
      is_locked: false,
      creation_date: now,
      update_date: now,
    });
    await indexDiscussion(trx, discussion);
    await emit(trx, community.org_id, 'discussion_posted', {
      user: eventUserOf(principal),
      discussion: toEventDiscussion(discussion),
      community: toEventCommunity(community),
    });
    return { discussion, community };
  });
}

export async function listDiscussions(
  ctx: AppContext,
  principal: Principal,
  communityUuid: string,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  const community = await getCommunityOr404(db, communityUuid);
  await requireCommunityRead(db, principal, community);
  const rows = await queries.listDiscussions(db, community.id, limit, (page - 1) * limit);
  return rows.map((discussion) => toDiscussionRead(discussion, community.community_uuid));
}

export async function getDiscussion(ctx: AppContext, principal: Principal, uuid: string) {
  return readableDiscussion(ctx.database.db, principal, uuid);
}

/** The author (with `discussions.action_update_own`) or a holder of `discussions.action_update`. */
export async function updateDiscussion(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof DiscussionUpdate>,
): Promise<DiscussionContext> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { discussion, community } = await readableDiscussion(trx, principal, uuid);
    const isAuthor = principal.kind === 'user' && principal.id === discussion.author_id;
    await requireOrgRightOrOwn(trx, principal, discussion.org_id, 'discussions', 'update', isAuthor);
    assertModerated(community, { title: input.title, content: input.content });
    const updated = await queries.updateDiscussion(trx, discussion.id, {
      title: input.title?.trim() ?? discussion.title,
      content: input.content === undefined ? discussion.content : input.content,
      label: input.label === undefined ? discussion.label : input.label,
      emoji: input.emoji === undefined ? discussion.emoji : input.emoji,
      edit_count: discussion.edit_count + 1,
      update_date: formatDateTime(),
    });
    await indexDiscussion(trx, updated);
    return { discussion: updated, community };
  });
}

export async function deleteDiscussion(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const { discussion } = await readableDiscussion(trx, principal, uuid);
    const isAuthor = principal.kind === 'user' && principal.id === discussion.author_id;
    await requireOrgRightOrOwn(trx, principal, discussion.org_id, 'discussions', 'delete', isAuthor);
    await queries.deleteDiscussion(trx, discussion.id);
    await removeDocument(trx, 'discussion', discussion.id);
  });
}

/** Pins or locks (moderators: `communities.action_update`); the event fires even when nothing changes. */
export async function moderateDiscussion(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  change: { is_pinned: boolean } | { is_locked: boolean },
): Promise<DiscussionContext> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { discussion, community } = await readableDiscussion(trx, principal, uuid);
    await requireOrgRight(trx, principal, discussion.org_id, 'communities', 'action_update');
    const updated = await queries.updateDiscussion(trx, discussion.id, change);
    const base = {
      discussion_uuid: updated.discussion_uuid,
      title: updated.title,
      community_uuid: community.community_uuid,
    };
    if ('is_pinned' in change) {
      await emit(trx, updated.org_id, 'discussion_pinned', { ...base, is_pinned: updated.is_pinned });
    } else {
      await emit(trx, updated.org_id, 'discussion_locked', { ...base, is_locked: updated.is_locked });
    }
    return { discussion: updated, community };
  });
}

/** Members who may read discussions vote, once each. */
async function voter(db: Executor, principal: Principal, uuid: string) {
  const context = await readableDiscussion(db, principal, uuid);
  await requireOrgRight(db, principal, context.discussion.org_id, 'discussions', 'action_read');
  requireSessionUser(principal);
  return { ...context, user: principal };
}

export async function upvote(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
): Promise<DiscussionContext> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { discussion, community, user } = await voter(trx, principal, uuid);
    if (!(await queries.insertVote(trx, discussion.id, user.id, formatDateTime()))) {
      throw badRequest('You have already upvoted this discussion');
    }
    const updated = await queries.addToUpvotes(trx, discussion.id, 1);
    await emit(trx, updated.org_id, 'discussion_vote_cast', {
      discussion_uuid: updated.discussion_uuid,
      user_id: user.id,
      upvote_count: updated.upvote_count,
    });
    return { discussion: updated, community };
  });
}

export async function removeUpvote(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
): Promise<DiscussionContext> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { discussion, community, user } = await voter(trx, principal, uuid);
    if (!(await queries.deleteVote(trx, discussion.id, user.id))) {
      throw badRequest('You have not upvoted this discussion');
    }
    return { discussion: await queries.addToUpvotes(trx, discussion.id, -1), community };
  });
}
