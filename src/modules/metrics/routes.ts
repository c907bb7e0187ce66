/** `GET /metrics` in Prometheus text format, and the hook that measures every request. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';

export function recordRequestMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The route pattern, never the raw URL: ids would explode the label set.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    ctx.metrics.httpRequests.inc(labels);
    ctx.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

export async function metricsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
}
