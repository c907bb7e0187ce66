/**
 * `GET /api/v1/content/<key>`: stored course files served with the access rules of the
 * course and activity that own them, with Content-Type, Content-Length, ETag and byte
 * ranges for media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createApiToken,
  createHostedVideo,
  createOrg,
  createUsergroup,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A course with one hosted video; returns the video's content URL. */
async function courseWithVideo(courseFields: Record<string, string> = {}, publish = true) {
  const setup = await courseWithChapter(t, courseFields);
  const { org, admin, course, chapter } = setup;
  if (publish) await publishCourse(t, course, admin.headers);
  const video = await createHostedVideo(t, chapter, admin.headers);
  if (publish) {
    await t.inject({
      method: 'PUT',
      url: `/api/v1/activities/${video.activity_uuid}`,
      headers: admin.headers,
      payload: { published: true },
    });
  }
  const filename = (video.content as { filename: string }).filename;
  const key = `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${video.activity_uuid}/video/${filename}`;
  return { ...setup, video, key, url: `/api/v1/content/${key}` };
}

function get(url: string, headers: Headers = {}) {
  return t.inject({ method: 'GET', url, headers });
}

describe('GET /api/v1/content/<key>', () => {
  it('serves a public course video to anyone with type, length, ETag and byte ranges', async () => {
    const { url } = await courseWithVideo();
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe(String(SAMPLES.mp4.length));
    expect(whole.headers.etag).toMatch(/^"[^"]+"$/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(SAMPLES.mp4)).toBe(true);

    const part = await get(url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${SAMPLES.mp4.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(SAMPLES.mp4.subarray(0, 10))).toBe(true);

    const tail = await get(url, { range: 'bytes=-4' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(SAMPLES.mp4.subarray(-4))).toBe(true);

    const beyond = await get(url, { range: `bytes=${SAMPLES.mp4.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${SAMPLES.mp4.length}`);

    const cached = await get(url, { 'if-none-match': String(whole.headers.etag) });
    expect(cached.statusCode).toBe(304);
    const head = await t.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(SAMPLES.mp4.length));
  });

  it('serves a private course only to members (anonymous 401, others 403)', async () => {
    const { org, url } = await courseWithVideo({ public: 'false' });
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, (await signedInUser(t, await createOrg(t), 'admin')).headers)).statusCode).toBe(
      403,
    );
    expect((await get(url, (await signedInUser(t, org, 'user')).headers)).statusCode).toBe(200);
    expect(
      (await get(url, (await createApiToken(t, org, { courses: { action_read: true } })).headers)).statusCode,
    ).toBe(200);
    expect((await get(url, (await createApiToken(t, await createOrg(t))).headers)).statusCode).toBe(403);
  });

  it('serves an unpublished course or activity only to editors', async () => {
    const draftCourse = await courseWithVideo({}, false);
    const member = await signedInUser(t, draftCourse.org, 'user');
    expect((await get(draftCourse.url)).statusCode).toBe(401);
    expect((await get(draftCourse.url, member.headers)).statusCode).toBe(403);
    expect((await get(draftCourse.url, draftCourse.admin.headers)).statusCode).toBe(200);

    // Published course, but the video activity is still a draft.
    const { org, admin, course, chapter } = await courseWithChapter(t);
    await publishCourse(t, course, admin.headers);
    const draft = await createHostedVideo(t, chapter, admin.headers);
    const url = `/api/v1/content/orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${draft.activity_uuid}/video/${(draft.content as { filename: string }).filename}`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, (await signedInUser(t, org, 'user')).headers)).statusCode).toBe(404);
    expect((await get(url, admin.headers)).statusCode).toBe(200);
  });

  it('serves a restricted activity only to its groups and editors', async () => {
    const { org, admin, course, video, url } = await courseWithVideo({ public: 'false' });
    await t.inject({
      method: 'PUT',
      url: `/api/v1/activities/${video.activity_uuid}`,
      headers: admin.headers,
      payload: { lock_type: 'restricted' },
    });
    const member = await signedInUser(t, org, 'user');
    const insider = await signedInUser(t, org, 'user');
    await createUsergroup(t, org, admin.headers, {
      userIds: [insider.user.id],
      resourceUuids: [video.activity_uuid],
    });
    const instructor = await signedInUser(t, org, 'instructor');
    await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: admin.headers,
      payload: [instructor.user.username],
    });
    await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}/contributors/${instructor.user.id}?authorship_status=ACTIVE`,
      headers: admin.headers,
    });
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, member.headers)).statusCode).toBe(403);
    expect((await get(url, insider.headers)).statusCode).toBe(200);
    expect((await get(url, instructor.headers)).statusCode).toBe(200);
    expect((await get(url, admin.headers)).statusCode).toBe(200);
  });

  it('answers 404 for keys that name nothing servable', async () => {
    const { org, course, video, key, admin } = await courseWithVideo();
    const other = await createOrg(t);
    const bad = [
      key.replace(course.course_uuid, 'course_00000000-0000-0000-0000-000000000000'),
      key.replace(org.org_uuid, other.org_uuid),
      key.replace(video.activity_uuid, 'activity_00000000-0000-0000-0000-000000000000'),
      key.replace(/[^/]+$/, 'missing.mp4'),
      `orgs/${org.org_uuid}/courses/${course.course_uuid}`,
      `staging/${key.split('/').pop()}`,
      `orgs/${org.org_uuid}/unknown-area/x/y/z.png`,
      'orgs/../../etc/passwd',
    ];
    for (const path of bad) {
      const response = await get(`/api/v1/content/${path}`, admin.headers);
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('stops serving the files of a deleted course', async () => {
    const { admin, course, url } = await courseWithVideo();
    expect((await get(url)).statusCode).toBe(200);
    await t.inject({
      method: 'DELETE',
      url: `/api/v1/courses/${course.course_uuid}`,
      headers: admin.headers,
    });
    expect((await get(url, admin.headers)).statusCode).toBe(404);
  });
});

describe('usergroup links to the course', () => {
  it('a group linked to a private course lets its members in, and keeps other members out', async () => {
    const { org, admin, course, url } = await courseWithVideo({ public: 'false' });
    const insider = await signedInUser(t, org, 'user');
    const member = await signedInUser(t, org, 'user');
    await createUsergroup(t, org, admin.headers, {
      userIds: [insider.user.id],
      resourceUuids: [course.course_uuid],
    });
    expect((await get(url, insider.headers)).statusCode).toBe(200);
    expect((await get(url, member.headers)).statusCode).toBe(403);
  });
});
