/**
 * The rules of ownership.ts and order.ts, one test each, and the plan's SRV/URI priority.
 */
import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../../src/core/diff/diff-records.js';
import { isProtectedRecord } from '../../../src/core/ownership/index.js';
import { cannotCoexist } from '../../../src/core/service/coexistence.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { CanonicalRecord, LiveRecord, RecordInput } from '../../../src/core/model/index.js';
import { buildZonePlan } from '../../../src/core/plan/build-plan.js';
import { shownRecord, type Operation } from '../../../src/core/plan/operation.js';
import { orderOperations } from '../../../src/core/plan/order.js';
import { renderOperation } from '../../../src/core/render/render-text.js';

const ZONE = 'example.com';
const want = (r: RecordInput): CanonicalRecord => normalizeRecord(r, ZONE);
let nextId = 0;
const live = (r: RecordInput & { meta?: LiveRecord['meta'] }): LiveRecord => ({
  ...normalizeRecord({ comment: null, tags: [], ...r }, ZONE),
  id: `${(nextId += 1)}`.padStart(32, '0'),
  modified_on: '2026-01-01T00:00:00Z',
  ...(r.meta ? { meta: r.meta } : {}),
});
const thresholds = { maxDeletePercent: 100, maxUpdatePercent: 100, minRecords: 10 };
const plan = (desired: CanonicalRecord[], l: LiveRecord[], unmanaged: 'keep' | 'delete' = 'keep') =>
  buildZonePlan({
    zone: ZONE,
    zoneId: 'z1',
    desired,
    live: l,
    diff: diffRecords({ zone: ZONE, desired, live: l, rules: { unmanaged, ignore: [] } }),
    thresholds,
  });
const seq = (ops: readonly Operation[]) =>
  ops.map((o) =>
    o.kind === 'dns_record'
      ? `${o.phase} ${o.action} ${shownRecord(o).name.replace('.example.com', '')} ${shownRecord(o).type}`
      : `${o.phase} ${o.kind}`,
  );

