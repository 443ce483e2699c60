/**
 * Issue 28, item 5: where a long TXT splits is the writer's choice. Unquoted text over 255 bytes
 * matches the live strings joined, whatever the split; quoted strings keep their boundaries.
 */
import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../../src/core/diff/diff-records.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { LiveRecord, RecordInput } from '../../../src/core/model/record.js';

const ZONE = 'example.com';
let nextId = 0;
const live = (r: RecordInput): LiveRecord => ({ ...normalizeRecord(r, ZONE), id: `${(nextId += 1)}`.padStart(32, '0') });
const want = (r: RecordInput) => normalizeRecord(r, ZONE);
const diff = (desired: RecordInput[], l: LiveRecord[]) =>
  diffRecords({ zone: ZONE, desired: desired.map(want), live: l, rules: { unmanaged: 'delete', ignore: [] } });
const summary = (d: ReturnType<typeof diff>) =>
  d.changes.map((c) => (c.kind === 'update' ? `update ${c.fields.join(',')}` : c.kind === 'create' ? 'create' : 'delete'));

/** A 2048-bit DKIM key of 410 bytes (two `;` in it). */
const DKIM = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9).slice(0, 392)}`;

describe('unquoted TXT over 255 bytes: any split of the same text', () => {
  it('matches a live split at 253 bytes (as octoDNS writes it), at 255, or one at 100: no change', () => {
    for (const at of [253, 255, 100]) {
      const l = live({ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, at)}" "${DKIM.slice(at)}"` });
      const d = diff([{ name: 'dk', type: 'TXT', content: DKIM }], [l]);
      expect(summary(d), `split at ${at}`).toEqual([]);
      expect(d.unchanged).toBe(1);
    }
  });

  it('pairs by text among several records of one name, and still plans a change of text or TTL', () => {
    const other = `${DKIM.slice(0, 300)}X${DKIM.slice(301)}`;
    const l = [
      live({ name: 'dk', type: 'TXT', content: `"${other.slice(0, 253)}" "${other.slice(253)}"` }),
      live({ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, 253)}" "${DKIM.slice(253)}"`, ttl: 300 }),
    ];
    const d = diff(
      [
        { name: 'dk', type: 'TXT', content: DKIM, ttl: 600 },
        { name: 'dk', type: 'TXT', content: 'v=spf1 -all' },
      ],
      l,
    );
    expect(summary(d).sort()).toEqual(['update content', 'update ttl']);
    const ttl = d.changes.find((c) => c.kind === 'update' && c.fields.includes('ttl'));
    // The update keeps the live strings: nothing is rewritten for the split alone.
    expect(ttl?.kind === 'update' && ttl.after.content).toBe(`"${DKIM.slice(0, 253)}" "${DKIM.slice(253)}"`);
  });

  it('quoted strings keep their boundaries: "a" "b" is not "ab", and a 240 + 170 split is not 255 + 155', () => {
    expect(summary(diff([{ name: 't', type: 'TXT', content: '"a" "b"' }], [live({ name: 't', type: 'TXT', content: '"ab"' })]))).toEqual([
      'update content',
    ]);
    const l = live({ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, 255)}" "${DKIM.slice(255)}"` });
    expect(summary(diff([{ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, 240)}" "${DKIM.slice(240)}"` }], [l]))).toEqual([
      'update content',
    ]);
  });

  it('a live value written unquoted (the service splits it at 255) equals the same strings written quoted', () => {
    const l = live({ name: 'dk', type: 'TXT', content: DKIM });
    expect(summary(diff([{ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, 255)}" "${DKIM.slice(255)}"` }], [l]))).toEqual([]);
    expect(summary(diff([{ name: 'dk', type: 'TXT', content: `"${DKIM.slice(0, 200)}" "${DKIM.slice(200)}"` }], [l]))).toEqual([
      'update content',
    ]);
  });
});
