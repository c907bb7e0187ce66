import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type AssignmentSettings,
  assignmentWithTasks,
  FORM_CONTENTS,
  NUMBER_ANSWER_CONTENTS,
  QUIZ_CONTENTS,
  SHORT_ANSWER_CONTENTS,
} from '../../../../test/assignment-factories.ts';
import { asPrincipal } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { multipartPayload } from '../../../../test/multipart.ts';
import { SAMPLES } from '../../../../test/sample-files.ts';
import { WebClient } from '../../../../test/web-client.ts';
import { childKey } from '../../../core/storage/object-keys.ts';
import { loadTask, taskFolder } from '../../assignments/lookups.ts';
import { SUBMISSIONS_FOLDER } from '../../assignments/task-files.ts';
import { updateCourse } from '../../courses/service.ts';
import { activityHref } from '../pages/course.ts';
import { blankFieldName, optionFieldName } from './answer-form.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Task = { type: string; contents?: Record<string, unknown> };

async function openAssignment(tasks: Task[], settings: AssignmentSettings = {}) {
  const setup = await assignmentWithTasks(t, tasks, settings);
  const pageUrl = activityHref(setup.org, setup.course.course_uuid, setup.activity.activity_uuid);
  const browser = WebClient.withSession(t, setup.learner.token);
  const taskUrl = (index: number) => `${pageUrl}/assignment/tasks/${setup.tasks[index].assignment_task_uuid}`;
  return { ...setup, pageUrl, browser, taskUrl };
}

/** Ticks options a and c of QUIZ_CONTENTS: every option right. */
const ALL_RIGHT_QUIZ = {
  [optionFieldName('question_1', 'option_a')]: 'true',
  [optionFieldName('question_1', 'option_c')]: 'true',
};

