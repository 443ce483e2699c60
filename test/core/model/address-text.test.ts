/**
 * The address text zonectl reads and writes without ipaddr.js must give ipaddr.js's answers:
 * ipaddr.js is the oracle here, on generated text (every zero-run shape, upper case, leading
 * zeros, IPv4 suffixes, and text that is not an address).
 */
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, isIPv4, isIPv6 } from '../../../src/core/model/addresses.js';
import { formatIPv6, isDottedQuad, parseHexIPv6 } from '../../../src/core/model/address-text.js';

/** canonicalAddress as it was written with ipaddr.js (before address-text.ts). */
function oracleCanonical(value: string): string {
  const v = value.trim();
  if (oracleIsIPv4(v)) return v;
  if (oracleIsIPv6(v)) return ipaddr.IPv6.parse(v).toRFC5952String();
  return v;
}

function oracleIsIPv4(v: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(v);
}

function oracleIsIPv6(v: string): boolean {
  return v.includes(':') && !v.includes('%') && ipaddr.IPv6.isValid(v);
}

function oracleGroups(v: string): number[] | undefined {
  try {
    return ipaddr.IPv6.parse(v).parts;
  } catch {
    return undefined;
  }
}

/** Every way of writing one group: no leading zeros, padded to 4, upper case. */
const groupText = (g: number, style: number): string => {
  const hex = g.toString(16);
  switch (style % 3) {
    case 0:
      return hex;
    case 1:
      return hex.padStart(4, '0');
    default:
      return hex.toUpperCase();
  }
};

/** Eight groups where each is zero or not by `mask` (bit i: group i is zero): every zero-run shape over the 256 masks. */
const groupsOf = (mask: number, values: readonly number[]): number[] => values.map((v, i) => ((mask >> i) & 1 ? 0 : v || 1));

/** The text of eight groups, with the zero run [from, from + len) written `::` when len > 0. */
function writeGroups(groups: readonly number[], from: number, len: number, style: number): string {
  const text = groups.map((g, i) => groupText(g, style + i));
  if (len === 0) return text.join(':');
  return `${text.slice(0, from).join(':')}::${text.slice(from + len).join(':')}`;
}

/** The zero runs of `groups` that may be written `::` (any run of one or more zero groups). */
function zeroRuns(groups: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let from = 0; from < 8; from += 1) {
    for (let len = 1; from + len <= 8 && groups[from + len - 1] === 0; len += 1) runs.push([from, len]);
  }
  return runs;
}

describe('isDottedQuad', () => {
  it('agrees with ipaddr.js isValidFourPartDecimal on random text of digits and dots', () => {
    const unit = fc.constantFrom(
      '0',
      '1',
      '9',
      '00',
      '01',
      '25',
      '255',
      '256',
      '300',
      '1000',
      '.',
      '.',
      'a',
      ' ',
      '-',
      '+',
      'x',
      '0x1',
      '1e2',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (t) => {
        expect(isDottedQuad(t)).toBe(oracleIsIPv4(t));
      }),
      { numRuns: 10000, seed: 3 },
    );
  });

  it('agrees on every octet value and its padded forms', () => {
    for (let n = 0; n <= 1000; n += 1) {
      for (const octet of [String(n), `0${n}`, `00${n}`]) {
        for (const t of [`${octet}.0.0.1`, `1.${octet}.2.3`, `1.2.${octet}.3`, `1.2.3.${octet}`])
          expect(isDottedQuad(t), t).toBe(oracleIsIPv4(t));
      }
    }
  });

  it.each([
    '',
    '.',
    '1.2.3',
    '1.2.3.4.',
    '.1.2.3.4',
    '1..2.3',
    '1.2.3.4.5',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '01.2.3.4',
    '1.2.3.256',
    '0.0.0.0',
    '255.255.255.255',
  ])('%j', (t) => {
    expect(isDottedQuad(t)).toBe(oracleIsIPv4(t));
  });
});

