import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  receiverNetwork,
  startHttpsReceiver,
} from '../../../test/https-receiver.ts';
import {
  emitEvent,
  endpointId,
  ensureOrganizations,
  FAST_TIMINGS,
  settledDeliveries,
  waitUntil,
} from '../../../test/webhooks.ts';
import type { EventData } from '../../core/events/catalogue.ts';
import { createLogger } from '../../core/logger.ts';
import type { Resolver } from '../../core/net/outbound-network.ts';
import { type DeliveryWorker, type DeliveryWorkerOptions, startDeliveryWorker } from './delivery-worker.ts';
import { createEndpoint, listDeliveryAttempts, queuePing, redeliver, regenerateSecret } from './service.ts';

let t: TestApp;
let receiver: HttpsReceiver;
let worker: DeliveryWorker | undefined;
/** What the receiver's hostname resolves to; tests change it to play DNS tricks. */
let answers: (lookup: number) => string[] = () => [LOOPBACK];
let lookups = 0;
const resolve: Resolver = async (hostname) => {
  if (hostname !== RECEIVER_HOST) throw new Error(`ENOTFOUND ${hostname}`);
  return answers(++lookups);
};

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver, resolve) });
  await ensureOrganizations(
    t.db,
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  answers = () => [LOOPBACK];
  receiver.respondWith(() => ({ status: 204 }));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const startWorker = (options: DeliveryWorkerOptions = {}, ctx = t.ctx) => {
  worker = startDeliveryWorker(ctx, { ...FAST_TIMINGS, ...options });
  return worker;
};
const endpoint = (orgId: number, path: string) =>
  createEndpoint(t.ctx, orgId, { url: receiver.url(path), events: ['course_created'], createdByUserId: 1 });
const onPath = (path: string) => (request: { path: string }) => request.path === path;
const course = (name: string, orgId: number) => ({ course_uuid: `course_${name}`, name, org_id: orgId });

describe('SSRF guard at delivery', () => {
  it('refuses a host that now resolves to a public and a private address, and sends nothing', async () => {
    const target = await endpoint(20, '/rebound');
    answers = () => [LOOPBACK, '10.0.0.5'];
    startWorker({ retryDelaysMs: [10, 10] });
    await emitEvent(t.db, 20, 'course_created', course('Guarded', 20));
    const [delivery] = await settledDeliveries(t.db, target.webhook_uuid, 1);
    expect(delivery.state).toBe('failed');
    expect(receiver.received.filter(onPath('/rebound'))).toHaveLength(0);
    const log = await listDeliveryAttempts(t.ctx, 20, target.webhook_uuid);
    expect(log).toHaveLength(3);
    for (const attempt of log) {
      expect(attempt.http_status).toBeNull();
      expect(attempt.error_message).toBe(
        `SSRF guard: ${RECEIVER_HOST} resolves to 10.0.0.5, a private or internal address`,
      );
    }
  });

  it('looks the host up once and connects to that answer, even if DNS rebinds afterwards', async () => {
    const target = await endpoint(21, '/rebinding');
    const before = lookups;
    answers = (lookup) => (lookup === before + 1 ? [LOOPBACK] : ['169.254.169.254']);
    startWorker();
    await emitEvent(t.db, 21, 'course_created', course('Rebinding', 21));
    const [delivery] = await settledDeliveries(t.db, target.webhook_uuid, 1);
    expect(delivery.state).toBe('succeeded');
    expect(receiver.received.filter(onPath('/rebinding'))).toHaveLength(1);
    expect(lookups - before).toBe(1);
  });
});

describe('delivery lifecycle', () => {
  it('signs with the new secret from the next delivery after a regenerate', async () => {
    const target = await endpoint(22, '/rotating');
    startWorker();
    await emitEvent(t.db, 22, 'course_created', course('Before', 22));
    const [first] = await receiver.waitFor(1, onPath('/rotating'));
    const rotated = await regenerateSecret(t.ctx, 22, target.webhook_uuid);
    await emitEvent(t.db, 22, 'course_created', course('After', 22));
    const [, second] = await receiver.waitFor(2, onPath('/rotating'));

    const signatureOf = (request: typeof first) => request.headers['x-webhook-signature'] as string;
    expect(await verifyGithubStyle(target.secret, first.body.toString(), signatureOf(first))).toBe(true);
    expect(await verifyGithubStyle(rotated.secret, second.body.toString(), signatureOf(second))).toBe(true);
    expect(await verifyGithubStyle(target.secret, second.body.toString(), signatureOf(second))).toBe(false);
  });

  it('keeps only the 200 newest attempts per endpoint', async () => {
    const busy = await endpoint(23, '/busy');
    const other = await endpoint(23, '/busy-neighbour');
    startWorker({ concurrency: 32 });
    for (let i = 0; i < 210; i++) await emitEvent(t.db, 23, 'course_created', course(`Many ${i}`, 23));
    await receiver.waitFor(210, onPath('/busy'));
    await settledDeliveries(t.db, busy.webhook_uuid, 200);
    await settledDeliveries(t.db, other.webhook_uuid, 200);
    await worker!.stop();

    for (const uuid of [busy.webhook_uuid, other.webhook_uuid]) {
      const id = await endpointId(t.db, uuid);
      const kept = await t.db
        .selectFrom('webhook_delivery_attempts')
        .select('delivery_id')
        .where('endpoint_id', '=', id)
        .execute();
      expect(kept).toHaveLength(200);
      const deliveries = await t.db
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .where('endpoint_id', '=', id)
        .execute();
      // Every attempt still in the log can be redelivered.
      expect(deliveries).toHaveLength(200);
      expect(new Set(deliveries.map((d) => d.delivery_id))).toEqual(new Set(kept.map((a) => a.delivery_id)));
    }
    expect(await listDeliveryAttempts(t.ctx, 23, busy.webhook_uuid, 500)).toHaveLength(200);
  }, 120_000);

  it('pings one endpoint, and redelivers the same bytes under the same delivery id', async () => {
    const target = await endpoint(24, '/pinged');
    const bystander = await endpoint(24, '/bystander');
    startWorker();
    const deliveryId = (await queuePing(t.ctx, 24, target.webhook_uuid))!;
    worker!.kick();
    const [ping] = await receiver.waitFor(1, onPath('/pinged'));
    expect(ping.headers['x-webhook-event']).toBe('ping');
    expect(JSON.parse(ping.body.toString())).toMatchObject({
      event: 'ping',
      delivery_id: deliveryId,
      org_id: 24,
      data: { message: expect.any(String) },
    });
    await settledDeliveries(t.db, target.webhook_uuid, 1);

    await redeliver(t.ctx, 24, target.webhook_uuid, deliveryId);
    const [, again] = await receiver.waitFor(2, onPath('/pinged'));
    expect(again.body.equals(ping.body)).toBe(true);
    expect(again.headers['x-webhook-delivery']).toBe(deliveryId);
    await settledDeliveries(t.db, target.webhook_uuid, 2);
    const log = await listDeliveryAttempts(t.ctx, 24, target.webhook_uuid);
    expect(log.map((a) => [a.delivery_id, a.attempt, a.success])).toEqual([
      [deliveryId, 1, true],
      [deliveryId, 1, true],
    ]);
    expect(receiver.received.filter(onPath('/bystander'))).toHaveLength(0);
    expect(await listDeliveryAttempts(t.ctx, 24, bystander.webhook_uuid)).toEqual([]);
  });

  it('resumes pending and retrying deliveries after a restart', async () => {
    const target = await endpoint(25, '/resumed');
    receiver.respondWith((request) =>
      request.path === '/resumed' && receiver.received.filter(onPath('/resumed')).length === 0
        ? { status: 500 }
        : { status: 204 },
    );
    startWorker({ retryDelaysMs: [300, 300] });
    await emitEvent(t.db, 25, 'course_created', course('First', 25));
    const id = await endpointId(t.db, target.webhook_uuid);
    await waitUntil(
      () =>
        t.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('endpoint_id', '=', id)
          .where('state', '=', 'retrying')
          .executeTakeFirst(),
      'a delivery waiting for its retry',
    );
    await worker!.stop();
    worker = undefined;
    // An event committed while no worker runs waits in the outbox.
    await emitEvent(t.db, 25, 'course_created', course('Second', 25));

    await t.restart();
    startWorker({ retryDelaysMs: [300, 300] });
    const deliveries = await settledDeliveries(t.db, target.webhook_uuid, 2);
    expect(deliveries.map((d) => [d.state, d.attempts])).toEqual([
      ['succeeded', 2],
      ['succeeded', 1],
    ]);
  });

  it('logs payloads that differ from the catalogue schema and delivers them anyway', async () => {
    const _target = await endpoint(26, '/drifting');
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => lines.push(line) });
    startWorker({}, { ...t.ctx, logger });
    const drifting = { course_uuid: 'course_x', name: 42 } as unknown as EventData<'course_created'>;
    await emitEvent(t.db, 26, 'course_created', drifting);
    const [request] = await receiver.waitFor(1, onPath('/drifting'));
    expect(JSON.parse(request.body.toString()).data).toEqual(drifting);
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.drift);
    expect(warning).toMatchObject({ level: 40, event: 'course_created' });
    expect(warning.drift.join('\n')).toMatch(/\/name/);
    expect(warning.drift.join('\n')).toMatch(/org_id/);
  });

  it('logs an undecryptable secret as a failed attempt and never sends unsigned', async () => {
    const target = await endpoint(27, '/undecryptable');
    await t.db
      .updateTable('webhook_endpoints')
      .set({ secret_encrypted: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where('webhook_uuid', '=', target.webhook_uuid)
      .execute();
    startWorker({ retryDelaysMs: [] });
    await emitEvent(t.db, 27, 'course_created', course('Locked', 27));
    const [delivery] = await settledDeliveries(t.db, target.webhook_uuid, 1);
    expect(delivery.state).toBe('failed');
    const [attempt] = await listDeliveryAttempts(t.ctx, 27, target.webhook_uuid);
    expect(attempt.error_message).toMatch(/cannot be decrypted/);
    expect(receiver.received.filter(onPath('/undecryptable'))).toHaveLength(0);
  });
});
