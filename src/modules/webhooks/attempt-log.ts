/**
 * Persists finished attempts: the delivery's new state (freeing its lease) and one log row per
 * attempt, then trims each touched endpoint to its newest 200 attempts (dropping finished
 * deliveries whose attempts have all left the log). Attempts that finish within a few
 * milliseconds of each other are written in one transaction (group commit), so bookkeeping
 * keeps up with many concurrent deliveries; `record` resolves once its attempt is committed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/database.ts';
import type { Executor } from '../../core/events/emit.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  existingDeliveryIds,
  finishLeasedAttempts,
  insertAttempts,
  type LeasedDeliveryRow,
  pruneAttempts,
  pruneUnloggedDeliveries,
} from './queries.ts';
import type { DeliveryProgress } from './retry-schedule.ts';
import type { AttemptOutcome } from './send-attempt.ts';

/** Spec §6.1 rule 5: the 200 most recent attempts per endpoint are retained. */
export const RETAINED_ATTEMPTS_PER_ENDPOINT = 200;
const WRITE_RETRY_DELAYS_MS = [50, 250, 1000];
/**
 * Attempts wait this long for company before being written, unless a batch fills first: most
 * of a write's cost is per transaction and per statement, not per row. Their requests are
 * over meanwhile (the slots already serve other deliveries); only the record waits.
 */
const GATHER_MS = 50;
const MAX_BATCH = 500;

export interface FinishedAttempt {
  delivery: Pick<LeasedDeliveryRow, 'id' | 'endpoint_id' | 'delivery_id' | 'event'>;
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
  /**
   * Resolves once the attempt and the delivery's new state are committed. With no other
   * attempt in flight (`moreComing` false) nothing will come to share the write, so it starts
   * at once instead of waiting for company.
   */
  record(attempt: FinishedAttempt, moreComing: boolean): Promise<void>;
}

export function createAttemptLog(db: Database, leaseOwner: string, logger: FastifyBaseLogger): AttemptLog {
  let queue: Pending[] = [];
  let writing = false;
  let gathering: NodeJS.Timeout | undefined;

  const writeQueued = async () => {
    gathering = undefined;
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      try {
        await writeWithRetries(db, leaseOwner, batch, logger);
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    writing = false;
  };

  return {
    record: (attempt, moreComing) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ attempt, resolve, reject });
        if (writing) return;
        if (queue.length >= MAX_BATCH || !moreComing) {
          clearTimeout(gathering);
          void writeQueued();
        } else {
          gathering ??= setTimeout(writeQueued, GATHER_MS);
        }
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
      await db.transaction().execute((trx) =>
        writeBatch(
          trx,
          leaseOwner,
          batch.map((pending) => pending.attempt),
        ),
      );
      return;
    } catch (error) {
      const delay = WRITE_RETRY_DELAYS_MS[retry];
      if (delay === undefined) throw error;
      logger.warn({ err: error, attempts: batch.length }, 'webhook attempt log: write failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function writeBatch(trx: Executor, leaseOwner: string, attempts: FinishedAttempt[]): Promise<void> {
  // Same next state → one statement; a batch of successes is a single UPDATE.
  const byProgress = new Map<string, FinishedAttempt[]>();
  for (const attempt of attempts) {
    const key = `${attempt.progress.state}:${attempt.progress.nextAttemptMs}`;
    const group = byProgress.get(key);
    if (group) group.push(attempt);
    else byProgress.set(key, [attempt]);
  }
  const advanced = new Set<number>();
  for (const group of byProgress.values()) {
    const { state, nextAttemptMs } = group[0].progress;
    const finishedMs = state === 'succeeded' || state === 'failed' ? Date.now() : null;
    const ids = group.map((attempt) => attempt.delivery.id);
    for (const id of await finishLeasedAttempts(trx, {
      ids,
      owner: leaseOwner,
      state,
      nextAttemptMs,
      finishedMs,
    })) {
      advanced.add(id);
    }
  }
  // A lease lost to another worker still logs what happened; a delivery that is gone (its
  // endpoint was deleted meanwhile) has nothing left to log against.
  const lost = attempts.filter((attempt) => !advanced.has(attempt.delivery.id)).map((a) => a.delivery.id);
  const stillThere = new Set(await existingDeliveryIds(trx, lost));
  const logged = attempts.filter(
    (attempt) => advanced.has(attempt.delivery.id) || stillThere.has(attempt.delivery.id),
  );
  await insertAttempts(
    trx,
    logged.map(({ delivery, attemptNumber, outcome, startedMs }) => ({
      endpoint_id: delivery.endpoint_id,
      delivery_id: delivery.delivery_id,
      event: delivery.event,
      attempt: attemptNumber,
      http_status: outcome.httpStatus,
      response_body: outcome.responseBody,
      error_message: outcome.errorMessage,
      success: outcome.success,
      duration_ms: outcome.durationMs,
      created_at: formatDateTime(new Date(startedMs)),
    })),
  );
  for (const endpointId of new Set(logged.map((attempt) => attempt.delivery.endpoint_id))) {
    // A finished delivery can only lose its last logged attempt here.
    if ((await pruneAttempts(trx, endpointId, RETAINED_ATTEMPTS_PER_ENDPOINT)) > 0) {
      await pruneUnloggedDeliveries(trx, endpointId);
    }
  }
}
