import { ApiError, type PermissionNeed, type RouteContext, type ZoneRow } from '../contract.js';

/** The zone named by `:zone_id`, or the service's "could not route" 404. */
export function zoneFromParams(ctx: Pick<RouteContext, 'params' | 'store'>, path: string): ZoneRow {
  const zone = ctx.store.get<ZoneRow>('zones', ctx.params.zone_id ?? '');
  if (!zone) {
    throw new ApiError(404, [{ code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` }]);
  }
  return zone;
}

export function zoneNeed(permission: string, zone: ZoneRow): PermissionNeed {
  return { permission, resource: { kind: 'zone', zoneId: zone.id, accountId: zone.account_id } };
}

/** `/zones/<id>/...` as the client wrote it, for error messages. */
export function zonePath(ctx: Pick<RouteContext, 'params'>, rest = ''): string {
  return `/client/v4/zones/${ctx.params.zone_id ?? ''}${rest}`;
}
