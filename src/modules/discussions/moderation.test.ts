import { describe, expect, it } from 'vitest';
import { findModeratedWord } from './moderation.ts';

describe('findModeratedWord', () => {
  it.each([
    { words: ['spam'], texts: ['This is SPAM!'], found: 'spam' },
    { words: ['spam'], texts: ['spammer here'], found: undefined },
    { words: ['spam'], texts: ['antispam'], found: undefined },
    { words: ['class'], texts: ['a classic'], found: undefined },
    { words: ['class'], texts: ['class.'], found: 'class' },
    { words: ['buy now'], texts: ['Please Buy  now'], found: undefined },
    { words: ['buy now'], texts: ['Please BUY NOW, friends'], found: 'buy now' },
    { words: ['c++'], texts: ['I like c++ a lot'], found: 'c++' },
    { words: ['école'], texts: ['À l’ÉCOLE'], found: 'école' },
    { words: ['foo'], texts: [null, 'title', 'foo_bar'], found: undefined },
    { words: ['foo'], texts: [undefined, 'foo'], found: 'foo' },
    { words: [], texts: ['anything'], found: undefined },
  ])('$words in $texts → $found', ({ words, texts, found }) => {
    expect(findModeratedWord(words, texts)).toBe(found);
  });
});
