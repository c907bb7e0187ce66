import { describe, expect, it } from 'vitest';
import { deadlineOf, isPastDue, isValidDueDate } from './due-date.ts';

const at = (iso: string) => Date.parse(iso);

describe('deadlineOf', () => {
  it.each([
    ['', null],
    ['   ', null],
    // A day: on time until the following midnight, UTC.
    ['2026-03-10', at('2026-03-11T00:00:00Z')],
    [' 2026-03-10 ', at('2026-03-11T00:00:00Z')],
    ['2024-02-29', at('2024-03-01T00:00:00Z')],
    // An instant: past due once it has passed (1 ms later).
    ['2026-03-10T12:30', at('2026-03-10T12:30:00.001Z')],
    ['2026-03-10 12:30:15', at('2026-03-10T12:30:15.001Z')],
    ['2026-03-10T12:30:15.250Z', at('2026-03-10T12:30:15.251Z')],
    ['2026-03-10T12:30:00+02:00', at('2026-03-10T10:30:00.001Z')],
    ['2026-03-10T12:30:00-0530', at('2026-03-10T18:00:00.001Z')],
  ])('%j → %s', (text, expected) => {
    expect(deadlineOf(text)).toBe(expected);
  });

  it.each([
    'tomorrow',
    '2026-13-01',
    '2026-02-30',
    '2026-3-1',
    '2026-03-10T25:00',
    '2026-03-10T12:60',
    '10/03/2026',
  ])('%j is not a date', (text) => {
    expect(deadlineOf(text)).toBeUndefined();
    expect(isValidDueDate(text)).toBe(false);
  });
});

describe('isPastDue', () => {
  it.each([
    ['', '2099-01-01T00:00:00Z', false],
    ['2026-03-10', '2026-03-10T23:59:59.999Z', false],
    ['2026-03-10', '2026-03-11T00:00:00Z', true],
    ['2026-03-10T12:00:00Z', '2026-03-10T12:00:00Z', false],
    ['2026-03-10T12:00:00Z', '2026-03-10T12:00:00.001Z', true],
    // Text that is not a date never locks anyone out.
    ['soon', '2099-01-01T00:00:00Z', false],
  ])('due %j at %s → %s', (due, now, expected) => {
    expect(isPastDue(due, at(now))).toBe(expected);
  });
});
