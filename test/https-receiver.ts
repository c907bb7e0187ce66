/**
 * A webhook receiver for tests: HTTPS on 127.0.0.1 with a self-signed certificate made at
 * test time for the made-up host `receiver.test`. `receiverNetwork()` gives the delivery code
 * what it needs to reach it: a resolver for that name, the certificate as the only trust
 * anchor, and 127.0.0.1 on the allow-list.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import type { OutboundNetwork, Resolver } from '../src/core/net/outbound-network.ts';

export const RECEIVER_HOST = 'receiver.test';
export const LOOPBACK = '127.0.0.1';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  receivedAt: number;
}

export interface Reply {
  status: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Answer this late (to trigger timeouts or show a slow receiver). */
  delayMs?: number;
  /** Answer only once this settles: holds the request in flight for as long as a test needs. */
  heldUntil?: Promise<unknown>;
}

export type Responder = (request: ReceivedRequest, index: number) => Reply;

export interface HttpsReceiver {
  port: number;
  /** PEM of the receiver's self-signed certificate. */
  ca: string;
  received: ReceivedRequest[];
  url(path?: string, host?: string): string;
  respondWith(responder: Responder): void;
  /** Resolves once at least `count` requests (optionally only those matching) have arrived. */
  waitFor(
    count: number,
    match?: (request: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;

function receiverCertificate() {
  certificate ??= generate([{ name: 'commonName', value: RECEIVER_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: RECEIVER_HOST },
          { type: 7, ip: LOOPBACK },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

export async function startHttpsReceiver(
  initial: Responder = () => ({ status: 204 }),
): Promise<HttpsReceiver> {
  const { key, cert } = await receiverCertificate();
  let responder = initial;
  const received: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      const reply = responder(request, received.length);
      received.push(request);
      for (const wake of waiters) wake();
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      };
      const answer = () => (reply.delayMs ? setTimeout(send, reply.delayMs) : send());
      if (reply.heldUntil) void reply.heldUntil.then(answer, answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    ca: cert,
    received,
    url: (path = '/hook', host = RECEIVER_HOST) => `https://${host}:${port}${path}`,
    respondWith: (next) => {
      responder = next;
    },
    waitFor: (count, match = () => true, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const matching = received.filter(match);
          if (matching.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver got ${received.filter(match).length} of ${count} expected requests`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A resolver answering from a fixed table, counting lookups per name. */
export function tableResolver(table: Record<string, string[]>): Resolver & { lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const resolve = async (hostname: string) => {
    lookups.set(hostname, (lookups.get(hostname) ?? 0) + 1);
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses;
  };
  return Object.assign(resolve, { lookups });
}

/** What the delivery code needs to reach `receiver` at `receiver.test` (and nothing else private). */
export function receiverNetwork(receiver: Pick<HttpsReceiver, 'ca'>, resolve?: Resolver): OutboundNetwork {
  return {
    resolve: resolve ?? tableResolver({ [RECEIVER_HOST]: [LOOPBACK] }),
    ca: receiver.ca,
    allowedAddresses: new Set([LOOPBACK]),
  };
}
