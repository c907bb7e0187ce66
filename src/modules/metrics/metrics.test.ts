import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/database.ts';
import { createOrg } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../test/https-receiver.ts';
import { emitEvent, FAST_TIMINGS, queueOutboxDeliveries, settledDeliveries } from '../../../test/webhooks.ts';
import { emit } from '../../core/events/emit.ts';
import { startDeliveryWorker } from '../webhooks/delivery-worker.ts';
import { createEndpoint, updateEndpoint } from '../webhooks/service.ts';

let t: TestApp;
let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

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
  });

  it('counts webhook attempts by what became of their delivery', async () => {
    const org = await createOrg(t);
    const endpoint = (path: string) =>
      createEndpoint(t.ctx, org.id, {
        url: receiver.url(path),
        events: ['course_created'],
        createdByUserId: 1,
      });
    const [ok, flaky, down, off] = await Promise.all(['/ok', '/flaky', '/down', '/off'].map(endpoint));
    let flakyCalls = 0;
    receiver.respondWith((request) => {
      if (request.path === '/flaky') return { status: ++flakyCalls === 1 ? 500 : 204 };
      return { status: request.path === '/down' ? 500 : 204 };
    });
    await emitEvent(t.db, org.id, 'course_created', { course_uuid: 'course_m', name: 'M', org_id: org.id });
    await queueOutboxDeliveries(t.db);
    await updateEndpoint(t.ctx, org.id, off.webhook_uuid, { is_active: false });

    // Two attempts at most: one retry after 10 ms.
    const worker = startDeliveryWorker(t.ctx, { ...FAST_TIMINGS, retryDelaysMs: [10] });
    for (const webhook of [ok, flaky, down, off]) await settledDeliveries(t.db, webhook.webhook_uuid, 1);
    // Stopping waits for every attempt to be recorded, and counted.
    await worker.stop();

    const text = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    const counted = (outcome: string) =>
      Number(
        new RegExp(`^learnbase_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
          text,
        )?.[1],
      );
    // ok: succeeded; flaky: retrying, succeeded; down: retrying, failed; off: not sent.
    expect({
      succeeded: counted('succeeded'),
      retrying: counted('retrying'),
      failed: counted('failed'),
      endpoint_inactive: counted('endpoint_inactive'),
    }).toEqual({ succeeded: 2, retrying: 2, failed: 1, endpoint_inactive: 1 });
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
