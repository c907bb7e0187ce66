/**
 * Signed webhook deliveries per second with the durable bookkeeping on (outbox fan-out,
 * leased delivery rows, one attempt row per request, retention pruning, SSRF-pinned TLS
 * connections), next to a raw undici POST loop with the same concurrency to the same
 * loopback HTTPS receiver. Target: the engine reaches at least 50% of the raw loop.
 * BENCH_WEBHOOK_EVENTS sets how many events the engine delivers (default 20000).
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
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20_000);
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

async function engineRun(port: number, ca: string): Promise<{ result: Measurement; notes: string[] }> {
  const config = loadConfig({ DATA_DIR: freshDataDir(), LOG_LEVEL: 'warn' });
  const ctx = await createContext(config, {
    logger: createLogger('warn'),
    outboundNetwork: {
      resolve: async () => ['127.0.0.1'],
      ca,
      allowedAddresses: new Set(['127.0.0.1']),
    },
  });
  try {
    await createEndpoint(ctx, 1, {
      url: `https://${HOST}:${port}/hook`,
      events: ['course_created'],
      createdByUserId: 1,
    });
    // Warm-up: JIT, TLS connections and SQLite caches, not measured.
    await emitEvents(ctx, 500);
    let worker = startDeliveryWorker(ctx, { perEndpointConcurrency: CONCURRENCY });
    await drained(ctx);
    await worker.stop();

    await emitEvents(ctx, EVENTS);
    const started = performance.now();
    worker = startDeliveryWorker(ctx, { perEndpointConcurrency: CONCURRENCY });
    await drained(ctx);
    const elapsed = (performance.now() - started) / 1000;
    await worker.stop();

    const attempts = await ctx.database.db
      .selectFrom('webhook_delivery_attempts')
      .select(['duration_ms', 'success'])
      .execute();
    const failed = attempts.filter((a) => !a.success).length;
    return {
      result: measurement(
        `engine: signed deliveries, ${ctx.database.kind}, ${CONCURRENCY} per endpoint`,
        EVENTS / elapsed,
        attempts.map((a) => a.duration_ms),
        failed,
      ),
      notes: [
        `engine delivered ${EVENTS} events in ${elapsed.toFixed(1)} s (outbox → delivery → attempt log)`,
      ],
    };
  } finally {
    await ctx.database.close();
  }
}

export const webhooks = {
  name: 'webhooks',
  description:
    'Signed webhook deliveries per second through the durable engine (outbox, leased deliveries, attempt log, SSRF-pinned TLS) ' +
    'next to a raw undici POST loop with the same concurrency, both to one HTTPS receiver process on loopback. ' +
    'Latency columns: per-request time of the raw loop; per-attempt duration of the engine (the 200 retained attempts).',
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
      const port = Number(new URL(receiver.url).port);
      await rawLoop(receiver.url, pems.cert, 2);
      const raw = await rawLoop(receiver.url, pems.cert, DURATION_SECONDS);
      const engine = await engineRun(port, pems.cert);
      const met = engine.result.requestsPerSecond >= raw.requestsPerSecond * 0.5;
      return {
        scenario: 'webhooks',
        description: webhooks.description,
        rows: [engine.result, raw],
        notes: [
          ...engine.notes,
          verdict(
            'engine ≥ 50% of the raw POST loop',
            met,
            ratio(engine.result.requestsPerSecond, raw.requestsPerSecond),
          ),
        ],
      };
    } finally {
      await receiver.stop();
    }
  },
};
