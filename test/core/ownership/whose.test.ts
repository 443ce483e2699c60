/**
 * whose(): is this live record the file's, and why not (src/core/ownership/whose.ts): each rule
 * in its order, the first that answers deciding; and unseenMayStay, the same rules asked by
 * validate without the record.
 */
import { describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { CanonicalRecord, LiveRecord, RecordInput } from '../../../src/core/model/record.js';
import {
  COMMENT_MARKER,
  describeReason,
  unseenMayStay,
  whose,
  zoneView,
  zoneScopeOf,
  type OwnershipRules,
  type TeamOwner,
} from '../../../src/core/ownership/index.js';

const ZONE = 'example.com';
let n = 0;
const live = (r: RecordInput & { meta?: LiveRecord['meta'] }): LiveRecord => ({
  ...normalizeRecord(r, ZONE),
  id: `${(n += 1)}`.padStart(32, '0'),
  ...(r.meta ? { meta: r.meta } : {}),
});
const want = (r: RecordInput): CanonicalRecord => normalizeRecord(r, ZONE);

function verdict(rules: OwnershipRules, desired: CanonicalRecord[], all: LiveRecord[], r: LiveRecord): string {
  const v = whose(zoneView(ZONE, rules, desired, all), r);
  switch (v.whose) {
    case 'left-alone':
      return `left alone: ${describeReason(v.reason)}`;
    case 'file':
      return v.adopt ? 'file (adopt)' : 'file';
    case 'deleted':
      return v.conflict ? 'deleted (conflict)' : 'deleted';
    default:
      return v.whose;
  }
}

const DELETE: OwnershipRules = { unmanaged: 'delete', ignore: [] };

describe('whose', () => {
  it("0: zonectl's own records (the apply lock) are nobody's", () => {
    const lock = live({ name: '_zonectl-lock', type: 'CNAME', content: 'x.zonectl-lock.invalid' });
    expect(verdict(DELETE, [], [lock], lock)).toBe('zonectl');
  });

  it("1: the service's own records are left alone, even where the file lists their name and type", () => {
    const mx = live({
      name: '@',
      type: 'MX',
      content: 'route1.mx.cloudflare.net',
      priority: 10,
      meta: { read_only: true, email_routing: true },
    });
    const desired = [want({ name: '@', type: 'MX', content: 'mx.example.net', priority: 10 })];
    expect(verdict(DELETE, desired, [mx], mx)).toBe('left alone: managed by the service (meta.read_only, meta.email_routing)');
  });

  it('2: an ignore rule or a preset leaves it alone, naming the rule', () => {
    const acme = live({ name: '_acme-challenge.www', type: 'TXT', content: 'token' });
    const tunnel = live({ name: 'app', type: 'CNAME', content: '7f1c6b5e-1d5b-4b9e-9f5d-0c4e5a6b7c8d.cfargotunnel.com' });
    const rules: OwnershipRules = {
      unmanaged: 'delete',
      ignore: [
        { preset: 'acme-challenge', at: 'manage.ignore[0]' },
        { preset: 'cloudflare-products', at: 'manage.ignore[1]' },
      ],
    };
    expect(verdict(rules, [], [acme, tunnel], acme)).toBe('left alone: ignored by manage.ignore[0] (preset acme-challenge)');
    expect(verdict(rules, [], [acme, tunnel], tunnel)).toBe('left alone: ignored by manage.ignore[1] (preset cloudflare-products)');
    const a = live({ name: '_acme-challenge', type: 'A', content: '192.0.2.1' });
    expect(verdict(rules, [], [a], a)).toBe('deleted');
    // Email Routing's records (MX to route*.mx.cloudflare.net, its SPF TXT as the API lists it, quoted), and nothing near them.
    const routeMx = live({ name: '@', type: 'MX', content: 'route1.mx.cloudflare.net', priority: 13 });
    const spf = live({ name: '@', type: 'TXT', content: '"v=spf1 include:_spf.mx.cloudflare.net ~all"' });
    const ownMx = live({ name: '@', type: 'MX', content: 'mx.example.net', priority: 10 });
    const otherSpf = live({ name: 'mail', type: 'TXT', content: '"v=spf1 include:_spf.example.net ~all"' });
    const all = [routeMx, spf, ownMx, otherSpf];
    expect(verdict(rules, [], all, routeMx)).toBe('left alone: ignored by manage.ignore[1] (preset cloudflare-products)');
    expect(verdict(rules, [], all, spf)).toBe('left alone: ignored by manage.ignore[1] (preset cloudflare-products)');
    expect(verdict(rules, [], all, ownMx)).toBe('deleted');
    expect(verdict(rules, [], all, otherSpf)).toBe('deleted');
  });

  it("3: external-dns's records and its registry records, with manage.external_dns or the preset", () => {
    const a = live({ name: 'svc', type: 'A', content: '192.0.2.1' });
    const txt = live({ name: 'a-svc', type: 'TXT', content: '"heritage=external-dns,external-dns/owner=prod"' });
    const withOptions: OwnershipRules = { unmanaged: 'delete', ignore: [], external_dns: { owner: ['prod'] } };
    expect(verdict(withOptions, [], [a, txt], a)).toBe('left alone: owned by external-dns (owner prod; registry record a-svc.example.com)');
    expect(verdict(withOptions, [], [a, txt], txt)).toBe("left alone: external-dns's registry record (owner prod)");
    const preset: OwnershipRules = { unmanaged: 'delete', ignore: [{ preset: 'external-dns' }] };
    expect(verdict(preset, [], [a, txt], a)).toMatch(/^left alone: owned by external-dns/);
    expect(verdict(DELETE, [], [a, txt], a)).toBe('deleted');
  });

  it("4: a name in another team's scope, which no file of this zone covers", () => {
    const owners: TeamOwner[] = [
      { name: 'web', codeowners: [], files: [], zones: { [ZONE]: ['www', '@'] } },
      { name: 'payments', codeowners: [], files: [], zones: { [ZONE]: ['pay', '*.pay'] } },
    ];
    const scope = zoneScopeOf(ZONE, ['web'], owners, 'zonectl.yaml')!;
    const rules: OwnershipRules = { unmanaged: 'delete', ignore: [], scope };
    const pay = live({ name: 'api.pay', type: 'A', content: '192.0.2.1' });
    const www = live({ name: 'www', type: 'A', content: '192.0.2.2' });
    const other = live({ name: 'misc', type: 'A', content: '192.0.2.3' });
    expect(verdict(rules, [], [pay, www, other], pay)).toBe("left alone: another team's scope (payments)");
    expect(verdict(rules, [], [pay, www, other], www)).toBe('deleted');
    expect(verdict(rules, [], [pay, www, other], other)).toBe("left alone: in no team's scope, which no file of this zone covers");
  });

  it('5-7: the file owns its (name, type); a conflicting record is replaced; the rest follows unmanaged', () => {
    const www = live({ name: 'www', type: 'A', content: '192.0.2.9' });
    const cnameThere = live({ name: 'api', type: 'A', content: '192.0.2.8' });
    const extra = live({ name: 'old', type: 'A', content: '192.0.2.7' });
    const desired = [
      want({ name: 'www', type: 'A', content: '192.0.2.1' }),
      want({ name: 'api', type: 'CNAME', content: 'lb.example.net' }),
    ];
    const all = [www, cnameThere, extra];
    expect(verdict(DELETE, desired, all, www)).toBe('file');
    expect(verdict(DELETE, desired, all, cnameThere)).toBe('deleted (conflict)');
    expect(verdict(DELETE, desired, all, extra)).toBe('deleted');
    const keep: OwnershipRules = { unmanaged: 'keep', ignore: [] };
    expect(verdict(keep, desired, all, extra)).toBe('left alone: not in the file (manage.unmanaged: keep)');
    expect(verdict(keep, desired, all, cnameThere)).toBe('deleted (conflict)');
  });

  it("owned: only records carrying zonectl's marker are the file's to change or delete; an unmarked equal one is adopted", () => {
    const owned: OwnershipRules = { unmanaged: 'owned', ignore: [] };
    const desired = [
      want({ name: 'www', type: 'A', content: '192.0.2.1' }),
      want({ name: 'api', type: 'CNAME', content: 'lb.example.net' }),
    ];
    const markedOld = live({ name: 'old', type: 'A', content: '192.0.2.7', comment: COMMENT_MARKER });
    const foreign = live({ name: 'svc', type: 'A', content: '192.0.2.6' });
    const equal = live({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 });
    const otherValue = live({ name: 'www', type: 'A', content: '192.0.2.5' });
    const markedValue = live({ name: 'www', type: 'A', content: '192.0.2.4', tags: ['zonectl:owned'] });
    const foreignAtCname = live({ name: 'api', type: 'A', content: '192.0.2.3' });
    const all = [markedOld, foreign, equal, otherValue, markedValue, foreignAtCname];
    expect(verdict(owned, desired, all, markedOld)).toBe('deleted');
    expect(verdict(owned, desired, all, foreign)).toBe("left alone: not marked as zonectl's (manage.unmanaged: owned)");
    expect(verdict(owned, desired, all, equal)).toBe('file (adopt)');
    expect(verdict(owned, desired, all, otherValue)).toBe("left alone: not marked as zonectl's (manage.unmanaged: owned)");
    expect(verdict(owned, desired, all, markedValue)).toBe('file');
    expect(verdict(owned, desired, all, foreignAtCname)).toBe("left alone: not marked as zonectl's (manage.unmanaged: owned)");
  });
});

describe('unseenMayStay: the same rules, asked by validate of a record it cannot see', () => {
  it('delete keeps nothing unless a rule, external-dns or a scope says so', () => {
    expect(unseenMayStay(DELETE, { name: 'sub.example.com', type: 'NS' }, ZONE)).toBe(false);
    expect(unseenMayStay({ unmanaged: 'keep', ignore: [] }, { name: 'sub.example.com', type: 'NS' }, ZONE)).toBe(true);
    expect(unseenMayStay({ unmanaged: 'owned', ignore: [] }, { name: 'sub.example.com', type: 'NS' }, ZONE)).toBe(true);
    expect(
      unseenMayStay({ unmanaged: 'delete', ignore: [{ name: 'sub', type: 'NS' }] }, { name: 'sub.example.com', type: 'NS' }, ZONE),
    ).toBe(true);
    expect(unseenMayStay({ unmanaged: 'delete', ignore: [], external_dns: {} }, { name: 'x.example.com', type: 'A' }, ZONE)).toBe(true);
    expect(unseenMayStay({ unmanaged: 'delete', ignore: [], external_dns: {} }, { name: 'x.example.com', type: 'NS' }, ZONE)).toBe(false);
  });
});
