import { describe, expect, it } from 'vitest';
import { decideRange, type RangeDecision } from './byte-range.ts';

const part = (start: number, end: number): RangeDecision => ({ kind: 'part', start, end });
const whole: RangeDecision = { kind: 'whole' };
const unsatisfiable: RangeDecision = { kind: 'unsatisfiable' };

describe('decideRange', () => {
  it.each<[string | undefined, number, RangeDecision]>([
    [undefined, 100, whole],
    ['bytes=0-9', 100, part(0, 9)],
    ['bytes=10-19', 100, part(10, 19)],
    ['bytes=99-99', 100, part(99, 99)],
    ['bytes=0-0', 1, part(0, 0)],
    ['bytes=0-', 100, part(0, 99)],
    ['bytes=50-', 100, part(50, 99)],
    ['bytes=90-200', 100, part(90, 99)],
    ['bytes=0-99999999999999999999999', 100, part(0, 99)],
    ['bytes=-10', 100, part(90, 99)],
    ['bytes=-100', 100, part(0, 99)],
    ['bytes=-500', 100, part(0, 99)],
    ['BYTES=1-2', 100, part(1, 2)],
    ['bytes= 1-2 ', 100, part(1, 2)],
    // Past the end, or an empty suffix: nothing of the object can be returned.
    ['bytes=100-', 100, unsatisfiable],
    ['bytes=100-200', 100, unsatisfiable],
    ['bytes=99999999999999999999999-', 100, unsatisfiable],
    ['bytes=-0', 100, unsatisfiable],
    // Malformed, another unit or several ranges: ignored, the whole object is sent.
    ['bytes=9-0', 100, whole],
    ['bytes=-', 100, whole],
    ['bytes=', 100, whole],
    ['bytes=a-b', 100, whole],
    ['bytes=1.5-2', 100, whole],
    ['bytes=--1', 100, whole],
    ['bytes=0-1,5-6', 100, whole],
    ['items=0-1', 100, whole],
    ['0-1', 100, whole],
    // An empty object has no bytes to range over.
    ['bytes=0-', 0, whole],
    ['bytes=-5', 0, whole],
  ])('%j of %i bytes → %j', (header, size, expected) => {
    expect(decideRange(header, size)).toEqual(expected);
  });
});
