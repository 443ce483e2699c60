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
  /**
   * The account's internal DNS views when the file has `views:` (then every view of the account
   * is managed); absent: views are unmanaged.
   */
  views?: readonly ViewSpec[];
}

/** One zone of a view as the account file names it: by name or by id, and where. */
export interface ViewMemberSpec {
  /** The zone's name, lower case without a final dot (when named by name). */
  readonly zone?: string;
  /** The zone's id, lower case (when named by `{ zone_id }`, or pinned by the zone file of that name). */
  readonly zoneId?: string;
  /** The zone file of this repository that describes the zone, when there is one. */
  readonly zoneFile?: string;
  /** `views.<name>[i]`, and its line in the account file. */
  readonly path: string;
  readonly line: number;
}

/** One view of the account file. */
export interface ViewSpec {
  readonly name: string;
  readonly members: readonly ViewMemberSpec[];
  readonly line: number;
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
  /** View name -> its zones: a zone name or `{ zone_id }`. */
  readonly views?: Readonly<Record<string, ReadonlyArray<string | { readonly zone_id: string }>>>;
  readonly default_nameservers?: string;
  readonly use_account_custom_ns_by_default?: boolean;
}
