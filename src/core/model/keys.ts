import type { CanonicalRecord } from './record.js';
import { DATA_FIELDS } from '../record-types/index.js';

/** The (name, type) pair a zone file owns. */
export function nameTypeKey(r: Pick<CanonicalRecord, 'name' | 'type'>): string {
  return `${r.name} ${r.type}`;
}

/**
 * What makes two records "the same record" inside a (name, type) group: content or data, and
 * priority where the type has one. TTL, proxied, comment and tags are attributes, not identity.
 */
export function valueKey(r: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>): string {
  const fields = DATA_FIELDS[r.type];
  const value = fields ? fields.map((f) => r.data?.[f.name] ?? null) : [r.content ?? ''];
  return JSON.stringify(r.priority === undefined ? value : [...value, r.priority]);
}

/**
 * `valueKey(a) === valueKey(b)`, without building either key in the common case: records of one
 * content type with the same priority have the same key exactly when their contents are equal.
 */
export function sameValueKey(
  a: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>,
  b: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>,
): boolean {
  if (a.type === b.type && DATA_FIELDS[a.type] === undefined && a.priority === b.priority) return (a.content ?? '') === (b.content ?? '');
  return valueKey(a) === valueKey(b);
}

/** Full identity of a record value: name, type and value. */
export function recordKey(r: CanonicalRecord): string {
  return `${nameTypeKey(r)} ${valueKey(r)}`;
}
