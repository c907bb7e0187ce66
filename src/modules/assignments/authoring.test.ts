import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  assignmentActivity,
  assignmentWithTasks,
  caller,
  QUIZ_CONTENTS,
  SHORT_ANSWER_CONTENTS,
} from '../../../test/assignment-factories.ts';
import { asPrincipal, createApiToken, createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';
import { createActivity } from '../activities/service.ts';
import { createChapter } from '../chapters/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const assignmentBody = (setup: Awaited<ReturnType<typeof assignmentActivity>>, extra = {}) => ({
  title: 'Essay',
  description: 'Write it',
  grading_type: 'ALPHABET',
  org_id: setup.org.id,
  course_id: setup.course.id,
  chapter_id: setup.chapter.id,
  activity_id: setup.activity.id,
  ...extra,
});

describe('building an assignment activity (spec 4.5)', () => {
  it('activity shell, then the assignment, then a task; a learner sees it', async () => {
    const { org, instructor, learner, course, chapter } = await assignmentActivity(t);
    const shell = await t.inject({
      method: 'POST',
      url: '/api/v1/activities/',
      headers: instructor.headers,
      payload: {
        name: 'Quiz time',
        chapter_id: chapter.id,
        activity_type: 'TYPE_ASSIGNMENT',
        activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
        published: true,
      },
    });
    expect(shell.statusCode).toBe(200);
    const { id: activityId, activity_uuid } = shell.json();

    const created = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: instructor.headers,
      payload: {
        title: 'Quiz 1',
        description: 'Ten minutes',
        due_date: '2099-12-31',
        grading_type: 'PERCENTAGE',
        org_id: org.id,
        course_id: course.id,
        chapter_id: chapter.id,
        activity_id: activityId,
      },
    });
    expect(created.statusCode).toBe(200);
    const assignment = created.json();
    expect(assignment).toMatchObject({
      title: 'Quiz 1',
      due_date: '2099-12-31',
      grading_type: 'PERCENTAGE',
      published: false,
      auto_grading: false,
      show_correct_answers: false,
      allow_retries: false,
      max_retries: 0,
      org_id: org.id,
      course_id: course.id,
      chapter_id: chapter.id,
      activity_id: activityId,
      course_uuid: course.course_uuid,
      activity_uuid,
    });
    expect(assignment.assignment_uuid).toMatch(/^assignment_[0-9a-f-]{36}$/);

    const task = await t.inject({
      method: 'POST',
      url: `${API}/${assignment.assignment_uuid}/tasks`,
      headers: instructor.headers,
      payload: { title: 'Q1', description: '', hint: '', assignment_type: 'QUIZ', contents: QUIZ_CONTENTS },
    });
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({
      assignment_type: 'QUIZ',
      max_grade_value: 100,
      contents: QUIZ_CONTENTS,
    });
    expect(task.json().assignment_task_uuid).toMatch(/^assignmenttask_/);

    const asLearner = caller(t, learner.headers);
    const byActivity = await asLearner('GET', `/activity/${activity_uuid}`);
    expect(byActivity.statusCode).toBe(200);
    expect(byActivity.json().assignment_uuid).toBe(assignment.assignment_uuid);
    const tasks = await asLearner('GET', `/${assignment.assignment_uuid}/tasks`);
    expect(tasks.json()).toHaveLength(1);
    expect(tasks.json()[0].contents.questions[0].options[0]).toEqual({ optionUUID: 'option_a', text: '2' });
  });
});

