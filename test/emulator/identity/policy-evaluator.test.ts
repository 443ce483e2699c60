import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/emulator/contract.js';
import { authorize } from '../../../src/emulator/identity/authorize.js';
import { evaluatePolicies, evaluateToken } from '../../../src/emulator/identity/policy-evaluator.js';
import {
  ACCOUNT_ID,
  GROUP,
  OTHER_ACCOUNT_ID,
  OTHER_USER_ID,
  OTHER_ZONE_ID,
  USER,
  USER_ID,
  ZONE_ID,
  newStore,
  policy,
  tokenRow,
  zoneNeed,
} from './helpers.js';

const ZONE_KEY = `com.cloudflare.api.account.zone.${ZONE_ID}`;
const now = new Date('2025-06-01T12:00:00Z');
const ctx = { now, clientIp: '192.0.2.7' };

function refusal(fn: () => void): { status: number; code: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, code: e.errors[0].code, message: e.errors[0].message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('policy evaluation order', () => {
  it('allows what an allow policy grants on the zone', () => {
    const d = evaluatePolicies([policy('allow', [GROUP.dnsWrite], { [ZONE_KEY]: '*' })], zoneNeed('#dns_records:edit'));
    expect(d.kind).toBe('allow');
  });

  it('explicit deny beats allow, whatever the order of the policies', () => {
    const allow = policy('allow', [GROUP.dnsWrite], { 'com.cloudflare.api.account.zone.*': '*' });
    const deny = policy('deny', [GROUP.dnsWrite], { [ZONE_KEY]: '*' }, 'deny-1');
    expect(evaluatePolicies([allow, deny], zoneNeed('#dns_records:edit'))).toEqual({ kind: 'explicit-deny', policyId: 'deny-1' });
    expect(evaluatePolicies([deny, allow], zoneNeed('#dns_records:edit')).kind).toBe('explicit-deny');
    // The deny names one zone: another zone stays allowed.
    expect(evaluatePolicies([allow, deny], zoneNeed('#dns_records:edit', OTHER_ZONE_ID)).kind).toBe('allow');
  });

  it('a deny of a different permission does not refuse', () => {
    const allow = policy('allow', [GROUP.dnsWrite], { [ZONE_KEY]: '*' });
    const deny = policy('deny', [GROUP.zoneRead], { [ZONE_KEY]: '*' });
    expect(evaluatePolicies([allow, deny], zoneNeed('#dns_records:read')).kind).toBe('allow');
    expect(evaluatePolicies([allow, deny], zoneNeed('#zone:read')).kind).toBe('explicit-deny');
  });

  it('implicit deny when nothing matches (no policies, or none covering)', () => {
    expect(evaluatePolicies([], zoneNeed('#dns_records:read')).kind).toBe('implicit-deny');
    const d = evaluatePolicies([policy('allow', [GROUP.dnsWrite], { [ZONE_KEY]: '*' })], zoneNeed('#dns_records:read', OTHER_ZONE_ID));
    expect(d.kind).toBe('implicit-deny');
  });

  it('insufficient permission: DNS Read cannot edit, Zone Read grants no DNS records', () => {
    const read = [policy('allow', [GROUP.dnsRead], { [ZONE_KEY]: '*' })];
    expect(evaluatePolicies(read, zoneNeed('#dns_records:read')).kind).toBe('allow');
    expect(evaluatePolicies(read, zoneNeed('#dns_records:edit')).kind).toBe('implicit-deny');
    const zoneRead = [policy('allow', [GROUP.zoneRead], { [ZONE_KEY]: '*' })];
    expect(evaluatePolicies(zoneRead, zoneNeed('#zone:read')).kind).toBe('allow');
    expect(evaluatePolicies(zoneRead, zoneNeed('#dns_records:read')).kind).toBe('implicit-deny');
  });

  it('all zones of one account (nested form) covers that account only', () => {
    const p = [
      policy('allow', [GROUP.dnsRead], { [`com.cloudflare.api.account.${ACCOUNT_ID}`]: { 'com.cloudflare.api.account.zone.*': '*' } }),
    ];
    expect(evaluatePolicies(p, zoneNeed('#dns_records:read', OTHER_ZONE_ID, ACCOUNT_ID)).kind).toBe('allow');
    expect(evaluatePolicies(p, zoneNeed('#dns_records:read', ZONE_ID, OTHER_ACCOUNT_ID)).kind).toBe('implicit-deny');
  });

  it('a plain account resource does not cover its zones; group scope must fit the resource', () => {
    const acct = [policy('allow', [GROUP.dnsRead], { [`com.cloudflare.api.account.${ACCOUNT_ID}`]: '*' })];
    expect(evaluatePolicies(acct, zoneNeed('#dns_records:read')).kind).toBe('implicit-deny');
    const acctSettings = [policy('allow', [GROUP.accountDnsSettingsRead], { 'com.cloudflare.api.account.*': '*' })];
    expect(
      evaluatePolicies(acctSettings, { permission: '#account_dns_settings:read', resource: { kind: 'account', accountId: ACCOUNT_ID } })
        .kind,
    ).toBe('allow');
    // A zone-scoped group on an account resource grants nothing there.
    const wrongScope = [policy('allow', [GROUP.dnsWrite], { 'com.cloudflare.api.account.*': '*' })];
    expect(
      evaluatePolicies(wrongScope, { permission: '#dns_records:read', resource: { kind: 'account', accountId: ACCOUNT_ID } }).kind,
    ).toBe('implicit-deny');
  });

  it('user resources: API Tokens Read lists but cannot create; another user is not covered', () => {
    const p = [policy('allow', [GROUP.tokensRead], { [`com.cloudflare.api.user.${USER_ID}`]: '*' })];
    const user = (permission: string, userId = USER_ID) => ({ permission, resource: { kind: 'user' as const, userId } });
    expect(evaluatePolicies(p, user('com.cloudflare.api.token.list')).kind).toBe('allow');
    expect(evaluatePolicies(p, user('com.cloudflare.api.token.create')).kind).toBe('implicit-deny');
    expect(evaluatePolicies(p, user('com.cloudflare.api.token.list', OTHER_USER_ID)).kind).toBe('implicit-deny');
  });
});

describe('token-level conditions', () => {
  const allowAll = [policy('allow', [GROUP.dnsWrite], { 'com.cloudflare.api.account.zone.*': '*' })];
  const need = zoneNeed('#dns_records:read');

  it('expired (expires_on reached) and not yet valid (before not_before)', () => {
    expect(evaluateToken(tokenRow(allowAll, { expires_on: '2025-06-01T12:00:00Z' }), need, ctx).kind).toBe('expired');
    expect(evaluateToken(tokenRow(allowAll, { expires_on: '2025-06-01T12:00:01Z' }), need, ctx).kind).toBe('allow');
    expect(evaluateToken(tokenRow(allowAll, { not_before: '2025-06-01T12:00:01Z' }), need, ctx).kind).toBe('not-yet-valid');
    expect(evaluateToken(tokenRow(allowAll, { not_before: '2025-06-01T12:00:00Z' }), need, ctx).kind).toBe('allow');
    expect(evaluateToken(tokenRow(allowAll, { status: 'disabled' }), need, ctx).kind).toBe('disabled');
  });

  it('client IP: in and not_in, IPv4 and IPv6, IPv4-mapped IPv6', () => {
    const t = tokenRow(allowAll, {
      condition: { request_ip: { in: ['192.0.2.0/24', '2001:db8::/32'], not_in: ['192.0.2.1/32', '2001:db8:1::/48'] } },
    });
    const at = (clientIp: string) => evaluateToken(t, need, { now, clientIp }).kind;
    expect(at('192.0.2.7')).toBe('allow');
    expect(at('::ffff:192.0.2.7')).toBe('allow');
    expect(at('192.0.2.1')).toBe('ip-refused');
    expect(at('198.51.100.1')).toBe('ip-refused');
    expect(at('2001:db8::5')).toBe('allow');
    expect(at('2001:db8:1::5')).toBe('ip-refused');
    expect(at('2001:db9::5')).toBe('ip-refused');
  });

  it('not_in alone refuses only the listed ranges', () => {
    const t = tokenRow(allowAll, { condition: { request_ip: { not_in: ['203.0.113.0/24'] } } });
    expect(evaluateToken(t, need, { now, clientIp: '203.0.113.9' }).kind).toBe('ip-refused');
    expect(evaluateToken(t, need, { now, clientIp: '198.51.100.9' }).kind).toBe('allow');
  });
});

describe('authorize (IdentityHooks) refusals', () => {
  const store = newStore();
  const allowZone = [policy('allow', [GROUP.dnsRead], { [ZONE_KEY]: '*' })];
  const principal = (t = tokenRow(allowZone)) => ({ kind: 'token' as const, user: USER, token: t });

  it('403 10000 for an insufficient permission or a wrong zone', () => {
    expect(refusal(() => authorize(principal(), zoneNeed('#dns_records:edit'), { store, ...ctx }))).toEqual({
      status: 403,
      code: 10000,
      message: 'Authentication error',
    });
    expect(refusal(() => authorize(principal(), zoneNeed('#dns_records:read', OTHER_ZONE_ID), { store, ...ctx })).code).toBe(10000);
    expect(() => authorize(principal(), zoneNeed('#dns_records:read'), { store, ...ctx })).not.toThrow();
  });

  it('403 9109 for token endpoints without API Tokens permissions', () => {
    const r = refusal(() =>
      authorize(
        principal(),
        { permission: 'com.cloudflare.api.token.create', resource: { kind: 'user', userId: USER_ID } },
        { store, ...ctx },
      ),
    );
    expect(r).toEqual({ status: 403, code: 9109, message: 'Unauthorized to access requested resource' });
  });

  it('403 9109 naming the location for a foreign IP; expired tokens are refused', () => {
    const t = tokenRow(allowZone, { condition: { request_ip: { in: ['10.0.0.0/8'] } } });
    const r = refusal(() => authorize(principal(t), zoneNeed('#dns_records:read'), { store, ...ctx }));
    expect(r).toEqual({ status: 403, code: 9109, message: 'Cannot use the access token from location: 192.0.2.7' });
    const expired = tokenRow(allowZone, { expires_on: '2025-01-01T00:00:00Z' });
    const e = refusal(() => authorize(principal(expired), zoneNeed('#dns_records:read'), { store, ...ctx }));
    expect(e.status).toBe(403);
    expect(e.message).toContain('expired');
  });

  it('a key-pair caller may do everything on its own user, nothing on another user', () => {
    const key = { kind: 'key' as const, user: USER };
    expect(() => authorize(key, zoneNeed('#dns_records:edit'), { store, ...ctx })).not.toThrow();
    expect(() =>
      authorize(key, { permission: 'com.cloudflare.api.token.create', resource: { kind: 'user', userId: USER_ID } }, { store, ...ctx }),
    ).not.toThrow();
    expect(
      refusal(() =>
        authorize(
          key,
          { permission: 'com.cloudflare.api.token.list', resource: { kind: 'user', userId: OTHER_USER_ID } },
          { store, ...ctx },
        ),
      ).status,
    ).toBe(403);
  });
});
