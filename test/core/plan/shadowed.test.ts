/**
 * The notes of the service's shadow metadata (src/core/plan/shadowed.ts; issue 43, item 6):
 * shadowed records and dead glue named with their delegations, live glue never, and the note
 * when the metadata could not be read.
 */
import { describe, expect, it } from 'vitest';
import type { LiveRecord, RecordMeta } from '../../../src/core/model/record.js';
import { shadowedNotes } from '../../../src/core/plan/shadowed.js';

const rec = (id: string, name: string, type: string, content: string, meta?: RecordMeta): LiveRecord =>
  ({ id, name, type, content, ttl: 1, proxied: false, ...(meta ? { meta } : {}) }) as unknown as LiveRecord;

describe('shadowedNotes', () => {
  const ns = rec('n1', 'sub.example.com', 'NS', 'ns1.sub.example.com', { shadowed_records_count: 3 });
  const inner = rec('n2', 'a.sub.example.com', 'NS', 'ns1.a.sub.example.com', { shadowed_by: ['n1'] });

  it('names shadowed records (not glue) and dead glue, each with the delegations the service names', () => {
    const notes = shadowedNotes([
      ns,
      inner,
      rec('r1', 'www.sub.example.com', 'A', '192.0.2.1', { shadowed_by: ['n1'] }),
      rec('r2', 'ns1.sub.example.com', 'A', '192.0.2.2', { shadowed_by: ['n1'], is_glue: true }),
      rec('r3', 'ns1.a.sub.example.com', 'A', '192.0.2.3', { shadowed_by: ['n1', 'n2'], is_glue: true, dead_glue: true }),
      rec('r4', 'example.com', 'A', '192.0.2.4'),
    ]);
    expect(notes).toEqual([
      'the service says 2 live record(s) are shadowed by a delegation (NS below the apex) and not served by this zone: a.sub.example.com NS (under sub.example.com), www.sub.example.com A (under sub.example.com)',
      'the service says 1 live glue record(s) are never served (dead glue: a shallower delegation takes their name): ns1.a.sub.example.com A (under sub.example.com, a.sub.example.com)',
    ]);
  });

  it('nothing without metadata; an id of no listed record is not named; more than 10 records are counted', () => {
    expect(shadowedNotes([ns, rec('r1', 'www.sub.example.com', 'A', '192.0.2.1')])).toEqual([]);
    expect(shadowedNotes([rec('r1', 'www.sub.example.com', 'A', '192.0.2.1', { shadowed_by: ['gone'] })])).toEqual([
      'the service says 1 live record(s) are shadowed by a delegation (NS below the apex) and not served by this zone: www.sub.example.com A',
    ]);
    const many = Array.from({ length: 12 }, (_, i) => rec(`r${i}`, `h${i}.sub.example.com`, 'A', '192.0.2.1', { shadowed_by: ['n1'] }));
    const [note] = shadowedNotes([ns, ...many]);
    expect(note).toMatch(
      /^the service says 12 live record\(s\) are shadowed .*h9\.sub\.example\.com A \(under sub\.example\.com\) and 2 more$/,
    );
    // A value that is not a list of ids is no metadata.
    expect(shadowedNotes([rec('r1', 'www.sub.example.com', 'A', '192.0.2.1', { shadowed_by: 'n1' as unknown as string[] })])).toEqual([]);
  });

  it('says when the service’s word was not read', () => {
    expect(
      shadowedNotes([rec('r1', 'www.sub.example.com', 'A', '192.0.2.1', { shadowed_by: ['n1'] })], { delegations: 25, most: 20 }),
    ).toEqual([
      "the service's word on shadowed records was not read: it gives none in a list of more than 1,000 records, and this zone has 25 delegations (NS below the apex) to ask one by one (zonectl asks at most 20); validate's in-file checks (ns.delegation-alone, lint.occluded) still apply",
    ]);
  });
});
