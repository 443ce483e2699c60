/**
 * An account file once loaded: the account's DNS defaults for zones created later
 * (PATCH /accounts/{account_id}/dns_settings `{ zone_defaults }`), only the fields the file sets.
 */
import type { RawSoa } from './raw-types.js';
import type { DesiredSettings } from './types.js';

export interface AccountConfig {
  file: string;
  /** Lower-case, 32 hex characters. */
  accountId: string;
  /** `zone_defaults` as sent: only the fields the file sets, the retired ones left out. */
  zoneDefaults: DesiredSettings;
  /** `enforce_dns_only` when the file sets it (the account's emergency switch); unmanaged when absent. */
  enforceDnsOnly?: boolean;
}

/** `zone_defaults` as written, once it passed the schema. */
export interface RawZoneDefaults {
  readonly flatten_all_cnames?: boolean;
  readonly foundation_dns?: boolean;
  readonly internal_dns?: { readonly reference_zone_id?: string | null };
  readonly multi_provider?: boolean;
  readonly nameservers?: { readonly type: string };
  readonly ns_ttl?: number;
  readonly secondary_overrides?: boolean;
  readonly soa?: RawSoa;
  readonly zone_mode?: string;
  readonly default_nameservers?: string;
  readonly use_account_custom_ns_by_default?: boolean;
}

export interface RawAccountFile {
  readonly version: 1;
  readonly account_id?: string;
  readonly zone_defaults?: RawZoneDefaults;
  readonly enforce_dns_only?: boolean;
  readonly default_nameservers?: string;
  readonly use_account_custom_ns_by_default?: boolean;
}
