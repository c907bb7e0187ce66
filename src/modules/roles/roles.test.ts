import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('roles', () => {
  it('lists the global roles first (org_id 0), then custom roles; custom roles can be changed and deleted', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const created = await t.inject({
      method: 'POST',
      url: `/api/v1/roles/org/${org.id}`,
      headers: admin.headers,
      payload: { name: 'Reviewer', description: 'Reads courses', rights: { courses: { action_read: true } } },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'Reviewer',
      role_type: 'TYPE_ORGANIZATION',
      org_id: org.id,
    });
    expect(created.json().role_uuid).toMatch(/^role_/);

    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/roles/org/${org.id}`,
      headers: admin.headers,
    });
    expect(list.json().map((r: { role_uuid: string; org_id: number }) => [r.role_uuid, r.org_id])).toEqual([
      ['role_global_admin', 0],
      ['role_global_maintainer', 0],
      ['role_global_instructor', 0],
      ['role_global_user', 0],
      [created.json().role_uuid, org.id],
    ]);

    const duplicate = await t.inject({
      method: 'POST',
      url: `/api/v1/roles/org/${org.id}`,
      headers: admin.headers,
      payload: { name: 'Reviewer', rights: {} },
    });
    expect(duplicate.statusCode).toBe(409);

    const updated = await t.inject({
      method: 'PUT',
      url: `/api/v1/roles/${created.json().role_uuid}`,
      headers: admin.headers,
      payload: { rights: { courses: { action_read: true, action_update: true } } },
    });
    expect(updated.json().rights.courses.action_update).toBe(true);
    const global = await t.inject({
      method: 'PUT',
      url: '/api/v1/roles/role_global_user',
      headers: admin.headers,
      payload: { name: 'x' },
    });
    expect(global.statusCode).toBe(403);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/roles/${created.json().role_uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('maintainers cannot create roles; tokens are refused; other orgs are refused', async () => {
    const org = await createOrg(t);
    const maintainer = await signedInUser(t, org, 'maintainer');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const apiToken = await createApiToken(t, org);
    const payload = { name: 'X', rights: {} };
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v1/roles/org/${org.id}`,
          headers: maintainer.headers,
          payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v1/roles/org/${org.id}`,
          headers: outsider.headers,
          payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/roles/org/${org.id}`, headers: apiToken.headers }))
        .statusCode,
    ).toBe(403);
  });
});