describe('ownership', () => {
  it('a CNAME conflicts with A and AAAA only, at any name; records beside a delegation are shadowed, not replaced', () => {
    expect(cannotCoexist('www.example.com', 'CNAME', 'TXT', ZONE)).toBe(false);
    expect(cannotCoexist('www.example.com', 'MX', 'CNAME', ZONE)).toBe(false);
    expect(cannotCoexist('www.example.com', 'CNAME', 'A', ZONE)).toBe(true);
    expect(cannotCoexist('www.example.com', 'AAAA', 'CNAME', ZONE)).toBe(true);
    expect(cannotCoexist('example.com', 'CNAME', 'MX', ZONE)).toBe(false);
    expect(cannotCoexist('example.com', 'TXT', 'CNAME', ZONE)).toBe(false);
    expect(cannotCoexist('example.com', 'CNAME', 'A', ZONE)).toBe(true);
    expect(cannotCoexist('example.com', 'AAAA', 'CNAME', ZONE)).toBe(true);
    expect(cannotCoexist('www.example.com', 'A', 'TXT', ZONE)).toBe(false);
    expect(cannotCoexist('www.example.com', 'CNAME', 'CNAME', ZONE)).toBe(false); // one group, matched by value
    // The service keeps records beside an NS (shadowed records, issue 28): nothing there is a replacement.
    expect(cannotCoexist('sub.example.com', 'NS', 'A', ZONE)).toBe(false);
    expect(cannotCoexist('sub.example.com', 'TXT', 'NS', ZONE)).toBe(false);
    expect(cannotCoexist('sub.example.com', 'NS', 'DS', ZONE)).toBe(false);
    expect(cannotCoexist('example.com', 'NS', 'A', ZONE)).toBe(false);
  });

  it('a CNAME below the apex leaves a live MX alone and replaces a live A', () => {
    const l = [
      live({ name: 'www', type: 'MX', content: 'mx.example.net', priority: 10 }),
      live({ name: 'www', type: 'A', content: '192.0.2.1' }),
    ];
    const d = diffRecords({
      zone: ZONE,
      desired: [want({ name: 'www', type: 'CNAME', content: 'lb.example.net' })],
      live: l,
      rules: { unmanaged: 'keep', ignore: [] },
    });
    expect(
      d.changes
        .map((c) => `${c.kind} ${(c.kind === 'delete' ? c.before : c.after).type}${c.kind === 'delete' ? ` ${c.reason}` : ''}`)
        .sort(),
    ).toEqual(['create CNAME', 'delete A conflict']);
    expect(d.unmanaged.map((r) => r.type)).toEqual(['MX']);
  });

  it('an apex CNAME leaves the live MX and TXT alone, and replaces the live A', () => {
    const l = [
      live({ name: '@', type: 'MX', content: 'mx.example.net', priority: 10 }),
      live({ name: '@', type: 'TXT', content: 'v=spf1 -all' }),
      live({ name: '@', type: 'A', content: '192.0.2.1' }),
    ];
    const d = diffRecords({
      zone: ZONE,
      desired: [want({ name: '@', type: 'CNAME', content: 'lb.example.net' })],
      live: l,
      rules: { unmanaged: 'keep', ignore: [] },
    });
    expect(
      d.changes
        .map((c) => `${c.kind} ${(c.kind === 'delete' ? c.before : c.after).type}${c.kind === 'delete' ? ` ${c.reason}` : ''}`)
        .sort(),
    ).toEqual(['create CNAME', 'delete A conflict']);
    expect(d.unmanaged.map((r) => r.type).sort()).toEqual(['MX', 'TXT']);
  });

  it('protected: meta.auto_added, meta.read_only and managed_by_* set to true', () => {
    expect(isProtectedRecord({ auto_added: true })).toBe(true);
    expect(isProtectedRecord({ read_only: true })).toBe(true);
    expect(isProtectedRecord({ managed_by_apps: true })).toBe(true);
    expect(isProtectedRecord({ managed_by_apps: false, auto_added: false })).toBe(false);
    expect(isProtectedRecord(undefined)).toBe(false);
  });
});

