/**
 * How much a drift item matters (src/core/drift/drift-impact.ts): the four ranks, first match
 * wins, and the zone's known ranges (the /24 or /48 of each address of the file, and the
 * service's own network).
 */
import { describe, expect, it } from 'vitest';
import { impactOf, inKnownRanges, knownRanges } from '../../../src/core/drift/drift-impact.js';
import { driftItemId, type DriftItem } from '../../../src/core/drift/drift-items.js';

function item(p: Partial<DriftItem> & Pick<DriftItem, 'kind' | 'name' | 'type' | 'field'>): DriftItem {
  const shown = { zone: 'example.com', file: null, live: null, ...p };
  return { id: driftItemId(shown), counted: true, ...shown };
}

describe('known ranges', () => {
  const known = knownRanges(['192.0.2.10', ' 198.51.100.7 ', '2001:db8:1:2::1', 'not an address']);

  it('are the /24 of each IPv4 address and the /48 of each IPv6 address the file lists', () => {
    expect(known.networks).toEqual(['192.0.2.0/24', '198.51.100.0/24', '2001:db8:1::/48']);
    expect(inKnownRanges('192.0.2.200', known)).toBe(true);
    expect(inKnownRanges('192.0.3.1', known)).toBe(false);
    expect(inKnownRanges('2001:db8:1:ffff::9', known)).toBe(true);
    expect(inKnownRanges('2001:db8:2::1', known)).toBe(false);
  });

  it('include the service’s own network (src/core/service/network.ts)', () => {
    expect(inKnownRanges('104.16.0.1', knownRanges([]))).toBe(true);
    expect(inKnownRanges('2606:4700::1', knownRanges([]))).toBe(true);
    expect(inKnownRanges('203.0.113.5', knownRanges([]))).toBe(false);
  });
});

describe('impact ranks', () => {
  const known = knownRanges(['192.0.2.10']);
  const rank = (i: DriftItem): number => impactOf(i, known).rank;

  it('1: the apex, NS, MX, CAA, DS, DNSKEY, the DNSSEC state, the nameserver settings, a missing zone', () => {
    expect(impactOf(item({ kind: 'changed', name: 'example.com', type: 'TXT', field: 'value' }), known)).toEqual({
      rank: 1,
      reason: 'the zone apex',
    });
    expect(impactOf(item({ kind: 'changed', name: 'example.com', type: 'MX', field: 'value' }), known).reason).toBe(
      'the zone apex (MX: mail)',
    );
    for (const type of ['NS', 'MX', 'CAA', 'DS', 'DNSKEY']) {
      expect(rank(item({ kind: 'added', name: 'sub.example.com', type, field: 'record', live: 'x' })), type).toBe(1);
      expect(rank(item({ kind: 'deleted', name: 'sub.example.com', type, field: 'record', file: 'x' })), type).toBe(1);
    }
    expect(rank(item({ kind: 'settings', name: 'example.com', type: 'dnssec', field: 'status', file: 'active', live: 'disabled' }))).toBe(
      1,
    );
    expect(rank(item({ kind: 'settings', name: 'example.com', type: 'dns_settings', field: 'nameservers', file: '{}', live: '{}' }))).toBe(
      1,
    );
    expect(rank(item({ kind: 'zone', name: 'example.com', type: 'zone', field: 'zone', file: 'listed' }))).toBe(1);
  });

  it('2: a proxied flag flipped, either way, saying which', () => {
    const on = impactOf(
      item({ kind: 'changed', name: 'www.example.com', type: 'A', field: 'proxied', file: 'false', live: 'true' }),
      known,
    );
    const off = impactOf(
      item({ kind: 'changed', name: 'www.example.com', type: 'A', field: 'proxied', file: 'true', live: 'false' }),
      known,
    );
    expect([on.rank, off.rank]).toEqual([2, 2]);
    expect(on.reason).toMatch(/^proxied turned on/);
    expect(off.reason).toMatch(/^proxied turned off: the origin's address is published/);
  });

  it('3: a live address outside the known ranges (a changed value, or an added record); inside them or without them, the rest', () => {
    expect(
      rank(item({ kind: 'changed', name: 'app.example.com', type: 'A', field: 'value', file: '192.0.2.12', live: '203.0.113.66' })),
    ).toBe(3);
    expect(rank(item({ kind: 'added', name: 'x.example.com', type: 'A', field: 'record', live: '203.0.113.5  [ttl auto]' }))).toBe(3);
    expect(
      rank(item({ kind: 'changed', name: 'app.example.com', type: 'A', field: 'value', file: '192.0.2.12', live: '192.0.2.99' })),
    ).toBe(4);
    expect(rank(item({ kind: 'changed', name: 'app.example.com', type: 'A', field: 'ttl', file: '300', live: '600' }))).toBe(4);
    // A report made without the file's addresses ranks no address.
    const unknown = item({ kind: 'changed', name: 'app.example.com', type: 'A', field: 'value', file: '192.0.2.12', live: '203.0.113.66' });
    expect(impactOf(unknown, undefined).rank).toBe(4);
  });

  it('4: the rest, and what is no drift', () => {
    expect(rank(item({ kind: 'deleted', name: 'old.example.com', type: 'TXT', field: 'record', file: '"x"' }))).toBe(4);
    expect(
      rank(item({ kind: 'settings', name: 'example.com', type: 'dns_settings', field: 'flatten_all_cnames', file: 'false', live: 'true' })),
    ).toBe(4);
    expect(
      impactOf({ ...item({ kind: 'unmanaged', name: 'example.com', type: 'NS', field: 'record', live: 'x' }), counted: false }, known),
    ).toEqual({
      rank: 4,
      reason: '',
    });
  });
});
