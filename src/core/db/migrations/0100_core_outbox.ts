import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** The transactional outbox: every domain event, written in the same transaction as its change. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('outbox_events'))
    .addColumn('event_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    // Set once the dispatcher has fanned the event out into deliveries.
    .addColumn('dispatched_ms', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('outbox_events_pending')
    .on('outbox_events')
    .columns(['dispatched_ms', 'id'])
    .execute();

  // Fixed-window counters shared by every process (rate limits, lockout bookkeeping).
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
  await db.schema.dropTable('outbox_events').execute();
}
