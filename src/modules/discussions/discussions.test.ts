import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, outboxEvents, signedInUser } from '../../../test/factories.ts';
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

async function eventsOf(event: string, uuid: string) {
  return (await outboxEvents(t, event)).filter((row) => JSON.stringify(row.data).includes(uuid));
}

describe('discussions', () => {
  it('post, read, edit (counted), delete; discussion_posted once with the spec shape', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const other = await signedInUser(t, org, 'user');
    const community = await newCommunity(admin.headers, org);
    const discussion = await ok(
      'POST',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      learner.headers,
      {
        title: 'How do I start?',
        content: 'Where is chapter one?',
        label: 'question',
        emoji: '🤔',
      },
    );
    expect(discussion).toEqual({
      id: expect.any(Number),
      title: 'How do I start?',
      discussion_uuid: expect.stringMatching(/^discussion_/),
      upvote_count: 0,
      creation_date: expect.any(String),
      update_date: expect.any(String),
      content: 'Where is chapter one?',
      label: 'question',
      emoji: '🤔',
      community_id: community.id,
      org_id: org.id,
      author_id: learner.user.id,
      edit_count: 0,
      is_pinned: false,
      is_locked: false,
      community_uuid: community.community_uuid,
    });
    expect((await eventsOf('discussion_posted', discussion.discussion_uuid)).map((e) => e.data)).toEqual([
      {
        user: {
          user_uuid: learner.user.user_uuid,
          email: learner.user.email,
          username: learner.user.username,
        },
        discussion: { discussion_uuid: discussion.discussion_uuid, title: 'How do I start?' },
        community: { community_uuid: community.community_uuid },
      },
    ]);

    const edited = await ok('PUT', `/api/v1/discussions/${discussion.discussion_uuid}`, learner.headers, {
      content: 'Found it, thanks',
    });
    expect(edited).toMatchObject({ edit_count: 1, content: 'Found it, thanks', title: 'How do I start?' });
    const again = await ok('PUT', `/api/v1/discussions/${discussion.discussion_uuid}`, admin.headers, {
      label: 'solved',
    });
    expect(again.edit_count).toBe(2);
    const notTheirs = await call('PUT', `/api/v1/discussions/${discussion.discussion_uuid}`, other.headers, {
      title: 'x',
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/v1/discussions/${discussion.discussion_uuid}`, other.headers)).statusCode,
    ).toBe(403);

    const listed = await ok(
      'GET',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      other.headers,
    );
    expect(listed.map((d: { discussion_uuid: string }) => d.discussion_uuid)).toEqual([
      discussion.discussion_uuid,
    ]);
    await ok('DELETE', `/api/v1/discussions/${discussion.discussion_uuid}`, learner.headers);
    expect(
      (await call('GET', `/api/v1/discussions/${discussion.discussion_uuid}`, learner.headers)).statusCode,
    ).toBe(404);
  });

  it('refuses moderation words (whole words, any case) in titles, contents and comments', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const community = await newCommunity(admin.headers, org, { moderation_words: ['Casino'] });
    const url = `/api/v1/communities/${community.community_uuid}/discussions`;
    const bad = await call('POST', url, admin.headers, { title: 'Hello', content: 'Visit my CASINO today' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'content'],
      msg: 'Your content contains "Casino", which is not allowed in this community',
    });
    expect((await call('POST', url, admin.headers, { title: 'casino night' })).statusCode).toBe(422);
    const fine = await ok('POST', url, admin.headers, { title: 'Casinos in history', content: 'casinology' });
    expect((await eventsOf('discussion_posted', fine.discussion_uuid)).length).toBe(1);
    const badEdit = await call('PUT', `/api/v1/discussions/${fine.discussion_uuid}`, admin.headers, {
      title: 'casino',
    });
    expect(badEdit.statusCode).toBe(422);
    const badComment = await call(
      'POST',
      `/api/v1/discussions/${fine.discussion_uuid}/comments`,
      admin.headers,
      {
        content: 'the casino!',
      },
    );
    expect(badComment.statusCode).toBe(422);
    const all = await outboxEvents(t, 'discussion_posted');
    expect(all.filter((e) => e.data.community.community_uuid === community.community_uuid)).toHaveLength(1);
  });

  it('pin and lock by moderators (events even when unchanged); locked discussions refuse comments', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const community = await newCommunity(admin.headers, org);
    const older = await ok(
      'POST',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      learner.headers,
      {
        title: 'Older',
      },
    );
    const newer = await ok(
      'POST',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      learner.headers,
      {
        title: 'Newer',
      },
    );
    expect(
      (
        await call('PUT', `/api/v1/discussions/${older.discussion_uuid}/pin`, learner.headers, {
          is_pinned: true,
        })
      ).statusCode,
    ).toBe(403);
    const pinned = await ok('PUT', `/api/v1/discussions/${older.discussion_uuid}/pin`, admin.headers, {
      is_pinned: true,
    });
    expect(pinned.is_pinned).toBe(true);
    await ok('PUT', `/api/v1/discussions/${older.discussion_uuid}/pin`, admin.headers, { is_pinned: true });
    expect((await eventsOf('discussion_pinned', older.discussion_uuid)).map((e) => e.data)).toEqual([
      {
        discussion_uuid: older.discussion_uuid,
        title: 'Older',
        is_pinned: true,
        community_uuid: community.community_uuid,
      },
      {
        discussion_uuid: older.discussion_uuid,
        title: 'Older',
        is_pinned: true,
        community_uuid: community.community_uuid,
      },
    ]);
    const order = await ok(
      'GET',
      `/api/v1/communities/${community.community_uuid}/discussions?limit=10`,
      learner.headers,
    );
    expect(order.map((d: { title: string }) => d.title)).toEqual(['Older', 'Newer']);

    const comment = await ok(
      'POST',
      `/api/v1/discussions/${newer.discussion_uuid}/comments`,
      learner.headers,
      {
        content: 'First!',
      },
    );
    expect(comment).toEqual({
      id: expect.any(Number),
      comment_uuid: expect.stringMatching(/^comment_/),
      discussion_id: newer.id,
      discussion_uuid: newer.discussion_uuid,
      org_id: org.id,
      author_id: learner.user.id,
      content: 'First!',
      edit_count: 0,
      creation_date: expect.any(String),
      update_date: expect.any(String),
    });
    expect((await eventsOf('comment_created', comment.comment_uuid)).map((e) => e.data)).toEqual([
      {
        user: {
          user_uuid: learner.user.user_uuid,
          email: learner.user.email,
          username: learner.user.username,
        },
        comment: { comment_uuid: comment.comment_uuid },
        discussion: { discussion_uuid: newer.discussion_uuid, title: 'Newer' },
        community: { community_uuid: community.community_uuid },
      },
    ]);
    const locked = await ok('PUT', `/api/v1/discussions/${newer.discussion_uuid}/lock`, admin.headers, {
      is_locked: true,
    });
    expect(locked.is_locked).toBe(true);
    expect((await eventsOf('discussion_locked', newer.discussion_uuid)).map((e) => e.data)).toEqual([
      {
        discussion_uuid: newer.discussion_uuid,
        title: 'Newer',
        is_locked: true,
        community_uuid: community.community_uuid,
      },
    ]);
    const refused = await call(
      'POST',
      `/api/v1/discussions/${newer.discussion_uuid}/comments`,
      learner.headers,
      {
        content: 'Too late',
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(await eventsOf('comment_created', newer.discussion_uuid)).toHaveLength(1);

    const edited = await ok('PUT', `/api/v1/comments/${comment.comment_uuid}`, learner.headers, {
      content: 'First.',
    });
    expect(edited).toMatchObject({ content: 'First.', edit_count: 1 });
    const listed = await ok('GET', `/api/v1/discussions/${newer.discussion_uuid}/comments`, admin.headers);
    expect(listed.map((c: { content: string }) => c.content)).toEqual(['First.']);
    await ok('DELETE', `/api/v1/comments/${comment.comment_uuid}`, admin.headers);
    expect(await ok('GET', `/api/v1/discussions/${newer.discussion_uuid}/comments`, admin.headers)).toEqual(
      [],
    );
  });

  it('upvotes once per user: a second vote is a 400 without an event; withdrawing fires nothing', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const voter = await signedInUser(t, org, 'user');
    const community = await newCommunity(admin.headers, org);
    const discussion = await ok(
      'POST',
      `/api/v1/communities/${community.community_uuid}/discussions`,
      admin.headers,
      {
        title: 'Vote me',
      },
    );
    const vote = `/api/v1/discussions/${discussion.discussion_uuid}/vote`;
    expect((await ok('POST', vote, voter.headers)).upvote_count).toBe(1);
    expect((await ok('POST', vote, admin.headers)).upvote_count).toBe(2);
    const twice = await call('POST', vote, voter.headers);
    expect(twice.statusCode).toBe(400);
    expect((await eventsOf('discussion_vote_cast', discussion.discussion_uuid)).map((e) => e.data)).toEqual([
      { discussion_uuid: discussion.discussion_uuid, user_id: voter.user.id, upvote_count: 1 },
      { discussion_uuid: discussion.discussion_uuid, user_id: admin.user.id, upvote_count: 2 },
    ]);
    expect((await ok('DELETE', vote, voter.headers)).upvote_count).toBe(1);
    expect((await call('DELETE', vote, voter.headers)).statusCode).toBe(400);
    expect(await eventsOf('discussion_vote_cast', discussion.discussion_uuid)).toHaveLength(2);
    expect((await call('POST', vote, {})).statusCode).toBe(401);
  });

  it('outsiders read public communities but cannot post; private ones are closed; tokens refused', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const open = await newCommunity(admin.headers, org);
    const closed = await newCommunity(admin.headers, org, { public: false });
    const inOpen = await ok('POST', `/api/v1/communities/${open.community_uuid}/discussions`, admin.headers, {
      title: 'Hi',
    });
    const inClosed = await ok(
      'POST',
      `/api/v1/communities/${closed.community_uuid}/discussions`,
      admin.headers,
      {
        title: 'Secret',
      },
    );
    expect(
      (await call('GET', `/api/v1/discussions/${inOpen.discussion_uuid}`, outsider.headers)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/v1/discussions/${inOpen.discussion_uuid}`, {})).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/v1/discussions/${inClosed.discussion_uuid}`, outsider.headers)).statusCode,
    ).toBe(403);
    const post = await call(
      'POST',
      `/api/v1/communities/${open.community_uuid}/discussions`,
      outsider.headers,
      {
        title: 'Me too',
      },
    );
    expect(post.statusCode).toBe(403);
    expect(
      (await call('POST', `/api/v1/discussions/${inOpen.discussion_uuid}/vote`, outsider.headers)).statusCode,
    ).toBe(403);
    const token = await createApiToken(t, org);
    expect(
      (await call('GET', `/api/v1/discussions/${inOpen.discussion_uuid}`, token.headers)).statusCode,
    ).toBe(403);

    // Deleting the community takes its discussions with it.
    await ok('DELETE', `/api/v1/communities/${open.community_uuid}`, admin.headers);
    expect(
      (await call('GET', `/api/v1/discussions/${inOpen.discussion_uuid}`, admin.headers)).statusCode,
    ).toBe(404);
  });
});
