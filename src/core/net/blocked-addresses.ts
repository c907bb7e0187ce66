/**
 * Which destinations an outbound request must never reach: private, loopback, link-local,
 * shared, reserved and multicast ranges, the unspecified addresses, and the names that mean
 * "this machine" or a cloud metadata service. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`)
 * are matched against the IPv4 ranges by Node's BlockList itself; IPv6 addresses that carry
 * an IPv4 address to be reached through a translator (NAT64 `64:ff9b::/96`, SIIT
 * `::ffff:0:0:0/96`, 6to4 `2002::/16`) are judged by that IPv4 address, so
 * `64:ff9b::a9fe:a9fe` is refused as the metadata address it names.
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
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible block (::a.b.c.d).
  ['::', 96],
  // Local-use NAT64 (RFC 8215): translated inside the network it belongs to.
  ['64:ff9b:1::', 48],
  // Discard-only.
  ['100::', 64],
  // Teredo tunnels (to an IPv4 address hidden in the last bits) and the documentation range.
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local, deprecated but still routed inside some networks.
  ['fec0::', 10],
  ['ff00::', 8],
];

/** IPv6 prefixes whose addresses stand for an IPv4 address, and where that address sits (word index). */
const IPV4_CARRIERS: { network: string; prefix: number; firstWord: number }[] = [
  { network: '64:ff9b::', prefix: 96, firstWord: 6 },
  // IPv4-translated addresses of stateless translators (RFC 2765).
  { network: '::ffff:0:0:0', prefix: 96, firstWord: 6 },
  { network: '2002::', prefix: 16, firstWord: 1 },
];

const BLOCKED_HOSTNAMES = new Set(['localhost', 'metadata', 'metadata.google.internal']);

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_IPV4_SUBNETS) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_IPV6_SUBNETS) blocked.addSubnet(network, prefix, 'ipv6');

const carriers = IPV4_CARRIERS.map((carrier) => {
  const list = new BlockList();
  list.addSubnet(carrier.network, carrier.prefix, 'ipv6');
  return { list, firstWord: carrier.firstWord };
});

/** The eight 16-bit words of a valid IPv6 literal (zone dropped, a trailing dotted quad folded in). */
function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string) => (part ? part.split(':').map((word) => Number.parseInt(word, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return words(head);
  const first = words(head);
  const last = words(tail);
  return [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
}

/** The IPv4 address an IPv6 translator address stands for, if it is one. */
function carriedIpv4(address: string): string | undefined {
  const carrier = carriers.find(({ list }) => list.check(address, 'ipv6'));
  if (!carrier) return undefined;
  const words = ipv6Words(address);
  const [high, low] = [words[carrier.firstWord], words[carrier.firstWord + 1]];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True for an address no outbound request may reach; anything that is not an IP literal counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    if (blocked.check(address, 'ipv6')) return true;
    const carried = carriedIpv4(address);
    return carried !== undefined && blocked.check(carried, 'ipv4');
  }
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
