/**
 * The rule every outbound request to a user-supplied URL follows: resolve the host once,
 * refuse if any of its addresses is blocked, and use only the addresses that were vetted.
 * There is deliberately no configuration switch for it. Tests inject a resolver, a trust
 * store and an explicit list of loopback addresses through code, never through the environment.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress, isBlockedHostname, normalizeHostname } from './blocked-addresses.ts';

/** Every address a hostname resolves to (IPv4 and IPv6 literals). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface OutboundNetwork {
  readonly resolve: Resolver;
  /** PEM trust anchors that replace the system store when set (tests trust a self-signed receiver). */
  readonly ca?: string | readonly string[];
  /** Addresses exempt from the blocked ranges. Only tests fill this, to reach a receiver on 127.0.0.1. */
  readonly allowedAddresses: ReadonlySet<string>;
}

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export function systemOutboundNetwork(): OutboundNetwork {
  return { resolve: systemResolver, allowedAddresses: new Set() };
}

export type RefusalReason = 'no-hostname' | 'unresolvable' | 'private-address';

/** A destination the guard will not connect to; `reason` lets callers word it for their audience. */
export class DestinationRefused extends Error {
  readonly reason: RefusalReason;
  readonly hostname: string;
  constructor(reason: RefusalReason, hostname: string, message: string) {
    super(message);
    this.name = 'DestinationRefused';
    this.reason = reason;
    this.hostname = hostname;
  }
}

/** One spelling per address, so `::FFFF:7f00:1` and `::ffff:127.0.0.1` compare equal. */
export function canonicalAddress(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

export function isPermittedAddress(network: OutboundNetwork, address: string): boolean {
  return !isBlockedAddress(address) || network.allowedAddresses.has(canonicalAddress(address));
}

/**
 * Resolves `hostname` exactly once and returns its addresses if every one of them is permitted.
 * IP literals are vetted as they are, without a lookup.
 */
export async function resolvePermittedAddresses(
  network: OutboundNetwork,
  hostname: string,
): Promise<string[]> {
  const name = normalizeHostname(hostname);
  if (name === '') throw new DestinationRefused('no-hostname', name, 'the URL has no hostname');
  if (isBlockedHostname(name)) {
    throw new DestinationRefused('private-address', name, `${name} is a local or metadata hostname`);
  }
  let addresses: string[];
  if (isIP(name)) {
    addresses = [name];
  } else {
    try {
      addresses = await network.resolve(name);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new DestinationRefused('unresolvable', name, `could not resolve hostname ${name}`);
    }
  }
  const refused = addresses.find((address) => !isPermittedAddress(network, address));
  if (refused !== undefined) {
    throw new DestinationRefused(
      'private-address',
      name,
      `${name} resolves to ${refused}, a private or internal address`,
    );
  }
  return addresses;
}
