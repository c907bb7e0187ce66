import { describe, expect, it } from 'vitest';
import { gradeQuiz } from './quiz.ts';

/** A quiz whose questions are given as lists of `assigned_right_answer` flags: q1 → [o1, o2, …]. */
function quiz(...questions: boolean[][]) {
  return {
    questions: questions.map((options, q) => ({
      questionText: `Question ${q + 1}`,
      questionUUID: `question_${q + 1}`,
      options: options.map((right, o) => ({
        optionUUID: `option_${q + 1}_${o + 1}`,
        text: `Option ${o + 1}`,
        type: 'text',
        assigned_right_answer: right,
      })),
    })),
  };
}

/** Learner entries as [question number, option number, answer]. */
function ticks(...entries: [number, number, unknown][]) {
  return {
    submissions: entries.map(([q, o, answer]) => ({
      questionUUID: `question_${q}`,
      optionUUID: `option_${q}_${o}`,
      answer,
    })),
  };
}

describe('gradeQuiz', () => {
  it.each([
    {
      name: 'every option matches',
      contents: quiz([true, false], [false, true]),
      answer: ticks([1, 1, true], [1, 2, false], [2, 1, false], [2, 2, true]),
      max: 100,
      grade: 100,
    },
    {
      name: 'unticked wrong options still earn their units',
      contents: quiz([true, false, false, false]),
      answer: ticks(),
      max: 100,
      grade: 75,
    },
    {
      name: 'ticking a wrong option loses its unit only',
      contents: quiz([true, false, false, false]),
      answer: ticks([1, 1, true], [1, 2, true]),
      max: 100,
      grade: 75,
    },
    {
      name: '7 of 8 units × 100 = 87.5 rounds to even 88',
      contents: quiz([false, false, false, false, false, false, false, true]),
      answer: ticks(),
      max: 100,
      grade: 88,
    },
    {
      name: '1 of 8 units × 100 = 12.5 rounds to even 12',
      contents: quiz([true, true, true, true, true, true, true, false]),
      answer: ticks(),
      max: 100,
      grade: 12,
    },
    {
      name: '7 of 8 units × 20 = 17.5 rounds to even 18',
      contents: quiz([true, false, false, false, false, false, false, false]),
      answer: ticks(),
      max: 20,
      grade: 18,
    },
    {
      name: '1 of 2 units × 1 = 0.5 rounds to even 0',
      contents: quiz([true, false]),
      answer: ticks(),
      max: 1,
      grade: 0,
    },
    { name: 'no questions', contents: { questions: [] }, answer: ticks(), max: 100, grade: 0 },
    { name: 'questions without options', contents: quiz([], []), answer: ticks(), max: 100, grade: 0 },
    { name: 'empty contents', contents: {}, answer: {}, max: 100, grade: 0 },
    { name: 'task max 0', contents: quiz([true]), answer: ticks([1, 1, true]), max: 0, grade: 0 },
    { name: 'task max below 0', contents: quiz([true]), answer: ticks([1, 1, true]), max: -5, grade: 0 },
    {
      name: 'the later of two entries for one option wins (true then false)',
      contents: quiz([true, false]),
      answer: ticks([1, 1, true], [1, 1, false]),
      max: 100,
      grade: 50,
    },
    {
      name: 'the later of two entries for one option wins (false then true)',
      contents: quiz([true, false]),
      answer: ticks([1, 1, false], [1, 1, true]),
      max: 100,
      grade: 100,
    },
    {
      name: 'answers are read with Python truthiness ("false" is a non-empty string, so ticked)',
      contents: quiz([false, true, true]),
      answer: ticks([1, 1, 'false'], [1, 2, 1], [1, 3, 0]),
      max: 30,
      grade: 10,
    },
    {
      name: 'a missing assigned_right_answer means "should stay unticked"',
      contents: { questions: [{ questionUUID: 'q', options: [{ optionUUID: 'o' }] }] },
      answer: { submissions: [{ questionUUID: 'q', optionUUID: 'o', answer: false }] },
      max: 10,
      grade: 10,
    },
    {
      name: 'an answer for the right option under another question does not count',
      contents: quiz([true], [false]),
      answer: { submissions: [{ questionUUID: 'question_2', optionUUID: 'option_1_1', answer: true }] },
      max: 100,
      grade: 50,
    },
    {
      name: 'entries without both UUIDs are ignored',
      contents: quiz([true]),
      answer: {
        submissions: [
          { optionUUID: 'option_1_1', answer: true },
          { questionUUID: '', optionUUID: 'option_1_1', answer: true },
          'not an entry',
        ],
      },
      max: 100,
      grade: 0,
    },
    {
      name: 'questions and options that are not objects are not counted',
      contents: {
        questions: [
          'junk',
          { questionUUID: 'question_1', options: [7, quiz([true]).questions[0].options[0]] },
        ],
      },
      answer: ticks([1, 1, true]),
      max: 100,
      grade: 100,
    },
    {
      name: 'a submission that is not an object counts as nothing ticked',
      contents: quiz([true, false]),
      answer: null,
      max: 100,
      grade: 50,
    },
  ])('$name', ({ contents, answer, max, grade }) => {
    expect(gradeQuiz(contents, answer, max)).toBe(grade);
  });
});
