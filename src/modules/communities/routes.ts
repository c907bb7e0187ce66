/** Communities over HTTP. Session users by role; API tokens are refused by the rights check. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { toCommunityRead } from './present.ts';
import { CommunityCreate, CommunityRead, CommunityUpdate } from './schemas.ts';
import * as communities from './service.ts';

const tags = ['communities'];
const CommunityParams = Type.Object({ community_uuid: Type.String() });

export async function communityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/communities/',
    {
      schema: {
        tags,
        summary: 'Create a community',
        querystring: Type.Object({ org_id: Type.Integer() }),
        body: CommunityCreate,
        response: { 200: CommunityRead },
      },
    },
    async (request) =>
      toCommunityRead(
        await communities.createCommunity(ctx, request.principal, request.query.org_id, request.body),
      ),
  );

  app.get(
    '/api/v1/communities/org/:org_id/page/:page/limit/:limit',
    {
      schema: {
        tags,
        summary: "An organization's communities (outside it: the public ones)",
        params: Type.Object({
          org_id: Type.Integer(),
          page: Type.Integer({ minimum: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        }),
        response: { 200: Type.Array(CommunityRead) },
      },
    },
    async (request) =>
      (
        await communities.listCommunities(
          ctx,
          request.principal,
          request.params.org_id,
          request.params.page,
          request.params.limit,
        )
      ).map(toCommunityRead),
  );

  app.get(
    '/api/v1/communities/:community_uuid',
    {
      schema: { tags, summary: 'One community', params: CommunityParams, response: { 200: CommunityRead } },
    },
    async (request) =>
      toCommunityRead(await communities.getCommunity(ctx, request.principal, request.params.community_uuid)),
  );

  app.put(
    '/api/v1/communities/:community_uuid',
    {
      schema: {
        tags,
        summary: 'Update a community',
        params: CommunityParams,
        body: CommunityUpdate,
        response: { 200: CommunityRead },
      },
    },
    async (request) =>
      toCommunityRead(
        await communities.updateCommunity(
          ctx,
          request.principal,
          request.params.community_uuid,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/v1/communities/:community_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a community with its discussions',
        params: CommunityParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await communities.deleteCommunity(ctx, request.principal, request.params.community_uuid);
      return { detail: 'Community deleted' };
    },
  );
}
