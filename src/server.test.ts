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
