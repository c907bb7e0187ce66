import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { bodySignature, deliveryHeaders, generateSigningSecret, USER_AGENT } from './signing.ts';

const body = '{"event":"course_created","delivery_id":"dlv_0123456789abcdef","data":{"name":"Café"}}';

describe('signing', () => {
  it('secrets are whsec_ + standard base64 of 32 random bytes', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSigningSecret()).not.toBe(secret);
  });

  it('X-Webhook-Signature is the hex HMAC-SHA256 of the body keyed with the whole secret string', async () => {
    const secret = generateSigningSecret();
    const signature = bodySignature(secret, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verifyGithubStyle(secret, body, signature)).toBe(true);
    expect(await verifyGithubStyle(secret, `${body} `, signature)).toBe(false);
    expect(await verifyGithubStyle(generateSigningSecret(), body, signature)).toBe(false);
  });

  it('carries every header of spec 6.1 and Standard Webhooks headers that the standard library accepts', () => {
    const secret = generateSigningSecret();
    const headers = deliveryHeaders({
      event: 'course_created',
      deliveryId: 'dlv_0123456789abcdef',
      body,
      secret,
      sentAt: new Date(),
    });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-webhook-event': 'course_created',
      'x-webhook-delivery': 'dlv_0123456789abcdef',
      'webhook-id': 'dlv_0123456789abcdef',
    });
    expect(USER_AGENT).toBe('Learnbase-Webhooks/1.0');
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow();
  });
});
