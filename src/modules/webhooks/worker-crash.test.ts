import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { TEST_SECRET_KEY } from '../../../test/harness.ts';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  receiverNetwork,
  startHttpsReceiver,
} from '../../../test/https-receiver.ts';
import type { WorkerProcessSpec } from '../../../test/webhook-worker-process.ts';
import { emitEvent, settledDeliveries, waitUntil } from '../../../test/webhooks.ts';
import { createContext } from '../../bootstrap.ts';
import { loadConfig } from '../../core/config.ts';
import type { AppContext } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createEndpoint } from './service.ts';

const WORKER_SCRIPT = join(import.meta.dirname, '../../../test/webhook-worker-process.ts');
const EVENTS = 30;

let database: TestDatabase;
let ctx: AppContext;
let receiver: HttpsReceiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Admin-password-1!',
    PASSWORD_HASH_COST: '10',
  });
  ctx = await createContext(config, {
    logger: createLogger('silent'),
    database: database.target,
    outboundNetwork: receiverNetwork(receiver),
  });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await ctx.database.close();
  await database.drop();
  await receiver.close();
});

function spawnWorker(): Promise<ChildProcess> {
  const spec: WorkerProcessSpec = {
    database: database.target,
    dataDir: database.dataDir,
    secretKey: TEST_SECRET_KEY,
    hosts: { [RECEIVER_HOST]: [LOOPBACK] },
    ca: receiver.ca,
    allowedAddresses: [LOOPBACK],
    worker: { retryDelaysMs: [300, 300], attemptTimeoutMs: 1_000, leaseMs: 4_500, pollIntervalMs: 20 },
  };
  const child = fork(WORKER_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WEBHOOK_WORKER_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited early with code ${code}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('a worker killed mid-retry', () => {
  it('loses nothing: a new worker delivers every event at least once', async () => {
    const endpoint = await createEndpoint(ctx, 1, {
      url: receiver.url('/crash'),
      events: ['course_created'],
      createdByUserId: 1,
    });
    // The first attempt of every delivery fails, so each needs a retry; answers are a bit slow.
    const seen = new Set<string>();
    const succeeded = new Set<string>();
    receiver.respondWith((request) => {
      const id = request.headers['x-webhook-delivery'] as string;
      if (!seen.has(id)) {
        seen.add(id);
        return { status: 500, delayMs: 30 };
      }
      succeeded.add(id);
      return { status: 204, delayMs: 30 };
    });
    for (let i = 0; i < EVENTS; i++) {
      await emitEvent(ctx.database.db, 1, 'course_created', {
        course_uuid: `course_${i}`,
        name: `C${i}`,
        org_id: 1,
      });
    }

    const first = await spawnWorker();
    await waitUntil(async () => seen.size >= 10 && succeeded.size >= 1, 'retries under way', 20_000);
    first.kill('SIGKILL');
    await exited(first);
    const unfinished = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('next_attempt_ms', 'is not', null)
      .execute();
    expect(unfinished.length).toBeGreaterThan(0);

    const second = await spawnWorker();
    await waitUntil(async () => succeeded.size === EVENTS, 'every event delivered', 20_000);
    const deliveries = await settledDeliveries(ctx.database.db, endpoint.webhook_uuid, EVENTS);
    second.kill('SIGTERM');
    await exited(second);

    expect(deliveries).toHaveLength(EVENTS);
    expect(deliveries.every((delivery) => delivery.state === 'succeeded')).toBe(true);
    expect(new Set(deliveries.map((delivery) => delivery.delivery_id))).toEqual(succeeded);
  }, 45_000);
});
