import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isBlockedHostname } from './blocked-addresses.ts';

describe('isBlockedAddress', () => {
  it.each([
    ['0.0.0.0', true],
    ['0.1.2.3', true],
    ['10.0.0.1', true],
    ['10.255.255.255', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['100.128.0.1', false],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['169.254.169.254', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.0.0.8', true],
    ['192.0.1.1', false],
    ['192.168.1.1', true],
    ['198.18.0.1', true],
    ['198.19.255.255', true],
    ['198.20.0.1', false],
    ['224.0.0.1', true],
    ['239.255.255.250', true],
    ['240.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::', true],
    ['::1', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['febf::1', true],
    ['ff02::1', true],
    ['2606:4700:4700::1111', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:10.1.2.3', true],
    ['::ffff:169.254.169.254', true],
    ['::ffff:8.8.8.8', false],
    // IPv4 addresses carried inside IPv6 ones are judged as IPv4.
    ['::127.0.0.1', true],
    ['::8.8.8.8', true],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::169.254.169.254', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::808:808', true],
    ['::ffff:0:7f00:1', true],
    ['::ffff:0:808:808', false],
    ['2002:7f00:1::1', true],
    ['2002:a9fe:a9fe::', true],
    ['2002:808:808::1', false],
    // Teredo, documentation, discard-only and site-local ranges.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['2001:db8::1', true],
    ['100::1', true],
    ['fec0::1', true],
    ['fe80::1%eth0', true],
    ['2a00:1450:4007:80e::200e', false],
    ['not-an-ip', true],
    ['', true],
  ])('%s → %s', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });
});

describe('isBlockedHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['localhost.', true],
    ['api.localhost', true],
    ['metadata', true],
    ['metadata.google.internal', true],
    ['Metadata.Google.Internal.', true],
    ['', true],
    ['example.com', false],
    ['localhost.example.com', false],
    ['mylocalhost', false],
  ])('%s → %s', (hostname, blocked) => {
    expect(isBlockedHostname(hostname)).toBe(blocked);
  });
});
