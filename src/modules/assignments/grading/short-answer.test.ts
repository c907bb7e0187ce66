import { describe, expect, it } from 'vitest';
import { gradeShortAnswer, matchesShortAnswer } from './short-answer.ts';

describe('matchesShortAnswer', () => {
  it.each([
    // answer, accepted answers, match_mode, matches?
    ['Paris', ['Paris'], 'exact', true],
    ['paris', ['Paris'], 'exact', false],
    ['  Paris  ', [' Paris '], 'exact', true],
    ['paris', ['Paris'], 'case_insensitive', true],
    ['PARIS', ['paris'], 'case_insensitive', true],
    ['Pariss', ['Paris'], 'case_insensitive', false],
    // the default mode when match_mode is missing, null or empty
    ['paris', ['Paris'], undefined, true],
    ['paris', ['Paris'], null, true],
    ['paris', ['Paris'], '', true],
    // contains: the accepted answer inside the learner's answer, case-insensitively
    ['The capital is PARIS.', ['paris'], 'contains', true],
    ['Par', ['Paris'], 'contains', false],
    // regex: whole match, case-insensitive
    ['colour', ['colou?r'], 'regex', true],
    ['COLOR', ['colou?r'], 'regex', true],
    ['my colour', ['colou?r'], 'regex', false],
    ['colours', ['colou?r'], 'regex', false],
    ['ab', ['a|ab'], 'regex', true],
    ['42', ['\\d+'], 'regex', true],
    ['AB', ['(?P<first>a)b'], 'regex', true],
    // invalid patterns never match (and never throw); so do patterns RE2 cannot run
    ['[', ['['], 'regex', false],
    ['aa', ['(a)\\1'], 'regex', false],
    ['x', ['[', 'x'], 'regex', true],
    // an unknown mode never matches
    ['Paris', ['Paris'], 'fuzzy', false],
    ['Paris', ['Paris'], 'EXACT', false],
    ['Paris', ['Paris'], 5, false],
    // empty answers never match, even an empty accepted answer
    ['', [''], 'exact', false],
    ['   ', ['   '], 'case_insensitive', false],
    [null, ['None'], 'case_insensitive', false],
    [undefined, ['x'], 'case_insensitive', false],
    // accepted answers: trimmed; empty and non-string entries skipped; must be a list
    ['x', ['', '  ', 'x'], 'exact', true],
    ['1', [1, '1'], 'exact', true],
    ['1', [1], 'exact', false],
    ['Paris', 'Paris', 'exact', false],
    ['Paris', null, 'exact', false],
    ['Paris', [], 'exact', false],
    // non-string answers are read as Python's str() would print them
    [42, ['42'], 'exact', true],
    [true, ['True'], 'exact', true],
  ])('%j against %j (%j) → %s', (answer, accepted, mode, expected) => {
    expect(matchesShortAnswer(answer, accepted, mode)).toBe(expected);
  });

  it('runs a catastrophic-backtracking pattern in linear time', () => {
    expect(matchesShortAnswer(`${'a'.repeat(50_000)}!`, ['(a+)+$'], 'regex')).toBe(false);
  });
});

describe('gradeShortAnswer', () => {
  const contents = {
    prompt: 'Capital of France?',
    correct_answers: ['Paris'],
    match_mode: 'case_insensitive',
  };

  it('is all or nothing', () => {
    expect(gradeShortAnswer(contents, { answer: 'paris' }, 10)).toBe(10);
    expect(gradeShortAnswer(contents, { answer: 'Lyon' }, 10)).toBe(0);
  });

  it('gives 0 when there is no answer or no accepted answers', () => {
    expect(gradeShortAnswer(contents, {}, 10)).toBe(0);
    expect(gradeShortAnswer(contents, null, 10)).toBe(0);
    expect(gradeShortAnswer({ prompt: 'x' }, { answer: 'x' }, 10)).toBe(0);
  });
});
