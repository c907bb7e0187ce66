import { describe, expect, it } from 'vitest';
import { RawJson, serializeWithRaw } from './raw-json.ts';

describe('serializeWithRaw', () => {
  it('splices stored JSON text in place and serializes everything else normally', () => {
    const value = {
      id: 1,
      name: 'Quote " and \u0000 and emoji 🎉',
      content: new RawJson('{"type":"doc","content":[]}'),
      nested: [{ details: new RawJson('null') }, { details: null }],
      skipped: undefined,
    };
    const json = serializeWithRaw(value);
    expect(JSON.parse(json)).toEqual({
      id: 1,
      name: 'Quote " and \u0000 and emoji 🎉',
      content: { type: 'doc', content: [] },
      nested: [{ details: null }, { details: null }],
    });
  });

  it('does not confuse user text that looks like a placeholder with one', () => {
    const json = serializeWithRaw({ text: '\u00000', raw: new RawJson('{"a":1}') });
    expect(JSON.parse(json)).toEqual({ text: '\u00000', raw: { a: 1 } });
  });
});
