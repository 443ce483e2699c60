import type { CanonicalRecord } from './record.js';
import { DATA_FIELDS } from './record-types.js';

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

/** Full identity of a record value: name, type and value. */
export function recordKey(r: CanonicalRecord): string {
  return `${nameTypeKey(r)} ${valueKey(r)}`;
}
