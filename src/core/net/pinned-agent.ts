/**
 * An undici Agent whose connections can only reach vetted addresses. Its connector resolves
 * the host once, vets every address, dials a vetted IP itself (so no second lookup can be
 * answered differently), checks the socket's peer address before a single byte is written,
 * then starts TLS with the original hostname as SNI and certificate identity.
 */
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, createSecureContext, type SecureContext, type TLSSocket } from 'node:tls';
import { Agent, type buildConnector } from 'undici';
import { normalizeHostname } from './blocked-addresses.ts';
import {
  canonicalAddress,
  DestinationRefused,
  isPermittedAddress,
  type OutboundNetwork,
  resolvePermittedAddresses,
} from './outbound-network.ts';

export interface PinnedAgentOptions {
  /** Upper bound for resolving, TCP connect and TLS handshake together. */
  connectTimeoutMs: number;
}

export function createPinnedAgent(network: OutboundNetwork, options: PinnedAgentOptions): Agent {
  // Built once: parsing the trust store for every connection costs more than the handshake.
  const trust = createSecureContext({ ca: network.ca as string | string[] | undefined });
  const connect: buildConnector.connector = (target, callback) => {
    openVettedTlsSocket(network, trust, target, options.connectTimeoutMs).then(
      (socket) => callback(null, socket),
      (error: Error) => callback(error, null),
    );
  };
  return new Agent({ connect });
}

async function openVettedTlsSocket(
  network: OutboundNetwork,
  trust: SecureContext,
  target: buildConnector.Options,
  timeoutMs: number,
): Promise<TLSSocket> {
  if (target.protocol !== 'https:') throw new Error(`refusing ${target.protocol} connection: HTTPS only`);
  const deadline = Date.now() + timeoutMs;
  const addresses = await resolvePermittedAddresses(network, target.hostname);
  const hostname = normalizeHostname(target.hostname);
  const port = Number(target.port) || 443;
  let lastError: unknown;
  for (const address of addresses) {
    let tcp: Socket | undefined;
    try {
      tcp = await openTcp(address, port, deadline - Date.now());
      assertPeerIsVetted(network, tcp, address, hostname);
      return await startTls(tcp, hostname, trust, deadline - Date.now());
    } catch (error) {
      tcp?.destroy();
      if (error instanceof DestinationRefused) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

function assertPeerIsVetted(
  network: OutboundNetwork,
  socket: Socket,
  vetted: string,
  hostname: string,
): void {
  const peer = socket.remoteAddress;
  if (
    peer === undefined ||
    canonicalAddress(peer) !== canonicalAddress(vetted) ||
    !isPermittedAddress(network, peer)
  ) {
    throw new DestinationRefused(
      'private-address',
      hostname,
      `connected peer ${peer ?? 'unknown'} is not the vetted address ${vetted}`,
    );
  }
}

function withTimeout<S extends Socket>(socket: S, timeoutMs: number, readyEvent: string, what: string) {
  return new Promise<S>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        socket.destroy();
        reject(new Error(`${what} timed out`));
      },
      Math.max(0, timeoutMs),
    );
    const onError = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('error', onError);
    socket.once(readyEvent, () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve(socket);
    });
  });
}

function openTcp(address: string, port: number, timeoutMs: number): Promise<Socket> {
  const socket = connectTcp({ host: address, port, noDelay: true, keepAlive: true });
  return withTimeout(socket, timeoutMs, 'connect', `connecting to ${address}:${port}`);
}

function startTls(
  tcp: Socket,
  hostname: string,
  trust: SecureContext,
  timeoutMs: number,
): Promise<TLSSocket> {
  const socket = connectTls({
    socket: tcp,
    // Certificate identity is checked against `servername`, or `host` for IP-literal URLs (no SNI).
    host: hostname,
    servername: isIP(hostname) ? undefined : hostname,
    secureContext: trust,
    rejectUnauthorized: true,
    ALPNProtocols: ['http/1.1'],
  });
  return withTimeout(socket, timeoutMs, 'secureConnect', `TLS handshake with ${hostname}`);
}