describe('POST /assignments/ consistency', () => {
  it('refuses ids that do not agree, and a second assignment for one activity', async () => {
    const setup = await assignmentActivity(t);
    const post = (payload: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: `${API}/`, headers: setup.instructor.headers, payload });
    const principal = asPrincipal(setup.instructor);
    const { chapter: otherChapter } = await createChapter(t.ctx, principal, {
      name: 'Week 2',
      course_id: setup.course.id,
      org_id: setup.org.id,
    });
    const elsewhere = await assignmentActivity(t, setup.org);
    const { activity: page } = await createActivity(t.ctx, principal, {
      name: 'Page',
      chapter_id: setup.chapter.id,
    });
    const otherOrg = await createOrg(t);

    const cases: [Record<string, unknown>, number, unknown][] = [
      [{ org_id: otherOrg.id }, 422, ['body', 'org_id']],
      [{ chapter_id: elsewhere.chapter.id }, 422, ['body', 'chapter_id']],
      [{ activity_id: page.id }, 422, ['body', 'activity_id']],
      [{ course_id: 999_999 }, 404, 'Course not found'],
      [{ chapter_id: 999_999 }, 404, 'Chapter not found'],
      [{ activity_id: 999_999 }, 404, 'Activity not found'],
    ];
    for (const [override, status, detail] of cases) {
      const response = await post(assignmentBody(setup, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(status);
      if (status === 422) expect(response.json().detail[0].loc).toEqual(detail);
      else expect(response.json().detail).toBe(detail);
    }
    const missing = await post({ title: 'x', description: 'y', grading_type: 'NUMERIC' });
    expect(missing.statusCode).toBe(422);
    const badDate = await post(assignmentBody(setup, { due_date: 'next friday' }));
    expect(badDate.statusCode).toBe(422);

    expect((await post(assignmentBody(setup))).statusCode).toBe(200);
    const again = await post(assignmentBody(setup));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This activity already has an assignment');

    // The activity's chapter is checked too: an assignment activity linked elsewhere.
    const { activity: inOtherChapter } = await createActivity(t.ctx, principal, {
      name: 'Other homework',
      chapter_id: otherChapter.id,
      activity_type: 'TYPE_ASSIGNMENT',
      activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
    });
    const wrongChapter = await post(assignmentBody(setup, { activity_id: inOtherChapter.id }));
    expect(wrongChapter.statusCode).toBe(422);
    expect(wrongChapter.json().detail[0].msg).toBe('The activity is not in this chapter');
  });

  it('learners cannot create; tokens need their org and assignments.create', async () => {
    const setup = await assignmentActivity(t);
    const asLearner = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: setup.learner.headers,
      payload: assignmentBody(setup),
    });
    expect(asLearner.statusCode).toBe(403);

    const foreign = await createApiToken(t, await createOrg(t));
    const outside = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: foreign.headers,
      payload: assignmentBody(setup),
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toBe('API token cannot access resources outside its organization');

    const readOnly = await createApiToken(t, setup.org, { assignments: { action_read: true } });
    const noCreate = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: readOnly.headers,
      payload: assignmentBody(setup),
    });
    expect(noCreate.statusCode).toBe(403);
    expect(noCreate.json().detail).toBe("API token does not have 'create' permission for assignments");

    const writer = await createApiToken(t, setup.org, { assignments: { action_create: true } });
    const created = await t.inject({
      method: 'POST',
      url: `${API}/`,
      headers: writer.headers,
      payload: assignmentBody(setup),
    });
    expect(created.statusCode).toBe(200);
  });
});

