import { describe, expect, it } from 'vitest';
import { differingFields } from '../../../src/core/diff/compare-records.js';
import { normalizeRecord, type RecordInput } from '../../../src/core/model/index.js';

const n = (r: RecordInput) => normalizeRecord(r, 'example.com');
const cname = (settings?: RecordInput['settings']) =>
  n({ name: 'w', type: 'CNAME', content: 'x.example.net', ...(settings ? { settings } : {}) });

describe('differingFields: per-record settings', () => {
  // Issue 19, item 10: a flag the file leaves out is the service default (off), not "unmanaged".
  it('a flag the desired record leaves out is off: a live flag that is on differs', () => {
    expect(differingFields(cname({ flatten_cname: true, ipv4_only: true }), cname())).toEqual([
      'settings.flatten_cname',
      'settings.ipv4_only',
    ]);
    expect(differingFields(cname({ flatten_cname: false }), cname())).toEqual([]);
  });

  it('compares a flag the desired record sets; a flag the service leaves out is off', () => {
    expect(differingFields(cname(), cname({ flatten_cname: false }))).toEqual([]);
    expect(differingFields(cname(), cname({ flatten_cname: true }))).toEqual(['settings.flatten_cname']);
    expect(differingFields(cname({ flatten_cname: true }), cname({ flatten_cname: false }))).toEqual(['settings.flatten_cname']);
  });

  it('names each differing flag, after the other fields', () => {
    const live = n({ name: 'a', type: 'A', content: '192.0.2.1', ttl: 300, settings: { ipv4_only: true } });
    const want = n({ name: 'a', type: 'A', content: '192.0.2.1', ttl: 600, settings: { ipv4_only: false, ipv6_only: true } });
    expect(differingFields(live, want)).toEqual(['ttl', 'settings.ipv4_only', 'settings.ipv6_only']);
  });
});
