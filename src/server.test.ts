import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { TEST_SECRET_KEY } from '../test/harness.ts';
import { emitEvent, waitUntil } from '../test/webhooks.ts';
import { loadConfig } from './core/config.ts';
import { createLogger } from './core/logger.ts';
import { startProcess } from './server.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const config = () =>
  loadConfig({ DATA_DIR: database.dataDir, SECRET_KEY: TEST_SECRET_KEY, PORT: '0', LOG_LEVEL: 'silent' });

describe.each(['all', 'worker'] as const)('role %s', (role) => {
  it('runs the delivery worker: outbox events get dispatched', async () => {
    const running = await startProcess(config(), role, {
      logger: createLogger('silent'),
      database: database.target,
    });
    try {
      expect(running.app === undefined).toBe(role === 'worker');
      await emitEvent(running.ctx.database.db, 1, 'course_deleted', { course_uuid: 'course_x', name: role });
      await waitUntil(
        () =>
          running.ctx.database.db
            .selectFrom('outbox_events')
            .select('id')
            .where('dispatched_ms', 'is not', null)
            .where('data', 'like', `%"${role}"%`)
            .executeTakeFirst(),
        'the event to be dispatched',
      );
    } finally {
      await running.stop();
    }
  });
});

describe('a stand-alone worker with METRICS_PORT', () => {
  it('serves health and metrics, and nothing of the API', async () => {
    const running = await startProcess(
      loadConfig({
        DATA_DIR: database.dataDir,
        SECRET_KEY: TEST_SECRET_KEY,
        METRICS_PORT: '0',
        LOG_LEVEL: 'silent',
      }),
      'worker',
      { logger: createLogger('silent'), database: database.target },
    );
    try {
      expect(running.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${running.address}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: running.ctx.database.kind });
      const metrics = await (await fetch(`${running.address}/metrics`)).text();
      expect(metrics).toMatch(/^learnbase_webhook_deliveries_total\{outcome="succeeded"\} \d+$/m);
      expect(metrics).toContain('learnbase_outbox_lag_seconds');
      const api = await fetch(`${running.address}/api/v1/courses/course_x`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ detail: 'Not Found' });
    } finally {
      await running.stop();
    }
  });

  it('serves nothing without it', async () => {
    const running = await startProcess(config(), 'worker', {
      logger: createLogger('silent'),
      database: database.target,
    });
    try {
      expect(running.app).toBeUndefined();
      expect(running.address).toBeUndefined();
    } finally {
      await running.stop();
    }
  });
});
