/**
 * The delivery worker: polls the outbox and fans events out into deliveries, leases due
 * deliveries and runs their attempts concurrently (bounded overall and per endpoint, so one
 * slow receiver cannot hold up the others), and records each attempt. All state is in the
 * database: a worker that dies leaves leases that expire, and whoever polls next resumes.
 * It runs inside `npm start` and alone under `npm run worker` (see src/server.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../core/context.ts';
import { createPinnedAgent } from '../../core/net/pinned-agent.ts';
import { createAttemptLog } from './attempt-log.ts';
import { fanOutOutbox } from './outbox-fan-out.ts';
import {
  type DeliveryRow,
  type EndpointRow,
  endpointsForSending,
  leaseDueDeliveries,
  releaseLeases,
} from './queries.ts';
import { progressAfterAttempt, SPEC_RETRY_DELAYS_MS } from './retry-schedule.ts';
import { secretCipherOf } from './secret-encryption.ts';
import { type AttemptOutcome, sendAttempt } from './send-attempt.ts';
import { deliveryHeaders } from './signing.ts';

export interface DeliveryWorkerOptions {
  /** Waits before attempts 2, 3, …; default 1 s and 4 s (spec). Tests pass scaled-down values. */
  retryDelaysMs?: readonly number[];
  /** Deadline of one attempt; default 10 s (spec). */
  attemptTimeoutMs?: number;
  pollIntervalMs?: number;
  /** How long a leased delivery stays reserved; it must outlast an attempt. Default: timeout + 20 s. */
  leaseMs?: number;
  /** Attempts in flight in this process. */
  concurrency?: number;
  /** Attempts in flight to one endpoint from this process. */
  perEndpointConcurrency?: number;
  outboxBatchSize?: number;
}

export interface DeliveryWorker {
  /** Poll now instead of at the next interval (e.g. right after queueing work in this process). */
  kick(): void;
  /** Stops polling and waits for attempts in flight to finish and be recorded. */
  stop(): Promise<void>;
}

export type DeliveryWorkerContext = Pick<
  AppContext,
  'database' | 'logger' | 'outboundNetwork' | 'secretKey' | 'config'
>;

type SendableEndpoint = Pick<EndpointRow, 'id' | 'webhook_uuid' | 'url' | 'secret_encrypted'>;

