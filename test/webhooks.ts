/** Helpers for webhook delivery tests: emitting events, waiting for outcomes, fast timings. */

import { sql } from 'kysely';
import type { Database } from '../src/core/db/database.ts';
import type { EventData, EventName } from '../src/core/events/catalogue.ts';
import { emit } from '../src/core/events/emit.ts';
import { createLogger } from '../src/core/logger.ts';
import type { DeliveryWorkerOptions } from '../src/modules/webhooks/delivery-worker.ts';
import { fanOutOutbox } from '../src/modules/webhooks/outbox-fan-out.ts';

/** The spec's schedule scaled down tenfold (1 s → 100 ms, 4 s → 400 ms), with quick polling. */
export const FAST_TIMINGS: DeliveryWorkerOptions = {
  retryDelaysMs: [100, 400],
  attemptTimeoutMs: 2_000,
  pollIntervalMs: 20,
};

export async function emitEvent<E extends EventName>(
  db: Database,
  orgId: number,
  event: E,
  data: EventData<E>,
): Promise<void> {
  await db.transaction().execute((trx) => emit(trx, orgId, event, data));
}

/**
 * Turns the outbox into deliveries now, without a worker, so that a test can change an
 * endpoint between queueing and sending.
 */
export async function queueOutboxDeliveries(db: Database): Promise<void> {
  const logger = createLogger('silent');
  while ((await fanOutOutbox(db, logger, 500, Date.now())).events > 0);
}

/** Polls `probe` until it returns something truthy. */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function endpointId(db: Database, webhookUuid: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('webhook_uuid', '=', webhookUuid)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Waits until every delivery of the endpoint has succeeded or failed; returns them. */
export async function settledDeliveries(
  db: Database,
  webhookUuid: string,
  count: number,
  timeoutMs?: number,
) {
  const id = await endpointId(db, webhookUuid);
  return waitUntil(
    async () => {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.length >= count && rows.every((row) => row.next_attempt_ms === null) && rows;
    },
    `${count} settled deliveries`,
    timeoutMs,
  );
}

/**
 * Webhook tests address organizations by small literal ids; endpoints need those
 * organizations to exist. Creates any missing ones (and moves PostgreSQL's id sequence
 * past them so later inserts do not collide).
 */
export async function ensureOrganizations(db: Database, ids: number[]): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('organizations').select('id').execute()).map((row) => row.id),
  );
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  for (const id of ids.filter((id) => !existing.has(id))) {
    await db
      .insertInto('organizations')
      .values({
        id,
        org_uuid: `org_test-${id}`,
        name: `Org ${id}`,
        slug: `webhook-test-org-${id}`,
        description: null,
        about: null,
        email: `org${id}@example.test`,
        logo_image: null,
        thumbnail_image: null,
        label: null,
        socials: '{}',
        links: '{}',
        explore: false,
        config: JSON.stringify({ config_version: '2.0', plan: 'pro' }),
        creation_date: now,
        update_date: now,
      } as never)
      .execute();
  }
  if (db.getExecutor().adapter.constructor.name === 'PostgresAdapter') {
    await sql`select setval(pg_get_serial_sequence('organizations', 'id'), (select max(id) from organizations))`.execute(
      db,
    );
  }
}
