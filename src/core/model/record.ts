import type { RecordType } from '../record-types/record-type.js';

export type DataValue = string | number;

/**
 * Per-record settings the service keeps on a record (`settings` in the API). A flag left out
 * (`undefined`) means the service default, off: for records the file is the truth, so the plan
 * turns a live flag the file leaves out back off (`settingOf`, compare-records.ts).
 */
export interface RecordSettings {
  readonly flatten_cname?: boolean;
  readonly ipv4_only?: boolean;
  readonly ipv6_only?: boolean;
}
/** Structured record data (CAA, SRV, HTTPS, ...), field names as in the API. */
export type RecordData = Readonly<Record<string, DataValue>>;

/**
 * A record in canonical form (the output of `normalizeRecord`): what zonectl compares.
 * - `name`: FQDN, lower-case, punycode, no trailing dot.
 * - `content`: set for content types only (A, AAAA, CNAME, MX, TXT, PTR, NS, OPENPGPKEY);
 *   TXT content is the unquoted, joined text.
 * - `data`: set for structured types only, every field normalised (numbers are numbers).
 * - `priority`: set for MX and URI only.
 * - `ttl`: 1 means auto; always 1 on proxied records.
 * - `comment` / `tags`: `undefined` means "not managed" (the file did not set it);
 *   `null` / sorted array otherwise.
 */
export interface CanonicalRecord {
  readonly name: string;
  readonly type: RecordType;
  readonly content?: string;
  readonly data?: RecordData;
  readonly priority?: number;
  readonly ttl: number;
  readonly proxied: boolean;
  readonly comment?: string | null;
  readonly tags?: readonly string[];
  /** Per-record settings; `undefined` (or a flag left out) means the service default (off). */
  readonly settings?: RecordSettings;
  /** A and AAAA only: private network routing (Enterprise); set only when true (absent = false). */
  readonly private_routing?: boolean;
}

/** Read-only flags the service sets on a record. */
export interface RecordMeta {
  readonly auto_added?: boolean;
  readonly managed_by_apps?: boolean;
  readonly managed_by_argo_tunnel?: boolean;
  readonly read_only?: boolean;
  readonly source?: string;
  /** Shadow metadata (`include_shadow_metadata=true`): the NS records whose delegations shadow the record. */
  readonly shadowed_by?: readonly string[];
  readonly is_glue?: boolean;
  readonly dead_glue?: boolean;
  readonly shadowed_records_count?: number;
  readonly [flag: string]: unknown;
}

/** A record as read from the service, in canonical form, with what identifies it there. */
export interface LiveRecord extends CanonicalRecord {
  readonly id: string;
  readonly modified_on?: string;
  readonly meta?: RecordMeta;
}

/**
 * Loose record input accepted by `normalizeRecord`: a zone file record after defaults were
 * applied, or a record object as the API returns it.
 */
export interface RecordInput {
  readonly name: string;
  readonly type: RecordType;
  readonly content?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly priority?: number;
  readonly ttl?: number | 'auto';
  readonly proxied?: boolean;
  readonly comment?: string | null;
  readonly tags?: readonly string[];
  readonly settings?: RecordSettings;
  readonly private_routing?: boolean;
}
