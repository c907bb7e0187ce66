/**
 * Which destinations an outbound request must never reach: private, loopback, link-local,
 * shared, reserved and multicast ranges, the unspecified addresses, and the names that mean
 * "this machine" or a cloud metadata service. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`)
 * are matched against the IPv4 ranges by Node's BlockList itself.
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED_IPV4_SUBNETS: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  // 224/4 multicast, 240/4 reserved and the broadcast address: everything from 224.0.0.0 up.
  ['224.0.0.0', 3],
];

const BLOCKED_IPV6_SUBNETS: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const BLOCKED_HOSTNAMES = new Set(['localhost', 'metadata', 'metadata.google.internal']);

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_IPV4_SUBNETS) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_IPV6_SUBNETS) blocked.addSubnet(network, prefix, 'ipv6');

/** True for an address no outbound request may reach; anything that is not an IP literal counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

/** Lower-cases a URL hostname and drops IPv6 brackets and a trailing root dot. */
export function normalizeHostname(hostname: string): string {
  const lower = hostname.toLowerCase();
  const unbracketed = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed;
}

/** True for names that always mean this machine or a metadata service, whatever DNS says. */
export function isBlockedHostname(hostname: string): boolean {
  const name = normalizeHostname(hostname);
  return name === '' || BLOCKED_HOSTNAMES.has(name) || name.endsWith('.localhost');
}
