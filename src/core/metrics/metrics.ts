/**
 * Prometheus metrics (prom-client), one registry per process context so tests and
 * several apps in one process never share counters. Modules record through these
 * instruments; gauges that describe the database are read when /metrics is scraped.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Webhook delivery attempts by outcome (succeeded, retrying, failed, endpoint_inactive). */
  deliveries: Counter<'outcome'>;
}

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'learnbase_' });
  const httpRequests = new Counter({
    name: 'learnbase_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'learnbase_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'learnbase_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'learnbase_outbox_lag_seconds',
    help: 'Age of the oldest event not yet dispatched (0 when the outbox is drained)',
    registers: [registry],
    async collect() {
      const oldest = await database.db
        .selectFrom('outbox_events')
        .select('created_ms')
        .where('dispatched_ms', 'is', null)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      this.set(oldest ? Math.max(0, (Date.now() - Number(oldest.created_ms)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'learnbase_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return { registry, httpRequests, httpDuration, deliveries };
}