describe('order', () => {
  it('NS before DS at a name on create; DS deleted before its NS', () => {
    const ns = want({ name: 'sub', type: 'NS', content: 'ns1.example.net' });
    const ds = want({ name: 'sub', type: 'DS', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ab'.repeat(32) } });
    expect(seq(plan([ds, ns], []).operations)).toEqual(['0 create sub NS', '1 create sub DS']);
    const l = [
      live({ name: 'sub', type: 'DS', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ab'.repeat(32) } }),
      live({ name: 'sub', type: 'NS', content: 'ns1.example.net' }),
    ];
    expect(seq(plan([], l, 'delete').operations)).toEqual(['0 delete sub DS', '1 delete sub NS']);
  });

  it('records beside a delegation are written before the NS at their name, DS after it (81056 refuses a record created where an NS exists)', () => {
    const ns = want({ name: 'sub', type: 'NS', content: 'ns1.example.net' });
    const a = want({ name: 'sub', type: 'A', content: '192.0.2.7' });
    const txt = want({ name: 'sub', type: 'TXT', content: 'beside the delegation' });
    const ds = want({ name: 'sub', type: 'DS', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ab'.repeat(32) } });
    const other = want({ name: 'other', type: 'A', content: '192.0.2.8' });
    expect(seq(plan([ns, ds, a, txt, other], []).operations)).toEqual([
      '0 create other A',
      '0 create sub A',
      '0 create sub TXT',
      '1 create sub NS',
      '2 create sub DS',
    ]);
    // An NS already live: the A is created beside it (the service would refuse it: apply reports 81056), nothing is deleted.
    expect(seq(plan([ns, a], [live({ name: 'sub', type: 'NS', content: 'ns1.example.net' })]).operations)).toEqual(['0 create sub A']);
  });

  it('settings before records, tokens after records, and settings and tokens alone keep that order', () => {
    const settings = {
      kind: 'dns_settings',
      action: 'update',
      method: 'PATCH',
      path: '/zones/z1/dns_settings',
      zoneId: 'z1',
      body: { multi_provider: true },
      before: {},
      after: {},
      fields: ['multi_provider'],
    } as const;
    const token = {
      kind: 'token',
      action: 'create',
      method: 'POST',
      path: '/user/tokens',
      name: 'ci',
      body: {},
      after: {},
      fields: [],
    } as const;
    const create = {
      kind: 'dns_record',
      action: 'create',
      method: 'POST',
      path: '/zones/z1/dns_records',
      zoneId: 'z1',
      body: { name: 'a.example.com', type: 'A', ttl: 1, proxied: false },
      after: want({ name: 'a', type: 'A', content: '192.0.2.1' }),
      fields: [],
    } as const;
    expect(seq(orderOperations([token, create, settings]))).toEqual(['0 dns_settings', '1 create a A', '2 token']);
    expect(seq(orderOperations([token, settings]))).toEqual(['0 dns_settings', '1 token']);
  });

  it('a CNAME chain is written from its end; a delete that frees a name goes first; other deletes last', () => {
    const desired = [
      want({ name: 'a', type: 'CNAME', content: 'b.example.com' }),
      want({ name: 'b', type: 'CNAME', content: 'c.example.com' }),
      want({ name: 'c', type: 'A', content: '192.0.2.1' }),
      want({ name: 'x', type: 'CNAME', content: 'elsewhere.example.net' }),
    ];
    const l = [live({ name: 'x', type: 'A', content: '192.0.2.8' }), live({ name: 'old', type: 'A', content: '192.0.2.9' })];
    expect(seq(plan(desired, l, 'delete').operations)).toEqual([
      '0 delete x A',
      '0 create c A',
      '1 create b CNAME',
      '1 create x CNAME',
      '2 create a CNAME',
      '3 delete old A',
    ]);
  });

  it('a loop of desired CNAMEs is planned (a warning, not a refusal), even when only part of it changes', () => {
    const a = want({ name: 'a', type: 'CNAME', content: 'b.example.com' });
    const b = want({ name: 'b', type: 'CNAME', content: 'a.example.com' });
    const p = plan([a, b], [live({ name: 'b', type: 'CNAME', content: 'a.example.com' })]);
    expect(p.operations.map((o) => [o.phase, o.action, o.kind === 'dns_record' ? shownRecord(o).name : o.kind])).toEqual([
      [0, 'create', 'a.example.com'],
    ]);
  });
});

describe('plans show SRV and URI priority', () => {
  it('a priority change is visible on the changed line', () => {
    const before = live({ name: '_sip._tcp', type: 'SRV', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } });
    const after = want({ name: '_sip._tcp', type: 'SRV', data: { priority: 20, weight: 5, port: 5060, target: 'sip.example.com' } });
    const [op] = plan([after], [before]).operations;
    const lines = renderOperation(op!);
    expect(lines[0]).toContain('_sip._tcp.example.com SRV 10 5 5060 sip.example.com');
    expect(lines[1]).toBe('      data: 10 5 5060 sip.example.com → 20 5 5060 sip.example.com');
  });

  it('URI priority too', () => {
    const before = live({ name: '_http._tcp', type: 'URI', priority: 1, data: { weight: 10, target: 'https://a.example.com/' } });
    const after = want({ name: '_http._tcp', type: 'URI', priority: 2, data: { weight: 10, target: 'https://a.example.com/' } });
    const [op] = plan([after], [before]).operations;
    expect(renderOperation(op!).join('\n')).toMatch(/: 1 10 "https:\/\/a\.example\.com\/" → 2 10 "https:\/\/a\.example\.com\/"/);
  });
});
