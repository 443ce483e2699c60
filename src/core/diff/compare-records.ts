import equal from 'fast-deep-equal';
import { RECORD_SETTINGS_FLAGS } from '../model/normalize.js';
import type { CanonicalRecord } from '../model/record.js';

/**
 * Per-record settings the desired record manages and the live one does not match. A flag the
 * service leaves out of `settings` is off (it answers `"settings": {}` for a record with no
 * flag set, and `{"flatten_cname": false}` on a CNAME: cloudflare/cf-terraforming
 * testdata/cloudflare/v5/cloudflare_dns_record.yaml).
 */
function differingSettings(live: CanonicalRecord, desired: CanonicalRecord): string[] {
  const wanted = desired.settings;
  if (wanted === undefined) return [];
  return RECORD_SETTINGS_FLAGS.filter((flag) => wanted[flag] !== undefined && (live.settings?.[flag] ?? false) !== wanted[flag]).map(
    (flag) => `settings.${flag}`,
  );
}

/**
 * Fields in which a live record differs from the desired one. `comment`, `tags` and each
 * `settings` flag count only when the file manages them (desired value not undefined).
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
  fields.push(...differingSettings(live, desired));
  return fields;
}
