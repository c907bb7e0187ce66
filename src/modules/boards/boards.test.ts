import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiToken,
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

describe('boards', () => {
  it('create (board_created once; creator is owner), read, update, delete', async () => {
    const org = await createOrg(t);
    const instructor = await signedInUser(t, org, 'instructor');
    const board = await ok('POST', `/api/v1/boards/?org_id=${org.id}`, instructor.headers, {
      name: 'Brainstorm',
      description: 'Ideas',
    });
    expect(board).toEqual({
      id: expect.any(Number),
      board_uuid: expect.stringMatching(/^board_/),
      org_id: org.id,
      name: 'Brainstorm',
      description: 'Ideas',
      thumbnail_image: null,
      created_by: instructor.user.id,
      creation_date: expect.any(String),
      update_date: expect.any(String),
    });
    const events = (await outboxEvents(t, 'board_created')).filter(
      (e) => e.data.board_uuid === board.board_uuid,
    );
    expect(events.map((e) => [e.org_id, e.data])).toEqual([
      [org.id, { board_uuid: board.board_uuid, name: 'Brainstorm', created_by: instructor.user.id }],
    ]);
    const members = await ok('GET', `/api/v1/boards/${board.board_uuid}/members`, instructor.headers);
    expect(members).toMatchObject([
      { user_id: instructor.user.id, role: 'owner', user: { id: instructor.user.id } },
    ]);
    expect(members[0].user).not.toHaveProperty('email');

    const renamed = await ok('PUT', `/api/v1/boards/${board.board_uuid}`, instructor.headers, {
      name: 'Storm',
    });
    expect(renamed).toMatchObject({ name: 'Storm', description: 'Ideas' });
    await ok('DELETE', `/api/v1/boards/${board.board_uuid}`, instructor.headers);
    expect((await call('GET', `/api/v1/boards/${board.board_uuid}`, instructor.headers)).statusCode).toBe(
      404,
    );
  });

  it('members: org members only, board_member_added once, roles decide who edits and manages', async () => {
    const org = await createOrg(t);
    const owner = await signedInUser(t, org, 'instructor');
    const editor = await signedInUser(t, org, 'user');
    const viewer = await signedInUser(t, org, 'user');
    const stranger = await createUser(t, { org: await createOrg(t) });
    const board = await ok('POST', `/api/v1/boards/?org_id=${org.id}`, owner.headers, { name: 'Plan' });
    const members = `/api/v1/boards/${board.board_uuid}/members`;

    const added = await ok('POST', members, owner.headers, { user_id: editor.user.id, role: 'editor' });
    expect(added).toMatchObject({ board_uuid: board.board_uuid, user_id: editor.user.id, role: 'editor' });
    await ok('POST', members, owner.headers, { user_id: viewer.user.id, role: 'viewer' });
    const events = (await outboxEvents(t, 'board_member_added')).filter(
      (e) => e.data.board_uuid === board.board_uuid,
    );
    expect(events.map((e) => e.data)).toEqual([
      { board_uuid: board.board_uuid, user_id: editor.user.id, role: 'editor' },
      { board_uuid: board.board_uuid, user_id: viewer.user.id, role: 'viewer' },
    ]);
    expect(
      (await call('POST', members, owner.headers, { user_id: stranger.user.id, role: 'viewer' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', members, owner.headers, { user_id: viewer.user.id, role: 'editor' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', members, owner.headers, { user_id: viewer.user.id, role: 'boss' })).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', members, editor.headers, { user_id: owner.user.id, role: 'viewer' })).statusCode,
    ).toBe(403);

    expect(
      (await call('PUT', `/api/v1/boards/${board.board_uuid}`, editor.headers, { name: 'Edited' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/v1/boards/${board.board_uuid}`, viewer.headers, { name: 'No' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v1/boards/${board.board_uuid}`, viewer.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/boards/${board.board_uuid}`, editor.headers)).statusCode).toBe(403);

    const mine = await ok('GET', `/api/v1/boards/org/${org.id}`, viewer.headers);
    expect(mine.map((b: { board_uuid: string }) => b.board_uuid)).toContain(board.board_uuid);

    expect((await call('DELETE', `${members}/${owner.user.id}`, owner.headers)).statusCode).toBe(400);
    await ok('DELETE', `${members}/${viewer.user.id}`, owner.headers);
    expect((await call('DELETE', `${members}/${viewer.user.id}`, owner.headers)).statusCode).toBe(404);
    const left = await ok('GET', members, owner.headers);
    expect(left.map((m: { user_id: number }) => m.user_id).sort()).toEqual(
      [owner.user.id, editor.user.id].sort(),
    );
  });

  it('outsiders and tokens are refused; admins see every board of the org', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const owner = await signedInUser(t, org, 'instructor');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const board = await ok('POST', `/api/v1/boards/?org_id=${org.id}`, owner.headers, { name: 'Private' });
    expect((await call('GET', `/api/v1/boards/${board.board_uuid}`, outsider.headers)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/boards/${board.board_uuid}`, {})).statusCode).toBe(401);
    expect(
      (await call('POST', `/api/v1/boards/?org_id=${org.id}`, outsider.headers, { name: 'x' })).statusCode,
    ).toBe(403);
    const all = await ok('GET', `/api/v1/boards/org/${org.id}`, admin.headers);
    expect(all.map((b: { board_uuid: string }) => b.board_uuid)).toEqual([board.board_uuid]);
    await ok('DELETE', `/api/v1/boards/${board.board_uuid}`, admin.headers);

    const token = await createApiToken(t, org);
    const byToken = await call('POST', `/api/v1/boards/?org_id=${org.id}`, token.headers, { name: 'x' });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().detail).toBe("API tokens cannot access 'boards' resources");
  });
});
