/**
 * `GET|HEAD /api/v1/content/<key>`: stored files, with the access rules of the resource
 * that owns them, the right Content-Type, ETag and HTTP Range support (206) for media.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { isValidKey } from '../../core/storage/object-keys.ts';
import { sendFile } from '../../core/storage/send-file.ts';
import { contentRuleFor, registerContentRule } from './access-rules.ts';
import { courseFilesRule } from './course-files.ts';

export async function contentFileRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerContentRule('courses', courseFilesRule);

  app.get(
    '/api/v1/content/*',
    {
      schema: {
        tags: ['content'],
        summary:
          'A stored file (course media, blocks, uploads), with the access of the resource that owns it',
        description: 'Supports HEAD, `Range: bytes=…` (206), ETag and If-None-Match (304).',
        params: Type.Object({ '*': Type.String() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const segments = key.split('/');
      if (!isValidKey(key) || segments[0] !== 'orgs' || segments.length < 5) throw notFound('File not found');
      const rule = contentRuleFor(segments[2]);
      if (!rule) throw notFound('File not found');
      await rule(ctx, request.principal, segments);
      return sendFile(request, reply, ctx.storage, key);
    },
  );
}
