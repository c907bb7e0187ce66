/**
 * The search index is written in the same transaction as each resource: edits, renames,
 * unpublishing, deletions (a community takes its discussions along) and leaving the
 * organization show up in the very next search, for every resource type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { OrgRow } from '../orgs/service.ts';

type Headers = Record<string, string>;

let t: TestApp;
let org: OrgRow;
let admin: Headers;
let learner: Headers;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  admin = (await signedInUser(t, org, 'admin')).headers;
  learner = (await signedInUser(t, org, 'user')).headers;
});
afterAll(() => t.close());

async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) {
  const response = await t.inject({ method, url, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The non-zero totals of a search, e.g. `{ total_discussions: 1 }`. */
async function totals(query: string, headers = learner) {
  const response = await t.inject({
    method: 'GET',
    url: `/api/v1/search/org_slug/${org.slug}?query=${encodeURIComponent(query)}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    Object.entries(response.json() as Record<string, unknown>).filter(
      ([key, value]) => key.startsWith('total_') && value !== 0,
    ),
  );
}

describe('the search index follows every write', () => {
  it('discussions: an edit replaces the old words; deleting the community removes its discussions', async () => {
    const community = await ok('POST', `/api/v1/communities/?org_id=${org.id}`, admin, {
      name: 'Alpine club',
    });
    const discussion = await ok(
      'POST',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      learner,
      { title: 'Bivouac tips', content: 'carabiner care' },
    );
    expect(await totals('bivouac')).toEqual({ total_discussions: 1 });
    expect(await totals('carabiner')).toEqual({ total_discussions: 1 });

    await ok('PUT', `/api/v1/discussions/${discussion.discussion_uuid}`, learner, {
      title: 'Descent tips',
      content: 'rappel practice',
    });
    expect(await totals('bivouac')).toEqual({});
    expect(await totals('carabiner')).toEqual({});
    expect(await totals('descent rappel')).toEqual({ total_discussions: 1 });

    await ok('DELETE', `/api/v1/communities/${community.community_uuid}`, admin);
    expect(await totals('descent', admin)).toEqual({});
    expect(await totals('alpine', admin)).toEqual({});
  });

  it('playgrounds: renamed, unpublished, deleted', async () => {
    const lab = await ok('POST', `/api/v1/playgrounds/?org_id=${org.id}`, admin, {
      name: 'Fractal lab',
      description: 'mandelbrot toys',
      published: true,
      access_type: 'public',
    });
    expect(await totals('mandelbrot')).toEqual({ total_playgrounds: 1 });
    await ok('PUT', `/api/v1/playgrounds/${lab.playground_uuid}`, admin, { name: 'Gravity lab' });
    expect(await totals('fractal')).toEqual({});
    expect(await totals('gravity')).toEqual({ total_playgrounds: 1 });
    await ok('PUT', `/api/v1/playgrounds/${lab.playground_uuid}`, admin, { published: false });
    expect(await totals('gravity')).toEqual({});
    expect(await totals('gravity', admin)).toEqual({ total_playgrounds: 1 });
    await ok('DELETE', `/api/v1/playgrounds/${lab.playground_uuid}`, admin);
    expect(await totals('gravity', admin)).toEqual({});
  });

  it('podcasts and folders: renamed and deleted', async () => {
    const podcast = await ok('POST', `/api/v1/podcasts/?org_id=${org.id}`, admin, {
      name: 'Harbour stories',
      tags: 'lighthouse',
      published: true,
    });
    expect(await totals('lighthouse')).toEqual({ total_podcasts: 1 });
    await ok('PUT', `/api/v1/podcasts/${podcast.podcast_uuid}`, admin, { name: 'Island stories' });
    expect(await totals('harbour')).toEqual({});
    expect(await totals('island')).toEqual({ total_podcasts: 1 });
    await ok('DELETE', `/api/v1/podcasts/${podcast.podcast_uuid}`, admin);
    expect(await totals('island', admin)).toEqual({});

    const folder = await ok('POST', '/api/v1/folders/', admin, {
      name: 'Juniper folder',
      description: 'kestrel notes',
      org_id: org.id,
    });
    await ok('PUT', `/api/v1/folders/${folder.folder_uuid}`, admin, { name: 'Lantern folder' });
    expect(await totals('juniper')).toEqual({});
    expect(await totals('lantern kestrel')).toEqual({ total_folders: 1 });
  });

  it('users: a member who leaves the organization is no longer found', async () => {
    const member = await createUser(t, { org, username: 'meridian_walker' });
    expect(await totals('meridian')).toEqual({ total_users: 1 });
    await ok('DELETE', `/api/v1/orgs/${org.id}/users/${member.user.id}`, admin);
    expect(await totals('meridian')).toEqual({});
  });
});
