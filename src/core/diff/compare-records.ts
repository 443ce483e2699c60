import equal from 'fast-deep-equal';
import { RECORD_SETTINGS_FLAGS } from '../model/normalize.js';
import type { CanonicalRecord, RecordSettings } from '../model/record.js';

/**
 * Pushes the per-record settings the desired record manages and the live one does not match. A
 * flag the service leaves out of `settings` is off (it answers `"settings": {}` for a record
 * with no flag set, and `{"flatten_cname": false}` on a CNAME: cloudflare/cf-terraforming
 * testdata/cloudflare/v5/cloudflare_dns_record.yaml).
 */
function pushDifferingSettings(fields: string[], live: CanonicalRecord, wanted: RecordSettings): void {
  for (const flag of RECORD_SETTINGS_FLAGS) {
    if (wanted[flag] !== undefined && (live.settings?.[flag] ?? false) !== wanted[flag]) fields.push(`settings.${flag}`);
  }
}

/** Tag lists compared as fast-deep-equal compares two arrays, without copying them. */
function sameTags(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i] && !equal(a[i], b[i])) return false;
  return true;
}

/**
 * Fields in which a live record differs from the desired one. `comment`, `tags` and each
 * `settings` flag count only when the file manages them (desired value not undefined).
 * Runs once per record pair: allocates nothing beyond the (usually empty) result.
 */
export function differingFields(live: CanonicalRecord, desired: CanonicalRecord): string[] {
  const fields: string[] = [];
  if (desired.content !== undefined && live.content !== desired.content) fields.push('content');
  if (desired.data !== undefined && !equal(live.data, desired.data)) fields.push('data');
  if (desired.priority !== undefined && live.priority !== desired.priority) fields.push('priority');
  if (live.proxied !== desired.proxied) fields.push('proxied');
  if (live.ttl !== desired.ttl) fields.push('ttl');
  if (desired.comment !== undefined && (live.comment ?? null) !== desired.comment) fields.push('comment');
  if (desired.tags !== undefined && !sameTags(live.tags ?? [], desired.tags)) fields.push('tags');
  if (desired.settings !== undefined) pushDifferingSettings(fields, live, desired.settings);
  return fields;
}
