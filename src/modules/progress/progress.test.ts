import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPrincipal,
  createApiToken,
  createOrg,
  createUser,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createActivity } from '../activities/service.ts';
import { createChapter } from '../chapters/service.ts';
import { createCourse, updateCourse } from '../courses/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function courseWithActivities(count: number) {
  const org = await createOrg(t);
  const author = await createUser(t, { org, role: 'admin' });
  const principal = asPrincipal(author);
  const course = await createCourse(t.ctx, principal, org.id, {
    name: 'Course',
    description: '',
    about: '',
    public: true,
  });
  await updateCourse(t.ctx, principal, course.course_uuid, { published: true });
  const { chapter } = await createChapter(t.ctx, principal, {
    name: 'Ch',
    course_id: course.id,
    org_id: org.id,
  });
  const activities = [];
  for (let i = 0; i < count; i++) {
    const { activity } = await createActivity(t.ctx, principal, {
      name: `A${i}`,
      chapter_id: chapter.id,
      published: true,
    });
    activities.push(activity);
  }
  // A draft does not count towards completion.
  await createActivity(t.ctx, principal, { name: 'Draft', chapter_id: chapter.id, published: false });
  return { org, author, course, activities };
}

describe('progress', () => {
  it('enrol, complete activities, complete the course once; certificate awarded once', async () => {
    const { org, author, course, activities } = await courseWithActivities(2);
    const cert = await t.inject({
      method: 'POST',
      url: '/api/v1/certifications/',
      headers: (await signedInUser(t, org, 'admin')).headers,
      payload: { course_id: course.id, config: { title: 'Well done' } },
    });
    expect(cert.statusCode).toBe(200);
    const learner = await signedInUser(t, org, 'user');

    const enrol = await t.inject({
      method: 'POST',
      url: `/api/v1/trail/add_course/${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(enrol.statusCode).toBe(200);
    expect(enrol.json().runs[0]).toMatchObject({
      course_id: course.id,
      status: 'STATUS_IN_PROGRESS',
      enrolled: true,
      course_total_steps: 3,
    });
    const again = await t.inject({
      method: 'POST',
      url: `/api/v1/trail/add_course/${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(again.statusCode).toBe(400);

    const done = (uuid: string) =>
      t.inject({ method: 'POST', url: `/api/v1/trail/add_activity/${uuid}`, headers: learner.headers });
    expect((await done(activities[0].activity_uuid)).statusCode).toBe(200);
    expect((await done(activities[0].activity_uuid)).statusCode).toBe(200);
    const last = await done(activities[1].activity_uuid);
    expect(last.json().runs[0].status).toBe('STATUS_COMPLETED');
    await done(activities[1].activity_uuid);

    const progress = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/progress`,
      headers: learner.headers,
    });
    expect(progress.json()).toMatchObject({
      completed: true,
      total_activities: 2,
      completed_activities: 2,
      enrolled: true,
    });
    const asInstructor = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/learners`,
      headers: (await signedInUser(t, org, 'admin')).headers,
    });
    expect(asInstructor.json()).toHaveLength(1);
    const peek = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/progress?user_id=${author.user.id}`,
      headers: learner.headers,
    });
    expect(peek.statusCode).toBe(403);

    const mine = await t.inject({
      method: 'GET',
      url: `/api/v1/certifications/user/course/${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(mine.json()).toHaveLength(1);
    const code = mine.json()[0].certificate_user.user_certification_uuid;
    expect(code).toMatch(/^[A-Z]{2}-\d{8}-.{4}-[0-9a-f]{8}$/);
    const verified = await t.inject({ method: 'GET', url: `/api/v1/certifications/certificate/${code}` });
    expect(verified.json().course.course_uuid).toBe(course.course_uuid);

    const events = (await outboxEvents(t)).filter((e) => e.org_id === org.id).map((e) => e.event);
    expect(events.filter((e) => e === 'course_enrolled')).toHaveLength(1);
    expect(events.filter((e) => e === 'activity_completed')).toHaveLength(2);
    expect(events.filter((e) => e === 'course_completed')).toHaveLength(1);
    expect(events.filter((e) => e === 'certificate_claimed')).toHaveLength(1);
    const completed = (await outboxEvents(t, 'course_completed')).find((e) => e.org_id === org.id)!;
    expect(completed.data).toEqual({
      user: { user_uuid: learner.user.user_uuid, email: learner.email, username: learner.user.username },
      course: { course_uuid: course.course_uuid, name: course.name },
    });
  });

  it('trail endpoints are for signed-in users only; API tokens are refused', async () => {
    const { org, course } = await courseWithActivities(1);
    const token = await createApiToken(t, org);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v1/trail/add_course/${course.course_uuid}`,
          headers: token.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'POST', url: `/api/v1/trail/add_course/${course.course_uuid}` })).statusCode,
    ).toBe(401);
    const tokenProgress = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/learners`,
      headers: token.headers,
    });
    expect(tokenProgress.statusCode).toBe(200);
  });
});
