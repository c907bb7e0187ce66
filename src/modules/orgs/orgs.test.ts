import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createApiToken,
  createOrg,
  createUser,
  login,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizations', () => {
  it('a signed-in user creates an org and becomes its admin; reads by slug, uuid and id', async () => {
    const who = await createUser(t);
    const token = await login(t, who);
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/',
      headers: bearer(token),
      payload: { name: 'Open Academy', slug: 'Open-Academy', email: 'hello@open.test' },
    });
    expect(created.statusCode).toBe(200);
    const org = created.json();
    expect(org).toMatchObject({ name: 'Open Academy', slug: 'open-academy', plan: 'free' });
    expect(org.org_uuid).toMatch(/^org_[0-9a-f-]{36}$/);
    expect(org.config.config.admin_toggles.members.signup_mode).toBe('open');

    for (const url of [
      `/api/v1/orgs/slug/open-academy`,
      `/api/v1/orgs/uuid/${org.org_uuid}`,
      `/api/v1/orgs/${org.id}`,
    ]) {
      const read = await t.inject({ method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.json().id).toBe(org.id);
    }
    const members = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/users`,
      headers: bearer(token),
    });
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: who.user.id }),
        role: expect.objectContaining({ role_uuid: 'role_global_admin' }),
      }),
    ]);

    const taken = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/',
      headers: bearer(token),
      payload: { name: 'Again', slug: 'open-academy', email: 'x@open.test' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(
      "The slug 'open-academy' is already taken. Please choose a different slug.",
    );
  });

  it('anonymous creation is 401, a token is 403, unknown orgs 404, bad slugs 422', async () => {
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/',
      payload: { name: 'x', slug: 'x', email: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const org = await createOrg(t);
    const apiToken = await createApiToken(t, org);
    const withToken = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/',
      headers: apiToken.headers,
      payload: { name: 'x', slug: 'x', email: 'x' },
    });
    expect(withToken.statusCode).toBe(403);
    expect(withToken.json().detail).toBe(
      'API tokens cannot access this resource. Only user authentication is allowed.',
    );
    expect((await t.inject({ method: 'GET', url: '/api/v1/orgs/slug/does-not-exist' })).json()).toEqual({
      detail: 'Organization not found',
    });
    const who = await createUser(t);
    const badSlug = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/',
      headers: bearer(await login(t, who)),
      payload: { name: 'x', slug: 'has spaces!', email: 'x' },
    });
    expect(badSlug.statusCode).toBe(422);
  });

  it('update: admin and maintainer yes, instructor and learner 403, other org 403', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const maintainer = await signedInUser(t, org, 'maintainer');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, other, 'admin');
    const update = (headers: Record<string, string>) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/orgs/${org.id}`,
        headers,
        payload: { description: 'New words' },
      });
    expect((await update(maintainer.headers)).statusCode).toBe(200);
    expect((await update(learner.headers)).statusCode).toBe(403);
    expect((await update(outsider.headers)).statusCode).toBe(403);
  });

  it('delete: admins only', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const maintainer = await signedInUser(t, org, 'maintainer');
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/v1/orgs/${org.id}`, headers: maintainer.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/v1/orgs/${org.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}` })).statusCode).toBe(404);
  });
});

