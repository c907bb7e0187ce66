/**
 * What happens after an attempt (spec §3, delivery rows): a 2xx succeeds; otherwise attempt n
 * is followed by attempt n+1 after `retryDelaysMs[n-1]`, and the attempt after the last delay
 * is the final one.
 */
import type { DeliveryState } from './tables.ts';

/** The spec's waits: attempt 2 after 1 s, attempt 3 after 4 s, then failed. */
export const SPEC_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

export interface DeliveryProgress {
  /** Never `pending`: an attempt has been made. */
  state: Exclude<DeliveryState, 'pending'>;
  /** When the next attempt is due, or null once the delivery is finished. */
  nextAttemptMs: number | null;
  finishedMs: number | null;
}

export function progressAfterAttempt(
  attemptNumber: number,
  success: boolean,
  finishedAtMs: number,
  retryDelaysMs: readonly number[],
): DeliveryProgress {
  if (success) return { state: 'succeeded', nextAttemptMs: null, finishedMs: finishedAtMs };
  const delay = retryDelaysMs[attemptNumber - 1];
  if (delay === undefined) return { state: 'failed', nextAttemptMs: null, finishedMs: finishedAtMs };
  return { state: 'retrying', nextAttemptMs: finishedAtMs + delay, finishedMs: null };
}
