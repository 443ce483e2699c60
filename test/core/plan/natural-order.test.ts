import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalCompare } from '../../../src/core/natural-compare.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { UnorderedOperation } from '../../../src/core/plan/operation.js';
import { orderOperations } from '../../../src/core/plan/order.js';

describe('naturalCompare', () => {
  it('numbers inside names by value: h2 before h10, h9 before h10 before h100', () => {
    const names = ['h10', 'h2', 'h100', 'h1', 'h9', 'a', 'h02', 'web10.eu', 'web2.eu', 'web2.us'];
    expect([...names].sort(naturalCompare)).toEqual(['a', 'h1', 'h02', 'h2', 'h9', 'h10', 'h100', 'web2.eu', 'web2.us', 'web10.eu']);
  });

  it('is a total order: antisymmetric, transitive, zero only for equal strings (random names)', () => {
    const name = fc.stringMatching(/^[a-c0-9.-]{0,6}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        expect(naturalCompare(a, b) === 0).toBe(a === b);
        if (naturalCompare(a, b) <= 0 && naturalCompare(b, c) <= 0) expect(naturalCompare(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });

  it('a plan lists host names in natural order', () => {
    const ops: UnorderedOperation[] = ['h10', 'h2', 'h1', 'h11', 'h3'].map((n) => {
      const r = normalizeRecord({ name: n, type: 'A', content: '192.0.2.1' }, 'example.com');
      return {
        kind: 'dns_record',
        action: 'create',
        method: 'POST',
        path: '/zones/z/dns_records',
        zoneId: 'z',
        fields: [],
        body: { name: r.name, type: r.type, ttl: 1, proxied: false },
        after: r,
      };
    });
    expect(orderOperations(ops).map((o) => (o.kind === 'dns_record' && o.action === 'create' ? o.after.name : ''))).toEqual(
      ['h1', 'h2', 'h3', 'h10', 'h11'].map((n) => `${n}.example.com`),
    );
  });
});
