import equal from 'fast-deep-equal';
import type { CanonicalRecord } from '../model/record.js';

/**
 * Fields in which a live record differs from the desired one. `comment` and `tags` count only
 * when the file manages them (desired value not undefined).
 */
export function differingFields(live: CanonicalRecord, desired: CanonicalRecord): string[] {
  const fields: string[] = [];
  if (desired.content !== undefined && live.content !== desired.content) fields.push('content');
  if (desired.data !== undefined && !equal(live.data, desired.data)) fields.push('data');
  if (desired.priority !== undefined && live.priority !== desired.priority) fields.push('priority');
  if (live.proxied !== desired.proxied) fields.push('proxied');
  if (live.ttl !== desired.ttl) fields.push('ttl');
  if (desired.comment !== undefined && (live.comment ?? null) !== desired.comment) fields.push('comment');
  if (desired.tags !== undefined && !equal([...(live.tags ?? [])], [...desired.tags])) fields.push('tags');
  return fields;
}
