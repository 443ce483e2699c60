/**
 * The kind of zone a zone file describes (`zone_type`): `full`, a public zone (the default), or
 * `internal`, an internal DNS zone. Facts (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/):
 * an internal zone is created with Create Zone (`POST /zones`) and `type: internal`; "An internal
 * zone can have the same name as a public zone in the same account" and "There can be several
 * internal zones with the same name in one account". So a zone is looked up by name AND type:
 * a file for an internal zone never takes the public zone of its name, nor the reverse.
 * Internal DNS is Enterprise-only (https://developers.cloudflare.com/dns/internal-dns/,
 * https://developers.cloudflare.com/dns/internal-dns/get-started/).
 *
 * GET /zones documents no `type` filter (OpenAPI `zones-get`: name, status, account.id,
 * account.name, match, order, paging), so the listed zones are filtered by their `type` field.
 */
export type ZoneType = 'full' | 'internal';

export const ZONE_TYPES: readonly ZoneType[] = ['full', 'internal'];

/**
 * True when a live zone of type `liveType` (the zone object's `type`; absent on a zone object
 * read without it) is the kind of zone a file of type `wanted` describes. The public types
 * (`full`, `partial`, `secondary`, or none given) answer a `full` file; only `internal` answers
 * an `internal` file.
 */
export function zoneTypeMatches(wanted: ZoneType, liveType: unknown): boolean {
  return wanted === 'internal' ? liveType === 'internal' : liveType !== 'internal';
}

/** How a plan line and an error name the kind of zone. */
export function zoneTypeLabel(type: ZoneType): string {
  return type === 'internal' ? 'internal zone' : 'public zone';
}

/** A zone as listed: enough to tell which one a name means. */
export interface NamedZone {
  readonly id: string;
  readonly name: string;
  readonly type?: unknown;
}

/**
 * The zone a name means among the zones listed of that name (export's `--zone NAME`, which may
 * be a public or an internal zone): the zones of `type` when it is given, else every zone of the
 * name. One zone: that one; none: undefined; several (a public and an internal zone share the
 * name, or several internal zones do): an error message naming each zone's id and type, never a guess.
 */
export function chooseZoneByName<T extends NamedZone>(
  named: readonly T[],
  name: string,
  type: ZoneType | undefined,
  hint: string,
): { readonly zone?: T; readonly ambiguous?: string } {
  const matching = type === undefined ? named : named.filter((z) => zoneTypeMatches(type, z.type));
  if (matching.length <= 1) return matching[0] !== undefined ? { zone: matching[0] } : {};
  const each = matching.map((z) => `${z.id} (${zoneTypeLabel(z.type === 'internal' ? 'internal' : 'full')})`).join(', ');
  return { ambiguous: `zone "${name}" is ambiguous: ${matching.length} zones of that name (${each}); ${hint}` };
}
