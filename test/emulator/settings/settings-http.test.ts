/** dns_settings over real HTTP: round trips, rejections, plans, account zone_defaults, contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/server.js';
import { ADMIN_TOKEN, call, start, type Answer } from '../identity/http-helpers.js';
import { OpenApiChecker } from '../identity/openapi-helper.js';
import { GROUP } from '../identity/helpers.js';

const spec = new OpenApiChecker('dns-settings.2024-08-06.openapi.json');
const admin = { token: ADMIN_TOKEN };
let free: RunningEmulator;
let ent: RunningEmulator;

function contract(path: string, method: string, a: Answer): void {
  expect(spec.check(path, method, a.status < 400 ? '200' : '4XX', a.body), `${method} ${path}: ${a.text}`).toEqual([]);
}

beforeAll(async () => {
  free = await start();
  ent = await start({ zonePlan: 'enterprise' });
});
afterAll(async () => {
  await free?.close();
  await ent?.close();
});

const zonePath = (emu: RunningEmulator) => `/zones/${emu.zones[0].id}/dns_settings`;
const accountPath = (emu: RunningEmulator) => `/accounts/${emu.accountId}/dns_settings`;

describe('zone dns_settings', () => {
  it('GET answers the defaults (SOA table) in the documented shape', async () => {
    const a = await call(free, 'GET', zonePath(free), admin);
    expect(a.status, a.text).toBe(200);
    contract('/zones/{zone_id}/dns_settings', 'GET', a);
    expect(a.body.result).toEqual({
      flatten_all_cnames: false,
      foundation_dns: false,
      multi_provider: false,
      nameservers: { type: 'cloudflare.standard' },
      ns_ttl: 86400,
      secondary_overrides: false,
      soa: {
        mname: free.zones[0].name_servers[0],
        rname: 'dns.cloudflare.com',
        refresh: 10000,
        retry: 2400,
        expire: 604800,
        min_ttl: 1800,
        ttl: 3600,
      },
      zone_mode: 'standard',
    });
  });

  it('PATCH round trip: changed fields stay, others are untouched', async () => {
    const p = await call(free, 'PATCH', zonePath(free), admin, {
      multi_provider: true,
      ns_ttl: 3600,
      zone_mode: 'dns_only',
    });
    expect(p.status, p.text).toBe(200);
    contract('/zones/{zone_id}/dns_settings', 'PATCH', p);
    const g = await call(free, 'GET', zonePath(free), admin);
    expect(g.body.result).toEqual(p.body.result);
    expect(g.body.result).toMatchObject({
      flatten_all_cnames: false,
      multi_provider: true,
      ns_ttl: 3600,
      zone_mode: 'dns_only',
      secondary_overrides: false,
    });
    const ns = await call(free, 'PATCH', zonePath(free), admin, { nameservers: { type: 'custom.zone', ns_set: 2 } });
    expect(ns.body.result.nameservers).toEqual({ type: 'custom.zone', ns_set: 2 });
  });

  it("flatten_all_cnames is a feature of paid plans: refused on a Free zone (the emulator's answer: none is published), taken on an Enterprise one", async () => {
    const refused = await call(free, 'PATCH', zonePath(free), admin, { flatten_all_cnames: true });
    expect([refused.status, refused.body.errors[0].code]).toEqual([400, 1001]);
    expect(refused.body.errors[0].message).toMatch(/flatten_all_cnames needs a paid plan/);
    expect((await call(free, 'GET', zonePath(free), admin)).body.result.flatten_all_cnames).toBe(false);
    // Turning it off is never refused.
    expect((await call(free, 'PATCH', zonePath(free), admin, { flatten_all_cnames: false })).status).toBe(200);
    const taken = await call(ent, 'PATCH', zonePath(ent), admin, { flatten_all_cnames: true });
    expect([taken.status, taken.body.result.flatten_all_cnames]).toEqual([200, true]);
    expect((await call(ent, 'PATCH', zonePath(ent), admin, { flatten_all_cnames: false })).status).toBe(200);
  });

  it('rejections: 400 naming the field, retired fields with their replacement, unknown fields', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ns_ttl: 10 }, /ns_ttl must be an integer from 30 to 86400/],
      [{ use_apex_ns: true }, /use "multi_provider"/],
      [{ cname_flattening: 'flatten_all' }, /use "flatten_all_cnames"/],
      [{ something: 1 }, /unknown field: something/],
      [{ nameservers: { type: 'cloudflare.standard.random' } }, /only for account zone_defaults/],
      [{ flatten_all_cnames: 'yes' }, /flatten_all_cnames must be a boolean/],
    ];
    for (const [body, message] of cases) {
      const a = await call(free, 'PATCH', zonePath(free), admin, body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      contract('/zones/{zone_id}/dns_settings', 'PATCH', a);
      expect(a.body.errors.map((e: { message: string }) => e.message).join('\n')).toMatch(message);
    }
  });

  it('SOA changes only on enterprise zones; sending the current values is not a change', async () => {
    const current = (await call(free, 'GET', zonePath(free), admin)).body.result.soa;
    const same = await call(free, 'PATCH', zonePath(free), admin, { soa: current });
    expect(same.status, same.text).toBe(200);
    const refused = await call(free, 'PATCH', zonePath(free), admin, { soa: { refresh: 20000 } });
    expect(refused.status).toBe(403);
    contract('/zones/{zone_id}/dns_settings', 'PATCH', refused);
    expect(refused.body.errors[0].message).toMatch(/Enterprise/);

    const ok = await call(ent, 'PATCH', zonePath(ent), admin, {
      soa: { refresh: 20000, retry: 3600, expire: 1209600, min_ttl: 300, ttl: 1800, rname: 'hostmaster.example.com' },
    });
    expect(ok.status, ok.text).toBe(200);
    contract('/zones/{zone_id}/dns_settings', 'PATCH', ok);
    expect(ok.body.result.soa).toMatchObject({
      refresh: 20000,
      retry: 3600,
      expire: 1209600,
      min_ttl: 300,
      ttl: 1800,
      rname: 'hostmaster.example.com',
    });
    const cross = await call(ent, 'PATCH', zonePath(ent), admin, { soa: { refresh: 1000, retry: 1200 } });
    expect(cross.status).toBe(400);
    expect(cross.body.errors[0].message).toBe('soa.retry (1200) must not exceed soa.refresh (1000)');
    const bounds = await call(ent, 'PATCH', zonePath(ent), admin, { soa: { ttl: 299 } });
    expect(bounds.body.errors[0].message).toBe('soa.ttl must be an integer from 300 to 86400');
    // The newer API schema's range, wider than the spec's table (ttl 1800..3600): accepted.
    const newer = await call(ent, 'PATCH', zonePath(ent), admin, { soa: { ttl: 300 } });
    expect(newer.status, JSON.stringify(newer.body)).toBe(200);
    expect(newer.body.result.soa.ttl).toBe(300);
  });

  it('unknown zone: 404; a zone-scoped token needs DNS or Zone DNS Settings permissions', async () => {
    const missing = await call(free, 'GET', `/zones/${'0'.repeat(32)}/dns_settings`, admin);
    expect(missing.status).toBe(404);
    contract('/zones/{zone_id}/dns_settings', 'GET', missing);
    const zoneId = free.zones[1].id;
    const create = await call(free, 'POST', '/user/tokens', admin, {
      name: 'zone-dns-settings',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: GROUP.zoneDnsSettingsWrite }],
          resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' },
        },
      ],
    });
    const token = { token: create.body.result.value as string };
    expect((await call(free, 'PATCH', `/zones/${zoneId}/dns_settings`, token, { multi_provider: true })).status).toBe(200);
    expect((await call(free, 'GET', `/zones/${zoneId}/dns_records`, token)).status).toBe(403);
    expect((await call(free, 'GET', accountPath(free), token)).status).toBe(403);
  });
});

describe('account dns_settings (zone_defaults)', () => {
  it('GET/PATCH round trip with enforce_dns_only and account-only nameserver types', async () => {
    const g = await call(free, 'GET', accountPath(free), admin);
    expect(g.status, g.text).toBe(200);
    contract('/accounts/{account_id}/dns_settings', 'GET', g);
    expect(g.body.result.enforce_dns_only).toBe(false);
    expect(g.body.result.zone_defaults.soa).toMatchObject({ refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 });
    const p = await call(free, 'PATCH', accountPath(free), admin, {
      enforce_dns_only: true,
      zone_defaults: { flatten_all_cnames: true, ns_ttl: 600 },
    });
    expect(p.status, p.text).toBe(200);
    contract('/accounts/{account_id}/dns_settings', 'PATCH', p);
    expect(p.body.result).toMatchObject({ enforce_dns_only: true, zone_defaults: { flatten_all_cnames: true, ns_ttl: 600 } });
    const random = await call(free, 'PATCH', accountPath(free), admin, {
      zone_defaults: { nameservers: { type: 'cloudflare.standard.random' } },
    });
    expect(random.body.result.zone_defaults.nameservers.type).toBe('cloudflare.standard.random');
    const customZone = await call(free, 'PATCH', accountPath(free), admin, { zone_defaults: { nameservers: { type: 'custom.zone' } } });
    expect(customZone.status).toBe(400);
    const retired = await call(free, 'PATCH', accountPath(free), admin, { default_nameservers: 'cloudflare.standard' });
    expect(retired.body.errors[0].message).toMatch(/zone_defaults\.nameservers\.type/);
    const soa = await call(free, 'PATCH', accountPath(free), admin, { zone_defaults: { soa: { refresh: 20000 } } });
    expect(soa.status).toBe(403);
    const entSoa = await call(ent, 'PATCH', accountPath(ent), admin, { zone_defaults: { soa: { refresh: 20000 } } });
    expect(entSoa.status, entSoa.text).toBe(200);
    expect((await call(free, 'GET', `/accounts/${'0'.repeat(32)}/dns_settings`, admin)).status).toBe(404);
  });
});