describe('parseHexIPv6', () => {
  it('agrees with ipaddr.js on random text of hex digits (either case) and colons', () => {
    const unit = fc.constantFrom('0', '1', 'a', 'F', 'f', ':', ':', ':', '0000', 'ffff', 'FfFf', '12345', '00000', 'g');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (t) => {
        expect(parseHexIPv6(t)).toEqual(oracleGroups(t));
      }),
      { numRuns: 10000, seed: 7 },
    );
  });

  it('agrees on every zero-run shape, written in every valid compression, case and padding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
        fc.nat(2),
        (mask, values, style) => {
          const groups = groupsOf(mask, values);
          for (const [from, len] of [[0, 0] as [number, number], ...zeroRuns(groups)]) {
            const t = writeGroups(groups, from, len, style);
            expect(parseHexIPv6(t), t).toEqual(groups);
            expect(oracleGroups(t), t).toEqual(groups);
          }
        },
      ),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('refuses a `::` that stands for no group, in every place of a full address', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (groups) => {
        for (let at = 0; at <= 8; at += 1) {
          const t = `${groups
            .slice(0, at)
            .map((g) => g.toString(16))
            .join(':')}::${groups
            .slice(at)
            .map((g) => g.toString(16))
            .join(':')}`;
          expect(parseHexIPv6(t), t).toBeUndefined();
          expect(oracleGroups(t), t).toBeUndefined();
        }
      }),
      { numRuns: 200, seed: 23 },
    );
  });

  it('leaves every text with another character (IPv4 suffix, zone index, space) undefined', () => {
    for (const t of [
      '::ffff:192.0.2.1',
      'fe80::1%eth0',
      ' ::1',
      '::1 ',
      '1::g',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      ':::',
      '::1::',
      '1:',
      ':1',
    ]) {
      expect(parseHexIPv6(t), t).toBeUndefined();
    }
  });
});

describe('formatIPv6 (RFC 5952 text, as ipaddr.js toRFC5952String)', () => {
  it('agrees on every zero-run shape (longest run, leftmost on ties, a single zero not compressed)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (values) => {
        for (let mask = 0; mask < 256; mask += 1) {
          const groups = groupsOf(mask, values);
          expect(formatIPv6(groups)).toBe(new ipaddr.IPv6(groups).toRFC5952String());
        }
      }),
      { numRuns: 50, seed: 13 },
    );
  });

  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0], '::'],
    [[0, 0, 0, 0, 0, 0, 0, 1], '::1'],
    [[0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], '2001:db8::1:0:0:1'],
    [[0x2001, 0xdb8, 0, 1, 1, 1, 1, 1], '2001:db8:0:1:1:1:1:1'],
    [[0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201], '::ffff:c000:201'],
  ])('%j is %s', (groups, text) => {
    expect(formatIPv6(groups)).toBe(text);
  });
});

describe('canonicalAddress, isIPv4 and isIPv6 give the answers they gave through ipaddr.js', () => {
  const check = (t: string): void => {
    expect(canonicalAddress(t), JSON.stringify(t)).toBe(oracleCanonical(t));
    expect(isIPv4(t), JSON.stringify(t)).toBe(oracleIsIPv4(t));
    expect(isIPv6(t), JSON.stringify(t)).toBe(oracleIsIPv6(t));
  };

  it('on addresses in every written form, with and without surrounding space', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
        fc.nat(2),
        (mask, values, style) => {
          const groups = groupsOf(mask, values);
          const runs = zeroRuns(groups);
          for (const [from, len] of [[0, 0] as [number, number], ...runs]) {
            const t = writeGroups(groups, from, len, style);
            check(t);
            check(` ${t}\t`);
          }
          // The IPv4-suffixed forms: the last two groups as a dotted quad.
          const quad = `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
          const head = groups.slice(0, 6);
          check(`${head.map((g) => g.toString(16)).join(':')}:${quad}`);
          check(`::ffff:${quad}`);
          check(`::${quad}`);
          check(`::FFFF:${quad}`);
          for (const [from, len] of zeroRuns(head).filter(([f, l]) => f + l <= 6))
            check(
              `${writeGroups([...head, 1, 1], from, len, style)
                .split(':')
                .slice(0, -2)
                .join(':')}:${quad}`,
            );
        },
      ),
      { numRuns: 500, seed: 17 },
    );
  });

  it('on random text that is mostly not an address', () => {
    const unit = fc.constantFrom(
      '0',
      '1',
      '9',
      'a',
      'F',
      ':',
      ':',
      '::',
      '.',
      '.',
      '255',
      '256',
      '%',
      'eth0',
      ' ',
      'x',
      '0x1',
      'ffff',
      '12345',
      '01',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (t) => {
        check(t);
      }),
      { numRuns: 10000, seed: 19 },
    );
  });

  it.each([
    '192.0.2.1',
    ' 192.0.2.1 ',
    '2001:DB8::1',
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    '::ffff:192.0.2.1',
    '::192.0.2.1',
    'fe80::1%eth0',
    'example.com',
    '',
    '1.2.3.4.5',
    '::ffff:01.2.3.4',
    '::ffff:0x1.2.3.4',
  ])('%j', (t) => {
    check(t);
  });
});
