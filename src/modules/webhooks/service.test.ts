import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { LOOPBACK, RECEIVER_HOST, tableResolver } from '../../../test/https-receiver.ts';
import { ensureOrganizations } from '../../../test/webhooks.ts';
import { HttpError } from '../../core/errors/http-errors.ts';
import { secretCipherOf } from './secret-encryption.ts';
import {
  checkEventNames,
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveryAttempts,
  listEndpoints,
  queuePing,
  redeliver,
  regenerateSecret,
  updateEndpoint,
} from './service.ts';

const ORG = 11;
const OTHER_ORG = 12;
const URL = `https://${RECEIVER_HOST}/hook`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    outboundNetwork: {
      resolve: tableResolver({ [RECEIVER_HOST]: [LOOPBACK], 'private.test': ['192.168.1.20'] }),
      allowedAddresses: new Set([LOOPBACK]),
    },
  });
  await ensureOrganizations(
    t.db,
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
});
afterAll(async () => {
  await t.close();
});

const create = (orgId = ORG, events = ['course_created']) =>
  createEndpoint(t.ctx, orgId, { url: URL, description: 'CRM sync', events, createdByUserId: 3 });

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('webhook endpoints service', () => {
  it('creates an active endpoint and shows the secret once', async () => {
    const created = await create();
    expect(created).toEqual({
      webhook_uuid: expect.stringMatching(/^webhook_[0-9a-f-]{36}$/),
      url: URL,
      description: 'CRM sync',
      events: ['course_created'],
      is_active: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_by_user_id: 3,
      creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });

    const listed = await listEndpoints(t.ctx, ORG);
    const read = await getEndpoint(t.ctx, ORG, created.webhook_uuid);
    expect(listed.find((e) => e.webhook_uuid === created.webhook_uuid)).toEqual(read);
    expect(read).toMatchObject({
      org_id: ORG,
      is_active: true,
      has_secret: true,
      events: ['course_created'],
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(Object.keys(read)).not.toContain('secret');
  });

  it('stores the secret encrypted, never in plain text', async () => {
    const created = await create();
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('webhook_uuid', '=', created.webhook_uuid)
      .executeTakeFirstOrThrow();
    const everything = JSON.stringify(await t.db.selectFrom('webhook_endpoints').selectAll().execute());
    expect(everything).not.toContain(created.secret);
    expect(everything).not.toContain(created.secret.slice(6));
    expect(secretCipherOf(t.ctx).decrypt(row.secret_encrypted, created.webhook_uuid)).toBe(created.secret);
  });

  it('validates events and the URL on create', async () => {
    const badEvents = await rejection(
      createEndpoint(t.ctx, ORG, {
        url: URL,
        events: ['course_created', 'nope', 'ping'],
        createdByUserId: 3,
      }),
    );
    expect(badEvents.statusCode).toBe(400);
    expect(badEvents.detail).toMatch(
      /^Invalid event names: nope, ping\. Allowed events: activity_completed, /,
    );

    const http = await rejection(
      createEndpoint(t.ctx, ORG, { url: 'http://receiver.test/', events: [], createdByUserId: 3 }),
    );
    expect(http.detail).toBe('Webhook URL must use https://.');
    const internal = await rejection(
      createEndpoint(t.ctx, ORG, { url: 'https://private.test/', events: [], createdByUserId: 3 }),
    );
    expect(internal.detail).toBe('Webhook URL must not point to a private or internal address.');
  });

  it('drops duplicate event names', () => {
    expect(checkEventNames(['course_created', 'course_created', 'course_deleted'])).toEqual([
      'course_created',
      'course_deleted',
    ]);
  });

  it('updates only the fields given, validating them', async () => {
    const created = await create();
    const updated = await updateEndpoint(t.ctx, ORG, created.webhook_uuid, {
      events: ['course_deleted'],
      is_active: false,
    });
    expect(updated).toMatchObject({
      url: URL,
      description: 'CRM sync',
      events: ['course_deleted'],
      is_active: false,
    });
    const refused = await rejection(
      updateEndpoint(t.ctx, ORG, created.webhook_uuid, { url: 'https://private.test/' }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await getEndpoint(t.ctx, ORG, created.webhook_uuid)).url).toBe(URL);
  });

  it('regenerates the secret: a new one, returned once, stored encrypted', async () => {
    const created = await create();
    const rotated = await regenerateSecret(t.ctx, ORG, created.webhook_uuid);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.webhook_uuid).toBe(created.webhook_uuid);
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .select('secret_encrypted')
      .where('webhook_uuid', '=', created.webhook_uuid)
      .executeTakeFirstOrThrow();
    expect(secretCipherOf(t.ctx).decrypt(row.secret_encrypted, created.webhook_uuid)).toBe(rotated.secret);
  });

  it("cannot see or touch another organization's endpoint", async () => {
    const created = await create(OTHER_ORG);
    expect((await listEndpoints(t.ctx, ORG)).map((e) => e.webhook_uuid)).not.toContain(created.webhook_uuid);
    const uuid = created.webhook_uuid;
    for (const attempt of [
      () => getEndpoint(t.ctx, ORG, uuid),
      () => updateEndpoint(t.ctx, ORG, uuid, { is_active: false }),
      () => regenerateSecret(t.ctx, ORG, uuid),
      () => queuePing(t.ctx, ORG, uuid),
      () => listDeliveryAttempts(t.ctx, ORG, uuid),
      () => redeliver(t.ctx, ORG, uuid, 'dlv_0000000000000000'),
      () => deleteEndpoint(t.ctx, ORG, uuid),
    ]) {
      const error = await rejection(attempt());
      expect(error.statusCode).toBe(404);
      expect(error.detail).toBe('Webhook endpoint not found');
    }
    expect((await getEndpoint(t.ctx, OTHER_ORG, uuid)).is_active).toBe(true);
  });

  it('queues a ping as a delivery (nothing is sent here), not for an inactive endpoint', async () => {
    const created = await create();
    const deliveryId = await queuePing(t.ctx, ORG, created.webhook_uuid);
    expect(deliveryId).toMatch(/^dlv_[0-9a-f]{16}$/);
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivery_id', '=', deliveryId!)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ event: 'ping', state: 'pending', attempts: 0, org_id: ORG });
    expect(JSON.parse(delivery.body)).toMatchObject({ event: 'ping', delivery_id: deliveryId, org_id: ORG });

    await updateEndpoint(t.ctx, ORG, created.webhook_uuid, { is_active: false });
    expect(await queuePing(t.ctx, ORG, created.webhook_uuid)).toBeNull();
  });

  it('redelivers the same bytes under the same delivery id, and 404s an unknown one', async () => {
    const created = await create();
    const deliveryId = (await queuePing(t.ctx, ORG, created.webhook_uuid))!;
    expect(await redeliver(t.ctx, ORG, created.webhook_uuid, deliveryId)).toBe(deliveryId);
    const rows = await t.db
      .selectFrom('webhook_deliveries')
      .select(['body', 'state'])
      .where('delivery_id', '=', deliveryId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[1].body).toBe(rows[0].body);
    const unknown = await rejection(redeliver(t.ctx, ORG, created.webhook_uuid, 'dlv_0000000000000000'));
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes an endpoint with its deliveries and attempts', async () => {
    const created = await create();
    const deliveryId = (await queuePing(t.ctx, ORG, created.webhook_uuid))!;
    const { id } = await t.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('webhook_uuid', '=', created.webhook_uuid)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('webhook_delivery_attempts')
      .values({
        endpoint_id: id,
        delivery_id: deliveryId,
        event: 'ping',
        attempt: 1,
        http_status: 500,
        response_body: null,
        error_message: null,
        success: false,
        duration_ms: 3,
        created_at: '2026-01-01 00:00:00',
      })
      .execute();
    expect(await listDeliveryAttempts(t.ctx, ORG, created.webhook_uuid)).toHaveLength(1);

    await deleteEndpoint(t.ctx, ORG, created.webhook_uuid);
    expect((await rejection(getEndpoint(t.ctx, ORG, created.webhook_uuid))).statusCode).toBe(404);
    const left = await Promise.all([
      t.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id).execute(),
      t.db.selectFrom('webhook_delivery_attempts').select('id').where('endpoint_id', '=', id).execute(),
    ]);
    expect(left).toEqual([[], []]);
  });
});
