/** Liveness and readiness: both touch the database for real. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { pendingMigrations } from '../../core/db/migrate.ts';
import { StringEnum } from '../../core/http/schemas.ts';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: StringEnum(['sqlite', 'postgres']),
  version: Type.String(),
});

const Readiness = Type.Object({
  status: StringEnum(['ready', 'unavailable']),
  database: StringEnum(['sqlite', 'postgres']),
  pending_migrations: Type.Array(Type.String()),
  detail: Type.Optional(Type.String()),
});

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(
    '/api/v1/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers and the database responds',
        response: { 200: Health, 503: Type.Object({ detail: Type.String() }) },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        ctx.logger.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ detail: 'Database unavailable' });
      }
      return { status: 'ok' as const, database: ctx.database.kind, version: ctx.version };
    },
  );

  app.get(
    '/api/v1/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database is reachable and every migration is applied',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      try {
        const pending = await pendingMigrations(ctx.database);
        const status = pending.length === 0 ? 'ready' : 'unavailable';
        return reply
          .status(pending.length === 0 ? 200 : 503)
          .send({ status, database: ctx.database.kind, pending_migrations: pending });
      } catch {
        return reply.status(503).send({
          status: 'unavailable',
          database: ctx.database.kind,
          pending_migrations: [],
          detail: 'Database unavailable',
        });
      }
    },
  );
}
