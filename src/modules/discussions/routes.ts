/** Discussions, votes and comments over HTTP. Session users by role; API tokens are refused. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import * as comments from './comments.ts';
import { toDiscussionRead } from './present.ts';
import {
  CommentRead,
  CommentWrite,
  DiscussionCreate,
  DiscussionLock,
  DiscussionPin,
  DiscussionRead,
  DiscussionUpdate,
  Paging,
} from './schemas.ts';
import * as discussions from './service.ts';

const tags = ['communities'];
const CommunityParams = Type.Object({ community_uuid: Type.String() });
const DiscussionParams = Type.Object({ discussion_uuid: Type.String() });
const CommentParams = Type.Object({ comment_uuid: Type.String() });

const read = ({ discussion, community }: discussions.DiscussionContext) =>
  toDiscussionRead(discussion, community.community_uuid);

export async function discussionRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/communities/:community_uuid/discussions',
    {
      schema: {
        tags,
        summary: 'Post a discussion (refused when it contains a moderation word)',
        params: CommunityParams,
        body: DiscussionCreate,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(
        await discussions.createDiscussion(
          ctx,
          request.principal,
          request.params.community_uuid,
          request.body,
        ),
      ),
  );

  app.get(
    '/api/v1/communities/:community_uuid/discussions',
    {
      schema: {
        tags,
        summary: 'Discussions of a community, pinned first, then newest',
        params: CommunityParams,
        querystring: Paging,
        response: { 200: Type.Array(DiscussionRead) },
      },
    },
    async (request) =>
      discussions.listDiscussions(
        ctx,
        request.principal,
        request.params.community_uuid,
        request.query.page,
        request.query.limit,
      ),
  );

  app.get(
    '/api/v1/discussions/:discussion_uuid',
    {
      schema: {
        tags,
        summary: 'One discussion',
        params: DiscussionParams,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(await discussions.getDiscussion(ctx, request.principal, request.params.discussion_uuid)),
  );

  app.put(
    '/api/v1/discussions/:discussion_uuid',
    {
      schema: {
        tags,
        summary: 'Edit a discussion (counted in edit_count)',
        params: DiscussionParams,
        body: DiscussionUpdate,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(
        await discussions.updateDiscussion(
          ctx,
          request.principal,
          request.params.discussion_uuid,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/v1/discussions/:discussion_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a discussion with its comments',
        params: DiscussionParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await discussions.deleteDiscussion(ctx, request.principal, request.params.discussion_uuid);
      return { detail: 'Discussion deleted' };
    },
  );

  app.put(
    '/api/v1/discussions/:discussion_uuid/pin',
    {
      schema: {
        tags,
        summary: 'Pin or unpin (moderators)',
        params: DiscussionParams,
        body: DiscussionPin,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(
        await discussions.moderateDiscussion(ctx, request.principal, request.params.discussion_uuid, {
          is_pinned: request.body.is_pinned,
        }),
      ),
  );

  app.put(
    '/api/v1/discussions/:discussion_uuid/lock',
    {
      schema: {
        tags,
        summary: 'Lock or unlock (moderators); a locked discussion takes no new comments',
        params: DiscussionParams,
        body: DiscussionLock,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(
        await discussions.moderateDiscussion(ctx, request.principal, request.params.discussion_uuid, {
          is_locked: request.body.is_locked,
        }),
      ),
  );

  app.post(
    '/api/v1/discussions/:discussion_uuid/vote',
    {
      schema: {
        tags,
        summary: 'Upvote (once per user; a second vote is a 400)',
        params: DiscussionParams,
        response: { 200: DiscussionRead },
      },
    },
    async (request) => read(await discussions.upvote(ctx, request.principal, request.params.discussion_uuid)),
  );

  app.delete(
    '/api/v1/discussions/:discussion_uuid/vote',
    {
      schema: {
        tags,
        summary: 'Withdraw your upvote',
        params: DiscussionParams,
        response: { 200: DiscussionRead },
      },
    },
    async (request) =>
      read(await discussions.removeUpvote(ctx, request.principal, request.params.discussion_uuid)),
  );

  app.post(
    '/api/v1/discussions/:discussion_uuid/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a discussion (not when it is locked)',
        params: DiscussionParams,
        body: CommentWrite,
        response: { 200: CommentRead },
      },
    },
    async (request) =>
      comments.createComment(ctx, request.principal, request.params.discussion_uuid, request.body.content),
  );

  app.get(
    '/api/v1/discussions/:discussion_uuid/comments',
    {
      schema: {
        tags,
        summary: 'Comments of a discussion, oldest first',
        params: DiscussionParams,
        querystring: Paging,
        response: { 200: Type.Array(CommentRead) },
      },
    },
    async (request) =>
      comments.listComments(
        ctx,
        request.principal,
        request.params.discussion_uuid,
        request.query.page,
        request.query.limit,
      ),
  );

  app.put(
    '/api/v1/comments/:comment_uuid',
    {
      schema: {
        tags,
        summary: 'Edit a comment',
        params: CommentParams,
        body: CommentWrite,
        response: { 200: CommentRead },
      },
    },
    async (request) =>
      comments.updateComment(ctx, request.principal, request.params.comment_uuid, request.body.content),
  );

  app.delete(
    '/api/v1/comments/:comment_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a comment',
        params: CommentParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await comments.deleteComment(ctx, request.principal, request.params.comment_uuid);
      return { detail: 'Comment deleted' };
    },
  );
}
