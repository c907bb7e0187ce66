import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPrincipal,
  createApiToken,
  createOrg,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createCourse, updateCourse } from '../courses/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function course(
  org: { id: number },
  principal: Parameters<typeof createCourse>[1],
  name: string,
  open: boolean,
) {
  const row = await createCourse(t.ctx, principal, org.id, {
    name,
    description: '',
    about: '',
    public: open,
  });
  return updateCourse(t.ctx, principal, row.course_uuid, { published: true });
}

describe('collections', () => {
  it('create (collection_created once), read, list, update, delete; readers see only courses they may read', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const open = await course(org, asPrincipal(admin), 'Open', true);
    const closed = await course(org, asPrincipal(admin), 'Members only', false);
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/collections/',
      headers: admin.headers,
      payload: { name: 'Starter pack', public: true, courses: [open.id, closed.id], org_id: org.id },
    });
    expect(created.statusCode).toBe(200);
    const collection = created.json();
    expect(collection.courses.map((c: { id: number }) => c.id)).toEqual([open.id, closed.id]);
    const anonymous = await t.inject({
      method: 'GET',
      url: `/api/v1/collections/${collection.collection_uuid}`,
    });
    expect(anonymous.json().courses.map((c: { id: number }) => c.id)).toEqual([open.id]);

    const listed = await t.inject({
      method: 'GET',
      url: `/api/v1/collections/org/${org.id}/page/1/limit/10`,
    });
    expect(listed.json()).toHaveLength(1);
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collection.collection_uuid}`,
      headers: admin.headers,
      payload: { courses: [closed.id], public: false },
    });
    expect(updated.json().courses.map((c: { id: number }) => c.id)).toEqual([closed.id]);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/collections/${collection.collection_uuid}` }))
        .statusCode,
    ).toBe(401);

    const events = (await outboxEvents(t, 'collection_created')).filter((e) => e.org_id === org.id);
    expect(events.map((e) => e.data)).toEqual([
      { collection_uuid: collection.collection_uuid, name: 'Starter pack' },
    ]);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${collection.collection_uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/collections/${collection.collection_uuid}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses courses of another organization, learners and foreign tokens', async () => {
    const org = await createOrg(t);
    const other = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const otherAdmin = await signedInUser(t, other, 'admin');
    const foreign = await course(other, asPrincipal(otherAdmin), 'Theirs', true);
    const mixed = await t.inject({
      method: 'POST',
      url: '/api/v1/collections/',
      headers: admin.headers,
      payload: { name: 'Mixed', public: true, courses: [foreign.id], org_id: org.id },
    });
    expect(mixed.statusCode).toBe(400);
    const learner = await signedInUser(t, org, 'user');
    const byLearner = await t.inject({
      method: 'POST',
      url: '/api/v1/collections/',
      headers: learner.headers,
      payload: { name: 'Mine', public: true, courses: [], org_id: org.id },
    });
    expect(byLearner.statusCode).toBe(403);
    const foreignToken = await createApiToken(t, other);
    const byToken = await t.inject({
      method: 'POST',
      url: '/api/v1/collections/',
      headers: foreignToken.headers,
      payload: { name: 'Sneaky', public: true, courses: [], org_id: org.id },
    });
    expect(byToken.statusCode).toBe(403);
  });
});
