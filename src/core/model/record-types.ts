/**
 * The record types zonectl manages and the shape of each: which carry `content`, which carry
 * structured `data` (field names as in the Cloudflare API, the OpenAPI record schemas). What the service says of whole types (the list, which are
 * proxiable, which carry a top-level `priority`) is in src/core/service/record-types.ts; how
 * zonectl compares each field is its own.
 */
import { SERVICE_RECORD_TYPES } from '../service/record-types.js';

export const RECORD_TYPES = SERVICE_RECORD_TYPES;

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

/** Types whose `content` is a hostname (compared lower-case, punycode, without trailing dot). */
export const HOSTNAME_CONTENT_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['CNAME', 'MX', 'NS', 'PTR']);

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

export function usesData(type: RecordType): boolean {
  return DATA_FIELDS[type] !== undefined;
}