describe('assignment reads, update, delete', () => {
  it('reads by uuid, activity and course; partial update; delete by uuid and by activity', async () => {
    const { uuid, instructor, learner, course, activity, org } = await assignmentWithTasks(t, [
      { type: 'OTHER' },
    ]);
    const asInstructor = caller(t, instructor.headers);
    const asLearner = caller(t, learner.headers);
    expect((await asLearner('GET', `/${uuid}`)).json()).toMatchObject({
      assignment_uuid: uuid,
      course_uuid: course.course_uuid,
      activity_uuid: activity.activity_uuid,
    });
    const list = await asLearner('GET', `/course/${course.course_uuid}`);
    expect(list.json().map((a: { assignment_uuid: string }) => a.assignment_uuid)).toEqual([uuid]);
    expect((await asLearner('GET', '/course/course_nope')).statusCode).toBe(404);
    expect((await asLearner('GET', '/assignment_nope')).json()).toEqual({ detail: 'Assignment not found' });

    const updated = await asInstructor('PUT', `/${uuid}`, {
      title: 'Renamed',
      due_date: null,
      allow_retries: true,
      max_retries: 3,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Renamed',
      description: 'Do it',
      allow_retries: true,
      max_retries: 3,
    });
    expect((await asLearner('PUT', `/${uuid}`, { title: 'Mine now' })).statusCode).toBe(403);

    const reader = await createApiToken(t, org, { assignments: { action_read: true, action_update: true } });
    expect((await caller(t, reader.headers)('DELETE', `/${uuid}`)).json()).toEqual({
      detail: "API token does not have 'delete' permission for assignments",
    });
    expect((await asLearner('DELETE', `/${uuid}`)).statusCode).toBe(403);
    expect((await asInstructor('DELETE', `/${uuid}`)).json()).toEqual({ message: 'Assignment deleted' });
    expect((await asInstructor('GET', `/${uuid}`)).statusCode).toBe(404);

    const second = await assignmentWithTasks(t, [{ type: 'OTHER' }]);
    const asOwner = caller(t, second.instructor.headers);
    expect((await asOwner('DELETE', `/activity/${second.activity.activity_uuid}`)).json()).toEqual({
      message: 'Assignment deleted',
    });
    expect((await asOwner('GET', `/activity/${second.activity.activity_uuid}`)).statusCode).toBe(404);
    // The activity itself stays.
    const activityRead = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${second.activity.activity_uuid}`,
      headers: second.instructor.headers,
    });
    expect(activityRead.statusCode).toBe(200);
  });
});

describe('tasks', () => {
  it('stores CUSTOM contents byte for byte and returns them unchanged', async () => {
    const { uuid, instructor, learner } = await assignmentWithTasks(t, []);
    // Integer-like keys, 1.0, a number beyond 2^53 and odd spacing would all change in a parse/serialize round trip.
    const contents =
      '{ "z": 1.0, "10": "ten", "2": [1e3, 12345678901234567890], "nested": {"b": null, "a": "\\u00e9"} }';
    const body = `{"title":"Custom","description":"","hint":"","assignment_type":"CUSTOM","contents":${contents}}`;
    const created = await t.inject({
      method: 'POST',
      url: `${API}/${uuid}/tasks`,
      headers: { ...instructor.headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain(`"contents":${contents},`);
    const taskUuid = created.json().assignment_task_uuid;
    for (const headers of [instructor.headers, learner.headers]) {
      const read = await t.inject({ method: 'GET', url: `${API}/task/${taskUuid}`, headers });
      expect(read.body).toContain(`"contents":${contents},`);
      const list = await t.inject({ method: 'GET', url: `${API}/${uuid}/tasks`, headers });
      expect(list.body).toContain(`"contents":${contents},`);
    }
  });

  it('lists newest first, updates (contents replaced whole), deletes; learners cannot author', async () => {
    const { uuid, instructor, learner, tasks } = await assignmentWithTasks(t, [
      { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
      { type: 'FILE_SUBMISSION' },
    ]);
    const asInstructor = caller(t, instructor.headers);
    const listed = (await asInstructor('GET', `/${uuid}/tasks`)).json();
    expect(listed.map((task: { assignment_task_uuid: string }) => task.assignment_task_uuid)).toEqual([
      tasks[1].assignment_task_uuid,
      tasks[0].assignment_task_uuid,
    ]);
    const path = `/${uuid}/tasks/${tasks[0].assignment_task_uuid}`;
    const updated = await asInstructor('PUT', path, {
      contents: { prompt: 'New' },
      max_grade_value: 10,
      title: null,
    });
    expect(updated.json()).toMatchObject({
      title: 'Task 1',
      contents: { prompt: 'New' },
      max_grade_value: 10,
    });
    expect((await caller(t, learner.headers)('PUT', path, { title: 'x' })).statusCode).toBe(403);
    expect((await caller(t, learner.headers)('POST', `/${uuid}/tasks`, { ...listed[0] })).statusCode).toBe(
      403,
    );
    // A task is only reachable under its own assignment.
    const otherAssignment = await assignmentWithTasks(t, []);
    const misplaced = await caller(t, otherAssignment.instructor.headers)(
      'PUT',
      `/${otherAssignment.uuid}/tasks/${tasks[0].assignment_task_uuid}`,
      {},
    );
    expect(misplaced.json()).toEqual({ detail: 'Assignment Task not found' });
    expect((await asInstructor('DELETE', path)).json()).toEqual({ message: 'Assignment Task deleted' });
    expect((await asInstructor('GET', `/task/${tasks[0].assignment_task_uuid}`)).json()).toEqual({
      detail: 'Assignment Task not found',
    });
    expect((await asInstructor('DELETE', path)).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('reference files are for course readers; submission files only for their learner and instructors', async () => {
    const { uuid, instructor, learner, org, tasks } = await assignmentWithTasks(t, [
      { type: 'FILE_SUBMISSION' },
    ]);
    const taskPath = `${API}/${uuid}/tasks/${tasks[0].assignment_task_uuid}`;
    const pdf = await multipartPayload({}, [
      {
        field: 'reference_file',
        filename: 'brief.pdf',
        contentType: 'application/pdf',
        content: SAMPLES.pdf,
      },
    ]);
    const uploaded = await t.inject({
      method: 'POST',
      url: `${taskPath}/ref_file`,
      headers: { ...instructor.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const referenceFile = uploaded.json().reference_file as string;
    expect(referenceFile).toMatch(/^[0-9a-f-]{36}_reference\.pdf$/);

    const exe = await multipartPayload({}, [
      { field: 'reference_file', filename: 'x.pdf', content: SAMPLES.exe },
    ]);
    const refused = await t.inject({
      method: 'POST',
      url: `${taskPath}/ref_file`,
      headers: { ...instructor.headers, ...exe.headers },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(415);
    const byLearner = await t.inject({
      method: 'POST',
      url: `${taskPath}/ref_file`,
      headers: { ...learner.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(byLearner.statusCode).toBe(403);

    const image = await multipartPayload({}, [
      { field: 'sub_file', filename: 'work.png', content: SAMPLES.png },
    ]);
    const submitted = await t.inject({
      method: 'POST',
      url: `${taskPath}/sub_file`,
      headers: { ...learner.headers, ...image.headers },
      payload: image.payload,
    });
    expect(submitted.statusCode).toBe(200);
    const fileUuid = submitted.json().file_uuid as string;
    expect(fileUuid).toMatch(/^[0-9a-f-]{36}_submission\.png$/);
    const token = await createApiToken(t, org);
    const byToken = await t.inject({
      method: 'POST',
      url: `${taskPath}/sub_file`,
      headers: { ...token.headers, ...image.headers },
      payload: image.payload,
    });
    expect(byToken.statusCode).toBe(403);

    const org2 = (
      await t.db
        .selectFrom('organizations')
        .select('org_uuid')
        .where('id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).org_uuid;
    const course = (await caller(t, instructor.headers)('GET', `/${uuid}`)).json();
    const folder = `/api/v1/content/orgs/${org2}/courses/${course.course_uuid}/activities/${course.activity_uuid}/assignments/${uuid}/tasks/${tasks[0].assignment_task_uuid}`;
    const otherLearner = await signedInUser(t, org, 'user');
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.inject({ method: 'GET', url: path, headers });

    expect((await get(`${folder}/${referenceFile}`, learner.headers)).statusCode).toBe(200);
    expect((await get(`${folder}/${referenceFile}`, otherLearner.headers)).statusCode).toBe(200);
    expect((await get(`${folder}/${referenceFile}`)).statusCode).toBe(401);
    expect((await get(`${folder}/subs/${fileUuid}`, learner.headers)).statusCode).toBe(200);
    expect((await get(`${folder}/subs/${fileUuid}`, instructor.headers)).statusCode).toBe(200);
    expect((await get(`${folder}/subs/${fileUuid}`, token.headers)).statusCode).toBe(200);
    const peek = await get(`${folder}/subs/${fileUuid}`, otherLearner.headers);
    expect(peek.statusCode).toBe(403);
    expect(peek.json().detail).toBe('You can only view your own submission files');
    expect((await get(`${folder}/subs/${fileUuid}`)).statusCode).toBe(401);
    expect((await get(`${folder}/subs/nothing.png`, learner.headers)).statusCode).toBe(404);

    // No file: nothing stored, only update_date moves (reference) / null (submission).
    const empty = await multipartPayload({ note: 'no file' });
    const noFile = await t.inject({
      method: 'POST',
      url: `${taskPath}/sub_file`,
      headers: { ...learner.headers, ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(200);
    expect(noFile.body).toBe('null');

    // Deleting the task takes its files with it.
    await caller(t, instructor.headers)('DELETE', `/${uuid}/tasks/${tasks[0].assignment_task_uuid}`);
    expect((await get(`${folder}/${referenceFile}`, instructor.headers)).statusCode).toBe(404);
  });
});
