import { describe, expect, it } from 'vitest';
import { tableResolver } from '../../../test/https-receiver.ts';
import { HttpError } from '../../core/errors/http-errors.ts';
import type { OutboundNetwork } from '../../core/net/outbound-network.ts';
import { validateWebhookUrl } from './url-validation.ts';

const network: OutboundNetwork = {
  resolve: tableResolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example.com': ['10.1.2.3'],
    'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'ula.example.com': ['fd00::1'],
    'cgnat.example.com': ['100.64.1.1'],
    'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
  }),
  allowedAddresses: new Set(),
};

const HTTPS = 'Webhook URL must use https://.';
const HOST = 'Webhook URL has no valid hostname.';
const PRIVATE = 'Webhook URL must not point to a private or internal address.';

describe('validateWebhookUrl', () => {
  it.each([
    ['https://hooks.example.com/in', null],
    ['https://93.184.216.34/in', null],
    ['http://hooks.example.com/in', HTTPS],
    ['ftp://hooks.example.com/in', HTTPS],
    ['hooks.example.com/in', HTTPS],
    ['not a url', HTTPS],
    ['https://', HOST],
    ['https://nowhere.example.com/in', 'Could not resolve hostname: nowhere.example.com'],
    ['https://internal.example.com/in', PRIVATE],
    ['https://mixed.example.com/in', PRIVATE],
    ['https://mapped.example.com/in', PRIVATE],
    ['https://ula.example.com/in', PRIVATE],
    ['https://cgnat.example.com/in', PRIVATE],
    ['https://nat64.example.com/in', PRIVATE],
    ['https://[::127.0.0.1]/in', PRIVATE],
    ['https://localhost/in', PRIVATE],
    ['https://x.localhost/in', PRIVATE],
    ['https://metadata.google.internal/computeMetadata/v1/', PRIVATE],
    ['https://127.0.0.1/in', PRIVATE],
    ['https://0x7f.1/in', PRIVATE],
    ['https://[::1]/in', PRIVATE],
    ['https://[::ffff:169.254.169.254]/in', PRIVATE],
    ['https://169.254.169.254/latest/meta-data', PRIVATE],
  ])('%s', async (url, expected) => {
    const outcome = await validateWebhookUrl(url, network).then(
      () => null,
      (error) => error,
    );
    if (expected === null) {
      expect(outcome).toBeNull();
    } else {
      expect(outcome).toBeInstanceOf(HttpError);
      expect(outcome.statusCode).toBe(400);
      expect(outcome.detail).toBe(expected);
    }
  });
});
