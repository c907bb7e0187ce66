import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, outboxEvents } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PLATFORM_API_KEY: 'platform-secret' } });
});
afterAll(() => t.close());

describe('subscription packs', () => {
  it('activating a new pack fires pack_activated once; cancelling fires pack_deactivated once', async () => {
    const org = await createOrg(t);
    const headers = { 'x-platform-key': 'platform-secret' };
    const body = {
      pack_id: 'pack_ai_1',
      pack_type: 'ai_credits',
      quantity: 3,
      platform_subscription_id: 'sub_1',
    };
    const activated = await t.inject({
      method: 'POST',
      url: `/api/v1/internal/packs/${org.id}/activate`,
      headers,
      payload: body,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', quantity: 3 });
    await t.inject({
      method: 'POST',
      url: `/api/v1/internal/packs/${org.id}/activate`,
      headers,
      payload: body,
    });
    const cancel = { pack_id: 'pack_ai_1' };
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/v1/internal/packs/${org.id}/deactivate`,
          headers,
          payload: cancel,
        })
      ).json().status,
    ).toBe('cancelled');
    await t.inject({
      method: 'DELETE',
      url: `/api/v1/internal/packs/${org.id}/deactivate`,
      headers,
      payload: cancel,
    });
    const events = (await outboxEvents(t)).filter((e) => e.org_id === org.id).map((e) => [e.event, e.data]);
    expect(events).toEqual([
      [
        'pack_activated',
        { pack_id: 'pack_ai_1', pack_type: 'ai_credits', quantity: 3, platform_subscription_id: 'sub_1' },
      ],
      [
        'pack_deactivated',
        { pack_id: 'pack_ai_1', pack_type: 'ai_credits', platform_subscription_id: 'sub_1' },
      ],
    ]);
  });

  it('needs the platform key', async () => {
    const org = await createOrg(t);
    const payload = { pack_type: 'x', quantity: 1, platform_subscription_id: 's' };
    const wrong = await t.inject({
      method: 'POST',
      url: `/api/v1/internal/packs/${org.id}/activate`,
      headers: { 'x-platform-key': 'guess' },
      payload,
    });
    expect(wrong.statusCode).toBe(401);
    const missing = await t.inject({
      method: 'POST',
      url: `/api/v1/internal/packs/${org.id}/activate`,
      payload,
    });
    expect(missing.statusCode).toBe(401);
  });

  it('is refused outright when PLATFORM_API_KEY is not set', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.inject({
        method: 'POST',
        url: '/api/v1/internal/packs/1/activate',
        headers: { 'x-platform-key': '' },
        payload: { pack_type: 'x', quantity: 1, platform_subscription_id: 's' },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
