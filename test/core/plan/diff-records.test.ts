import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../../src/core/diff/diff-records.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { CanonicalRecord, LiveRecord, RecordInput } from '../../../src/core/model/index.js';
import { buildZonePlan, staleKeys } from '../../../src/core/plan/build-plan.js';
import { checkSafety } from '../../../src/core/plan/safety.js';
import { cnameLoops } from '../../../src/core/plan/check-chains.js';

const ZONE = 'example.com';
const want = (r: RecordInput): CanonicalRecord => normalizeRecord(r, ZONE);
let nextId = 0;
const live = (r: RecordInput & { meta?: LiveRecord['meta'] }): LiveRecord => ({
  ...normalizeRecord({ comment: null, tags: [], ...r }, ZONE),
  id: `id${(nextId += 1)}`,
  modified_on: '2026-01-01T00:00:00.000000Z',
  ...(r.meta ? { meta: r.meta } : {}),
});
const diff = (desired: CanonicalRecord[], liveRecords: LiveRecord[], unmanaged: 'keep' | 'delete' = 'keep', ignored: string[] = []) =>
  diffRecords({ zone: ZONE, desired, live: liveRecords, rules: { unmanaged, ignore: ignored.map((name) => ({ name })) } });
const kinds = (d: ReturnType<typeof diff>) =>
  d.changes
    .map((c) => `${c.kind} ${(c.kind === 'delete' ? c.before : c.after).name} ${(c.kind === 'delete' ? c.before : c.after).type}`)
    .sort();

describe('diffRecords', () => {
  it('finds nothing to do when live equals desired in meaning', () => {
    const d = diff(
      [want({ name: 'www', type: 'A', content: '192.0.2.1' }), want({ name: '@', type: 'TXT', content: 'v=spf1 -all' })],
      [
        live({ name: 'www.example.com', type: 'A', content: '192.0.2.1', ttl: 1 }),
        live({ name: 'example.com', type: 'TXT', content: '"v=spf1 -all"' }),
      ],
    );
    expect(d.changes).toEqual([]);
    expect(d.unchanged).toBe(2);
  });

  it('pairs equal content first, then turns the rest into updates, then creates/deletes', () => {
    const d = diff(
      [
        want({ name: 'www', type: 'A', content: '192.0.2.1' }),
        want({ name: 'www', type: 'A', content: '192.0.2.3' }),
        want({ name: 'www', type: 'A', content: '192.0.2.4' }),
      ],
      [live({ name: 'www', type: 'A', content: '192.0.2.1' }), live({ name: 'www', type: 'A', content: '192.0.2.2' })],
    );
    expect(d.unchanged).toBe(1);
    expect(kinds(d)).toEqual(['create www.example.com A', 'update www.example.com A']);
    const upd = d.changes.find((c) => c.kind === 'update');
    expect(upd?.kind === 'update' && upd.fields).toEqual(['content']);
  });

  it('deletes a value that leaves a multi-value name the file owns, whatever unmanaged says', () => {
    const d = diff(
      [want({ name: 'www', type: 'A', content: '192.0.2.1' })],
      [
        live({ name: 'www', type: 'A', content: '192.0.2.1' }),
        live({ name: 'www', type: 'A', content: '192.0.2.9' }),
        live({ name: 'www', type: 'A', content: '192.0.2.8' }),
      ],
    );
    expect(kinds(d)).toEqual(['delete www.example.com A', 'delete www.example.com A']);
    expect(d.changes.every((c) => c.kind === 'delete' && c.reason === 'owned')).toBe(true);
  });

  it('reports unlisted (name, type) pairs as unmanaged with keep, and deletes them with delete', () => {
    const l = [live({ name: 'old', type: 'A', content: '192.0.2.7' })];
    const keep = diff([want({ name: 'www', type: 'A', content: '192.0.2.1' })], l, 'keep');
    expect(keep.unmanaged.map((r) => r.name)).toEqual(['old.example.com']);
    expect(keep.changes.filter((c) => c.kind === 'delete')).toEqual([]);
    const del = diff([want({ name: 'www', type: 'A', content: '192.0.2.1' })], l, 'delete');
    expect(del.unmanaged).toEqual([]);
    expect(del.changes.find((c) => c.kind === 'delete')).toMatchObject({ reason: 'unmanaged' });
  });

  it('replaces a record that cannot coexist (A -> CNAME and CNAME -> A at one name)', () => {
    const d1 = diff(
      [want({ name: 'www', type: 'CNAME', content: 'example.com' })],
      [live({ name: 'www', type: 'A', content: '192.0.2.1' })],
    );
    expect(d1.changes).toEqual([
      expect.objectContaining({ kind: 'delete', reason: 'conflict' }),
      expect.objectContaining({ kind: 'create', replacement: true }),
    ]);
    const d2 = diff(
      [want({ name: 'www', type: 'A', content: '192.0.2.1' })],
      [live({ name: 'www', type: 'CNAME', content: 'example.com' })],
    );
    expect(d2.changes.map((c) => c.kind)).toEqual(['delete', 'create']);
  });

  it('never touches protected or ignored records', () => {
    const d = diff(
      [],
      [
        live({ name: 'auto', type: 'A', content: '192.0.2.1', meta: { auto_added: true } }),
        live({ name: 'tunnel', type: 'CNAME', content: 'x.cfargotunnel.com', meta: { managed_by_argo_tunnel: true } }),
        live({ name: '_acme-challenge', type: 'TXT', content: 'token' }),
      ],
      'delete',
      ['_acme-challenge.example.com'],
    );
    expect(d.changes).toEqual([]);
    expect(d.untouchable).toHaveLength(3);
    expect(d.manageable).toBe(0);
  });

  it('manages comment and tags only when the file sets them', () => {
    const l = [live({ name: 'www', type: 'A', content: '192.0.2.1', comment: 'hand-written', tags: ['x:y'] })];
    expect(diff([want({ name: 'www', type: 'A', content: '192.0.2.1' })], l).changes).toEqual([]);
    const d = diff([want({ name: 'www', type: 'A', content: '192.0.2.1', comment: '', tags: [] })], l);
    expect(d.changes[0]).toMatchObject({ kind: 'update', fields: ['comment', 'tags'] });
  });

  it('sees TTL and proxied changes, and ignores the TTL of proxied records', () => {
    const d = diff(
      [want({ name: 'a', type: 'A', content: '192.0.2.1', ttl: 300 }), want({ name: 'b', type: 'A', content: '192.0.2.2', proxied: true })],
      [
        live({ name: 'a', type: 'A', content: '192.0.2.1', ttl: 3600 }),
        live({ name: 'b', type: 'A', content: '192.0.2.2', proxied: true, ttl: 300 }),
      ],
    );
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ kind: 'update', fields: ['ttl'] });
  });
});

