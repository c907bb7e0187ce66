/**
 * Domain events go into the outbox in the caller's transaction: if the change rolls back,
 * so does its event, and nothing is ever sent from inside a request. The webhook
 * dispatcher (src/modules/webhooks) reads the outbox and delivers.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { EventData, EventName } from './catalogue.ts';

export type Executor = Kysely<DB> | Transaction<DB>;

export async function emit<E extends EventName>(
  trx: Executor,
  orgId: number,
  event: E,
  data: EventData<E>,
): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('outbox_events')
    .values({
      event_uuid: randomUUID(),
      org_id: orgId,
      event,
      data: JSON.stringify(data),
      occurred_at: now.toISOString(),
      created_ms: now.getTime(),
      dispatched_ms: null,
      lease_owner: null,
      lease_until_ms: null,
    })
    .execute();
}
