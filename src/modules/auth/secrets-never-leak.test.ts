import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(() => t.close());

describe('secrets and hashes', () => {
  it('never appear in any response or log line', async () => {
    const org = await createOrg(t);
    const admin = await createUser(t, { org, role: 'admin' });
    const loginResponse = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: `username=${encodeURIComponent(admin.email)}&password=${encodeURIComponent(PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { access_token, refresh_token } = loginResponse.json().tokens;
    const created = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: bearer(access_token),
      payload: { name: 'leak check' },
    });
    const apiToken = created.json().token as string;
    const responses = [
      await t.inject({ method: 'GET', url: '/api/v1/users/profile', headers: bearer(access_token) }),
      await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/users`, headers: bearer(access_token) }),
      await t.inject({
        method: 'GET',
        url: `/api/v1/orgs/${org.id}/api-tokens`,
        headers: bearer(access_token),
      }),
      await t.inject({ method: 'GET', url: `/api/v1/users/profile`, headers: bearer(apiToken) }),
      await t.inject({
        method: 'GET',
        url: '/api/v1/auth/refresh',
        cookies: { refresh_token_cookie: refresh_token },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: `username=${encodeURIComponent(admin.email)}&password=wrong-${PASSWORD}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    const users = await t.db.selectFrom('users').select('password_hash').execute();
    const tokens = await t.db.selectFrom('api_tokens').select('token_hash').execute();
    const hashes = [...users.map((u) => u.password_hash), ...tokens.map((k) => k.token_hash)].filter(Boolean);

    const bodies = responses.map((r) => r.body).join('\n');
    for (const hash of hashes) expect(bodies).not.toContain(hash);
    expect(bodies).not.toContain(PASSWORD);

    const logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [PASSWORD, access_token, refresh_token, apiToken, ...hashes]) {
      expect(logs).not.toContain(secret);
    }
  });
});
