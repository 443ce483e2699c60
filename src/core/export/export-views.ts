/**
 * The account's internal DNS views as the account file writes them (`views:`, read by
 * src/core/zonefile/rules/views.ts): each live view's name and its zones, so that a plan right
 * after is empty for views. A zone is written by its name when it is the one internal zone of
 * that name in the account, else as `{ zone_id }`: several internal zones may share a name
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/), and a name the plan
 * cannot tell apart is refused (src/app/engine/plan-account-run.ts). A view the file already
 * writes with the same zones keeps its own list as written (its order, its names or ids); views
 * keep the file's order, new ones follow in the service's.
 */
import { viewZoneId, viewZoneName } from '../zonefile/index.js';

/** A zone of a view as the account file writes it. */
export type ViewMemberOut = string | { readonly zone_id: string };

/** `views:` as written: view name -> its zones. */
export type ViewsOut = Readonly<Record<string, readonly ViewMemberOut[]>>;

/** A view as the service lists it: its name and its zones' ids (lower case). */
export interface LiveViewZones {
  readonly name: string;
  readonly zones: readonly string[];
}

/** What export knows of the account's internal zones (built from GET /zones by the caller). */
export interface InternalZoneNames {
  /** The id (lower case) of the one internal zone named `name`; undefined when there is none, or several. */
  idOfName(name: string): string | undefined;
  /** The name of the zone `id` (lower case), when the account lists it. */
  nameOfId(id: string): string | undefined;
}

/** How the file writes the zone `id`: its name when that names it alone, else `{ zone_id }`. */
export function viewMember(id: string, zones: InternalZoneNames): ViewMemberOut {
  const name = zones.nameOfId(id);
  return name !== undefined && zones.idOfName(name) === id ? name : { zone_id: id };
}

/** The ids a written list means (undefined when a name means no zone, or several). */
function idsOf(members: readonly unknown[], zones: InternalZoneNames): string[] | undefined {
  const ids: string[] = [];
  for (const m of members) {
    const id =
      typeof m === 'string'
        ? zones.idOfName(viewZoneName(m))
        : m !== null && typeof m === 'object' && typeof (m as { zone_id?: unknown }).zone_id === 'string'
          ? (viewZoneId((m as { zone_id: string }).zone_id) as string | undefined)
          : undefined;
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return ids;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/**
 * `views:` for the live views. `written` is the file's `views:` as read (absent: the file has
 * none); a view it writes with the same zones keeps its list, and the views keep its order.
 */
export function viewsForAccountFile(
  live: readonly LiveViewZones[],
  zones: InternalZoneNames,
  written?: unknown,
): Record<string, ViewMemberOut[]> {
  const before = written !== null && typeof written === 'object' && !Array.isArray(written) ? (written as Record<string, unknown>) : {};
  const byName = new Map(live.map((v) => [v.name, v]));
  const names = [...Object.keys(before).filter((n) => byName.has(n)), ...live.map((v) => v.name).filter((n) => !Object.hasOwn(before, n))];
  const out: Record<string, ViewMemberOut[]> = {};
  for (const name of names) {
    const view = byName.get(name)!;
    const had = before[name];
    const hadIds = Array.isArray(had) ? idsOf(had, zones) : undefined;
    out[name] =
      Array.isArray(had) && hadIds !== undefined && hadIds.length === new Set(hadIds).size && sameSet(hadIds, view.zones)
        ? (had as ViewMemberOut[])
        : view.zones.map((id) => viewMember(id, zones));
  }
  return out;
}
