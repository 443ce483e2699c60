import type { DesiredDnssec } from '../dnssec/index.js';
import type { CanonicalRecord } from '../model/record.js';
import type { ZoneType } from '../zone-type.js';
import type { ExternalDnsOptions, IgnoreRule, UnmanagedMode, ZoneScope } from '../ownership/index.js';

export type { IgnoreRule } from '../ownership/index.js';

/** A desired record in canonical form and where the file writes it. */
export interface DesiredRecord {
  record: CanonicalRecord;
  /** `records[3]`. */
  path: string;
  line: number;
  col: number;
  /** The fragment file the record comes from (`include:`); absent for the zone file's own records. */
  source?: string;
}

/** One id of `lint: { ignore: [...] }` (a zone file or zonectl.yaml): a lint check silenced, and where it is written. */
export interface LintIgnoreEntry {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** `lint.ignore[0]`. */
  readonly path: string;
}

/** A fragment file checked on its own (no zone includes it in this run). */
export interface FragmentSummary {
  /** Entries under `records`. */
  records: number;
  /** Fragments it includes, in order. */
  includes: string[];
  /**
   * Its records (and those of the fragments it includes) read in a stand-in zone, for
   * `zonectl lint` of the fragment alone; absent when it has errors.
   */
  alone?: ZoneConfig;
}

export interface TokenPolicySpec {
  effect: 'allow' | 'deny';
  permission_groups: Array<{ id?: string; name?: string }>;
  resources: Record<string, string | Record<string, string>>;
}

export interface TokenSpec {
  name: string;
  policies: TokenPolicySpec[];
  not_before?: string;
  expires_on?: string;
  /** Canonical key `request_ip` whatever the file wrote (`request.ip` or `request_ip`). */
  condition?: { request_ip?: { in?: string[]; not_in?: string[] } };
  /**
   * `account`: an account-owned token (`/accounts/{account_id}/tokens`, the zone's account:
   * `account_id`, zonectl.yaml's `account:`, else the zone's own); absent: the user's (`/user/tokens`).
   */
  owner?: 'account';
  path: string;
  line: number;
}

export interface ManageConfig {
  /** Live records the file does not list: deleted (default), kept, or deleted only when zonectl marked them (`owned`). */
  unmanaged: UnmanagedMode;
  /** Rules and presets of records left alone, the included fragments' after the file's own (src/core/ownership/). */
  ignore: IgnoreRule[];
  /** external-dns shares the zone (its TXT registry: src/core/ownership/external-dns.ts). */
  external_dns?: ExternalDnsOptions;
  max_delete_percent: number;
  max_update_percent: number;
  /** Live tokens no file names: reported (keep), when named `tokens_prefix`... deleted, or not checked (ignore). */
  tokens: 'keep' | 'delete' | 'ignore';
  /** Required with `tokens: delete`: only tokens whose names start with it are ever deleted. */
  tokens_prefix?: string;
}

/** dns_settings PATCH-shaped, canonical (retired fields mapped to their replacements). */
export interface DesiredSettings {
  [field: string]: unknown;
}

export interface ZoneConfig {
  file: string;
  /** Canonical zone name. */
  zone: string;
  zoneId?: string;
  /** `account: NAME` of the repository configuration (zonectl.yaml), with where the file says it. */
  account?: { readonly name: string; readonly line: number; readonly col: number };
  /** The account holding the zone (`account_id`, or the account's of zonectl.yaml): where a new zone is created. */
  accountId?: string;
  /**
   * `zone_type: internal`: an internal DNS zone (Enterprise), looked up among internal zones only
   * and created as one; absent: a public (`full`) zone. See ZoneType.
   */
  zoneType?: ZoneType;
  defaults: { ttl: number | 'auto'; proxied: boolean };
  settings?: DesiredSettings;
  records: DesiredRecord[];
  tokens: TokenSpec[];
  manage: ManageConfig;
  /** Fragment files included (`include:`, followed depth-first), as shown in problems and plans. */
  includes?: string[];
  /** The `dnssec` section (absent: DNSSEC unmanaged), where it is and where each field is. */
  dnssec?: DnssecSection;
  /** `lint: { ignore: [...] }`: the lint checks this zone silences. */
  lintIgnore?: LintIgnoreEntry[];
  /** The team scopes of zonectl.yaml (`owners:`) in this zone, set by the app from zonectl.yaml (src/core/ownership/scopes.ts). */
  scope?: ZoneScope;
}

export interface DnssecSection {
  readonly desired: DesiredDnssec;
  readonly at: { readonly line: number; readonly col: number };
  readonly fields: Readonly<Partial<Record<string, { readonly line: number; readonly col: number }>>>;
}
