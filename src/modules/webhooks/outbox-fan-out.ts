/**
 * Turns outbox events into deliveries: one per active endpoint of the event's organization
 * that subscribes to it, each with its own delivery id and serialised envelope. Claiming the
 * events, inserting the deliveries and marking the events dispatched is one transaction, so a
 * crash either leaves the events for the next worker or has fanned them out completely.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/database.ts';
import { newDeliveryId, serializeEnvelope } from './envelope.ts';
import { describePayloadDrift } from './payload-drift.ts';
import {
  activeEndpointsOfOrgs,
  claimUndispatchedEvents,
  insertDeliveries,
  markEventsDispatched,
  type NewDelivery,
} from './queries.ts';

export interface FanOutResult {
  events: number;
  deliveries: number;
}

export async function fanOutOutbox(
  db: Database,
  logger: FastifyBaseLogger,
  batchSize: number,
  nowMs: number,
): Promise<FanOutResult> {
  return db.transaction().execute(async (trx) => {
    const events = await claimUndispatchedEvents(trx, batchSize);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const orgIds = [...new Set(events.map((event) => event.org_id))];
    const endpoints = (await activeEndpointsOfOrgs(trx, orgIds)).map((endpoint) => ({
      id: endpoint.id,
      orgId: endpoint.org_id,
      events: new Set<string>(JSON.parse(endpoint.events)),
    }));

    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const subscribers = endpoints.filter((e) => e.orgId === event.org_id && e.events.has(event.event));
      if (subscribers.length === 0) continue;
      const data = JSON.parse(event.data);
      const drift = describePayloadDrift(event.event, data);
      if (drift.length > 0) {
        logger.warn(
          { event: event.event, outboxId: event.id, drift },
          'webhook payload differs from its schema',
        );
      }
      for (const endpoint of subscribers) {
        const deliveryId = newDeliveryId();
        deliveries.push({
          delivery_id: deliveryId,
          endpoint_id: endpoint.id,
          org_id: event.org_id,
          event: event.event,
          body: serializeEnvelope({
            event: event.event,
            deliveryId,
            occurredAt: event.occurred_at,
            orgId: event.org_id,
            data,
          }),
          state: 'pending',
          attempts: 0,
          next_attempt_ms: nowMs,
          created_ms: nowMs,
        });
      }
    }
    await insertDeliveries(trx, deliveries);
    await markEventsDispatched(
      trx,
      events.map((event) => event.id),
      nowMs,
    );
    return { events: events.length, deliveries: deliveries.length };
  });
}
