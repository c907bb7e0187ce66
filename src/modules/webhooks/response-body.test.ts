import { describe, expect, it } from 'vitest';
import { decodeLeadingBytes } from './response-body.ts';

describe('decodeLeadingBytes', () => {
  it.each([
    ['empty body', '', null],
    ['short ASCII kept whole', 'ok', 'ok'],
    ['600 ASCII bytes cut to 500', 'a'.repeat(600), 'a'.repeat(500)],
    // "é" is 2 bytes: 400 of them are 800 bytes; 250 fit in exactly 500.
    ['2-byte characters', 'é'.repeat(400), 'é'.repeat(250)],
    // 499 ASCII + "é": the cut at 500 would split "é", so it stops at 499.
    ['character straddling the limit', `${'a'.repeat(499)}é${'b'.repeat(10)}`, 'a'.repeat(499)],
    // "€" is 3 bytes, "😀" 4: 166 × 3 = 498, the next "€" would end at 501.
    ['3-byte characters', '€'.repeat(200), '€'.repeat(166)],
    ['4-byte characters', '😀'.repeat(200), '😀'.repeat(125)],
  ])('%s', (_label, text, expected) => {
    const decoded = decodeLeadingBytes(Buffer.from(text, 'utf8'));
    expect(decoded).toBe(expected);
    if (decoded !== null) expect(Buffer.byteLength(decoded)).toBeLessThanOrEqual(500);
  });
});
