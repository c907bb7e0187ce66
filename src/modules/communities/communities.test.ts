import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { OrgRow } from '../orgs/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  return t.inject({ method, url, headers, payload });
}

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function newCommunity(headers: Headers, org: OrgRow, body: object = {}) {
  return ok('POST', `/api/v1/communities/?org_id=${org.id}`, headers, { name: 'Study hall', ...body });
}

describe('communities', () => {
  it('create, read, list, update, delete with CommunityRead as the spec', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const community = await newCommunity(admin.headers, org, {
      description: 'Questions and answers',
      moderation_words: ['spam', ' spam ', 'scam'],
      moderation_settings: { strict: true },
    });
    expect(community).toEqual({
      name: 'Study hall',
      description: 'Questions and answers',
      public: true,
      thumbnail_image: null,
      id: expect.any(Number),
      org_id: org.id,
      course_id: null,
      community_uuid: expect.stringMatching(/^community_/),
      moderation_words: ['spam', 'scam'],
      moderation_settings: { strict: true },
      creation_date: expect.any(String),
      update_date: expect.any(String),
    });
    const updated = await ok('PUT', `/api/v1/communities/${community.community_uuid}`, admin.headers, {
      name: 'Hall',
      public: false,
      description: null,
    });
    expect(updated).toMatchObject({
      name: 'Hall',
      public: false,
      description: null,
      moderation_words: ['spam', 'scam'],
    });
    const list = await ok('GET', `/api/v1/communities/org/${org.id}/page/1/limit/10`, admin.headers);
    expect(list.map((c: { community_uuid: string }) => c.community_uuid)).toEqual([community.community_uuid]);
    const unknownCourse = await call('POST', `/api/v1/communities/?org_id=${org.id}`, admin.headers, {
      name: 'x',
      course_id: 999_999,
    });
    expect(unknownCourse.statusCode).toBe(404);

    await ok('DELETE', `/api/v1/communities/${community.community_uuid}`, admin.headers);
    expect(
      (await call('GET', `/api/v1/communities/${community.community_uuid}`, admin.headers)).statusCode,
    ).toBe(404);
  });

  it('rights: admins manage, learners read, outsiders see public ones, tokens are refused', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const open = await newCommunity(admin.headers, org, { name: 'Open' });
    const closed = await newCommunity(admin.headers, org, { name: 'Closed', public: false });

    expect(
      (await call('POST', `/api/v1/communities/?org_id=${org.id}`, learner.headers, { name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/v1/communities/${open.community_uuid}`, learner.headers, { name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/v1/communities/${closed.community_uuid}`, learner.headers)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/v1/communities/${closed.community_uuid}`, outsider.headers)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v1/communities/${closed.community_uuid}`, {})).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/v1/communities/${open.community_uuid}`, outsider.headers)).statusCode,
    ).toBe(200);
    const outsiderList = await ok(
      'GET',
      `/api/v1/communities/org/${org.id}/page/1/limit/10`,
      outsider.headers,
    );
    expect(outsiderList.map((c: { name: string }) => c.name)).toEqual(['Open']);

    const token = await createApiToken(t, org);
    const byToken = await call('GET', `/api/v1/communities/${open.community_uuid}`, token.headers);
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().detail).toBe("API tokens cannot access 'communities' resources");
    const tokenCreates = await call('POST', `/api/v1/communities/?org_id=${org.id}`, token.headers, {
      name: 'x',
    });
    expect(tokenCreates.statusCode).toBe(403);
  });
});
