import { describe, expect, it } from 'vitest';
import { ftsQuery, titleHasAll } from './sqlite-full-text.ts';

describe('SQLite full text', () => {
  it('asks for every term as a quoted prefix in the title or body', () => {
    expect(ftsQuery(['eco', 'sci'])).toBe('{title body} : ("eco"* AND "sci"*)');
    expect(ftsQuery(['a"b'])).toBe('{title body} : ("a""b"*)');
  });

  it.each([
    ['École de Design', ['eco'], true],
    ['École de Design', ['ecole', 'des'], true],
    ['ÉCOLE', ['ecol'], true],
    ['Cooking', ['eco'], false],
    ['Data science 101', ['data', '10'], true],
    ['Data science', ['data', 'art'], false],
    ['l’Économie', ['econ'], true],
  ])('%s has every one of %j as a word prefix: %s', (title, terms, expected) => {
    expect(titleHasAll(title, terms)).toBe(expected);
  });
});
