import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiToken,
  createChapter,
  createCourse,
  createOrg,
  createUser,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user groups', () => {
  it('create, read, update, add/remove members, delete — each event once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const a = await createUser(t, { org });
    const b = await createUser(t, { org });
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/usergroups/',
      headers: admin.headers,
      payload: { name: 'Cohort', description: 'Spring', org_id: org.id },
    });
    expect(created.statusCode).toBe(200);
    const group = created.json();
    expect(group.usergroup_uuid).toMatch(/^usergroup_/);

    const renamed = await t.inject({
      method: 'PUT',
      url: `/api/v1/usergroups/${group.id}`,
      headers: admin.headers,
      payload: { name: 'Cohort 2026' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Cohort 2026', description: 'Spring' });

    const add = await t.inject({
      method: 'POST',
      url: `/api/v1/usergroups/${group.id}/add_users?user_ids=${a.user.id},${b.user.id}`,
      headers: admin.headers,
    });
    expect(add.statusCode).toBe(200);
    const members = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/${group.id}/users`,
      headers: admin.headers,
    });
    expect(
      members
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([a.user.id, b.user.id].sort());
    await t.inject({
      method: 'DELETE',
      url: `/api/v1/usergroups/${group.id}/remove_users?user_ids=${a.user.id}`,
      headers: admin.headers,
    });
    const after = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/${group.id}/users`,
      headers: admin.headers,
    });
    expect(after.json().map((u: { id: number }) => u.id)).toEqual([b.user.id]);

    const stranger = await createUser(t, { org: await createOrg(t) });
    const foreignMember = await t.inject({
      method: 'POST',
      url: `/api/v1/usergroups/${group.id}/add_users?user_ids=${stranger.user.id}`,
      headers: admin.headers,
    });
    expect(foreignMember.statusCode).toBe(400);

    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/usergroups/${group.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/usergroups/${group.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);

    const events = (await outboxEvents(t)).filter((e) => e.org_id === org.id).map((e) => [e.event, e.data]);
    expect(events).toEqual([
      ['usergroup_created', { usergroup_uuid: group.usergroup_uuid, name: 'Cohort' }],
      [
        'usergroup_users_added',
        { usergroup_id: group.id, usergroup_uuid: group.usergroup_uuid, user_ids: [a.user.id, b.user.id] },
      ],
      ['usergroup_deleted', { usergroup_uuid: group.usergroup_uuid, name: 'Cohort 2026' }],
    ]);
  });

  it('learners read but cannot change; other organizations cannot touch; tokens use their rights', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const group = (
      await t.inject({
        method: 'POST',
        url: '/api/v1/usergroups/',
        headers: admin.headers,
        payload: { name: 'G', org_id: org.id },
      })
    ).json();
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/usergroups/${group.id}`, headers: learner.headers }))
        .statusCode,
    ).toBe(200);
    const learnerEdit = await t.inject({
      method: 'PUT',
      url: `/api/v1/usergroups/${group.id}`,
      headers: learner.headers,
      payload: { name: 'x' },
    });
    expect(learnerEdit.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/usergroups/${group.id}`, headers: outsider.headers }))
        .statusCode,
    ).toBe(403);
    const crossCreate = await t.inject({
      method: 'POST',
      url: '/api/v1/usergroups/',
      headers: outsider.headers,
      payload: { name: 'Intruder', org_id: org.id },
    });
    expect(crossCreate.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/v1/usergroups/${group.id}` })).statusCode).toBe(401);

    const writer = await createApiToken(t, org, {
      usergroups: { action_create: true, action_read: true, action_update: true, action_delete: true },
    });
    const viaToken = await t.inject({
      method: 'POST',
      url: '/api/v1/usergroups/',
      headers: writer.headers,
      payload: { name: 'From CI', org_id: org.id },
    });
    expect(viaToken.statusCode).toBe(200);
    const otherToken = await createApiToken(t, await createOrg(t));
    const crossToken = await t.inject({
      method: 'DELETE',
      url: `/api/v1/usergroups/${group.id}`,
      headers: otherToken.headers,
    });
    expect(crossToken.statusCode).toBe(403);
  });

  it('links resources of its organization (usergroup_resources_added once), lists and unlinks them', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, admin.headers);
    const chapter = await createChapter(t, course, admin.headers);
    const otherOrg = await createOrg(t);
    const otherAdmin = await signedInUser(t, otherOrg, 'admin');
    const strangerCourse = await createCourse(t, otherOrg, otherAdmin.headers);
    const group = (
      await t.inject({
        method: 'POST',
        url: '/api/v1/usergroups/',
        headers: admin.headers,
        payload: { name: 'Readers', org_id: org.id },
      })
    ).json();
    const base = `/api/v1/usergroups/${group.id}`;
    const resources = async () =>
      (await t.inject({ method: 'GET', url: `${base}/resources`, headers: admin.headers })).json();

    const added = await t.inject({
      method: 'POST',
      url: `${base}/add_resources?resource_uuids=${course.course_uuid},${chapter.chapter_uuid},${course.course_uuid}`,
      headers: admin.headers,
    });
    expect(added.statusCode).toBe(200);
    expect((await resources()).sort()).toEqual([course.course_uuid, chapter.chapter_uuid].sort());
    const events = (await outboxEvents(t, 'usergroup_resources_added')).filter((e) => e.org_id === org.id);
    expect(events.map((e) => e.data)).toEqual([
      {
        usergroup_id: group.id,
        usergroup_uuid: group.usergroup_uuid,
        resource_uuids: [course.course_uuid, chapter.chapter_uuid],
      },
    ]);

    // Another organization's course cannot be linked, and nothing of the call is kept.
    const foreign = await t.inject({
      method: 'POST',
      url: `${base}/add_resources?resource_uuids=${strangerCourse.course_uuid}`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const learner = await signedInUser(t, org, 'user');
    const byLearner = await t.inject({
      method: 'POST',
      url: `${base}/add_resources?resource_uuids=${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(byLearner.statusCode).toBe(403);

    const removed = await t.inject({
      method: 'DELETE',
      url: `${base}/remove_resources?resource_uuids=${chapter.chapter_uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await resources()).toEqual([course.course_uuid]);
    expect(
      (await outboxEvents(t, 'usergroup_resources_added')).filter((e) => e.org_id === org.id),
    ).toHaveLength(1);
  });

  it('linking unknown resources is refused', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const group = (
      await t.inject({
        method: 'POST',
        url: '/api/v1/usergroups/',
        headers: admin.headers,
        payload: { name: 'G', org_id: org.id },
      })
    ).json();
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/usergroups/${group.id}/add_resources?resource_uuids=course_does-not-exist`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
