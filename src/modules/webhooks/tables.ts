import type { Generated } from 'kysely';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  webhook_uuid: string;
  org_id: number;
  url: string;
  description: string | null;
  /** JSON array of subscribed event names. */
  events: string;
  is_active: boolean;
  /** AES-256-GCM ciphertext of the `whsec_` secret (see secret-encryption.ts). */
  secret_encrypted: string;
  created_by_user_id: number;
  creation_date: string;
  update_date: string;
}

export type DeliveryState = 'pending' | 'retrying' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  delivery_id: string;
  endpoint_id: number;
  org_id: number;
  event: string;
  /** The exact serialized envelope, sent unchanged on every attempt. */
  body: string;
  state: DeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due; null once the delivery succeeded or failed. */
  next_attempt_ms: number | null;
  lease_owner: string | null;
  lease_until_ms: number | null;
  created_ms: number;
  finished_ms: number | null;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  endpoint_id: number;
  delivery_id: string;
  event: string;
  attempt: number;
  http_status: number | null;
  /** First 500 bytes of the response body, cut on a UTF-8 boundary; null when empty. */
  response_body: string | null;
  error_message: string | null;
  success: boolean;
  duration_ms: number;
  /** `YYYY-MM-DD HH:MM:SS` UTC, when the attempt started. */
  created_at: string;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}
