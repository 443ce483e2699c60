/**
 * The account's DNS settings as its account file writes them (src/core/export/export-account.ts):
 * only what differs from the service's defaults, never a deprecated or retired field nor the
 * SOA MNAME the service assigns; `export --into`'s edits: a field the file writes takes the live
 * value, a non-default one it leaves out is added.
 */
import { describe, expect, it } from 'vitest';
import { planAccount } from '../../../src/core/account/plan-account.js';
import {
  accountSettingsEdits,
  accountSettingsLeftOut,
  accountSettingsOut,
  hasAccountSettings,
  renderAccountFile,
  zoneDefaultsOut,
} from '../../../src/core/export/export-account.js';
import type { AccountConfig } from '../../../src/core/zonefile/index.js';

/** The answer of an untouched account (as the official SDK shapes `zone_defaults`). */
const DEFAULTS = {
  flatten_all_cnames: false,
  foundation_dns: false,
  multi_provider: false,
  nameservers: { type: 'cloudflare.standard' },
  ns_ttl: 86400,
  secondary_overrides: false,
  soa: { mname: null, rname: 'dns.cloudflare.com', refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 },
  zone_mode: 'standard',
};

const ID = '0123456789abcdef0123456789abcdef';

describe('zoneDefaultsOut', () => {
  it('an account at the defaults writes nothing, and has nothing to say', () => {
    expect(zoneDefaultsOut(DEFAULTS)).toEqual({});
    const out = accountSettingsOut({ zone_defaults: DEFAULTS, enforce_dns_only: false });
    expect(out).toEqual({ zoneDefaults: {} });
    expect(hasAccountSettings(out)).toBe(false);
  });

  it('writes what differs, in the schema shape: nameservers by type, SOA members, a reference zone', () => {
    const live = {
      ...DEFAULTS,
      ns_ttl: 3600,
      zone_mode: 'dns_only',
      nameservers: { type: 'custom.account' },
      soa: { ...DEFAULTS.soa, rname: 'Hostmaster.Example.org.', retry: 1200 },
      internal_dns: { reference_zone_id: 'fedcba9876543210fedcba9876543210' },
    };
    expect(zoneDefaultsOut(live)).toEqual({
      ns_ttl: 3600,
      zone_mode: 'dns_only',
      nameservers: { type: 'custom.account' },
      soa: { rname: 'Hostmaster.Example.org.', retry: 1200 },
      internal_dns: { reference_zone_id: 'fedcba9876543210fedcba9876543210' },
    });
  });

  it("the SOA MNAME is written only when it is the account's own host, never the service's", () => {
    for (const mname of [null, 'kristina.ns.cloudflare.com', 'ns.cloudflare.com', 'ns1.foundationdns.net'])
      expect(zoneDefaultsOut({ ...DEFAULTS, soa: { ...DEFAULTS.soa, mname } }), String(mname)).toEqual({});
    expect(zoneDefaultsOut({ ...DEFAULTS, soa: { ...DEFAULTS.soa, mname: 'ns1.example.net' } })).toEqual({
      soa: { mname: 'ns1.example.net' },
    });
  });

  it('never writes foundation_dns (deprecated), the retired account settings, nor fields it does not know', () => {
    const live = {
      ...DEFAULTS,
      foundation_dns: true,
      default_nameservers: 'custom.account',
      use_account_custom_ns_by_default: true,
      ns_set: 2,
    };
    expect(zoneDefaultsOut(live)).toEqual({});
    expect(zoneDefaultsOut({ ...DEFAULTS, internal_dns: { reference_zone_id: null } })).toEqual({});
  });

  it('a foundation_dns that is on is told, unless nameservers.type says cloudflare.advanced, which replaces it', () => {
    expect(accountSettingsLeftOut({ zone_defaults: { ...DEFAULTS, foundation_dns: true } })).toEqual([
      expect.stringContaining('zone_defaults.foundation_dns is on, and deprecated: not written'),
    ]);
    const advanced = { ...DEFAULTS, foundation_dns: true, nameservers: { type: 'cloudflare.advanced' } };
    expect(accountSettingsLeftOut({ zone_defaults: advanced })).toEqual([]);
    expect(zoneDefaultsOut(advanced)).toEqual({ nameservers: { type: 'cloudflare.advanced' } });
    expect(accountSettingsLeftOut({ zone_defaults: DEFAULTS })).toEqual([]);
  });

  it('enforce_dns_only is written when it is on', () => {
    const out = accountSettingsOut({ zone_defaults: DEFAULTS, enforce_dns_only: true });
    expect(out).toEqual({ zoneDefaults: {}, enforceDnsOnly: true });
    expect(hasAccountSettings(out)).toBe(true);
  });
});

