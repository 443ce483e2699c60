/**
 * The plan of an account file's `views:`: the desired views (each zone resolved to its id, or
 * named only when this apply creates it) against the account's live views. When the file has
 * `views:`, every view of the account is managed: a view of the file that the account lacks is
 * created (POST), one whose zones differ is updated (PATCH `{ zones }`, the whole list: the SDK's
 * `views.edit`), a live view the file does not name is deleted (DELETE). Views are matched by
 * name ("Each DNS view name must be unique within a given Cloudflare account",
 * https://developers.cloudflare.com/dns/internal-dns/dns-views/); the order of a view's zones
 * is not compared. Deleting a view leaves its zones, and a Gateway resolver policy that names it
 * then answers SERVFAIL (same page): a plan that deletes one warns. Pure.
 */

/** One zone of a desired view: its id, or (a zone this apply creates) only its name. */
export interface ViewZoneRef {
  readonly zone?: string;
  readonly id?: string;
}

/** A view of the file with each zone resolved. */
export interface DesiredView {
  readonly name: string;
  readonly zones: readonly ViewZoneRef[];
}

/** A live view: its id, name and zone ids (src/api/dns-views.ts). */
export interface LiveViewState {
  readonly id: string;
  readonly name: string;
  readonly zones: readonly string[];
}

export interface ViewChange {
  readonly kind: 'dns_view';
  readonly action: 'create' | 'update' | 'delete';
  readonly method: 'POST' | 'PATCH' | 'DELETE';
  /** `/accounts/<id>/dns_settings/views` (POST) or `.../views/<view_id>`. */
  readonly path: string;
  readonly accountId: string;
  readonly name: string;
  readonly viewId?: string;
  /** The view's zones after the change (create, update); sent as ids once each is known. */
  readonly zones?: readonly ViewZoneRef[];
  /** How reports name the zones before and after (`corp.internal (0123…)`, or an id alone). */
  readonly before: readonly string[];
  readonly after: readonly string[];
}

export const VIEW_DELETE_WARNING =
  'deleting a DNS view leaves its internal zones, but a Gateway resolver policy that names the view answers SERVFAIL (https://developers.cloudflare.com/dns/internal-dns/dns-views/)';

/** How a report names a zone of a view. */
export function viewZoneLabel(ref: ViewZoneRef): string {
  if (ref.id === undefined) return `${ref.zone ?? '?'} (created by this apply)`;
  return ref.zone !== undefined ? `${ref.zone} (${ref.id})` : ref.id;
}

/** The views' changes, in the order apply makes them: updates, creates, then deletes. */
export function planViews(
  accountId: string,
  desired: readonly DesiredView[],
  live: readonly LiveViewState[],
  names: ReadonlyMap<string, string>,
): ViewChange[] {
  const base = `/accounts/${accountId}/dns_settings/views`;
  const liveLabel = (id: string): string => viewZoneLabel({ id, ...(names.has(id) ? { zone: names.get(id)! } : {}) });
  const byName = new Map(live.map((v) => [v.name, v]));
  const updates: ViewChange[] = [];
  const creates: ViewChange[] = [];
  for (const view of desired) {
    const current = byName.get(view.name);
    const after = view.zones.map(viewZoneLabel);
    if (current === undefined) {
      creates.push({
        kind: 'dns_view',
        action: 'create',
        method: 'POST',
        path: base,
        accountId,
        name: view.name,
        zones: view.zones,
        before: [],
        after,
      });
      continue;
    }
    const wanted = view.zones.map((z) => z.id);
    const same = wanted.length === current.zones.length && wanted.every((id) => id !== undefined && current.zones.includes(id));
    if (!same)
      updates.push({
        kind: 'dns_view',
        action: 'update',
        method: 'PATCH',
        path: `${base}/${current.id}`,
        accountId,
        name: view.name,
        viewId: current.id,
        zones: view.zones,
        before: current.zones.map(liveLabel),
        after,
      });
  }
  const wantedNames = new Set(desired.map((v) => v.name));
  const deletes: ViewChange[] = live
    .filter((v) => !wantedNames.has(v.name))
    .map((v) => ({
      kind: 'dns_view',
      action: 'delete',
      method: 'DELETE',
      path: `${base}/${v.id}`,
      accountId,
      name: v.name,
      viewId: v.id,
      before: v.zones.map(liveLabel),
      after: [],
    }));
  return [...updates, ...creates, ...deletes];
}
