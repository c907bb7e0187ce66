import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../test/https-receiver.ts';
import {
  emitEvent,
  endpointId,
  ensureOrganizations,
  FAST_TIMINGS,
  settledDeliveries,
} from '../../../test/webhooks.ts';
import { formatIsoSeconds } from '../../core/time.ts';
import { type DeliveryWorker, type DeliveryWorkerOptions, startDeliveryWorker } from './delivery-worker.ts';
import { createEndpoint, listDeliveryAttempts, updateEndpoint } from './service.ts';

let t: TestApp;
let receiver: HttpsReceiver;
let worker: DeliveryWorker | undefined;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
  await ensureOrganizations(
    t.db,
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const startWorker = (options: DeliveryWorkerOptions = {}) => {
  worker = startDeliveryWorker(t.ctx, { ...FAST_TIMINGS, ...options });
};
const endpoint = (orgId: number, path: string, events: string[] = ['course_created']) =>
  createEndpoint(t.ctx, orgId, { url: receiver.url(path), events, createdByUserId: 1 });
const onPath = (path: string) => (request: { path: string }) => request.path === path;
const course = (name: string, orgId: number) => ({ course_uuid: `course_${name}`, name, org_id: orgId });

describe('delivery worker', () => {
  it('delivers each event to the active subscribed endpoints of its organization, signed per spec 6.1', async () => {
    const subscribed = await endpoint(1, '/org1/subscribed');
    const inactive = await endpoint(1, '/org1/inactive');
    await updateEndpoint(t.ctx, 1, inactive.webhook_uuid, { is_active: false });
    await endpoint(1, '/org1/other-event', ['course_deleted']);
    await endpoint(2, '/org2/subscribed');
    receiver.respondWith(() => ({ status: 204 }));
    startWorker();

    await emitEvent(t.db, 1, 'course_created', course('Intro à TLS', 1));
    const [request] = await receiver.waitFor(1, onPath('/org1/subscribed'));
    await settledDeliveries(t.db, subscribed.webhook_uuid, 1);
    expect(receiver.received.filter((r) => r.path.startsWith('/org')).map((r) => r.path)).toEqual([
      '/org1/subscribed',
    ]);

    const outbox = await t.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('org_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(outbox.dispatched_ms).not.toBeNull();
    const body = request.body.toString('utf8');
    const envelope = JSON.parse(body);
    expect(Object.keys(envelope)).toEqual(['event', 'delivery_id', 'timestamp', 'org_id', 'data']);
    expect(envelope).toEqual({
      event: 'course_created',
      delivery_id: expect.stringMatching(/^dlv_[0-9a-f]{16}$/),
      timestamp: formatIsoSeconds(new Date(outbox.occurred_at)),
      org_id: 1,
      data: course('Intro à TLS', 1),
    });
    expect(body).toBe(JSON.stringify(envelope));
    expect(request.method).toBe('POST');
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Learnbase-Webhooks/1.0',
      'x-webhook-event': 'course_created',
      'x-webhook-delivery': envelope.delivery_id,
      'webhook-id': envelope.delivery_id,
    });
    const signature = request.headers['x-webhook-signature'] as string;
    expect(await verifyGithubStyle(subscribed.secret, body, signature)).toBe(true);
    const standardHeaders = {
      'webhook-id': request.headers['webhook-id'] as string,
      'webhook-timestamp': request.headers['webhook-timestamp'] as string,
      'webhook-signature': request.headers['webhook-signature'] as string,
    };
    expect(new Webhook(subscribed.secret).verify(request.body, standardHeaders)).toEqual(envelope);

    const [attempt] = await listDeliveryAttempts(t.ctx, 1, subscribed.webhook_uuid);
    expect(attempt).toEqual({
      id: expect.any(Number),
      delivery_id: envelope.delivery_id,
      event: 'course_created',
      attempt: 1,
      http_status: 204,
      response_body: null,
      error_message: null,
      success: true,
      duration_ms: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('retries after the configured waits with the same bytes and stops at the first 2xx', async () => {
    const flaky = await endpoint(3, '/flaky');
    receiver.respondWith((request) =>
      request.path === '/flaky' && receiver.received.filter(onPath('/flaky')).length < 2
        ? { status: 500, body: 'try later' }
        : { status: 200, body: 'ok' },
    );
    startWorker();
    await emitEvent(t.db, 3, 'course_created', course('Retry', 3));
    const [delivery] = await settledDeliveries(t.db, flaky.webhook_uuid, 1);
    const arrivals = receiver.received.filter(onPath('/flaky'));

    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(arrivals).toHaveLength(3);
    expect(new Set(arrivals.map((a) => a.body.toString()))).toEqual(new Set([delivery.body]));
    expect(new Set(arrivals.map((a) => a.headers['x-webhook-delivery']))).toEqual(
      new Set([delivery.delivery_id]),
    );
    // Waits are lower bounds (a retry is due `delay` after the previous attempt finished).
    expect(arrivals[1].receivedAt - arrivals[0].receivedAt).toBeGreaterThanOrEqual(100);
    expect(arrivals[2].receivedAt - arrivals[1].receivedAt).toBeGreaterThanOrEqual(400);

    const log = await listDeliveryAttempts(t.ctx, 3, flaky.webhook_uuid);
    expect(log.map((a) => [a.attempt, a.http_status, a.success, a.response_body])).toEqual([
      [3, 200, true, 'ok'],
      [2, 500, false, 'try later'],
      [1, 500, false, 'try later'],
    ]);
  });

  it('fails after three attempts; redirects are not followed and count as failures', async () => {
    const moved = await endpoint(4, '/moved');
    receiver.respondWith((request) =>
      request.path === '/moved'
        ? { status: 302, headers: { location: receiver.url('/elsewhere') } }
        : { status: 204 },
    );
    startWorker();
    await emitEvent(t.db, 4, 'course_created', course('Moved', 4));
    const [delivery] = await settledDeliveries(t.db, moved.webhook_uuid, 1);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3 });
    expect(receiver.received.filter(onPath('/moved'))).toHaveLength(3);
    expect(receiver.received.filter(onPath('/elsewhere'))).toHaveLength(0);
    const log = await listDeliveryAttempts(t.ctx, 4, moved.webhook_uuid);
    expect(log.map((a) => [a.attempt, a.http_status, a.success])).toEqual([
      [3, 302, false],
      [2, 302, false],
      [1, 302, false],
    ]);
  });

  it('counts a timeout as a failure and records it', async () => {
    const slow = await endpoint(5, '/too-slow');
    receiver.respondWith(() => ({ status: 200, delayMs: 5_000 }));
    startWorker({ attemptTimeoutMs: 200, retryDelaysMs: [20, 20] });
    await emitEvent(t.db, 5, 'course_created', course('Slow', 5));
    const [delivery] = await settledDeliveries(t.db, slow.webhook_uuid, 1);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3 });
    const log = await listDeliveryAttempts(t.ctx, 5, slow.webhook_uuid);
    expect(log).toHaveLength(3);
    for (const attempt of log) {
      expect(attempt).toMatchObject({
        http_status: null,
        success: false,
        error_message: 'Timed out after 200 ms',
      });
    }
  });

  it('stores the first 500 bytes of the response body, cut on a character boundary', async () => {
    const accented = await endpoint(6, '/accented');
    receiver.respondWith(() => ({
      status: 400,
      body: 'é'.repeat(400),
      headers: { 'content-type': 'text/plain' },
    }));
    startWorker({ retryDelaysMs: [] });
    await emitEvent(t.db, 6, 'course_created', course('Bytes', 6));
    await settledDeliveries(t.db, accented.webhook_uuid, 1);
    const [attempt] = await listDeliveryAttempts(t.ctx, 6, accented.webhook_uuid);
    expect(attempt.http_status).toBe(400);
    expect(attempt.response_body).toBe('é'.repeat(250));
    expect(Buffer.byteLength(attempt.response_body!)).toBe(500);
  });

  it('reads a huge response body only up to its limit, keeps its first 500 bytes, and delivers on', async () => {
    const chatty = await endpoint(11, '/chatty');
    receiver.respondWith((request) =>
      request.path === '/chatty' ? { status: 200, body: 'x'.repeat(4 * 1024 * 1024) } : { status: 204 },
    );
    startWorker({ retryDelaysMs: [] });
    await emitEvent(t.db, 11, 'course_created', course('Chatty 1', 11));
    await emitEvent(t.db, 11, 'course_created', course('Chatty 2', 11));
    const deliveries = await settledDeliveries(t.db, chatty.webhook_uuid, 2);
    expect(deliveries.map((delivery) => delivery.state)).toEqual(['succeeded', 'succeeded']);
    for (const attempt of await listDeliveryAttempts(t.ctx, 11, chatty.webhook_uuid)) {
      expect(attempt).toMatchObject({ http_status: 200, success: true, error_message: null });
      expect(attempt.response_body).toBe('x'.repeat(500));
    }
  });

  it('a slow endpoint does not hold up the others', async () => {
    const slow = await endpoint(7, '/slow');
    const fast = await endpoint(7, '/fast');
    receiver.respondWith((request) =>
      request.path === '/slow' ? { status: 200, delayMs: 3_000 } : { status: 204 },
    );
    startWorker({ concurrency: 8, perEndpointConcurrency: 2, attemptTimeoutMs: 5_000 });
    for (let i = 0; i < 10; i++) await emitEvent(t.db, 7, 'course_created', course(`Busy ${i}`, 7));

    await settledDeliveries(t.db, fast.webhook_uuid, 10);
    const slowId = await endpointId(t.db, slow.webhook_uuid);
    const slowFinished = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', slowId)
      .where('next_attempt_ms', 'is', null)
      .execute();
    // Ten fast deliveries are done while the slow receiver has not answered a single one.
    expect(slowFinished).toHaveLength(0);
    expect(receiver.received.filter(onPath('/slow')).length).toBeLessThanOrEqual(2);
    await updateEndpoint(t.ctx, 7, slow.webhook_uuid, { is_active: false });
    await t.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', slowId).execute();
  });
});

