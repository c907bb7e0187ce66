/**
 * Details of the management API a client relies on: signing secrets never reach a log line
 * or any response but create and regenerate; the catalogue carries each event's JSON Schema;
 * the delivery log answers its 50 newest attempts by default, newest first, with every field.
 */
import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../test/https-receiver.ts';
import { emitEvent, FAST_TIMINGS, settledDeliveries } from '../../../test/webhooks.ts';
import { catalogue } from '../../core/events/catalogue.ts';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker.ts';

const logLines: string[] = [];
let t: TestApp;
let receiver: HttpsReceiver;
let worker: DeliveryWorker;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createTestApp({ logLines, outboundNetwork: receiverNetwork(receiver) });
  worker = startDeliveryWorker(t.ctx, FAST_TIMINGS);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await receiver.close();
});

async function adminOfNewOrg() {
  const org = await createOrg(t);
  const admin = await signedInUser(t, org, 'admin');
  return { org, headers: admin.headers, base: `/api/v1/orgs/${org.id}/webhooks` };
}

describe('webhook management details', () => {
  it('signing secrets appear in no log line and in no response but create and regenerate', async () => {
    const { org, headers, base } = await adminOfNewOrg();
    const created = await t.inject({
      method: 'POST',
      url: base,
      headers,
      payload: { url: receiver.url('/secrets'), events: ['course_created'] },
    });
    const endpoint = created.json();
    const course = { course_uuid: 'course_logged', name: 'Logged', org_id: org.id };
    await emitEvent(t.db, org.id, 'course_created', course);
    await settledDeliveries(t.db, endpoint.webhook_uuid, 1);
    const regenerated = await t.inject({
      method: 'POST',
      url: `${base}/${endpoint.webhook_uuid}/regenerate-secret`,
      headers,
    });
    const secrets = [endpoint.secret as string, regenerated.json().secret as string];
    await emitEvent(t.db, org.id, 'course_created', course);
    await settledDeliveries(t.db, endpoint.webhook_uuid, 2);

    // The second delivery was signed with the new secret, so it reached the receiver signed.
    const requests = receiver.received.filter((request) => request.path === '/secrets');
    expect(requests).toHaveLength(2);
    const last = requests[1];
    expect(
      await verifyGithubStyle(secrets[1], last.body.toString(), String(last.headers['x-webhook-signature'])),
    ).toBe(true);

    const reads = [
      await t.inject({ method: 'GET', url: base, headers }),
      await t.inject({ method: 'GET', url: `${base}/${endpoint.webhook_uuid}`, headers }),
      await t.inject({ method: 'GET', url: `${base}/${endpoint.webhook_uuid}/deliveries`, headers }),
      await t.inject({
        method: 'PUT',
        url: `${base}/${endpoint.webhook_uuid}`,
        headers,
        payload: { description: 'after rotation' },
      }),
    ];
    for (const response of reads) expect(response.statusCode).toBe(200);
    const logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      for (const response of reads) expect(response.body).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice(6));
    }
  });

  it('the catalogue gives each event its category, description and the JSON Schema of its data', async () => {
    const { headers, base } = await adminOfNewOrg();
    const response = await t.inject({ method: 'GET', url: `${base}/events`, headers });
    const events = response.json().events as Record<string, { json_schema: Record<string, unknown> }>;
    for (const [name, definition] of Object.entries(catalogue)) {
      expect(events[name]).toMatchObject({
        category: definition.category,
        description: definition.description,
      });
      expect(events[name].json_schema).toEqual(JSON.parse(JSON.stringify(definition.data)));
    }
    expect(events.course_created.json_schema).toMatchObject({
      type: 'object',
      required: ['course_uuid', 'name', 'org_id'],
      properties: { org_id: { type: 'integer' } },
    });
  });

  it('the delivery log answers the 50 newest attempts by default, newest first, every field named', async () => {
    const { org, headers, base } = await adminOfNewOrg();
    const endpoint = (
      await t.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { url: receiver.url('/many'), events: ['course_created'] },
      })
    ).json();
    for (let i = 0; i < 55; i++) {
      await emitEvent(t.db, org.id, 'course_created', {
        course_uuid: `course_${i}`,
        name: `Course ${i}`,
        org_id: org.id,
      });
    }
    await settledDeliveries(t.db, endpoint.webhook_uuid, 55);
    const log = await t.inject({
      method: 'GET',
      url: `${base}/${endpoint.webhook_uuid}/deliveries`,
      headers,
    });
    const attempts = log.json() as { id: number }[];
    expect(attempts).toHaveLength(50);
    expect(Object.keys(attempts[0]).sort()).toEqual(
      [
        'id',
        'delivery_id',
        'event',
        'attempt',
        'http_status',
        'response_body',
        'error_message',
        'success',
        'duration_ms',
        'created_at',
      ].sort(),
    );
    const ids = attempts.map((attempt) => attempt.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await t.inject({
      method: 'GET',
      url: `${base}/${endpoint.webhook_uuid}/deliveries?limit=200`,
      headers,
    });
    expect(all.json()).toHaveLength(55);
    expect(all.json().slice(0, 50)).toEqual(attempts);
  });
});
