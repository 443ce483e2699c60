/**
 * Records the service marks as its own, in the record's `meta`: zonectl never changes or deletes
 * them, whatever the file and `manage` say.
 * - `meta.auto_added`: "Will exist if Cloudflare automatically added this DNS record during
 *   initial setup" (the record schema's `meta` in cloudflare/api-schemas openapi.json, 2024-08-06);
 * - `meta.managed_by_apps`, `meta.managed_by_argo_tunnel` (any `managed_by_*`): the records the
 *   service's apps and tunnels keep, as the live API lists them (apache/libcloud and
 *   cloudflare/cf-terraforming recordings, test/fixtures/recorded/);
 * - `meta.read_only` and `meta.email_routing`: the record Email Routing adds and locks ("Add and
 *   lock the necessary MX and SPF records", `POST /zones/{zone_id}/email/routing/dns`,
 *   https://developers.cloudflare.com/api/go/resources/email_routing/subresources/dns/methods/create),
 *   recorded as `{"email_routing": true, "read_only": true}` in
 *   test/fixtures/recorded/cf-terraforming/v5-dns_records.json.
 */
import type { RecordMeta } from '../model/record.js';

function isProtectionFlag(key: string, value: unknown): boolean {
  return value === true && (key === 'auto_added' || key === 'read_only' || key === 'email_routing' || key.startsWith('managed_by_'));
}

/** The `meta.*` flags by which the service marks a record as not ours to change; empty when none. */
export function protectionFlags(meta: RecordMeta | undefined): string[] {
  if (!meta) return [];
  return Object.entries(meta)
    .filter(([key, value]) => isProtectionFlag(key, value))
    .map(([key]) => `meta.${key}`);
}

/** True when the service marks the record as not ours to change. Allocates nothing: it runs once per live record. */
export function isProtectedRecord(meta: RecordMeta | undefined): boolean {
  if (!meta) return false;
  for (const key in meta) {
    if (Object.hasOwn(meta, key) && isProtectionFlag(key, (meta as Record<string, unknown>)[key])) return true;
  }
  return false;
}
