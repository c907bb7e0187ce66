/**
 * A search query as index terms: its words (runs of letters, marks and digits, in Unicode
 * NFKC form, lower-cased), each matched as a word prefix, all of them required. Case and
 * accents are folded by the index itself (FTS5 unicode61 remove_diacritics, PostgreSQL
 * unaccent), so "Éco" and "eco" ask for the same thing.
 */
const WORD_SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 64;

export function searchTerms(query: string): string[] {
  const words = query
    .normalize('NFKC')
    .toLowerCase()
    .split(WORD_SEPARATORS)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_TERMS);
}
