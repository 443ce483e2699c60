/**
 * The DNS settings a new zone has on the service (Cloudflare API "DNS settings" defaults,
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/): `zonectl export`
 * writes only the settings that differ from these, so an exported file says what someone chose,
 * not what every zone has. zonectl's own copy of the facts (the emulator keeps its own on
 * purpose: each checks the other). The SOA's are in soa.ts.
 */
import { NS_TTL } from './ttl.js';

export const SERVICE_DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  flatten_all_cnames: false,
  foundation_dns: false,
  multi_provider: false,
  ns_ttl: NS_TTL.default,
  secondary_overrides: false,
  zone_mode: 'standard',
  nameservers: { type: 'cloudflare.standard' },
};

/** A zone's `nameservers.type`, and an account's `zone_defaults.nameservers.type` (the data shared with the emulator). */
export { ACCOUNT_NAMESERVER_TYPES, ZONE_NAMESERVER_TYPES } from '../../facts/dns-settings.js';

/** A zone's custom nameserver set, `nameservers.ns_set`: 1..5. */
export const NS_SET = { min: 1, max: 5 } as const;

/**
 * Values of the account setting `default_nameservers`, retired on 2025-03-14 for
 * `zone_defaults.nameservers.type` (cloudflare-python `types/accounts/account_update_params.py`;
 * https://developers.cloudflare.com/fundamentals/api/reference/deprecations/).
 */
export const RETIRED_DEFAULT_NAMESERVERS = ['cloudflare.standard', 'custom.account', 'custom.tenant'] as const;
