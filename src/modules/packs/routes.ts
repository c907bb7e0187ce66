/**
 * The billing platform's endpoints, authenticated by the `X-Platform-Key` header equal to
 * PLATFORM_API_KEY (refused outright when that is not configured).
 */
import { timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';
import type { PackRow } from './queries.ts';
import { activatePack, deactivatePack } from './service.ts';

const tags = ['internal'];

const PackRead = Type.Object({
  pack_id: Type.String(),
  org_id: Type.Integer(),
  pack_type: Type.String(),
  quantity: Type.Integer(),
  platform_subscription_id: Type.String(),
  status: Type.String(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const toPackRead = (pack: PackRow): Static<typeof PackRead> => ({
  pack_id: pack.pack_id,
  org_id: pack.org_id,
  pack_type: pack.pack_type,
  quantity: pack.quantity,
  platform_subscription_id: pack.platform_subscription_id,
  status: pack.status,
  creation_date: pack.creation_date,
  update_date: pack.update_date,
});

function keysMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function packRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', async (request) => {
    const expected = ctx.config.platformApiKey;
    if (!expected) throw forbidden('The platform API is not enabled on this server');
    const given = request.headers['x-platform-key'];
    if (typeof given !== 'string' || !keysMatch(given, expected)) throw unauthorized('Invalid platform key');
  });
  const params = Type.Object({ org_id: Type.Integer() });

  app.post(
    '/api/v1/internal/packs/:org_id/activate',
    {
      schema: {
        tags,
        summary: 'Activate a subscription pack (billing platform only, X-Platform-Key)',
        security: [],
        params,
        body: Type.Object({
          pack_id: Type.Optional(Type.String({ maxLength: 100 })),
          pack_type: Type.String({ minLength: 1, maxLength: 100 }),
          quantity: Type.Integer({ minimum: 1 }),
          platform_subscription_id: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: PackRead },
      },
    },
    async (request) => toPackRead(await activatePack(ctx, request.params.org_id, request.body)),
  );

  app.delete(
    '/api/v1/internal/packs/:org_id/deactivate',
    {
      schema: {
        tags,
        summary: 'Cancel a subscription pack (billing platform only, X-Platform-Key)',
        security: [],
        params,
        body: Type.Object({
          pack_id: Type.Optional(Type.String({ maxLength: 100 })),
          platform_subscription_id: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: PackRead },
      },
    },
    async (request) => toPackRead(await deactivatePack(ctx, request.params.org_id, request.body)),
  );
}
