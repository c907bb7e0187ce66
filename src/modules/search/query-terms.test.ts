import { describe, expect, it } from 'vitest';
import { searchTerms } from './query-terms.ts';

describe('searchTerms', () => {
  it.each([
    ['data science', ['data', 'science']],
    ['  Éco  ', ['éco']],
    ['l’École des Ponts', ['l', 'école', 'des', 'ponts']],
    ['e-learning, 101!', ['e', 'learning', '101']],
    ['C++ "quoted" AND OR NOT*', ['c', 'quoted', 'and', 'or', 'not']],
    ['ｆｕｌｌ width', ['full', 'width']],
    ['e\u0301cole', ['école']],
    ['日本語 テキスト', ['日本語', 'テキスト']],
    ['repeat Repeat REPEAT', ['repeat']],
    ['!!! ??? ...', []],
    ['', []],
  ])('%j → %j', (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it('caps the number and length of terms', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(searchTerms(many)).toHaveLength(16);
    expect(searchTerms('x'.repeat(150))[0]).toHaveLength(64);
  });
});
