/** DNS settings as stored ('zone_dns_settings' by zone id, 'account_dns_settings' by account id) and answered. */
import { ACCOUNT_NAMESERVER_TYPES, ZONE_NAMESERVER_TYPES } from '../../facts/dns-settings.js';

export type ZoneMode = 'standard' | 'cdn_only' | 'dns_only';

export { ACCOUNT_NAMESERVER_TYPES, ZONE_NAMESERVER_TYPES };
export type NameserverType = (typeof ZONE_NAMESERVER_TYPES)[number] | (typeof ACCOUNT_NAMESERVER_TYPES)[number];

export interface Soa {
  mname: string;
  rname: string;
  refresh: number;
  retry: number;
  expire: number;
  min_ttl: number;
  ttl: number;
}

export interface DnsSettings {
  flatten_all_cnames: boolean;
  /** Deprecated: use nameservers.type cloudflare.advanced. */
  foundation_dns: boolean;
  /** Present only when a reference zone is set. */
  internal_dns?: { reference_zone_id: string | null };
  multi_provider: boolean;
  nameservers: { type: NameserverType; ns_set?: number };
  ns_ttl: number;
  secondary_overrides: boolean;
  soa: Soa;
  zone_mode: ZoneMode;
}

export interface AccountDnsSettings {
  zone_defaults: DnsSettings;
  enforce_dns_only: boolean;
}

/**
 * SOA bounds: the newer official API schema's (`dns-settings_soa-base` of cloudflare/api-schemas
 * openapi.json at c92b9b0fde23ae00fece2025662f96dc8e2d6283). The spec's table is narrower (retry
 * at most 3600, ttl 1800..3600); the service accepts what the newer schema allows, and so does
 * the emulator (README.md, difference 3).
 */
export const SOA_BOUNDS = {
  refresh: { min: 600, max: 86400 },
  retry: { min: 600, max: 86400 },
  expire: { min: 86400, max: 2419200 },
  min_ttl: { min: 60, max: 86400 },
  ttl: { min: 300, max: 86400 },
} as const;

export const NS_TTL_BOUNDS = { min: 30, max: 86400 } as const;
export const NS_SET_BOUNDS = { min: 1, max: 5 } as const;
