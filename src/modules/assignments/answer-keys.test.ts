/** Answer keys reach learners only when the assignment shows correct answers and they have submitted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentWithTasks,
  caller,
  FORM_CONTENTS,
  NUMBER_ANSWER_CONTENTS,
  QUIZ_CONTENTS,
  SHORT_ANSWER_CONTENTS,
} from '../../../test/assignment-factories.ts';
import { createApiToken, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CODE_CONTENTS = {
  language_id: 71,
  starter_code: 'print()',
  solution_code: 'print(input())',
  test_cases: [
    { id: 'tc_1', label: 'visible', stdin: 'a', expectedStdout: 'a', hidden: false, weight: 1 },
    { id: 'tc_2', label: 'hidden', stdin: 'b', expectedStdout: 'b', hidden: true, weight: 1 },
  ],
};
const CUSTOM_CONTENTS = { answer_key: 'stays: caller-owned', correct_answers: ['not interpreted'] };

const WITHOUT_KEYS = {
  QUIZ: {
    questions: [
      {
        questionText: 'Pick the primes',
        questionUUID: 'question_1',
        options: [
          { optionUUID: 'option_a', text: '2' },
          { optionUUID: 'option_b', text: '4' },
          { optionUUID: 'option_c', text: '5' },
          { optionUUID: 'option_d', text: '9' },
        ],
      },
    ],
  },
  FORM: {
    questions: [
      {
        questionText: 'Capitals',
        questionUUID: 'question_f',
        blanks: [
          { blankUUID: 'blank_1', placeholder: 'France' },
          { blankUUID: 'blank_2', placeholder: 'Italy' },
        ],
      },
    ],
  },
  SHORT_ANSWER: { prompt: 'Largest planet?', match_mode: 'case_insensitive' },
  NUMBER_ANSWER: { prompt: 'Pi to two places' },
  CODE: { language_id: 71, starter_code: 'print()', test_cases: [CODE_CONTENTS.test_cases[0]] },
  CUSTOM: CUSTOM_CONTENTS,
};
const WITH_KEYS = {
  QUIZ: QUIZ_CONTENTS,
  FORM: FORM_CONTENTS,
  SHORT_ANSWER: SHORT_ANSWER_CONTENTS,
  NUMBER_ANSWER: NUMBER_ANSWER_CONTENTS,
  CODE: CODE_CONTENTS,
  CUSTOM: CUSTOM_CONTENTS,
};
type Kind = keyof typeof WITH_KEYS;

async function setUp(showCorrectAnswers: boolean) {
  const setup = await assignmentWithTasks(
    t,
    (Object.keys(WITH_KEYS) as Kind[]).map((type) => ({ type, contents: WITH_KEYS[type] })),
    { show_correct_answers: showCorrectAnswers, allow_retries: true },
  );
  const byUuid = new Map(
    setup.tasks.map((task) => [task.assignment_task_uuid as string, task.assignment_type as Kind]),
  );
  return { ...setup, byUuid };
}

/** What a caller sees of every task, through the list and through single reads. */
async function contentsSeenBy(setup: Awaited<ReturnType<typeof setUp>>, headers: Record<string, string>) {
  const as = caller(t, headers);
  const seen: Record<string, unknown> = {};
  for (const task of (await as('GET', `/${setup.uuid}/tasks`)).json()) {
    seen[setup.byUuid.get(task.assignment_task_uuid) as string] = task.contents;
    expect((await as('GET', `/task/${task.assignment_task_uuid}`)).json().contents).toEqual(task.contents);
  }
  return seen;
}

describe('answer keys', () => {
  it('are stripped for learners until they have submitted an assignment that shows correct answers', async () => {
    const setup = await setUp(true);
    expect(await contentsSeenBy(setup, setup.learner.headers)).toEqual(WITHOUT_KEYS);
    expect(await contentsSeenBy(setup, setup.instructor.headers)).toEqual(WITH_KEYS);
    const reader = await createApiToken(t, setup.org, { assignments: { action_read: true } });
    expect(await contentsSeenBy(setup, reader.headers)).toEqual(WITH_KEYS);

    // The web client copies the question (keys included, for an instructor's preview) into the answer.
    const quiz = setup.tasks.find((task) => task.assignment_type === 'QUIZ').assignment_task_uuid;
    const asLearner = caller(t, setup.learner.headers);
    const answer = { questions: QUIZ_CONTENTS.questions, submissions: [] };
    const saved = await asLearner('PUT', `/${setup.uuid}/tasks/${quiz}/submissions`, {
      task_submission: answer,
    });
    expect(saved.json().task_submission).toEqual({ questions: WITHOUT_KEYS.QUIZ.questions, submissions: [] });
    expect(
      (await asLearner('GET', `/${setup.uuid}/tasks/submissions/me`)).json()[quiz].task_submission,
    ).toEqual({
      questions: WITHOUT_KEYS.QUIZ.questions,
      submissions: [],
    });
    // A token without assignments.read gets the echo without keys too; the instructor sees the answer as stored.
    const writer = await createApiToken(t, setup.org, { assignments: { action_create: true } });
    const other = await signedInUser(t, setup.org, 'user');
    const echo = await caller(t, writer.headers)(
      'PUT',
      `/${setup.uuid}/tasks/${quiz}/submissions?on_behalf_of_user_id=${other.user.id}`,
      { task_submission: answer },
    );
    expect(echo.json().task_submission).toEqual({ questions: WITHOUT_KEYS.QUIZ.questions, submissions: [] });
    const asInstructor = caller(t, setup.instructor.headers);
    const stored = await asInstructor(
      'GET',
      `/${setup.uuid}/tasks/${quiz}/submissions/user/${setup.learner.user.id}`,
    );
    expect(stored.json().task_submission).toEqual(answer);

    await asLearner('POST', `/${setup.uuid}/submissions`);
    expect(await contentsSeenBy(setup, setup.learner.headers)).toEqual(WITH_KEYS);
    expect(
      (await asLearner('GET', `/${setup.uuid}/tasks/${quiz}/submissions/me`)).json().task_submission,
    ).toEqual(answer);
    // Another learner who has not submitted still sees none.
    expect(await contentsSeenBy(setup, other.headers)).toEqual(WITHOUT_KEYS);

    // A retry reopens the submission: the keys go away again.
    await asInstructor('POST', `/${setup.uuid}/submissions/${setup.learner.user.id}/grade`);
    await asLearner('POST', `/${setup.uuid}/submissions/me/retry`);
    expect(await contentsSeenBy(setup, setup.learner.headers)).toEqual(WITHOUT_KEYS);
  });

  it('stay hidden after submitting when the assignment does not show correct answers', async () => {
    const setup = await setUp(false);
    await caller(t, setup.learner.headers)('POST', `/${setup.uuid}/submissions`);
    expect(await contentsSeenBy(setup, setup.learner.headers)).toEqual(WITHOUT_KEYS);
  });
});
