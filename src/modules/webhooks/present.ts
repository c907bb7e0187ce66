/**
 * Rows → the objects the service hands out, every field named. The signing secret appears
 * only in `WebhookEndpointCreated`, returned by create and regenerate.
 */
import type { AttemptRow, EndpointRow } from './queries.ts';

/** WebhookEndpointRead: read and list. */
export interface WebhookEndpoint {
  id: number;
  webhook_uuid: string;
  org_id: number;
  url: string;
  description: string | null;
  events: string[];
  is_active: boolean;
  has_secret: boolean;
  created_by_user_id: number;
  creation_date: string;
  update_date: string;
}

/** WebhookEndpointCreatedResponse: create and regenerate-secret, the only places the secret is shown. */
export interface WebhookEndpointCreated {
  webhook_uuid: string;
  url: string;
  description: string | null;
  events: string[];
  is_active: boolean;
  secret: string;
  created_by_user_id: number;
  creation_date: string;
}

/** One row of the delivery log: one attempt. */
export interface WebhookDeliveryAttempt {
  id: number;
  delivery_id: string;
  event: string;
  attempt: number;
  http_status: number | null;
  response_body: string | null;
  error_message: string | null;
  success: boolean;
  duration_ms: number;
  created_at: string;
}

export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    webhook_uuid: row.webhook_uuid,
    org_id: row.org_id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events),
    is_active: row.is_active,
    has_secret: row.secret_encrypted !== '',
    created_by_user_id: row.created_by_user_id,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

export function presentEndpointCreated(row: EndpointRow, secret: string): WebhookEndpointCreated {
  return {
    webhook_uuid: row.webhook_uuid,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events),
    is_active: row.is_active,
    secret,
    created_by_user_id: row.created_by_user_id,
    creation_date: row.creation_date,
  };
}

export function presentAttempt(row: AttemptRow): WebhookDeliveryAttempt {
  return {
    id: row.id,
    delivery_id: row.delivery_id,
    event: row.event,
    attempt: row.attempt,
    http_status: row.http_status,
    response_body: row.response_body,
    error_message: row.error_message,
    success: row.success,
    duration_ms: row.duration_ms,
    created_at: row.created_at,
  };
}
