import equal from 'fast-deep-equal';
import { RECORD_SETTINGS_FLAGS, settingOf } from '../model/normalize.js';
import type { CanonicalRecord } from '../model/record.js';

/**
 * Pushes the per-record settings in which the live record differs from the desired one. For
 * records the file is the truth: a flag the file leaves out means the service default, off, and
 * is planned back to it (issue 19, item 10; Terraform v5 users hit the same class of bug,
 * terraform-provider-cloudflare #6195). The service leaves an unset flag out of `settings` too
 * (`"settings": {}` for a record with no flag set, `{"flatten_cname": false}` on a CNAME:
 * cloudflare/cf-terraforming testdata/cloudflare/v5/cloudflare_dns_record.yaml).
 */
function pushDifferingSettings(fields: string[], live: CanonicalRecord, desired: CanonicalRecord): void {
  if (live.settings === undefined && desired.settings === undefined) return;
  for (const flag of RECORD_SETTINGS_FLAGS) {
    if (settingOf(live.settings, flag) !== settingOf(desired.settings, flag)) fields.push(`settings.${flag}`);
  }
}

/** Tag lists compared as fast-deep-equal compares two arrays, without copying them. */
function sameTags(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i] && !equal(a[i], b[i])) return false;
  return true;
}

/**
 * Fields in which a live record differs from the desired one. `comment` and `tags` count only
 * when the file manages them (desired value not undefined); each `settings` flag always counts,
 * a flag left out being the service default (off).
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
  pushDifferingSettings(fields, live, desired);
  // Absent means false, as the service's default (a live answer without the field included).
  if ((live.private_routing ?? false) !== (desired.private_routing ?? false)) fields.push('private_routing');
  return fields;
}