describe('concurrency', () => {
  it('never has more requests in flight than allowed, overall or per endpoint, and serves every endpoint', async () => {
    const targets = await Promise.all(['/a', '/b', '/c'].map((path) => endpoint(10, `/bounded${path}`)));
    let inFlight = 0;
    let mostInFlight = 0;
    const perPath = new Map<string, number>();
    let mostPerPath = 0;
    receiver.respondWith((request) => {
      inFlight++;
      perPath.set(request.path, (perPath.get(request.path) ?? 0) + 1);
      mostInFlight = Math.max(mostInFlight, inFlight);
      mostPerPath = Math.max(mostPerPath, perPath.get(request.path)!);
      setTimeout(() => {
        inFlight--;
        perPath.set(request.path, perPath.get(request.path)! - 1);
      }, 50);
      return { status: 204, delayMs: 50 };
    });
    startWorker({ concurrency: 3, perEndpointConcurrency: 2 });
    for (let i = 0; i < 6; i++) await emitEvent(t.db, 10, 'course_created', course(`Bounded ${i}`, 10));
    for (const target of targets) {
      expect(await settledDeliveries(t.db, target.webhook_uuid, 6)).toHaveLength(6);
    }
    expect(receiver.received.filter((r) => r.path.startsWith('/bounded'))).toHaveLength(18);
    expect(mostInFlight).toBeLessThanOrEqual(3);
    expect(mostPerPath).toBeLessThanOrEqual(2);
  });
});

