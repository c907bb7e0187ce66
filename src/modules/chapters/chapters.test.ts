/**
 * Chapters over HTTP: create/get/update/delete, creation order, and the order call that
 * replaces a course's tree (listed order applied, omitted items unlinked but kept, foreign
 * ids refused with nothing changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createChapter,
  createCourse,
  createOrg,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
type Headers = Record<string, string>;

async function meta(courseUuid: string, headers: Headers) {
  const response = await t.inject({
    method: 'GET',
    url: `/api/v1/courses/${courseUuid}/meta?with_unpublished_activities=true`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The tree as [chapter id, [activity ids]] pairs. */
async function tree(courseUuid: string, headers: Headers) {
  return (await meta(courseUuid, headers)).chapters.map(
    (chapter: { id: number; activities: { id: number }[] }) => [
      chapter.id,
      chapter.activities.map((a) => a.id),
    ],
  );
}

function order(courseUuid: string, headers: Headers, chapters: [number, number[]][]) {
  return t.inject({
    method: 'PUT',
    url: `/api/v1/chapters/course/${courseUuid}/order`,
    headers,
    payload: {
      chapter_order_by_ids: chapters.map(([chapterId, activityIds]) => ({
        chapter_id: chapterId,
        activities_order_by_ids: activityIds.map((id) => ({ activity_id: id })),
      })),
    },
  });
}

describe('POST /chapters/', () => {
  it('returns a ChapterRead with no activities, at the end of the course', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, admin.headers);
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/chapters/',
      headers: admin.headers,
      payload: { name: '  Basics ', course_id: course.id, org_id: org.id, description: 'First steps' },
    });
    expect(response.statusCode).toBe(200);
    const chapter = response.json();
    expect(chapter).toEqual({
      id: expect.any(Number),
      chapter_uuid: expect.stringMatching(/^chapter_[0-9a-f-]{36}$/),
      name: 'Basics',
      description: 'First steps',
      thumbnail_image: '',
      course_id: course.id,
      org_id: org.id,
      lock_type: 'public',
      is_locked: false,
      extra_metadata: null,
      activities: [],
      creation_date: expect.stringMatching(DATE),
      update_date: expect.stringMatching(DATE),
    });
    const second = await createChapter(t, course, admin.headers, { lock_type: 'authenticated' });
    expect(second.lock_type).toBe('authenticated');
    const third = await createChapter(t, course, admin.headers);
    expect(await tree(course.course_uuid, admin.headers)).toEqual([
      [chapter.id, []],
      [second.id, []],
      [third.id, []],
    ]);
  });

  it('refuses a mismatched org_id (400), an unknown course (404) and bad bodies (422)', async () => {
    const { admin, course } = await courseWithChapter(t);
    const other = await createOrg(t);
    const post = (payload: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: '/api/v1/chapters/', headers: admin.headers, payload });
    expect((await post({ name: 'x', course_id: course.id, org_id: other.id })).statusCode).toBe(400);
    expect((await post({ name: 'x', course_id: 999_999, org_id: course.org_id })).statusCode).toBe(404);
    const noName = await post({ course_id: course.id, org_id: course.org_id });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0].loc).toEqual(['body', 'name']);
    expect(
      (await post({ name: 'x', course_id: course.id, org_id: course.org_id, lock_type: 'secret' }))
        .statusCode,
    ).toBe(422);
  });

  it('authorizes by role, authorship and token bucket', async () => {
    const { org, course } = await courseWithChapter(t);
    const post = (headers: Headers) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/chapters/',
        headers,
        payload: { name: 'x', course_id: course.id, org_id: org.id },
      });
    expect((await post({})).statusCode).toBe(401);
    expect((await post((await signedInUser(t, org, 'user')).headers)).statusCode).toBe(403);
    // An instructor who did not write the course may not add to it.
    expect((await post((await signedInUser(t, org, 'instructor')).headers)).statusCode).toBe(403);
    expect((await post((await signedInUser(t, org, 'maintainer')).headers)).statusCode).toBe(200);
    expect(
      (await post((await createApiToken(t, org, { courses: { action_read: true } })).headers)).statusCode,
    ).toBe(403);
    expect((await post((await createApiToken(t, await createOrg(t))).headers)).statusCode).toBe(403);
    expect(
      (await post((await createApiToken(t, org, { courses: { action_create: true } })).headers)).statusCode,
    ).toBe(200);
  });
});

