import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { SERVICE_NETWORK_RANGES } from '../../../src/core/service/network.js';
import {
  classifyAddress,
  DOCUMENTATION_RANGES,
  parseIPv4,
  parseIPv6,
  parsePrefix,
  rangeName,
} from '../../../src/core/model/address-classes.js';
import { PRIVATE_ROUTING_RANGES } from '../../../src/core/service/network.js';
import { parseHexIPv6 } from '../../../src/core/model/address-text.js';

function byIpaddr(text: string): number[] | undefined {
  try {
    return ipaddr.IPv6.parse(text).parts;
  } catch {
    return undefined;
  }
}

const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

describe('parseHexIPv6 (the fast path for lower-case hex IPv6 text)', () => {
  it('agrees with ipaddr.js on random text of hex digits and colons', () => {
    const text = fc.string({ unit: fc.constantFrom('0', '1', 'a', 'f', ':', ':', '0000', 'ffff', '12345'), maxLength: 24 });
    fc.assert(
      fc.property(text, (t) => {
        expect(parseHexIPv6(t)).toEqual(byIpaddr(t));
      }),
      { numRuns: 5000, seed: 7 },
    );
  });

  it('agrees with ipaddr.js on addresses, compressed or not', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.nat(8), fc.nat(8), (groups, from, len) => {
        const full = groups.join(':');
        expect(parseHexIPv6(full)).toEqual(byIpaddr(full));
        const zeroed = groups.map((g, i) => (i >= from && i < from + len ? '0' : g));
        const rfc = ipaddr.IPv6.parse(zeroed.join(':')).toRFC5952String();
        expect(parseHexIPv6(rfc)).toEqual(byIpaddr(rfc));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it.each(['::', '::1', '1::', '2001:db8::10', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8'])('%s is valid', (t) => {
    expect(parseHexIPv6(t)).toEqual(byIpaddr(t));
    expect(parseHexIPv6(t)).toBeDefined();
  });

  it.each([':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', ':1::', '1:2:3:4:5:6:7:8::', '12345::', ''])('%s is invalid', (t) => {
    expect(parseHexIPv6(t)).toBeUndefined();
    expect(byIpaddr(t)).toBeUndefined();
  });

  it('parseIPv6 still reads other forms through ipaddr.js', () => {
    expect(parseIPv6('2001:DB8::1')?.parts).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::ffff:192.0.2.1')?.parts).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201]);
    expect(parseIPv6('fe80::1%eth0')).toBeUndefined();
    expect(parseIPv6('192.0.2.1')).toBeUndefined();
  });
});

/** The classification as ipaddr.js objects give it (the implementation this module replaced). */
function reference(text: string): { serviceNetwork: boolean; proxiable: boolean; range: string } {
  const parsed = ipaddr.parse(text);
  const addr = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const inAny = (cidrs: readonly string[]): boolean =>
    cidrs.some((c) => {
      const [net, bits] = ipaddr.parseCIDR(c);
      return net.kind() === addr.kind() && addr.match([net, bits] as [typeof net, number]);
    });
  const notProxiable = [
    'private',
    'loopback',
    'linkLocal',
    'carrierGradeNat',
    'uniqueLocal',
    'unspecified',
    'broadcast',
    'multicast',
    'reserved',
  ];
  return {
    serviceNetwork: inAny(SERVICE_NETWORK_RANGES),
    proxiable: inAny(['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32']) || !notProxiable.includes(addr.range()),
    range: parsed.range(),
  };
}

/** Addresses near every range boundary that matters: special ranges, the service's, documentation. */
function interestingPrefixes(): Array<{ v6: boolean; parts: number[]; bits: number }> {
  const out: Array<{ v6: boolean; parts: number[]; bits: number }> = [];
  const add = (addr: ipaddr.IPv4 | ipaddr.IPv6, bits: number): void => {
    out.push(
      addr.kind() === 'ipv6'
        ? { v6: true, parts: (addr as ipaddr.IPv6).parts, bits }
        : { v6: false, parts: (addr as ipaddr.IPv4).octets, bits },
    );
  };
  for (const c of [...SERVICE_NETWORK_RANGES, '192.0.2.0/24', '2001:db8::/32']) add(...ipaddr.parseCIDR(c));
  for (const sample of [new ipaddr.IPv4([0, 0, 0, 0]), new ipaddr.IPv6([0, 0, 0, 0, 0, 0, 0, 0])]) {
    const table = (sample as unknown as { SpecialRanges: Record<string, unknown> }).SpecialRanges;
    for (const value of Object.values(table)) {
      const list = (Array.isArray((value as unknown[])[0]) ? value : [value]) as Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
      for (const [addr, bits] of list) add(addr, bits);
    }
  }
  return out;
}

describe('classifyAddress (numeric prefixes instead of ipaddr.js objects)', () => {
  const prefixes = interestingPrefixes();
  const text = (v6: boolean, parts: number[]): string => (v6 ? parts.map((p) => p.toString(16)).join(':') : parts.join('.'));

  it('gives the answers ipaddr.js gives, near every range and at random', () => {
    const near = fc
      .record({ which: fc.nat(prefixes.length - 1), noise: fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), flip: fc.nat(130) })
      .map(({ which, noise, flip }) => {
        const p = prefixes[which];
        const size = p.v6 ? 16 : 8;
        const mask = (1 << size) - 1;
        // Keep the prefix, randomise the rest, sometimes flip one bit near the boundary.
        const parts = p.parts.map((v, i) => {
          const keep = Math.max(0, Math.min(size, p.bits - i * size));
          const high = keep === 0 ? 0 : (v >> (size - keep)) << (size - keep);
          return (high | (noise[i] & (mask >> keep))) & mask;
        });
        const bit = flip % (parts.length * size);
        if (flip < parts.length * size && flip % 3 === 0) parts[Math.floor(bit / size)] ^= 1 << (size - 1 - (bit % size));
        return text(p.v6, parts);
      });
    const random4 = fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }).map((p) => text(false, p));
    const random6 = fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }).map((p) => text(true, p));
    const mapped = fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }).map((p) => `::ffff:${p.join('.')}`);
    fc.assert(
      fc.property(fc.oneof(near, random4, random6, mapped), (t) => {
        const parsed = t.includes(':') ? parseIPv6(t) : parseIPv4(t);
        expect(parsed, t).toBeDefined();
        if (!parsed) return;
        const want = reference(t);
        expect({ ...classifyAddress(parsed), range: rangeName(parsed) }, t).toEqual(want);
      }),
      { numRuns: 5000, seed: 3 },
    );
  });

  it.each([
    ['10.1.2.3', false, false],
    ['192.0.2.10', false, true],
    ['104.16.0.1', true, true],
    ['2606:4700::1', true, true],
    ['fe80::1', false, false],
    ['::ffff:10.0.0.1', false, false],
    ['2001:db8::10', false, true],
  ])('%s: service network %s, proxiable %s', (t, serviceNetwork, proxiable) => {
    const parsed = t.includes(':') ? parseIPv6(t) : parseIPv4(t);
    expect(parsed && classifyAddress(parsed)).toEqual({ serviceNetwork, proxiable });
  });
});

