/**
 * Shapes of the zone file once it passed the schema (only the parts that passed are read as
 * such: a record with a schema error is never handed to the rules as a `RawRecord`).
 */
import type { RecordInput } from '../model/record.js';
import type { ZoneType } from '../zone-type.js';
import type { PresetName, UnmanagedMode } from '../ownership/index.js';

/** A record as written in the file: `normalizeRecord`'s input plus the retired fields that warn. */
export interface RawRecord extends Omit<RecordInput, 'comment'> {
  readonly comment?: string;
  readonly locked?: boolean;
  readonly zone_id?: string;
  readonly zone_name?: string;
}

export interface RawDefaults {
  readonly ttl?: number | 'auto';
  readonly proxied?: boolean;
}

export interface RawSoa {
  readonly mname?: string | null;
  readonly rname?: string;
  readonly refresh?: number;
  readonly retry?: number;
  readonly expire?: number;
  readonly min_ttl?: number;
  readonly ttl?: number;
}

export interface RawSettings {
  readonly flatten_all_cnames?: boolean;
  readonly multi_provider?: boolean;
  readonly ns_ttl?: number;
  readonly secondary_overrides?: boolean;
  readonly nameservers?: { readonly type: string; readonly ns_set?: number };
  readonly soa?: RawSoa;
  readonly zone_mode?: string;
  readonly cname_flattening?: 'off' | 'apex' | 'on';
  readonly use_apex_ns?: boolean;
  readonly default_nameservers?: string;
  readonly use_account_custom_ns_by_default?: boolean;
}

export interface RawIpCondition {
  readonly in?: readonly string[];
  readonly not_in?: readonly string[];
}

export interface RawToken {
  readonly name: string;
  readonly policies: ReadonlyArray<{
    readonly effect: 'allow' | 'deny';
    readonly permission_groups: ReadonlyArray<{ readonly id?: string; readonly name?: string }>;
    readonly resources: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  }>;
  readonly not_before?: string;
  readonly expires_on?: string;
  readonly condition?: { readonly 'request.ip'?: RawIpCondition; readonly request_ip?: RawIpCondition };
  readonly owner?: 'user' | 'account';
}

export interface RawIgnoreRule {
  readonly name?: string;
  readonly type?: string;
  readonly content?: string;
  readonly preset?: PresetName;
}

export interface RawExternalDns {
  readonly owner?: string | readonly string[];
  readonly prefix?: string;
  readonly suffix?: string;
  readonly wildcard_replacement?: string;
  readonly encrypted?: boolean;
}

export interface RawManage {
  readonly unmanaged?: UnmanagedMode;
  readonly ignore?: ReadonlyArray<RawIgnoreRule>;
  readonly external_dns?: RawExternalDns;
  readonly max_delete_percent?: number;
  readonly max_update_percent?: number;
  readonly tokens?: 'keep' | 'delete';
  readonly tokens_prefix?: string;
}

export interface RawZoneFile {
  readonly version: 1;
  readonly zone: string;
  readonly zone_id?: string;
  readonly account_id?: string;
  readonly account?: string;
  readonly zone_type?: ZoneType;
  readonly defaults?: RawDefaults;
  readonly settings?: RawSettings;
  readonly records?: readonly unknown[];
  readonly tokens?: readonly unknown[];
  readonly manage?: RawManage;
  readonly include?: readonly string[];
  /** Read by src/core/dnssec (readDnssecSection) once the schema passed it. */
  readonly dnssec?: unknown;
  readonly lint?: { readonly ignore?: readonly string[] };
}
