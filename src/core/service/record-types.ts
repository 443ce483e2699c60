/**
 * What the service says of whole record types (the data shared with the emulator:
 * src/facts/record-types.ts; https://developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/
 * and the OpenAPI record schemas). How zonectl compares each type's fields is its own
 * (src/core/record-types, one definition per type).
 */
import {
  DATA_FIELD_FACTS,
  HOST_NAME_RULE_TYPE_NAMES,
  PROXIABLE_TYPE_NAMES,
  RECORD_TYPE_NAMES,
  TOP_LEVEL_PRIORITY_TYPE_NAMES,
  type RecordTypeName,
} from '../../facts/record-types.js';

export type { DataFieldShape } from '../../facts/record-types.js';

/** The record types the service serves and zonectl manages. */
export const SERVICE_RECORD_TYPES = RECORD_TYPE_NAMES;

/**
 * The `data` fields of each structured type, in the order the service renders them into
 * `content`, with what each holds (ranges of numbers, enums). zonectl's comparison of each is
 * its own (src/core/record-types, each type's `fields`).
 */
export const SERVICE_DATA_FIELDS = DATA_FIELD_FACTS;

/** Only these types can be proxied (A, AAAA, CNAME). */
export const PROXIABLE_TYPES: ReadonlySet<RecordTypeName> = new Set(PROXIABLE_TYPE_NAMES);

/** Types with a top-level `priority` (SRV, HTTPS and SVCB keep theirs inside `data`). */
export const TOP_LEVEL_PRIORITY_TYPES: ReadonlySet<RecordTypeName> = new Set(TOP_LEVEL_PRIORITY_TYPE_NAMES);

/** Types whose name must follow the host name rules of the service (letters, digits, hyphens). */
export const HOST_NAME_RULE_TYPES: ReadonlySet<RecordTypeName> = new Set(HOST_NAME_RULE_TYPE_NAMES);
