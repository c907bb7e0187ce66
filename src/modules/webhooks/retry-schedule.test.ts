import { describe, expect, it } from 'vitest';
import { progressAfterAttempt, SPEC_RETRY_DELAYS_MS } from './retry-schedule.ts';

const T = 1_000_000;

describe('progressAfterAttempt (spec §3 delivery rows)', () => {
  it('uses the spec waits: attempt 2 after 1 s, attempt 3 after 4 s', () => {
    expect(SPEC_RETRY_DELAYS_MS).toEqual([1_000, 4_000]);
  });

  it.each([
    [1, false, { state: 'retrying', nextAttemptMs: T + 1_000, finishedMs: null }],
    [2, false, { state: 'retrying', nextAttemptMs: T + 4_000, finishedMs: null }],
    [3, false, { state: 'failed', nextAttemptMs: null, finishedMs: T }],
    [1, true, { state: 'succeeded', nextAttemptMs: null, finishedMs: T }],
    [2, true, { state: 'succeeded', nextAttemptMs: null, finishedMs: T }],
    [3, true, { state: 'succeeded', nextAttemptMs: null, finishedMs: T }],
  ])('attempt %i, success %s', (attempt, success, expected) => {
    expect(progressAfterAttempt(attempt, success, T, SPEC_RETRY_DELAYS_MS)).toEqual(expected);
  });
});
