import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  receiverNetwork,
  startHttpsReceiver,
  tableResolver,
} from '../../../test/https-receiver.ts';
import type { OutboundNetwork, Resolver } from './outbound-network.ts';
import { createPinnedAgent } from './pinned-agent.ts';

let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver(() => ({ status: 200, body: 'ok' }));
});
afterAll(async () => {
  await receiver.close();
});

async function post(network: OutboundNetwork, url: string) {
  const agent = createPinnedAgent(network, { connectTimeoutMs: 2_000 });
  try {
    const response = await request(url, { dispatcher: agent, method: 'POST', body: 'x' });
    return { status: response.statusCode, body: await response.body.text() };
  } finally {
    await agent.close();
  }
}

describe('pinned agent', () => {
  it('reaches an allow-listed address with TLS verified against the injected CA', async () => {
    const before = receiver.received.length;
    expect(await post(receiverNetwork(receiver), receiver.url())).toEqual({ status: 200, body: 'ok' });
    expect(receiver.received).toHaveLength(before + 1);
  });

  it('refuses loopback when it is not allow-listed, before any request reaches the receiver', async () => {
    const before = receiver.received.length;
    const network = { ...receiverNetwork(receiver), allowedAddresses: new Set<string>() };
    await expect(post(network, receiver.url())).rejects.toThrow(/private or internal/);
    expect(receiver.received).toHaveLength(before);
  });

  it('refuses when any resolved address is private, even if the first is permitted', async () => {
    const before = receiver.received.length;
    const resolve = tableResolver({ [RECEIVER_HOST]: [LOOPBACK, '10.0.0.7'] });
    await expect(post(receiverNetwork(receiver, resolve), receiver.url())).rejects.toThrow(/10\.0\.0\.7/);
    expect(receiver.received).toHaveLength(before);
  });

  it('looks the name up once and connects to the vetted address, whatever a second lookup would say', async () => {
    let lookups = 0;
    const rebinding: Resolver = async () => (++lookups === 1 ? [LOOPBACK] : ['169.254.169.254']);
    expect((await post(receiverNetwork(receiver, rebinding), receiver.url())).status).toBe(200);
    expect(lookups).toBe(1);
  });

  it('refuses localhost names and metadata hosts without resolving them', async () => {
    const resolve = tableResolver({});
    const network = receiverNetwork(receiver, resolve);
    for (const host of ['localhost', 'a.localhost', 'metadata.google.internal']) {
      await expect(post(network, receiver.url('/hook', host))).rejects.toThrow(/local or metadata hostname/);
    }
    expect(resolve.lookups.size).toBe(0);
  });

  it('refuses IP-literal URLs in blocked ranges unless allow-listed', async () => {
    const network = { ...receiverNetwork(receiver), allowedAddresses: new Set<string>() };
    await expect(post(network, receiver.url('/hook', LOOPBACK))).rejects.toThrow(/private or internal/);
    await expect(post(network, receiver.url('/hook', '[::1]'))).rejects.toThrow(/private or internal/);
    // Allow-listed, the certificate's IP SAN is checked (no SNI for IP literals).
    expect((await post(receiverNetwork(receiver), receiver.url('/hook', LOOPBACK))).status).toBe(200);
  });

  it('verifies certificates: an untrusted one or one for another name is refused', async () => {
    const untrusted = { ...receiverNetwork(receiver), ca: undefined };
    await expect(post(untrusted, receiver.url())).rejects.toThrow(/self-signed|certificate/i);
    const otherName = receiverNetwork(receiver, tableResolver({ 'other.test': [LOOPBACK] }));
    await expect(post(otherName, receiver.url('/hook', 'other.test'))).rejects.toThrow(
      /altnames|does not match/i,
    );
  });

  it('refuses plain http', async () => {
    await expect(
      post(receiverNetwork(receiver), `http://${RECEIVER_HOST}:${receiver.port}/`),
    ).rejects.toThrow(/HTTPS only/);
  });
});
