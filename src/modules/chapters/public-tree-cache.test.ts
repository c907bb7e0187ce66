/**
 * Anonymous readers get the course tree from memory; every kind of change to the tree must
 * still show on the very next read (the triggers of migration 0700 bump tree_version).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createChapter,
  createCourse,
  createOrg,
  createUser,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anonymousTree(courseUuid: string, slim = true) {
  const response = await t.inject({ method: 'GET', url: `/api/v1/courses/${courseUuid}/meta?slim=${slim}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const names = (tree: { chapters: { name: string; activities: { name: string }[] }[] }) =>
  tree.chapters.map((chapter) => [chapter.name, chapter.activities.map((activity) => activity.name)]);

describe('public course tree served from memory', () => {
  it('shows every change to the tree on the next anonymous read', async () => {
    const org = await createOrg(t);
    const editor = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, editor.headers, { name: 'Cached' });
    await publishCourse(t, course, editor.headers);
    const first = await createChapter(t, course, editor.headers, { name: 'One' });
    const activity = await createActivity(t, first, editor.headers, { name: 'A' });
    expect(names(await anonymousTree(course.course_uuid))).toEqual([['One', ['A']]]);
    expect(names(await anonymousTree(course.course_uuid))).toEqual([['One', ['A']]]);

    const second = await createChapter(t, course, editor.headers, { name: 'Two' });
    expect(names(await anonymousTree(course.course_uuid))).toEqual([
      ['One', ['A']],
      ['Two', []],
    ]);

    const put = (url: string, payload: object) =>
      t.inject({ method: 'PUT', url, headers: editor.headers, payload });
    expect(
      (await put(`/api/v1/activities/${activity.activity_uuid}`, { name: 'A renamed' })).statusCode,
    ).toBe(200);
    expect(names(await anonymousTree(course.course_uuid))).toEqual([
      ['One', ['A renamed']],
      ['Two', []],
    ]);

    const order = await put(`/api/v1/chapters/course/${course.course_uuid}/order`, {
      chapter_order_by_ids: [
        { chapter_id: second.id, activities_order_by_ids: [{ activity_id: activity.id }] },
        { chapter_id: first.id, activities_order_by_ids: [] },
      ],
    });
    expect(order.statusCode).toBe(200);
    expect(names(await anonymousTree(course.course_uuid))).toEqual([
      ['Two', ['A renamed']],
      ['One', []],
    ]);

    expect((await put(`/api/v1/chapters/${first.id}`, { lock_type: 'authenticated' })).statusCode).toBe(200);
    const locked = await anonymousTree(course.course_uuid);
    expect(locked.chapters[1].is_locked).toBe(true);

    const full = await anonymousTree(course.course_uuid, false);
    expect(full.chapters[0].activities[0].content).toEqual({ note: 'hello' });
    await put(`/api/v1/activities/${activity.activity_uuid}`, { content: { note: 'changed' } });
    expect((await anonymousTree(course.course_uuid, false)).chapters[0].activities[0].content).toEqual({
      note: 'changed',
    });

    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/v1/activities/${activity.activity_uuid}`,
      headers: editor.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(names(await anonymousTree(course.course_uuid))).toEqual([
      ['Two', []],
      ['One', []],
    ]);
  });

  it('follows course fields, authors and visibility', async () => {
    const org = await createOrg(t);
    const editor = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, editor.headers, { name: 'Before' });
    await publishCourse(t, course, editor.headers);
    expect((await anonymousTree(course.course_uuid)).name).toBe('Before');
    await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}`,
      headers: editor.headers,
      payload: { name: 'After' },
    });
    expect((await anonymousTree(course.course_uuid)).name).toBe('After');

    const contributor = await createUser(t, { org });
    const added = await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: editor.headers,
      payload: [contributor.user.username],
    });
    expect(added.statusCode).toBe(200);
    const authors = (await anonymousTree(course.course_uuid)).authors.map(
      (author: { user: { username: string } }) => author.user.username,
    );
    expect(authors).toContain(contributor.user.username);

    await publishCourse(t, course, editor.headers, { public: false });
    const hidden = await t.inject({ method: 'GET', url: `/api/v1/courses/${course.course_uuid}/meta` });
    expect(hidden.statusCode).toBe(401);
  });

  it('sends the bytes the uncached path builds, with an entity tag that a revalidation answers with 304', async () => {
    const org = await createOrg(t);
    const editor = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, editor.headers, { name: 'Tagged' });
    await publishCourse(t, course, editor.headers);
    const chapter = await createChapter(t, course, editor.headers, { name: 'One' });
    await createActivity(t, chapter, editor.headers, { name: 'A' });
    const url = `/api/v1/courses/${course.course_uuid}/meta`;
    const anonymous = (headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

    await anonymous();
    const cached = await anonymous();
    // A signed-in reader from another organization sees the same tree, built afresh for every read.
    const outsider = await signedInUser(t, await createOrg(t));
    const uncached = await t.inject({ method: 'GET', url, headers: outsider.headers });
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(uncached.rawPayload)).toBe(true);
    const etag = cached.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(uncached.headers.etag).toBe(etag);

    const revalidated = await anonymous({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    await createActivity(t, chapter, editor.headers, { name: 'B' });
    const changed = await anonymous({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(names(changed.json())).toEqual([['One', ['A', 'B']]]);
  });

  it('shows a change to every read that arrives together right after it', async () => {
    const org = await createOrg(t);
    const editor = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, editor.headers, { name: 'Busy' });
    await publishCourse(t, course, editor.headers);
    await createChapter(t, course, editor.headers, { name: 'One' });
    await Promise.all(Array.from({ length: 5 }, () => anonymousTree(course.course_uuid)));

    await createChapter(t, course, editor.headers, { name: 'Two' });
    const trees = await Promise.all(Array.from({ length: 5 }, () => anonymousTree(course.course_uuid)));
    for (const tree of trees)
      expect(names(tree)).toEqual([
        ['One', []],
        ['Two', []],
      ]);
  });
});
