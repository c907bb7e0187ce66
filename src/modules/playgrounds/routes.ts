/** Playgrounds over HTTP. Session users by role; API tokens are refused by the rights check. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { PlaygroundCreate, PlaygroundRead, PlaygroundUpdate } from './schemas.ts';
import * as playgrounds from './service.ts';

const tags = ['playgrounds'];
const PlaygroundParams = Type.Object({ playground_uuid: Type.String() });

export async function playgroundRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/playgrounds/',
    {
      schema: {
        tags,
        summary: 'Create a playground',
        querystring: Type.Object({ org_id: Type.Integer() }),
        body: PlaygroundCreate,
        response: { 200: PlaygroundRead },
      },
    },
    async (request) =>
      playgrounds.createPlayground(ctx, request.principal, request.query.org_id, request.body),
  );

  app.get(
    '/api/v1/playgrounds/org/:org_id',
    {
      schema: {
        tags,
        summary: "The organization's playgrounds the caller may open, newest first",
        params: Type.Object({ org_id: Type.Integer() }),
        response: { 200: Type.Array(PlaygroundRead) },
      },
    },
    async (request) =>
      playgrounds.presentPlaygrounds(
        ctx.database.db,
        await playgrounds.listPlaygrounds(ctx, request.principal, request.params.org_id),
      ),
  );

  app.get(
    '/api/v1/playgrounds/:playground_uuid',
    {
      schema: {
        tags,
        summary: 'One playground',
        params: PlaygroundParams,
        response: { 200: PlaygroundRead },
      },
    },
    async (request) => playgrounds.getPlayground(ctx, request.principal, request.params.playground_uuid),
  );

  app.put(
    '/api/v1/playgrounds/:playground_uuid',
    {
      schema: {
        tags,
        summary: 'Update a playground',
        params: PlaygroundParams,
        body: PlaygroundUpdate,
        response: { 200: PlaygroundRead },
      },
    },
    async (request) =>
      playgrounds.updatePlayground(ctx, request.principal, request.params.playground_uuid, request.body),
  );

  app.delete(
    '/api/v1/playgrounds/:playground_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a playground',
        params: PlaygroundParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await playgrounds.deletePlayground(ctx, request.principal, request.params.playground_uuid);
      return { detail: 'Playground deleted' };
    },
  );
}
