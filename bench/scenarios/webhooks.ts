/**
 * Signed webhook deliveries per second with the durable bookkeeping on (outbox fan-out,
 * leased delivery rows, one attempt row per request, retention pruning, SSRF-pinned TLS
 * connections), next to a raw undici POST loop with the same concurrency to the same
 * loopback HTTPS receiver. Target: the engine reaches at least 50% of the raw loop.
 * The two alternate over BENCH_WEBHOOK_ROUNDS rounds (default 3) and the medians are reported,
 * so a burst of load from elsewhere on the machine skews one round rather than the verdict.
 * BENCH_WEBHOOK_EVENTS sets how many events the engine delivers per round (default 10000).
 */
import { generate } from 'selfsigned';
import { Agent, request } from 'undici';
import { createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/core/config.ts';
import type { AppContext } from '../../src/core/context.ts';
import { emit } from '../../src/core/events/emit.ts';
import { createLogger } from '../../src/core/logger.ts';
import { startDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.ts';
import { createEndpoint } from '../../src/modules/webhooks/service.ts';
import { freshDataDir, type Measurement, startChild } from '../harness.ts';
import { ratio, type ScenarioReport, verdict } from '../report.ts';

const HOST = 'receiver.bench';
const CONCURRENCY = 16;
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const SAMPLE_DATA = {
  course_uuid: 'course_00000000-0000-4000-8000-000000000000',
  name: 'Benchmark course',
  org_id: 1,
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function measurement(label: string, perSecond: number, latencies: number[], errors: number): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: Math.round(perSecond),
    p50: percentile(sorted, 50),
    p97_5: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    errors,
    non2xx: 0,
  };
}

async function rawLoop(url: string, ca: string, seconds: number): Promise<Measurement> {
  const agent = new Agent({ connect: { ca, servername: HOST } });
  const body = JSON.stringify({
    event: 'course_created',
    delivery_id: 'dlv_0000000000000000',
    data: SAMPLE_DATA,
  });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await request(url, {
          dispatcher: agent,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.body.dump();
        latencies.push(Math.round(performance.now() - t0));
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return measurement(
    `raw undici POST loop, ${CONCURRENCY} concurrent`,
    latencies.length / elapsed,
    latencies,
    errors,
  );
}

async function emitEvents(ctx: AppContext, count: number): Promise<void> {
  for (let done = 0; done < count; done += 500) {
    await ctx.database.db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(count, done + 500); i++)
        await emit(trx, 1, 'course_created', SAMPLE_DATA);
    });
  }
}

/** Waits until every event is fanned out and every delivery finished (finished rows are pruned). */
async function drained(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  for (;;) {
    const undispatched = await db
      .selectFrom('outbox_events')
      .select('id')
      .where('dispatched_ms', 'is', null)
      .limit(1)
      .execute();
    const open = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('next_attempt_ms', 'is not', null)
      .limit(1)
      .execute();
    if (undispatched.length === 0 && open.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function benchContext(ca: string): Promise<AppContext> {
  const config = loadConfig({ DATA_DIR: freshDataDir(), LOG_LEVEL: 'warn' });
  return createContext(config, {
    logger: createLogger('warn'),
    outboundNetwork: {
      resolve: async () => ['127.0.0.1'],
      ca,
      allowedAddresses: new Set(['127.0.0.1']),
    },
  });
}

/** Emits `count` events, then times one worker from start until every delivery is finished. */
async function engineRound(ctx: AppContext, count: number): Promise<Measurement> {
  await emitEvents(ctx, count);
  const started = performance.now();
  const worker = startDeliveryWorker(ctx, { perEndpointConcurrency: CONCURRENCY });
  await drained(ctx);
  const elapsed = (performance.now() - started) / 1000;
  await worker.stop();
  const attempts = await ctx.database.db
    .selectFrom('webhook_delivery_attempts')
    .select(['duration_ms', 'success'])
    .execute();
  return measurement(
    `engine: signed deliveries, ${ctx.database.kind}, ${CONCURRENCY} per endpoint`,
    count / elapsed,
    attempts.map((a) => a.duration_ms),
    attempts.filter((a) => !a.success).length,
  );
}

function median(rows: Measurement[]): Measurement {
  return [...rows].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rows.length / 2)];
}

export const webhooks = {
  name: 'webhooks',
  description:
    'Signed webhook deliveries per second through the durable engine (outbox, leased deliveries, attempt log, SSRF-pinned TLS) ' +
    'next to a raw undici POST loop with the same concurrency, both to one HTTPS receiver process on loopback. ' +
    'Latency columns: per-request time of the raw loop; per-attempt duration of the engine (the 200 retained attempts). ' +
    'Both clients run in the bench process; the receiver in its own.',
  async run(): Promise<ScenarioReport> {
    const pems = await generate([{ name: 'commonName', value: HOST }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: HOST }] }],
    });
    const receiver = await startChild('bench/webhook-receiver.ts', {
      RECEIVER_KEY: pems.private,
      RECEIVER_CERT: pems.cert,
    });
    try {
      const ctx = await benchContext(pems.cert);
      try {
        const port = Number(new URL(receiver.url).port);
        await createEndpoint(ctx, 1, {
          url: `https://${HOST}:${port}/hook`,
          events: ['course_created'],
          createdByUserId: 1,
        });
        // Warm-up of both (JIT, TLS connections, SQLite caches), not measured.
        await rawLoop(receiver.url, pems.cert, 2);
        await engineRound(ctx, 1_000);
        const raws: Measurement[] = [];
        const engines: Measurement[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          raws.push(await rawLoop(receiver.url, pems.cert, DURATION_SECONDS));
          engines.push(await engineRound(ctx, EVENTS));
        }
        const raw = median(raws);
        const engine = median(engines);
        return {
          scenario: 'webhooks',
          description: webhooks.description,
          rows: [engine, raw],
          notes: [
            `medians of ${ROUNDS} alternating rounds; engine rounds of ${EVENTS} events (outbox → delivery → attempt log): ` +
              engines.map((m) => m.requestsPerSecond).join(', ') +
              ` deliveries/s; raw rounds of ${DURATION_SECONDS} s: ${raws.map((m) => m.requestsPerSecond).join(', ')} req/s`,
            verdict(
              'engine ≥ 50% of the raw POST loop',
              engine.requestsPerSecond >= raw.requestsPerSecond * 0.5,
              ratio(engine.requestsPerSecond, raw.requestsPerSecond),
            ),
          ],
        };
      } finally {
        await ctx.database.close();
      }
    } finally {
      await receiver.stop();
    }
  },
};
