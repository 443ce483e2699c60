import { describe, expect, it } from 'vitest';
import { isTokenTimestamp, validateTokenBody } from '../../../src/emulator/identity/token-validation.js';
import { ACCOUNT_ID, GROUP, OTHER_USER_ID, USER_ID, ZONE_ID } from './helpers.js';

const create = { mode: 'create' as const, callerUserId: USER_ID };
interface Body {
  name: string;
  policies: Array<{ effect: string; permission_groups: Array<{ id: string }>; resources: Record<string, unknown>; id?: string }>;
}
const good = (): Body => ({
  name: 'ci',
  policies: [
    { effect: 'allow', permission_groups: [{ id: GROUP.dnsWrite }], resources: { [`com.cloudflare.api.account.zone.${ZONE_ID}`]: '*' } },
  ],
});

function problems(body: unknown, opts: { mode: 'create' | 'update'; callerUserId: string } = create): string[] {
  const v = validateTokenBody(body, opts);
  return v.ok ? [] : v.problems;
}

describe('token body validation', () => {
  it('accepts a minimal body and names the permission group from the catalogue', () => {
    const v = validateTokenBody(good(), create);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.input.policies[0].permission_groups).toEqual([{ id: GROUP.dnsWrite, name: 'DNS Write' }]);
  });

  it('requires name (<= 120 chars) and a non-empty policies array', () => {
    expect(problems({ ...good(), name: '' })).toContain('name is required (a non-empty string)');
    expect(problems({ ...good(), name: 'x'.repeat(121) })).toContain('name is longer than 120 characters');
    expect(problems({ ...good(), name: 'x'.repeat(120) })).toEqual([]);
    expect(problems({ name: 'a', policies: [] })).toContain('policies is required (a non-empty array)');
  });

  it('effect is allow|deny; permission group ids must exist', () => {
    const body = good();
    body.policies[0].effect = 'permit';
    body.policies[0].permission_groups = [{ id: 'nope' }];
    const p = problems(body);
    expect(p).toContain('policies[0].effect must be "allow" or "deny"');
    expect(p).toContain('policies[0].permission_groups[0]: unknown permission group id "nope"');
  });

  it('policy ids are refused at creation (the service does not reuse policies)', () => {
    const body = { ...good(), policies: [{ ...good().policies[0], id: 'x' }] };
    expect(problems(body)).toContain('Reusing existing policies is not supported by token creation');
    expect(problems(body, { mode: 'update', callerUserId: USER_ID })).toEqual([]);
  });

  it('resource keys of the documented forms; only the calling user', () => {
    const withResources = (resources: Record<string, unknown>) => ({ ...good(), policies: [{ ...good().policies[0], resources }] });
    expect(problems(withResources({ 'com.cloudflare.api.account.zone.*': '*' }))).toEqual([]);
    expect(problems(withResources({ 'com.cloudflare.api.account.*': '*' }))).toEqual([]);
    expect(problems(withResources({ [`com.cloudflare.api.account.${ACCOUNT_ID}`]: { 'com.cloudflare.api.account.zone.*': '*' } }))).toEqual(
      [],
    );
    expect(problems(withResources({ [`com.cloudflare.api.user.${USER_ID}`]: '*' }))).toEqual([]);
    expect(problems(withResources({ [`com.cloudflare.api.user.${OTHER_USER_ID}`]: '*' }))[0]).toMatch(/names another user/);
    expect(problems(withResources({ 'com.example.api.zone.x': '*' }))[0]).toMatch(/unknown resource/);
    expect(problems(withResources({ [`com.cloudflare.api.account.zone.${ZONE_ID}`]: 'read' }))[0]).toMatch(/must map to "\*"/);
    expect(problems(withResources({ 'com.cloudflare.api.account.*': { 'com.cloudflare.api.account.zone.*': '*' } }))[0]).toMatch(
      /must map to/,
    );
    expect(problems(withResources({}))).toContain('policies[0].resources is required (an object of resource keys)');
  });

  it('timestamps exactly YYYY-MM-DDThh:mm:ssZ, and not_before < expires_on', () => {
    expect(isTokenTimestamp('2030-01-01T00:00:00Z')).toBe(true);
    for (const bad of [
      '2030-01-01T00:00:00.000Z',
      '2030-01-01 00:00:00Z',
      '2030-01-01T00:00:00+00:00',
      '2030-02-30T00:00:00Z',
      '2030-01-01',
    ]) {
      expect(isTokenTimestamp(bad)).toBe(false);
      expect(problems({ ...good(), expires_on: bad })[0]).toMatch(/YYYY-MM-DDThh:mm:ssZ/);
    }
    expect(problems({ ...good(), not_before: '2030-01-01T00:00:00Z', expires_on: '2030-01-01T00:00:00Z' })).toContain(
      'not_before must be earlier than expires_on',
    );
    expect(problems({ ...good(), not_before: '2030-01-01T00:00:00Z', expires_on: '2030-01-01T00:00:01Z' })).toEqual([]);
  });

  it('condition: CIDR only (v4 and v6), bare addresses name /32 or /128, request_ip alias stored as one form', () => {
    const v = validateTokenBody(
      { ...good(), condition: { 'request.ip': { in: ['192.0.2.0/24', '2001:DB8::/32'], not_in: ['192.0.2.1/32'] } } },
      create,
    );
    expect(v.ok && v.input.condition).toEqual({ request_ip: { in: ['192.0.2.0/24', '2001:db8::/32'], not_in: ['192.0.2.1/32'] } });
    const alias = validateTokenBody({ ...good(), condition: { request_ip: { in: ['198.51.100.0/24'] } } }, create);
    expect(alias.ok && alias.input.condition).toEqual({ request_ip: { in: ['198.51.100.0/24'] } });
    const p = problems({ ...good(), condition: { 'request.ip': { in: ['192.0.2.1', '2001:db8::1', 'banana/8', '10.0.0.0/33'] } } });
    expect(p).toEqual([
      'condition["request.ip"].in[0]: "192.0.2.1" is a single address; write it in CIDR notation as "192.0.2.1/32"',
      'condition["request.ip"].in[1]: "2001:db8::1" is a single address; write it in CIDR notation as "2001:db8::1/128"',
      'condition["request.ip"].in[2]: "banana/8" is not an IPv4 or IPv6 range in CIDR notation',
      'condition["request.ip"].in[3]: "10.0.0.0/33" is not an IPv4 or IPv6 range in CIDR notation',
    ]);
    expect(problems({ ...good(), condition: { 'request.ip': { in: [] }, request_ip: { in: [] } } })[0]).toMatch(/not both/);
  });

  it('gathers every problem at once and rejects unknown fields', () => {
    const p = problems({ name: '', policies: 'x', expires_on: 'soon', colour: 'red' });
    expect(p).toHaveLength(4);
    expect(p[0]).toBe('unknown field: colour');
  });

  it('update accepts status active|disabled only', () => {
    const upd = { mode: 'update' as const, callerUserId: USER_ID };
    const v = validateTokenBody({ ...good(), status: 'disabled' }, upd);
    expect(v.ok && v.input.status).toBe('disabled');
    expect(problems({ ...good(), status: 'gone' }, upd)).toContain('status must be "active" or "disabled"');
  });
});
