/**
 * "The internal zones of this name" among an account's listed zones: what a DNS view's member
 * named by name means (plan-account-run.ts), what apply looks up once it has created the zone a
 * view names (src/app/apply/account-writes.ts), what export writes by name or by id. Several
 * internal zones may share a name, and one may share it with a public zone
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/), so the zones are
 * matched by name and by type (`zoneTypeMatches`, src/core/zone-type.ts: GET /zones has no type
 * filter, the listed zones are filtered by their `type`).
 */
import { zoneTypeMatches } from '../../core/zone-type.js';

/** The zones of `zones` that are internal zones named `name` (compared without case), in their order. */
export function internalZonesNamed<Z extends { readonly name: string; readonly type?: unknown }>(zones: readonly Z[], name: string): Z[] {
  const wanted = name.toLowerCase();
  return zones.filter((z) => z.name.toLowerCase() === wanted && zoneTypeMatches('internal', z.type));
}
