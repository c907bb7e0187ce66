/**
 * One signed attempt of a delivery: open the endpoint's secret, sign the stored body and send
 * it. Opened secrets are remembered by their ciphertext, which every regenerate replaces, so
 * the new secret is used from the next attempt on without decrypting for every request.
 */
import type { Dispatcher } from 'undici';
import type { DeliveryRow, EndpointRow } from './queries.ts';
import type { SecretCipher } from './secret-encryption.ts';
import { type AttemptOutcome, sendAttempt } from './send-attempt.ts';
import { deliveryHeaders } from './signing.ts';

export type SendableEndpoint = Pick<EndpointRow, 'id' | 'webhook_uuid' | 'url' | 'secret_encrypted'>;
export type SendableDelivery = Pick<DeliveryRow, 'delivery_id' | 'event' | 'body'>;
export type SignedAttempt = (
  delivery: SendableDelivery,
  endpoint: SendableEndpoint,
  sentAt: Date,
) => Promise<AttemptOutcome>;

const OPENED_SECRETS_KEPT = 1000;

export function createSignedAttempt(
  dispatcher: Dispatcher,
  cipher: SecretCipher,
  timeoutMs: number,
): SignedAttempt {
  const opened = new Map<string, string>();
  const openSecret = (endpoint: SendableEndpoint): string => {
    // Keyed with the uuid too: the ciphertext only opens for the endpoint it is bound to.
    const key = `${endpoint.webhook_uuid}.${endpoint.secret_encrypted}`;
    const known = opened.get(key);
    if (known !== undefined) return known;
    const secret = cipher.decrypt(endpoint.secret_encrypted, endpoint.webhook_uuid);
    if (opened.size >= OPENED_SECRETS_KEPT) opened.clear();
    opened.set(key, secret);
    return secret;
  };

  return async (delivery, endpoint, sentAt) => {
    let secret: string;
    try {
      secret = openSecret(endpoint);
    } catch (error) {
      return {
        httpStatus: null,
        responseBody: null,
        errorMessage: (error as Error).message,
        success: false,
        durationMs: 0,
      };
    }
    const headers = deliveryHeaders({
      event: delivery.event,
      deliveryId: delivery.delivery_id,
      body: delivery.body,
      secret,
      sentAt,
    });
    return sendAttempt(dispatcher, { url: endpoint.url, headers, body: delivery.body }, timeoutMs);
  };
}