describe('buildZonePlan', () => {
  const thresholds = { maxDeletePercent: 30, maxUpdatePercent: 30, minRecords: 10 };
  const plan = (desired: CanonicalRecord[], l: LiveRecord[], unmanaged: 'keep' | 'delete' = 'keep') =>
    buildZonePlan({ zone: ZONE, zoneId: 'z1', desired, live: l, diff: diff(desired, l, unmanaged), thresholds });

  it('orders: freeing deletes, addresses, CNAMEs by chain depth, then remaining deletes', () => {
    const desired = [
      want({ name: 'a', type: 'CNAME', content: 'b.example.com', proxied: true }),
      want({ name: 'b', type: 'CNAME', content: 'c.example.com', proxied: true }),
      want({ name: 'c', type: 'A', content: '192.0.2.1', proxied: true }),
      want({ name: 'www', type: 'CNAME', content: 'c.example.com' }),
    ];
    const l = [
      live({ name: 'www', type: 'A', content: '192.0.2.5' }),
      live({ name: 'gone', type: 'CNAME', content: 'c.example.com' }),
      live({ name: 'gone2', type: 'TXT', content: 'x' }),
    ];
    const p = plan(desired, l, 'delete');
    const seq = p.operations.map((o) => `${o.action} ${o.kind === 'dns_record' ? (o.after ?? o.before)?.name : ''}`);
    expect(seq).toEqual([
      'delete www.example.com',
      'create c.example.com',
      'create b.example.com',
      'create www.example.com',
      'create a.example.com',
      'delete gone.example.com',
      'delete gone2.example.com',
    ]);
    const del = p.operations[0];
    expect(del).toMatchObject({ method: 'DELETE', path: `/zones/z1/dns_records/${l[0].id}`, recordId: l[0].id });
    expect(p.operations[1]).toMatchObject({
      method: 'POST',
      path: '/zones/z1/dns_records',
      body: { name: 'c.example.com', type: 'A', content: '192.0.2.1', proxied: true, ttl: 1 },
    });
  });

  it('plans a loop of CNAMEs (the service refuses only a CNAME to its own name): every create, none waiting for another', () => {
    const desired = [
      want({ name: 'a', type: 'CNAME', content: 'b.example.com' }),
      want({ name: 'b', type: 'CNAME', content: 'c.example.com' }),
      want({ name: 'c', type: 'CNAME', content: 'a.example.com' }),
      want({ name: 'into', type: 'CNAME', content: 'a.example.com' }),
    ];
    expect(cnameLoops(desired)).toEqual([['a.example.com', 'b.example.com', 'c.example.com', 'a.example.com']]);
    const p = plan(desired, []);
    expect(p.operations.map((o) => `${o.phase} ${o.kind === 'dns_record' && o.action === 'create' ? o.after.name : ''}`)).toEqual([
      '0 a.example.com',
      '0 b.example.com',
      '0 c.example.com',
      '1 into.example.com',
    ]);
  });

  it('sends long TXT as quoted 255-byte chunks', () => {
    const text = 'k'.repeat(300);
    const p = plan([want({ name: 'dkim', type: 'TXT', content: text })], []);
    expect(p.operations[0]).toMatchObject({ body: { content: `"${'k'.repeat(255)}" "${'k'.repeat(45)}"` } });
  });

  it('flags deletes over the threshold and records a fingerprint of what it touches', () => {
    const l = Array.from({ length: 10 }, (_, i) => live({ name: `h${i}`, type: 'A', content: `192.0.2.${i + 1}` }));
    const p = plan([], l, 'delete');
    expect(p.safety).toEqual([{ kind: 'delete', count: 10, percent: 100, limit: 30 }]);
    expect(Object.keys(p.fingerprint)).toHaveLength(10);
    expect(staleKeys(p, l)).toEqual([]);
    const changed = l.map((r, i) => (i === 3 ? { ...r, modified_on: '2026-02-02T00:00:00Z' } : r));
    expect(staleKeys(p, changed)).toEqual(['h3.example.com']);
    expect(staleKeys(p, [...l, live({ name: 'h1', type: 'A', content: '192.0.2.99' })])).toEqual(['h1.example.com']);
    expect(staleKeys(p, [...l, live({ name: 'h2', type: 'TXT', content: 'another type at a touched name' })])).toEqual(['h2.example.com']);
  });

  it('summarises creates, updates, deletes, unchanged and kept unmanaged records', () => {
    const p = plan(
      [
        want({ name: 'a', type: 'A', content: '192.0.2.1' }),
        want({ name: 'b', type: 'A', content: '192.0.2.2', ttl: 300 }),
        want({ name: 'c', type: 'A', content: '192.0.2.3' }),
      ],
      [
        live({ name: 'b', type: 'A', content: '192.0.2.2' }),
        live({ name: 'c', type: 'A', content: '192.0.2.3' }),
        live({ name: 'd', type: 'A', content: '192.0.2.4' }),
      ],
    );
    expect(p.summary).toEqual({ create: 1, update: 1, delete: 0, unchanged: 1, unmanaged: 1, mark: 0 });
  });
});

