/**
 * Listed records carrying the same `meta` share one object (src/api/live.ts, SharedMeta); a
 * `meta` that differs in a value, a key, the order of its keys or holds an object keeps its own,
 * so protection flags (src/core/diff/ownership.ts) and every output read the record's own flags.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/core/model/api-codec.js';
import { SharedMeta } from '../../src/api/live.js';

const plain = () => ({ auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false, source: 'primary' });

function listed(meta: unknown): ApiRecord {
  return JSON.parse(JSON.stringify({ id: 'a'.repeat(32), name: 'www.example.com', type: 'A', content: '192.0.2.1', meta })) as ApiRecord;
}

describe('SharedMeta', () => {
  it('hands the previous object to a record whose meta is equal, key for key and in order', () => {
    const shared = new SharedMeta();
    const records = [listed(plain()), listed(plain()), listed(plain())];
    for (const r of records) shared.share(r);
    expect(records[1]!.meta).toBe(records[0]!.meta);
    expect(records[2]!.meta).toBe(records[0]!.meta);
    expect(records[2]!.meta).toEqual(plain());
  });

  it('keeps a meta of its own when a value, a key, the key order or a nested object differs', () => {
    const nested = () => ({ ...plain(), source: { kind: 'primary' } });
    // Each variant right after a record it would be shared with if compared loosely.
    const variants: ReadonlyArray<readonly [string, unknown, unknown]> = [
      ['protected', plain(), { ...plain(), auto_added: true }],
      ['extra key', plain(), { ...plain(), read_only: true }],
      ['fewer keys', plain(), { auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false }],
      ['reordered', plain(), { source: 'primary', auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false }],
      ['nested object', nested(), nested()],
    ];
    for (const [what, before, meta] of variants) {
      const shared = new SharedMeta();
      const prime = listed(before);
      const r = listed(meta);
      const text = JSON.stringify(r);
      shared.share(prime);
      shared.share(r);
      expect(r.meta, what).not.toBe(prime.meta);
      expect(JSON.stringify(r), what).toBe(text);
    }
  });

  it('leaves a record without meta, or with a null one, as it is', () => {
    const shared = new SharedMeta();
    const first = listed(plain());
    const noMeta = listed(undefined);
    const nullMeta = listed(null);
    for (const r of [first, noMeta, nullMeta]) shared.share(r);
    expect(noMeta.meta).toBeUndefined();
    expect(nullMeta.meta).toBeNull();
  });

  it('shares again once the flags come back to a run of equal ones', () => {
    const shared = new SharedMeta();
    const a = listed(plain());
    const b = listed({ ...plain(), managed_by_apps: true });
    const c = listed(plain());
    const d = listed(plain());
    for (const r of [a, b, c, d]) shared.share(r);
    expect(b.meta).not.toBe(a.meta);
    expect(c.meta).not.toBe(b.meta);
    expect(d.meta).toBe(c.meta);
    expect(b.meta).toEqual({ ...plain(), managed_by_apps: true });
  });
});
