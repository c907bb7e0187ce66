/**
 * `GET /courses/{course_uuid}/meta` (spec §4.1): the course with its chapters and activities
 * in order, drafts only for editors who ask, `slim` without content, the full shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createChapter,
  createHostedVideo,
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

type Headers = Record<string, string>;
const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function meta(courseUuid: string, headers: Headers = {}, query = '') {
  return t.inject({ method: 'GET', url: `/api/v1/courses/${courseUuid}/meta${query}`, headers });
}

const names = (body: { chapters: { name: string; activities: { name: string }[] }[] }) =>
  body.chapters.map((chapter) => [chapter.name, chapter.activities.map((a) => a.name)]);

/** A published public course: two chapters, a draft among the activities, a video with details. */
async function sampleCourse() {
  const { org, admin, course, chapter: first } = await courseWithChapter(t);
  await publishCourse(t, course, admin.headers);
  await t.inject({
    method: 'PUT',
    url: `/api/v1/chapters/${first.id}`,
    headers: admin.headers,
    payload: { name: 'One' },
  });
  const second = await createChapter(t, course, admin.headers, { name: 'Two' });
  await createActivity(t, first, admin.headers, {
    name: 'Page',
    activity_type: 'TYPE_DYNAMIC',
    activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
    content: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Grüße, 世界 "quoted" \\ \u2028' }] }],
    },
  });
  await createActivity(t, first, admin.headers, { name: 'Draft', published: false });
  await createActivity(t, second, admin.headers, {
    name: 'Clip',
    activity_type: 'TYPE_VIDEO',
    activity_sub_type: 'SUBTYPE_VIDEO_YOUTUBE',
    content: { uri: 'https://www.youtube.com/watch?v=abc', type: 'youtube' },
    details: { startTime: 5, endTime: null, autoplay: false, muted: true },
  });
  const hosted = await createHostedVideo(t, second, admin.headers, { name: 'Hosted' });
  await t.inject({
    method: 'PUT',
    url: `/api/v1/activities/${hosted.activity_uuid}`,
    headers: admin.headers,
    payload: { published: true },
  });
  return { org, admin, course, first, second };
}

describe('GET /courses/{course_uuid}/meta', () => {
  it('returns the course, its chapters and their published activities in order, in full shape', async () => {
    const { org, course } = await sampleCourse();
    const response = await meta(course.course_uuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(names(body)).toEqual([
      ['One', ['Page']],
      ['Two', ['Clip', 'Hosted']],
    ]);
    expect(body).toMatchObject({
      id: course.id,
      course_uuid: course.course_uuid,
      org_id: org.id,
      org_uuid: org.org_uuid,
      name: course.name,
      public: true,
      published: true,
    });
    for (const field of [
      'description',
      'about',
      'learnings',
      'tags',
      'thumbnail_type',
      'seo',
      'extra_metadata',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.authors[0]).toMatchObject({ authorship: 'CREATOR', authorship_status: 'ACTIVE' });
    expect(body.creation_date).toMatch(DATE);
    const chapter = body.chapters[0];
    expect(Object.keys(chapter).sort()).toEqual(
      [
        'id',
        'chapter_uuid',
        'name',
        'description',
        'thumbnail_image',
        'course_id',
        'org_id',
        'lock_type',
        'is_locked',
        'extra_metadata',
        'activities',
        'creation_date',
        'update_date',
      ].sort(),
    );
    const page = chapter.activities[0];
    expect(Object.keys(page).sort()).toEqual(
      [
        'id',
        'activity_uuid',
        'org_id',
        'course_id',
        'chapter_id',
        'name',
        'activity_type',
        'activity_sub_type',
        'content',
        'details',
        'published',
        'lock_type',
        'is_locked',
        'extra_metadata',
        'version',
        'current_version',
        'published_version',
        'last_modified_by_id',
        'creation_date',
        'update_date',
      ].sort(),
    );
    expect(page).toMatchObject({
      chapter_id: chapter.id,
      course_id: course.id,
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      published: true,
      is_locked: false,
      version: 1,
    });
    expect(page.content.content[0].content[0].text).toBe('Grüße, 世界 "quoted" \\ \u2028');
    const [clip, hosted] = body.chapters[1].activities;
    expect(clip.details).toEqual({ startTime: 5, endTime: null, autoplay: false, muted: true });
    expect(clip.content).toMatchObject({ uri: 'https://www.youtube.com/watch?v=abc' });
    expect(hosted.content).toEqual({
      filename: expect.stringMatching(/_video\.mp4$/),
      activity_uuid: hosted.activity_uuid,
    });
  });

  it('slim=true sends content {} and details null for every activity', async () => {
    const { admin, course } = await sampleCourse();
    const body = (
      await meta(course.course_uuid, admin.headers, '?slim=true&with_unpublished_activities=true')
    ).json();
    const activities = body.chapters.flatMap((c: { activities: unknown[] }) => c.activities);
    expect(activities).toHaveLength(4);
    for (const activity of activities) {
      expect(activity.content).toEqual({});
      expect(activity.details).toBeNull();
      expect(activity.name).toEqual(expect.any(String));
      expect(activity.activity_type).toEqual(expect.any(String));
    }
  });

  it('shows drafts only when asked by someone who may edit the course', async () => {
    const { org, admin, course } = await sampleCourse();
    const learner = await signedInUser(t, org, 'user');
    const all = '?with_unpublished_activities=true';
    const firstChapter = async (headers: Headers, query = '') =>
      names((await meta(course.course_uuid, headers, query)).json())[0];
    expect(await firstChapter(admin.headers)).toEqual(['One', ['Page']]);
    expect(await firstChapter(admin.headers, all)).toEqual(['One', ['Page', 'Draft']]);
    expect(await firstChapter(learner.headers, all)).toEqual(['One', ['Page']]);
    expect(await firstChapter({}, all)).toEqual(['One', ['Page']]);
    expect(
      await firstChapter((await createApiToken(t, org, { courses: { action_read: true } })).headers, all),
    ).toEqual(['One', ['Page']]);
    expect(
      await firstChapter(
        (await createApiToken(t, org, { courses: { action_read: true, action_update: true } })).headers,
        all,
      ),
    ).toEqual(['One', ['Page', 'Draft']]);
    expect((await meta(course.course_uuid, admin.headers, '?slim=maybe')).statusCode).toBe(422);
  });

  it('applies the course read rules', async () => {
    const { org, admin, course } = await courseWithChapter(t, { public: 'false' });
    const member = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'user');
    expect((await meta(course.course_uuid, admin.headers)).statusCode).toBe(200);
    expect((await meta(course.course_uuid)).statusCode).toBe(401);
    expect((await meta(course.course_uuid, member.headers)).statusCode).toBe(403);
    await publishCourse(t, course, admin.headers);
    expect((await meta(course.course_uuid)).statusCode).toBe(401);
    expect((await meta(course.course_uuid, member.headers)).statusCode).toBe(200);
    expect((await meta(course.course_uuid, outsider.headers)).statusCode).toBe(403);
    expect(
      (await meta(course.course_uuid, (await createApiToken(t, await createOrg(t))).headers)).statusCode,
    ).toBe(403);
    expect(
      (await meta(course.course_uuid, (await createApiToken(t, org, { courses: {} })).headers)).statusCode,
    ).toBe(403);
    expect((await meta('course_nope', admin.headers)).statusCode).toBe(404);
  });
});
