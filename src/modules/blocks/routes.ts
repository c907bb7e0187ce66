/** Blocks over HTTP: media uploads for dynamic pages. Session users only (spec §4.4). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { BlockRead } from './schemas.ts';
import { BLOCK_KINDS, getBlock, toBlockRead, uploadBlock } from './service.ts';

const tags = ['blocks'];
const EXTENSIONS = {
  image: 'jpg, jpeg, png, gif, webp',
  video: 'mp4, webm, ogg',
  pdf: 'pdf',
  audio: 'mp3, wav, ogg, m4a',
};

export async function blockRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Refuse tokens and anonymous callers before a single byte of an upload is read.
  app.addHook('onRequest', async (request) =>
    requireSessionUser(request.principal, 'API tokens cannot use the blocks endpoints; sign in as a user'),
  );

  for (const [name, kind] of Object.entries(BLOCK_KINDS)) {
    app.post(
      `/api/v1/blocks/${name}`,
      {
        schema: {
          tags,
          summary: `Upload a ${name} block (multipart: file_object, activity_uuid; ${EXTENSIONS[name as keyof typeof EXTENSIONS]})`,
          consumes: ['multipart/form-data'],
          response: { 200: BlockRead },
        },
      },
      async (request) => toBlockRead(await uploadBlock(ctx, request, kind)),
    );
    app.get(
      `/api/v1/blocks/${name}`,
      {
        schema: {
          tags,
          summary: `Read a ${name} block`,
          querystring: Type.Object({ block_uuid: Type.String() }),
          response: { 200: BlockRead },
        },
      },
      async (request) => toBlockRead(await getBlock(ctx, request.principal, request.query.block_uuid)),
    );
  }
}
