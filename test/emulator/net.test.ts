/** The emulator's own address code: parsing, the stored IPv6 form (RFC 5952), CIDR, classes. */
import { describe, expect, it } from 'vitest';
import { inServiceNetwork, isProxiableAddress } from '../../src/emulator/net/address-classes.js';
import { cidrContains, formatAddress, parseCidr, parseIPv4, parseIPv6 } from '../../src/emulator/net/ip.js';

const v6 = (text: string): string | undefined => {
  const a = parseIPv6(text);
  return a ? formatAddress(a) : undefined;
};

describe('IPv4', () => {
  it('accepts dotted quads only', () => {
    expect(parseIPv4('192.0.2.1')?.parts).toEqual([192, 0, 2, 1]);
    for (const bad of ['10.1', '192.0.2.01', '256.0.0.1', '1.2.3.4.5', '1.2.3.', ' 1.2.3.4', '1.2.3.-4'])
      expect(parseIPv4(bad), bad).toBeUndefined();
  });
});

describe('IPv6 stored form (RFC 5952)', () => {
  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2600:1900:4020:2b73:8000:0:0:0', '2600:1900:4020:2b73:8000::'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::1', '::1'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'], // the longer run of zeros
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // the first of two equal runs
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // a single zero group stays
    ['2001:0db8:00AA::0001', '2001:db8:aa::1'],
    ['::ffff:192.0.2.1', '::ffff:c000:201'],
  ])('%s → %s', (input, stored) => {
    expect(v6(input)).toBe(stored);
  });

  it('refuses what is not IPv6', () => {
    for (const bad of ['1::2::3', '12345::', 'g::1', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '::1.2.3', '192.0.2.1', '']) {
      expect(v6(bad), bad).toBeUndefined();
    }
  });
});

describe('CIDR', () => {
  it('parses ranges, names bare addresses, refuses the rest', () => {
    expect(parseCidr('2001:DB8::/32')).toMatchObject({ ok: true, text: '2001:db8::/32' });
    expect(parseCidr('192.0.2.1')).toEqual({ ok: false, reason: 'bare-address', family: 'ipv4' });
    expect(parseCidr('2001:db8::1')).toEqual({ ok: false, reason: 'bare-address', family: 'ipv6' });
    for (const bad of ['banana/8', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/8/1'])
      expect(parseCidr(bad).ok, bad).toBe(false);
  });

  it('contains addresses of its family only; IPv4-mapped clients count as IPv4', () => {
    expect(cidrContains('10.0.0.0/8', '10.255.255.255')).toBe(true);
    expect(cidrContains('10.0.0.0/8', '11.0.0.0')).toBe(false);
    expect(cidrContains('192.0.2.0/25', '192.0.2.128')).toBe(false);
    expect(cidrContains('127.0.0.0/8', '::ffff:127.0.0.1')).toBe(true);
    expect(cidrContains('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(cidrContains('2001:db8::/32', '192.0.2.1')).toBe(false);
    expect(cidrContains('0.0.0.0/0', '203.0.113.9')).toBe(true);
  });
});

describe('address classes', () => {
  const cls = (text: string) => {
    const a = parseIPv4(text) ?? parseIPv6(text);
    if (!a) throw new Error(text);
    return { service: inServiceNetwork(a), proxiable: isProxiableAddress(a) };
  };
  it('private, loopback, link-local, CGNAT and unique-local are not proxiable; documentation ranges are public', () => {
    for (const p of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.1.1',
      'fc00::1',
      'fe80::1',
      '::1',
      '::ffff:10.0.0.1',
    ]) {
      expect([p, cls(p).proxiable]).toEqual([p, false]);
    }
    for (const p of ['192.0.2.1', '198.51.100.1', '203.0.113.1', '2001:db8::1', '8.8.8.8', '2a00:1450::1'])
      expect([p, cls(p).proxiable]).toEqual([p, true]);
  });
  it('the service network, IPv4-mapped included', () => {
    expect(cls('104.16.0.1').service).toBe(true);
    expect(cls('::ffff:104.16.0.1').service).toBe(true);
    expect(cls('2606:4700::1').service).toBe(true);
    expect(cls('104.32.0.1').service).toBe(false);
  });
});