describe("parsePrefix (the tables' CIDRs read without ipaddr.js)", () => {
  const viaIpaddr = (cidr: string): unknown => {
    try {
      const [addr, bits] = ipaddr.parseCIDR(cidr);
      return addr.kind() === 'ipv6'
        ? { v6: true, parts: [...(addr as ipaddr.IPv6).parts], bits }
        : { v6: false, parts: [...(addr as ipaddr.IPv4).octets], bits };
    } catch (error) {
      return { threw: (error as Error).message };
    }
  };
  const ours = (cidr: string): unknown => {
    try {
      return parsePrefix(cidr);
    } catch (error) {
      return { threw: (error as Error).message };
    }
  };

  it('reads every range of the tables as ipaddr.parseCIDR does', () => {
    const all = [...SERVICE_NETWORK_RANGES, ...PRIVATE_ROUTING_RANGES, ...DOCUMENTATION_RANGES];
    expect(all.length).toBeGreaterThan(20);
    for (const cidr of all) expect(ours(cidr), cidr).toEqual(viaIpaddr(cidr));
  });

  it('agrees with ipaddr.parseCIDR on generated CIDRs, valid and not', () => {
    const v4 = fc.array(fc.nat(300), { minLength: 3, maxLength: 5 }).map((p) => p.join('.'));
    const v6 = fc
      .array(
        fc.oneof(
          fc.nat(0x1ffff).map((n) => n.toString(16)),
          fc.constantFrom('', 'ABCD', '0000', '1.2.3.4'),
        ),
        { minLength: 2, maxLength: 9 },
      )
      .map((g) => g.join(':'));
    // Valid addresses too, so that every length near the families' limits meets one.
    const quad = fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }).map((p) => p.join('.'));
    const group = fc.nat(0xffff).map((n) => n.toString(16));
    const full6 = fc.array(group, { minLength: 8, maxLength: 8 }).map((g) => g.join(':'));
    const short6 = fc
      .tuple(fc.array(group, { maxLength: 3 }), fc.array(group, { maxLength: 3 }))
      .map(([head, tail]) => `${head.join(':')}::${tail.join(':')}`);
    const bits = fc.oneof(
      fc.nat(140).map(String),
      fc.constantFrom('0', '1', '31', '32', '33', '127', '128', '129', '', '08', '-1', '3x', '007'),
    );
    fc.assert(
      fc.property(fc.oneof(v4, v6, quad, full6, short6), bits, fc.boolean(), (addr, b, slash) => {
        const cidr = slash ? `${addr}/${b}` : addr;
        expect(ours(cidr), cidr).toEqual(viaIpaddr(cidr));
      }),
      { numRuns: 5000, seed: 7 },
    );
  });
});
