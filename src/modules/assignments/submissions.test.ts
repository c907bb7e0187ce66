import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentWithTasks,
  caller,
  FORM_CONTENTS,
  NUMBER_ANSWER_CONTENTS,
  QUIZ_ANSWER_75,
  QUIZ_CONTENTS,
  SHORT_ANSWER_CONTENTS,
} from '../../../test/assignment-factories.ts';
import { createApiToken, outboxEvents } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventsOf(orgId: number, name: string) {
  return (await outboxEvents(t, name)).filter((event) => event.org_id === orgId);
}

async function progressOf(headers: Record<string, string>, courseUuid: string) {
  const response = await t.inject({
    method: 'GET',
    url: `/api/v1/trail/course/${courseUuid}/progress`,
    headers,
  });
  return response.json();
}

describe('a learner answers, submits and is auto-graded', () => {
  it('runs the whole flow over a session', async () => {
    const setup = await assignmentWithTasks(
      t,
      [
        { type: 'QUIZ', contents: QUIZ_CONTENTS },
        { type: 'FORM', contents: FORM_CONTENTS },
        { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
        { type: 'NUMBER_ANSWER', contents: NUMBER_ANSWER_CONTENTS },
      ],
      { auto_grading: true, grading_type: 'PERCENTAGE', due_date: '2999-01-01' },
    );
    const { uuid, tasks, learner, instructor, org, course } = setup;
    await t.inject({
      method: 'POST',
      url: '/api/v1/certifications/',
      headers: instructor.headers,
      payload: { course_id: course.id, config: { title: 'Done' } },
    });
    const asLearner = caller(t, learner.headers);
    const [quiz, form, short, number] = tasks.map((task) => task.assignment_task_uuid as string);
    const save = (task: string, body: Record<string, unknown>) =>
      asLearner('PUT', `/${uuid}/tasks/${task}/submissions`, body);

    // Keys are not for learners.
    const listed = (await asLearner('GET', `/${uuid}/tasks`)).json();
    const shortTask = listed.find(
      (task: { assignment_task_uuid: string }) => task.assignment_task_uuid === short,
    );
    expect(shortTask.contents).toEqual({ prompt: 'Largest planet?', match_mode: 'case_insensitive' });

    // A learner's grade is refused; the client's usual grade 0 with empty feedback is fine.
    const tampered = await save(quiz, { task_submission: QUIZ_ANSWER_75, grade: 100 });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().detail).toBe('You do not have permission to update grades');
    expect(
      (await save(quiz, { task_submission: QUIZ_ANSWER_75, task_submission_grade_feedback: 'A+' }))
        .statusCode,
    ).toBe(403);
    const saved = await save(quiz, {
      task_submission: QUIZ_ANSWER_75,
      grade: 0,
      task_submission_grade_feedback: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      task_submission: QUIZ_ANSWER_75,
      grade: 0,
      manually_graded: false,
      assignment_type: 'QUIZ',
      user_id: learner.user.id,
      course_id: course.id,
    });
    const formAnswer = {
      submissions: [
        { questionUUID: 'question_f', blankUUID: 'blank_1', answer: ' paris ' },
        { questionUUID: 'question_f', blankUUID: 'blank_2', answer: 'Milan' },
      ],
    };
    expect((await save(form, { task_submission: formAnswer })).statusCode).toBe(200);
    expect((await save(short, { task_submission: { answer: 'jupiter' } })).statusCode).toBe(200);
    expect((await save(number, { task_submission: { answer: '3,2' } })).statusCode).toBe(200);
    // Saving again updates the same row.
    const again = await save(number, { task_submission: { answer: '3,15' } });
    const mine = (await asLearner('GET', `/${uuid}/tasks/submissions/me`)).json();
    expect(Object.keys(mine).sort()).toEqual([quiz, form, short, number].sort());
    expect(mine[number]).toMatchObject({ id: again.json().id, task_submission: { answer: '3,15' } });
    expect((await asLearner('GET', `/${uuid}/tasks/${short}/submissions/me`)).json().task_submission).toEqual(
      {
        answer: 'jupiter',
      },
    );
    expect((await asLearner('GET', `/${uuid}/submissions/me`)).json()).toEqual([]);

    const submitted = await asLearner('POST', `/${uuid}/submissions`);
    expect(submitted.statusCode).toBe(200);
    // Quiz 75, form 50 (one blank of two), short answer 100, number 0 (3.15 is 0.01 from 3.14, beyond ±0.005).
    expect(submitted.json()).toMatchObject({
      submission_status: 'GRADED',
      grade: 225,
      attempt_number: 1,
      late: false,
      user_id: learner.user.id,
    });

    const grade = (await asLearner('GET', `/${uuid}/submissions/${learner.user.id}/grade`)).json();
    expect(grade).toMatchObject({
      grade: 225,
      max_grade: 400,
      percentage: 56.25,
      display_grade: '56.25%',
      letter_grade: 'F',
      points_summary: '225/400 pts',
      percentage_display: '56.25%',
      passed: true,
      passing_threshold: 50,
      grading_type: 'PERCENTAGE',
      overall_feedback: null,
    });
    expect(grade.tasks.map((row: { grade: number; feedback: string }) => [row.grade, row.feedback])).toEqual([
      [75, 'Server-verified: correct'],
      [50, 'Server-verified: correct'],
      [100, 'Server-verified: correct'],
      [0, ''],
    ]);

    // Submitting marked the activity (the course's only one) done: the course is complete, the certificate awarded.
    expect(await progressOf(learner.headers, course.course_uuid)).toMatchObject({
      completed: true,
      completed_activities: 1,
    });
    const submittedEvents = await eventsOf(org.id, 'assignment_submitted');
    expect(submittedEvents).toHaveLength(1);
    expect(submittedEvents[0].data).toEqual({
      user: { user_uuid: learner.user.user_uuid, email: learner.email, username: learner.user.username },
      assignment: { assignment_uuid: uuid },
      course: { course_uuid: course.course_uuid, name: course.name },
      attempt_number: 1,
    });
    const graded = await eventsOf(org.id, 'assignment_graded');
    expect(graded).toHaveLength(1);
    expect(graded[0].data).toEqual({
      user_id: learner.user.id,
      assignment_uuid: uuid,
      course_uuid: course.course_uuid,
      grade: 225,
      max_grade: 400,
      percentage: 56.25,
      display_grade: '56.25%',
      letter_grade: 'F',
      points_summary: '225/400 pts',
      passed: true,
      grading_type: 'PERCENTAGE',
      overall_feedback: null,
      auto_graded: true,
    });
    expect(await eventsOf(org.id, 'activity_completed')).toHaveLength(1);
    expect(await eventsOf(org.id, 'certificate_claimed')).toHaveLength(1);

    // Once in: no second submission, no more answer changes.
    const twice = await asLearner('POST', `/${uuid}/submissions`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().detail).toBe('Assignment User Submission already exists');
    expect((await save(number, { task_submission: { answer: '3.14' } })).statusCode).toBe(403);
    expect((await asLearner('GET', `/${uuid}/submissions/me`)).json()).toMatchObject([
      { submission_status: 'GRADED' },
    ]);
    expect(await eventsOf(org.id, 'assignment_submitted')).toHaveLength(1);
  });
});

