/**
 * Deleting a course takes its assignments with it: tasks, answers, submissions, grades,
 * submission-file records, the learners' progress and certificates in the course, and every
 * stored file (reference and submission files included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, assignmentWithTasks } from '../../../test/assignment-factories.ts';
import { storedFiles } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function upload(url: string, headers: Record<string, string>, field: string) {
  const form = await multipartPayload({}, [
    { field, filename: 'work.pdf', contentType: 'application/pdf', content: SAMPLES.pdf },
  ]);
  const response = await t.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('DELETE /courses/{course_uuid} with assignments', () => {
  it('removes assignments, tasks, answers, submissions, progress, certificates and their files', async () => {
    const s = await assignmentWithTasks(t, [{ type: 'FILE_SUBMISSION' }, { type: 'SHORT_ANSWER' }], {
      auto_grading: false,
    });
    // A neighbour in the same organization must keep everything.
    const neighbour = await assignmentWithTasks(t, [{ type: 'SHORT_ANSWER' }], {}, s.org);
    const certification = await t.inject({
      method: 'POST',
      url: '/api/v1/certifications/',
      headers: s.instructor.headers,
      payload: { course_id: s.course.id, config: {} },
    });
    expect(certification.statusCode).toBe(200);

    const taskPath = `${API}/${s.uuid}/tasks/${s.tasks[0].assignment_task_uuid}`;
    await upload(`${taskPath}/ref_file`, s.instructor.headers, 'reference_file');
    await upload(`${taskPath}/sub_file`, s.learner.headers, 'sub_file');
    for (const task of s.tasks) {
      const saved = await t.inject({
        method: 'PUT',
        url: `${API}/${s.uuid}/tasks/${task.assignment_task_uuid}/submissions`,
        headers: s.learner.headers,
        payload: { task_submission: { answer: 'mine' } },
      });
      expect(saved.statusCode).toBe(200);
    }
    const submitted = await t.inject({
      method: 'POST',
      url: `${API}/${s.uuid}/submissions`,
      headers: s.learner.headers,
    });
    expect(submitted.statusCode).toBe(200);
    const folder = `orgs/${s.org.org_uuid}/courses/${s.course.course_uuid}`;
    const files = storedFiles(t, folder);
    expect(files.filter((key) => key.includes('/assignments/'))).toHaveLength(2);
    const neighbourFolder = `orgs/${s.org.org_uuid}/courses/${neighbour.course.course_uuid}`;
    const neighbourFiles = storedFiles(t, neighbourFolder);

    const rowsOf = async () => ({
      assignments: await t.db
        .selectFrom('assignments')
        .select('id')
        .where('course_id', '=', s.course.id)
        .execute(),
      tasks: await t.db
        .selectFrom('assignment_tasks')
        .select('id')
        .where('assignment_id', '=', s.assignment.id)
        .execute(),
      answers: await t.db
        .selectFrom('assignment_task_submissions')
        .select('id')
        .where('assignment_id', '=', s.assignment.id)
        .execute(),
      submissions: await t.db
        .selectFrom('assignment_user_submissions')
        .select('id')
        .where('assignment_id', '=', s.assignment.id)
        .execute(),
      files: await t.db
        .selectFrom('assignment_submission_files')
        .select('id')
        .where(
          'assignment_task_id',
          'in',
          s.tasks.map((task: { id: number }) => task.id),
        )
        .execute(),
      runs: await t.db.selectFrom('trail_runs').select('id').where('course_id', '=', s.course.id).execute(),
      steps: await t.db.selectFrom('trail_steps').select('id').where('course_id', '=', s.course.id).execute(),
      certifications: await t.db
        .selectFrom('certifications')
        .select('id')
        .where('course_id', '=', s.course.id)
        .execute(),
    });
    const before = await rowsOf();
    expect(Object.fromEntries(Object.entries(before).map(([table, rows]) => [table, rows.length]))).toEqual({
      assignments: 1,
      tasks: 2,
      answers: 2,
      submissions: 1,
      files: 1,
      runs: 1,
      steps: 1,
      certifications: 1,
    });

    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/v1/courses/${s.course.course_uuid}`,
      headers: s.instructor.headers,
    });
    expect(deleted.statusCode).toBe(200);

    const after = await rowsOf();
    for (const [table, rows] of Object.entries(after)) expect(rows, table).toEqual([]);
    for (const key of files) expect(await t.ctx.storage.exists(key)).toBe(false);
    expect(storedFiles(t, folder)).toEqual([]);
    expect(storedFiles(t, neighbourFolder)).toEqual(neighbourFiles);
    const neighbourRead = await t.inject({
      method: 'GET',
      url: `${API}/${neighbour.uuid}/tasks`,
      headers: neighbour.instructor.headers,
    });
    expect(neighbourRead.json()).toHaveLength(1);
    const gone = await t.inject({ method: 'GET', url: `${API}/${s.uuid}`, headers: s.instructor.headers });
    expect(gone.statusCode).toBe(404);
  });
});
