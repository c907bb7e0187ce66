/**
 * The delivery worker: polls the outbox and fans events out into deliveries, leases due
 * deliveries endpoint by endpoint and sends them concurrently (bounded overall and per
 * endpoint, so one slow receiver cannot hold up the others), and records every attempt.
 * All state is in the database: a worker that dies leaves leases that expire, and whoever
 * polls next resumes. It runs inside `npm start` and alone under `npm run worker`.
 *
 * An endpoint that is turned off gets no further request. An attempt the worker comes to make
 * while the endpoint is inactive is not made: its delivery fails at once, whatever attempts it
 * had left, with NOT_SENT_INACTIVE in the log. Requests already in flight finish, and
 * deliveries a worker leased ahead see the change within a poll interval (see Lane.endpoint).
 * Failing them rather than holding them for a re-activation is what a receiver can reason
 * about: events that occur while the endpoint is off are never queued for it (the fan-out
 * skips it), so a held backlog would arrive after a re-activation as a stale subset with gaps,
 * far outside the spec's retry window of seconds, and the rows of an endpoint left off would
 * pile up. A failed delivery stays listed in the endpoint's log, where it can be redelivered
 * on purpose once the endpoint is active again. Settling goes through the same leases as
 * sending, so several workers never settle one delivery twice, and it costs no query of its
 * own: the endpoint is read after every lease anyway.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../core/context.ts';
import { createPinnedAgent } from '../../core/net/pinned-agent.ts';
import { createAttemptLog } from './attempt-log.ts';
import { type CountedOutcome, createAttemptCounter } from './attempt-metrics.ts';
import { fanOutOutbox } from './outbox-fan-out.ts';
import {
  type EndpointForSending,
  endpointForSending,
  endpointsWithDueDeliveries,
  type LeasedDeliveryRow,
  leaseDueDeliveries,
  releaseLeases,
} from './queries.ts';
import { type DeliveryProgress, progressAfterAttempt, SPEC_RETRY_DELAYS_MS } from './retry-schedule.ts';
import { secretCipherOf } from './secret-encryption.ts';
import type { AttemptOutcome } from './send-attempt.ts';
import { createSignedAttempt, type SendableEndpoint } from './signed-attempt.ts';
import { createWakeSignal } from './wake-signal.ts';

export interface DeliveryWorkerOptions {
  /** Waits before attempts 2, 3, …; default 1 s and 4 s (spec). Tests pass scaled-down values. */
  retryDelaysMs?: readonly number[];
  /** Deadline of one attempt; default 10 s (spec). */
  attemptTimeoutMs?: number;
  /**
   * How often the outbox and every endpoint are checked for work; default 250 ms. Also how old
   * the worker's copy of an endpoint may get before it is read again (URL, secret, active flag).
   */
  pollIntervalMs?: number;
  /**
   * How long a leased delivery stays reserved. An attempt can take twice the timeout (connect,
   * then response), and a delivery leased ahead may wait for one before its own starts, so the
   * lease must be longer than two of them to be of use. Default: 4 × timeout + 10 s. (A busy
   * endpoint is leased further ahead, as far as it gets through in a moment at its recent pace;
   * if it slows down, what cannot start in time is let go and leased again later.)
   */
  leaseMs?: number;
  /** Requests in flight from this process; default 64. */
  concurrency?: number;
  /** Requests in flight to one endpoint from this process; default 16. */
  perEndpointConcurrency?: number;
  /** Outbox events fanned out per transaction; default 500. */
  outboxBatchSize?: number;
}

export interface DeliveryWorker {
  /** Poll now instead of at the next interval (e.g. right after queueing work in this process). */
  kick(): void;
  /** Stops polling and waits for requests in flight to finish and be recorded. */
  stop(): Promise<void>;
}

export type DeliveryWorkerContext = Pick<
  AppContext,
  'database' | 'logger' | 'outboundNetwork' | 'secretKey' | 'config' | 'metrics'
>;

/** What the log says of a delivery settled without a request because its endpoint is inactive. */
export const NOT_SENT_INACTIVE = 'Not sent: the endpoint is inactive';

