import { canonicalHostname, canonicalRecordName } from './names.js';
import type { CanonicalRecord, DataValue, RecordData, RecordInput, RecordSettings } from './record.js';
import { RECORD_TYPE_DEFINITIONS, type DataField, type RecordType, TOP_LEVEL_PRIORITY_TYPES } from '../record-types/index.js';
import { TTL_AUTO } from '../service/ttl.js';
import { assertNever } from '../errors.js';

/** Canonical `content` of a content-type record (each type's own, src/core/record-types). */
export function canonicalContent(type: RecordType, content: string, zone: string): string {
  const definition = RECORD_TYPE_DEFINITIONS[type];
  return definition.kind === 'content' ? definition.canonicalContent(content, zone) : content.trim();
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** Canonical value of one data field; values of the wrong kind are passed through for the validator. */
export function canonicalDataValue(field: DataField, value: unknown): unknown {
  const t = field.shape;
  switch (t.kind) {
    case 'int':
    case 'number':
      return toNumber(value);
    case 'hostname':
      return typeof value === 'string' ? canonicalHostname(value) : value;
    case 'hex':
      return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;
    case 'base64':
      return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
    case 'text':
      if (field.lowerCase === true) return typeof value === 'string' ? value.toLowerCase() : value;
      return typeof value === 'number' ? String(value) : value;
    case 'enum':
      return typeof value === 'string' ? value.toUpperCase() : value;
    default:
      return assertNever(t, 'data field kind');
  }
}

/**
 * Canonical `data`: the type's fields only, in table order, each normalised (by its kind, then by
 * the type's own form of the field where it has one: HTTPS/SVCB SvcParams).
 */
export function canonicalData(type: RecordType, data: Readonly<Record<string, unknown>>): RecordData {
  const definition = RECORD_TYPE_DEFINITIONS[type];
  const out: Record<string, DataValue> = {};
  if (definition.kind !== 'data') return out;
  for (const field of definition.fields) {
    if (data[field.name] === undefined) continue;
    const value = canonicalDataValue(field, data[field.name]);
    const ownForm = definition.canonicalText?.[field.name];
    out[field.name] = (ownForm !== undefined && typeof value === 'string' ? ownForm(value) : value) as DataValue;
  }
  return out;
}

/** The per-record settings flags, in this order (`settings` in the API). */
export const RECORD_SETTINGS_FLAGS = ['flatten_cname', 'ipv4_only', 'ipv6_only'] as const;

/** A per-record setting's value; a flag left out is the service default (off). */
export function settingOf(settings: RecordSettings | undefined, flag: (typeof RECORD_SETTINGS_FLAGS)[number]): boolean {
  return settings?.[flag] ?? false;
}

/** Canonical settings: only the flags that are set (booleans), or undefined when none is. */
export function canonicalSettings(settings: Readonly<Record<string, unknown>> | undefined): RecordSettings | undefined {
  if (settings === undefined || settings === null) return undefined;
  // Made only when a flag is set: the service answers `"settings": {}` for most records.
  let out: MutableRecord<RecordSettings> | undefined;
  for (const flag of RECORD_SETTINGS_FLAGS) {
    const value = settings[flag];
    if (typeof value === 'boolean') (out ??= {})[flag] = value;
  }
  return out;
}

function canonicalTtl(ttl: number | 'auto' | undefined, proxied: boolean): number {
  if (proxied || ttl === undefined || ttl === 'auto') return TTL_AUTO;
  return ttl;
}

/** The tags of a record without any: one frozen array shared by them all (every live record has `tags`). */
const NO_TAGS: readonly string[] = Object.freeze([]);

function canonicalTags(tags: readonly string[]): readonly string[] {
  // Most records have no tag, or one: no set, no sort.
  if (tags.length === 0) return NO_TAGS;
  if (tags.length === 1) return [tags[0].trim()];
  return [...new Set(tags.map((t) => t.trim()))].sort();
}

/**
 * The one canonical form used for desired and live records (docs/architecture.md, "From a zone file to an HTTP call"). Pure: the input is
 * never mutated. Idempotent: normalizing a canonical record returns an equal record.
 */
export function normalizeRecord(input: RecordInput, zone: string): CanonicalRecord {
  return normalizeNamedRecord(input, canonicalRecordName(input.name, zone), zone);
}

/** A canonical record still open to additions (the API codec adds what identifies it live). */
export type MutableRecord<T> = { -readonly [K in keyof T]: T[K] };

/**
 * `normalizeRecord` with the name already in canonical form (`name`), returning a fresh
 * object the caller may extend: the API codec reads names as absolute without building a
 * string per record, and adds the live fields to this object instead of copying it.
 */
export function normalizeNamedRecord(input: RecordInput, name: string, zone: string): MutableRecord<CanonicalRecord> {
  const type = input.type;
  const proxied = input.proxied === true;
  const out: MutableRecord<CanonicalRecord> = {
    name,
    type,
    ttl: canonicalTtl(input.ttl, proxied),
    proxied,
  };
  if (RECORD_TYPE_DEFINITIONS[type].kind === 'data') {
    out.data = canonicalData(type, input.data ?? {});
  } else {
    out.content = canonicalContent(type, input.content ?? '', zone);
  }
  if (TOP_LEVEL_PRIORITY_TYPES.has(type) && input.priority !== undefined) {
    out.priority = toNumber(input.priority) as number;
  }
  if (input.comment !== undefined) {
    out.comment = input.comment === null || input.comment === '' ? null : input.comment;
  }
  if (input.tags !== undefined) out.tags = canonicalTags(input.tags);
  const settings = canonicalSettings(input.settings as Readonly<Record<string, unknown>> | undefined);
  if (settings !== undefined) out.settings = settings;
  // Private network routing: A and AAAA only, kept when true (false is the service's default).
  if (input.private_routing === true && (type === 'A' || type === 'AAAA')) out.private_routing = true;
  return out;
}
