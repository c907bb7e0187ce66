import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ensureFirstStart } from './first-start.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'owner@school.test', ADMIN_PASSWORD: 'Owner-password-1!' } });
});
afterAll(() => t.close());

describe('first start', () => {
  it('creates the default org (pro) and an admin who can sign in; a second start changes nothing', async () => {
    const org = await t.inject({ method: 'GET', url: '/api/v1/orgs/slug/default' });
    expect(org.json()).toMatchObject({ slug: 'default', plan: 'pro' });
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: 'username=owner%40school.test&password=Owner-password-1!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.is_superadmin).toBe(true);

    await ensureFirstStart(t.ctx);
    await t.restart();
    const orgs = await t.db.selectFrom('organizations').select('slug').execute();
    expect(orgs).toEqual([{ slug: 'default' }]);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});
