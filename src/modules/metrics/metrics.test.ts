import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/database.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { emit } from '../../core/events/emit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, and reports outbox lag', async () => {
    await t.inject({ method: 'GET', url: '/api/v1/health' });
    await t.inject({ method: 'GET', url: '/api/v1/orgs/slug/nope' });
    await emit(t.db, 1, 'ping', { message: 'hello' });
    await t.db
      .updateTable('outbox_events')
      .set({ created_ms: Date.now() - 5000 })
      .where('event', '=', 'ping')
      .execute();
    const response = await t.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /learnbase_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} 1/,
    );
    expect(text).toMatch(
      /learnbase_http_requests_total\{method="GET",route="\/api\/v1\/orgs\/slug\/:org_slug",status="404"\} 1/,
    );
    expect(text).toContain('learnbase_http_request_duration_seconds_bucket');
    const lag = Number(/^learnbase_outbox_lag_seconds (\S+)$/m.exec(text)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(5);
    expect(text).toContain('learnbase_webhook_deliveries_total');
  });

  it('reports database pool connections on PostgreSQL (SQLite has no pool)', async () => {
    const text = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    const total = /^learnbase_db_pool_connections\{state="total"\} (\d+)$/m.exec(text);
    if (testDialect === 'sqlite') {
      expect(total).toBeNull();
      return;
    }
    expect(Number(total?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^learnbase_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^learnbase_db_pool_connections\{state="waiting"\} \d+$/m);
  });

  it('readiness is 200 when migrated and 503 while a migration is pending', async () => {
    const ready = await t.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', pending_migrations: [] });
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0400_progress' as never)
      .execute();
    const pending = await t.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json().pending_migrations).toContain('0400_progress');
  });
});
