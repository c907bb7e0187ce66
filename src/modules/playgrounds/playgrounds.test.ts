import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiToken,
  createOrg,
  createUser,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { OrgRow } from '../orgs/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const response = await t.inject({ method, url, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const status = async (url: string, headers: Headers = {}) =>
  (await t.inject({ method: 'GET', url, headers })).statusCode;

function newPlayground(headers: Headers, org: OrgRow, body: object = {}) {
  return ok('POST', `/api/v1/playgrounds/?org_id=${org.id}`, headers, { name: 'Canvas lab', ...body });
}

describe('playgrounds', () => {
  it('create (playground_created once), read, update, delete with PlaygroundRead as the spec', async () => {
    const org = await createOrg(t);
    const instructor = await signedInUser(t, org, 'instructor');
    const playground = await newPlayground(instructor.headers, org, {
      description: 'Draw things',
      html_content: '<canvas id="c"></canvas>',
    });
    expect(playground).toEqual({
      name: 'Canvas lab',
      id: expect.any(Number),
      org_id: org.id,
      playground_uuid: expect.stringMatching(/^playground_/),
      creation_date: expect.any(String),
      update_date: expect.any(String),
      description: 'Draw things',
      thumbnail_image: null,
      html_content: '<canvas id="c"></canvas>',
      course_uuid: null,
      org_uuid: org.org_uuid,
      org_slug: org.slug,
      author_username: instructor.user.username,
      author_first_name: instructor.user.first_name,
      author_last_name: instructor.user.last_name,
      author_user_uuid: instructor.user.user_uuid,
      author_avatar_image: instructor.user.avatar_image,
      access_type: 'authenticated',
      published: false,
      course_id: null,
      created_by: instructor.user.id,
    });
    const events = (await outboxEvents(t, 'playground_created')).filter(
      (e) => e.data.playground_uuid === playground.playground_uuid,
    );
    expect(events.map((e) => [e.org_id, e.data])).toEqual([
      [
        org.id,
        { playground_uuid: playground.playground_uuid, name: 'Canvas lab', created_by: instructor.user.id },
      ],
    ]);

    const updated = await ok('PUT', `/api/v1/playgrounds/${playground.playground_uuid}`, instructor.headers, {
      published: true,
      access_type: 'public',
      description: null,
    });
    expect(updated).toMatchObject({
      published: true,
      access_type: 'public',
      description: null,
      name: 'Canvas lab',
    });
    const badAccess = await t.inject({
      method: 'PUT',
      url: `/api/v1/playgrounds/${playground.playground_uuid}`,
      headers: instructor.headers,
      payload: { access_type: 'everyone' },
    });
    expect(badAccess.statusCode).toBe(422);
    await ok('DELETE', `/api/v1/playgrounds/${playground.playground_uuid}`, instructor.headers);
    expect(await status(`/api/v1/playgrounds/${playground.playground_uuid}`, instructor.headers)).toBe(404);
  });

  it('who reads what: drafts for editors, then public / authenticated / restricted to user groups', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const instructor = await signedInUser(t, org, 'instructor');
    const learner = await signedInUser(t, org, 'user');
    const grouped = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'user');
    const draft = await newPlayground(instructor.headers, org, { name: 'Draft' });
    const open = await newPlayground(instructor.headers, org, {
      name: 'Open',
      published: true,
      access_type: 'public',
    });
    const signedIn = await newPlayground(instructor.headers, org, { name: 'Signed in', published: true });
    const restricted = await newPlayground(instructor.headers, org, {
      name: 'Restricted',
      published: true,
      access_type: 'restricted',
    });
    const group = await ok('POST', '/api/v1/usergroups/', admin.headers, { name: 'Cohort', org_id: org.id });
    await ok('POST', `/api/v1/usergroups/${group.id}/add_users?user_ids=${grouped.user.id}`, admin.headers);
    await ok(
      'POST',
      `/api/v1/usergroups/${group.id}/add_resources?resource_uuids=${restricted.playground_uuid}`,
      admin.headers,
    );

    const url = (p: { playground_uuid: string }) => `/api/v1/playgrounds/${p.playground_uuid}`;
    expect(await status(url(draft), instructor.headers)).toBe(200);
    expect(await status(url(draft), admin.headers)).toBe(200);
    expect(await status(url(draft), learner.headers)).toBe(403);
    expect(await status(url(open))).toBe(200);
    expect(await status(url(signedIn))).toBe(401);
    expect(await status(url(signedIn), outsider.headers)).toBe(200);
    expect(await status(url(restricted), learner.headers)).toBe(403);
    expect(await status(url(restricted), grouped.headers)).toBe(200);

    const names = async (headers: Headers) =>
      (await ok('GET', `/api/v1/playgrounds/org/${org.id}`, headers))
        .map((p: { name: string }) => p.name)
        .sort();
    expect(await names(admin.headers)).toEqual(['Draft', 'Open', 'Restricted', 'Signed in']);
    expect(await names(learner.headers)).toEqual(['Open', 'Signed in']);
    expect(await names(grouped.headers)).toEqual(['Open', 'Restricted', 'Signed in']);
    expect(await names({})).toEqual(['Open']);

    // Creating needs playgrounds.action_create; editing someone else's needs the org-wide right.
    const learnerCreates = await t.inject({
      method: 'POST',
      url: `/api/v1/playgrounds/?org_id=${org.id}`,
      headers: learner.headers,
      payload: { name: 'x' },
    });
    expect(learnerCreates.statusCode).toBe(403);
    const otherInstructor = await signedInUser(t, org, 'instructor');
    const foreignEdit = await t.inject({
      method: 'PUT',
      url: url(open),
      headers: otherInstructor.headers,
      payload: { name: 'mine' },
    });
    expect(foreignEdit.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: url(open), headers: admin.headers, payload: { name: 'Open!' } }))
        .statusCode,
    ).toBe(200);
    const outsiderDeletes = await t.inject({ method: 'DELETE', url: url(open), headers: outsider.headers });
    expect(outsiderDeletes.statusCode).toBe(403);
  });

  it('refuses API tokens and foreign courses', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    await createUser(t, { org });
    const token = await createApiToken(t, org);
    const byToken = await t.inject({
      method: 'POST',
      url: `/api/v1/playgrounds/?org_id=${org.id}`,
      headers: token.headers,
      payload: { name: 'x' },
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().detail).toBe("API tokens cannot access 'playgrounds' resources");
    const badCourse = await t.inject({
      method: 'POST',
      url: `/api/v1/playgrounds/?org_id=${org.id}`,
      headers: admin.headers,
      payload: { name: 'x', course_id: 123_456 },
    });
    expect(badCourse.statusCode).toBe(404);
  });
});
