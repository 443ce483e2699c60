/**
 * The record types zonectl manages and how it compares each `data` field. What the service says
 * of the types (the list, each type's `data` fields with their ranges, which are proxiable,
 * which carry a top-level `priority`) is in src/core/service/record-types.ts; how zonectl
 * compares each field is its own.
 */
import { SERVICE_DATA_FIELDS, SERVICE_RECORD_TYPES, type DataFieldShape } from '../service/record-types.js';

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

/** Text fields zonectl compares lower-case (the service treats them so: CAA tag, NAPTR flags); other text as given. */
const LOWER_CASE_FIELDS: Readonly<Partial<Record<RecordType, readonly string[]>>> = { CAA: ['tag'], NAPTR: ['flags'] };

/** How zonectl compares a field the service describes as `shape`. */
function comparedAs(type: RecordType, name: string, shape: DataFieldShape): DataFieldKind {
  if (shape.kind !== 'text') return shape;
  return LOWER_CASE_FIELDS[type]?.includes(name) === true ? { kind: 'lower' } : { kind: 'string' };
}

/**
 * Data fields per structured type, in the order the service renders them into `content`: the
 * service's fields (`SERVICE_DATA_FIELDS`), each with the way zonectl compares it.
 */
export const DATA_FIELDS: Readonly<Partial<Record<RecordType, readonly DataField[]>>> = Object.fromEntries(
  Object.entries(SERVICE_DATA_FIELDS).map(([type, fields]) => [
    type,
    fields.map((f) => ({ name: f.name, type: comparedAs(type as RecordType, f.name, f.shape) })),
  ]),
);

/** Types whose `content` is a hostname (compared lower-case, punycode, without trailing dot). */
export const HOSTNAME_CONTENT_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['CNAME', 'MX', 'NS', 'PTR']);

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

export function usesData(type: RecordType): boolean {
  return DATA_FIELDS[type] !== undefined;
}
