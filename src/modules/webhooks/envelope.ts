/**
 * The delivery envelope (spec §2.12), serialised once when the delivery is created and
 * stored, so every attempt and every redelivery sends the same bytes.
 */
import { prefixedHex } from '../../core/ids.ts';
import { formatIsoSeconds } from '../../core/time.ts';

export interface EnvelopeFields {
  event: string;
  deliveryId: string;
  /** ISO 8601 instant of the change (the outbox row's `occurred_at`). */
  occurredAt: string;
  orgId: number;
  data: unknown;
}

/** `dlv_` + 16 lowercase hex characters. */
export function newDeliveryId(): string {
  return prefixedHex('dlv', 8);
}

/** Compact JSON with the keys in the spec's order: event, delivery_id, timestamp, org_id, data. */
export function serializeEnvelope(fields: EnvelopeFields): string {
  return JSON.stringify({
    event: fields.event,
    delivery_id: fields.deliveryId,
    timestamp: formatIsoSeconds(new Date(fields.occurredAt)),
    org_id: fields.orgId,
    data: fields.data,
  });
}
