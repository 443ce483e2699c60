import { describe, expect, it } from 'vitest';
import { diffSettings } from '../../../src/core/diff/diff-settings.js';
import { diffTokens } from '../../../src/core/diff/diff-tokens.js';
import type { TokenSpec } from '../../../src/core/zonefile/index.js';

describe('diffSettings', () => {
  const live = {
    flatten_all_cnames: false,
    multi_provider: false,
    soa: { mname: 'a.ns.example', rname: 'dns.example', refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 },
  };

  it('is undefined when the file has no settings or nothing differs', () => {
    expect(diffSettings('z', undefined, live)).toBeUndefined();
    expect(diffSettings('z', { flatten_all_cnames: false, soa: { refresh: 10000 } }, live)).toBeUndefined();
  });

  it('patches only changed fields and sends nested objects whole', () => {
    const op = diffSettings('z', { flatten_all_cnames: true, soa: { retry: 3000 } }, live);
    expect(op).toMatchObject({ method: 'PATCH', path: '/zones/z/dns_settings', fields: ['flatten_all_cnames', 'soa.retry'] });
    expect(op?.body).toEqual({ flatten_all_cnames: true, soa: { ...live.soa, retry: 3000 } });
    expect(op?.before).toEqual({ flatten_all_cnames: false, 'soa.retry': 2400 });
  });
});

describe('diffTokens', () => {
  const ctx = {
    zoneId: 'Z1',
    accountId: 'A1',
    permissionGroups: [
      { id: 'g-dns-write', name: 'DNS Write' },
      { id: 'g-zone-read', name: 'Zone Read' },
    ],
  };
  const spec: TokenSpec = {
    name: 'ci',
    path: 'tokens[0]',
    line: 3,
    policies: [
      {
        effect: 'allow',
        permission_groups: [{ name: 'dns write' }, { id: 'g-zone-read' }],
        resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' },
      },
    ],
    expires_on: '2027-01-01T00:00:00Z',
    condition: { request_ip: { in: ['192.0.2.0/24'] } },
  };

  it('creates a missing token, resolving group names and {zone_id}', () => {
    const d = diffTokens([spec], [], ctx);
    expect(d.errors).toEqual([]);
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ action: 'create', method: 'POST', path: '/user/tokens' });
    expect(d.changes[0].body).toEqual({
      name: 'ci',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: 'g-dns-write' }, { id: 'g-zone-read' }],
          resources: { 'com.cloudflare.api.account.zone.Z1': '*' },
        },
      ],
      expires_on: '2027-01-01T00:00:00Z',
      condition: { 'request.ip': { in: ['192.0.2.0/24'] } },
    });
  });

  it('an account-owned token (owner: account) is created and updated under its account, the catalogue named in errors', () => {
    const actx = { ...ctx, accountOwned: true };
    const created = diffTokens([{ ...spec, owner: 'account' }], [], actx);
    expect(created.changes[0]).toMatchObject({ action: 'create', method: 'POST', path: '/accounts/A1/tokens', accountId: 'A1' });
    const updated = diffTokens(
      [{ ...spec, owner: 'account', expires_on: '2028-01-01T00:00:00Z' }],
      [{ id: 't9', name: 'ci', policies: [] }],
      actx,
    );
    expect(updated.changes[0]).toMatchObject({ action: 'update', method: 'PUT', path: '/accounts/A1/tokens/t9', accountId: 'A1' });
    const unknown = diffTokens([{ ...spec, policies: [{ ...spec.policies[0]!, permission_groups: [{ name: 'Nope' }] }] }], [], actx);
    expect(unknown.errors[0]).toMatch(/unknown permission group "Nope" \(see GET \/accounts\/A1\/tokens\/permission_groups\)/);
    // The user's tokens keep their paths and carry no account.
    expect(diffTokens([spec], [], ctx).changes[0]).not.toHaveProperty('accountId');
  });

  it('sees no change when the live token matches in meaning (order, ids, condition spelling)', () => {
    const live = [
      {
        id: 't1',
        name: 'ci',
        status: 'active',
        expires_on: '2027-01-01T00:00:00.000Z',
        policies: [
          {
            id: 'p',
            effect: 'allow',
            resources: { 'com.cloudflare.api.account.zone.Z1': '*' },
            permission_groups: [
              { id: 'g-zone-read', name: 'Zone Read' },
              { id: 'g-dns-write', name: 'DNS Write' },
            ],
          },
        ],
        condition: { request_ip: { in: ['192.0.2.0/24'] } },
      },
    ];
    expect(diffTokens([spec], live, ctx).changes).toEqual([]);
    const changed = [{ ...live[0], condition: { 'request.ip': { in: ['198.51.100.0/24'] } } }];
    expect(diffTokens([spec], changed, ctx).changes[0]).toMatchObject({
      action: 'update',
      method: 'PUT',
      path: '/user/tokens/t1',
      fields: ['condition'],
    });
  });

  it('reports an unknown permission group name instead of guessing', () => {
    const bad = { ...spec, policies: [{ ...spec.policies[0], permission_groups: [{ name: 'DNS Writer' }] }] };
    expect(diffTokens([bad], [], ctx).errors[0]).toMatch(
      /tokens\[0\]\.policies\[0\]\.permission_groups\[0\]: unknown permission group "DNS Writer"/,
    );
  });
});

