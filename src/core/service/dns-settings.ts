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
