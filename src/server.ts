/**
 * Starts a process in one of its roles: `all` (API and delivery worker, the default),
 * `api` (HTTP only) or `worker` (webhook delivery only, plus health and metrics on
 * METRICS_PORT when it is set). Returns a stop function that drains in-flight work and
 * closes the database.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type ContextOptions, closeContext, createContext } from './bootstrap.ts';
import type { Config, ProcessRole } from './core/config.ts';
import type { AppContext } from './core/context.ts';
import { type DeliveryWorker, startDeliveryWorker } from './modules/webhooks/delivery-worker.ts';
import { buildMonitoringApp } from './monitoring-app.ts';

export interface RunningProcess {
  ctx: AppContext;
  app: FastifyInstance | undefined;
  /** `http://host:port` of the API, or of a worker's health and metrics. */
  address: string | undefined;
  stop(): Promise<void>;
}

export async function startProcess(
  config: Config,
  role: ProcessRole,
  options: ContextOptions = {},
): Promise<RunningProcess> {
  const ctx = await createContext(config, options);
  const app = role !== 'worker' ? await buildApp(ctx) : await monitoringFor(ctx, config);
  const port = role === 'worker' ? config.metricsPort : config.port;
  const address = app ? await app.listen({ port, host: config.host }) : undefined;
  const worker: DeliveryWorker | undefined = role === 'api' ? undefined : startDeliveryWorker(ctx);
  return {
    ctx,
    app,
    address,
    stop: async () => {
      await app?.close();
      // After the API so nothing new is queued while attempts in flight drain.
      await worker?.stop();
      await closeContext(ctx);
    },
  };
}

/** A worker serves health and metrics only when asked to (METRICS_PORT). */
function monitoringFor(ctx: AppContext, config: Config): Promise<FastifyInstance> | undefined {
  return config.metricsPort === undefined ? undefined : buildMonitoringApp(ctx);
}
