import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  startHttpsReceiver,
  tableResolver,
} from '../../../test/https-receiver.ts';
import { FAST_TIMINGS, waitUntil } from '../../../test/webhooks.ts';
import { EVENT_NAMES } from '../../core/events/catalogue.ts';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker.ts';

let t: TestApp;
let receiver: HttpsReceiver;
let worker: DeliveryWorker;
const resolve = tableResolver({
  [RECEIVER_HOST]: [LOOPBACK],
  'intranet.test': ['10.1.2.3'],
  'mixed.test': ['93.184.216.34', '192.168.0.9'],
});

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({
    outboundNetwork: { resolve, ca: receiver.ca, allowedAddresses: new Set([LOOPBACK]) },
  });
  worker = startDeliveryWorker(t.ctx, FAST_TIMINGS);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await receiver.close();
});

const create = (
  orgId: number,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  prefix = '/api/v1/orgs',
) => t.inject({ method: 'POST', url: `${prefix}/${orgId}/webhooks`, headers, payload: body });

describe('webhook management', () => {
  it('create returns the secret once; read and list never do; it is encrypted at rest; both path shapes work', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const created = await create(org.id, admin.headers, {
      url: receiver.url('/hooks'),
      description: 'CRM',
      events: ['course_created', 'course_published'],
    });
    expect(created.statusCode).toBe(200);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{43,}$/);
    expect(endpoint).toMatchObject({
      is_active: true,
      events: ['course_created', 'course_published'],
      created_by_user_id: admin.user.id,
    });
    expect(endpoint.creation_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    for (const url of [`/api/v1/orgs/${org.id}/webhooks`, `/api/v1/${org.id}/webhooks`]) {
      const list = await t.inject({ method: 'GET', url, headers: admin.headers });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(endpoint.secret);
      expect(list.json()[0]).toMatchObject({ webhook_uuid: endpoint.webhook_uuid, has_secret: true });
      const one = await t.inject({
        method: 'GET',
        url: `${url}/${endpoint.webhook_uuid}`,
        headers: admin.headers,
      });
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain(endpoint.secret);
    }
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('webhook_uuid', '=', endpoint.webhook_uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(endpoint.secret);
    expect(JSON.stringify(row)).not.toContain(endpoint.secret.slice(6, 30));
  });

  it('validates events (ping and unknown names refused, listed) and URLs (https only, public addresses only)', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const badEvents = await create(org.id, admin.headers, {
      url: receiver.url(),
      events: ['ping', 'nope', 'course_created'],
    });
    expect(badEvents.statusCode).toBe(400);
    expect(badEvents.json().detail).toMatch(/^Invalid event names: nope, ping\. Allowed events: /);
    for (const url of [
      'http://receiver.test/hook',
      'https://intranet.test/hook',
      'https://mixed.test/hook',
      'https://localhost/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://unknown.test/x',
      'https:///nohost',
    ]) {
      const refused = await create(org.id, admin.headers, { url, events: ['course_created'] });
      expect(refused.statusCode, url).toBe(400);
    }
    const created = (
      await create(org.id, admin.headers, { url: receiver.url(), events: ['course_created'] })
    ).json();
    const badUpdate = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/webhooks/${created.webhook_uuid}`,
      headers: admin.headers,
      payload: { url: 'https://intranet.test/x' },
    });
    expect(badUpdate.statusCode).toBe(400);
  });

  it('update, test ping delivered and logged, deliveries list bounds, redeliver, regenerate, delete', async () => {
    const org = await createOrg(t);
    const maintainer = await signedInUser(t, org, 'maintainer');
    const created = (
      await create(org.id, maintainer.headers, { url: receiver.url('/flow'), events: ['course_created'] })
    ).json();
    const base = `/api/v1/orgs/${org.id}/webhooks/${created.webhook_uuid}`;
    const updated = await t.inject({
      method: 'PUT',
      url: base,
      headers: maintainer.headers,
      payload: { events: ['course_deleted'], description: 'changed' },
    });
    expect(updated.json()).toMatchObject({
      events: ['course_deleted'],
      description: 'changed',
      is_active: true,
    });

    const ping = await t.inject({ method: 'POST', url: `${base}/test`, headers: maintainer.headers });
    expect(ping.json().detail).toBe('Test event dispatched');
    const [request] = await receiver.waitFor(1, (r) => r.path === '/flow');
    expect(JSON.parse(request.body.toString())).toMatchObject({
      event: 'ping',
      org_id: org.id,
      data: { message: expect.any(String) },
    });
    const log = await waitUntil(async () => {
      const response = await t.inject({
        method: 'GET',
        url: `${base}/deliveries`,
        headers: maintainer.headers,
      });
      const attempts = response.json() as { delivery_id: string }[];
      return attempts.length > 0 ? attempts : undefined;
    }, 'a logged attempt');
    expect(log[0]).toMatchObject({
      event: 'ping',
      attempt: 1,
      http_status: 204,
      success: true,
      delivery_id: ping.json().delivery_id,
    });
    for (const limit of [0, 201]) {
      const bad = await t.inject({
        method: 'GET',
        url: `${base}/deliveries?limit=${limit}`,
        headers: maintainer.headers,
      });
      expect(bad.statusCode).toBe(422);
    }
    const again = await t.inject({
      method: 'POST',
      url: `${base}/deliveries/${log[0].delivery_id}/redeliver`,
      headers: maintainer.headers,
    });
    expect(again.json().delivery_id).toBe(log[0].delivery_id);
    const redelivered = await receiver.waitFor(2, (r) => r.path === '/flow');
    expect(redelivered[1].headers['x-webhook-delivery']).toBe(log[0].delivery_id);

    const regenerated = await t.inject({
      method: 'POST',
      url: `${base}/regenerate-secret`,
      headers: maintainer.headers,
    });
    expect(regenerated.json().secret).toMatch(/^whsec_/);
    expect(regenerated.json().secret).not.toBe(created.secret);

    const deleted = await t.inject({ method: 'DELETE', url: base, headers: maintainer.headers });
    expect(deleted.json()).toEqual({ detail: 'Webhook endpoint deleted successfully' });
    expect((await t.inject({ method: 'GET', url: base, headers: maintainer.headers })).statusCode).toBe(404);
    const leftovers = await t.db
      .selectFrom('webhook_delivery_attempts')
      .select('id')
      .where('delivery_id', '=', log[0].delivery_id)
      .execute();
    expect(leftovers).toEqual([]);
  });

  it('is refused to anonymous callers, learners, instructors, other orgs, tokens without the right and low plans', async () => {
    const org = await createOrg(t);
    const url = `/api/v1/orgs/${org.id}/webhooks`;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['user', 'instructor'] as const) {
      const who = await signedInUser(t, org, role);
      expect((await t.inject({ method: 'GET', url, headers: who.headers })).statusCode, role).toBe(403);
    }
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    expect((await t.inject({ method: 'GET', url, headers: outsider.headers })).statusCode).toBe(403);
    const foreignToken = await createApiToken(t, await createOrg(t));
    expect((await t.inject({ method: 'GET', url, headers: foreignToken.headers })).statusCode).toBe(403);
    const noRight = await createApiToken(t, org, { courses: { action_read: true } });
    const denied = await t.inject({ method: 'GET', url, headers: noRight.headers });
    expect(denied.json().detail).toBe("API token does not have 'read' permission for webhooks");

    const withRight = await createApiToken(t, org, {
      webhooks: { action_create: true, action_read: true, action_update: true, action_delete: true },
    });
    const byToken = await create(
      org.id,
      withRight.headers,
      { url: receiver.url(), events: ['course_created'] },
      '/api/v1',
    );
    expect(byToken.statusCode).toBe(200);
    const unknown = await t.inject({ method: 'GET', url: `${url}/webhook_nope`, headers: withRight.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Webhook endpoint not found' });

    const standard = await createOrg(t, { plan: 'standard' });
    const standardAdmin = await signedInUser(t, standard, 'admin');
    const lowPlan = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${standard.id}/webhooks`,
      headers: standardAdmin.headers,
    });
    expect(lowPlan.statusCode).toBe(403);
    expect(lowPlan.json().detail).toBe(
      'Webhooks requires a Pro plan or higher. Your organization is currently on the Standard plan.',
    );
  });

  it('lists the live catalogue and rate-limits creation per organization', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const catalogue = await t.inject({
      method: 'GET',
      url: `/api/v1/${org.id}/webhooks/events`,
      headers: admin.headers,
    });
    expect(Object.keys(catalogue.json().events).sort()).toEqual([...EVENT_NAMES].sort());
    expect(catalogue.json().events.assignment_graded).toMatchObject({
      category: 'Learning Progress',
      data_schema: { user_id: 'integer', assignment_uuid: 'string', course_uuid: 'string', grade: 'integer' },
    });
    expect(catalogue.json().events.user_invited_to_org.data_schema.emails).toBe('list[string]');

    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await create(org.id, admin.headers, { url: receiver.url(`/n${i}`), events: ['course_created'] }))
          .statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});
