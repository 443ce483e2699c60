import { describe, expect, it } from 'vitest';
import {
  deriveZoneSettings,
  defaultAccountSettings,
  readZoneSettings,
  seedAccountSettings,
  seedZoneSettings,
} from '../../../src/emulator/settings/defaults.js';
import { applySettingsPatch, checkSoaRules, validateSettingsPatch } from '../../../src/emulator/settings/validate.js';
import { ACCOUNT_ID, newStore, zoneRow } from '../identity/helpers.js';

function problems(body: unknown, level: 'zone' | 'account' = 'zone'): string[] {
  const v = validateSettingsPatch(body, level);
  return v.ok ? [] : v.problems;
}

describe('dns settings defaults', () => {
  it("zone settings derive from the account zone_defaults, with the zone's own primary nameserver", () => {
    const zone = zoneRow();
    const s = deriveZoneSettings(defaultAccountSettings().zone_defaults, zone);
    expect(s.soa).toEqual({
      mname: 'ada.ns.cloudflare.com',
      rname: 'dns.cloudflare.com',
      refresh: 10000,
      retry: 2400,
      expire: 604800,
      min_ttl: 1800,
      ttl: 3600,
    });
    expect(s).toMatchObject({
      flatten_all_cnames: false,
      multi_provider: false,
      ns_ttl: 86400,
      zone_mode: 'standard',
      nameservers: { type: 'cloudflare.standard' },
    });
  });

  it('new zones take changed account defaults; seeding does not overwrite', () => {
    const store = newStore();
    seedAccountSettings(store, ACCOUNT_ID);
    const acct = defaultAccountSettings();
    acct.zone_defaults.flatten_all_cnames = true;
    acct.zone_defaults.nameservers = { type: 'cloudflare.standard.random' };
    acct.zone_defaults.soa.refresh = 20000;
    store.put('account_dns_settings', ACCOUNT_ID, acct);
    const zone = zoneRow();
    seedZoneSettings(store, zone);
    const s = readZoneSettings(store, zone);
    expect(s.flatten_all_cnames).toBe(true);
    expect(s.soa.refresh).toBe(20000);
    expect(s.nameservers.type).toBe('cloudflare.standard');
    store.put('zone_dns_settings', zone.id, { ...s, ns_ttl: 600 });
    seedZoneSettings(store, zone);
    expect(readZoneSettings(store, zone).ns_ttl).toBe(600);
  });
});

describe('dns settings PATCH validation', () => {
  it('accepts every documented field', () => {
    const v = validateSettingsPatch(
      {
        flatten_all_cnames: true,
        foundation_dns: false,
        internal_dns: { reference_zone_id: 'a'.repeat(32) },
        multi_provider: true,
        ns_ttl: 30,
        secondary_overrides: true,
        nameservers: { type: 'custom.zone', ns_set: 5 },
        soa: {
          mname: 'NS1.Example.com.',
          rname: 'john\\.doe.example.com',
          refresh: 600,
          retry: 600,
          expire: 86400,
          min_ttl: 60,
          ttl: 1800,
        },
        zone_mode: 'dns_only',
      },
      'zone',
    );
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect(v.patch.soa?.mname).toBe('ns1.example.com');
      expect(v.notes[0]).toMatch(/foundation_dns is deprecated/);
    }
  });

  it('SOA bounds (the newer API schema: retry up to 86400, ttl 300..86400) and cross-field rules', () => {
    expect(problems({ soa: { refresh: 599 } })).toEqual(['soa.refresh must be an integer from 600 to 86400']);
    expect(problems({ soa: { retry: 86401 } })).toEqual(['soa.retry must be an integer from 600 to 86400']);
    // Outside the spec's older table (retry <= 3600, ttl 1800..3600), inside the newer schema: accepted.
    expect(problems({ soa: { retry: 3601 } })).toEqual([]);
    expect(problems({ soa: { ttl: 300 } })).toEqual([]);
    expect(problems({ soa: { ttl: 86400 } })).toEqual([]);
    expect(problems({ soa: { expire: 86399 } })).toEqual(['soa.expire must be an integer from 86400 to 2419200']);
    expect(problems({ soa: { min_ttl: 59 } })).toEqual(['soa.min_ttl must be an integer from 60 to 86400']);
    expect(problems({ soa: { ttl: 299 } })).toEqual(['soa.ttl must be an integer from 300 to 86400']);
    expect(problems({ soa: { ttl: 86401 } })).toEqual(['soa.ttl must be an integer from 300 to 86400']);
    expect(problems({ soa: { ttl: 1800.5 } })).toHaveLength(1);
    const base = deriveZoneSettings(defaultAccountSettings().zone_defaults, zoneRow());
    const merged = applySettingsPatch(base, { soa: { refresh: 2000, retry: 3000 } });
    expect(checkSoaRules(merged.soa)).toEqual(['soa.retry (3000) must not exceed soa.refresh (2000)']);
    const merged2 = applySettingsPatch(base, { soa: { refresh: 86400, expire: 86400 } });
    expect(checkSoaRules(merged2.soa)).toEqual([]);
    expect(checkSoaRules({ ...merged2.soa, refresh: 90000, expire: 86400 })).toEqual([
      'soa.expire (86400) must not be smaller than soa.refresh (90000)',
    ]);
    // applying never mutates the input
    expect(base.soa.refresh).toBe(10000);
  });

  it('nameserver types differ between zone and account', () => {
    expect(problems({ nameservers: { type: 'cloudflare.standard.random' } })[0]).toMatch(/only for account zone_defaults/);
    expect(problems({ zone_defaults: { nameservers: { type: 'cloudflare.standard.random' } } }, 'account')).toEqual([]);
    expect(problems({ zone_defaults: { nameservers: { type: 'custom.zone' } } }, 'account')[0]).toMatch(/only for a zone/);
    expect(problems({ nameservers: { type: 'custom.zone', ns_set: 6 } })).toEqual(['nameservers.ns_set must be an integer from 1 to 5']);
    expect(problems({ ns_ttl: 29 })).toEqual(['ns_ttl must be an integer from 30 to 86400']);
    expect(problems({ zone_mode: 'proxy' })).toEqual(['zone_mode must be one of standard, cdn_only, dns_only']);
  });

  it('retired fields name their replacement; unknown fields are named', () => {
    expect(problems({ use_apex_ns: true })).toEqual(['"use_apex_ns" is retired (2024-09-13); use "multi_provider"']);
    expect(problems({ cname_flattening: 'flatten_at_root' })[0]).toMatch(/use "flatten_all_cnames"/);
    expect(problems({ default_nameservers: 'x' }, 'account')[0]).toMatch(/zone_defaults\.nameservers\.type/);
    expect(problems({ colour: 1, shade: 2 })).toEqual(['unknown fields: colour, shade']);
    expect(problems({ soa: { serial: 1 } })).toEqual(['unknown field: soa.serial']);
    expect(problems({ zone_defaults: { foo: 1 } }, 'account')).toEqual(['unknown field: zone_defaults.foo']);
    expect(problems({ flatten_all_cnames: true }, 'account')).toEqual([
      '"flatten_all_cnames" belongs under "zone_defaults" in account DNS settings',
    ]);
    expect(problems({ enforce_dns_only: true })[0]).toMatch(/account setting/);
    expect(problems({ enforce_dns_only: 'yes' }, 'account')).toEqual(['enforce_dns_only must be a boolean']);
    expect(problems([1])).toEqual(['the request body must be a JSON object']);
  });
});
