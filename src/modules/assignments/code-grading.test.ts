/**
 * CODE tasks run on a Judge0-compatible server when JUDGE0_URL is set (here a fake on
 * 127.0.0.1 that "runs" a program by echoing its stdin), and wait for a teacher otherwise.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentWithTasks, caller } from '../../../test/assignment-factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let judge0: Server;
let judge0Url: string;
let runs = 0;
let withJudge0: TestApp;
let withoutJudge0: TestApp;
let judge0Down: TestApp;

beforeAll(async () => {
  judge0 = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { stdin: string; source_code: string };
    runs++;
    const echoes = body.source_code.includes('input()');
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ stdout: echoes ? `${body.stdin}\n` : 'nothing\n', status: { id: 3 } }));
  });
  await new Promise<void>((resolve) => judge0.listen(0, '127.0.0.1', resolve));
  judge0Url = `http://127.0.0.1:${(judge0.address() as AddressInfo).port}`;
  withJudge0 = await createTestApp({ env: { JUDGE0_URL: judge0Url } });
  withoutJudge0 = await createTestApp();
  // A port where nothing listens: every run fails to connect.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  judge0Down = await createTestApp({ env: { JUDGE0_URL: `http://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await Promise.all([withJudge0.close(), withoutJudge0.close(), judge0Down.close()]);
  judge0.closeAllConnections();
  await new Promise((resolve) => judge0.close(resolve));
});

const CODE = {
  language_id: 71,
  grading_mode: 'equal_weight',
  test_cases: [
    { id: 'tc_1', stdin: 'a', expectedStdout: 'a', hidden: false },
    { id: 'tc_2', stdin: 'b', expectedStdout: 'b', hidden: true },
    { id: 'tc_3', stdin: 'c', expectedStdout: 'nothing', hidden: true },
  ],
};

async function submitCode(t: TestApp, sourceCode: string) {
  const setup = await assignmentWithTasks(t, [{ type: 'CODE', contents: CODE, max_grade_value: 90 }], {
    auto_grading: true,
  });
  const asLearner = caller(t, setup.learner.headers);
  await asLearner('PUT', `/${setup.uuid}/tasks/${setup.tasks[0].assignment_task_uuid}/submissions`, {
    task_submission: { source_code: sourceCode, language_id: 71 },
  });
  const submitted = await asLearner('POST', `/${setup.uuid}/submissions`);
  return { ...setup, submitted: submitted.json() };
}

describe('CODE tasks', () => {
  it('are graded on submit through Judge0', async () => {
    const before = runs;
    const { submitted } = await submitCode(withJudge0, 'print(input())');
    expect(runs - before).toBe(3);
    // Two of three tests pass: 60 of 90.
    expect(submitted).toMatchObject({ submission_status: 'GRADED', grade: 60 });
  });

  it('wait for a teacher when no Judge0 is configured', async () => {
    const { submitted, uuid, instructor, learner, tasks } = await submitCode(withoutJudge0, 'print(input())');
    expect(submitted).toMatchObject({ submission_status: 'SUBMITTED', grade: 0 });
    const asInstructor = caller(withoutJudge0, instructor.headers);
    await asInstructor(
      'PUT',
      `/${uuid}/tasks/${tasks[0].assignment_task_uuid}/submissions?on_behalf_of_user_id=${learner.user.id}`,
      {
        grade: 80,
        manually_graded: true,
      },
    );
    const graded = await asInstructor('POST', `/${uuid}/submissions/${learner.user.id}/grade`);
    expect(graded.json()).toMatchObject({ grade: 80, max_grade: 90 });
  });

  it('wait for a teacher when Judge0 cannot be reached, instead of grading them 0', async () => {
    const { submitted } = await submitCode(judge0Down, 'print(input())');
    expect(submitted).toMatchObject({ submission_status: 'SUBMITTED', grade: 0 });
  });
});
