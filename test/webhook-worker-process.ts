/**
 * A delivery worker in its own process, for the crash test: it runs the same
 * `startDeliveryWorker` as `npm run worker`, with the test receiver's resolver, certificate
 * and loopback allow-list handed over in WEBHOOK_WORKER_SPEC (code, not configuration).
 */
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/core/config.ts';
import type { DatabaseTarget } from '../src/core/db/database.ts';
import { createLogger } from '../src/core/logger.ts';
import { type DeliveryWorkerOptions, startDeliveryWorker } from '../src/modules/webhooks/delivery-worker.ts';

export interface WorkerProcessSpec {
  database: DatabaseTarget;
  dataDir: string;
  secretKey: string;
  hosts: Record<string, string[]>;
  ca: string;
  allowedAddresses: string[];
  worker: DeliveryWorkerOptions;
}

const spec: WorkerProcessSpec = JSON.parse(process.env.WEBHOOK_WORKER_SPEC ?? '');
const config = loadConfig({ DATA_DIR: spec.dataDir, SECRET_KEY: spec.secretKey, LOG_LEVEL: 'silent' });
const ctx = await createContext(config, {
  logger: createLogger('silent'),
  database: spec.database,
  outboundNetwork: {
    resolve: async (hostname) => {
      const addresses = spec.hosts[hostname];
      if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
      return addresses;
    },
    ca: spec.ca,
    allowedAddresses: new Set(spec.allowedAddresses),
  },
});
const worker = startDeliveryWorker(ctx, spec.worker);
process.on('SIGTERM', async () => {
  await worker.stop();
  await ctx.database.close();
  process.exit(0);
});
process.send?.('ready');
