import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, outboxEvents, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { OrgRow } from '../orgs/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CRUD = { action_create: true, action_read: true, action_update: true, action_delete: true };
const READ_ONLY = { action_create: false, action_read: true, action_update: false, action_delete: false };

async function post(headers: Record<string, string>, url: string, payload: object) {
  const response = await t.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function newFolder(headers: Record<string, string>, org: OrgRow, extra: object = {}) {
  return post(headers, '/api/v1/folders/', { name: `Folder ${Math.random()}`, org_id: org.id, ...extra });
}

async function eventsFor(event: string, key: string, value: string) {
  return (await outboxEvents(t, event)).filter((row) => row.data[key] === value);
}

describe('folders', () => {
  it('create, read, update, delete: FolderRead as the spec, each event once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const folder = await newFolder(admin.headers, org, { name: 'Semester 1', description: 'First term' });
    expect(folder).toEqual({
      name: 'Semester 1',
      public: true,
      description: 'First term',
      thumbnail_image: null,
      color: 'violet',
      id: expect.any(Number),
      org_id: org.id,
      folder_uuid: expect.stringMatching(/^folder_/),
      parent_folder_id: null,
      order: 0,
      creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      update_date: expect.any(String),
      total_items: 0,
      subfolders: [],
      items: [],
      breadcrumbs: [{ folder_uuid: folder.folder_uuid, name: 'Semester 1' }],
    });
    const created = await eventsFor('folder_created', 'folder_uuid', folder.folder_uuid);
    expect(created.map((e) => [e.org_id, e.data])).toEqual([
      [org.id, { folder_uuid: folder.folder_uuid, name: 'Semester 1' }],
    ]);

    const updated = await t.inject({
      method: 'PUT',
      url: `/api/v1/folders/${folder.folder_uuid}`,
      headers: admin.headers,
      payload: { name: 'Term 1', color: 'teal', public: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Term 1',
      color: 'teal',
      public: false,
      description: 'First term',
    });
    expect((await eventsFor('folder_updated', 'folder_uuid', folder.folder_uuid)).map((e) => e.data)).toEqual(
      [{ folder_uuid: folder.folder_uuid, name: 'Term 1' }],
    );

    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/folders/${folder.folder_uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await eventsFor('folder_deleted', 'folder_uuid', folder.folder_uuid)).map((e) => e.data)).toEqual(
      [{ folder_uuid: folder.folder_uuid, name: 'Term 1' }],
    );
    const gone = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${folder.folder_uuid}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('nests subfolders recursively with breadcrumbs, lists roots and pages, refuses cycles', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const root = await newFolder(admin.headers, org, { name: 'Root' });
    const child = await newFolder(admin.headers, org, { name: 'Child', parent_folder_id: root.id });
    const sibling = await newFolder(admin.headers, org, { name: 'Sibling', parent_folder_id: root.id });
    const grandchild = await newFolder(admin.headers, org, {
      name: 'Grandchild',
      parent_folder_id: child.id,
    });
    expect(sibling.order).toBe(1);
    expect(grandchild.breadcrumbs.map((b: { name: string }) => b.name)).toEqual([
      'Root',
      'Child',
      'Grandchild',
    ]);

    const roots = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/org/${org.id}/root`,
      headers: admin.headers,
    });
    expect(roots.statusCode).toBe(200);
    const [tree] = roots.json();
    expect(roots.json()).toHaveLength(1);
    expect(tree.subfolders.map((f: { name: string }) => f.name)).toEqual(['Child', 'Sibling']);
    expect(tree.subfolders[0].subfolders[0]).toMatchObject({
      name: 'Grandchild',
      parent_folder_id: child.id,
    });

    const page = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/org/${org.id}/page/2/limit/2`,
      headers: admin.headers,
    });
    expect(page.json().map((f: { name: string }) => f.name)).toEqual(['Sibling', 'Grandchild']);

    const cycle = await t.inject({
      method: 'PUT',
      url: `/api/v1/folders/${root.folder_uuid}`,
      headers: admin.headers,
      payload: { parent_folder_id: grandchild.id },
    });
    expect(cycle.statusCode).toBe(400);

    const otherOrg = await createOrg(t);
    const otherAdmin = await signedInUser(t, otherOrg, 'admin');
    const foreign = await newFolder(otherAdmin.headers, otherOrg);
    const crossOrg = await t.inject({
      method: 'POST',
      url: '/api/v1/folders/',
      headers: admin.headers,
      payload: { name: 'x', org_id: org.id, parent_folder_id: foreign.id },
    });
    expect(crossOrg.statusCode).toBe(404);

    const moved = await t.inject({
      method: 'PUT',
      url: `/api/v1/folders/${grandchild.folder_uuid}`,
      headers: admin.headers,
      payload: { parent_folder_id: null },
    });
    expect(moved.json()).toMatchObject({ parent_folder_id: null, order: 1 });

    // Deleting a folder takes its subfolders with it, one event each.
    await t.inject({ method: 'DELETE', url: `/api/v1/folders/${root.folder_uuid}`, headers: admin.headers });
    for (const each of [root, child, sibling]) {
      expect(await eventsFor('folder_deleted', 'folder_uuid', each.folder_uuid)).toHaveLength(1);
    }
    const left = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/org/${org.id}/root`,
      headers: admin.headers,
    });
    expect(left.json().map((f: { name: string }) => f.name)).toEqual(['Grandchild']);
  });

  it('holds ordered items pointing at other resources; moves them within and across folders', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const podcast = await post(admin.headers, `/api/v1/podcasts/?org_id=${org.id}`, {
      name: 'Radio',
      published: true,
    });
    const community = await post(admin.headers, `/api/v1/communities/?org_id=${org.id}`, { name: 'Forum' });
    const board = await post(admin.headers, `/api/v1/boards/?org_id=${org.id}`, { name: 'Sketches' });
    const folder = await newFolder(admin.headers, org);
    const other = await newFolder(admin.headers, org);
    const content = `/api/v1/folders/${folder.folder_uuid}/content`;

    await post(admin.headers, content, { resource_uuid: podcast.podcast_uuid, resource_type: 'podcast' });
    await post(admin.headers, content, { resource_uuid: board.board_uuid, resource_type: 'board' });
    const withThree = await post(admin.headers, content, {
      resource_uuid: community.community_uuid,
      resource_type: 'community',
      position: 0,
    });
    expect(withThree.total_items).toBe(3);
    expect(
      withThree.items.map((i: { resource_type: string; position: number }) => [i.resource_type, i.position]),
    ).toEqual([
      ['community', 0],
      ['podcast', 1],
      ['board', 2],
    ]);
    expect(withThree.items[0].resource).toMatchObject({
      community_uuid: community.community_uuid,
      name: 'Forum',
    });
    expect(withThree.items[1].resource).toMatchObject({ podcast_uuid: podcast.podcast_uuid, name: 'Radio' });

    const wrongType = await t.inject({
      method: 'POST',
      url: `/api/v1/folders/${other.folder_uuid}/content`,
      headers: admin.headers,
      payload: { resource_uuid: podcast.podcast_uuid, resource_type: 'course' },
    });
    expect(wrongType.statusCode).toBe(422);
    const twice = await t.inject({
      method: 'POST',
      url: content,
      headers: admin.headers,
      payload: { resource_uuid: podcast.podcast_uuid, resource_type: 'podcast' },
    });
    expect(twice.statusCode).toBe(409);
    const unknown = await t.inject({
      method: 'POST',
      url: content,
      headers: admin.headers,
      payload: { resource_uuid: 'podcast_missing', resource_type: 'podcast' },
    });
    expect(unknown.statusCode).toBe(404);
    const otherOrg = await createOrg(t);
    const otherAdmin = await signedInUser(t, otherOrg, 'admin');
    const foreignPodcast = await post(otherAdmin.headers, `/api/v1/podcasts/?org_id=${otherOrg.id}`, {
      name: 'x',
    });
    const foreign = await t.inject({
      method: 'POST',
      url: content,
      headers: admin.headers,
      payload: { resource_uuid: foreignPodcast.podcast_uuid, resource_type: 'podcast' },
    });
    expect(foreign.statusCode).toBe(404);

    const reordered = await post(admin.headers, `${content}/move`, {
      resource_uuid: board.board_uuid,
      position: 0,
    });
    expect(reordered.items.map((i: { resource_type: string }) => i.resource_type)).toEqual([
      'board',
      'community',
      'podcast',
    ]);
    const movedAway = await post(admin.headers, `${content}/move`, {
      resource_uuid: community.community_uuid,
      target_folder_uuid: other.folder_uuid,
    });
    expect(movedAway.folder_uuid).toBe(other.folder_uuid);
    expect(movedAway.items.map((i: { resource_uuid: string }) => i.resource_uuid)).toEqual([
      community.community_uuid,
    ]);

    const removed = await t.inject({
      method: 'DELETE',
      url: content,
      headers: admin.headers,
      payload: { resource_uuid: board.board_uuid },
    });
    expect(
      removed
        .json()
        .items.map((i: { resource_type: string; position: number }) => [i.resource_type, i.position]),
    ).toEqual([['podcast', 0]]);

    // Deleting a resource takes it out of every folder.
    await t.inject({
      method: 'DELETE',
      url: `/api/v1/podcasts/${podcast.podcast_uuid}`,
      headers: admin.headers,
    });
    const after = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${folder.folder_uuid}`,
      headers: admin.headers,
    });
    expect(after.json()).toMatchObject({ total_items: 0, items: [] });
  });

  it('rights: learners read, outsiders see public folders and public items only, tokens by their folders rights', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const open = await newFolder(admin.headers, org, { name: 'Open' });
    const closed = await newFolder(admin.headers, org, { name: 'Closed', public: false });
    await newFolder(admin.headers, org, { name: 'Hidden child', parent_folder_id: open.id, public: false });
    const draft = await post(admin.headers, `/api/v1/podcasts/?org_id=${org.id}`, { name: 'Draft' });
    const live = await post(admin.headers, `/api/v1/podcasts/?org_id=${org.id}`, {
      name: 'Live',
      published: true,
    });
    for (const podcast of [draft, live]) {
      await post(admin.headers, `/api/v1/folders/${open.folder_uuid}/content`, {
        resource_uuid: podcast.podcast_uuid,
        resource_type: 'podcast',
      });
    }

    const asLearner = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${closed.folder_uuid}`,
      headers: learner.headers,
    });
    expect(asLearner.statusCode).toBe(200);
    const learnerCreates = await t.inject({
      method: 'POST',
      url: '/api/v1/folders/',
      headers: learner.headers,
      payload: { name: 'mine', org_id: org.id },
    });
    expect(learnerCreates.statusCode).toBe(403);

    const outsiderOpen = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${open.folder_uuid}`,
      headers: outsider.headers,
    });
    expect(outsiderOpen.statusCode).toBe(200);
    expect(outsiderOpen.json().subfolders).toEqual([]);
    expect(outsiderOpen.json().items.map((i: { resource_uuid: string }) => i.resource_uuid)).toEqual([
      live.podcast_uuid,
    ]);
    const memberOpen = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${open.folder_uuid}`,
      headers: learner.headers,
    });
    expect(memberOpen.json()).toMatchObject({ total_items: 2, subfolders: [{ name: 'Hidden child' }] });
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/folders/${closed.folder_uuid}`,
          headers: outsider.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/v1/folders/${closed.folder_uuid}` })).statusCode).toBe(
      401,
    );
    expect((await t.inject({ method: 'GET', url: `/api/v1/folders/${open.folder_uuid}` })).statusCode).toBe(
      200,
    );
    const outsiderList = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/org/${org.id}/root`,
      headers: outsider.headers,
    });
    expect(outsiderList.json().map((f: { name: string }) => f.name)).toEqual(['Open']);
    const outsiderEdit = await t.inject({
      method: 'PUT',
      url: `/api/v1/folders/${open.folder_uuid}`,
      headers: outsider.headers,
      payload: { name: 'mine now' },
    });
    expect(outsiderEdit.statusCode).toBe(403);

    const token = await createApiToken(t, org, { folders: CRUD });
    const byToken = await post(token.headers, '/api/v1/folders/', { name: 'From CI', org_id: org.id });
    expect(byToken.org_id).toBe(org.id);
    const tokenReads = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${closed.folder_uuid}`,
      headers: token.headers,
    });
    expect(tokenReads.statusCode).toBe(200);
    const readOnly = await createApiToken(t, org, { folders: READ_ONLY });
    const readOnlyCreates = await t.inject({
      method: 'POST',
      url: '/api/v1/folders/',
      headers: readOnly.headers,
      payload: { name: 'no', org_id: org.id },
    });
    expect(readOnlyCreates.statusCode).toBe(403);
    const noFolders = await createApiToken(t, org, { search: READ_ONLY });
    const noFoldersReads = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/${open.folder_uuid}`,
      headers: noFolders.headers,
    });
    expect(noFoldersReads.statusCode).toBe(403);
    const foreignToken = await createApiToken(t, await createOrg(t), { folders: CRUD });
    const crossOrg = await t.inject({
      method: 'DELETE',
      url: `/api/v1/folders/${closed.folder_uuid}`,
      headers: foreignToken.headers,
    });
    expect(crossOrg.statusCode).toBe(403);
    const crossOrgCreate = await t.inject({
      method: 'POST',
      url: '/api/v1/folders/',
      headers: foreignToken.headers,
      payload: { name: 'x', org_id: org.id },
    });
    expect(crossOrgCreate.statusCode).toBe(403);
  });

  it('validates input (422)', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const noName = await t.inject({
      method: 'POST',
      url: '/api/v1/folders/',
      headers: admin.headers,
      payload: { org_id: org.id },
    });
    expect(noName.statusCode).toBe(422);
    const badPage = await t.inject({
      method: 'GET',
      url: `/api/v1/folders/org/${org.id}/page/0/limit/10`,
      headers: admin.headers,
    });
    expect(badPage.statusCode).toBe(422);
  });
});
