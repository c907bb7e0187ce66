import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Webhook endpoints, their durable deliveries (one per endpoint per event) and the log of
 * attempts. Deleting an organization deletes its endpoints and, with them, their logs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('webhook_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // JSON array of subscribed event names.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_org_active')
    .on('webhook_endpoints')
    .columns(['org_id', 'is_active'])
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    // Shared by every attempt, and by redeliveries of the same envelope.
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    // The exact request body, sent byte for byte on every attempt.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null once the delivery succeeded or failed.
    .addColumn('next_attempt_ms', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until_ms', 'bigint')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('finished_ms', 'bigint')
    .execute();
  // The worker looks for due work endpoint by endpoint, so one endpoint's backlog never
  // has to be scanned to find another's.
  await db.schema
    .createIndex('webhook_deliveries_endpoint_due')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'next_attempt_ms'])
    .execute();

  await withId(db, db.schema.createTable('webhook_delivery_attempts'))
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('error_message', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_endpoint')
    .on('webhook_delivery_attempts')
    .columns(['endpoint_id', 'id'])
    .execute();
  // Finds whether a delivery still has attempts in the log (retention keeps those redeliverable).
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery')
    .on('webhook_delivery_attempts')
    .columns(['endpoint_id', 'delivery_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_delivery_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
