import { describe, expect, it } from 'vitest';
import { gradeForm } from './form.ts';

/** A form with one question whose blanks have the given `correctAnswer` values (undefined = key absent). */
function form(...correctAnswers: unknown[]) {
  return {
    questions: [
      {
        questionText: 'Fill in',
        questionUUID: 'question_1',
        blanks: correctAnswers.map((correctAnswer, b) =>
          correctAnswer === undefined
            ? { blankUUID: `blank_${b + 1}`, placeholder: '' }
            : { blankUUID: `blank_${b + 1}`, placeholder: '', correctAnswer },
        ),
      },
    ],
  };
}

/** Learner entries as [blank number, answer]; the answer key is left out when answer is undefined. */
function answers(...entries: [number, unknown][]) {
  return {
    submissions: entries.map(([b, answer]) =>
      answer === undefined
        ? { questionUUID: 'question_1', blankUUID: `blank_${b}` }
        : { questionUUID: 'question_1', blankUUID: `blank_${b}`, answer },
    ),
  };
}

describe('gradeForm', () => {
  it.each([
    {
      name: 'exact answers',
      contents: form('Paris', 'Rome'),
      answer: answers([1, 'Paris'], [2, 'Rome']),
      grade: 100,
    },
    {
      name: 'trimmed and case-insensitive',
      contents: form(' Paris '),
      answer: answers([1, '  pARIS\n']),
      grade: 100,
    },
    {
      name: 'partial credit per blank',
      contents: form('a', 'b', 'c', 'd'),
      answer: answers([1, 'a'], [2, 'x'], [3, 'c']),
      grade: 50,
    },
    {
      name: '1 of 8 × 100 = 12.5 rounds to even 12',
      contents: form('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      answer: answers([1, 'a']),
      grade: 12,
    },
    { name: 'an unanswered blank counts as ""', contents: form('Paris'), answer: answers(), grade: 0 },
    {
      name: '"" as the correct answer matches an unanswered blank',
      contents: form(''),
      answer: answers(),
      grade: 100,
    },
    {
      name: '"" as the correct answer matches a blank reply',
      contents: form(''),
      answer: answers([1, '   ']),
      grade: 100,
    },
    {
      name: 'a blank without correctAnswer expects ""',
      contents: form(undefined),
      answer: answers(),
      grade: 100,
    },
    { name: 'a null answer is wrong', contents: form(''), answer: answers([1, null]), grade: 0 },
    {
      name: 'an entry without an answer key is wrong',
      contents: form(''),
      answer: answers([1, undefined]),
      grade: 0,
    },
    {
      name: 'a null correctAnswer is wrong, even for a null answer',
      contents: form(null, 'b'),
      answer: answers([1, null], [2, 'b']),
      grade: 50,
    },
    { name: 'numbers compare as text', contents: form('42'), answer: answers([1, 42]), grade: 100 },
    {
      name: 'the later of two entries wins',
      contents: form('a'),
      answer: answers([1, 'a'], [1, 'b']),
      grade: 0,
    },
    {
      name: 'the later of two entries wins (other order)',
      contents: form('a'),
      answer: answers([1, 'b'], [1, 'a']),
      grade: 100,
    },
    { name: 'no blanks', contents: form(), answer: answers(), grade: 0 },
    { name: 'no questions', contents: {}, answer: answers(), grade: 0 },
  ])('$name', ({ contents, answer, grade }) => {
    expect(gradeForm(contents, answer, 100)).toBe(grade);
  });

  it.each([0, -1])('gives 0 when the task is worth %s', (max) => {
    expect(gradeForm(form('a'), answers([1, 'a']), max)).toBe(0);
  });
});
