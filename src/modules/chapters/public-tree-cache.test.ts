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
});
