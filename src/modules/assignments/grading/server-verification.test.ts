import { describe, expect, it } from 'vitest';
import type { GradableTask } from './grade-task.ts';
import { verifyTaskSubmission } from './server-verification.ts';

const quiz: GradableTask = {
  type: 'QUIZ',
  max_grade_value: 10,
  contents: {
    questions: [
      {
        questionUUID: 'q',
        options: [
          { optionUUID: 'a', assigned_right_answer: true },
          { optionUUID: 'b', assigned_right_answer: false },
        ],
      },
    ],
  },
};
const allRight = { submissions: [{ questionUUID: 'q', optionUUID: 'a', answer: true }] };
const halfRight = { submissions: [] };
const allWrong = { submissions: [{ questionUUID: 'q', optionUUID: 'b', answer: true }] };

describe('verifyTaskSubmission', () => {
  it.each([
    {
      name: 'client grade too high is corrected',
      answer: allWrong,
      stored: 10,
      expected: { grade: 0, feedback: 'Server-verified: incorrect' },
    },
    {
      name: 'client grade 0 is raised',
      answer: allRight,
      stored: 0,
      expected: { grade: 10, feedback: 'Server-verified: correct' },
    },
    {
      name: 'partial credit reads as "correct"',
      answer: halfRight,
      stored: 0,
      expected: { grade: 5, feedback: 'Server-verified: correct' },
    },
    {
      name: 'a null stored grade counts as 0',
      answer: allRight,
      stored: null,
      expected: { grade: 10, feedback: 'Server-verified: correct' },
    },
    { name: 'a matching stored grade is left alone', answer: allRight, stored: 10, expected: null },
    { name: 'a stored 0 for a wrong answer is left alone', answer: allWrong, stored: 0, expected: null },
  ])('$name', async ({ answer, stored, expected }) => {
    expect(
      await verifyTaskSubmission(quiz, { task_submission: answer, grade: stored, manually_graded: false }),
    ).toEqual(expected);
  });

  it("keeps a teacher's manual grade", async () => {
    expect(
      await verifyTaskSubmission(quiz, { task_submission: allWrong, grade: 9, manually_graded: true }),
    ).toBeNull();
  });

  it('keeps the stored grade of tasks graded by hand', async () => {
    const file: GradableTask = { type: 'FILE_SUBMISSION', contents: {}, max_grade_value: 10 };
    expect(
      await verifyTaskSubmission(file, {
        task_submission: { fileUUID: 'x' },
        grade: 7,
        manually_graded: false,
      }),
    ).toBeNull();
  });

  it('keeps the stored grade when a CODE result is unknown', async () => {
    const code: GradableTask = {
      type: 'CODE',
      max_grade_value: 10,
      contents: { language_id: 71, test_cases: [{ stdin: '', expectedStdout: '' }] },
    };
    const stored = { task_submission: { source_code: 'print()' }, grade: 7, manually_graded: false };
    expect(await verifyTaskSubmission(code, stored)).toBeNull();
  });
});
