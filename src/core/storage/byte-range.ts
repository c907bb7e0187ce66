/**
 * What a `Range` request header asks of an object of known size (RFC 9110 §14).
 * One range is served (`bytes=a-b`, `bytes=a-`, `bytes=-n`); a header that is malformed,
 * uses another unit or lists several ranges is ignored, which the RFC allows, and the
 * whole object is sent. So is any range of an empty object.
 */
export type RangeDecision =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const WHOLE: RangeDecision = { kind: 'whole' };
const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

export function decideRange(header: string | undefined, size: number): RangeDecision {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header);
  if (!match || size === 0) return WHOLE;
  const [, first, last] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    const suffixLength = Number(last);
    if (suffixLength === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffixLength), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
