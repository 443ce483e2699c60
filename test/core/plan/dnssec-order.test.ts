/** order.ts rule 7: the DNSSEC PATCH before the records, or after them when it turns multi_signer off. */
import { describe, expect, it } from 'vitest';
import { diffDnssec, decodeDnssec } from '../../../src/core/dnssec/index.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { UnorderedOperation } from '../../../src/core/plan/operation.js';
import { orderOperations } from '../../../src/core/plan/order.js';

const ZONE_ID = '0123456789abcdef0123456789abcdef';
const DNSKEY = normalizeRecord(
  {
    name: '@',
    type: 'DNSKEY',
    data: {
      flags: 256,
      protocol: 3,
      algorithm: 13,
      public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
    },
  },
  'example.com',
);
const live = (multiSigner: boolean) =>
  decodeDnssec('example.com', { status: 'active', dnssec_multi_signer: multiSigner, modified_on: '2026-01-01T00:00:00Z' });

const create: UnorderedOperation = {
  kind: 'dns_record',
  action: 'create',
  method: 'POST',
  path: `/zones/${ZONE_ID}/dns_records`,
  zoneId: ZONE_ID,
  fields: [],
  body: { name: DNSKEY.name, type: 'DNSKEY', ttl: 1, proxied: false },
  after: DNSKEY,
};
const remove: UnorderedOperation = {
  kind: 'dns_record',
  action: 'delete',
  method: 'DELETE',
  path: `/zones/${ZONE_ID}/dns_records/${'a'.repeat(32)}`,
  zoneId: ZONE_ID,
  recordId: 'a'.repeat(32),
  fields: [],
  before: DNSKEY,
};

describe('order of the DNSSEC PATCH (rule 7)', () => {
  it('turning multi_signer on goes before the DNSKEY records it allows', () => {
    const on = diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: true }, live(false)).operation!;
    const ordered = orderOperations([create, on]);
    expect(ordered.map((o) => o.kind)).toEqual(['dnssec', 'dns_record']);
    expect(ordered[0]!.phase).toBeLessThan(ordered[1]!.phase);
  });

  it('turning multi_signer off goes after the DNSKEY records leave', () => {
    const off = diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: false }, live(true)).operation!;
    const ordered = orderOperations([off, remove]);
    expect(ordered.map((o) => o.kind)).toEqual(['dns_record', 'dnssec']);
    expect(ordered[0]!.phase).toBeLessThan(ordered[1]!.phase);
  });
});
