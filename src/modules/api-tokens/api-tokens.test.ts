import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createApiToken, createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashTokenValue } from './token-secret.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usergroupsRead = {
  usergroups: { action_create: false, action_read: true, action_update: false, action_delete: false },
};

describe('API token management', () => {
  it('create shows the value once; list and get never do; only the SHA-256 is stored', async () => {
    const org = await createOrg(t, { plan: 'pro' });
    const admin = await signedInUser(t, org, 'admin');
    const created = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: admin.headers,
      payload: { name: 'CI', description: 'pipelines', rights: usergroupsRead },
    });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.token).toMatch(/^lh_[A-Za-z0-9_-]{43,}$/);
    expect(body).toMatchObject({
      name: 'CI',
      org_id: org.id,
      rights: usergroupsRead,
      created_by_user_id: admin.user.id,
    });
    expect(body.token_prefix).toBe(body.token.slice(0, 12));

    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.token);
    expect(list.json()[0]).toMatchObject({
      token_uuid: body.token_uuid,
      is_active: true,
      last_used_at: null,
    });
    const one = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens/${body.token_uuid}`,
      headers: admin.headers,
    });
    expect(one.body).not.toContain(body.token);

    const stored = await t.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_uuid', '=', body.token_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashTokenValue(body.token));
    expect(JSON.stringify(stored)).not.toContain(body.token);

    const used = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/org/${org.id}`,
      headers: bearer(body.token),
    });
    expect(used.statusCode).toBe(200);
    const after = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens/${body.token_uuid}`,
      headers: admin.headers,
    });
    expect(after.json().last_used_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const duplicate = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: admin.headers,
      payload: { name: 'CI' },
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('revoke and regenerate take effect at once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const create = (name: string) =>
      t.inject({
        method: 'POST',
        url: `/api/v1/orgs/${org.id}/api-tokens`,
        headers: admin.headers,
        payload: { name, rights: usergroupsRead },
      });
    const use = (value: string) =>
      t.inject({ method: 'GET', url: `/api/v1/usergroups/org/${org.id}`, headers: bearer(value) });

    const a = (await create('a')).json();
    const regenerated = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens/${a.token_uuid}/regenerate`,
      headers: admin.headers,
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().token).not.toBe(a.token);
    expect((await use(a.token)).statusCode).toBe(401);
    expect((await use(regenerated.json().token)).statusCode).toBe(200);

    const revoked = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/api-tokens/${a.token_uuid}`,
      headers: admin.headers,
    });
    expect(revoked.json()).toEqual({ message: 'API token revoked successfully' });
    expect((await use(regenerated.json().token)).statusCode).toBe(401);
    const again = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens/${a.token_uuid}/regenerate`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(400);

    // POST …/revoke is the same operation as DELETE.
    // Made through the operator path, so the file stays within the per-address HTTP create limit.
    const c = await createApiToken(t, org, usergroupsRead);
    expect((await use(c.value)).statusCode).toBe(200);
    const revokedByPost = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens/${c.token.token_uuid}/revoke`,
      headers: admin.headers,
    });
    expect(revokedByPost.json()).toEqual({ message: 'API token revoked successfully' });
    expect((await use(c.value)).statusCode).toBe(401);
    const listed = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens/${c.token.token_uuid}`,
      headers: admin.headers,
    });
    expect(listed.json().is_active).toBe(false);

    const b = (await create('b')).json();
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/api-tokens/${b.token_uuid}`,
      headers: admin.headers,
      payload: { expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(updated.statusCode).toBe(200);
    expect((await use(b.token)).statusCode).toBe(401);
  });

  it('needs the Pro plan, a session (not a token) and the roles rights', async () => {
    const free = await createOrg(t, { plan: 'standard' });
    const freeAdmin = await signedInUser(t, free, 'admin');
    const lowPlan = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${free.id}/api-tokens`,
      headers: freeAdmin.headers,
      payload: { name: 'x' },
    });
    expect(lowPlan.statusCode).toBe(403);
    expect(lowPlan.json().detail).toBe(
      'API Access requires a Pro plan or higher. Your organization is currently on the Standard plan.',
    );

    const org = await createOrg(t);
    const maintainer = await signedInUser(t, org, 'maintainer');
    const byMaintainer = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: maintainer.headers,
      payload: { name: 'x' },
    });
    expect(byMaintainer.statusCode).toBe(403);
    expect(byMaintainer.json().detail).toBe(
      "You don't have permission to perform this action (roles.action_create)",
    );
    // Maintainers may read.
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/orgs/${org.id}/api-tokens`,
          headers: maintainer.headers,
        })
      ).statusCode,
    ).toBe(200);

    const apiToken = await createApiToken(t, org);
    const tokenOnSessionRoute = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: apiToken.headers,
    });
    expect(tokenOnSessionRoute.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/api-tokens` })).statusCode).toBe(
      401,
    );

    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const otherOrg = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: outsider.headers,
    });
    expect(otherOrg.statusCode).toBe(403);
  });

  it('validates rights and never grants more than the creator holds', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const unknown = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: admin.headers,
      payload: { name: 'x', rights: { everything: { action_read: true } } },
    });
    expect(unknown.statusCode).toBe(400);
    // A custom role that may manage tokens but holds only read on courses.
    const role = await t.inject({
      method: 'POST',
      url: `/api/v1/roles/org/${org.id}`,
      headers: admin.headers,
      payload: {
        name: 'Token keeper',
        rights: {
          roles: { action_create: true, action_read: true, action_update: true, action_delete: true },
          courses: { action_create: false, action_read: true, action_update: false, action_delete: false },
        },
      },
    });
    expect(role.statusCode).toBe(200);
    const keeper = await signedInUser(t, org, 'user');
    await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/users/${keeper.user.id}/role/${role.json().role_uuid}`,
      headers: admin.headers,
    });
    const escalate = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: keeper.headers,
      payload: { name: 'too much', rights: { courses: { action_delete: true } } },
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().detail).toBe(
      "Cannot grant 'action_delete' permission for 'courses' as you don't have this permission yourself",
    );
    const fine = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/api-tokens`,
      headers: keeper.headers,
      payload: { name: 'reader', rights: { courses: { action_read: true } } },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('API token boundaries', () => {
  it('a token acts only inside its org: path and query org_id and org_slug of another org are 403', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const apiToken = await createApiToken(t, org);
    const outside = 'API token cannot access resources outside its organization';
    for (const url of [
      `/api/v1/usergroups/org/${other.id}`,
      `/api/v1/usergroups/org/${org.id}?org_id=${other.id}`,
      `/api/v1/admin/${other.slug}/auth/token`,
    ]) {
      const response = await t.inject({
        method: url.includes('admin') ? 'POST' : 'GET',
        url,
        headers: apiToken.headers,
        payload: url.includes('admin') ? { user_id: 1 } : undefined,
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail, url).toBe(outside);
    }
    const inside = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/org/${org.id}`,
      headers: apiToken.headers,
    });
    expect(inside.statusCode).toBe(200);
  });

  it('a token without the right gets 403 naming it; an invalid token 401', async () => {
    const org = await createOrg(t);
    const apiToken = await createApiToken(t, org, { courses: { action_read: true } });
    const response = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/org/${org.id}`,
      headers: apiToken.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("API token does not have 'read' permission for usergroups");
    const invalid = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/org/${org.id}`,
      headers: bearer('lh_invalid'),
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().detail).toBe('Could not validate credentials');
  });
});
