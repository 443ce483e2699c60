/** Account files in the pure core: schema branch, rules, the config, and the plan (diff of zone_defaults). */
import { describe, expect, it } from 'vitest';
import { planAccount, settingsChanges } from '../../../src/core/account/plan-account.js';
import { defaultAccountSettings } from '../../../src/emulator/settings/defaults.js';
import { renderAccountText } from '../../../src/core/render/render-account.js';
import { renderSummaryTable } from '../../../src/core/render/render-summary.js';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseZoneFile, type AccountConfig } from '../../../src/core/zonefile/index.js';
import { validateAgainstSchema } from '../../../src/core/schema/index.js';

const ID = '0123456789abcdef0123456789abcdef';

function load(text: string, env: Record<string, string> = {}) {
  return parseZoneFile({ path: 'account.yaml', text }, env);
}

function lines(text: string, env: Record<string, string> = {}): string[] {
  return load(text, env).problems.map(formatProblem);
}

function account(text: string, env: Record<string, string> = {}): AccountConfig {
  const r = load(text, env);
  expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
  expect(r.config).toBeUndefined();
  if (!r.account) throw new Error('no account config');
  return r.account;
}

/** An account's defaults as the emulator answers them before any change (the service's defaults). */
const LIVE = defaultAccountSettings().zone_defaults as unknown as Record<string, unknown> & { soa: Record<string, unknown> };

