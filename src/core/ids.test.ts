import { describe, expect, it } from 'vitest';
import { prefixedHex, prefixedUuid } from './ids.ts';

describe('public identifiers', () => {
  it('prefixes a UUID', () => {
    expect(prefixedUuid('course')).toMatch(
      /^course_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('draws short hex ids from the random pool without ever repeating one, across refills', () => {
    // 4096 pooled bytes serve 512 ids of 8 bytes: 2000 ids cross several refills.
    const ids = Array.from({ length: 2000 }, () => prefixedHex('dlv'));
    for (const id of ids) expect(id).toMatch(/^dlv_[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(prefixedHex('x', 3)).toMatch(/^x_[0-9a-f]{6}$/);
  });
});
