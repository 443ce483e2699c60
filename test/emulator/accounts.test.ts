/** The emulator's account DNS settings against the published shape of zone_defaults. */
import { describe, expect, it } from 'vitest';
import { validateSettingsPatch } from '../../src/emulator/settings/validate.js';

function problems(body: unknown): string[] {
  const v = validateSettingsPatch(body, 'account');
  return v.ok ? [] : v.problems;
}

describe('emulator: PATCH /accounts/{id}/dns_settings', () => {
  it('zone_defaults.nameservers has only `type` (ns_set is a zone setting), with the account types', () => {
    expect(problems({ zone_defaults: { nameservers: { type: 'custom.account', ns_set: 2 } } })).toEqual([
      'unknown field: zone_defaults.nameservers.ns_set',
    ]);
    for (const type of ['cloudflare.standard', 'cloudflare.standard.random', 'custom.account', 'custom.tenant']) {
      expect(problems({ zone_defaults: { nameservers: { type } } })).toEqual([]);
    }
    expect(validateSettingsPatch({ nameservers: { type: 'custom.zone', ns_set: 2 } }, 'zone').ok).toBe(true);
  });

  it('the retired account settings are refused with their replacement, at the top level and in zone_defaults', () => {
    expect(problems({ use_account_custom_ns_by_default: true })).toEqual([
      '"use_account_custom_ns_by_default" is retired (2025-03-14); use "zone_defaults.nameservers.type"',
    ]);
    expect(problems({ zone_defaults: { default_nameservers: 'custom.account' } })).toEqual([
      '"default_nameservers" is retired (2025-03-14); use "zone_defaults.nameservers.type"',
    ]);
  });
});
