/**
 * Save-time check of a webhook URL (create and update): HTTPS, a hostname, resolvable, and
 * only public addresses. Delivery repeats the address check on every connection; this check
 * exists so the user hears about a bad URL when saving it.
 */
import { badRequest } from '../../core/errors/http-errors.ts';
import {
  DestinationRefused,
  type OutboundNetwork,
  resolvePermittedAddresses,
} from '../../core/net/outbound-network.ts';

export async function validateWebhookUrl(url: string, network: OutboundNetwork): Promise<void> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const isHttps = parsed ? parsed.protocol === 'https:' : /^https:\/\//i.test(url.trim());
  if (!isHttps) throw badRequest('Webhook URL must use https://.');
  if (!parsed || parsed.hostname === '') throw badRequest('Webhook URL has no valid hostname.');
  try {
    await resolvePermittedAddresses(network, parsed.hostname);
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    if (error.reason === 'no-hostname') throw badRequest('Webhook URL has no valid hostname.');
    if (error.reason === 'unresolvable') throw badRequest(`Could not resolve hostname: ${error.hostname}`);
    throw badRequest('Webhook URL must not point to a private or internal address.');
  }
}
