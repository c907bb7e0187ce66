/**
 * Starts a process in one of its roles: `all` (API and delivery worker, the default),
 * `api` (HTTP only) or `worker` (webhook delivery only). Returns a stop function that
 * drains in-flight work and closes the database.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type ContextOptions, closeContext, createContext } from './bootstrap.ts';
import type { Config, ProcessRole } from './core/config.ts';
import type { AppContext } from './core/context.ts';
import { type DeliveryWorker, startDeliveryWorker } from './modules/webhooks/delivery-worker.ts';

export interface RunningProcess {
  ctx: AppContext;
  app: FastifyInstance | undefined;
  /** `http://host:port` when the API role runs. */
  address: string | undefined;
  stop(): Promise<void>;
}

export async function startProcess(
  config: Config,
  role: ProcessRole,
  options: ContextOptions = {},
): Promise<RunningProcess> {
  const ctx = await createContext(config, options);
  const app = role === 'worker' ? undefined : await buildApp(ctx);
  const address = app ? await app.listen({ port: config.port, host: config.host }) : undefined;
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
