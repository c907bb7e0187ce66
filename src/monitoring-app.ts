/**
 * What a stand-alone delivery worker serves when METRICS_PORT is set: liveness, readiness and
 * Prometheus metrics, nothing else. Delivery attempts are counted in the process that makes
 * them, so without this a worker's counters could never be scraped.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './core/context.ts';
import { registerErrorHandling } from './core/errors/error-handler.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';

export async function buildMonitoringApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.logger, disableRequestLogging: true });
  registerErrorHandling(app);
  await app.register(healthRoutes, { ctx });
  await app.register(metricsRoutes, { ctx });
  return app;
}
