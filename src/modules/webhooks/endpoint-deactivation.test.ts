import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../test/https-receiver.ts';
import {
  emitEvent,
  endpointId,
  FAST_TIMINGS,
  queueOutboxDeliveries,
  settledDeliveries,
} from '../../../test/webhooks.ts';
import { type DeliveryWorker, NOT_SENT_INACTIVE, startDeliveryWorker } from './delivery-worker.ts';
import { listDeliveryAttempts } from './service.ts';

let t: TestApp;
let receiver: HttpsReceiver;
let workers: DeliveryWorker[] = [];

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
});
afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  workers = [];
  receiver.respondWith(() => ({ status: 204 }));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const startWorkers = (count: number, options = {}) => {
  for (let i = 0; i < count; i++) workers.push(startDeliveryWorker(t.ctx, { ...FAST_TIMINGS, ...options }));
};
const onPath = (path: string) => (request: { path: string }) => request.path === path;
const course = (name: string, orgId: number) => ({ course_uuid: `course_${name}`, name, org_id: orgId });

/** A Pro organization with an admin, and endpoints created and changed through the API. */
async function managedOrg() {
  const org = await createOrg(t);
  const admin = await signedInUser(t, org, 'admin');
  const base = `/api/v1/orgs/${org.id}/webhooks`;
  return {
    org,
    async create(path: string): Promise<string> {
      const response = await t.inject({
        method: 'POST',
        url: base,
        headers: admin.headers,
        payload: { url: receiver.url(path), events: ['course_created'] },
      });
      expect(response.statusCode).toBe(200);
      return response.json().webhook_uuid;
    },
    async setActive(webhookUuid: string, isActive: boolean) {
      const response = await t.inject({
        method: 'PUT',
        url: `${base}/${webhookUuid}`,
        headers: admin.headers,
        payload: { is_active: isActive },
      });
      expect(response.json()).toMatchObject({ is_active: isActive });
    },
    redeliver: (webhookUuid: string, deliveryId: string) =>
      t.inject({
        method: 'POST',
        url: `${base}/${webhookUuid}/deliveries/${deliveryId}/redeliver`,
        headers: admin.headers,
      }),
  };
}

describe('an endpoint turned off', () => {
  it('gets none of its queued deliveries or retries from any worker; each fails once, unsent, in its log', async () => {
    const managed = await managedOrg();
    const off = await managed.create('/off');
    const on = await managed.create('/on');
    for (let i = 0; i < 12; i++) {
      await emitEvent(t.db, managed.org.id, 'course_created', course(`Queued ${i}`, managed.org.id));
    }
    await queueOutboxDeliveries(t.db);
    const offId = await endpointId(t.db, off);
    // A third of them already had a failed attempt and wait for their retry.
    const retrying = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', offId)
      .orderBy('id')
      .limit(4)
      .execute();
    await t.db
      .updateTable('webhook_deliveries')
      .set({ state: 'retrying', attempts: 1 })
      .where(
        'id',
        'in',
        retrying.map((row) => row.id),
      )
      .execute();

    await managed.setActive(off, false);
    startWorkers(2, { outboxBatchSize: 5, concurrency: 4 });
    const [settledOff, settledOn] = await Promise.all([
      settledDeliveries(t.db, off, 12),
      settledDeliveries(t.db, on, 12),
    ]);

    expect(receiver.received.filter(onPath('/on'))).toHaveLength(12);
    expect(receiver.received.filter(onPath('/off'))).toHaveLength(0);
    expect(settledOn.every((delivery) => delivery.state === 'succeeded')).toBe(true);
    expect(settledOff.map((delivery) => [delivery.state, delivery.attempts])).toEqual([
      ...Array(4).fill(['failed', 2]),
      ...Array(8).fill(['failed', 1]),
    ]);
    const log = await listDeliveryAttempts(t.ctx, managed.org.id, off);
    // One row per delivery: two workers never settled the same one twice.
    expect(new Set(log.map((attempt) => attempt.delivery_id))).toEqual(
      new Set(settledOff.map((delivery) => delivery.delivery_id)),
    );
    expect(log).toHaveLength(12);
    for (const attempt of log) {
      expect(attempt).toMatchObject({
        http_status: null,
        response_body: null,
        error_message: NOT_SENT_INACTIVE,
        success: false,
      });
    }
    expect(log.map((attempt) => attempt.attempt).sort()).toEqual([...Array(8).fill(1), ...Array(4).fill(2)]);
  });

  it('on re-activation receives new events but no replay of what failed unsent, which can be redelivered', async () => {
    const managed = await managedOrg();
    const webhook = await managed.create('/reactivated');
    await emitEvent(t.db, managed.org.id, 'course_created', course('Before', managed.org.id));
    await queueOutboxDeliveries(t.db);
    await managed.setActive(webhook, false);
    await emitEvent(t.db, managed.org.id, 'course_created', course('While off', managed.org.id));
    startWorkers(1);
    const [unsent] = await settledDeliveries(t.db, webhook, 1);
    expect(unsent.state).toBe('failed');
    expect((await managed.redeliver(webhook, unsent.delivery_id)).statusCode).toBe(409);

    await managed.setActive(webhook, true);
    await emitEvent(t.db, managed.org.id, 'course_created', course('After', managed.org.id));
    const [after] = await receiver.waitFor(1, onPath('/reactivated'));
    expect(JSON.parse(after.body.toString()).data.name).toBe('After');

    const redelivered = await managed.redeliver(webhook, unsent.delivery_id);
    expect(redelivered.json()).toEqual({ detail: 'Redelivery queued', delivery_id: unsent.delivery_id });
    const arrivals = await receiver.waitFor(2, onPath('/reactivated'));
    expect(arrivals[1].headers['x-webhook-delivery']).toBe(unsent.delivery_id);
    expect(arrivals[1].body.toString()).toBe(unsent.body);
    await settledDeliveries(t.db, webhook, 3);
    // Nothing else arrived: not the event from while it was off, not the unsent one a second time.
    expect(receiver.received.filter(onPath('/reactivated'))).toHaveLength(2);
  });

  it('lets the request in flight finish, and sends nothing it had leased ahead', async () => {
    const managed = await managedOrg();
    const webhook = await managed.create('/busy');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.respondWith(() => ({ status: 200, heldUntil: held }));
    for (let i = 0; i < 4; i++) {
      await emitEvent(t.db, managed.org.id, 'course_created', course(`Busy ${i}`, managed.org.id));
    }
    // One request at a time: the worker leases one more than it sends, and holds it.
    startWorkers(1, { concurrency: 1, perEndpointConcurrency: 1 });
    await receiver.waitFor(1, onPath('/busy'));
    await managed.setActive(webhook, false);
    // What the worker leased ahead waits at most a poll interval on its copy of the endpoint.
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST_TIMINGS.pollIntervalMs!));
    release();

    const deliveries = await settledDeliveries(t.db, webhook, 4);
    expect(receiver.received.filter(onPath('/busy'))).toHaveLength(1);
    expect(deliveries.map((delivery) => delivery.state).sort()).toEqual([
      'failed',
      'failed',
      'failed',
      'succeeded',
    ]);
    const log = await listDeliveryAttempts(t.ctx, managed.org.id, webhook);
    expect(log).toHaveLength(4);
    expect(log.filter((attempt) => attempt.success).map((attempt) => attempt.http_status)).toEqual([200]);
    expect(log.filter((attempt) => attempt.error_message === NOT_SENT_INACTIVE)).toHaveLength(3);
  });
});
