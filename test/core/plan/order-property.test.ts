/**
 * The order rules of src/core/plan/order.ts hold on random plans: each rule is an edge
 * "X before Y", and the phases must put every X before its Y.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsChange, TokenChange } from '../../../src/core/diff/changes.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { CanonicalRecord } from '../../../src/core/model/record.js';
import type { Operation, RecordCall, UnorderedOperation } from '../../../src/core/plan/operation.js';
import { orderOperations } from '../../../src/core/plan/order.js';

const ZONE = 'example.com';
const NAMES = ['a', 'b', 'c', 'd', 'sub'];
const fq = (n: string) => `${n}.${ZONE}`;

function record(rnd: () => number, name: string): CanonicalRecord {
  const k = Math.floor(rnd() * 5);
  if (k === 0) return normalizeRecord({ name, type: 'A', content: `192.0.2.${1 + Math.floor(rnd() * 200)}` }, ZONE);
  if (k === 1) {
    // a CNAME to another name of the set (never itself: that is refused before ordering)
    const others = NAMES.filter((n) => n !== name);
    return normalizeRecord({ name, type: 'CNAME', content: fq(others[Math.floor(rnd() * others.length)]!) }, ZONE);
  }
  if (k === 2) return normalizeRecord({ name, type: 'NS', content: `ns${Math.floor(rnd() * 3)}.example.net` }, ZONE);
  if (k === 3)
    return normalizeRecord(
      { name, type: 'DS', data: { key_tag: Math.floor(rnd() * 1000), algorithm: 13, digest_type: 2, digest: 'ab'.repeat(32) } },
      ZONE,
    );
  return normalizeRecord({ name, type: 'TXT', content: `t${Math.floor(rnd() * 1000)}` }, ZONE);
}

function call(rnd: () => number, i: number): RecordCall {
  const r = record(rnd, NAMES[Math.floor(rnd() * NAMES.length)]!);
  const id = i.toString(16).padStart(32, '0');
  const body = { name: r.name, type: r.type, ttl: 1, proxied: false };
  const base = { kind: 'dns_record' as const, zoneId: 'z', fields: [] as string[] };
  const k = Math.floor(rnd() * 4);
  if (k === 0) return { ...base, action: 'create', method: 'POST', path: '/zones/z/dns_records', body, after: r };
  if (k === 1)
    return { ...base, action: 'update', method: 'PATCH', path: `/zones/z/dns_records/${id}`, recordId: id, body, before: r, after: r };
  return {
    ...base,
    action: 'delete',
    method: 'DELETE',
    path: `/zones/z/dns_records/${id}`,
    recordId: id,
    before: r,
    ...(k === 2 ? { replacement: true } : {}),
  };
}

const settings: SettingsChange = {
  kind: 'dns_settings',
  action: 'update',
  method: 'PATCH',
  path: '/zones/z/dns_settings',
  zoneId: 'z',
  body: {},
  before: {},
  after: {},
  fields: ['x'],
};
const token: TokenChange = {
  kind: 'token',
  action: 'create',
  method: 'POST',
  path: '/user/tokens',
  name: 't',
  body: {},
  after: {},
  fields: [],
};

/** Every pair the rules order, as [before, after]. */
function mustPrecede(a: Operation, b: Operation): boolean {
  if (a.kind === 'dns_settings') return b.kind !== 'dns_settings';
  if (b.kind === 'token') return a.kind === 'dns_record';
  if (a.kind !== 'dns_record' || b.kind !== 'dns_record') return false;
  const ra = a.action === 'delete' ? a.before : a.after;
  const rb = b.action === 'delete' ? b.before : b.after;
  const aWrites = a.action !== 'delete';
  const bWrites = b.action !== 'delete';
  if (a.action === 'delete' && a.replacement && bWrites) return ra.name === rb.name; // rule 2
  if (aWrites && bWrites && rb.type === 'CNAME' && ['A', 'AAAA', 'CNAME'].includes(ra.type)) return rb.content === ra.name; // rule 3
  if (aWrites && bWrites && ra.type === 'NS' && rb.type === 'DS') return ra.name === rb.name; // rule 4
  if (b.action === 'delete' && !b.replacement) {
    if (aWrites) return true; // rule 5: make before break
    if (a.action === 'delete' && !a.replacement && ra.type === 'CNAME' && rb.type !== 'CNAME' && ra.content === rb.name) return true; // rule 5
    if (a.action === 'delete' && !a.replacement && ra.type === 'DS' && rb.type === 'NS' && ra.name === rb.name) return true; // rule 4
  }
  return false;
}

/** Whether the "must precede" edges among `ops` form a cycle (depth-first search, the oracle for refusals). */
function hasCycle(ops: readonly Operation[]): boolean {
  const state = new Map<Operation, 'open' | 'done'>();
  const visit = (a: Operation): boolean => {
    if (state.get(a) === 'open') return true;
    if (state.get(a) === 'done') return false;
    state.set(a, 'open');
    for (const b of ops) if (a !== b && mustPrecede(a, b) && visit(b)) return true;
    state.set(a, 'done');
    return false;
  };
  return ops.some((a) => visit(a));
}

describe('orderOperations on random plans', () => {
  it('puts every operation after all the operations its rules put first', () => {
    let checked = 0;
    let loops = 0;
    for (let seed = 1; seed <= 300; seed++) {
      let s = seed;
      const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const ops: UnorderedOperation[] = Array.from({ length: 1 + Math.floor(rnd() * 14) }, (_, i) => call(rnd, i));
      if (rnd() < 0.5) ops.push(settings);
      if (rnd() < 0.5) ops.push(token);
      let ordered: Operation[];
      try {
        ordered = orderOperations(ops);
      } catch (e) {
        // Only a loop may be refused (desired CNAMEs that point at each other): the rules' own
        // edges must form a cycle among these operations.
        expect((e as Error).message).toMatch(/loop/);
        expect(hasCycle(ops.map((o) => ({ ...o, phase: 0 }) as Operation)), `seed ${seed}: refused without a loop`).toBe(true);
        loops += 1;
        continue;
      }
      expect(ordered).toHaveLength(ops.length);
      for (const a of ordered) {
        for (const b of ordered) {
          if (a !== b && mustPrecede(a, b)) {
            expect(a.phase, `${JSON.stringify(a)} before ${JSON.stringify(b)}`).toBeLessThan(b.phase);
            checked += 1;
          }
        }
      }
      // the returned order follows the phases
      for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.phase).toBeGreaterThanOrEqual(ordered[i - 1]!.phase);
    }
    expect(checked).toBeGreaterThan(1000);
    expect(loops).toBeGreaterThan(0); // the refusal branch is exercised too
  });
});