describe('account file: schema and rules', () => {
  it('a valid file with ${VAR} gives the account id (lower case) and only the fields it sets', () => {
    const a = account(
      `version: 1\nx-note: ignored\naccount_id: \${ZONECTL_ACC}\nzone_defaults:\n  ns_ttl: 3600\n  nameservers: { type: cloudflare.standard.random }\n  soa: { refresh: 20000 }\n`,
      { ZONECTL_ACC: ID.toUpperCase() },
    );
    expect(a).toEqual({
      file: 'account.yaml',
      accountId: ID,
      zoneDefaults: { ns_ttl: 3600, nameservers: { type: 'cloudflare.standard.random' }, soa: { refresh: 20000 } },
    });
  });

  it('the service rules of the fields: ns_ttl range, nameservers type enum (no custom.zone), account id form, unknown fields', () => {
    expect(
      lines(
        `version: 1\naccount_id: 0123\nzone_defaults:\n  ns_ttl: 10\n  nameservers: { type: custom.zone }\n  flaten_all_cnames: true\n`,
      ),
    ).toEqual([
      'account.yaml:2:13 account_id: must be an account id of 32 hexadecimal characters',
      'account.yaml:4:11 zone_defaults.ns_ttl: 10 is out of range (30..86400)',
      'account.yaml:5:24 zone_defaults.nameservers.type: must be one of cloudflare.standard, cloudflare.standard.random, cloudflare.advanced, custom.account, custom.tenant, not the string "custom.zone"',
      'account.yaml:6:3 zone_defaults.flaten_all_cnames: unknown field `flaten_all_cnames`; did you mean `flatten_all_cnames`?',
    ]);
  });

  it("SOA rules are the zone settings' rules, at zone_defaults.soa", () => {
    expect(
      lines(
        `version: 1\naccount_id: ${ID}\nzone_defaults:\n  soa: { refresh: 700, retry: 900, expire: 500, ttl: 60, rname: john.doe@example.com }\n`,
      ),
    ).toEqual([
      'account.yaml:4:31 zone_defaults.soa.retry: SOA retry 900 must not exceed refresh 700',
      'account.yaml:4:44 zone_defaults.soa.expire: SOA expire 500 is out of range: 86400..2419200 seconds',
      'account.yaml:4:44 zone_defaults.soa.expire: SOA expire 500 must not be smaller than refresh 700',
      'account.yaml:4:54 zone_defaults.soa.ttl: SOA ttl 60 is out of range: 300..86400 seconds',
      'account.yaml:4:65 zone_defaults.soa.rname: SOA rname "john.doe@example.com" must be a mailbox in DNS form, not an e-mail address: write john\\.doe.example.com, not john.doe@example.com',
    ]);
  });

  it('a file with neither zone nor zone_defaults, or with both, is told which field it needs', () => {
    // Neither `zone` nor `account_id`: a shared fragment (issue 21), valid when empty.
    expect(lines('version: 1\nrecords: []\n')).toEqual([]);
    expect(lines('records: []\n')).toEqual(['account.yaml:1:1: missing required field `version` (add `version: 1`)']);
    // A zone file may name its account (`account_id`, for a zone zonectl creates): `zone` is what it lacks.
    expect(lines(`version: 1\naccount_id: ${ID}\n`)).toEqual([
      "account.yaml:1:1: missing required field `zone` (the zone's name; an account file has `account_id` and `zone_defaults` instead)",
    ]);
    expect(lines(`version: 1\nzone: example.com\naccount_id: ${ID}\nzone_defaults: { ns_ttl: 3600 }\n`)).toEqual([
      'account.yaml:2:1 zone: `zone` belongs in a zone file; this is an account file (it has `zone_defaults`), which holds only `version`, `account_id`, `zone_defaults`, `enforce_dns_only` and `views`',
    ]);
    expect(lines('version: 1\nzone_defaults: { ns_ttl: 3600 }\n')).toEqual(['account.yaml:1:1: missing required field `account_id`']);
  });

  it('retired names warn with their replacement and are left out of zone_defaults; foundation_dns warns and is kept', () => {
    const text = `version: 1\naccount_id: ${ID}\nuse_account_custom_ns_by_default: false\nzone_defaults:\n  default_nameservers: custom.account\n  foundation_dns: true\n`;
    expect(lines(text)).toEqual([
      'account.yaml:3:1 use_account_custom_ns_by_default: warning: `use_account_custom_ns_by_default` is retired (2025-03-14) and is not sent: write `zone_defaults: { nameservers: { type: cloudflare.standard } }` (zone_defaults.nameservers.type) instead',
      'account.yaml:5:3 zone_defaults.default_nameservers: warning: `default_nameservers` is retired (2025-03-14) and is not sent: write `zone_defaults: { nameservers: { type: custom.account } }` (zone_defaults.nameservers.type) instead',
      'account.yaml:6:3 zone_defaults.foundation_dns: warning: `foundation_dns` is deprecated: write `nameservers: { type: cloudflare.advanced }` (or cloudflare.standard) instead; it is still sent',
    ]);
    expect(account(text).zoneDefaults).toEqual({ foundation_dns: true });
  });

  it('an unset ${VAR} in account_id is one error naming it, and no config', () => {
    const r = load('version: 1\naccount_id: ${ZONECTL_NOPE}\nzone_defaults: { ns_ttl: 3600 }\n');
    expect(r.problems.map(formatProblem)).toEqual([
      'account.yaml:2:13 account_id: environment variable ZONECTL_NOPE is not set (write ${ZONECTL_NOPE:-default} to give a default)',
    ]);
    expect(r.account).toBeUndefined();
  });

  it('the quick check and ajv agree on account documents', () => {
    expect(validateAgainstSchema({ version: 1, account_id: ID, zone_defaults: { ns_ttl: 3600 } }).issues).toEqual([]);
    expect(
      validateAgainstSchema({ version: 1, account_id: ID, zone_defaults: { ns_ttl: 3600, records: [] } }).issues.map((i) => i.message),
    ).toEqual(['unknown field `records`']);
  });

  it('zone files are unchanged: no account, and their own errors', () => {
    const r = load('version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    expect(r.account).toBeUndefined();
    expect(r.config?.zone).toBe('example.com');
  });
});

describe('account plan', () => {
  const config = (zoneDefaults: Record<string, unknown>): AccountConfig => ({ file: 'account.yaml', accountId: ID, zoneDefaults });

  it('compares only the fields the file sets; one PATCH of zone_defaults; nested objects sent whole', () => {
    const plan = planAccount(
      config({ ns_ttl: 3600, flatten_all_cnames: false, soa: { refresh: 20000 }, nameservers: { type: 'custom.account' } }),
      { zone_defaults: LIVE },
    );
    expect(plan.operations).toHaveLength(1);
    const op = settingsChanges(plan)[0]!;
    expect(op.method).toBe('PATCH');
    expect(op.path).toBe(`/accounts/${ID}/dns_settings`);
    expect(op.fields).toEqual(['ns_ttl', 'soa.refresh', 'nameservers.type']);
    expect(op.body).toEqual({
      zone_defaults: { ns_ttl: 3600, soa: { ...LIVE.soa, refresh: 20000 }, nameservers: { type: 'custom.account' } },
    });
    expect(renderAccountText(plan)).toContain('      soa.refresh: 10000 → 20000');
  });

  it('is empty when live matches (host names compared in canonical form)', () => {
    expect(planAccount(config({ ns_ttl: 86400, soa: { rname: 'DNS.cloudflare.com.' } }), { zone_defaults: LIVE }).operations).toEqual([]);
    expect(planAccount(config({}), { zone_defaults: LIVE }).operations).toEqual([]);
  });

  it('internal_dns: no reference zone live is `reference_zone_id: null` in the file', () => {
    expect(planAccount(config({ internal_dns: { reference_zone_id: null } }), { zone_defaults: LIVE }).operations).toEqual([]);
    const ref = '89abcdef0123456789abcdef01234567';
    const set = settingsChanges(planAccount(config({ internal_dns: { reference_zone_id: ref } }), { zone_defaults: LIVE }))[0];
    expect(set?.body).toEqual({ zone_defaults: { internal_dns: { reference_zone_id: ref } } });
    expect(set?.fields).toEqual(['internal_dns.reference_zone_id']);
  });

  it('is its own row of the summary table', () => {
    const plan = planAccount(config({ ns_ttl: 60 }), { zone_defaults: LIVE });
    const table = renderSummaryTable([{ kind: 'account', zone: 'account 01234567…: zone defaults', file: 'account.yaml', plan }]);
    expect(table).toMatch(/account 01234567…: zone defaults +0 +1 +0 +0 +0 +changes/);
    expect(table).toContain('0 zones and 1 account file: 1 with changes, 0 failed, 0 in sync');
  });

  it('enforce_dns_only: managed only when the file sets it, sent beside zone_defaults, turning it on warned of', () => {
    const live = { zone_defaults: LIVE, enforce_dns_only: false };
    expect(planAccount(config({}), live).operations).toEqual([]);
    const on = planAccount({ ...config({}), enforceDnsOnly: true }, live);
    expect(on.operations[0]).toMatchObject({ body: { enforce_dns_only: true }, fields: ['enforce_dns_only'] });
    expect(settingsChanges(on)[0]?.body).not.toHaveProperty('zone_defaults');
    expect(on.warnings?.[0]).toMatch(/^enforce_dns_only turns on: every proxied record of every zone of this account/);
    expect(renderAccountText(on)).toContain('enforce_dns_only: false → true');
    const both = planAccount({ ...config({ ns_ttl: 60 }), enforceDnsOnly: true }, live);
    expect(settingsChanges(both)[0]?.body).toEqual({ zone_defaults: { ns_ttl: 60 }, enforce_dns_only: true });
    // Off at the service when its answer has no field; turning it off is no warning.
    const off = planAccount({ ...config({}), enforceDnsOnly: false }, { zone_defaults: LIVE, enforce_dns_only: true });
    expect(settingsChanges(off)[0]?.body).toEqual({ enforce_dns_only: false });
    expect(off.warnings).toBeUndefined();
    expect(planAccount({ ...config({}), enforceDnsOnly: false }, { zone_defaults: LIVE }).operations).toEqual([]);
  });
});
