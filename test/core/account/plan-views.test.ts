/** The views' plan (src/core/account/plan-views.ts): matched by name, zones compared as a set, updates, creates, then deletes. */
import { describe, expect, it } from 'vitest';
import { planViews } from '../../../src/core/account/plan-views.js';

const ACCOUNT = '0123456789abcdef0123456789abcdef';
const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const V1 = '1'.repeat(32);
const V2 = '2'.repeat(32);
const names = new Map([
  [A, 'corp.internal'],
  [B, 'lab.internal'],
]);

describe('planViews', () => {
  it('is empty when every view holds the same zones, in any order', () => {
    const live = [{ id: V1, name: 'office', zones: [B, A] }];
    expect(planViews(ACCOUNT, [{ name: 'office', zones: [{ id: A }, { id: B }] }], live, names)).toEqual([]);
  });

  it('updates a view whose zones differ, creates a missing one, deletes one the file does not name, in that order', () => {
    const live = [
      { id: V1, name: 'office', zones: [A] },
      { id: V2, name: 'old', zones: [B] },
    ];
    const desired = [
      { name: 'new', zones: [{ zone: 'fresh.internal' }] },
      {
        name: 'office',
        zones: [
          { id: A, zone: 'corp.internal' },
          { id: B, zone: 'lab.internal' },
        ],
      },
    ];
    const ops = planViews(ACCOUNT, desired, live, names);
    expect(ops.map((o) => [o.action, o.method, o.path, o.name])).toEqual([
      ['update', 'PATCH', `/accounts/${ACCOUNT}/dns_settings/views/${V1}`, 'office'],
      ['create', 'POST', `/accounts/${ACCOUNT}/dns_settings/views`, 'new'],
      ['delete', 'DELETE', `/accounts/${ACCOUNT}/dns_settings/views/${V2}`, 'old'],
    ]);
    expect(ops[0]!.before).toEqual([`corp.internal (${A})`]);
    expect(ops[0]!.after).toEqual([`corp.internal (${A})`, `lab.internal (${B})`]);
    expect(ops[1]!.after).toEqual(['fresh.internal (created by this apply)']);
    expect(ops[2]!.before).toEqual([`lab.internal (${B})`]);
  });

  it('a view that names a zone this apply creates is never equal to the live one', () => {
    const live = [{ id: V1, name: 'office', zones: [] }];
    expect(planViews(ACCOUNT, [{ name: 'office', zones: [{ zone: 'fresh.internal' }] }], live, names)).toHaveLength(1);
  });
});
