/**
 * Plain facts about the service's DNS settings, read by zonectl (through src/core/service) and
 * by the emulator alike. Data only.
 * Sources: the DNS settings API (https://developers.cloudflare.com/api/resources/dns/subresources/settings/)
 * and, for accounts, the official TypeScript SDK (cloudflare 7.3.0,
 * `resources/dns/settings/account/account.d.ts`;
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/).
 */

/** A zone's `nameservers.type`. */
export const ZONE_NAMESERVER_TYPES = [
  'cloudflare.standard',
  'cloudflare.advanced',
  'custom.account',
  'custom.tenant',
  'custom.zone',
] as const;

/** An account's `zone_defaults.nameservers.type`: also `cloudflare.standard.random`, never `custom.zone`. */
export const ACCOUNT_NAMESERVER_TYPES = [
  'cloudflare.standard',
  'cloudflare.standard.random',
  'cloudflare.advanced',
  'custom.account',
  'custom.tenant',
] as const;