/** One endpoint's share of the worker: requests in flight and leased deliveries waiting to be sent. */
interface Lane {
  sending: number;
  /** In lease order, so the first to lapse come first. */
  leased: LeasedDeliveryRow[];
  /**
   * The endpoint as read after the latest lease, or before sending from `leased` once older than
   * a poll interval, so a regenerate, URL change or deactivation applies to what is leased
   * ahead too. Undefined until read, and once the endpoint is deleted.
   */
  endpoint: EndpointForSending | undefined;
  endpointReadMs: number;
  /** Attempts finished since the lane last leased, and when that was: the endpoint's recent pace. */
  finishedSinceLease: number;
  lastLeaseMs: number;
}

/**
 * A busy endpoint is leased this far ahead at its recent pace, so that one lease (one write)
 * serves many deliveries; never fewer than one more round of its slots, nor more than the cap.
 */
const LEASE_AHEAD_MS = 100;
const MOST_LEASED_AHEAD = 1000;

export function startDeliveryWorker(
  ctx: DeliveryWorkerContext,
  options: DeliveryWorkerOptions = {},
): DeliveryWorker {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const longestAttemptMs = 2 * attemptTimeoutMs;
  const settings = {
    retryDelaysMs: options.retryDelaysMs ?? SPEC_RETRY_DELAYS_MS,
    attemptTimeoutMs,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    leaseMs: options.leaseMs ?? 2 * longestAttemptMs + 10_000,
    concurrency: options.concurrency ?? 64,
    perEndpointConcurrency: options.perEndpointConcurrency ?? 16,
    outboxBatchSize: options.outboxBatchSize ?? 500,
  };
  if (settings.leaseMs <= 2 * longestAttemptMs) {
    throw new Error(`leaseMs must exceed ${2 * longestAttemptMs} ms (four attempt timeouts)`);
  }
  const { db } = ctx.database;
  const logger = ctx.logger.child({ component: 'webhook-worker' });
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const agent = createPinnedAgent(ctx.outboundNetwork, { connectTimeoutMs: attemptTimeoutMs });
  const signedAttempt = createSignedAttempt(agent, secretCipherOf(ctx), attemptTimeoutMs);
  const attemptLog = createAttemptLog(db, owner, logger);
  const countAttempt = createAttemptCounter(ctx.metrics);
  const lanes = new Map<number, Lane>();
  /** Every attempt from its request until its record is committed (stop waits for these). */
  const unfinished = new Set<Promise<unknown>>();
  let sending = 0;
  const wake = createWakeSignal();
  /** Endpoints to serve before anything else: a request of theirs finished, or a retry fell due. */
  const refills = new Set<number>();
  let nextSweepMs = 0;
  let sweepRotation = 0;
  let stopping = false;

  const laneOf = (endpointId: number): Lane => {
    let lane = lanes.get(endpointId);
    if (!lane) {
      lane = {
        sending: 0,
        leased: [],
        endpoint: undefined,
        endpointReadMs: 0,
        finishedSinceLease: 0,
        lastLeaseMs: Date.now(),
      };
      lanes.set(endpointId, lane);
    }
    return lane;
  };
  const refill = (endpointId: number) => {
    refills.add(endpointId);
    wake.kick();
  };
  const track = (work: Promise<unknown>) => {
    const tracked = work.finally(() => unfinished.delete(tracked));
    unfinished.add(tracked);
  };

  /** Commits the attempt, then counts it; false if it could not be recorded. */
  async function record(
    delivery: LeasedDeliveryRow,
    attempt: { startedMs: number; outcome: AttemptOutcome; progress: DeliveryProgress },
    countAs: CountedOutcome,
    moreComing: boolean,
  ): Promise<boolean> {
    try {
      await attemptLog.record({ delivery, attemptNumber: delivery.attempts + 1, ...attempt }, moreComing);
    } catch (error) {
      // The lease runs out and a later poll repeats the attempt: at-least-once, never lost.
      logger.error({ err: error, deliveryId: delivery.delivery_id }, 'could not record a webhook attempt');
      return false;
    }
    countAttempt(countAs);
    return true;
  }

  async function deliver(lane: Lane, delivery: LeasedDeliveryRow, endpoint: SendableEndpoint): Promise<void> {
    const startedMs = Date.now();
    const attemptNumber = delivery.attempts + 1;
    let outcome: Awaited<ReturnType<typeof signedAttempt>>;
    try {
      outcome = await signedAttempt(delivery, endpoint, new Date(startedMs));
    } finally {
      // The request is over: its slot serves the next delivery while this one is recorded.
      lane.sending--;
      lane.finishedSinceLease++;
      sending--;
      refill(delivery.endpoint_id);
    }
    const progress = progressAfterAttempt(attemptNumber, outcome.success, Date.now(), settings.retryDelaysMs);
    const facts = {
      deliveryId: delivery.delivery_id,
      webhookUuid: endpoint.webhook_uuid,
      event: delivery.event,
      attempt: attemptNumber,
      status: outcome.httpStatus,
      error: outcome.errorMessage,
      state: progress.state,
    };
    if (progress.state === 'failed') logger.warn(facts, 'webhook delivery failed after its last attempt');
    else logger.debug(facts, 'webhook attempt finished');
    if (!(await record(delivery, { startedMs, outcome, progress }, progress.state, sending > 0))) return;
    if (progress.nextAttemptMs !== null) {
      const endpointId = delivery.endpoint_id;
      setTimeout(() => refill(endpointId), Math.max(0, progress.nextAttemptMs - Date.now())).unref();
    }
  }

  /** Settles leased deliveries of an inactive endpoint as failed, without sending them (see the top). */
  function settleUnsent(lane: Lane, endpointId: number, deliveries: LeasedDeliveryRow[]): void {
    const nowMs = Date.now();
    const outcome: AttemptOutcome = {
      httpStatus: null,
      responseBody: null,
      errorMessage: NOT_SENT_INACTIVE,
      success: false,
      durationMs: 0,
    };
    const progress: DeliveryProgress = { state: 'failed', nextAttemptMs: null, finishedMs: nowMs };
    logger.info(
      { webhookUuid: lane.endpoint?.webhook_uuid, deliveries: deliveries.length },
      'webhook endpoint inactive: its due deliveries fail unsent',
    );
    deliveries.forEach((delivery, index) => {
      const moreComing = index < deliveries.length - 1 || sending > 0;
      track(record(delivery, { startedMs: nowMs, outcome, progress }, 'endpoint_inactive', moreComing));
    });
    // Counted as finished, so the next lease takes a larger batch of the endpoint's backlog.
    lane.finishedSinceLease += deliveries.length;
    refill(endpointId);
  }

  /** How many deliveries beyond its free slots the lane should hold (see LEASE_AHEAD_MS). */
  function leaseAhead(lane: Lane, now: number): number {
    const elapsedMs = now - lane.lastLeaseMs;
    const atRecentPace =
      elapsedMs > 0 ? Math.ceil((lane.finishedSinceLease / elapsedMs) * LEASE_AHEAD_MS) : 0;
    return Math.min(MOST_LEASED_AHEAD, Math.max(settings.perEndpointConcurrency, atRecentPace));
  }

  /** Leases up to `limit` more due deliveries of an endpoint into its lane; returns how many. */
  async function lease(lane: Lane, endpointId: number, limit: number): Promise<number> {
    const now = Date.now();
    lane.lastLeaseMs = now;
    lane.finishedSinceLease = 0;
    const leased = await leaseDueDeliveries(db, {
      endpointId,
      owner,
      nowMs: now,
      leaseUntilMs: now + settings.leaseMs,
      limit,
    });
    lane.leased.push(...leased);
    return leased.length;
  }

  async function readEndpoint(lane: Lane, endpointId: number): Promise<void> {
    const readMs = Date.now();
    lane.endpoint = await endpointForSending(db, endpointId);
    lane.endpointReadMs = readMs;
  }

  /**
   * Sends as many of an endpoint's due deliveries as it has room for, leasing a batch ahead
   * so that the next requests need no round trip; returns how many started.
   */
  async function serve(endpointId: number): Promise<number> {
    const lane = laneOf(endpointId);
    const room = Math.min(settings.perEndpointConcurrency - lane.sending, settings.concurrency - sending);
    if (room <= 0) return 0;
    // One that waited too long to start could outlive its lease: let it lapse, to be leased again.
    const now = Date.now();
    const firstInTime = lane.leased.findIndex(
      (delivery) => delivery.lease_until_ms! - now > longestAttemptMs,
    );
    lane.leased.splice(0, firstInTime === -1 ? lane.leased.length : firstInTime);
    let leasedNow = 0;
    if (lane.leased.length < room) {
      leasedNow = await lease(lane, endpointId, room + leaseAhead(lane, now) - lane.leased.length);
    }
    if (lane.leased.length === 0) return 0;
    // Read after every lease; what was leased ahead may wait up to a poll interval on a stale copy.
    if (leasedNow > 0 || now - lane.endpointReadMs > settings.pollIntervalMs) {
      await readEndpoint(lane, endpointId);
    }
    const endpoint = lane.endpoint;
    if (!endpoint) {
      // Deleted meanwhile; its deliveries went with it.
      lane.leased = [];
      return 0;
    }
    if (!endpoint.is_active) {
      settleUnsent(lane, endpointId, lane.leased.splice(0));
      return 0;
    }
    const batch = lane.leased.splice(0, room);
    for (const delivery of batch) {
      lane.sending++;
      sending++;
      track(
        deliver(lane, delivery, endpoint).catch((error) =>
          logger.error({ err: error, deliveryId: delivery.delivery_id }, 'webhook attempt crashed'),
        ),
      );
    }
    return batch.length;
  }

  /**
   * Serves every endpoint with due work, starting from a different one each time for fairness.
   * Lanes holding leased deliveries count too: the database no longer lists those as due.
   */
  async function sweep(): Promise<void> {
    if (sending >= settings.concurrency) return;
    const waiting = [...lanes].filter(([, lane]) => lane.leased.length > 0).map(([endpointId]) => endpointId);
    const due = await endpointsWithDueDeliveries(db, Date.now());
    const endpointIds = [...new Set([...waiting, ...due])];
    const start = endpointIds.length > 0 ? sweepRotation++ % endpointIds.length : 0;
    for (const endpointId of [...endpointIds.slice(start), ...endpointIds.slice(0, start)]) {
      if (sending >= settings.concurrency) return;
      await serve(endpointId);
    }
  }

  async function poll(): Promise<void> {
    let sweepNow = Date.now() >= nextSweepMs;
    if (sweepNow) {
      const fanned = await fanOutOutbox(db, logger, settings.outboxBatchSize, Date.now());
      nextSweepMs = fanned.events === settings.outboxBatchSize ? 0 : Date.now() + settings.pollIntervalMs;
    }
    const endpointIds = [...refills];
    refills.clear();
    for (const endpointId of endpointIds) {
      // A freed slot this endpoint has no work for may serve another endpoint.
      if ((await serve(endpointId)) === 0 && sending < settings.concurrency) sweepNow = true;
    }
    if (sweepNow) await sweep();
    for (const [endpointId, lane] of lanes) {
      if (lane.sending === 0 && lane.leased.length === 0) lanes.delete(endpointId);
    }
  }

  const polling = (async () => {
    while (!stopping) {
      // Let every request that finished in this turn free its slot first, so one lease serves them all.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await poll();
      } catch (error) {
        logger.error({ err: error }, 'webhook worker: polling failed');
        nextSweepMs = Date.now() + settings.pollIntervalMs;
      }
      if (!stopping && refills.size === 0 && nextSweepMs !== 0) {
        await wake.sleep(Math.max(0, nextSweepMs - Date.now()));
      }
    }
  })();

  let stopped: Promise<void> | undefined;
  const drain = async () => {
    stopping = true;
    wake.kick();
    await polling;
    const unsent = [...lanes.values()].flatMap((lane) => lane.leased.map((delivery) => delivery.id));
    await releaseLeases(db, unsent, owner).catch((error) =>
      logger.warn({ err: error }, 'could not release unsent webhook deliveries; their leases will lapse'),
    );
    while (unfinished.size > 0) await Promise.allSettled([...unfinished]);
    await agent.close();
  };
  return {
    kick: () => {
      nextSweepMs = 0;
      wake.kick();
    },
    stop: () => {
      stopped ??= drain();
      return stopped;
    },
  };
}
