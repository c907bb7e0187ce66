/**
 * The product's /trail endpoints one by one: starting a trail, reading it, marking an
 * activity done without enrolling, undoing a completion, and leaving a course (its steps go too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createChapter,
  createCourse,
  createOrg,
  outboxEvents,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function publishedCourse() {
  const org = await createOrg(t);
  const admin = await signedInUser(t, org, 'admin');
  const course = await createCourse(t, org, admin.headers);
  await publishCourse(t, course, admin.headers);
  const chapter = await createChapter(t, course, admin.headers);
  const first = await createActivity(t, chapter, admin.headers);
  const second = await createActivity(t, chapter, admin.headers);
  const learner = await signedInUser(t, org, 'user');
  return { org, course, first, second, learner };
}

describe('/trail', () => {
  it('start: only your own trail, once, in an organization that exists', async () => {
    const { org, learner } = await publishedCourse();
    const other = await signedInUser(t, org, 'user');
    const start = (body: { org_id: number; user_id: number }) =>
      t.inject({ method: 'POST', url: '/api/v1/trail/start', headers: learner.headers, payload: body });

    const mine = await t.inject({ method: 'GET', url: '/api/v1/trail/', headers: learner.headers });
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toEqual({ detail: 'Trail not found' });

    const forSomeoneElse = await start({ org_id: org.id, user_id: other.user.id });
    expect(forSomeoneElse.statusCode).toBe(400);
    const unknownOrg = await start({ org_id: 987654, user_id: learner.user.id });
    expect(unknownOrg.statusCode).toBe(404);
    expect(unknownOrg.json()).toEqual({ detail: 'Organization not found' });

    const started = await start({ org_id: org.id, user_id: learner.user.id });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      trail_uuid: expect.stringMatching(/^trail_/),
      org_id: org.id,
      user_id: learner.user.id,
      runs: [],
    });
    const again = await start({ org_id: org.id, user_id: learner.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Trail already exists' });

    const read = await t.inject({ method: 'GET', url: '/api/v1/trail/', headers: learner.headers });
    expect(read.json().trail_uuid).toBe(started.json().trail_uuid);
  });

  it('GET /trail/org/{org_id}/trail creates the trail when missing; unknown org 404', async () => {
    const { org, learner } = await publishedCourse();
    const url = `/api/v1/trail/org/${org.id}/trail`;
    const first = await t.inject({ method: 'GET', url, headers: learner.headers });
    expect(first.statusCode).toBe(200);
    const second = await t.inject({ method: 'GET', url, headers: learner.headers });
    expect(second.json().trail_uuid).toBe(first.json().trail_uuid);
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/v1/trail/org/987654/trail',
      headers: learner.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('marking done needs no enrolment; undoing a completion reopens the course', async () => {
    const { org, course, first, second, learner } = await publishedCourse();
    const done = (uuid: string) =>
      t.inject({ method: 'POST', url: `/api/v1/trail/add_activity/${uuid}`, headers: learner.headers });
    const undo = (uuid: string) =>
      t.inject({ method: 'DELETE', url: `/api/v1/trail/remove_activity/${uuid}`, headers: learner.headers });

    const afterFirst = await done(first.activity_uuid);
    expect(afterFirst.statusCode).toBe(200);
    expect(afterFirst.json().runs).toEqual([
      expect.objectContaining({
        course_id: course.id,
        enrolled: false,
        status: 'STATUS_IN_PROGRESS',
        course_total_steps: 2,
        steps: [expect.objectContaining({ activity_id: first.id, complete: true })],
      }),
    ]);
    expect((await done(second.activity_uuid)).json().runs[0].status).toBe('STATUS_COMPLETED');

    const undone = await undo(second.activity_uuid);
    expect(undone.json()).toEqual({ detail: 'Activity removed from trail' });
    const trail = await t.inject({ method: 'GET', url: '/api/v1/trail/', headers: learner.headers });
    expect(trail.json().runs[0]).toMatchObject({ status: 'STATUS_IN_PROGRESS' });
    expect(trail.json().runs[0].steps.map((s: { activity_id: number }) => s.activity_id)).toEqual([first.id]);
    expect((await undo(second.activity_uuid)).statusCode).toBe(404);
    expect((await done('activity_missing')).statusCode).toBe(404);

    const completed = (await outboxEvents(t, 'activity_completed')).filter((e) => e.org_id === org.id);
    expect(completed.map((e) => e.data.activity.activity_uuid)).toEqual([
      first.activity_uuid,
      second.activity_uuid,
    ]);
  });

  it('leaving a course removes the run and its steps; enrolling again fires course_enrolled again', async () => {
    const { org, course, first, learner } = await publishedCourse();
    const enrol = () =>
      t.inject({
        method: 'POST',
        url: `/api/v1/trail/add_course/${course.course_uuid}`,
        headers: learner.headers,
      });
    const leave = () =>
      t.inject({
        method: 'DELETE',
        url: `/api/v1/trail/remove_course/${course.course_uuid}`,
        headers: learner.headers,
      });
    expect((await enrol()).statusCode).toBe(200);
    await t.inject({
      method: 'POST',
      url: `/api/v1/trail/add_activity/${first.activity_uuid}`,
      headers: learner.headers,
    });

    const left = await leave();
    expect(left.json()).toEqual({ detail: 'Course removed from trail' });
    const trail = await t.inject({ method: 'GET', url: '/api/v1/trail/', headers: learner.headers });
    expect(trail.json().runs).toEqual([]);
    const steps = await t.db
      .selectFrom('trail_steps')
      .select('id')
      .where('user_id', '=', learner.user.id)
      .execute();
    expect(steps).toEqual([]);
    expect((await leave()).statusCode).toBe(404);

    const progress = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/progress`,
      headers: learner.headers,
    });
    expect(progress.json()).toMatchObject({ enrolled: false, completed_activities: 0 });

    expect((await enrol()).statusCode).toBe(200);
    const enrolled = (await outboxEvents(t, 'course_enrolled')).filter((e) => e.org_id === org.id);
    expect(enrolled).toHaveLength(2);
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v1/trail/add_course/course_missing',
      headers: learner.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
