/**
 * A community's moderation words: a discussion or comment containing one of them as a whole
 * word (or phrase), in any letter case, is refused. "class" does not catch "classic".
 */
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}_]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wholeWord(word: string): RegExp {
  return new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(word)}(?!${WORD_CHAR})`, 'iu');
}

/** The first moderation word found in any of the texts, or undefined. */
export function findModeratedWord(
  words: readonly string[],
  texts: readonly (string | null | undefined)[],
): string | undefined {
  const present = texts.filter((text): text is string => Boolean(text));
  return words.find((word) => word.trim() && present.some((text) => wholeWord(word.trim()).test(text)));
}
