/**
 * Persists finished attempts: the delivery's new state (freeing its lease) and one log row per
 * attempt, then trims each touched endpoint to its newest 200 attempts (and drops finished
 * deliveries whose attempts have all left the log).
 * Attempts that finish while a write is in progress are written together in the next
 * transaction (group commit), so bookkeeping keeps up with many concurrent deliveries.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/database.ts';
import type { Executor } from '../../core/events/emit.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  type DeliveryRow,
  deliveryExists,
  finishLeasedAttempt,
  insertAttempt,
  pruneAttempts,
  pruneUnloggedDeliveries,
} from './queries.ts';
import type { DeliveryProgress } from './retry-schedule.ts';
import type { AttemptOutcome } from './send-attempt.ts';

/** Spec §6.1 rule 5: the 200 most recent attempts per endpoint are retained. */
export const RETAINED_ATTEMPTS_PER_ENDPOINT = 200;
const WRITE_RETRY_DELAYS_MS = [50, 250, 1000];

export interface FinishedAttempt {
  delivery: Pick<DeliveryRow, 'id' | 'endpoint_id' | 'delivery_id' | 'event'>;
  attemptNumber: number;
  startedMs: number;
  outcome: AttemptOutcome;
  progress: DeliveryProgress;
}

interface Pending {
  attempt: FinishedAttempt;
  resolve(): void;
  reject(error: unknown): void;
}

export interface AttemptLog {
  /** Resolves once the attempt and the delivery's new state are committed. */
  record(attempt: FinishedAttempt): Promise<void>;
}

export function createAttemptLog(db: Database, leaseOwner: string, logger: FastifyBaseLogger): AttemptLog {
  let queue: Pending[] = [];
  let writing = false;

  const writeQueued = async () => {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        try {
          await writeWithRetries(db, leaseOwner, batch, logger);
          for (const pending of batch) pending.resolve();
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    record: (attempt) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ attempt, resolve, reject });
        if (!writing) void writeQueued();
      }),
  };
}

async function writeWithRetries(
  db: Database,
  leaseOwner: string,
  batch: Pending[],
  logger: FastifyBaseLogger,
): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      await db.transaction().execute((trx) => writeBatch(trx, leaseOwner, batch));
      return;
    } catch (error) {
      const delay = WRITE_RETRY_DELAYS_MS[retry];
      if (delay === undefined) throw error;
      logger.warn({ err: error, attempts: batch.length }, 'webhook attempt log: write failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function writeBatch(trx: Executor, leaseOwner: string, batch: Pending[]): Promise<void> {
  const touched = new Set<number>();
  for (const { attempt } of batch) {
    const { delivery, progress, outcome } = attempt;
    const stillLeased = await finishLeasedAttempt(trx, {
      id: delivery.id,
      owner: leaseOwner,
      attempts: attempt.attemptNumber,
      state: progress.state,
      nextAttemptMs: progress.nextAttemptMs,
      finishedMs: progress.finishedMs,
    });
    // Gone means its endpoint was deleted meanwhile: nothing left to log against.
    if (!stillLeased && !(await deliveryExists(trx, delivery.id))) continue;
    await insertAttempt(trx, {
      endpoint_id: delivery.endpoint_id,
      delivery_id: delivery.delivery_id,
      event: delivery.event,
      attempt: attempt.attemptNumber,
      http_status: outcome.httpStatus,
      response_body: outcome.responseBody,
      error_message: outcome.errorMessage,
      success: outcome.success,
      duration_ms: outcome.durationMs,
      created_at: formatDateTime(new Date(attempt.startedMs)),
    });
    touched.add(delivery.endpoint_id);
  }
  for (const endpointId of touched) {
    // A finished delivery only loses its last logged attempt here, so only then is there any to drop.
    const dropped = await pruneAttempts(trx, endpointId, RETAINED_ATTEMPTS_PER_ENDPOINT);
    if (dropped > 0n) await pruneUnloggedDeliveries(trx, endpointId);
  }
}