describe('two workers on one database', () => {
  it('share the outbox and the deliveries without sending anything twice', async () => {
    const shared = await endpoint(9, '/shared');
    receiver.respondWith(() => ({ status: 204 }));
    for (let i = 0; i < 60; i++) await emitEvent(t.db, 9, 'course_created', course(`Shared ${i}`, 9));
    const options = { ...FAST_TIMINGS, outboxBatchSize: 7, concurrency: 4 };
    const workers = [startDeliveryWorker(t.ctx, options), startDeliveryWorker(t.ctx, options)];
    try {
      const deliveries = await settledDeliveries(t.db, shared.webhook_uuid, 60);
      expect(deliveries).toHaveLength(60);
      const arrivals = receiver.received
        .filter(onPath('/shared'))
        .map((r) => r.headers['x-webhook-delivery']);
      expect(arrivals).toHaveLength(60);
      expect(new Set(arrivals).size).toBe(60);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});

describe('delivery worker over the spec timings', () => {
  it("waits the spec's 1 s and 4 s by default", async () => {
    const timed = await endpoint(8, '/default-timings');
    const arrivals: number[] = [];
    receiver.respondWith((request) => {
      if (request.path !== '/default-timings') return { status: 204 };
      arrivals.push(request.receivedAt);
      return { status: arrivals.length < 3 ? 503 : 204 };
    });
    worker = startDeliveryWorker(t.ctx, { pollIntervalMs: 20 });
    await emitEvent(t.db, 8, 'course_created', course('Spec', 8));
    const [delivery] = await settledDeliveries(t.db, timed.webhook_uuid, 1, 20_000);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(1_000);
    expect(arrivals[2] - arrivals[1]).toBeGreaterThanOrEqual(4_000);
  }, 30_000);
});
