/**
 * The zone's DNSSEC over the API: GET, PATCH and DELETE /zones/{zone_id}/dnssec
 * (https://developers.cloudflare.com/api/resources/dns/subresources/dnssec/). Every answer is
 * read by `decodeDnssec` (src/core/dnssec/live.ts), which refuses what zonectl would act on
 * wrongly and never shows a DS that disagrees with itself.
 *
 * Permissions (the API reference's "Accepted Permissions"; the groups of
 * https://developers.cloudflare.com/fundamentals/api/reference/permissions/):
 * - GET: DNS Read or DNS Write (terraform-provider-cloudflare docs/resources/zone_dnssec.md);
 * - PATCH and DELETE: DNS Write (.../dnssec/methods/edit/, .../dnssec/methods/delete/).
 * The old reference named the zone-settings permissions (`#zone_settings:read`/`:edit`,
 * hexdocs.pm/cloudflare/dnssec.html); the current one names the DNS groups, as here.
 */
import { decodeDnssec, deleteRefusal, type DnssecPatchBody, type LiveDnssec } from '../core/dnssec/index.js';
import { ZonectlError } from '../core/errors.js';
import { checkApiId } from './api-ids.js';
import type { CloudflareClient } from './client.js';

/** The permission groups each call needs (any one of a list grants it), for the plan's permission check. */
export const DNSSEC_PERMISSION_GROUPS = {
  read: ['DNS Read', 'DNS Write'],
  write: ['DNS Write'],
} as const;

const pathOf = (zoneId: string): string => {
  checkApiId(zoneId, 'the zone of a DNSSEC request');
  return `/zones/${zoneId}/dnssec`;
};

/** GET /zones/{zone_id}/dnssec: the zone's DNSSEC state, key and DS. */
export async function readDnssec(client: CloudflareClient, zoneId: string, zoneName: string): Promise<LiveDnssec> {
  const res = await client.request<unknown>('GET', pathOf(zoneId));
  return decodeDnssec(zoneName, res.result);
}

/** PATCH /zones/{zone_id}/dnssec with the plan's body (src/core/dnssec/diff.ts); the answer is the new state. */
export async function patchDnssec(client: CloudflareClient, zoneId: string, zoneName: string, body: DnssecPatchBody): Promise<LiveDnssec> {
  if (Object.keys(body).length === 0) throw new ZonectlError('INTERNAL', 'an empty DNSSEC PATCH was about to be sent');
  const res = await client.request<unknown>('PATCH', pathOf(zoneId), { body });
  return decodeDnssec(zoneName, res.result);
}

export class DnssecDeleteRefusedError extends ZonectlError {
  constructor(zoneName: string, why: string) {
    super('DNSSEC_STATE', `DNSSEC records of zone ${zoneName} not deleted: ${why}`);
  }
}

/**
 * DELETE /zones/{zone_id}/dnssec: discards the zone's keys (enabling again makes a new DS). The
 * service deletes only from `disabled` (https://developers.cloudflare.com/dns/dnssec/dnssec-states/),
 * so the state is read first and a DELETE it would refuse is not sent. Never planned from a zone
 * file (src/core/dnssec/diff.ts, rule 4): a deliberate act.
 */
export async function deleteDnssec(client: CloudflareClient, zoneId: string, zoneName: string): Promise<void> {
  const why = deleteRefusal(await readDnssec(client, zoneId, zoneName));
  if (why !== undefined) throw new DnssecDeleteRefusedError(zoneName, why);
  await client.request<unknown>('DELETE', pathOf(zoneId));
}
