/**
 * Signing secrets and the signature headers of a delivery (spec §5 "Webhook receiver
 * authentication", §6.1), plus the Standard Webhooks headers so receivers can verify with
 * the standard libraries. The secret is `whsec_` + standard base64 of 32 random bytes:
 * the spec's scheme keys HMAC with the whole secret string, the Standard Webhooks scheme
 * with the decoded bytes after the prefix.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
export const USER_AGENT = 'Learnbase-Webhooks/1.0';

export function generateSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes keyed with the UTF-8 bytes of the whole secret. */
export function bodySignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** `v1,<base64>`: HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the decoded secret. */
export function standardWebhookSignature(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signed = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8');
  return `v1,${signed.digest('base64')}`;
}

export interface SignedRequest {
  event: string;
  deliveryId: string;
  body: string;
  secret: string;
  /** When this attempt is sent; Standard Webhooks receivers reject stale timestamps. */
  sentAt: Date;
}

export function deliveryHeaders(request: SignedRequest): Record<string, string> {
  const timestamp = Math.floor(request.sentAt.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-webhook-event': request.event,
    'x-webhook-delivery': request.deliveryId,
    'x-webhook-signature': bodySignature(request.secret, request.body),
    'webhook-id': request.deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhookSignature(
      request.secret,
      request.deliveryId,
      timestamp,
      request.body,
    ),
  };
}
