/**
 * What the webhook management API does, without HTTP: endpoints (create, read, update,
 * delete, rotate the secret), test pings, the attempt log and redelivery. Authorization and
 * choosing the organization belong to the caller; every function is scoped by `orgId`.
 * Nothing here sends a request: pings and redeliveries become deliveries the worker sends.
 */
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, notFound } from '../../core/errors/http-errors.ts';
import { SUBSCRIBABLE_EVENTS } from '../../core/events/catalogue.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { newDeliveryId, serializeEnvelope } from './envelope.ts';
import {
  presentAttempt,
  presentEndpoint,
  presentEndpointCreated,
  type WebhookDeliveryAttempt,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from './present.ts';
import {
  deleteEndpointRow,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  latestDeliveryOf,
  listAttemptRows,
  listEndpointRows,
  updateEndpointRow,
} from './queries.ts';
import { secretCipherOf } from './secret-encryption.ts';
import { generateSigningSecret } from './signing.ts';
import { validateWebhookUrl } from './url-validation.ts';

export type WebhooksContext = Pick<AppContext, 'database' | 'secretKey' | 'config' | 'outboundNetwork'>;

export interface CreateEndpointInput {
  url: string;
  description?: string | null;
  events: string[];
  createdByUserId: number;
}

/** Omitted or null fields stay as they are. */
export interface UpdateEndpointInput {
  url?: string | null;
  description?: string | null;
  events?: string[] | null;
  is_active?: boolean | null;
}

export const DEFAULT_ATTEMPT_LIST_LIMIT = 50;
export const MAX_ATTEMPT_LIST_LIMIT = 200;
const PING_MESSAGE = 'Test webhook event from Learnbase';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** Subscribable names only (`ping` is sent by the test action, never subscribed to); duplicates dropped. */
export function checkEventNames(events: string[]): string[] {
  const allowed = new Set<string>(SUBSCRIBABLE_EVENTS);
  const invalid = [...new Set(events.filter((name) => !allowed.has(name)))].sort();
  if (invalid.length > 0) {
    throw badRequest(
      `Invalid event names: ${invalid.join(', ')}. Allowed events: ${[...allowed].sort().join(', ')}`,
    );
  }
  return [...new Set(events)];
}

async function requireEndpoint(ctx: WebhooksContext, orgId: number, webhookUuid: string) {
  const row = await findEndpoint(ctx.database.db, orgId, webhookUuid);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

/** Creates an active endpoint; the returned object carries the plaintext secret, shown only now. */
export async function createEndpoint(
  ctx: WebhooksContext,
  orgId: number,
  input: CreateEndpointInput,
): Promise<WebhookEndpointCreated> {
  const events = checkEventNames(input.events);
  await validateWebhookUrl(input.url, ctx.outboundNetwork);
  const webhookUuid = prefixedUuid('webhook');
  const secret = generateSigningSecret();
  const now = formatDateTime();
  const row = await insertEndpoint(ctx.database.db, {
    webhook_uuid: webhookUuid,
    org_id: orgId,
    url: input.url,
    description: input.description ?? null,
    events: JSON.stringify(events),
    is_active: true,
    secret_encrypted: secretCipherOf(ctx).encrypt(secret, webhookUuid),
    created_by_user_id: input.createdByUserId,
    creation_date: now,
    update_date: now,
  });
  return presentEndpointCreated(row, secret);
}

export async function listEndpoints(ctx: WebhooksContext, orgId: number): Promise<WebhookEndpoint[]> {
  return (await listEndpointRows(ctx.database.db, orgId)).map(presentEndpoint);
}

export async function getEndpoint(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
): Promise<WebhookEndpoint> {
  return presentEndpoint(await requireEndpoint(ctx, orgId, webhookUuid));
}

export async function updateEndpoint(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
  changes: UpdateEndpointInput,
): Promise<WebhookEndpoint> {
  await requireEndpoint(ctx, orgId, webhookUuid);
  const events = changes.events == null ? undefined : checkEventNames(changes.events);
  if (changes.url != null) await validateWebhookUrl(changes.url, ctx.outboundNetwork);
  const row = await updateEndpointRow(ctx.database.db, orgId, webhookUuid, {
    ...(changes.url != null && { url: changes.url }),
    ...(changes.description != null && { description: changes.description }),
    ...(events !== undefined && { events: JSON.stringify(events) }),
    ...(changes.is_active != null && { is_active: changes.is_active }),
    update_date: formatDateTime(),
  });
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return presentEndpoint(row);
}

/** Deletes the endpoint with its pending deliveries and its whole attempt log. */
export async function deleteEndpoint(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
): Promise<void> {
  if (!(await deleteEndpointRow(ctx.database.db, orgId, webhookUuid))) throw notFound(ENDPOINT_NOT_FOUND);
}

/** Replaces the secret: the old one stops working at once, the next attempt signs with the new one. */
export async function regenerateSecret(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
): Promise<WebhookEndpointCreated> {
  const secret = generateSigningSecret();
  const row = await updateEndpointRow(ctx.database.db, orgId, webhookUuid, {
    secret_encrypted: secretCipherOf(ctx).encrypt(secret, webhookUuid),
    update_date: formatDateTime(),
  });
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return presentEndpointCreated(row, secret);
}

/**
 * Queues a `ping` to this endpoint alone, whatever it subscribes to. Returns its delivery id,
 * or null for an inactive endpoint, which receives nothing.
 */
export async function queuePing(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
): Promise<string | null> {
  const endpoint = await requireEndpoint(ctx, orgId, webhookUuid);
  if (!endpoint.is_active) return null;
  const now = new Date();
  const deliveryId = newDeliveryId();
  await insertDeliveries(ctx.database.db, [
    {
      delivery_id: deliveryId,
      endpoint_id: endpoint.id,
      org_id: orgId,
      event: 'ping',
      body: serializeEnvelope({
        event: 'ping',
        deliveryId,
        occurredAt: now.toISOString(),
        orgId,
        data: { message: PING_MESSAGE },
      }),
      state: 'pending',
      attempts: 0,
      next_attempt_ms: now.getTime(),
      created_ms: now.getTime(),
    },
  ]);
  return deliveryId;
}

/** The endpoint's most recent attempts, newest first; `limit` is clamped to 1–200. */
export async function listDeliveryAttempts(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
  limit = DEFAULT_ATTEMPT_LIST_LIMIT,
): Promise<WebhookDeliveryAttempt[]> {
  const endpoint = await requireEndpoint(ctx, orgId, webhookUuid);
  const bounded = Math.min(MAX_ATTEMPT_LIST_LIMIT, Math.max(1, Math.trunc(limit)));
  return (await listAttemptRows(ctx.database.db, endpoint.id, bounded)).map(presentAttempt);
}

/**
 * Queues a fresh delivery of an earlier envelope: the same bytes and the same `delivery_id`,
 * so an idempotent receiver treats it as the same event. Attempts count from 1 again. Refused
 * for an inactive endpoint, which receives nothing (the worker would fail it unsent).
 */
export async function redeliver(
  ctx: WebhooksContext,
  orgId: number,
  webhookUuid: string,
  deliveryId: string,
): Promise<string> {
  const endpoint = await requireEndpoint(ctx, orgId, webhookUuid);
  const earlier = await latestDeliveryOf(ctx.database.db, endpoint.id, deliveryId);
  if (!earlier) throw notFound('Webhook delivery not found');
  if (!endpoint.is_active) throw conflict('The endpoint is inactive: activate it before redelivering');
  const nowMs = Date.now();
  await insertDeliveries(ctx.database.db, [
    {
      delivery_id: earlier.delivery_id,
      endpoint_id: endpoint.id,
      org_id: earlier.org_id,
      event: earlier.event,
      body: earlier.body,
      state: 'pending',
      attempts: 0,
      next_attempt_ms: nowMs,
      created_ms: nowMs,
    },
  ]);
  return earlier.delivery_id;
}