describe('accountSettingsEdits', () => {
  const config = (zoneDefaults: Record<string, unknown>, enforceDnsOnly?: boolean): AccountConfig => ({
    file: 'account.yaml',
    accountId: ID,
    zoneDefaults,
    ...(enforceDnsOnly !== undefined ? { enforceDnsOnly } : {}),
  });
  const edits = (c: AccountConfig, live: { zone_defaults: Record<string, unknown>; enforce_dns_only?: boolean }) =>
    accountSettingsEdits(c, live, planAccount(c, live));

  it('a file that says what the account holds: no edit', () => {
    const live = { zone_defaults: { ...DEFAULTS, ns_ttl: 3600 }, enforce_dns_only: false };
    expect(edits(config({ ns_ttl: 3600, multi_provider: false }), live)).toEqual([]);
  });

  it('a field the file writes takes the live value, even the default; a nested member by its own path', () => {
    const live = { zone_defaults: { ...DEFAULTS, soa: { ...DEFAULTS.soa, refresh: 20000 } }, enforce_dns_only: false };
    const made = edits(config({ ns_ttl: 3600, soa: { refresh: 10000 } }, true), live);
    expect(made.map((e) => e.edit)).toEqual([
      { kind: 'set', path: ['zone_defaults', 'ns_ttl'], value: 86400 },
      { kind: 'set', path: ['zone_defaults', 'soa', 'refresh'], value: 20000 },
      { kind: 'set', path: ['enforce_dns_only'], value: false, order: expect.any(Array) },
    ]);
    expect(made.map((e) => e.line)).toEqual([
      '~ zone_defaults.ns_ttl: 3600 → 86400',
      '~ zone_defaults.soa.refresh: 10000 → 20000',
      '~ enforce_dns_only: true → false',
    ]);
  });

  it('a live field that differs from the default and the file leaves out is added; one at the default is not', () => {
    const live = {
      zone_defaults: { ...DEFAULTS, zone_mode: 'cdn_only', soa: { ...DEFAULTS.soa, ttl: 1800 } },
      enforce_dns_only: true,
    };
    const made = edits(config({ soa: { refresh: 10000 } }), live);
    expect(made.map((e) => e.line)).toEqual([
      '+ zone_defaults.zone_mode: "cdn_only"',
      '+ zone_defaults.soa.ttl: 1800',
      '+ enforce_dns_only: true',
    ]);
  });

  it('a field the answer lacks: null where the schema takes null, else the file stops writing it', () => {
    const { secondary_overrides: _, ...lacking } = DEFAULTS;
    const live = { zone_defaults: { ...lacking, internal_dns: {} } };
    const made = edits(
      config({ secondary_overrides: true, internal_dns: { reference_zone_id: 'fedcba9876543210fedcba9876543210' } }),
      live,
    );
    expect(made.map((e) => e.edit)).toEqual([
      { kind: 'remove', path: ['zone_defaults', 'secondary_overrides'] },
      { kind: 'set', path: ['zone_defaults', 'internal_dns', 'reference_zone_id'], value: null },
    ]);
  });

  it('a live value holding `${` is written so that it reads back as itself', () => {
    const live = { zone_defaults: { ...DEFAULTS, soa: { ...DEFAULTS.soa, rname: 'a${b}.example.org' } } };
    const [edit] = edits(config({}), live);
    expect(edit?.edit).toMatchObject({ kind: 'set', path: ['zone_defaults', 'soa'], value: { rname: 'a$${b}.example.org' } });
  });
});

describe('renderAccountFile', () => {
  it('writes `views:` only when the account has views: without them the file leaves views made elsewhere alone', () => {
    const settings = accountSettingsOut({ zone_defaults: DEFAULTS, enforce_dns_only: true });
    const none = renderAccountFile(ID, settings, {}, 'origin');
    expect(none).not.toMatch(/^views:/m);
    expect(none).toMatch(/^enforce_dns_only: true/m);
    const some = renderAccountFile(ID, settings, { office: ['corp.internal'] }, 'origin');
    expect(some).toMatch(/^views:\n {2}office: \[ ?corp\.internal ?\]$/m);
  });
});
