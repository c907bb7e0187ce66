import type { Generated } from 'kysely';

export interface OutboxEventsTable {
  id: Generated<number>;
  event_uuid: string;
  org_id: number;
  event: string;
  /** JSON text of the event's `data`. */
  data: string;
  /** ISO 8601 UTC instant the change happened; becomes the envelope `timestamp`. */
  occurred_at: string;
  created_ms: number;
  dispatched_ms: number | null;
  lease_owner: string | null;
  lease_until_ms: number | null;
}

export interface RateLimitCountersTable {
  key: string;
  count: number;
  window_ends_ms: number;
}

export interface CoreTables {
  outbox_events: OutboxEventsTable;
  rate_limit_counters: RateLimitCountersTable;
}