describe('a token submits for a learner; an instructor grades by hand', () => {
  it('on-behalf answers and submission, manual grades, recompute, direct set', async () => {
    const setup = await assignmentWithTasks(
      t,
      [
        { type: 'QUIZ', contents: QUIZ_CONTENTS },
        { type: 'CUSTOM', contents: { rubric: 'anything' } },
      ],
      { grading_type: 'NUMERIC' },
    );
    const { uuid, tasks, learner, instructor, org, course } = setup;
    const [quiz, custom] = tasks.map((task) => task.assignment_task_uuid as string);
    const submitter = await createApiToken(t, org, { assignments: { action_create: true } });
    const asToken = caller(t, submitter.headers);
    const onBehalf = `?on_behalf_of_user_id=${learner.user.id}`;

    const quizSave = await asToken('PUT', `/${uuid}/tasks/${quiz}/submissions${onBehalf}`, {
      task_submission: QUIZ_ANSWER_75,
    });
    expect(quizSave.statusCode).toBe(200);
    expect(quizSave.json().user_id).toBe(learner.user.id);
    // Without assignments.read the echo carries no keys (this answer has none anyway).
    expect(quizSave.json().task_submission).toEqual(QUIZ_ANSWER_75);
    const customAnswer = '{"essay":"Hello","score_hint":1.50,"1":true}';
    const customSave = await t.inject({
      method: 'PUT',
      url: `/api/v1/assignments/${uuid}/tasks/${custom}/submissions${onBehalf}`,
      headers: { ...submitter.headers, 'content-type': 'application/json' },
      payload: `{"task_submission":${customAnswer},"grade":0}`,
    });
    expect(customSave.statusCode).toBe(200);
    expect(customSave.body).toContain(`"task_submission":${customAnswer},`);
    // A token may not grade without assignments.update.
    expect(
      (
        await asToken('PUT', `/${uuid}/tasks/${quiz}/submissions${onBehalf}`, {
          task_submission: {},
          grade: 5,
        })
      ).statusCode,
    ).toBe(403);

    const submitted = await asToken('POST', `/${uuid}/submissions${onBehalf}`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      submission_status: 'SUBMITTED',
      grade: 0,
      user_id: learner.user.id,
    });
    expect(await eventsOf(org.id, 'assignment_graded')).toHaveLength(0);
    expect((await progressOf(learner.headers, course.course_uuid)).completed_activities).toBe(1);

    // The teacher grades the CUSTOM answer by hand and posts a wrong grade for the quiz without the override flag.
    const asInstructor = caller(t, instructor.headers);
    const customRow = customSave.json();
    const manual = await asInstructor('PUT', `/${uuid}/tasks/${custom}/submissions`, {
      assignment_task_submission_uuid: customRow.assignment_task_submission_uuid,
      grade: 40,
      task_submission_grade_feedback: 'Good essay',
      manually_graded: true,
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toMatchObject({ user_id: learner.user.id, grade: 40, manually_graded: true });
    expect(manual.body).toContain(`"task_submission":${customAnswer},`);
    await asInstructor('PUT', `/${uuid}/tasks/${quiz}/submissions${onBehalf}`, { grade: 100 });

    const gradedOnce = await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`, {
      overall_feedback: 'Nice',
    });
    expect(gradedOnce.statusCode).toBe(200);
    // The quiz is recomputed (75); the CUSTOM override stays (40): 115 of 200.
    expect(gradedOnce.json()).toMatchObject({
      grade: 115,
      max_grade: 200,
      percentage: 57.5,
      display_grade: '58/100',
      overall_feedback: 'Nice',
      message: 'Assignment User Submission graded: 58/100',
    });
    expect(gradedOnce.json().tasks[1]).toMatchObject({
      grade: 40,
      feedback: 'Good essay',
      manually_graded: true,
    });

    // A teacher's override of an auto-graded task survives the recompute too.
    await asInstructor('PUT', `/${uuid}/tasks/${quiz}/submissions${onBehalf}`, {
      grade: 10,
      manually_graded: true,
    });
    const keep = await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`);
    expect(keep.json()).toMatchObject({ grade: 50, overall_feedback: 'Nice' });
    const cleared = await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`, {
      overall_feedback: '',
    });
    expect(cleared.json().overall_feedback).toBeNull();
    const kept = await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`, {
      overall_feedback: null,
    });
    expect(kept.json().overall_feedback).toBeNull();
    expect(await eventsOf(org.id, 'assignment_graded')).toHaveLength(4);

    // Tokens grade with assignments.update and read with assignments.read.
    const grader = await createApiToken(t, org, { assignments: { action_read: true, action_update: true } });
    const asGrader = caller(t, grader.headers);
    const byToken = await asGrader('POST', `/${uuid}/submissions/${learner.user.id}/grade`, {
      overall_feedback: 'Token',
    });
    expect(byToken.json()).toMatchObject({ grade: 50, overall_feedback: 'Token' });
    expect((await asGrader('GET', `/${uuid}/submissions/${learner.user.id}/grade`)).json().grade).toBe(50);
    expect((await asToken('POST', `/${uuid}/submissions/${learner.user.id}/grade`)).json().detail).toBe(
      "API token does not have 'update' permission for assignments",
    );

    // The direct set: as given, nothing recomputed; the product's body, plus overall_feedback.
    const direct = await asGrader('PUT', `/${uuid}/submissions/${learner.user.id}`, {
      assignment_id: setup.assignment.id,
      grade: 7,
      submission_status: 'GRADED',
      overall_feedback: 'Set by hand',
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toMatchObject({
      grade: 7,
      submission_status: 'GRADED',
      overall_feedback: 'Set by hand',
    });
    const lastGraded = (await eventsOf(org.id, 'assignment_graded')).at(-1);
    expect(lastGraded?.data).toMatchObject({ grade: 7, overall_feedback: 'Set by hand', auto_graded: false });
    expect(await eventsOf(org.id, 'assignment_graded')).toHaveLength(6);
    expect((await asGrader('GET', `/${uuid}/submissions/${learner.user.id}/grade`)).json()).toMatchObject({
      grade: 7,
      display_grade: '4/100',
      overall_feedback: 'Set by hand',
    });
    const noId = await asGrader('PUT', `/${uuid}/submissions/${learner.user.id}`, { grade: 1 });
    expect(noId.statusCode).toBe(422);
    const wrongId = await asGrader('PUT', `/${uuid}/submissions/${learner.user.id}`, {
      assignment_id: 999_999,
    });
    expect(wrongId.statusCode).toBe(400);
    const learnerSets = await caller(t, learner.headers)('PUT', `/${uuid}/submissions/${learner.user.id}`, {
      assignment_id: setup.assignment.id,
      grade: 200,
    });
    expect(learnerSets.statusCode).toBe(403);

    // Lists: instructors see everyone with grade_display; learners only themselves.
    const list = (await asGrader('GET', `/${uuid}/submissions`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].grade_display).toMatchObject({ grade: 7, display_grade: '4/100', overall_feedback: null });
    expect(list[0].grade_display.tasks).toBeUndefined();
    const taskAnswers = (await asGrader('GET', `/${uuid}/tasks/${quiz}/submissions?limit=10`)).json();
    expect(taskAnswers.map((row: { user_id: number }) => row.user_id)).toEqual([learner.user.id]);
    expect((await asGrader('GET', `/${uuid}/submissions/${learner.user.id}`)).json()).toHaveLength(1);
    expect(
      (await asGrader('GET', `/${uuid}/tasks/${quiz}/submissions/user/${learner.user.id}`)).json().grade,
    ).toBe(10);
  });
});

describe('grading types through HTTP', () => {
  // 75% (three of four quiz options right) on every scale.
  it.each([
    ['ALPHABET', 'C', 60],
    ['NUMERIC', '75/100', 50],
    ['PERCENTAGE', '75.00%', 50],
    ['PASS_FAIL', 'Pass', 50],
    ['GPA_SCALE', '2.0', 60],
  ])('%s shows %s', async (gradingType, display, threshold) => {
    const { uuid, tasks, learner, org } = await assignmentWithTasks(
      t,
      [{ type: 'QUIZ', contents: QUIZ_CONTENTS }],
      {
        grading_type: gradingType,
        auto_grading: true,
      },
    );
    const token = await createApiToken(t, org, { assignments: { action_create: true, action_read: true } });
    const asToken = caller(t, token.headers);
    const onBehalf = `?on_behalf_of_user_id=${learner.user.id}`;
    await asToken('PUT', `/${uuid}/tasks/${tasks[0].assignment_task_uuid}/submissions${onBehalf}`, {
      task_submission: QUIZ_ANSWER_75,
    });
    expect((await asToken('POST', `/${uuid}/submissions${onBehalf}`)).json().submission_status).toBe(
      'GRADED',
    );
    expect((await asToken('GET', `/${uuid}/submissions/${learner.user.id}/grade`)).json()).toMatchObject({
      grade: 75,
      percentage: 75,
      display_grade: display,
      letter_grade: 'C',
      passed: true,
      passing_threshold: threshold,
      grading_type: gradingType,
      percentage_display: '75.00%',
    });
  });
});

describe('rejecting and marking done', () => {
  it('a rejection reopens the activity and keeps the answers; mark done needs a started activity', async () => {
    const { uuid, tasks, learner, instructor, org, course } = await assignmentWithTasks(t, [
      { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
    ]);
    await t.inject({
      method: 'POST',
      url: '/api/v1/certifications/',
      headers: instructor.headers,
      payload: { course_id: course.id, config: {} },
    });
    const asLearner = caller(t, learner.headers);
    const asInstructor = caller(t, instructor.headers);
    const task = tasks[0].assignment_task_uuid;
    expect((await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/done`)).json()).toEqual({
      detail: 'User not enrolled in the course',
    });
    await asLearner('PUT', `/${uuid}/tasks/${task}/submissions`, { task_submission: { answer: 'Mars' } });
    await asLearner('POST', `/${uuid}/submissions`);
    expect((await progressOf(learner.headers, course.course_uuid)).completed).toBe(true);

    const token = await createApiToken(t, org);
    expect(
      (await caller(t, token.headers)('DELETE', `/${uuid}/submissions/${learner.user.id}`)).statusCode,
    ).toBe(403);
    expect((await asLearner('DELETE', `/${uuid}/submissions/${learner.user.id}`)).statusCode).toBe(403);
    expect((await asInstructor('DELETE', `/${uuid}/submissions/${learner.user.id}`)).json()).toEqual({
      message: 'Assignment User Submission deleted',
    });
    expect(await progressOf(learner.headers, course.course_uuid)).toMatchObject({
      completed: false,
      completed_activities: 0,
    });
    const certificates = await t.inject({
      method: 'GET',
      url: `/api/v1/certifications/user/course/${course.course_uuid}`,
      headers: learner.headers,
    });
    expect(certificates.json()).toEqual([]);
    expect((await asLearner('GET', `/${uuid}/tasks/${task}/submissions/me`)).json().task_submission).toEqual({
      answer: 'Mars',
    });
    expect((await asInstructor('DELETE', `/${uuid}/submissions/${learner.user.id}`)).statusCode).toBe(404);

    expect((await asLearner('POST', `/${uuid}/submissions/${learner.user.id}/done`)).statusCode).toBe(403);
    expect((await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/done`)).json()).toEqual({
      message: 'Activity marked as done for user',
    });
    expect((await progressOf(learner.headers, course.course_uuid)).completed).toBe(true);

    // Deleting an answer: session users who may delete from the course.
    const answer = (await asLearner('GET', `/${uuid}/tasks/${task}/submissions/me`)).json();
    const path = `/${uuid}/tasks/${task}/submissions/${answer.assignment_task_submission_uuid}`;
    expect((await asLearner('DELETE', path)).statusCode).toBe(403);
    expect((await asInstructor('DELETE', path)).json()).toEqual({
      message: 'Assignment Task Submission deleted',
    });
    expect((await asLearner('GET', `/${uuid}/tasks/${task}/submissions/me`)).json()).toEqual({
      detail: 'Assignment Task Submission not found',
    });
  });
});
