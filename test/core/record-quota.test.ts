/** The record quota check (src/core/record-quota.ts), on plans built by hand. */
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/core/plan/operation.js';
import { mayPassQuota, quotaProblem, recordGrowth } from '../../src/core/record-quota.js';

const rec = (name: string) => ({ name, type: 'A' as const, content: '192.0.2.1', ttl: 1, proxied: false });
const create = (name: string, phase: number): Operation =>
  ({
    kind: 'dns_record',
    action: 'create',
    method: 'POST',
    path: '/zones/z/dns_records',
    zoneId: 'z',
    fields: [],
    body: rec(name),
    after: rec(name),
    phase,
  }) as Operation;
const del = (name: string, phase: number): Operation =>
  ({
    kind: 'dns_record',
    action: 'delete',
    method: 'DELETE',
    path: `/zones/z/dns_records/${name}`,
    zoneId: 'z',
    fields: [],
    recordId: name,
    before: rec(name),
    phase,
  }) as Operation;

describe('record quota', () => {
  it('follows the count phase by phase, creates before deletes in a phase: its highest point', () => {
    expect(recordGrowth([create('a', 0), create('b', 0), del('c', 1), del('d', 1)])).toMatchObject({ deletes: 2, peak: 2 });
    // A delete that frees a name runs first: the peak stays low.
    expect(recordGrowth([del('c', 0), create('a', 1)]).peak).toBe(0);
    expect(recordGrowth([del('c', 0), create('a', 1), create('b', 1)]).peak).toBe(1);
  });

  it('refuses a plan past the quota, naming the count, the quota and the records over it (the last creates), with their lines', () => {
    const ops = [create('a.example.com', 0), create('b.example.com', 0), create('c.example.com', 0)];
    const records = [{ record: rec('c.example.com'), path: 'records[2]', line: 7, col: 5 }];
    const err = quotaProblem('zone.yaml', ops, { level: 'zone', quota: 200, usage: 198 }, records);
    expect(err?.code).toBe('RECORD_QUOTA');
    expect(err?.message).toBe(
      'zone.yaml: the zone would hold 202 DNS records during this apply (201 after it; its deletes run after its creates, and the apply lock is one record while it runs) (198 now, 3 created, 0 deleted); its quota is 200 [quota.records]; over it: b.example.com A, c.example.com A (zone.yaml line 7); nothing was planned (remove records, or raise the quota: a paid plan, or the account team on Enterprise)',
    );
    expect(quotaProblem('zone.yaml', ops, { level: 'zone', quota: 202, usage: 198 }, [])).toBeUndefined();
    expect(quotaProblem('z.yaml', ops, { level: 'account', quota: 100, usage: 100 }, [])?.message).toMatch(
      /the zone's account \(its zones share one quota\)/,
    );
  });

  it('asks the service only when the apply may pass a quota: growth past the smallest quota of its tier (Free 200, Pro and Business 3,500), or on Enterprise or an unknown plan', () => {
    expect(mayPassQuota('free', 10, 0)).toBe(false);
    expect(mayPassQuota('free', 10, 189)).toBe(false);
    expect(mayPassQuota('free', 10, 190)).toBe(true);
    expect(mayPassQuota('pro', 0, 1)).toBe(false);
    // Pro and Business zones hold at least 3,500 records: a 1,400-record zone gaining 5 need not ask.
    expect(mayPassQuota('pro', 1400, 5)).toBe(false);
    expect(mayPassQuota('business', 3000, 499)).toBe(false);
    expect(mayPassQuota('business', 3000, 500)).toBe(true);
    expect(mayPassQuota('pro', 3499, 1, true)).toBe(false);
    expect(mayPassQuota('pro', 3499, 2, true)).toBe(true);
    expect(mayPassQuota('enterprise', 0, 1)).toBe(true);
    expect(mayPassQuota(undefined, 0, 1)).toBe(true);
  });
});
