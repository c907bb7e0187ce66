/**
 * Certifications over HTTP: one per course, defined and changed by course editors, read by
 * course readers, awarded on completion (see progress tests) and verifiable by anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

const API = '/api/v1/certifications';

async function privateCourse() {
  const org = await createOrg(t);
  const admin = await signedInUser(t, org, 'admin');
  const course = await createCourse(t, org, admin.headers, { public: 'false' });
  await publishCourse(t, course, admin.headers);
  return { org, admin, course };
}

describe('certifications', () => {
  it('create once per course, read by uuid and by course, update, delete', async () => {
    const { org, admin, course } = await privateCourse();
    const create = () =>
      t.inject({
        method: 'POST',
        url: `${API}/`,
        headers: admin.headers,
        payload: { course_id: course.id, config: { title: 'Algebra done' } },
      });
    const created = await create();
    expect(created.statusCode).toBe(200);
    const certification = created.json();
    expect(certification).toMatchObject({
      certification_uuid: expect.stringMatching(/^certification_/),
      course_id: course.id,
      org_id: org.id,
      config: { title: 'Algebra done' },
    });
    expect((await create()).statusCode).toBe(409);

    const learner = await signedInUser(t, org, 'user');
    const byUuid = await t.inject({
      method: 'GET',
      url: `${API}/${certification.certification_uuid}`,
      headers: learner.headers,
    });
    expect(byUuid.json()).toEqual(certification);
    const byCourse = await t.inject({
      method: 'GET',
      url: `${API}/course/${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(byCourse.json()).toEqual(certification);

    const updated = await t.inject({
      method: 'PUT',
      url: `${API}/${certification.certification_uuid}`,
      headers: admin.headers,
      payload: { config: { title: 'Algebra mastered' } },
    });
    expect(updated.json().config).toEqual({ title: 'Algebra mastered' });

    const deleted = await t.inject({
      method: 'DELETE',
      url: `${API}/${certification.certification_uuid}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await t.inject({
      method: 'GET',
      url: `${API}/${certification.certification_uuid}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(404);
    const none = await t.inject({
      method: 'GET',
      url: `${API}/course/${course.course_uuid}`,
      headers: admin.headers,
    });
    expect(none.json()).toEqual({ detail: 'This course has no certification' });
  });

  it('learners read but cannot change; outsiders cannot read a private course; unknown course 404', async () => {
    const { org, admin, course } = await privateCourse();
    const certification = (
      await t.inject({
        method: 'POST',
        url: `${API}/`,
        headers: admin.headers,
        payload: { course_id: course.id, config: {} },
      })
    ).json();
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const one = `${API}/${certification.certification_uuid}`;

    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${API}/`,
          headers: learner.headers,
          payload: { course_id: course.id, config: {} },
        })
      ).statusCode,
    ).toBe(403);
    const edit = await t.inject({
      method: 'PUT',
      url: one,
      headers: learner.headers,
      payload: { config: {} },
    });
    expect(edit.statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: one, headers: learner.headers })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: one, headers: outsider.headers })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: one })).statusCode).toBe(401);
    const unknownCourse = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: admin.headers,
      payload: { course_id: 987654, config: {} },
    });
    expect(unknownCourse.statusCode).toBe(404);

    const reader = await createApiToken(t, org, { courses: { action_read: true } });
    expect((await t.inject({ method: 'GET', url: one, headers: reader.headers })).statusCode).toBe(200);
    const readerEdit = await t.inject({
      method: 'PUT',
      url: one,
      headers: reader.headers,
      payload: { config: {} },
    });
    expect(readerEdit.statusCode).toBe(403);
    const foreign = await createApiToken(t, await createOrg(t));
    expect((await t.inject({ method: 'GET', url: one, headers: foreign.headers })).statusCode).toBe(403);
  });

  it("a learner's certificates: per course, all of them, verifiable by code without signing in", async () => {
    const { org, admin, course } = await privateCourse();
    await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: admin.headers,
      payload: { course_id: course.id, config: { title: 'Done' } },
    });
    const chapter = await createChapter(t, course, admin.headers);
    const activity = await createActivity(t, chapter, admin.headers);
    const learner = await signedInUser(t, org, 'user');
    expect(
      (await t.inject({ method: 'GET', url: `${API}/user/all`, headers: learner.headers })).json(),
    ).toEqual([]);
    await t.inject({
      method: 'POST',
      url: `/api/v1/trail/add_activity/${activity.activity_uuid}`,
      headers: learner.headers,
    });

    const all = await t.inject({ method: 'GET', url: `${API}/user/all`, headers: learner.headers });
    expect(all.json()).toEqual([
      {
        certificate_user: expect.objectContaining({ user_id: learner.user.id }),
        certification: expect.objectContaining({ course_id: course.id, config: { title: 'Done' } }),
      },
    ]);
    const code = all.json()[0].certificate_user.user_certification_uuid;
    const verified = await t.inject({ method: 'GET', url: `${API}/certificate/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().course).toEqual({
      id: course.id,
      course_uuid: course.course_uuid,
      name: course.name,
      description: course.description,
      thumbnail_image: course.thumbnail_image,
    });
    const forged = await t.inject({ method: 'GET', url: `${API}/certificate/AB-20260101-abcd-00000000` });
    expect(forged.statusCode).toBe(404);

    const token = await createApiToken(t, org);
    expect(
      (await t.inject({ method: 'GET', url: `${API}/user/all`, headers: token.headers })).statusCode,
    ).toBe(403);
    expect((await t.inject({ method: 'GET', url: `${API}/user/all` })).statusCode).toBe(401);
  });
});
