/**
 * The receiving end of benchmarks that deliver webhooks: an HTTPS receiver process on
 * loopback with a certificate made for the run, the network settings that let the engine
 * (and only it) reach it, and a wait for every queued delivery to finish.
 */
import { generate } from 'selfsigned';
import type { AppContext } from '../src/core/context.ts';
import type { OutboundNetwork } from '../src/core/net/outbound-network.ts';
import { startChild } from './harness.ts';

export const RECEIVER_HOST = 'receiver.bench';

export interface BenchReceiver {
  url: string;
  cert: string;
  network: OutboundNetwork;
  stop(): Promise<void>;
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  const pems = await generate([{ name: 'commonName', value: RECEIVER_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: RECEIVER_HOST }] }],
  });
  const receiver = await startChild('bench/webhook-receiver.ts', {
    RECEIVER_KEY: pems.private,
    RECEIVER_CERT: pems.cert,
  });
  return {
    url: receiver.url,
    cert: pems.cert,
    network: { resolve: async () => ['127.0.0.1'], ca: pems.cert, allowedAddresses: new Set(['127.0.0.1']) },
    stop: () => receiver.stop(),
  };
}

/** Resolves once every event is fanned out and every delivery has finished. */
export async function deliveriesDrained(
  ctx: AppContext,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const { db } = ctx.database;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const undispatched = await db
      .selectFrom('outbox_events')
      .select('id')
      .where('dispatched_ms', 'is', null)
      .limit(1)
      .execute();
    const open = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('next_attempt_ms', 'is not', null)
      .limit(1)
      .execute();
    if (undispatched.length === 0 && open.length === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
