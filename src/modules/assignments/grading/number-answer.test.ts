import { describe, expect, it } from 'vitest';
import { gradeNumberAnswer, matchesNumberAnswer } from './number-answer.ts';

describe('matchesNumberAnswer', () => {
  it.each([
    // answer, correct_value, tolerance, matches?
    ['42', 42, 0, true],
    [42, 42, 0, true],
    [' 42 ', 42, null, true],
    ['41.5', 42, 0.5, true],
    ['42.5', 42, 0.5, true], // the tolerance is inclusive
    ['42.6', 42, 0.5, false],
    ['42.1', 42, 0.1, false], // binary floats: 42.1 − 42 is 0.10000000000000142, as in Python
    ['41.5', 42, -0.5, true], // abs(tolerance)
    ['3,14', 3.14, 0, true], // a comma is a decimal point
    ['1,000.5', 1000.5, 0, false], // every comma becomes a point, so this does not parse
    ['1,000', 1, 0, true], // …and this reads as 1.0
    ['1e3', 1000, 0, true],
    ['1E3', 1000, 0, true],
    ['1_000', 1000, 0, true], // Python float() accepts underscores between digits
    ['1__000', 1000, 0, false],
    ['.5', 0.5, 0, true],
    ['5.', 5, 0, true],
    ['-0', 0, 0, true],
    // blank, non-numeric, NaN and infinite answers fail
    ['', 0, 10, false],
    ['   ', 0, 10, false],
    [null, 0, 10, false],
    [undefined, 0, 10, false],
    ['abc', 0, 10, false],
    ['nan', 0, 10, false],
    ['inf', 0, 1e308, false],
    ['-Infinity', 0, 1e308, false],
    ['1e400', 0, 1e308, false],
    ['0x10', 16, 0, false],
    [true, 1, 0, false],
    // correct_value and tolerance default to 0 when null or missing
    ['0', null, null, true],
    ['0', undefined, undefined, true],
    ['0.0001', undefined, undefined, false],
    // numeric strings are read like Python's float(); anything else non-numeric fails
    ['42', '42', '0', true],
    ['42', ' 4_2 ', 0, true],
    ['42', 'forty-two', 0, false],
    ['42', 42, 'a little', false],
    ['42', [42], 0, false],
    ['42', { value: 42 }, 0, false],
    ['1', true, 0, true],
  ])('%j against %j ± %j → %s', (answer, correct, tolerance, expected) => {
    expect(matchesNumberAnswer(answer, correct, tolerance)).toBe(expected);
  });
});

describe('gradeNumberAnswer', () => {
  const contents = { prompt: 'g?', correct_value: 9.81, tolerance: 0.01, unit: 'm/s²' };

  it('is all or nothing', () => {
    expect(gradeNumberAnswer(contents, { answer: '9,8' }, 10)).toBe(10);
    expect(gradeNumberAnswer(contents, { answer: 9.7 }, 10)).toBe(0);
  });

  it('gives 0 without an answer', () => {
    expect(gradeNumberAnswer(contents, {}, 10)).toBe(0);
    expect(gradeNumberAnswer(contents, null, 10)).toBe(0);
  });
});
