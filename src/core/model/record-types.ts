/**
 * The record types zonectl manages and the shape of each: which carry `content`, which carry
 * structured `data` (field names as in the Cloudflare API, the OpenAPI record schemas), which
 * carry a top-level `priority`, and which can be proxied. The list of types is the plain fact
 * shared with the emulator (src/facts); how zonectl compares each field is its own.
 */
import { RECORD_TYPE_NAMES } from '../../facts/record-types.js';

export const RECORD_TYPES = RECORD_TYPE_NAMES;

export type RecordType = (typeof RECORD_TYPES)[number];

/** How a data field is compared and validated. */
export type DataFieldKind =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'hostname' } // lower-cased, punycode, no trailing dot; "." stays "."
  | { kind: 'hex' } // compared upper-case, whitespace removed
  | { kind: 'base64' } // whitespace removed
  | { kind: 'string' } // compared as given
  | { kind: 'lower' } // compared lower-case (CAA tag, NAPTR flags)
  | { kind: 'enum'; values: readonly string[] };

export interface DataField {
  readonly name: string;
  readonly type: DataFieldKind;
}

const u8 = { kind: 'int', min: 0, max: 255 } as const;
const u16 = { kind: 'int', min: 0, max: 65535 } as const;

/** Data fields per structured type, in the order the service renders them into `content`. */
export const DATA_FIELDS: Readonly<Partial<Record<RecordType, readonly DataField[]>>> = {
  CAA: [
    { name: 'flags', type: u8 },
    { name: 'tag', type: { kind: 'lower' } },
    { name: 'value', type: { kind: 'string' } },
  ],
  SRV: [
    { name: 'priority', type: u16 },
    { name: 'weight', type: u16 },
    { name: 'port', type: u16 },
    { name: 'target', type: { kind: 'hostname' } },
  ],
  HTTPS: [
    { name: 'priority', type: u16 },
    { name: 'target', type: { kind: 'hostname' } },
    { name: 'value', type: { kind: 'string' } },
  ],
  SVCB: [
    { name: 'priority', type: u16 },
    { name: 'target', type: { kind: 'hostname' } },
    { name: 'value', type: { kind: 'string' } },
  ],
  URI: [
    { name: 'weight', type: u16 },
    { name: 'target', type: { kind: 'string' } },
  ],
  DS: [
    { name: 'key_tag', type: u16 },
    { name: 'algorithm', type: u8 },
    { name: 'digest_type', type: u8 },
    { name: 'digest', type: { kind: 'hex' } },
  ],
  DNSKEY: [
    { name: 'flags', type: u16 },
    { name: 'protocol', type: u8 },
    { name: 'algorithm', type: u8 },
    { name: 'public_key', type: { kind: 'base64' } },
  ],
  NAPTR: [
    { name: 'order', type: u16 },
    { name: 'preference', type: u16 },
    { name: 'flags', type: { kind: 'lower' } },
    { name: 'service', type: { kind: 'string' } },
    { name: 'regex', type: { kind: 'string' } },
    { name: 'replacement', type: { kind: 'hostname' } },
  ],
  SSHFP: [
    { name: 'algorithm', type: u8 },
    { name: 'type', type: u8 },
    { name: 'fingerprint', type: { kind: 'hex' } },
  ],
  TLSA: [
    { name: 'usage', type: u8 },
    { name: 'selector', type: u8 },
    { name: 'matching_type', type: u8 },
    { name: 'certificate', type: { kind: 'hex' } },
  ],
  SMIMEA: [
    { name: 'usage', type: u8 },
    { name: 'selector', type: u8 },
    { name: 'matching_type', type: u8 },
    { name: 'certificate', type: { kind: 'hex' } },
  ],
  CERT: [
    { name: 'type', type: u16 },
    { name: 'key_tag', type: u16 },
    { name: 'algorithm', type: u8 },
    { name: 'certificate', type: { kind: 'base64' } },
  ],
  LOC: [
    { name: 'lat_degrees', type: { kind: 'int', min: 0, max: 90 } },
    { name: 'lat_minutes', type: { kind: 'int', min: 0, max: 59 } },
    { name: 'lat_seconds', type: { kind: 'number', min: 0, max: 59.999 } },
    { name: 'lat_direction', type: { kind: 'enum', values: ['N', 'S'] } },
    { name: 'long_degrees', type: { kind: 'int', min: 0, max: 180 } },
    { name: 'long_minutes', type: { kind: 'int', min: 0, max: 59 } },
    { name: 'long_seconds', type: { kind: 'number', min: 0, max: 59.999 } },
    { name: 'long_direction', type: { kind: 'enum', values: ['E', 'W'] } },
    { name: 'altitude', type: { kind: 'number', min: -100000, max: 42849672.95 } },
    { name: 'size', type: { kind: 'number', min: 0, max: 90000000 } },
    { name: 'precision_horz', type: { kind: 'number', min: 0, max: 90000000 } },
    { name: 'precision_vert', type: { kind: 'number', min: 0, max: 90000000 } },
  ],
};

/** Types with a top-level `priority` (SRV, HTTPS and SVCB keep theirs inside `data`). */
export const TOP_LEVEL_PRIORITY_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['MX', 'URI']);

/** Only these types can be proxied. */
export const PROXIABLE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

/** Types whose `content` is a hostname (compared lower-case, punycode, without trailing dot). */
export const HOSTNAME_CONTENT_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['CNAME', 'MX', 'NS', 'PTR']);

/** Types whose name must follow the host name rules of the service (docs/architecture.md, rule table). */
export const HOST_NAME_RULE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

export function usesData(type: RecordType): boolean {
  return DATA_FIELDS[type] !== undefined;
}

/** TTL value meaning "automatic" in the API. */
export const TTL_AUTO = 1;
export const TTL_MIN = 60;
export const TTL_MAX = 86400;