export function startDeliveryWorker(
  ctx: DeliveryWorkerContext,
  options: DeliveryWorkerOptions = {},
): DeliveryWorker {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const settings = {
    retryDelaysMs: options.retryDelaysMs ?? SPEC_RETRY_DELAYS_MS,
    attemptTimeoutMs,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    leaseMs: options.leaseMs ?? attemptTimeoutMs + 20_000,
    concurrency: options.concurrency ?? 64,
    perEndpointConcurrency: options.perEndpointConcurrency ?? 16,
    outboxBatchSize: options.outboxBatchSize ?? 200,
  };
  const { db } = ctx.database;
  const logger = ctx.logger.child({ component: 'webhook-worker' });
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const agent = createPinnedAgent(ctx.outboundNetwork, { connectTimeoutMs: attemptTimeoutMs });
  const cipher = secretCipherOf(ctx);
  const attemptLog = createAttemptLog(db, owner, logger);
  const inFlight = new Set<Promise<void>>();
  const inFlightPerEndpoint = new Map<number, number>();
  const wake = createWakeSignal();
  let stopping = false;

  async function attemptOnce(
    delivery: DeliveryRow,
    endpoint: SendableEndpoint,
    sentAt: Date,
  ): Promise<AttemptOutcome> {
    let secret: string;
    try {
      secret = cipher.decrypt(endpoint.secret_encrypted, endpoint.webhook_uuid);
    } catch (error) {
      return {
        httpStatus: null,
        responseBody: null,
        errorMessage: (error as Error).message,
        success: false,
        durationMs: 0,
      };
    }
    const headers = deliveryHeaders({
      event: delivery.event,
      deliveryId: delivery.delivery_id,
      body: delivery.body,
      secret,
      sentAt,
    });
    return sendAttempt(agent, { url: endpoint.url, headers, body: delivery.body }, attemptTimeoutMs);
  }

  async function deliver(delivery: DeliveryRow, endpoint: SendableEndpoint): Promise<void> {
    const startedMs = Date.now();
    const attemptNumber = delivery.attempts + 1;
    const outcome = await attemptOnce(delivery, endpoint, new Date(startedMs));
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
    try {
      await attemptLog.record({ delivery, attemptNumber, startedMs, outcome, progress });
    } catch (error) {
      // The lease runs out and another poll repeats the attempt: at-least-once, never lost.
      logger.error({ err: error, deliveryId: delivery.delivery_id }, 'could not record a webhook attempt');
      return;
    }
    if (progress.nextAttemptMs !== null) {
      setTimeout(wake.kick, Math.max(0, progress.nextAttemptMs - Date.now())).unref();
    }
  }

  function track(delivery: DeliveryRow, endpoint: SendableEndpoint): void {
    const endpointId = delivery.endpoint_id;
    inFlightPerEndpoint.set(endpointId, (inFlightPerEndpoint.get(endpointId) ?? 0) + 1);
    const running = deliver(delivery, endpoint)
      .catch((error) =>
        logger.error({ err: error, deliveryId: delivery.delivery_id }, 'webhook attempt crashed'),
      )
      .finally(() => {
        inFlight.delete(running);
        const left = (inFlightPerEndpoint.get(endpointId) ?? 1) - 1;
        if (left === 0) inFlightPerEndpoint.delete(endpointId);
        else inFlightPerEndpoint.set(endpointId, left);
        wake.kick();
      });
    inFlight.add(running);
  }

  /** Leases as many due deliveries as there are free slots and starts them; returns how many. */
  async function startDueDeliveries(): Promise<number> {
    const free = settings.concurrency - inFlight.size;
    if (free <= 0) return 0;
    const saturated = [...inFlightPerEndpoint]
      .filter(([, count]) => count >= settings.perEndpointConcurrency)
      .map(([endpointId]) => endpointId);
    const now = Date.now();
    const leased = await leaseDueDeliveries(db, {
      owner,
      nowMs: now,
      leaseUntilMs: now + settings.leaseMs,
      limit: free,
      skipEndpointIds: saturated,
    });
    if (leased.length === 0) return 0;

    const accepted: DeliveryRow[] = [];
    const excess: number[] = [];
    const planned = new Map(inFlightPerEndpoint);
    for (const delivery of leased) {
      const count = planned.get(delivery.endpoint_id) ?? 0;
      if (count >= settings.perEndpointConcurrency) {
        excess.push(delivery.id);
        continue;
      }
      planned.set(delivery.endpoint_id, count + 1);
      accepted.push(delivery);
    }
    await releaseLeases(db, excess, owner);
    const endpointIds = [...new Set(accepted.map((delivery) => delivery.endpoint_id))];
    const endpoints = new Map((await endpointsForSending(db, endpointIds)).map((row) => [row.id, row]));
    let started = 0;
    for (const delivery of accepted) {
      const endpoint = endpoints.get(delivery.endpoint_id);
      // A missing endpoint was deleted after the lease; its deliveries went with it.
      if (!endpoint) continue;
      track(delivery, endpoint);
      started++;
    }
    return started;
  }

  const polling = (async () => {
    while (!stopping) {
      let busy = false;
      try {
        const fanned = await fanOutOutbox(db, logger, settings.outboxBatchSize, Date.now());
        const started = await startDueDeliveries();
        busy = fanned.events === settings.outboxBatchSize || started > 0;
      } catch (error) {
        logger.error({ err: error }, 'webhook worker: polling failed');
      }
      if (!busy && !stopping) await wake.sleep(settings.pollIntervalMs);
    }
  })();

  let stopped: Promise<void> | undefined;
  const drain = async () => {
    stopping = true;
    wake.kick();
    await polling;
    await Promise.allSettled([...inFlight]);
    await agent.close();
  };
  return {
    kick: wake.kick,
    stop: () => {
      stopped ??= drain();
      return stopped;
    },
  };
}

/** A sleep that a kick ends early; a kick while awake makes the next sleep return at once. */
function createWakeSignal() {
  let pending = false;
  let wakeSleeper: (() => void) | undefined;
  return {
    kick: () => {
      pending = true;
      wakeSleeper?.();
    },
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeSleeper = undefined;
          pending = false;
          resolve();
        }
        wakeSleeper = done;
      }),
  };
}