describe('memberships', () => {
  it('role change fires user_role_changed once; the last admin cannot be demoted or removed', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await createUser(t, { org });
    const change = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/users/${learner.user.id}/role/role_global_instructor`,
      headers: admin.headers,
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ detail: 'User role updated' });
    const events = (await outboxEvents(t, 'user_role_changed')).filter((e) => e.org_id === org.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      user_id: learner.user.id,
      org_id: org.id,
      new_role_uuid: 'role_global_instructor',
    });

    const demoteSelf = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/users/${admin.user.id}/role/role_global_user`,
      headers: admin.headers,
    });
    expect(demoteSelf.statusCode).toBe(400);
    const removeSelf = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${admin.user.id}`,
      headers: admin.headers,
    });
    expect(removeSelf.statusCode).toBe(400);
    const unknownRole = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/users/${learner.user.id}/role/role_nope`,
      headers: admin.headers,
    });
    expect(unknownRole.statusCode).toBe(404);
  });

  it('maintainers manage members below them but never raise anyone to admin or touch an admin', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const maintainer = await signedInUser(t, org, 'maintainer');
    const learner = await createUser(t, { org });
    const roleChange = (userId: number, roleUuid: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/orgs/${org.id}/users/${userId}/role/${roleUuid}`,
        headers: maintainer.headers,
      });

    expect((await roleChange(learner.user.id, 'role_global_instructor')).statusCode).toBe(200);
    for (const userId of [maintainer.user.id, learner.user.id]) {
      const raised = await roleChange(userId, 'role_global_admin');
      expect(raised.statusCode).toBe(403);
      expect(raised.json().detail).toMatch(/^Cannot grant '/);
    }
    const demoted = await roleChange(admin.user.id, 'role_global_user');
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().detail).toBe(
      "You cannot change the role of a member who holds rights you don't have",
    );
    const removedAdmin = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${admin.user.id}`,
      headers: maintainer.headers,
    });
    expect(removedAdmin.statusCode).toBe(403);
    const roles = await t.db
      .selectFrom('memberships')
      .select(['user_id', 'role_id'])
      .where('org_id', '=', org.id)
      .orderBy('user_id')
      .execute();
    expect(roles).toEqual([
      { user_id: admin.user.id, role_id: 1 },
      { user_id: maintainer.user.id, role_id: 2 },
      { user_id: learner.user.id, role_id: 3 },
    ]);
    const changed = (await outboxEvents(t, 'user_role_changed')).filter((e) => e.org_id === org.id);
    expect(changed).toHaveLength(1);

    const removedLearner = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${learner.user.id}`,
      headers: maintainer.headers,
    });
    expect(removedLearner.statusCode).toBe(200);
  });

  it('a role of another organization cannot be given, whatever its uuid', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const otherAdmin = await signedInUser(t, other, 'admin');
    const learner = await createUser(t, { org });
    const foreignRole = await t.inject({
      method: 'POST',
      url: `/api/v1/roles/org/${other.id}`,
      headers: otherAdmin.headers,
      payload: { name: 'Reviewer', rights: {} },
    });
    expect(foreignRole.statusCode).toBe(200);
    const given = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/users/${learner.user.id}/role/${foreignRole.json().role_uuid}`,
      headers: admin.headers,
    });
    expect(given.statusCode).toBe(404);
    const intoOtherOrg = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${other.id}/users/${learner.user.id}/role/role_global_user`,
      headers: admin.headers,
    });
    expect(intoOtherOrg.statusCode).toBe(403);
  });

  it('removal fires user_removed_from_org once; learners may not remove anyone', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const target = await createUser(t, { org });
    const denied = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${target.user.id}`,
      headers: learner.headers,
    });
    expect(denied.statusCode).toBe(403);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${target.user.id}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ detail: 'User removed from org' });
    const events = (await outboxEvents(t, 'user_removed_from_org')).filter((e) => e.org_id === org.id);
    expect(events.map((e) => e.data)).toEqual([{ user_id: target.user.id, org_id: org.id }]);
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/users/${target.user.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('organization configuration', () => {
  it('signup mechanism, AI and payments each fire their event once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const maintainer = await signedInUser(t, org, 'maintainer');
    const signup = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/signup_mechanism?signup_mechanism=inviteOnly`,
      headers: maintainer.headers,
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().config.config.admin_toggles.members.signup_mode).toBe('inviteOnly');
    const aiByMaintainer = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/config/ai?ai_enabled=false`,
      headers: maintainer.headers,
    });
    expect(aiByMaintainer.statusCode).toBe(403);
    const ai = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/config/ai?ai_enabled=false&copilot_enabled=false`,
      headers: admin.headers,
    });
    expect(ai.json().config.config.admin_toggles.ai).toEqual({ disabled: true, copilot_enabled: false });
    const payments = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/config/payments?payments_enabled=true`,
      headers: admin.headers,
    });
    expect(payments.statusCode).toBe(200);
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/signup_mechanism?signup_mechanism=everyone`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(422);

    const mine = (await outboxEvents(t)).filter((e) => e.org_id === org.id);
    expect(mine.map((e) => [e.event, e.data])).toEqual([
      ['org_signup_method_changed', { signup_mechanism: 'inviteOnly' }],
      ['org_ai_config_changed', { ai_enabled: false, copilot_enabled: false }],
      ['org_payments_config_changed', { payments_enabled: true }],
    ]);
  });
});