describe('GET, PUT, DELETE /chapters/{chapter_id}', () => {
  it('reads a chapter with its activities in order; drafts only for editors', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    await publishCourse(t, course, admin.headers);
    const first = await createActivity(t, chapter, admin.headers, { name: 'First' });
    const draft = await createActivity(t, chapter, admin.headers, { name: 'Draft', published: false });
    const last = await createActivity(t, chapter, admin.headers, { name: 'Last' });
    const get = (headers: Headers) =>
      t.inject({ method: 'GET', url: `/api/v1/chapters/${chapter.id}`, headers });
    const asAdmin = (await get(admin.headers)).json();
    expect(asAdmin.activities.map((a: { id: number }) => a.id)).toEqual([first.id, draft.id, last.id]);
    expect(asAdmin.activities[0]).toMatchObject({
      activity_uuid: first.activity_uuid,
      chapter_id: chapter.id,
      content: { note: 'hello' },
      is_locked: false,
    });
    const learner = await signedInUser(t, org, 'user');
    expect((await get(learner.headers)).json().activities.map((a: { id: number }) => a.id)).toEqual([
      first.id,
      last.id,
    ]);
    expect((await get({})).json().activities).toHaveLength(2);
    expect((await get(admin.headers)).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/chapters/999999', headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('refuses readers who may not read the course', async () => {
    const { org, course, chapter } = await courseWithChapter(t, { public: 'false' });
    const get = (headers: Headers) =>
      t.inject({ method: 'GET', url: `/api/v1/chapters/${chapter.id}`, headers });
    expect((await get({})).statusCode).toBe(401);
    // Unpublished: members who may not edit are refused too.
    expect((await get((await signedInUser(t, org, 'user')).headers)).statusCode).toBe(403);
    expect((await get((await signedInUser(t, await createOrg(t), 'admin')).headers)).statusCode).toBe(403);
    expect((await get((await createApiToken(t, await createOrg(t))).headers)).statusCode).toBe(403);
    expect(
      (await get((await createApiToken(t, org, { courses: { action_read: true } })).headers)).statusCode,
    ).toBe(200);
    expect(course.public).toBe(false);
  });

  it('updates only the fields sent', async () => {
    const { org, admin, chapter } = await courseWithChapter(t);
    const put = (payload: Record<string, unknown>, headers: Headers = admin.headers) =>
      t.inject({ method: 'PUT', url: `/api/v1/chapters/${chapter.id}`, headers, payload });
    const described = await put({ description: 'About this chapter', extra_metadata: { color: 'blue' } });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({
      name: chapter.name,
      description: 'About this chapter',
      extra_metadata: { color: 'blue' },
    });
    const locked = await put({ lock_type: 'restricted', name: 'Renamed' });
    expect(locked.json()).toMatchObject({
      name: 'Renamed',
      description: 'About this chapter',
      lock_type: 'restricted',
      // Editors are never locked out.
      is_locked: false,
      extra_metadata: { color: 'blue' },
    });
    expect((await put({ lock_type: 'nope' })).statusCode).toBe(422);
    expect((await put({ name: 'x' }, (await signedInUser(t, org, 'user')).headers)).statusCode).toBe(403);
    expect((await put({ name: 'x' }, (await createApiToken(t, await createOrg(t))).headers)).statusCode).toBe(
      403,
    );
    expect(
      (
        await put(
          { name: 'By token' },
          (
            await createApiToken(t, org, { courses: { action_update: true } })
          ).headers,
        )
      ).json().name,
    ).toBe('By token');
  });

  it('deletes the chapter and keeps its activities, unlinked', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const kept = await createChapter(t, course, admin.headers);
    const a = await createActivity(t, chapter, admin.headers);
    const b = await createActivity(t, chapter, admin.headers);
    const learner = await signedInUser(t, org, 'user');
    const del = (headers: Headers) =>
      t.inject({ method: 'DELETE', url: `/api/v1/chapters/${chapter.id}`, headers });
    expect((await del(learner.headers)).statusCode).toBe(403);
    expect(
      (await del((await createApiToken(t, org, { courses: { action_update: true } })).headers)).statusCode,
    ).toBe(403);
    const deleted = await del(admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'chapter deleted' });
    expect((await del(admin.headers)).statusCode).toBe(404);
    expect(await tree(course.course_uuid, admin.headers)).toEqual([[kept.id, []]]);
    const rows = await t.db.selectFrom('activities').select('id').where('id', 'in', [a.id, b.id]).execute();
    expect(rows).toHaveLength(2);
    const activity = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${a.activity_uuid}`,
      headers: admin.headers,
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toMatchObject({ id: a.id, chapter_id: null });
  });
});

describe('PUT /chapters/course/{course_uuid}/order', () => {
  async function threeChapters() {
    const { org, admin, course, chapter: a } = await courseWithChapter(t);
    const b = await createChapter(t, course, admin.headers);
    const c = await createChapter(t, course, admin.headers);
    const a1 = await createActivity(t, a, admin.headers);
    const a2 = await createActivity(t, a, admin.headers, { published: false });
    const b1 = await createActivity(t, b, admin.headers);
    const c1 = await createActivity(t, c, admin.headers);
    return { org, admin, course, a, b, c, a1, a2, b1, c1 };
  }

  it('applies the listed order and unlinks, without deleting, what is left out', async () => {
    const { org, admin, course, a, b, c, a1, a2, b1, c1 } = await threeChapters();
    expect(await tree(course.course_uuid, admin.headers)).toEqual([
      [a.id, [a1.id, a2.id]],
      [b.id, [b1.id]],
      [c.id, [c1.id]],
    ]);
    const response = await order(course.course_uuid, admin.headers, [
      [c.id, [c1.id, b1.id]],
      [a.id, [a2.id]],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Chapters and activities reordered successfully' });
    expect(await tree(course.course_uuid, admin.headers)).toEqual([
      [c.id, [c1.id, b1.id]],
      [a.id, [a2.id]],
    ]);
    // Unlinked rows are still there: the chapter, and the activity (editors can still open it).
    const chapterB = await t.inject({
      method: 'GET',
      url: `/api/v1/chapters/${b.id}`,
      headers: admin.headers,
    });
    expect(chapterB.statusCode).toBe(200);
    expect(chapterB.json().activities).toEqual([]);
    const activity = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${a1.activity_uuid}`,
      headers: admin.headers,
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toMatchObject({ id: a1.id, chapter_id: null });
    const moved = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${b1.activity_uuid}`,
      headers: admin.headers,
    });
    expect(moved.json().chapter_id).toBe(c.id);

    // An empty activity list unlinks every activity of that chapter; unlinked items may come back.
    expect(
      (
        await order(course.course_uuid, admin.headers, [
          [a.id, []],
          [b.id, [a1.id, c1.id]],
        ])
      ).statusCode,
    ).toBe(200);
    expect(await tree(course.course_uuid, admin.headers)).toEqual([
      [a.id, []],
      [b.id, [a1.id, c1.id]],
    ]);
    // A chapter created after a reorder goes to the end.
    const d = await createChapter(t, course, admin.headers);
    expect((await tree(course.course_uuid, admin.headers)).map(([id]: [number]) => id)).toEqual([
      a.id,
      b.id,
      d.id,
    ]);
    const count = await t.db
      .selectFrom('activities')
      .select('id')
      .where('course_id', '=', course.id)
      .execute();
    expect(count).toHaveLength(4);
    expect(org.id).toBe(course.org_id);
  });

  it('refuses chapters and activities of another course or org, and duplicates, changing nothing', async () => {
    const { org, admin, course, a, b, c, a1, a2, b1, c1 } = await threeChapters();
    const sibling = await createCourse(t, org, admin.headers);
    const siblingChapter = await createChapter(t, sibling, admin.headers);
    const siblingActivity = await createActivity(t, siblingChapter, admin.headers);
    const foreign = await courseWithChapter(t);
    const foreignActivity = await createActivity(t, foreign.chapter, foreign.admin.headers);
    const before = await tree(course.course_uuid, admin.headers);
    const attempts: [number, number[]][][] = [
      [[siblingChapter.id, []]],
      [[foreign.chapter.id, []]],
      [[a.id, [siblingActivity.id]]],
      [[a.id, [foreignActivity.id]]],
      [[999_999, []]],
      [[a.id, [999_999]]],
      [
        [a.id, [a1.id]],
        [a.id, [a2.id]],
      ],
      [
        [a.id, [a1.id]],
        [b.id, [a1.id]],
      ],
      [[a.id, [b1.id, b1.id]]],
    ];
    for (const attempt of attempts) {
      const response = await order(course.course_uuid, admin.headers, [...attempt, [c.id, [c1.id]]]);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    }
    expect(await tree(course.course_uuid, admin.headers)).toEqual(before);
    expect(await tree(sibling.course_uuid, admin.headers)).toEqual([
      [siblingChapter.id, [siblingActivity.id]],
    ]);
  });

  it('needs edit rights on the course', async () => {
    const { org, admin, course, a, a1 } = await threeChapters();
    const body: [number, number[]][] = [[a.id, [a1.id]]];
    expect((await order(course.course_uuid, {}, body)).statusCode).toBe(401);
    expect(
      (await order(course.course_uuid, (await signedInUser(t, org, 'user')).headers, body)).statusCode,
    ).toBe(403);
    expect(
      (await order(course.course_uuid, (await createApiToken(t, await createOrg(t))).headers, body))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await order(
          course.course_uuid,
          (
            await createApiToken(t, org, { courses: { action_read: true } })
          ).headers,
          body,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await order(
          course.course_uuid,
          (
            await createApiToken(t, org, { courses: { action_update: true } })
          ).headers,
          body,
        )
      ).statusCode,
    ).toBe(200);
    expect((await order('course_missing', admin.headers, body)).statusCode).toBe(404);
    const malformed = await t.inject({
      method: 'PUT',
      url: `/api/v1/chapters/course/${course.course_uuid}/order`,
      headers: admin.headers,
      payload: { chapter_order_by_ids: [{ chapter_id: 'first' }] },
    });
    expect(malformed.statusCode).toBe(422);
  });
});