async function myAnswers(t: TestApp, uuid: string, headers: Record<string, string>) {
  const response = await t.inject({ method: 'GET', url: `${API}/${uuid}/tasks/submissions/me`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('taking an assignment through the pages', () => {
  it('saves quiz and short answers, submits, and shows the grade once an instructor grades it', async () => {
    const a = await openAssignment([
      { type: 'QUIZ', contents: QUIZ_CONTENTS },
      { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
    ]);
    const first = await a.browser.get(a.pageUrl);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Homework 1');
    expect(first.body).toContain('Pick the primes');
    expect(first.body).toContain('Largest planet?');
    expect(first.body).toContain(`action="${a.taskUrl(0)}"`);
    // Answer keys are stripped by the service for a learner who has not submitted.
    expect(first.body).not.toContain('Jupiter');
    expect(first.body).not.toContain('Answer key');

    const savedQuiz = await a.browser.post(a.taskUrl(0), ALL_RIGHT_QUIZ);
    expect(savedQuiz.statusCode).toBe(303);
    expect(savedQuiz.headers.location).toBe(`${a.pageUrl}#task-${a.tasks[0].assignment_task_uuid}`);
    expect((await a.browser.post(a.taskUrl(1), { answer: 'jupiter' })).statusCode).toBe(303);

    const answers = await myAnswers(t, a.uuid, a.learner.headers);
    expect(answers[a.tasks[0].assignment_task_uuid].task_submission.submissions).toEqual([
      { questionUUID: 'question_1', optionUUID: 'option_a', answer: true },
      { questionUUID: 'question_1', optionUUID: 'option_b', answer: false },
      { questionUUID: 'question_1', optionUUID: 'option_c', answer: true },
      { questionUUID: 'question_1', optionUUID: 'option_d', answer: false },
    ]);
    expect(answers[a.tasks[1].assignment_task_uuid].task_submission).toEqual({ answer: 'jupiter' });

    const filled = await a.browser.get(a.pageUrl);
    expect(filled.body).toMatch(
      /name="option\[&quot;question_1&quot;,&quot;option_a&quot;\]" value="true" checked/,
    );
    expect(filled.body).toContain('>jupiter</textarea>');
    expect(filled.body).toContain('You have answered 2 of 2 tasks');

    const submitted = await a.browser.post(`${a.pageUrl}/assignment/submit`);
    expect(submitted.statusCode).toBe(303);
    const waiting = await a.browser.get(a.pageUrl);
    expect(waiting.body).toContain('Waiting for grading');
    expect(waiting.body).toContain('Your answer: jupiter');
    expect(waiting.body).not.toContain(`action="${a.taskUrl(0)}"`);
    expect(waiting.body).not.toContain('Jupiter');

    const graded = await t.inject({
      method: 'POST',
      url: `${API}/${a.uuid}/submissions/${a.learner.user.id}/grade`,
      headers: a.instructor.headers,
      payload: { overall_feedback: 'Well done <b>you</b>' },
    });
    expect(graded.statusCode).toBe(200);

    const result = await a.browser.get(a.pageUrl);
    expect(result.body).toContain('Your grade');
    expect(result.body).toContain('100.00%');
    expect(result.body).toContain('200/200 pts');
    expect(result.body).toContain('Passed');
    expect(result.body).toContain('Well done &lt;b&gt;you&lt;/b&gt;');
    expect(result.body).toContain('Results per task');
    // show_correct_answers is off: still no keys after grading.
    expect(result.body).not.toContain('Jupiter');
    expect(result.body).not.toContain('Accepted answers');
  });

  it('shows correct answers after submission only when the assignment allows it', async () => {
    const a = await openAssignment(
      [
        { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
        { type: 'QUIZ', contents: QUIZ_CONTENTS },
      ],
      { show_correct_answers: true },
    );
    await a.browser.post(a.taskUrl(0), { answer: 'Saturn' });
    expect((await a.browser.get(a.pageUrl)).body).not.toContain('Jupiter');
    await a.browser.post(`${a.pageUrl}/assignment/submit`);
    const after = await a.browser.get(a.pageUrl);
    expect(after.body).toContain('Accepted answers: Jupiter');
    expect(after.body).toContain('Explanation: Jupiter is the largest.');
    expect(after.body).toContain('Correct: tick');
  });

  it('stores fill-in-the-blanks and number answers in the shapes the product uses', async () => {
    const a = await openAssignment([
      { type: 'FORM', contents: FORM_CONTENTS },
      { type: 'NUMBER_ANSWER', contents: { ...NUMBER_ANSWER_CONTENTS, unit: 'units' } },
    ]);
    const page = await a.browser.get(a.pageUrl);
    expect(page.body).toContain('<label for="task1-q0-b0">France</label>');
    expect(page.body).toContain('Your answer (units)');
    expect(page.body).not.toContain('Paris');
    expect(page.body).not.toContain('3.14');

    await a.browser.post(a.taskUrl(0), {
      [blankFieldName('question_f', 'blank_1')]: 'Paris',
      [blankFieldName('question_f', 'blank_2')]: 'Milan',
      [blankFieldName('question_x', 'blank_9')]: 'not in the task',
    });
    await a.browser.post(a.taskUrl(1), { answer: ' 3,14 ' });
    const answers = await myAnswers(t, a.uuid, a.learner.headers);
    expect(answers[a.tasks[0].assignment_task_uuid].task_submission).toEqual({
      submissions: [
        { questionUUID: 'question_f', blankUUID: 'blank_1', answer: 'Paris' },
        { questionUUID: 'question_f', blankUUID: 'blank_2', answer: 'Milan' },
      ],
    });
    expect(answers[a.tasks[1].assignment_task_uuid].task_submission).toEqual({ answer: '3,14' });
    expect((await a.browser.get(a.pageUrl)).body).toContain('value="Milan"');
  });

  it('uploads a file answer through a multipart form carrying the CSRF token in its address', async () => {
    const a = await openAssignment([{ type: 'FILE_SUBMISSION' }]);
    const page = await a.browser.get(a.pageUrl);
    const action = /action="([^"]+\/file\?_csrf=[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBeDefined();
    const upload = (url: string) =>
      multipartPayload({}, [
        { field: 'sub_file', filename: 'essay.pdf', contentType: 'application/pdf', content: SAMPLES.pdf },
      ]).then(({ payload, headers }) =>
        t.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: a.browser.cookieHeader } }),
      );
    const refused = await upload(action!.replace(/\?_csrf=.*/, ''));
    expect(refused.statusCode).toBe(403);

    const uploaded = await upload(action!);
    expect(uploaded.statusCode).toBe(303);
    const answers = await myAnswers(t, a.uuid, a.learner.headers);
    const fileName = answers[a.tasks[0].assignment_task_uuid].task_submission.fileUUID;
    expect(fileName).toMatch(/_submission\.pdf$/);
    const after = await a.browser.get(a.pageUrl);
    expect(after.body).toContain(`/subs/${fileName}`);
    const file = await t.inject({
      method: 'GET',
      url: /href="(\/api\/v1\/content\/[^"]+\/subs\/[^"]+)"/.exec(after.body)![1],
      headers: { cookie: a.browser.cookieHeader },
    });
    expect(file.statusCode).toBe(200);
  });

  it('keeps no file when the answer it was uploaded for is refused', async () => {
    const a = await openAssignment([{ type: 'FILE_SUBMISSION' }]);
    const page = await a.browser.get(a.pageUrl);
    const action = /action="([^"]+\/file\?_csrf=[^"]+)"/.exec(page.body)![1].replaceAll('&amp;', '&');
    const upload = () =>
      multipartPayload({}, [
        { field: 'sub_file', filename: 'essay.pdf', contentType: 'application/pdf', content: SAMPLES.pdf },
      ]).then(({ payload, headers }) =>
        t.inject({
          method: 'POST',
          url: action,
          payload,
          headers: { ...headers, cookie: a.browser.cookieHeader },
        }),
      );
    expect((await upload()).statusCode).toBe(303);
    const closed = await t.inject({
      method: 'PUT',
      url: `${API}/${a.uuid}`,
      payload: { due_date: '2001-01-01' },
      headers: a.instructor.headers,
    });
    expect(closed.statusCode).toBe(200);

    const late = await upload();
    expect(late.statusCode).toBe(403);
    expect(late.body).toContain('Assignment deadline has passed');
    const db = t.ctx.database.db;
    const { assignment, course, task } = await loadTask(db, a.uuid, a.tasks[0].assignment_task_uuid);
    const rows = await db
      .selectFrom('assignment_submission_files')
      .select('file_name')
      .where('assignment_task_id', '=', task.id)
      .execute();
    expect(rows).toHaveLength(1);
    const folder = childKey(await taskFolder(db, course, assignment, task), SUBMISSIONS_FOLDER);
    // Only the first, accepted upload is stored (removing the folder counts what was there).
    expect(await t.ctx.storage.deletePrefix(folder)).toBe(1);
  });

  it('explains a passed due date and shows the service refusal beside the task', async () => {
    const a = await openAssignment([{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }], {
      due_date: '2001-01-01',
    });
    const page = await a.browser.get(a.pageUrl);
    expect(page.body).toContain('The due date has passed');
    expect(page.body).not.toContain('Submit assignment');
    const refused = await a.browser.post(a.taskUrl(0), { answer: 'late' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Assignment deadline has passed');
    expect(refused.body).toContain(`href="${a.pageUrl}"`);
  });

  it('lets a graded learner retry while attempts remain', async () => {
    const a = await openAssignment([{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }], {
      auto_grading: true,
      allow_retries: true,
      max_retries: 2,
    });
    await a.browser.post(a.taskUrl(0), { answer: 'Mars' });
    await a.browser.post(`${a.pageUrl}/assignment/submit`);
    const graded = await a.browser.get(a.pageUrl);
    expect(graded.body).toContain('0/100 pts');
    expect(graded.body).toContain('Not passed');
    expect(graded.body).toContain('attempt 2 of 2');

    expect((await a.browser.post(`${a.pageUrl}/assignment/retry`)).statusCode).toBe(303);
    const reopened = await a.browser.get(a.pageUrl);
    expect(reopened.body).toContain('Attempt 2: answer the tasks again');
    expect(reopened.body).toContain(`action="${a.taskUrl(0)}"`);

    await a.browser.post(a.taskUrl(0), { answer: 'Jupiter' });
    await a.browser.post(`${a.pageUrl}/assignment/submit`);
    const last = await a.browser.get(a.pageUrl);
    expect(last.body).toContain('100/100 pts');
    expect(last.body).toContain('No attempts left');
    const again = await a.browser.post(`${a.pageUrl}/assignment/retry`);
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain('No retry attempts remaining');
  });

  it('turns copy and paste off with a script only when the assignment asks for it', async () => {
    const plain = await openAssignment([{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }]);
    expect((await plain.browser.get(plain.pageUrl)).body).not.toContain('assignment.js');
    const settings = { anti_copy_paste: true } as AssignmentSettings;
    const guarded = await openAssignment(
      [{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }],
      settings,
    );
    const page = (await guarded.browser.get(guarded.pageUrl)).body;
    expect(page).toContain('<script type="module" src="/assets/assignment.js"></script>');
    expect(page).toContain('data-anti-copy-paste');
    expect(page).toContain('Copying and pasting is turned off');
  });

  it('asks anonymous visitors to sign in and refuses posts without a CSRF token', async () => {
    const a = await openAssignment([{ type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS }]);
    await updateCourse(t.ctx, asPrincipal(a.instructor), a.course.course_uuid, { public: true });
    const anonymous = new WebClient(t);
    const page = await anonymous.get(a.pageUrl);
    expect(page.body).toContain(`/sign-in?next=${encodeURIComponent(a.pageUrl)}`);
    expect(page.body).not.toContain('Largest planet?');
    const post = await anonymous.post(a.taskUrl(0), { answer: 'x' });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toContain('/sign-in?next=');

    const forged = await t.inject({
      method: 'POST',
      url: a.taskUrl(0),
      payload: 'answer=forged',
      headers: { cookie: a.browser.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(403);
    const answers = await myAnswers(t, a.uuid, a.learner.headers);
    expect(answers[a.tasks[0].assignment_task_uuid]).toBeNull();
  });
});
