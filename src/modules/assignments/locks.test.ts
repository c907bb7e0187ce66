/**
 * A learner reaches an assignment through its activity: a restricted activity (or chapter)
 * closes the assignment to people outside its user groups, and a draft activity hides it.
 * Instructors and API tokens are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, assignmentWithTasks, caller } from '../../../test/assignment-factories.ts';
import { createApiToken, createUsergroup, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = { detail: 'This activity is locked for you' };
const NOT_FOUND = { detail: 'Assignment not found' };

async function setup() {
  return assignmentWithTasks(t, [{ type: 'SHORT_ANSWER', contents: { correct_answers: ['yes'] } }]);
}
type Setup = Awaited<ReturnType<typeof setup>>;

function change(s: Setup, path: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'PUT', url: `/api/v1${path}`, headers: s.instructor.headers, payload });
}

/** Every learner-facing call on the assignment, with its status code. */
async function learnerCalls(s: Setup, headers: Record<string, string>) {
  const as = caller(t, headers);
  const task = s.tasks[0].assignment_task_uuid;
  const file = await multipartPayload({}, [
    { field: 'sub_file', filename: 'work.pdf', contentType: 'application/pdf', content: SAMPLES.pdf },
  ]);
  const responses = {
    read: await as('GET', `/${s.uuid}`),
    byActivity: await as('GET', `/activity/${s.activity.activity_uuid}`),
    tasks: await as('GET', `/${s.uuid}/tasks`),
    task: await as('GET', `/task/${task}`),
    save: await as('PUT', `/${s.uuid}/tasks/${task}/submissions`, { task_submission: { answer: 'yes' } }),
    file: await t.inject({
      method: 'POST',
      url: `${API}/${s.uuid}/tasks/${task}/sub_file`,
      headers: { ...headers, ...file.headers },
      payload: file.payload,
    }),
    submit: await as('POST', `/${s.uuid}/submissions`),
  };
  const listed = await as('GET', `/course/${s.course.course_uuid}`);
  return {
    statuses: Object.fromEntries(Object.entries(responses).map(([name, r]) => [name, r.statusCode])),
    bodies: Object.values(responses).map((r) => r.json()),
    listed: (listed.json() as { assignment_uuid: string }[]).map((a) => a.assignment_uuid),
  };
}

const every = (status: number) => ({
  read: status,
  byActivity: status,
  tasks: status,
  task: status,
  save: status,
  file: status,
  submit: status,
});

describe('assignments behind locks', () => {
  it('a restricted activity is closed to learners outside its groups, open to its members', async () => {
    const s = await setup();
    expect(
      (await change(s, `/activities/${s.activity.activity_uuid}`, { lock_type: 'restricted' })).statusCode,
    ).toBe(200);

    const outside = await learnerCalls(s, s.learner.headers);
    expect(outside.statuses).toEqual(every(403));
    for (const body of outside.bodies) expect(body).toEqual(LOCKED);
    expect(outside.listed).toEqual([]);
    const saved = await t.db
      .selectFrom('assignment_task_submissions')
      .select('id')
      .where('user_id', '=', s.learner.user.id)
      .execute();
    expect(saved).toEqual([]);

    const member = await signedInUser(t, s.org, 'user');
    await createUsergroup(t, s.org, s.instructor.headers, {
      userIds: [member.user.id],
      resourceUuids: [s.activity.activity_uuid],
    });
    const inside = await learnerCalls(s, member.headers);
    expect(inside.statuses).toEqual(every(200));
    expect(inside.listed).toEqual([s.uuid]);
  });

  it('a restricted chapter closes the assignments of its activities', async () => {
    const s = await setup();
    await change(s, `/chapters/${s.chapter.id}`, { lock_type: 'restricted' });
    const outside = await learnerCalls(s, s.learner.headers);
    expect(outside.statuses).toEqual(every(403));
  });

  it('a draft activity hides its assignment from learners (404)', async () => {
    const s = await setup();
    await change(s, `/activities/${s.activity.activity_uuid}`, { published: false });
    const learner = await learnerCalls(s, s.learner.headers);
    expect(learner.statuses).toEqual(every(404));
    for (const body of learner.bodies) expect(body).toEqual(NOT_FOUND);
    expect(learner.listed).toEqual([]);
  });

  it('instructors and API tokens still read and submit on behalf', async () => {
    const s = await setup();
    await change(s, `/activities/${s.activity.activity_uuid}`, { lock_type: 'restricted', published: false });
    const instructor = caller(t, s.instructor.headers);
    expect((await instructor('GET', `/${s.uuid}/tasks`)).statusCode).toBe(200);
    expect((await instructor('GET', `/course/${s.course.course_uuid}`)).json()).toHaveLength(1);

    const token = await createApiToken(t, s.org);
    const viaToken = caller(t, token.headers);
    expect((await viaToken('GET', `/${s.uuid}`)).statusCode).toBe(200);
    const onBehalf = `?on_behalf_of_user_id=${s.learner.user.id}`;
    const saved = await viaToken(
      'PUT',
      `/${s.uuid}/tasks/${s.tasks[0].assignment_task_uuid}/submissions${onBehalf}`,
      { task_submission: { answer: 'yes' } },
    );
    expect(saved.statusCode).toBe(200);
    expect((await viaToken('POST', `/${s.uuid}/submissions${onBehalf}`)).statusCode).toBe(200);
  });
});
