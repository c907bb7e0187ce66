import { describe, expect, it } from 'vitest';
import type { CodeRunner } from './code.ts';
import { type GradableTask, gradeTask } from './grade-task.ts';
import { TASK_TYPES, type TaskType } from './types.ts';

const echoRunner: CodeRunner = {
  async runTestCase(input) {
    return { status_id: 3, stdout: input.stdin };
  },
};

const tasks: Record<
  'QUIZ' | 'FORM' | 'SHORT_ANSWER' | 'NUMBER_ANSWER' | 'CODE',
  { contents: unknown; right: unknown; wrong: unknown }
> = {
  QUIZ: {
    contents: {
      questions: [{ questionUUID: 'q', options: [{ optionUUID: 'o', assigned_right_answer: true }] }],
    },
    right: { submissions: [{ questionUUID: 'q', optionUUID: 'o', answer: true }] },
    wrong: { submissions: [{ questionUUID: 'q', optionUUID: 'o', answer: false }] },
  },
  FORM: {
    contents: { questions: [{ questionUUID: 'q', blanks: [{ blankUUID: 'b', correctAnswer: 'x' }] }] },
    right: { submissions: [{ questionUUID: 'q', blankUUID: 'b', answer: 'X' }] },
    wrong: { submissions: [{ questionUUID: 'q', blankUUID: 'b', answer: 'y' }] },
  },
  SHORT_ANSWER: {
    contents: { prompt: 'p', correct_answers: ['x'], match_mode: 'exact' },
    right: { answer: 'x' },
    wrong: { answer: 'X' },
  },
  NUMBER_ANSWER: {
    contents: { prompt: 'p', correct_value: 2, tolerance: 0 },
    right: { answer: '2' },
    wrong: { answer: '3' },
  },
  CODE: {
    contents: {
      language_id: 71,
      test_cases: [{ id: 't', stdin: 'x', expectedStdout: 'x', hidden: true, weight: 1 }],
    },
    right: { source_code: 'print(input())', language_id: 71 },
    wrong: { source_code: '', language_id: 71 },
  },
};

function task(type: TaskType, contents: unknown, max: number | null = 40): GradableTask {
  return { type, contents, max_grade_value: max };
}

describe('gradeTask', () => {
  it.each(Object.entries(tasks))('grades %s answers', async (type, { contents, right, wrong }) => {
    const context = { codeRunner: echoRunner };
    expect(await gradeTask(task(type as TaskType, contents), right, context)).toBe(40);
    expect(await gradeTask(task(type as TaskType, contents), wrong, context)).toBe(0);
  });

  it.each(['FILE_SUBMISSION', 'OTHER', 'CUSTOM'] as const)('leaves %s to a human', async (type) => {
    expect(await gradeTask(task(type, {}), { fileUUID: 'f' })).toBe('not auto-gradable');
  });

  it('covers every task type', () => {
    expect([...Object.keys(tasks), 'FILE_SUBMISSION', 'OTHER', 'CUSTOM'].sort()).toEqual(
      [...TASK_TYPES].sort(),
    );
  });

  it('treats a missing max_grade_value as 0', async () => {
    expect(
      await gradeTask(task('SHORT_ANSWER', tasks.SHORT_ANSWER.contents, null), tasks.SHORT_ANSWER.right),
    ).toBe(0);
  });

  it('is "unknown" for CODE without a runner', async () => {
    expect(await gradeTask(task('CODE', tasks.CODE.contents), tasks.CODE.right)).toBe('unknown');
  });
});
