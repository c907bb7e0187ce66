import { describe, expect, it } from 'vitest';
import { stripAnswerKeys } from './answer-keys.ts';

const quiz = {
  questions: [
    {
      questionText: 'Pick the primes',
      questionUUID: 'question_1',
      options: [
        { optionUUID: 'option_1', text: '2', fileID: '', type: 'text', assigned_right_answer: true },
        { optionUUID: 'option_2', text: '4', fileID: '', type: 'text', assigned_right_answer: false },
      ],
    },
  ],
};

const form = {
  questions: [
    {
      questionText: 'The capital of France is ___',
      questionUUID: 'question_1',
      blanks: [{ blankUUID: 'blank_1', placeholder: 'city', correctAnswer: 'Paris', hint: 'P…' }],
    },
  ],
};

const code = {
  language_id: 71,
  starter_code: '# your code',
  solution_code: 'print(int(input()) * 2)',
  grading_mode: 'equal_weight',
  test_cases: [
    { id: 'tc_1', label: 'doubles 2', stdin: '2', expectedStdout: '4', hidden: false, weight: 1 },
    { id: 'tc_2', label: 'secret', stdin: '21', expectedStdout: '42', hidden: true, weight: 1 },
    { id: 'tc_3', label: 'no flag', stdin: '0', expectedStdout: '0', weight: 1 },
  ],
  allow_student_run: true,
  show_hidden_test_count: true,
};

describe('stripAnswerKeys', () => {
  it('removes QUIZ option keys', () => {
    expect(stripAnswerKeys('QUIZ', quiz)).toEqual({
      questions: [
        {
          questionText: 'Pick the primes',
          questionUUID: 'question_1',
          options: [
            { optionUUID: 'option_1', text: '2', fileID: '', type: 'text' },
            { optionUUID: 'option_2', text: '4', fileID: '', type: 'text' },
          ],
        },
      ],
    });
  });

  it('removes FORM blank answers and keeps hints', () => {
    expect(stripAnswerKeys('FORM', form)).toEqual({
      questions: [
        {
          questionText: 'The capital of France is ___',
          questionUUID: 'question_1',
          blanks: [{ blankUUID: 'blank_1', placeholder: 'city', hint: 'P…' }],
        },
      ],
    });
  });

  it('removes SHORT_ANSWER answers and explanation', () => {
    const contents = {
      prompt: 'Capital?',
      correct_answers: ['Paris'],
      match_mode: 'exact',
      explanation: 'It is Paris',
    };
    expect(stripAnswerKeys('SHORT_ANSWER', contents)).toEqual({ prompt: 'Capital?', match_mode: 'exact' });
  });

  it('removes NUMBER_ANSWER value, tolerance and explanation', () => {
    const contents = { prompt: 'g?', correct_value: 9.81, tolerance: 0.1, unit: 'm/s²', explanation: '9.81' };
    expect(stripAnswerKeys('NUMBER_ANSWER', contents)).toEqual({ prompt: 'g?', unit: 'm/s²' });
  });

  it('removes the CODE solution and hidden test cases, keeping visible ones whole', () => {
    expect(stripAnswerKeys('CODE', code)).toEqual({
      language_id: 71,
      starter_code: '# your code',
      grading_mode: 'equal_weight',
      test_cases: [
        { id: 'tc_1', label: 'doubles 2', stdin: '2', expectedStdout: '4', hidden: false, weight: 1 },
        { id: 'tc_3', label: 'no flag', stdin: '0', expectedStdout: '0', weight: 1 },
      ],
      allow_student_run: true,
      show_hidden_test_count: true,
    });
  });

  it('reads "hidden" with Python truthiness', () => {
    const contents = {
      test_cases: [{ id: 'a', hidden: 1 }, { id: 'b', hidden: 'yes' }, { id: 'c', hidden: 0 }, 'junk'],
    };
    expect(stripAnswerKeys('CODE', contents)).toEqual({ test_cases: [{ id: 'c', hidden: 0 }, 'junk'] });
  });

  it.each(['CUSTOM', 'FILE_SUBMISSION', 'OTHER'] as const)('returns %s contents unchanged', (type) => {
    const contents = { correct_answers: ['mine'], solution_code: 'mine', questions: quiz.questions };
    expect(stripAnswerKeys(type, contents)).toEqual(contents);
  });

  it('only strips the keys of the task type', () => {
    expect(stripAnswerKeys('SHORT_ANSWER', { correct_answers: ['x'], correct_value: 1 })).toEqual({
      correct_value: 1,
    });
  });

  it('never modifies its input', () => {
    const before = structuredClone(code);
    const stripped = stripAnswerKeys('CODE', code);
    expect(code).toEqual(before);
    stripped.test_cases[0].label = 'changed';
    expect(code.test_cases[0].label).toBe('doubles 2');
    stripAnswerKeys('QUIZ', quiz);
    expect(quiz.questions[0].options[0].assigned_right_answer).toBe(true);
  });

  it.each([null, [], 'text', 7])('tolerates contents %j that are not an object', (contents) => {
    expect(stripAnswerKeys('QUIZ', contents)).toEqual(contents);
  });

  it('tolerates malformed shapes', () => {
    expect(stripAnswerKeys('QUIZ', { questions: 'x' })).toEqual({ questions: 'x' });
    expect(stripAnswerKeys('FORM', { questions: [null, { blanks: [1] }] })).toEqual({
      questions: [null, { blanks: [1] }],
    });
    expect(stripAnswerKeys('CODE', { test_cases: 'x' })).toEqual({ test_cases: 'x' });
  });
});
