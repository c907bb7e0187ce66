/**
 * Counts settled attempts in `learnbase_webhook_deliveries_total` by what became of their
 * delivery: `succeeded`, `retrying` (another attempt is scheduled), `failed` (that was the
 * last one), or `endpoint_inactive` (settled as failed without a request, because the endpoint
 * had been turned off). An attempt counts once its record is committed, so the counter agrees
 * with the attempt log.
 */
import type { Metrics } from '../../core/metrics/metrics.ts';
import type { DeliveryProgress } from './retry-schedule.ts';

export type CountedOutcome = DeliveryProgress['state'] | 'endpoint_inactive';

const OUTCOMES: readonly CountedOutcome[] = ['succeeded', 'retrying', 'failed', 'endpoint_inactive'];

export function createAttemptCounter(
  metrics: Pick<Metrics, 'deliveries'>,
): (outcome: CountedOutcome) => void {
  // Every series exists from the start, at 0, so that a rate over them sees the first attempt.
  for (const outcome of OUTCOMES) metrics.deliveries.inc({ outcome }, 0);
  return (outcome) => metrics.deliveries.inc({ outcome });
}