describe('checkSafety', () => {
  it('skips small zones and compares percent of manageable records', () => {
    const t = { maxDeletePercent: 30, maxUpdatePercent: 30, minRecords: 10 };
    expect(checkSafety({ deletes: 9, updates: 0, manageable: 9 }, t)).toEqual([]);
    expect(checkSafety({ deletes: 3, updates: 3, manageable: 10 }, t)).toEqual([]);
    expect(checkSafety({ deletes: 4, updates: 4, manageable: 10 }, t).map((v) => v.kind)).toEqual(['delete', 'update']);
    // Exact comparison: 30.04% is over a 30% limit even though it rounds to 30.0.
    expect(checkSafety({ deletes: 3004, updates: 3000, manageable: 10000 }, t)).toEqual([
      { kind: 'delete', count: 3004, percent: 30, limit: 30 },
    ]);
  });
});

describe('diffRecords: records the service manages', () => {
  it('does not create a desired record equal to one the service manages (it would fail as identical)', () => {
    const d = diff(
      [want({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 })],
      [live({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 1, meta: { auto_added: true } })],
    );
    expect(d.changes).toEqual([]);
    expect(d.unchanged).toBe(1);
    expect(d.warnings[0]).toMatch(/managed by the service; its ttl cannot be changed/);
  });

  it('a changed MX set pairs old and new by priority first, then by likeness of content (issue 33, item 7)', () => {
    const mx = (content: string, priority: number) => ({ name: '@', type: 'MX' as const, content, priority });
    const updates = (d: ReturnType<typeof diff>) =>
      d.changes.flatMap((c) =>
        c.kind === 'update'
          ? [`${c.before.priority} ${c.before.content} -> ${c.after.priority} ${c.after.content} (${c.fields.join(',')})`]
          : [],
      );
    // Sorted by content, aspmx (10) would pair with mx3 (30) and alt1 (20) with mx1 (10): every pair a priority change too.
    const provider = diff(
      [want(mx('mx1.fastmail.example', 10)), want(mx('mx2.fastmail.example', 20)), want(mx('mx3.fastmail.example', 30))],
      [live(mx('aspmx.l.google.example', 10)), live(mx('alt1.aspmx.l.google.example', 20)), live(mx('alt2.aspmx.l.google.example', 30))],
    );
    expect(updates(provider).sort()).toEqual([
      '10 aspmx.l.google.example -> 10 mx1.fastmail.example (content)',
      '20 alt1.aspmx.l.google.example -> 20 mx2.fastmail.example (content)',
      '30 alt2.aspmx.l.google.example -> 30 mx3.fastmail.example (content)',
    ]);
    // Same priority: the likest content (here the same domain) pairs.
    const same = diff(
      [want(mx('c.example.org', 10)), want(mx('d.example.net', 10))],
      [live(mx('a.example.net', 10)), live(mx('b.example.org', 10))],
    );
    expect(updates(same).sort()).toEqual([
      '10 a.example.net -> 10 d.example.net (content)',
      '10 b.example.org -> 10 c.example.org (content)',
    ]);
    // No host left at the new priority: the likest content pairs, a priority change of the same host.
    const moved = diff(
      [want(mx('mx1.example.net', 10)), want(mx('mx2.example.net', 30))],
      [live(mx('mx1.example.net', 10)), live(mx('mx2.example.net', 20))],
    );
    expect(updates(moved)).toEqual(['20 mx2.example.net -> 30 mx2.example.net (priority)']);
    // More file records than live ones: the unpaired one is created, never a wrong pair.
    const grown = diff([want(mx('mx1.example.net', 10)), want(mx('mx9.example.net', 50))], [live(mx('mx1.example.org', 10))]);
    expect(updates(grown)).toEqual(['10 mx1.example.org -> 10 mx1.example.net (content)']);
    expect(kinds(grown)).toEqual(['create example.com MX', 'update example.com MX']);
  });

  it('an SRV set pairs by the priority in its data first', () => {
    const srv = (target: string, priority: number) => ({
      name: '_sip._tcp',
      type: 'SRV' as const,
      data: { priority, weight: 5, port: 5060, target },
    });
    const d = diff(
      [want(srv('b-new.example.com', 10)), want(srv('a-new.example.com', 20))],
      [live(srv('a-old.example.com', 10)), live(srv('b-old.example.com', 20))],
    );
    const pairs = d.changes.flatMap((c) => (c.kind === 'update' ? [`${c.before.data?.target} -> ${c.after.data?.target}`] : []));
    expect(pairs.sort()).toEqual(['a-old.example.com -> b-new.example.com', 'b-old.example.com -> a-new.example.com']);
  });

  it('pairs a 20,000-value group whatever the order', () => {
    const n = 20_000;
    const desired = Array.from({ length: n }, (_, i) => want({ name: 'big', type: 'TXT', content: `v${i}` }));
    const liveRecords = Array.from({ length: n }, (_, i) => live({ name: 'big', type: 'TXT', content: `v${n - 1 - i}` }));
    const d = diff(desired, liveRecords);
    expect(d.unchanged).toBe(n);
    expect(d.changes).toEqual([]);
  });
});