describe('diffSettings: host name settings in canonical form', () => {
  const live = {
    soa: {
      mname: 'ns1.example.org',
      rname: 'hostmaster.example.org',
      refresh: 10000,
      retry: 2400,
      expire: 604800,
      min_ttl: 1800,
      ttl: 3600,
    },
  };

  it('sees no change when mname/rname differ only in case and a trailing dot', () => {
    expect(diffSettings('z', { soa: { rname: 'Hostmaster.Example.org.', mname: 'NS1.example.ORG.' } }, live)).toBeUndefined();
  });

  it('sees no change when the live side is written differently', () => {
    const shouting = { soa: { ...live.soa, rname: 'HOSTMASTER.example.org.' } };
    expect(diffSettings('z', { soa: { rname: 'hostmaster.example.org' } }, shouting)).toBeUndefined();
  });

  it('sends canonical values when a host name really changes', () => {
    const op = diffSettings('z', { soa: { rname: 'DNS.Example.org.', refresh: 10000 } }, live);
    expect(op?.fields).toEqual(['soa.rname']);
    expect(op?.after).toEqual({ 'soa.rname': 'dns.example.org' });
    expect(op?.before).toEqual({ 'soa.rname': 'hostmaster.example.org' });
    expect(op?.body).toEqual({ soa: { ...live.soa, rname: 'dns.example.org' } });
  });

  it('canonicalises list entries of nameservers.ns_set, and leaves a numeric ns_set alone', () => {
    const liveNs = { nameservers: { type: 'custom.zone', ns_set: ['ns1.example.net', 'ns2.example.net'] } };
    expect(
      diffSettings('z', { nameservers: { type: 'custom.zone', ns_set: ['NS1.example.net.', 'ns2.Example.net'] } }, liveNs),
    ).toBeUndefined();
    const numeric = diffSettings(
      'z',
      { nameservers: { type: 'custom.account', ns_set: 2 } },
      { nameservers: { type: 'custom.account', ns_set: 1 } },
    );
    expect(numeric?.body).toEqual({ nameservers: { type: 'custom.account', ns_set: 2 } });
  });
});

describe('diffSettings: soa.mname null is the service choice', () => {
  const live = (mname: string | null) => ({ soa: { mname, rname: 'dns.cloudflare.com', refresh: 10000 } });
  it('is met by null or by one of the service nameservers, so it never plans a perpetual diff', () => {
    expect(diffSettings('z', { soa: { mname: null } }, live(null))).toBeUndefined();
    expect(diffSettings('z', { soa: { mname: null } }, live('ada.ns.cloudflare.com'))).toBeUndefined();
  });
  it('replaces a name set by hand with null', () => {
    const change = diffSettings('z', { soa: { mname: null } }, live('ns1.example.net'));
    expect(change?.fields).toEqual(['soa.mname']);
    expect(change?.body).toEqual({ soa: { mname: null, rname: 'dns.cloudflare.com', refresh: 10000 } });
  });
});
