import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentWithTasks,
  caller,
  QUIZ_ANSWER_75,
  QUIZ_CONTENTS,
  SHORT_ANSWER_CONTENTS,
} from '../../../test/assignment-factories.ts';
import { createApiToken, outboxEvents } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // When an assignment sets no cap, the deployment's applies.
  t = await createTestApp({ env: { MAX_ASSIGNMENT_ATTEMPTS: '2' } });
});
afterAll(() => t.close());

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('due dates', () => {
  it('learners are refused after the due date; tokens and instructors submit for them, marked late', async () => {
    const { uuid, tasks, learner, instructor, org } = await assignmentWithTasks(
      t,
      [{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }],
      { due_date: day(-1) },
    );
    const asLearner = caller(t, learner.headers);
    const task = tasks[0].assignment_task_uuid;
    const save = await asLearner('PUT', `/${uuid}/tasks/${task}/submissions`, {
      task_submission: { answer: 'x' },
    });
    expect(save.statusCode).toBe(403);
    expect(save.json().detail).toBe('Assignment deadline has passed');
    expect((await asLearner('POST', `/${uuid}/submissions`)).json()).toEqual({
      detail: 'Assignment deadline has passed',
    });

    const token = await createApiToken(t, org, { assignments: { action_create: true } });
    const onBehalf = `?on_behalf_of_user_id=${learner.user.id}`;
    const asToken = caller(t, token.headers);
    expect(
      (
        await asToken('PUT', `/${uuid}/tasks/${task}/submissions${onBehalf}`, {
          task_submission: { answer: 'Jupiter' },
        })
      ).statusCode,
    ).toBe(200);
    const late = await asToken('POST', `/${uuid}/submissions${onBehalf}`);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ submission_status: 'LATE', late: true });
    // Grading keeps the late mark.
    const graded = await caller(t, instructor.headers)(
      'POST',
      `/${uuid}/submissions/${learner.user.id}/grade`,
    );
    expect(graded.json().grade).toBe(100);
    expect((await asLearner('GET', `/${uuid}/submissions/me`)).json()).toMatchObject([
      { submission_status: 'GRADED', late: true },
    ]);

    // An instructor session may submit on behalf too; a learner may not.
    const other = await assignmentWithTasks(t, [{ type: 'OTHER' }], { due_date: day(-3) });
    const forLearner = `?on_behalf_of_user_id=${other.learner.user.id}`;
    const notAllowed = await caller(t, other.learner.headers)(
      'POST',
      `/${other.uuid}/submissions?on_behalf_of_user_id=${other.instructor.user.id}`,
    );
    expect(notAllowed.json()).toEqual({ detail: 'Only instructors can submit on behalf of a learner' });
    const byInstructor = await caller(t, other.instructor.headers)(
      'POST',
      `/${other.uuid}/submissions${forLearner}`,
    );
    expect(byInstructor.json()).toMatchObject({
      user_id: other.learner.user.id,
      submission_status: 'LATE',
      late: true,
    });
  });

  it('the whole due day counts; a date and time counts to the second', async () => {
    const today = await assignmentWithTasks(t, [{ type: 'OTHER' }], { due_date: day(0) });
    expect(
      (await caller(t, today.learner.headers)('POST', `/${today.uuid}/submissions`)).json(),
    ).toMatchObject({
      submission_status: 'SUBMITTED',
      late: false,
    });
    const soon = await assignmentWithTasks(t, [{ type: 'OTHER' }], {
      due_date: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await caller(t, soon.learner.headers)('POST', `/${soon.uuid}/submissions`)).statusCode).toBe(200);
    const gone = await assignmentWithTasks(t, [{ type: 'OTHER' }], {
      due_date: new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00'),
    });
    expect((await caller(t, gone.learner.headers)('POST', `/${gone.uuid}/submissions`)).statusCode).toBe(403);
  });
});

describe('retries', () => {
  it('follow the product rules and the attempt cap', async () => {
    const { uuid, tasks, learner, instructor, org, course } = await assignmentWithTasks(t, [
      { type: 'QUIZ', contents: QUIZ_CONTENTS },
    ]);
    const asLearner = caller(t, learner.headers);
    const asInstructor = caller(t, instructor.headers);
    const task = tasks[0].assignment_task_uuid;
    const retry = () => asLearner('POST', `/${uuid}/submissions/me/retry`);

    expect((await retry()).json()).toEqual({ detail: 'Retries are not enabled for this assignment' });
    await asInstructor('PUT', `/${uuid}`, { allow_retries: true });
    expect((await retry()).json()).toEqual({ detail: 'Assignment User Submission not found' });
    const token = await createApiToken(t, org);
    expect((await caller(t, token.headers)('POST', `/${uuid}/submissions/me/retry`)).json()).toEqual({
      detail: 'API tokens cannot access assignments. Only user authentication is allowed.',
    });

    // Without auto-grading the submission stays SUBMITTED until a teacher grades it.
    await asLearner('PUT', `/${uuid}/tasks/${task}/submissions`, { task_submission: QUIZ_ANSWER_75 });
    await asLearner('POST', `/${uuid}/submissions`);
    const notGraded = await retry();
    expect(notGraded.statusCode).toBe(400);
    expect(notGraded.json().detail).toBe('Only graded submissions can be retried');

    await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`, {
      overall_feedback: 'Try again',
    });
    const first = await retry();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Assignment User Submission reset for retry',
      attempt_number: 2,
      max_retries: 2,
      submission: { submission_status: 'PENDING', grade: 0, overall_feedback: null, attempt_number: 2 },
    });
    // The answers are gone and the activity is open again.
    expect((await asLearner('GET', `/${uuid}/tasks/submissions/me`)).json()).toEqual({ [task]: null });
    const progress = await t.inject({
      method: 'GET',
      url: `/api/v1/trail/course/${course.course_uuid}/progress`,
      headers: learner.headers,
    });
    expect(progress.json().completed_activities).toBe(0);

    // The second attempt reuses the row.
    await asLearner('PUT', `/${uuid}/tasks/${task}/submissions`, { task_submission: QUIZ_ANSWER_75 });
    const resubmitted = await asLearner('POST', `/${uuid}/submissions`);
    expect(resubmitted.json()).toMatchObject({
      id: first.json().submission.id,
      submission_status: 'SUBMITTED',
      attempt_number: 2,
    });
    const submittedEvents = (await outboxEvents(t, 'assignment_submitted')).filter(
      (e) => e.org_id === org.id,
    );
    expect(submittedEvents.map((e) => e.data.attempt_number)).toEqual([1, 2]);
    await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`);
    const capped = await retry();
    expect(capped.statusCode).toBe(403);
    expect(capped.json().detail).toBe('No retry attempts remaining');

    // The assignment's own cap wins over the deployment's.
    await asInstructor('PUT', `/${uuid}`, { max_retries: 3 });
    expect((await retry()).json()).toMatchObject({ attempt_number: 3, max_retries: 3 });
  });
});
