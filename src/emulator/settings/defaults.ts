/** Default DNS settings, and new zones' settings derived from their account's zone_defaults. */
import type { Store, ZoneRow } from '../contract.js';
import type { AccountDnsSettings, DnsSettings } from './types.js';

/** Account zone_defaults' mname until set: each zone then uses its own first nameserver. */
export const DEFAULT_ACCOUNT_MNAME = 'ns.cloudflare.com';
export const DEFAULT_RNAME = 'dns.cloudflare.com';

export function defaultDnsSettings(mname: string): DnsSettings {
  return {
    flatten_all_cnames: false,
    foundation_dns: false,
    multi_provider: false,
    nameservers: { type: 'cloudflare.standard' },
    ns_ttl: 86400,
    secondary_overrides: false,
    soa: { mname, rname: DEFAULT_RNAME, refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 },
    zone_mode: 'standard',
  };
}

export function defaultAccountSettings(): AccountDnsSettings {
  return { zone_defaults: defaultDnsSettings(DEFAULT_ACCOUNT_MNAME), enforce_dns_only: false };
}

/** The account's settings, stored or default. */
export function readAccountSettings(store: Store, accountId: string): AccountDnsSettings {
  return store.get<AccountDnsSettings>('account_dns_settings', accountId) ?? defaultAccountSettings();
}

/** The service's own MNAME where none was chosen (null, or the account's placeholder): the zone's first nameserver. */
export function assignMname(settings: DnsSettings, zone: ZoneRow): DnsSettings {
  if (settings.soa.mname === DEFAULT_ACCOUNT_MNAME) settings.soa.mname = zone.name_servers[0] ?? `ns1.${zone.name}`;
  return settings;
}

/** A zone's settings from its account's zone_defaults. */
export function deriveZoneSettings(defaults: DnsSettings, zone: ZoneRow): DnsSettings {
  const out: DnsSettings = structuredClone(defaults);
  assignMname(out, zone);
  // `cloudflare.standard.random` is an assignment policy for new zones: the zone gets standard nameservers.
  if (out.nameservers.type === 'cloudflare.standard.random') out.nameservers = { ...out.nameservers, type: 'cloudflare.standard' };
  return out;
}

/** The zone's settings, stored or derived (not stored) from the account's zone_defaults. */
export function readZoneSettings(store: Store, zone: ZoneRow): DnsSettings {
  return (
    store.get<DnsSettings>('zone_dns_settings', zone.id) ??
    deriveZoneSettings(readAccountSettings(store, zone.account_id).zone_defaults, zone)
  );
}

export function seedAccountSettings(store: Store, accountId: string): void {
  if (store.get('account_dns_settings', accountId) === undefined) store.put('account_dns_settings', accountId, defaultAccountSettings());
}

export function seedZoneSettings(store: Store, zone: ZoneRow): void {
  if (store.get('zone_dns_settings', zone.id) !== undefined) return;
  store.put('zone_dns_settings', zone.id, deriveZoneSettings(readAccountSettings(store, zone.account_id).zone_defaults, zone));
}
