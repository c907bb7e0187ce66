/**
 * With REDIS_URL set and Redis down, sign-in is refused with 503 and a wait: the login
 * limits guard against password guessing, so they never lapse silently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on port 1 of the loopback interface.
  t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
});
afterAll(() => t.close());

describe('sign-in while the rate-limit store is down', () => {
  it('answers 503 with Retry-After and does not sign in', async () => {
    const { email } = await createUser(t, { org: await createOrg(t) });
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ detail: 'Rate limiting is unavailable right now; try again shortly' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
