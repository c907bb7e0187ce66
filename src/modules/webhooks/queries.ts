/**
 * SQL of the webhooks module: endpoints, the outbox fan-out, delivery leases and the attempt
 * log. Every function takes the database or the caller's transaction first.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { skipLockedRows } from '../../core/db/dialects/row-locks.ts';
import type { Executor } from '../../core/events/emit.ts';
import type {
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookEndpointsTable,
} from './tables.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookDeliveryAttemptsTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;
export type NewAttempt = Insertable<WebhookDeliveryAttemptsTable>;

/**
 * Statements over many rows go out in chunks of this many: far from SQLite's parameter limit,
 * and since batch sizes vary, a fixed chunk keeps most statements' text, and so their
 * prepared form, the same from one batch to the next.
 */
const ROWS_PER_STATEMENT = 100;

function chunked<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return chunks;
}

// ---- endpoints ----

export async function insertEndpoint(db: Executor, values: Insertable<WebhookEndpointsTable>) {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findEndpoint(db: Executor, orgId: number, webhookUuid: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('webhook_uuid', '=', webhookUuid)
    .executeTakeFirst();
}

export async function listEndpointRows(db: Executor, orgId: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

export async function updateEndpointRow(
  db: Executor,
  orgId: number,
  webhookUuid: string,
  changes: Updateable<WebhookEndpointsTable>,
) {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('org_id', '=', orgId)
    .where('webhook_uuid', '=', webhookUuid)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the endpoint; its deliveries and attempts go with it (foreign keys cascade). */
export async function deleteEndpointRow(db: Executor, orgId: number, webhookUuid: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('org_id', '=', orgId)
    .where('webhook_uuid', '=', webhookUuid)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function activeEndpointsOfOrgs(db: Executor, orgIds: number[]) {
  if (orgIds.length === 0) return [];
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'org_id', 'events'])
    .where('org_id', 'in', orgIds)
    .where('is_active', '=', true)
    .execute();
}

/** What sending needs, and whether the endpoint still wants deliveries at all. */
const SENDING_COLUMNS = [
  'id',
  'webhook_uuid',
  'url',
  'secret_encrypted',
  'is_active',
] as const satisfies readonly (keyof EndpointRow)[];
export type EndpointForSending = Pick<EndpointRow, (typeof SENDING_COLUMNS)[number]>;

/** The endpoint as the worker sends to it now; read afresh so URL, secret and active changes apply soon. */
export async function endpointForSending(db: Executor, id: number): Promise<EndpointForSending | undefined> {
  return db.selectFrom('webhook_endpoints').select(SENDING_COLUMNS).where('id', '=', id).executeTakeFirst();
}

// ---- outbox ----

/** The oldest undispatched events; on PostgreSQL locked until the caller's transaction ends. */
export async function claimUndispatchedEvents(trx: Executor, limit: number) {
  return skipLockedRows(
    trx,
    trx
      .selectFrom('outbox_events')
      .select(['id', 'org_id', 'event', 'data', 'occurred_at'])
      .where('dispatched_ms', 'is', null)
      .orderBy('id')
      .limit(limit),
  ).execute();
}

export async function markEventsDispatched(trx: Executor, ids: number[], nowMs: number) {
  for (const chunk of chunked(ids)) {
    await trx.updateTable('outbox_events').set({ dispatched_ms: nowMs }).where('id', 'in', chunk).execute();
  }
}

// ---- deliveries ----

export async function insertDeliveries(db: Executor, rows: NewDelivery[]): Promise<void> {
  for (const chunk of chunked(rows)) await db.insertInto('webhook_deliveries').values(chunk).execute();
}

/**
 * Endpoints that have a due delivery nobody holds: one index probe per endpoint, whatever the
 * backlog. Inactive ones too: the worker settles their deliveries without sending them.
 */
export async function endpointsWithDueDeliveries(db: Executor, nowMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_deliveries')
          .select('webhook_deliveries.id')
          .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
          .where('webhook_deliveries.next_attempt_ms', '<=', nowMs)
          .where((eb) =>
            eb.or([
              eb('webhook_deliveries.lease_until_ms', 'is', null),
              eb('webhook_deliveries.lease_until_ms', '<', nowMs),
            ]),
          ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

export interface LeaseRequest {
  endpointId: number;
  owner: string;
  nowMs: number;
  leaseUntilMs: number;
  limit: number;
}

/** What a leased delivery carries to its attempt and its record. */
const LEASED_COLUMNS = [
  'id',
  'endpoint_id',
  'delivery_id',
  'event',
  'body',
  'attempts',
  'lease_until_ms',
] as const satisfies readonly (keyof DeliveryRow)[];
export type LeasedDeliveryRow = Pick<DeliveryRow, (typeof LEASED_COLUMNS)[number]>;

/** Takes a lease on up to `limit` due deliveries of one endpoint whose lease is free or expired. */
export async function leaseDueDeliveries(db: Executor, lease: LeaseRequest): Promise<LeasedDeliveryRow[]> {
  const due = skipLockedRows(
    db,
    db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', lease.endpointId)
      .where('next_attempt_ms', '<=', lease.nowMs)
      .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', lease.nowMs)]))
      .orderBy('next_attempt_ms')
      .limit(lease.limit),
  );
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: lease.owner, lease_until_ms: lease.leaseUntilMs })
    .where('id', 'in', due)
    .returning(LEASED_COLUMNS)
    .execute();
}

/** Gives back leases this worker took but will not use (it is stopping). */
export async function releaseLeases(db: Executor, ids: number[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_until_ms: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

export interface AttemptProgress {
  ids: number[];
  owner: string;
  state: DeliveryRow['state'];
  nextAttemptMs: number | null;
  finishedMs: number | null;
}

/**
 * Counts one more attempt on each delivery, moves it to `state` and frees its lease. Returns the
 * ids it updated: a delivery whose lease this worker no longer holds is left alone.
 */
export async function finishLeasedAttempts(db: Executor, progress: AttemptProgress): Promise<number[]> {
  const finished: number[] = [];
  for (const ids of chunked(progress.ids)) {
    const rows = await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        state: progress.state,
        next_attempt_ms: progress.nextAttemptMs,
        finished_ms: progress.finishedMs,
        lease_owner: null,
        lease_until_ms: null,
      }))
      .where('id', 'in', ids)
      .where('lease_owner', '=', progress.owner)
      .returning('id')
      .execute();
    for (const row of rows) finished.push(row.id);
  }
  return finished;
}

export async function existingDeliveryIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('webhook_deliveries').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function latestDeliveryOf(db: Executor, endpointId: number, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['delivery_id', 'org_id', 'event', 'body'])
    .where('endpoint_id', '=', endpointId)
    .where('delivery_id', '=', deliveryId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Drops the endpoint's finished deliveries none of whose attempts is left in the log, so every
 * delivery the log still shows can be redelivered and nothing older is kept. Retention keeps
 * the finished ones few (those of the newest logged attempts), and the text of the statement
 * never changes, so it is prepared once.
 */
export async function pruneUnloggedDeliveries(db: Executor, endpointId: number): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', '=', endpointId)
    .where('next_attempt_ms', 'is', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_delivery_attempts')
            .select('webhook_delivery_attempts.id')
            .where('webhook_delivery_attempts.endpoint_id', '=', endpointId)
            .whereRef('webhook_delivery_attempts.delivery_id', '=', 'webhook_deliveries.delivery_id'),
        ),
      ),
    )
    .execute();
}

// ---- attempt log ----

export async function insertAttempts(db: Executor, attempts: NewAttempt[]): Promise<void> {
  for (const chunk of chunked(attempts)) {
    await db.insertInto('webhook_delivery_attempts').values(chunk).execute();
  }
}

/** Keeps the newest `keep` attempt rows of an endpoint; returns how many it dropped. */
export async function pruneAttempts(db: Executor, endpointId: number, keep: number): Promise<number> {
  const oldestDropped = db
    .selectFrom('webhook_delivery_attempts')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep);
  const result = await db
    .deleteFrom('webhook_delivery_attempts')
    .where('endpoint_id', '=', endpointId)
    .where('id', '<=', oldestDropped)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listAttemptRows(db: Executor, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_delivery_attempts')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
